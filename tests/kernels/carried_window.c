/*
 * carried_window.c -- a window of four words that a kernel keeps across
 * messages, as bench/sha256's message schedule is written, with the
 * words taken as the rounds run: a message is a count n, then n blocks of
 * four words; each block runs eight steps, the first four taking a word,
 * the others making one from the window, each shifting it, and sends the
 * sum of its steps.  The window starts a block where the last one, of
 * this message or the one before, left it.  The exit of the loop over
 * blocks, entered from its last block and from a message of none, keeps
 * the window in the registers of the outer loop's (hls/rtlgen/values.c,
 * plan_shared_regs), and the outer loop, whose test of n goes to that
 * exit or into the loop over blocks, in those of the block loop's
 * (plan_shared_exits): four registers of the window, not twelve.
 */
#include <sluice.h>
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_AUTORUN void carried_window(void)
{
	uint32_t W[4] = {0, 0, 0, 0};
	for (;;) {
		uint32_t n = sluice_read(in);
		for (uint32_t b = 0; b < n; b++) {
			uint32_t sum = b;
#pragma nounroll
			for (int t = 0; t < 8; t++) {
				uint32_t w;
				if (t < 4)
					w = sluice_read(in);
				else
					w = W[0] + (W[2] ^ (W[3] >> 3)) + (uint32_t)t;
				for (int i = 0; i < 3; i++)
					W[i] = W[i + 1];
				W[3] = w;
				sum = (sum << 1 | sum >> 31) ^ w;
			}
			sluice_write(out, sum);
		}
	}
}

/* sluice-test:
   input in = [2] random(8, seed=1) [0] [1] random(4, seed=2) [3] random(12, seed=3)
   input in = [1] random(4, seed=4) [0] [0] [2] random(8, seed=5)
   expect out = 9
*/
