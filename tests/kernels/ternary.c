/*
 * ternary.c -- the conditional operator: nested ?: chains, clamping,
 * sign, choosing between computed values (selects or branches).
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void ternary(int32_t n, int32_t lo, int32_t hi)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		int32_t clamped = x < lo ? lo : x > hi ? hi : x;
		int32_t sign = x > 0 ? 1 : x < 0 ? -1 : 0;
		int32_t pick = (x & 1) ? (x >> 1) : (int32_t)((uint32_t)x * 3u + 1u);
		sluice_write(out, clamped);
		sluice_write(out, sign);
		sluice_write(out, pick);
		sluice_write(out, (x > lo) == (x < hi) ? clamped - sign : pick ^ sign);
	}
}

/* sluice-test:
   input in = -100 -1 0 1 100 99 -99 0x7fffffff -0x80000000 random(30, min=-200, max=200, seed=19)
   start ternary(39, -50, 75)
   expect out = 156
*/
