/*
 * chain2.c -- two started kernels in a chain over a cross-kernel pipe of
 * MinCapacity 4, I/O pipes at the ends.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(samples, int16_t, 0);
SLUICE_PIPE(squares, int32_t, 4);
SLUICE_IO_PIPE_OUT(energy, int64_t, 0);

SLUICE_KERNEL void square(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int16_t x = sluice_read(samples);
		sluice_write(squares, (int32_t)x * x);
	}
}

SLUICE_KERNEL void integrate(int32_t n, int32_t every)
{
	int64_t acc = 0;
	for (int32_t i = 1; i <= n; i++) {
		acc += sluice_read(squares);
		if (i % every == 0)
			sluice_write(energy, acc);
	}
}

/* sluice-test:
   input samples = random(96, seed=33) -32768 32767 -32768 32767
   start square(100)
   start integrate(100, 5)
   expect energy = 20
*/
