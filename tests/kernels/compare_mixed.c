/*
 * compare_mixed.c -- comparisons between signed and unsigned operands of
 * different widths, with C's usual arithmetic conversions: int32_t vs
 * uint32_t compares unsigned, int8_t vs uint8_t compares as int, int64_t
 * vs uint32_t compares signed 64-bit, int16_t vs uint64_t unsigned 64-bit.
 */
#include <sluice.h>

#pragma GCC diagnostic ignored "-Wsign-compare"

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint8_t, 0);

SLUICE_KERNEL void compare_mixed(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		int32_t a = (int32_t)(uint32_t)w;
		uint32_t b = (uint32_t)(w >> 32);
		int8_t c = (int8_t)(uint8_t)(w >> 8);
		uint8_t d = (uint8_t)(w >> 40);
		int64_t e = (int64_t)a * 3;
		int16_t f = (int16_t)(uint16_t)(w >> 16);
		uint8_t r = (uint8_t)((a < b) | (c < d) << 1 | (e < b) << 2 |
				      (f < w) << 3 | (a >= b) << 4 | (c > d) << 5 |
				      (f == (int16_t)w) << 6 | ((uint32_t)a == b) << 7);
		sluice_write(out, r);
	}
}

/* sluice-test:
   input in = random(60, seed=11) 0xffffffff00000001 0x00000001ffffffff 0x80ff0000ff00ff80 0 0xffffffffffffffff 0x1234567812345678
   start compare_mixed(66)
   expect out = 66
*/
