/*
 * autorun_forever.c -- an autorun kernel that never returns: an infinite
 * loop carrying a running sum and a sample count in local variables.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_AUTORUN void running_sum(void)
{
	uint32_t acc = 0, count = 0;
	for (;;) {
		int32_t x = sluice_read(in);
		acc += (uint32_t)x;
		count++;
		sluice_write(out, (int32_t)(acc ^ count << 24));
	}
}

/* sluice-test:
   input in = random(100, seed=26)
   expect out = 100
*/
