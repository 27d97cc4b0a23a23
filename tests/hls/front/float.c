// Floating-point arithmetic (a float may cross a pipe as bits, but not be
// computed with); one error per source line.
// expect-error: 16: floating-point arithmetic is not supported yet
// expect-error: 18: floating-point arithmetic is not supported yet
#include <sluice.h>

SLUICE_HOST_PIPE(in, float, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, float, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(bits, float, 4, SLUICE_D2H);

SLUICE_KERNEL void k(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		float x = sluice_read(in);
		sluice_write(bits, x); /* passing the bits along is fine */
		float y = x * 0.5f + 1.0f;
		sluice_write(out, y);
		if (y > (float)n)
			return;
	}
}
