/*
 * scale_sum.c -- the module that run_sluice_run.sh runs with `sluice run`:
 * a started kernel with two arguments and two outputs of different types,
 * and an autorun kernel on 8-bit pipes (unsigned in, signed out).
 *
 *   scale(factor, n): reads n words of `in`, writes factor * x (32-bit
 *   wrap-around) to `out` for each, then the sum of the results as
 *   unsigned 32-bit numbers to `sums` (uint64_t);
 *   flip: forever, bytes_in ^ 0x80 to bytes_out.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 16, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 16, SLUICE_D2H);
SLUICE_HOST_PIPE(sums, uint64_t, 2, SLUICE_D2H);
SLUICE_HOST_PIPE(bytes_in, uint8_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(bytes_out, int8_t, 4, SLUICE_D2H);

SLUICE_KERNEL void scale(int32_t factor, uint32_t n)
{
	uint64_t sum = 0;
	for (uint32_t i = 0; i < n; i++) {
		int32_t y = (int32_t)((uint32_t)sluice_read(in) * (uint32_t)factor);
		sluice_write(out, y);
		sum += (uint32_t)y;
	}
	sluice_write(sums, sum);
}

SLUICE_AUTORUN void flip(void)
{
	for (;;)
		sluice_write(bytes_out, (int8_t)(sluice_read(bytes_in) ^ 0x80));
}
