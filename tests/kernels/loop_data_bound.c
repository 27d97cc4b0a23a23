/*
 * loop_data_bound.c -- loops whose trip count comes from the data: the
 * Collatz step count (bounded), and a loop that reads words until a zero.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(starts, uint32_t, 0);
SLUICE_IO_PIPE_IN(words, int32_t, 0);
SLUICE_IO_PIPE_OUT(steps, uint32_t, 0);
SLUICE_IO_PIPE_OUT(sums, int32_t, 0);

SLUICE_KERNEL void collatz(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(starts);
		uint32_t s = 0;
		while (x > 1 && s < 300) {
			x = (x & 1) ? 3 * x + 1 : x >> 1;
			s++;
		}
		sluice_write(steps, s);
	}
}

SLUICE_KERNEL void until_zero(int32_t groups)
{
	for (int32_t g = 0; g < groups; g++) {
		int32_t sum = 0, x;
		while ((x = sluice_read(words)) != 0)
			sum += x;
		sluice_write(sums, sum);
	}
}

/* sluice-test:
   input starts = 1 2 3 27 97 871 0 random(20, min=1, max=1000, seed=25)
   input words = 0 5 0 1 2 3 0 -4 4 -4 0 100 200 300 400 0
   start collatz(27)
   start until_zero(5)
   expect steps = 27
   expect sums = [0, 5, 6, -4, 1000]
*/
