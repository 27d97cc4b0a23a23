/*
 * fscale.c -- a started kernel with a float argument and float host
 * pipes, for `sluice run` (tests/run/run_sluice_run.sh): each word in
 * times s, plus 0.5, out; the sum so far as a double.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, float, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, float, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(total, double, 4, SLUICE_D2H);

SLUICE_KERNEL void fscale(int32_t n, float s)
{
	double sum = 0.0;
	for (int32_t i = 0; i < n; i++) {
		float y = sluice_read(in) * s + 0.5f;
		sum += (double)y;
		sluice_write(out, y);
	}
	sluice_write(total, sum);
}
