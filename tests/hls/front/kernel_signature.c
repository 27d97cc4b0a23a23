// Kernel results leave through pipes; parameters are C integers, bool,
// float or double.
// expect-error: 15: kernel 'k' must return void
// expect-error: 15: kernel parameter 'p': struct and union arguments are not supported yet
// expect-error: 15: kernel parameter 'wide': of the floating-point types, float and double are supported
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

struct pair {
	int32_t a, b;
};

SLUICE_KERNEL
int32_t k(struct pair p, double scale, bool flag, long double wide)
{
	sluice_write(out, flag ? p.a : p.b);
	return 0;
	(void)scale;
	(void)wide;
}
