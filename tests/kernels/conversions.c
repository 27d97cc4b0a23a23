/*
 * conversions.c -- integer conversions between widths: sign extension of
 * int8/int16/int32, zero extension of their unsigned forms, truncation
 * (wrapping) of wider values, and bool conversion.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int64_t, 0);
SLUICE_IO_PIPE_OUT(out, int64_t, 0);

SLUICE_KERNEL void conversions(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int64_t w = sluice_read(in);
		int8_t s8 = (int8_t)w;
		uint8_t u8 = (uint8_t)w;
		int16_t s16 = (int16_t)w;
		uint16_t u16 = (uint16_t)w;
		int32_t s32 = (int32_t)w;
		uint32_t u32 = (uint32_t)w;
		bool b = w;
		sluice_write(out, s8);
		sluice_write(out, u8);
		sluice_write(out, s16);
		sluice_write(out, u16);
		sluice_write(out, s32);
		sluice_write(out, u32);
		sluice_write(out, b);
		sluice_write(out, (int64_t)(int8_t)s16 + (int64_t)(uint8_t)s32 + (int16_t)u32);
	}
}

/* sluice-test:
   input in = 0 -1 0x80 0x7f 0x8000 0xffff 0x80000000 0x7fffffff -0x8000000000000000 0x100 random(30, seed=45)
   start conversions(40)
   expect out = 320
*/
