// A latency constraint relates two operations of one kernel.
// expect-error: 17: latency constraint refers to anchor 3 of kernel 'a'
// expect-note: 11: anchor 3 is defined here
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void a(void) {
	sluice_write(p, sluice_read(in), SLUICE_ANCHOR(3));
}

SLUICE_KERNEL void b(void)
{
	int32_t x = sluice_read(p);
	sluice_write(out, x, SLUICE_LATENCY(3, SLUICE_MAX, 4));
}
