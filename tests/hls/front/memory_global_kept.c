// A mutable global of more than 512 bytes used by one kernel is no
// longer an error: it stays a global, so its contents are kept from one
// kernel run to the next, and becomes a memory (zero at reset), read and
// written in place, not copied in and out as kernel state.
// expect-ir: mem hist: 256 x 32 bits
// expect-ir-not: mem hist: 256 x 32 bits,
// expect-ir: = mem.load.32 hist, %
// expect-ir: mem.store hist, %
// expect-ir-not: state
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t hist[256]; /* 1 KiB, kept across runs */

SLUICE_KERNEL void histogram(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		hist[x & 255]++;
	}
	sluice_write(out, hist[0]);
}
