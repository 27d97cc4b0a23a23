// Floating-point operations that have no hardware unit: one error each,
// naming it; the arithmetic around them is fine (float_ir.c).
// expect-error: 18: call to external function 'sqrtf'
// expect-error: 19: 'llvm.fma.f32' has no hardware unit
// expect-error: 20: call to external function 'fmodf'
#include <sluice.h>

float sqrtf(float);
float fmodf(float, float);

SLUICE_HOST_PIPE(in, float, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, float, 4, SLUICE_D2H);

SLUICE_KERNEL void k(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		float x = sluice_read(in);
		sluice_write(out, sqrtf(x));
		sluice_write(out, __builtin_fmaf(x, x, 1.0f));
		sluice_write(out, fmodf(x, 2.0f));
	}
}
