/*
 * latency_spec_example.c -- the pipes spec's latency example (anchor 0 a
 * read; a write exactly 2 cycles after it, anchor 1; a write at least 2
 * cycles after anchor 1) with a third write at most 3 cycles after anchor
 * 0.  It follows the MIN-2 write in program order but goes to another
 * pipe, and pipes may be reordered against each other, so it is
 * schedulable: it completes before the MIN-2 write.  Timing mode counts it
 * at the ports.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(p1, int32_t, 0);
SLUICE_IO_PIPE_OUT(p2, int32_t, 0);
SLUICE_IO_PIPE_OUT(p3, int32_t, 0);
SLUICE_IO_PIPE_OUT(p4, int32_t, 0);

SLUICE_KERNEL void spec_example(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t v = sluice_read(p1, SLUICE_ANCHOR(0));
		sluice_write(p2, v, SLUICE_ANCHOR(1), SLUICE_LATENCY(0, SLUICE_EXACT, 2));
		sluice_write(p3, v + 1, SLUICE_LATENCY(1, SLUICE_MIN, 2));
		sluice_write(p4, v - 1, SLUICE_LATENCY(0, SLUICE_MAX, 3));
	}
}

/* sluice-test:
   input p1 = random(24, seed=91)
   start spec_example(24)
   expect p2 = 24
   expect p3 = 24
   expect p4 = 24
   cycles p2[i] - p1[i] == 2
   cycles p3[i] - p2[i] >= 2
   cycles p4[i] - p1[i] <= 3
*/
