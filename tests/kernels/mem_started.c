/*
 * mem_started.c -- a host-started kernel with a memory kept across its
 * runs: each run counts n words into a 1 KiB histogram and sends out the
 * counters a word's bucket and its neighbours hold (three reads of one
 * memory per word, on its one read port), so the second run sees the
 * first's counts.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t hist[256];

SLUICE_KERNEL void mem_started(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in) & 255;
		hist[x]++;
		sluice_write(out, hist[x] + 3 * hist[(x + 1) & 255] + 5 * hist[(x - 1) & 255]);
	}
}

/* sluice-test:
   input in = random(100, seed=31, max=40) random(60, seed=32, max=20)
   start mem_started(100)
   start mem_started(60)
   expect out = 160
*/
