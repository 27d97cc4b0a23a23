// A variadic helper: its arguments live in memory that the hardware lacks.
// expect-error: 9: variadic functions are not supported ('sum' takes '...')
#include <sluice.h>
#include <stdarg.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

SLUICE_KERNEL void k(void)
{
	int32_t x = sluice_read(in);
	sluice_write(out, sum(2, x, x));
}
