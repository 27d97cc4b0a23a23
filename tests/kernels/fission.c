/*
 * fission.c -- an autorun kernel whose endless loop reads a block and then
 * computes from it runs as two kernels at once (hls/pass/fission.c): the
 * first reads the next block while the second writes the results of the
 * one before, so the output streams a word a clock, where the kernel
 * whole took the reads and the writes in turn.  Where a pipe or a kernel
 * is used on both sides, or the second part computes what the first
 * needs, the kernel stays whole, and the results are the same.
 */
#include <sluice.h>

#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);
SLUICE_IO_PIPE_IN(ts, uint32_t, 0);
SLUICE_IO_PIPE_OUT(us, uint32_t, 0);
SLUICE_IO_PIPE_IN(cs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(zs, uint32_t, 0);
SLUICE_IO_PIPE_IN(ss, uint32_t, 0);
SLUICE_IO_PIPE_OUT(rs, uint32_t, 0);
SLUICE_IO_PIPE_IN(ns, uint32_t, 0);
SLUICE_IO_PIPE_IN(as, uint32_t, 0);
SLUICE_IO_PIPE_OUT(bs, uint32_t, 0);

/* 4 words in, 4 mixes of them out: a word of ys a clock once cut */
SLUICE_AUTORUN void mix4(void)
{
	for (;;) {
		uint32_t v[4];
		for (int j = 0; j < 4; j++)
			v[j] = sluice_read(xs);
#pragma nounroll
		for (int i = 0; i < 4; i++)
			sluice_write(ys, v[i] * (uint32_t)(2 * i + 3) ^ v[(i + 1) & 3]);
	}
}

/* nothing to hand over: the second part writes 3 counts after each 2
 * words the first reads, paced by a bit through the pipe */
SLUICE_AUTORUN void pace(void)
{
	for (;;) {
		sluice_read(ts);
		sluice_read(ts);
#pragma nounroll
		for (uint32_t i = 0; i < 3; i++)
			sluice_write(us, i);
	}
}

/* cs is read on both sides of the loop: kept whole */
SLUICE_AUTORUN void runs(void)
{
	for (;;) {
		uint32_t n = sluice_read(cs) & 3;
		uint32_t b = sluice_read(cs);
#pragma nounroll
		for (uint32_t i = 0; i <= n; i++)
			sluice_write(zs, b + sluice_read(cs));
	}
}

/* acc goes round from the loop's part to the reads': kept whole */
SLUICE_AUTORUN void carry(void)
{
	uint32_t acc = 1;
	for (;;) {
		uint32_t a = sluice_read(ss) ^ acc;
		uint32_t b = sluice_read(ss);
#pragma nounroll
		for (int i = 0; i < 2; i++) {
			acc = acc * 3 + (i ? a : b);
			sluice_write(rs, acc);
		}
	}
}

/* n blocks of 2 words, each mixed by 4 rounds: cut inside the loop over
 * the blocks, whose exit test (b + 1 < n) the first part makes again;
 * the second part runs once for each block */
SLUICE_AUTORUN void rounds(void)
{
	for (;;) {
		uint32_t n = sluice_read(ns);
		for (uint32_t b = 0; b < n; b++) {
			uint32_t a = sluice_read(as), c = sluice_read(as);
#pragma nounroll
			for (int r = 0; r < 4; r++) {
				a = (a << 3 | a >> 29) ^ c;
				c += a ^ (uint32_t)r;
			}
			sluice_write(bs, a);
			sluice_write(bs, c ^ b);
		}
	}
}

/* sluice-test:
   build --target ice40
   input xs = random(200, seed=11)
   input ts = random(40, seed=12)
   input cs = [3, 100, 1, 2, 3, 4, 0, 7, 9, 2, 5, 1, 1, 1, 1, 0xffffffff, 8, 9]
   input ss = random(40, seed=14)
   input ns = [3, 0, 1, 5, 2, 1]
   input as = random(24, seed=15)
   expect ys = 200
   expect us = 60
   expect zs = 10
   expect rs = 40
   expect bs = 24
   cycles ys[i+1] - ys[i] == 1
*/
