/*
 * divrem_unsigned.c -- unsigned / and % at 8, 16, 32 and 64 bits, and by
 * constants.  Divisors are never zero.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

SLUICE_KERNEL void divrem_unsigned(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint64_t a = sluice_read(in);
		uint64_t b = sluice_read(in) | 1;
		uint8_t a8 = (uint8_t)a, b8 = (uint8_t)(b >> 3) | 1;
		uint16_t a16 = (uint16_t)a, b16 = (uint16_t)(b >> 5) | 2;
		uint32_t a32 = (uint32_t)a, b32 = (uint32_t)(b >> 17) | 1;
		sluice_write(out, (uint64_t)(uint8_t)(a8 / b8) << 8 | (uint8_t)(a8 % b8));
		sluice_write(out, (uint64_t)(uint16_t)(a16 / b16) << 16 | (uint16_t)(a16 % b16));
		sluice_write(out, (uint64_t)(a32 / b32) << 32 | (a32 % b32));
		sluice_write(out, a / b);
		sluice_write(out, a % b);
		sluice_write(out, a / 10 + a % 10 + a32 / 3 + a32 % 1000u);
	}
}

/* sluice-test:
   input in = 0xffffffffffffffff 1 0xffffffffffffffff 0xffffffffffffffff 7 0xffffffffffffffff 0 9
   input in = random(60, seed=17) random(20, max=1000, seed=18)
   start divrem_unsigned(44)
   expect out = 264
*/
