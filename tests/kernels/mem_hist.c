/*
 * mem_hist.c -- a histogram of 256 32-bit counters in a global array of
 * 1 KiB: a memory kept across batches, read, incremented and written back
 * per word (a read-modify-write that a loop carries to its next
 * iteration), then read out in order.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t hist[256];

SLUICE_AUTORUN void mem_hist(void)
{
	for (;;) {
		uint32_t n = sluice_read(in);
		for (uint32_t i = 0; i < n; i++)
			hist[sluice_read(in) & 255]++;
		for (int b = 0; b < 256; b++)
			sluice_write(out, hist[b]);
	}
}

/* sluice-test:
   input in = [300] random(300, seed=81) [40] repeat(7, 40) [0]
   expect out = 768
*/
