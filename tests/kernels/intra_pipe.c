/*
 * intra_pipe.c -- an intra-kernel pipe: the kernel both writes and reads
 * its own pipe (MinCapacity 4), used as a delay line of 3 samples.
 */
#include <sluice.h>

SLUICE_PIPE(delay, int32_t, 4);
SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void delay3(int32_t n)
{
	for (int32_t i = 0; i < 3; i++)
		sluice_write(delay, 0);
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		sluice_write(delay, x);
		int32_t old = sluice_read(delay);
		sluice_write(out, (int32_t)((uint32_t)x - (uint32_t)old));
	}
	for (int32_t i = 0; i < 3; i++)
		(void)sluice_read(delay);
}

/* sluice-test:
   input in = range(0, 30) random(10, seed=42)
   start delay3(20)
   start delay3(20)
   expect out = 40
*/
