/*
 * pipe_copy128.c -- a design for tests/e2e/pipe_bench.c (`make bench`):
 * its kernel runs from reset and gives back each 128-bit word of host
 * pipe "in" on host pipe "out", one a clock, so that the host link, not
 * the kernel's word size, sets the pace of a bulk transfer.  Its FIFOs
 * hold 512 words (block RAM), as a bulk design's would: the host may then
 * have 512 words in flight before the device's credit comes back, which
 * a round trip through the host's threads needs (with 64, 0.64 words a
 * cycle instead of 0.80).
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, unsigned __int128, 512, SLUICE_H2D);
SLUICE_HOST_PIPE(out, unsigned __int128, 512, SLUICE_D2H);

SLUICE_AUTORUN void copy128(void)
{
	for (;;)
		sluice_write(out, sluice_read(in));
}
