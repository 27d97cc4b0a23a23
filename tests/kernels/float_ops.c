/*
 * float_ops.c -- float arithmetic on the units of rtl/sluice_f*.v against
 * the CPU: each pair of input words (the bits of two floats) gives the
 * sum, difference, product and quotient, the fourteen ordered and
 * unordered compares as a bit mask, and the conversions to and from int
 * and unsigned and through double.  The inputs are every kind of value:
 * zeros of both signs, denormals, the smallest and largest normals,
 * infinities, NaNs, rounding ties and random bit patterns.  The CPU
 * gives NaNs of other bits than the units' canonical quiet NaN, so a NaN
 * result goes out as 0x7fc00000 (the kernel tests for it, with the
 * units' compare).
 */
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static float f_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static uint32_t bits_of(float f)
{
	uint32_t u;
	if (f != f)
		return 0x7fc00000u;
	memcpy(&u, &f, sizeof u);
	return u;
}

SLUICE_AUTORUN void float_ops(void)
{
	for (;;) {
		uint32_t ua = sluice_read(in), ub = sluice_read(in);
		float a = f_of(ua), b = f_of(ub);
		sluice_write(out, bits_of(a + b));
		sluice_write(out, bits_of(a - b));
		sluice_write(out, bits_of(a * b));
		sluice_write(out, bits_of(a / b));
		uint32_t m = (uint32_t)(a == b) | (uint32_t)(a < b) << 1 | (uint32_t)(a <= b) << 2 |
			     (uint32_t)(a > b) << 3 | (uint32_t)(a >= b) << 4 |
			     (uint32_t)(a != b) << 5 | (uint32_t)__builtin_isunordered(a, b) << 6 |
			     (uint32_t)!(a < b) << 7 | (uint32_t)!(a >= b) << 8 |
			     (uint32_t)__builtin_islessgreater(a, b) << 9 |
			     (uint32_t)!(a > b) << 10 | (uint32_t)!(a <= b) << 11 |
			     (uint32_t)!__builtin_islessgreater(a, b) << 12;
		sluice_write(out, m);
		/* in range only: out of range is undefined in C */
		sluice_write(out, a > -2147483648.0f && a < 2147483648.0f ? (uint32_t)(int32_t)a : 1u);
		sluice_write(out, a > -1.0f && a < 4294967296.0f ? (uint32_t)a : 2u);
		sluice_write(out, bits_of((float)(int32_t)ub));
		sluice_write(out, bits_of((float)ub));
		sluice_write(out, bits_of((float)((double)a * (double)b)));
		sluice_write(out, bits_of(-a) ^ bits_of(__builtin_fabsf(b)));
	}
}

/* sluice-test:
   input in = [0x00000000, 0x80000000, 0x80000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0x7f7fffff, 0x7f800000, 0xff800000, 0x7f800000, 0x7f800000, 0x7fc00000, 0x3f800000, 0x7f800001, 0x3f800000, 0x3f800000, 0x33800000, 0x3f800001, 0x33800000, 0x3f800000, 0xb3800000, 0x4b000001, 0x3f000000, 0x00000000, 0x00000000, 0x7f800000, 0x00000000, 0x00800000, 0x3f000000, 0x00800001, 0x3f7fffff, 0x4f000000, 0xcf000000, 0x4f800000, 0xcf000001, 0x3f800000, 0xbf800000, 0x80000000, 0x00000000, 0x4b800001, 0x4b7fffff, 0x5f000000, 0x00ffffff, 0xcb000001, 0x3effffff] random(1200, seed=31)
   expect out = 6864
*/
