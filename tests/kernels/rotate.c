/*
 * rotate.c -- rotates by variable and constant amounts at 8, 16, 32 and
 * 64 bits, written with shifts and or (candidates for llvm.fshl/fshr);
 * an amount of 0 is handled without shifting by the width.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

static uint32_t rotl32(uint32_t x, unsigned r)
{
	r &= 31;
	return (x << r) | (x >> ((32 - r) & 31));
}

static uint32_t rotr32(uint32_t x, unsigned r)
{
	r &= 31;
	return (x >> r) | (x << ((32 - r) & 31));
}

static uint64_t rotl64(uint64_t x, unsigned r)
{
	r &= 63;
	return r ? (x << r) | (x >> (64 - r)) : x;
}

SLUICE_KERNEL void rotate(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		unsigned r = (unsigned)(w >> 58);
		uint8_t b = (uint8_t)w;
		uint16_t h = (uint16_t)(w >> 8);
		sluice_write(out, rotl32((uint32_t)w, r) | (uint64_t)rotr32((uint32_t)w, r) << 32);
		sluice_write(out, rotl64(w, r));
		sluice_write(out, rotl64(w, 13));
		sluice_write(out, (uint8_t)(b << 3 | b >> 5) | (uint64_t)(uint16_t)(h << 9 | h >> 7) << 8);
		sluice_write(out, (uint64_t)(uint8_t)(b << (r & 7) | b >> ((8 - (r & 7)) & 7)));
	}
}

/* sluice-test:
   input in = 0x0000000000000001 0xfc00000000000001 0x8000000000000000 random(40, seed=36)
   start rotate(43)
   expect out = 215
*/
