/*
 * i64_mul.c -- 64-bit multiplication: int64_t and uint64_t products
 * (wrapping), and the full 64-bit product of two 32-bit values.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int64_t, 2);
SLUICE_IO_PIPE_OUT(out, int64_t, 2);

SLUICE_KERNEL void i64_mul(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int64_t a = sluice_read(in);
		int64_t b = sluice_read(in);
		sluice_write(out, (int64_t)((uint64_t)a * (uint64_t)b));
		sluice_write(out, (int64_t)(int32_t)a * (int32_t)b);
		sluice_write(out, (int64_t)((uint64_t)(uint32_t)a * (uint32_t)b));
		sluice_write(out, (int64_t)((uint64_t)a * 0x9E3779B97F4A7C15ull));
	}
}

/* sluice-test:
   input in = random(40, seed=5) -1 -1 0x7fffffffffffffff 2 -0x8000000000000000 -1
   start i64_mul(23)
   expect out = 92
*/
