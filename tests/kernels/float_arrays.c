/*
 * float_arrays.c -- arrays of floats and doubles indexed by variables, in
 * registers (up to 512 bytes) and in a memory, reached directly and
 * through pointers chosen at run time: their elements are kept as the
 * integers of their bits (hls/front/promote_slots.c front_int_accesses),
 * and the arithmetic is the units' (compare with the CPU).  Each input
 * word gives an index, a value and a choice of array.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static float small[8] = {0.5f, -1.25f, 3.0f, 1e10f, -0.0f, 7.5f, 2.0f, 0.125f};
static double mid[16];	/* 128 bytes: registers */
static float big[300];	/* 1200 bytes: a memory */
static float *pick = &small[3];

static uint32_t bits(float f)
{
	union {
		float f;
		uint32_t u;
	} x = {f};
	return f != f ? 0x7fc00000u : x.u;
}

SLUICE_KERNEL void float_arrays(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		float v = (float)(int32_t)x / 1024.0f;
		float *p = x & 1 ? &small[x % 8] : &big[(x >> 3) % 300];
		*p = *p * 0.5f + v;
		mid[(x >> 5) % 16] += (double)*p;
		big[(x >> 9) % 300] -= small[(x >> 13) % 8];
		*pick += v;
		pick = x & 2 ? &big[x % 300] : &small[(x >> 1) % 8];
		sluice_write(out, bits(*p) ^ bits((float)mid[(x >> 7) % 16]) ^
					  bits(big[(x >> 11) % 300]));
	}
	sluice_write(out, bits(*pick));
}

/* sluice-test:
   input in = random(200, seed=5)
   start float_arrays(120)
   start float_arrays(80)
   expect out = 202
*/
