/*
 * pipelined_chain3.c -- three kernels xs a chain over cross-kernel pipes,
 * each a pipelined loop at II 1 (two started with a count, one autorun):
 * the chain streams one word per clock end to end.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint16_t, 0);
SLUICE_PIPE(ab, uint32_t, 2);
SLUICE_PIPE(bc, uint32_t, 2);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_KERNEL void widen(int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(ab, (uint32_t)sluice_read(xs) * 5u);
}

SLUICE_AUTORUN void mix(void)
{
	uint32_t v = sluice_read(ab);
	sluice_write(bc, v ^ (v >> 3));
}

SLUICE_KERNEL void offset(int32_t n, uint32_t k)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(ys, sluice_read(bc) + k);
}

/* sluice-test:
   input xs = random(400, seed=9)
   start widen(400)
   start offset(400, 1000)
   expect ys = 400
   cycles ys[i+1] - ys[i] == 1
*/
