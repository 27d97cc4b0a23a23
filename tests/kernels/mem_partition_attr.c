/*
 * mem_partition_attr.c -- memories split as the source asks, with
 * SLUICE_PARTITION: a global in four banks where its loop needs two
 * (words 2i and 2i + 1 an iteration) and a local array in two banks where
 * its loops need none; then accesses whose bank is not known at compile
 * time (an index read from the pipe) read every bank and select, or
 * write the bank the index names.  Every result is the CPU's.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t coef[1024] SLUICE_PARTITION(4);

SLUICE_AUTORUN void mem_partition_attr(void)
{
	for (;;) {
		uint32_t n = sluice_read(in) & 511;
		uint32_t big[300] SLUICE_PARTITION(2);
		for (uint32_t i = 0; i < 300; i++)
			big[i] = i * n + 7u;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = sluice_read(in);
			coef[2 * i] += x;
			coef[2 * i + 1] ^= x >> 3;
			sluice_write(out, coef[2 * i] - coef[2 * i + 1] + big[(i * 7u) % 300u]);
		}
		uint32_t x = sluice_read(in);
		coef[x & 1023] = x;
		big[(x >> 10) % 300u] ^= x;
		sluice_write(out, coef[(x >> 12) & 1023] + big[(x >> 22) % 300u]);
	}
}

/* sluice-test:
   input in = [40] random(40, seed=93) [0x0012c40b] [9] random(9, seed=94) [0xffffffff] [0] [0x12345678]
   expect out = 52
*/
