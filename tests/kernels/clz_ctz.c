/*
 * clz_ctz.c -- leading and trailing zero counts (__builtin_clz/ctz on
 * nonzero values, and loop forms), and a bit reversal loop.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void clz_ctz(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint32_t lz = 0, rev = 0;
		while (lz < 32 && !(x >> (31 - lz) & 1))
			lz++;
		for (int b = 0; b < 32; b++)
			rev |= (x >> b & 1) << (31 - b);
		sluice_write(out, lz);
		sluice_write(out, (uint32_t)__builtin_clz(x | 1));
		sluice_write(out, (uint32_t)__builtin_ctz(x | 0x80000000u));
		sluice_write(out, (uint32_t)__builtin_ctzll((uint64_t)x << 32 | 0x8000));
		sluice_write(out, rev);
	}
}

/* sluice-test:
   input in = 0 1 0x80000000 0xffffffff 0x00010000 random(30, seed=39)
   start clz_ctz(35)
   expect out = 175
*/
