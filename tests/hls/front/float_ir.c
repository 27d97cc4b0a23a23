// float and double arithmetic become the units' ops: a * b + c stays a
// multiply and an add, each rounded (no contraction, as the host computes
// it); -x flips the sign bit; fabs and copysign are masks; compares keep
// their predicate; conversions take 32- or 64-bit integers.
// expect-ir: = fmul.32
// expect-ir: = fadd.32
// expect-ir-not: fma
// expect-ir: = fcmp.1 olt
// expect-ir: = fdiv.64
// expect-ir: = fpext.64
// expect-ir: = fptrunc.32
// expect-ir: = sitofp.32
// expect-ir: = fptoui.64
// expect-ir: = xor.32
#include <sluice.h>

SLUICE_HOST_PIPE(in, float, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, float, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(cnt, uint64_t, 4, SLUICE_D2H);

SLUICE_KERNEL void k(int16_t n, float s)
{
	for (int16_t i = 0; i < n; i++) {
		float x = sluice_read(in);
		float y = x * s + 1.0f;
		if (y < s)
			y = -y;
		sluice_write(out, y);
		double d = (double)x * (double)s;
		sluice_write(out, (float)(d / 3.0) + (float)i);
		sluice_write(out, __builtin_copysignf(__builtin_fabsf(x), s));
		sluice_write(cnt, (uint64_t)d);
	}
}
