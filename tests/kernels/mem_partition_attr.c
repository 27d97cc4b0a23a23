/*
 * mem_partition_attr.c -- memories split as the source asks: SLUICE_PARTITION
 * on a global (coef, four banks where the loops need two) and on a local
 * array (big, two banks where the loops need none), beside the memories
 * the compiler splits on its own (acc, tab); every access, of banks known
 * at compile time or not, gives the CPU's results.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t coef[1024] SLUICE_PARTITION(4);
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
		uint32_t big[300] SLUICE_PARTITION(2);
		for (uint32_t i = 0; i < 300; i++)
			big[i] = i * n;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t a = coef[2 * i] + big[i % 300], b = coef[2 * i + 1];
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
