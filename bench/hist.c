/*
 * hist.c -- a running histogram: 256 32-bit counters in a global array
 * (1 KiB, block RAM), each input word's low byte picks a counter, which is
 * incremented and written out.  The read-modify-write of one memory is
 * carried from each word to the next (the same counter twice in a row
 * must see its own increment): II 1 needs the memory to forward the word
 * just written.  Reference: reference/hist.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(counts, uint32_t, 0);

static uint32_t hist[256];

SLUICE_AUTORUN void hist_kernel(void)
{
	uint32_t x = sluice_read(in);
	uint32_t n = hist[x & 255] + 1;
	hist[x & 255] = n;
	sluice_write(counts, n);
}

/* sluice-test:
   input in = random(300, seed=91) repeat(5, 20) [1, 2, 1, 2, 1, 1, 1] random(73, seed=92)
   expect counts = 400
*/
