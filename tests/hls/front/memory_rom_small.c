// A constant table of 256 to 512 bytes read with a variable index is a ROM
// in block RAM (in LUTs a read of 256 bytes is a function of 8 inputs per
// bit); a smaller one stays logic.
// expect-ir: mem sbox: 256 x 8 bits, rom, initialised
// expect-ir: = mem.load.8 sbox, %
// expect-ir-not: mem small
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static const uint8_t sbox[256] = {99, 124, 119, [200] = 5, [255] = 22};
static const uint8_t small[255] = {1, 2, 3, [200] = 9, [254] = 7};

SLUICE_KERNEL void rom_small(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		sluice_write(out, sbox[x & 255] + small[(x >> 8) % 255]);
	}
}
