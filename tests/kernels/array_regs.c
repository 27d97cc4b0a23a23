/*
 * array_regs.c -- small arrays indexed by variables become registers: a
 * local array written and read at data-dependent indices, a global array
 * kept across kernel runs (read-modify-write), a two-dimensional array and
 * an array of structs.  Each is one wide value; a read is a multiplexer of
 * its elements, a write a decoder of the index.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

struct cell {
	uint16_t count;
	uint8_t last;
};

static uint32_t hist[8]; /* kept across runs */

SLUICE_KERNEL void array_regs(uint32_t n)
{
	uint32_t buf[8] = {0};
	uint8_t grid[4][4] = {{0}};
	struct cell cells[4] = {{0, 0}};
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		buf[i & 7] = x;
		hist[x & 7] += x >> 16;
		grid[(x >> 4) & 3][(x >> 6) & 3] ^= (uint8_t)x;
		struct cell *c = &cells[(x >> 8) & 3];
		c->count++;
		c->last = (uint8_t)(x >> 24);
		uint32_t r = buf[(x >> 12) & 7] ^ hist[(x >> 3) & 7];
		r += grid[x & 3][(x >> 2) & 3];
		r += (uint32_t)cells[(x >> 10) & 3].count << 8 | cells[x & 3].last;
		sluice_write(out, r);
	}
}

/* sluice-test:
   input in = random(70, seed=71) 0 0xffffffff 7 8 0x12345678
   start array_regs(40)
   start array_regs(35)
   expect out = 75
*/
