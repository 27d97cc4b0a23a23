// Of the floating-point formats, float and double have units: long double
// arithmetic is an error naming the type.
// expect-error: 12: floating-point arithmetic on long double is not supported
#include <sluice.h>

SLUICE_HOST_PIPE(in, float, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, float, 4, SLUICE_D2H);

SLUICE_KERNEL void k(void)
{
	float x = sluice_read(in);
	sluice_write(out, (float)((long double)x * x * x + 1.0L));
}
