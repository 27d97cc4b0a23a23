/*
 * devmem_ops.c -- kernels over device memory through pointer arguments:
 * loads and stores of 1, 2, 4 and 8 bytes, a struct read field by field,
 * a pointer walking a loop, an in-place update whose loads follow its own
 * stores (the shared channel keeps program order), restrict arguments on
 * channels of their own in a pipelined loop, and a conditional store;
 * under random gaps and back-pressure on both simulators.
 */
#include <sluice.h>

#include <stdint.h>

SLUICE_HOST_PIPE(sums, int64_t, 4, SLUICE_D2H);

struct rec {
	uint8_t tag;
	int16_t delta;
	uint32_t count;
	int64_t total;
};

/* prefix sums in place: x[i] += x[i - 1], each load after the store
 * before it */
SLUICE_KERNEL void prefix(int32_t *x, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++)
		x[i] += x[i - 1];
}

/* a walk over records: total += delta, count++, tag marks the odd ones;
 * the sum of all deltas goes out */
SLUICE_KERNEL void walk(struct rec *r, uint32_t n)
{
	int64_t sum = 0;
	for (struct rec *p = r; p != r + n; p++) {
		p->total += p->delta;
		p->count++;
		if (p->delta & 1)
			p->tag = 0xee;
		sum += p->delta;
	}
	sluice_write(sums, sum);
}

/* bytes and halves into words, restrict: one channel each */
SLUICE_KERNEL void widen(const uint8_t *restrict lo, const uint16_t *restrict hi,
			 uint32_t *restrict out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		out[i] = (uint32_t)hi[i] << 8 | lo[i];
}

/* sluice-test:
   build --device-memory 64K
   buffer x int32 = random(60, seed=5, min=-100000, max=100000)
   buffer recs uint64 = random(72, seed=6)
   buffer lo uint8 = random(37, seed=7)
   buffer hi uint16 = random(37, seed=8)
   buffer out uint32 = repeat(0, 37)
   start prefix(@x, 60)
   start walk(@recs, 24)
   start widen(@lo, @hi, @out, 37)
   start prefix(@x, 60)
   expect sums = 1
*/
