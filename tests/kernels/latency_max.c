/*
 * latency_max.c -- a MAX latency constraint: with a multiply between
 * them, the write of `hi` must come at most 3 cycles after the read of
 * `x` (anchor 0), and the write of `lo` exactly 1 cycle after `hi`'s
 * (anchor 1), although `lo`'s data is ready with `hi`'s.  Checked in
 * timing mode.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(x, uint32_t, 0);
SLUICE_IO_PIPE_OUT(hi, uint32_t, 0);
SLUICE_IO_PIPE_OUT(lo, uint32_t, 0);

SLUICE_KERNEL void lat_max(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t v = sluice_read(x, SLUICE_ANCHOR(0));
		uint64_t p = (uint64_t)v * 0x9e3779b9u;
		sluice_write(hi, (uint32_t)(p >> 32), SLUICE_ANCHOR(1),
			     SLUICE_LATENCY(0, SLUICE_MAX, 3));
		sluice_write(lo, (uint32_t)p, SLUICE_LATENCY(1, SLUICE_EXACT, 1));
	}
}

/* sluice-test:
   input x = random(24, seed=44)
   start lat_max(24)
   expect hi = 24
   expect lo = 24
   cycles hi[i] - x[i] <= 3
   cycles lo[i] - hi[i] == 1
*/
