/*
 * float_stream.c -- float arithmetic in a pipelined loop: a multiply, an
 * add, a compare and a select per word at one word per clock (the units
 * accept an operation every cycle; their latencies fill the pipeline),
 * and a running float sum, whose recurrence through the adder's eight
 * cycles sets the pace of the second kernel.  The words are the floats'
 * bits; none of the results is a NaN.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, float, 0);
SLUICE_IO_PIPE_OUT(out, float, 0);
SLUICE_IO_PIPE_IN(in2, float, 0);
SLUICE_IO_PIPE_OUT(sums, float, 0);

SLUICE_AUTORUN void float_stream(void)
{
	for (;;) {
		float x = sluice_read(in);
		float y = x * 1.5f + 0.25f;
		if (y > 1000.0f)
			y = y * 0.5f - 3.0f;
		sluice_write(out, y);
	}
}

SLUICE_AUTORUN void float_sum(void)
{
	float s = 0.0f;
	for (;;) {
		s += sluice_read(in2);
		sluice_write(sums, s);
	}
}

/* sluice-test:
   input in = [0x3f800000, 0xbf800000, 0x00000001, 0x80000000, 0x7f7fffff, 0xff7fffff, 0x447a0000, 0x447a0001, 0xc47a0000] random(300, seed=41, min=0, max=0x7f000000) random(100, seed=42, min=0x80000000, max=0xff000000)
   input in2 = random(200, seed=43, min=0x30000000, max=0x50000000) [0xbf800000, 0x3f800000, 0x00000001]
   expect out = 409
   expect sums = 203
*/
