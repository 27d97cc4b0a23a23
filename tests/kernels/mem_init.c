/*
 * mem_init.c -- arrays in memory set and copied whole: a local histogram
 * cleared by its `= {0}` at each batch (clang's memset), a local table
 * initialised from a list (clang's memcpy from a constant) and updated,
 * part of a global array set to a byte pattern by a memset of a length
 * read from the input, a global array copied into another by memcpy, and
 * a small constant table copied into part of one.  Beside them a small
 * local array (36 bytes: registers) initialised from a list, which clang
 * also copies from a constant, indexed by a variable.
 */
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t pat[400];
static uint32_t copy[400];
static const uint32_t small[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x100,
};

SLUICE_AUTORUN void mem_init(void)
{
	for (;;) {
		uint32_t n = sluice_read(in);
		uint32_t hist[300] = {0};
		uint32_t tab[200] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 99};
		int32_t regs[9] = {-1, -1, (int32_t)0xc1da7bc9, -1, -1, 0x1234, -1, 7, 0};
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = sluice_read(in);
			hist[x % 300]++;
			tab[(x >> 8) % 200] += x;
			regs[(x >> 3) % 9] ^= (int32_t)x;
		}
		for (int i = 0; i < 9; i++)
			sluice_write(out, (uint32_t)regs[i]);
		for (int i = 0; i < 300; i++)
			sluice_write(out, hist[i] ^ tab[(i * 3) % 200]);

		uint32_t words = sluice_read(in) % 400;
		memset(pat, 0x5a, words * sizeof pat[0]);
		memcpy(copy, pat, sizeof copy);
		memcpy(&copy[n % 300], small, sizeof small);
		for (int i = 0; i < 400; i++)
			sluice_write(out, copy[i] + pat[(i * 7) % 400]);
		pat[n % 400] = n;
	}
}

/* sluice-test:
   input in = [20] random(20, seed=91) [7] [0] [401] [500] random(500, seed=92) [0] [300] repeat(3, 300) [399]
   expect out = 2836
*/
