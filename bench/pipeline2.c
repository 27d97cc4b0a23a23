/*
 * pipeline2.c -- two kernels in a chain over an internal pipe: the first
 * scales, the second mixes; what a kernel-to-kernel pipe (a FIFO of two
 * words) costs between two stages.  Reference: reference/pipeline2.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_PIPE(mid, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_AUTORUN void scale(void)
{
	sluice_write(mid, sluice_read(xs) * 5u);
}

SLUICE_AUTORUN void mix(void)
{
	uint32_t y = sluice_read(mid);
	sluice_write(ys, y ^ (y >> 3));
}

/* sluice-test:
   input xs = random(400, seed=19)
   expect ys = 400
*/
