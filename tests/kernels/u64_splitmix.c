/*
 * u64_splitmix.c -- a 64-bit value pipe through splitmix64: 64-bit adds,
 * xor-shifts and multiplies.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(seeds, uint64_t, 0);
SLUICE_IO_PIPE_OUT(mixed, uint64_t, 0);

SLUICE_KERNEL void splitmix(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t z = sluice_read(seeds) + 0x9E3779B97F4A7C15ull;
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		sluice_write(mixed, z ^ (z >> 31));
	}
}

/* sluice-test:
   input seeds = range(0, 20) random(30, seed=6) 0xffffffffffffffff
   start splitmix(51)
   expect mixed = 51
*/
