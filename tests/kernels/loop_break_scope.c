/*
 * loop_break_scope.c -- loops left by a `break` from inside the scope of a
 * local: clang routes the break and the loop's back edge through one
 * cleanup block that dispatches on a constant (skip_empty_blocks.c
 * threads it), after which the loop is one block with guarded writes.
 * Two such loops, one ending on a marker word, one on a count or a
 * marker, and what they leave after the loop.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

#define END 0xffffu

SLUICE_KERNEL void loop_break_scope(uint32_t limit)
{
	uint32_t sum = 0;
	for (;;) {
		uint32_t w = sluice_read(in);
		uint32_t tag = w >> 16;
		if (tag == END)
			break;
		sum += w & 0xffff;
		sluice_write(out, tag << 16 | (sum & 0xffff));
	}
	sluice_write(out, sum);
	uint32_t n = 0, x = 0;
	while (n < limit) {
		uint32_t v = sluice_read(in);
		if (v == 0)
			break;
		x ^= v * 3;
		n++;
		sluice_write(out, x);
	}
	sluice_write(out, n << 16 | (x & 0xffff));
}

/* sluice-test:
   input in = random(30, max=0xfffeffff, seed=81) 0xffff0000 random(20, min=1, seed=82) 0
   input in = random(10, max=0xfffeffff, seed=83) 0xffff1234 random(12, min=1, seed=84)
   start loop_break_scope(40)
   start loop_break_scope(12)
   expect out = 76
*/
