/*
 * devmem_copy.c -- memcpy and memset on device memory (kernels' pointer
 * arguments): a buffer cleared with memset, a block copied into a local
 * array, changed there and copied back to another place, a copy from one
 * buffer to another of a length known only at run time (a count times a
 * size), byte copies at odd offsets, and a copy into an array of more than
 * 512 bytes (a memory) and out of it; under random gaps and back-pressure
 * on both simulators.
 */
#include <sluice.h>

#include <stdint.h>
#include <string.h>

SLUICE_HOST_PIPE(sums, uint32_t, 4, SLUICE_D2H);

/* out[0..n) = 0, then out[base..base+8) = in[0..8) + 1 */
SLUICE_KERNEL void blocks(uint32_t *restrict out, const uint32_t *restrict in, uint32_t n,
			  uint32_t base)
{
	uint32_t t[8];
	memset(out, 0, n * sizeof *out);
	memcpy(t, in, sizeof t);
	for (int i = 0; i < 8; i++)
		t[i] += 1;
	memcpy(out + base, t, sizeof t);
}

/* dst[0..n) = src[0..n) (64-bit words), and bytes b[1..6) = b[9..14) */
SLUICE_KERNEL void copies(uint64_t *dst, const uint64_t *src, uint32_t n, uint8_t *b)
{
	memcpy(dst, src, n * sizeof *dst);
	memcpy(b + 1, b + 9, 5);
	memset(b + 20, 0x5a, 3);
}

/* through a memory: 200 words in, their sum out, then written back
 * reversed */
SLUICE_KERNEL void big(uint32_t *x)
{
	uint32_t m[200];
	memcpy(m, x, sizeof m);
	uint32_t s = 0;
	for (int i = 0; i < 200; i++)
		s += m[i];
	sluice_write(sums, s);
	for (int i = 0; i < 100; i++) {
		uint32_t v = m[i];
		m[i] = m[199 - i];
		m[199 - i] = v;
	}
	memcpy(x, m, sizeof m);
}

/* sluice-test:
   build --device-memory 64K
   buffer out uint32 = repeat(7, 40)
   buffer in uint32 = random(8, seed=11)
   buffer dst uint64 = repeat(1, 12)
   buffer src uint64 = random(12, seed=12)
   buffer b uint8 = random(32, seed=13)
   buffer x uint32 = random(200, seed=14)
   start blocks(@out, @in, 40, 13)
   start copies(@dst, @src, 11, @b)
   start big(@x)
   start blocks(@out, @in, 20, 3)
   expect sums = 1
*/
