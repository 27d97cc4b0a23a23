/*
 * float_double.c -- double arithmetic on the units of rtl/sluice_f*.v
 * against the CPU, as float_ops.c does for float: sum, difference,
 * product, quotient, compares, conversions to and from int64_t and
 * uint64_t, and to float and back.  A NaN result goes out as the units'
 * canonical quiet NaN (the CPU's NaNs have other bits).
 */
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

static double d_of(uint64_t u)
{
	double d;
	memcpy(&d, &u, sizeof d);
	return d;
}

static uint64_t bits_of(double d)
{
	uint64_t u;
	if (d != d)
		return 0x7ff8000000000000ull;
	memcpy(&u, &d, sizeof u);
	return u;
}

SLUICE_AUTORUN void float_double(void)
{
	for (;;) {
		uint64_t ua = sluice_read(in), ub = sluice_read(in);
		double a = d_of(ua), b = d_of(ub);
		sluice_write(out, bits_of(a + b));
		sluice_write(out, bits_of(a - b));
		sluice_write(out, bits_of(a * b));
		sluice_write(out, bits_of(a / b));
		sluice_write(out, (uint64_t)(a == b) | (uint64_t)(a < b) << 1 |
					  (uint64_t)(a <= b) << 2 | (uint64_t)(a > b) << 3 |
					  (uint64_t)(a >= b) << 4 | (uint64_t)(a != b) << 5 |
					  (uint64_t)__builtin_isunordered(a, b) << 6);
		sluice_write(out, a > -9223372036854775808.0 && a < 9223372036854775808.0
					  ? (uint64_t)(int64_t)a : 1u);
		sluice_write(out, a > -1.0 && a < 18446744073709551616.0 ? (uint64_t)a : 2u);
		sluice_write(out, bits_of((double)(int64_t)ub));
		sluice_write(out, bits_of((double)ub));
		sluice_write(out, bits_of((double)(int32_t)ub));
		float f = (float)a;
		sluice_write(out, bits_of((double)f));
	}
}

/* sluice-test:
   input in = [0x0000000000000000, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff0000000000000, 0x7ff0000000000000, 0x7ff8000000000000, 0x3ff0000000000000, 0x7ff0000000000001, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000, 0x3ff0000000000001, 0x3ca0000000000000, 0x3ff0000000000000, 0xbca0000000000000, 0x4330000000000001, 0x3fe0000000000000, 0x0000000000000000, 0x0000000000000000, 0x43e0000000000000, 0xc3e0000000000000, 0x43f0000000000000, 0xc3e0000000000001, 0x36a0000000000000, 0x3810000000000000, 0x47efffffe0000000, 0x47efffff00000000, 0x3e70000000000000, 0x3ff0000010000000, 0x0000000080000000, 0xffffffffffffffff] random(600, seed=33)
   expect out = 3520
*/
