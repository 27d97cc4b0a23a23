// Kernel results leave through pipes; parameters are C integers or bool.
// expect-error: 14: kernel 'k' must return void
// expect-error: 14: kernel parameter 'p': struct and union arguments are not supported yet
// expect-error: 14: kernel parameter 'scale': floating-point arithmetic is not supported yet
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

struct pair {
	int32_t a, b;
};

SLUICE_KERNEL
int32_t k(struct pair p, double scale, bool flag)
{
	sluice_write(out, flag ? p.a : p.b);
	return 0;
	(void)scale;
}
