/*
 * accessors.c -- the kernels of tests/driver/run.sh: a module whose host
 * interface has a struct-typed host pipe, a started kernel with two
 * parameters of different sizes (so its argument buffer has padding), a
 * started kernel with none, and a second d2h pipe, so that the manifest's
 * numbering (link_id, ctrl, arg_word) and the typed header have something
 * to get wrong.
 *
 * combine(k, n): reads n pairs from `pairs`, writes x * k + y to `sums`.
 * tick(): writes 0x5a to `ticks`.
 */
#include <sluice.h>

#include "pair.h"

SLUICE_HOST_PIPE(pairs, struct pair, 8, SLUICE_H2D);
SLUICE_HOST_PIPE(sums, int32_t, 8, SLUICE_D2H);
SLUICE_HOST_PIPE(ticks, uint8_t, 4, SLUICE_D2H);

SLUICE_KERNEL void combine(int16_t k, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct pair p = sluice_read(pairs);
		sluice_write(sums, (int32_t)p.x * k + (int32_t)p.y);
	}
}

SLUICE_KERNEL void tick(void)
{
	sluice_write(ticks, (uint8_t)0x5a);
}
