/*
 * window_tap.c -- recurrences through a shift window (a local array
 * shifted by one each iteration), read early by the loop pipelined at
 * II 1 (taps, hls/sched/schedule.h, hls/rtlgen/window.c).
 *   - lagged(): each word is the sum of words 2, 4 and 7 before it (the
 *     one 2 before rotated) and the input: three adds that do not fit a
 *     cycle at 48 MHz on iCE40.  The window's phis are written one cycle
 *     after the sum, so without taps the sum of the words read from them
 *     would need the cycle of the last add too: II 2.  With taps the first
 *     two adds read the window a cycle early: II 1, one word a clock.
 *     Its window starts from constants, at reset.
 *   - deep(): four words of the window, summed in pairs and then the
 *     pairs, before the input is added: the pairs two cycles early.
 *   - blocks(): a window of 6 words read from the pipe (into the window's
 *     registers as they come) before each run of n iterations, n from
 *     the pipe too (0, 1, 2, ...: the first iteration's shifts of the
 *     window in a loop left after one or none), then the window's last
 *     words after the loop.
 *   - still(): the same in a loop with no pipe operation, which never
 *     holds.
 */
#include <sluice.h>
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_AUTORUN void lagged(void)
{
	uint32_t w[8] = {1, 2, 3, 5, 8, 13, 21, 34};
	for (;;) {
		uint32_t x = sluice_read(in);
		uint32_t r = (w[6] << 5) | (w[6] >> 27);
		uint32_t next = ((w[1] + w[4]) + r) + x;
		for (int i = 0; i < 7; i++)
			w[i] = w[i + 1];
		w[7] = next;
		sluice_write(out, next);
	}
}

/* four words of the window summed two cycles before it is written, the
 * pairs read two cycles early (the multiplexer of three registers) */
SLUICE_IO_PIPE_IN(din, uint32_t, 0);
SLUICE_IO_PIPE_OUT(dout, uint32_t, 0);

SLUICE_AUTORUN void deep(void)
{
	uint32_t w[8] = {7, 6, 5, 4, 3, 2, 1, 0};
	for (;;) {
		uint32_t x = sluice_read(din);
		uint32_t next = ((w[5] + w[2]) + (w[4] + w[3])) + x;
		for (int i = 0; i < 7; i++)
			w[i] = w[i + 1];
		w[7] = next;
		sluice_write(dout, next ^ w[0]);
	}
}

SLUICE_IO_PIPE_IN(bin, uint32_t, 0);
SLUICE_IO_PIPE_OUT(bout, uint32_t, 0);

SLUICE_AUTORUN void blocks(void)
{
	for (;;) {
		uint32_t w[6];
		for (int i = 0; i < 6; i++)
			w[i] = sluice_read(bin);
		uint32_t n = sluice_read(bin);
		for (uint32_t t = 0; t < n; t++) {
			uint32_t next = ((w[0] + w[2]) + (w[4] ^ (w[4] >> 5))) + t;
			for (int i = 0; i < 5; i++)
				w[i] = w[i + 1];
			w[5] = next;
			sluice_write(bout, next);
		}
		sluice_write(bout, w[0] ^ w[3]);
		sluice_write(bout, w[5]);
	}
}

/* the window of blocks() in a loop with no pipe operation, which never
 * holds, read early (bench/sha256_lead's rounds are such a loop) */
SLUICE_IO_PIPE_IN(sin, uint32_t, 0);
SLUICE_IO_PIPE_OUT(sout, uint32_t, 0);

SLUICE_AUTORUN void still(void)
{
	for (;;) {
		uint32_t w[6];
		for (int i = 0; i < 6; i++)
			w[i] = sluice_read(sin);
		uint32_t n = sluice_read(sin);
		for (uint32_t t = 0; t < n; t++) {
			uint32_t next = ((w[0] + w[1]) + (w[2] + w[3])) + (w[4] ^ t);
			for (int i = 0; i < 5; i++)
				w[i] = w[i + 1];
			w[5] = next;
		}
		for (int i = 0; i < 6; i++)
			sluice_write(sout, w[i]);
	}
}

/* sluice-test:
   input in = random(100, seed=3) [0, 0xffffffff, 1]
   expect out = 103
   cycles out[i + 1] - out[i] == 1
   input din = random(120, seed=11)
   expect dout = 120
   cycles dout[i + 1] - dout[i] == 1
   input bin = random(6, seed=4) [0] random(6, seed=5) [1] random(6, seed=6) [2]
   input bin = random(6, seed=7) [3] random(6, seed=8) [40] random(6, seed=9) [7]
   expect bout = 65
   input sin = random(6, seed=12) [0] random(6, seed=13) [1] random(6, seed=14) [2]
   input sin = random(6, seed=15) [3] random(6, seed=16) [40] random(6, seed=17) [5]
   expect sout = 36
   build --target ice40
*/
