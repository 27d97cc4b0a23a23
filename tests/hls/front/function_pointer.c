// A call through a function pointer cannot be resolved to hardware.
// expect-error: 16: calls through function pointers are not supported
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

static int (*volatile pick)(int) = twice;

SLUICE_KERNEL void k(int32_t n) {
	int (*f)(int) = thrice;
	if (n > 3)
		f = pick;
	sluice_write(out, f(n));
}
