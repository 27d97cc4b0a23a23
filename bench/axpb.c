/*
 * axpb.c -- y = 3x + 1 on 32-bit words, one word in, one word out: the
 * smallest streaming kernel, what a read-compute-write loop costs.
 * Reference: reference/axpb.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, int32_t, 0);
SLUICE_IO_PIPE_OUT(ys, int32_t, 0);

SLUICE_AUTORUN void axpb(void)
{
	int32_t x = sluice_read(xs);
	sluice_write(ys, (int32_t)(3 * (uint32_t)x + 1));
}

/* sluice-test:
   input xs = random(400, seed=11)
   expect ys = 400
*/
