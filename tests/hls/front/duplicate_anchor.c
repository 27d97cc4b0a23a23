// Anchor ids are unique in the program, across kernels too.
// expect-error: 18: anchor id 0 is defined twice; anchor ids are unique in the program
// expect-note: 12: anchor 0 is first defined here (kernel 'a')
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void a(void)
{
	int32_t x = sluice_read(in, SLUICE_ANCHOR(0));
	sluice_write(p, x, SLUICE_LATENCY(0, SLUICE_MIN, 1));
}

SLUICE_KERNEL void b(void)
{
	int32_t x = sluice_read(p, SLUICE_ANCHOR(0));
	sluice_write(out, x);
}
