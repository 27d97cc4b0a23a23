// A constant table of more than 512 bytes read with a variable index
// becomes a ROM holding its initializer (1 KiB: 256 words of 32 bits).
// expect-ir: mem table: 256 x 32 bits, rom, initialised
// expect-ir: = mem.load.32 table, %
// expect-ir-not: mem.store
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static const uint32_t table[256] = {1, 2, 3, [255] = 0xdeadbeef};

SLUICE_KERNEL void rom_table(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		sluice_write(out, table[sluice_read(in) >> 24]);
}
