/*
 * mem_partition.c -- memories split into banks (hls/pass/partition.c):
 * the loop that moves pairs reads coef[2i] and coef[2i + 1] and writes
 * acc[2i] and acc[2i + 1] in one iteration, which one read and one write
 * port would take two cycles for; in two banks each (even and odd
 * elements) it runs at II 1.  A ROM of 4 reads an iteration (two ports)
 * goes to two banks too.  Accesses whose bank is not known at compile
 * time (acc[x] for a word x read from the pipe) read every bank and
 * select, or write the bank the index names.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t coef[1024];
static uint32_t acc[1024];
static const uint16_t tab[512] = {
#define T4(x) (x), (x) * 3u + 1u, (x) * 5u + 2u, (x) * 7u + 3u
#define T16(x) T4(x), T4((x) + 1u), T4((x) + 2u), T4((x) + 3u)
#define T64(x) T16(x), T16((x) + 4u), T16((x) + 8u), T16((x) + 12u)
	T64(0u), T64(16u), T64(32u), T64(48u), T64(64u), T64(80u), T64(96u), T64(112u),
};

SLUICE_AUTORUN void mem_partition(void)
{
	for (;;) {
		uint32_t n = sluice_read(in) & 511;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = sluice_read(in);
			coef[2 * i] = x;
			coef[2 * i + 1] = x ^ 0x5a5a5a5au;
		}
		for (uint32_t i = 0; i < n; i++) {
			uint32_t a = coef[2 * i], b = coef[2 * i + 1];
			acc[2 * i] += a;
			acc[2 * i + 1] += b >> 3;
			sluice_write(out, acc[2 * i] ^ acc[2 * i + 1]);
		}
		for (uint32_t i = 0; i < n; i += 2) {
			uint32_t t = tab[i & 511] + tab[(i + 1) & 511] + tab[(i + 256) & 511] +
				     tab[(i + 257) & 511];
			sluice_write(out, t);
		}
		uint32_t x = sluice_read(in);
		acc[x & 1023] = x;
		sluice_write(out, acc[(x >> 10) & 1023] + coef[(x >> 20) & 1023]);
	}
}

/* sluice-test:
   input in = [40] random(40, seed=91) [0xffffffff] [7] random(7, seed=92) [0x00300801] [0] [0x12345678]
   expect out = 74
*/
