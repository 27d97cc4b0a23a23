// Kernels run side by side; one cannot call another.
// expect-error: 17: kernel 'helper_kernel' is called from 'k'; a kernel cannot call another kernel
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(out2, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void helper_kernel(int32_t x)
{
	sluice_write(out2, x);
}

SLUICE_KERNEL void k(void)
{
	int32_t x = sluice_read(in);
	helper_kernel(x);
	sluice_write(out, x);
}
