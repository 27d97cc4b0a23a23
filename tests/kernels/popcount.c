/*
 * popcount.c -- population count written as the clear-lowest-bit loop (a
 * candidate for llvm.ctpop), with __builtin_popcount at 32 and 64 bits.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void popcount(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		uint32_t x = (uint32_t)w, c = 0;
		while (x) {
			x &= x - 1;
			c++;
		}
		sluice_write(out, c);
		sluice_write(out, (uint32_t)__builtin_popcount((uint32_t)(w >> 32)));
		sluice_write(out, (uint32_t)__builtin_popcountll(w));
		sluice_write(out, (uint32_t)__builtin_parity((uint32_t)w));
	}
}

/* sluice-test:
   input in = 0 1 0xffffffffffffffff 0x8000000000000001 0xaaaaaaaa55555555 random(30, seed=35)
   start popcount(35)
   expect out = 140
*/
