/*
 * movavg4.c -- the moving average of the last four 16-bit samples, kept
 * as a running sum (add the new sample, subtract the one that leaves):
 * the sum is the loop's recurrence.  Reference: reference/movavg4.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, int16_t, 0);
SLUICE_IO_PIPE_OUT(avg, int16_t, 0);

SLUICE_AUTORUN void movavg4(void)
{
	int16_t x1 = 0, x2 = 0, x3 = 0, x4 = 0;
	int32_t sum = 0;
	for (;;) {
		int16_t x = sluice_read(xs);
		sum += x - x4;
		x4 = x3;
		x3 = x2;
		x2 = x1;
		x1 = x;
		sluice_write(avg, (int16_t)(sum >> 2));
	}
}

/* sluice-test:
   input xs = random(400, seed=14)
   expect avg = 400
*/
