// A mutable global used by two kernels: kernels run side by side, each
// keeps its globals as its own state.
// expect-error: 19: global 'total' is used by kernels 'producer' and 'consumer'; kernels share data through pipes, not globals
// expect-note: 13: 'producer' uses 'total' here
#include <sluice.h>

SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);
static int32_t total;

SLUICE_KERNEL void producer(int32_t x)
{
	total += x;
	sluice_write(p, x);
}

SLUICE_KERNEL void consumer(void)
{
	sluice_write(out, sluice_read(p) + total);
}
