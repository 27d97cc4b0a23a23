// A pipe has one writer kernel.
// expect-error: 17: pipe 'p' is written by kernels 'a' and 'b'
// expect-note: 12: 'a' writes 'p' here
#include <sluice.h>

SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void a(int32_t x)
{
	if (x)
		sluice_write(p, x);
}

SLUICE_KERNEL void b(int32_t x)
{
	sluice_write(p, x + 1);
}

SLUICE_KERNEL void r(void)
{
	sluice_write(out, sluice_read(p));
}
