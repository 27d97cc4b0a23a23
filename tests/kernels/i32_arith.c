/*
 * i32_arith.c -- int32_t add, subtract, multiply and negate with
 * two's-complement wrapping (through uint32_t, as C requires to avoid
 * overflow), and a 64-bit intermediate average.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void i32_arith(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t a = sluice_read(in);
		int32_t b = sluice_read(in);
		sluice_write(out, (int32_t)((uint32_t)a + (uint32_t)b));
		sluice_write(out, (int32_t)((uint32_t)a - (uint32_t)b));
		sluice_write(out, (int32_t)((uint32_t)a * (uint32_t)b));
		sluice_write(out, (int32_t)(0u - (uint32_t)a));
		sluice_write(out, (int32_t)(((int64_t)a + b) >> 1));
		sluice_write(out, a / 1000 + b % 1000);
	}
}

/* sluice-test:
   input in = random(60, seed=4) 0x7fffffff 1 -0x80000000 -1 -0x80000000 0x7fffffff
   start i32_arith(33)
   expect out = 198
*/
