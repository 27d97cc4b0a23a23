/*
 * shift_var.c -- shifts by variable amounts below the width, at every
 * width: <<, logical >> and arithmetic >>.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(val, uint64_t, 0);
SLUICE_IO_PIPE_IN(amt, uint8_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 2);

SLUICE_KERNEL void shift_var(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(val);
		uint8_t a = sluice_read(amt);
		unsigned s8 = a & 7, s16 = a & 15, s32 = a & 31, s64 = a & 63;
		uint8_t u8 = (uint8_t)w;
		int8_t i8 = (int8_t)u8;
		uint16_t u16 = (uint16_t)w;
		int16_t i16 = (int16_t)u16;
		uint32_t u32 = (uint32_t)w;
		int32_t i32 = (int32_t)u32;
		int64_t i64 = (int64_t)w;
		sluice_write(out, (uint64_t)(uint8_t)(u8 << s8) |
					  (uint64_t)(uint8_t)(u8 >> s8) << 8 |
					  (uint64_t)(uint8_t)(i8 >> s8) << 16 |
					  (uint64_t)(uint16_t)(u16 << s16) << 24 |
					  (uint64_t)(uint16_t)(i16 >> s16) << 40);
		sluice_write(out, (uint64_t)(u32 << s32) | (uint64_t)(u32 >> s32) << 32);
		sluice_write(out, (uint64_t)(uint32_t)(i32 >> s32) | (uint64_t)(u16 >> s16) << 32);
		sluice_write(out, w << s64);
		sluice_write(out, w >> s64);
		sluice_write(out, (uint64_t)(i64 >> s64));
		sluice_write(out, (uint64_t)1 << s64);
	}
}

/* sluice-test:
   input val = random(70, seed=13) 0x8000000000000000 0xffffffffffffffff 0x8080808080808080
   input amt = range(0, 64) random(9, seed=14)
   start shift_var(73)
   expect out = 511
*/
