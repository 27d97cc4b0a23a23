/*
 * global_state_multi.c -- several globals of different widths as kernel
 * state: a uint8_t that wraps, an int16_t, a uint64_t and a bool, updated
 * by each invocation and reported at its end.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint8_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

static uint8_t g8 = 250;
static int16_t g16 = -3;
static uint64_t g64 = 0xffffffff00000000ull;
static bool gb;

SLUICE_KERNEL void accumulate(int32_t m)
{
	for (int32_t i = 0; i < m; i++) {
		uint8_t x = sluice_read(in);
		g8 += x;
		g16 = (int16_t)(g16 * 3 + x);
		g64 = g64 * 31u + x;
		gb = !gb;
	}
	sluice_write(out, g8);
	sluice_write(out, (uint64_t)(int64_t)g16);
	sluice_write(out, g64);
	sluice_write(out, gb);
}

/* sluice-test:
   input in = random(20, seed=32)
   start accumulate(3)
   start accumulate(0)
   start accumulate(10)
   start accumulate(7)
   expect out = 16
*/
