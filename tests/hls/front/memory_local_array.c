// A local array of more than 512 bytes indexed by a variable becomes a
// memory: 1 KiB of uint32_t is 256 words of 32 bits, with no initial
// contents, read and written at the element index itself (no byte
// offset, so no 64-bit shift or multiply to make the index).
// expect-ir: mem buf: 256 x 32 bits
// expect-ir-not: mem buf: 256 x 32 bits,
// expect-ir: mem.store buf, %
// expect-ir: = mem.load.32 buf, %
// expect-ir-not: lshr.64
// expect-ir-not: mul.64
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void local_array(uint32_t n)
{
	uint32_t buf[256];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		buf[x & 255] = x;
		sluice_write(out, buf[(x >> 8) & 255]);
	}
}
