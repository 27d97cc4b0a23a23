// A latency constraint must name an anchor that exists.
// expect-error: 12: latency constraint refers to anchor 7, which no pipe operation defines
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void k(void)
{
	int32_t x = sluice_read(in, SLUICE_ANCHOR(1));
	x += 1;
	sluice_write(out, x, SLUICE_LATENCY(7, SLUICE_EXACT, 2));
}
