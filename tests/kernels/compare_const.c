/*
 * compare_const.c -- ordered compares of a value with a constant, signed
 * and unsigned, at 8, 16, 32 and 64 bits, the constant on either side and
 * near the ends of the range: the generated Verilog computes x > C as
 * !(x < C + 1) (hls/rtlgen/datapath.c, ordered), so the inputs sit at C - 1,
 * C and C + 1 of each constant, and at the type's ends.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void compare_const(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		uint8_t u8 = (uint8_t)w;
		int8_t s8 = (int8_t)(uint8_t)w;
		uint16_t u16 = (uint16_t)w;
		int16_t s16 = (int16_t)(uint16_t)w;
		uint32_t u32 = (uint32_t)w;
		int32_t s32 = (int32_t)(uint32_t)w;
		int64_t s64 = (int64_t)w;
		uint32_t r = (uint32_t)(u8 > 200) | (uint32_t)(u8 < 7) << 1 |
			     (uint32_t)(u8 >= 254) << 2 | (uint32_t)(s8 > -2) << 3 |
			     (uint32_t)(s8 < -127) << 4 | (uint32_t)(s8 >= 126) << 5 |
			     (uint32_t)(u16 > 0x7fff) << 6 | (uint32_t)(u16 <= 1000) << 7 |
			     (uint32_t)(s16 > -32767) << 8 | (uint32_t)(s16 < 32766) << 9 |
			     (uint32_t)(u32 > 0xfffffffdu) << 10 | (uint32_t)(u32 < 123456) << 11 |
			     (uint32_t)(u32 >= 1) << 12 | (uint32_t)(s32 > 0) << 13 |
			     (uint32_t)(s32 <= -0x7fffffff) << 14 | (uint32_t)(s32 > 0x7ffffffe) << 15 |
			     (uint32_t)(s32 >= -100) << 16 | (uint32_t)(w > 0xfffffffffffffffdull) << 17 |
			     (uint32_t)(w < 3) << 18 | (uint32_t)(s64 > -2) << 19 |
			     (uint32_t)(s64 < -0x7ffffffffffffffell) << 20 |
			     (uint32_t)(s64 > 0x7ffffffffffffffdll) << 21 |
			     (uint32_t)(s64 >= 1000000007) << 22 | (uint32_t)(100 < s32) << 23;
		sluice_write(out, r);
	}
}

/* sluice-test:
   # each constant's neighbours in the byte, half-word, word and double word
   input in = 0 1 2 3 6 7 8 99 100 101 125 126 127 128 129 199 200 201 253 254 255
   input in = 0x7ffe 0x7fff 0x8000 0x8001 999 1000 1001 0xfffe 0xffff
   input in = 123455 123456 123457 0x7ffffffe 0x7fffffff 0x80000000 0x80000001 0x80000002
   input in = 0xffffff9b 0xffffff9c 0xffffff9d 0xfffffffd 0xfffffffe 0xffffffff
   input in = 0xfffffffffffffffd 0xfffffffffffffffe 0xffffffffffffffff
   input in = 0x8000000000000000 0x8000000000000001 0x8000000000000002
   input in = 0x7ffffffffffffffd 0x7ffffffffffffffe 0x7fffffffffffffff
   input in = 1000000006 1000000007 1000000008 random(20, seed=71)
   start compare_const(76)
   expect out = 76
*/
