// A pipe has one reader kernel.
// expect-error: 18: pipe 'p' is read by kernels 'a' and 'b'
// expect-note: 13: 'a' reads 'p' here
#include <sluice.h>

SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out1, int32_t, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(out2, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void a(void)
{
	sluice_write(out1, sluice_read(p));
}

SLUICE_KERNEL void b(void)
{
	sluice_write(out2, sluice_read(p));
}

SLUICE_KERNEL void w(void)
{
	sluice_write(p, sluice_read(in));
}
