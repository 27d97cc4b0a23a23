/*
 * compare_signed.c -- all six comparisons of int32_t values, packed into
 * the bits of one result byte.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint8_t, 0);

SLUICE_KERNEL void compare_signed(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t a = sluice_read(in);
		int32_t b = sluice_read(in);
		uint8_t r = (uint8_t)((a < b) | (a <= b) << 1 | (a > b) << 2 |
				      (a >= b) << 3 | (a == b) << 4 | (a != b) << 5 |
				      (a < 0) << 6 | (b >= -5) << 7);
		sluice_write(out, r);
	}
}

/* sluice-test:
   input in = random(60, seed=10) 5 5 -5 -5 -1 0 0 -1 -0x80000000 0x7fffffff 0x7fffffff -0x80000000 random(10, min=-3, max=3)
   start compare_signed(41)
   expect out = 41
*/
