/*
 * divrem_signed.c -- signed / and % with negative operands at 8, 16, 32
 * and 64 bits (C truncates toward zero; the remainder takes the sign of
 * the dividend), and division by constants.  Never by zero, never
 * MIN / -1 at the operation's width.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int64_t, 0);
SLUICE_IO_PIPE_OUT(out, int64_t, 0);

SLUICE_KERNEL void divrem_signed(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int64_t a = sluice_read(in);
		int64_t b = sluice_read(in);
		if (b == 0)
			b = -3;
		int8_t a8 = (int8_t)a, b8 = (int8_t)b;
		int16_t a16 = (int16_t)a, b16 = (int16_t)b;
		int32_t a32 = (int32_t)a, b32 = (int32_t)b;
		if (b8 == 0)
			b8 = 7;
		if (b16 == 0)
			b16 = -9;
		if (b32 == 0 || (a32 == INT32_MIN && b32 == -1))
			b32 = 5;
		if (a == INT64_MIN && b == -1)
			b = 2;
		sluice_write(out, (int8_t)(a8 / b8) * 256 + (int8_t)(a8 % b8));
		sluice_write(out, (int64_t)(a16 / b16) * 65536 + a16 % b16);
		sluice_write(out, a32 / b32);
		sluice_write(out, a32 % b32);
		sluice_write(out, a / b);
		sluice_write(out, a % b);
		sluice_write(out, a32 / 7 + a32 % -10 + (a / -3) % 1000);
	}
}

/* sluice-test:
   input in = -7 2 7 -2 -7 -2 7 2 -1 1 0 5 -128 -1 -32768 -1 -0x80000000 -1 -0x8000000000000000 -1 -0x8000000000000000 3 100 0 0x7fffffffffffffff -0x7fffffffffffffff
   input in = random(40, seed=15) random(40, min=-300, max=300, seed=16)
   start divrem_signed(53)
   expect out = 371
*/
