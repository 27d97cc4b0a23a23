/*
 * pipelined_loop_merge.c -- a loop with a counted loop inside, whose
 * header skip_empty_blocks made the outer loop's too, runs as one
 * pipelined loop (hls/pass/if_convert.c): the next entry of the inner
 * loop starts while its last iterations are still in the pipeline, so the
 * outer loop costs no cycle at all.  Before, each entry paid the inner
 * pipeline's drain and the write after it.  Where merging would cost the
 * inner loop cycles (its pipe written after it too; a value carried round
 * the outer loop computed by the inner loop's ops) the loops stay apart,
 * and the results are the same.  A read before the inner loop joins it
 * too (scale).
 */
#include <sluice.h>

#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(sums, uint32_t, 0);
SLUICE_IO_PIPE_IN(fs, float, 0);
SLUICE_IO_PIPE_OUT(fsums, float, 0);
SLUICE_IO_PIPE_IN(ws, uint32_t, 0);
SLUICE_IO_PIPE_OUT(tagged, uint32_t, 0);
SLUICE_IO_PIPE_IN(vs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(framed, uint32_t, 0);
SLUICE_IO_PIPE_IN(us, uint32_t, 0);
SLUICE_IO_PIPE_OUT(chained, uint32_t, 0);
SLUICE_IO_PIPE_IN(gains, uint32_t, 0);
SLUICE_IO_PIPE_IN(ps, uint32_t, 0);
SLUICE_IO_PIPE_OUT(scaled, uint32_t, 0);

/* a word of xs a clock, a sum every 8 */
SLUICE_AUTORUN void hash8(void)
{
	for (;;) {
		uint32_t s = 0;
#pragma nounroll
		for (int i = 0; i < 8; i++)
			s = s * 3 + sluice_read(xs);
		sluice_write(sums, s);
	}
}

/* each sum needs the one before it: 4 adds of 8 cycles a vector */
SLUICE_AUTORUN void fsum4(void)
{
	for (;;) {
		float s = 0.0f;
#pragma nounroll
		for (int i = 0; i < 4; i++)
			s += sluice_read(fs);
		sluice_write(fsums, s);
	}
}

/* the outer loop's count goes round through its own ops only; it and
 * the tag computed from it before the inner loop move into the inner
 * loop (if_convert.c, outer_header) */
SLUICE_AUTORUN void tag(void)
{
	uint32_t n = 0;
	for (;;) {
		uint32_t t = n << 24 | n;
#pragma nounroll
		for (int i = 0; i < 5; i++)
			sluice_write(tagged, sluice_read(ws) ^ t);
		n++;
	}
}

/* framed is written inside and after the inner loop: kept apart; the
 * inner loop, entered from before the outer loop and from its last block,
 * still decides on its next iteration one iteration ahead (exit_test.c),
 * a word a clock */
SLUICE_AUTORUN void frame(void)
{
	for (;;) {
#pragma nounroll
		for (int i = 0; i < 3; i++)
			sluice_write(framed, sluice_read(vs));
		sluice_write(framed, 0xffffffffu);
	}
}

/* a goes round the outer loop from the inner loop's ops: kept apart */
SLUICE_AUTORUN void chain(void)
{
	uint32_t a = 1;
	for (;;) {
#pragma nounroll
		for (int i = 0; i < 4; i++)
			a = a * 5 + sluice_read(us);
		sluice_write(chained, a);
		a ^= 0x55u;
	}
}

/* the read of the gain before the inner loop moves into it, taking
 * effect in the first iteration of each entry, its word held for the
 * others: a word of scaled a clock */
SLUICE_AUTORUN void scale(void)
{
	for (;;) {
		uint32_t g = sluice_read(gains);
#pragma nounroll
		for (int i = 0; i < 4; i++)
			sluice_write(scaled, sluice_read(ps) * g + (uint32_t)i);
	}
}

/* sluice-test:
   build --target ice40
   input xs = random(400, seed=5)
   input fs = [0x80000000, 0x00000001, 0x3f800000, 0x7f000000] random(76, seed=6, min=0x3c000000, max=0x44000000)
   input ws = random(100, seed=7)
   input vs = random(60, seed=8)
   input us = random(80, seed=9)
   input gains = random(25, seed=10)
   input ps = random(100, seed=11)
   expect sums = 50
   expect fsums = 20
   expect tagged = 100
   expect framed = 80
   expect chained = 20
   expect scaled = 100
   cycles sums[i+1] - sums[i] == 8
   cycles fsums[i+1] - fsums[i] == 32
   cycles tagged[i+1] - tagged[i] == 1
   cycles framed[i+1] - framed[i] == 1 or i % 4 >= 2
   cycles scaled[i+1] - scaled[i] == 1
*/
