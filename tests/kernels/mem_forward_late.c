/*
 * mem_forward_late.c -- a read-modify-write of a memory carried round a
 * pipelined loop at II 1 whose add does not fit the cycle the loaded word
 * comes out in: each iteration's store writes in the cycle after the next
 * iteration reads, and the memory hands the stored word on as that
 * iteration's word comes out (a late forward, hls/rtlgen/memory.c).  The
 * read of `delta` is exactly one cycle after the read of `in`, in the
 * cycle the word comes out, so that under random timing the iteration
 * there waits for it while the one ahead writes its word: the memory
 * keeps the word written while it waits.  The same counter comes several
 * times in a row, and every other word.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_IN(delta, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t acc[256];

SLUICE_AUTORUN void forward_late(void)
{
	uint32_t x = sluice_read(in, SLUICE_ANCHOR(0));
	uint32_t d = sluice_read(delta, SLUICE_LATENCY(0, SLUICE_EXACT, 1));
	uint32_t n = acc[x & 255] + d;
	acc[x & 255] = n;
	sluice_write(out, n);
}

/* sluice-test:
   input in = repeat(7, 30) [1, 2, 1, 2, 1, 2, 3, 3, 1, 3] random(300, seed=61) repeat(255, 20) [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
   input delta = random(380, seed=62)
   expect out = 380
   build --target ice40
*/
