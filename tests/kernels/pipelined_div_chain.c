/*
 * pipelined_div_chain.c -- a divide of a quotient in a pipelined loop:
 * the second divider starts in the cycle the first one's result comes
 * out, so that cycle belongs to both units' lock groups (pipeline.c).
 * With the groups apart, a bubble let that cycle advance while the
 * second unit was held, and its operand was lost (random-timing runs
 * only; regression of the float units' first test).
 */
#include <sluice.h>
SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);
SLUICE_AUTORUN void divsel(void)
{
	for (;;) {
		uint32_t x = sluice_read(in);
		uint32_t y = x / 3u + 1u;
		if (y > 1000u)
			y = y / 5u - 3u;
		sluice_write(out, y);
	}
}
/* sluice-test:
   input in = random(300, seed=41, min=0, max=10000)
   expect out = 300
*/
