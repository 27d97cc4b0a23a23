/*
 * shift_const.c -- shifts by constant amounts at every width: logical
 * shifts of unsigned values, arithmetic right shifts of negative signed
 * values, shifts by width-1 and by 0.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

SLUICE_KERNEL void shift_const(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t w = sluice_read(in);
		uint8_t u8 = (uint8_t)w;
		int8_t s8 = (int8_t)u8;
		uint16_t u16 = (uint16_t)w;
		int16_t s16 = (int16_t)u16;
		uint32_t u32 = (uint32_t)w;
		int32_t s32 = (int32_t)u32;
		int64_t s64 = (int64_t)w;
		sluice_write(out, (uint8_t)(u8 << 3) | (uint64_t)(uint8_t)(u8 >> 3) << 8 |
					  (uint64_t)(uint8_t)(s8 >> 3) << 16 |
					  (uint64_t)(uint8_t)(s8 >> 7) << 24 |
					  (uint64_t)(uint8_t)(u8 << 7) << 32);
		sluice_write(out, (uint16_t)(u16 << 5) | (uint64_t)(uint16_t)(u16 >> 15) << 16 |
					  (uint64_t)(uint16_t)(s16 >> 9) << 32 |
					  (uint64_t)(uint16_t)(s16 >> 15) << 48);
		sluice_write(out, (uint32_t)(u32 << 31) | (uint64_t)(u32 >> 1) << 32);
		sluice_write(out, (uint32_t)(s32 >> 31) | (uint64_t)(uint32_t)(s32 >> 12) << 32);
		sluice_write(out, w << 63 | w >> 63);
		sluice_write(out, (uint64_t)(s64 >> 40));
		sluice_write(out, w << 0 ^ (uint64_t)(s64 >> 0));
	}
}

/* sluice-test:
   input in = random(40, seed=12) 0x8000000000000000 0xffffffffffffffff 0x0000000080008080 1
   start shift_const(44)
   expect out = 308
*/
