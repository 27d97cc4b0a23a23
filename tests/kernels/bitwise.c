/*
 * bitwise.c -- &, |, ^, ~ and their combinations on uint32_t and int16_t.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out16, int16_t, 0);

SLUICE_KERNEL void bitwise(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t a = sluice_read(in);
		uint32_t b = sluice_read(in);
		sluice_write(out, a & b);
		sluice_write(out, a | b);
		sluice_write(out, a ^ b);
		sluice_write(out, ~a);
		sluice_write(out, a & ~b);
		sluice_write(out, (a | b) ^ (a & b));
		sluice_write(out, (a & 0xff00ff00u) | (b & 0x00ff00ffu));
		int16_t s = (int16_t)a, t = (int16_t)b;
		sluice_write(out16, (int16_t)(~s & t));
		sluice_write(out16, (int16_t)(s ^ -1));
	}
}

/* sluice-test:
   input in = random(50, seed=9) 0 0xffffffff 0xaaaaaaaa 0x55555555
   start bitwise(27)
   expect out = 189
   expect out16 = 54
*/
