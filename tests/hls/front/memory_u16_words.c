// The words of a memory are the size of the array's accesses: 2 bytes
// for an array of uint16_t, and for an array of structs of three
// uint16_t (600 words, element i's field b at word 3*i + 1).
// expect-ir: mem half: 600 x 16 bits
// expect-ir: = mem.load.16 half, %
// expect-ir: mem.store half, %
// expect-ir: mem cells: 600 x 16 bits
// expect-ir: = mem.load.16 cells, %
// expect-ir: mem.store cells, %
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

struct cell {
	uint16_t a, b, c;
};

static struct cell cells[200];

SLUICE_KERNEL void u16_words(uint32_t n)
{
	uint16_t half[600];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		half[x % 600] = (uint16_t)x;
		cells[(x >> 10) % 200].b = (uint16_t)(x >> 16);
		sluice_write(out, half[(x >> 3) % 600] + cells[x % 200].b);
	}
}
