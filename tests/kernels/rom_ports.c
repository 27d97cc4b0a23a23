/*
 * rom_ports.c -- constant tables read many times an iteration: a 256-byte
 * S-box (a ROM in block RAM since it is 256 bytes, hls/front/promote_slots.c)
 * read 4 times a word, and a 1 KiB table of 32-bit words read 16 times a
 * word.  A ROM gets a read port for each read of a loop's iteration, each
 * copy of it in block RAM serving one (iCE40) or two (the others), so the
 * loop runs at one word a clock (hls/sched/sdc.c).  On iCE40 the copies
 * of both, 4 + 16 x 2 blocks, exceed the UP5K's 30, and the 1 KiB table
 * keeps 13 read ports (II 2): tests/sched/run_pipeline_report.sh.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

/* tables with no pattern LLVM could compute instead of reading */
#define B(i) (uint8_t)(((i) * (i) * 73 + (i) * 29 + 5) ^ ((i) >> 3))
#define W(i) (uint32_t)((uint32_t)(i) * 2654435761u ^ ((uint32_t)(i) << 17) ^ ((i) * (i)))
#define B4(i) B(i), B(i + 1), B(i + 2), B(i + 3)
#define B16(i) B4(i), B4(i + 4), B4(i + 8), B4(i + 12)
#define B64(i) B16(i), B16(i + 16), B16(i + 32), B16(i + 48)
#define W4(i) W(i), W(i + 1), W(i + 2), W(i + 3)
#define W16(i) W4(i), W4(i + 4), W4(i + 8), W4(i + 12)
#define W64(i) W16(i), W16(i + 16), W16(i + 32), W16(i + 48)

static const uint8_t sbox[256] = {B64(0), B64(64), B64(128), B64(192)};
static const uint32_t mix[256] = {W64(0), W64(64), W64(128), W64(192)};

static uint32_t sub_word(uint32_t w)
{
	return (uint32_t)sbox[w >> 24] << 24 | (uint32_t)sbox[(w >> 16) & 0xff] << 16 |
	       (uint32_t)sbox[(w >> 8) & 0xff] << 8 | sbox[w & 0xff];
}

SLUICE_AUTORUN void rom_ports(void)
{
	for (;;) {
		uint32_t x = sluice_read(in);
		uint32_t h = sub_word(x);
		for (int i = 0; i < 16; i++)
			h ^= mix[(x >> i) & 0xff] >> i;
		sluice_write(out, h);
	}
}

/* sluice-test:
   input in = 0 0xffffffff 0x01020304 random(200, seed=91)
   expect out = 203
   cycles out[i+1] - out[i] == 1
*/
