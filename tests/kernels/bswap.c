/*
 * bswap.c -- byte swaps written with shifts and masks (candidates for
 * llvm.bswap) at 16, 32 and 64 bits, and __builtin_bswap32/64.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

static uint16_t swap16(uint16_t x)
{
	return (uint16_t)(x << 8 | x >> 8);
}

static uint32_t swap32(uint32_t x)
{
	return x << 24 | (x & 0xff00) << 8 | (x >> 8 & 0xff00) | x >> 24;
}

static uint64_t swap64(uint64_t x)
{
	return (uint64_t)swap32((uint32_t)x) << 32 | swap32((uint32_t)(x >> 32));
}

SLUICE_KERNEL void bswap(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		sluice_write(out, swap16((uint16_t)w));
		sluice_write(out, swap32((uint32_t)w));
		sluice_write(out, swap64(w));
		sluice_write(out, __builtin_bswap32((uint32_t)(w >> 16)));
		sluice_write(out, __builtin_bswap64(w) ^ swap64(w));
	}
}

/* sluice-test:
   input in = 0x0102030405060708 0 0xffffffffffffffff random(30, seed=38)
   start bswap(33)
   expect out = 165
*/
