// memset and memcpy on arrays in memory become loops of word accesses:
// the local's `= {0}` a loop of stores of 0, its initializer list a copy
// from a ROM of the list, a memset of a variable number of words a
// guarded loop of the repeated byte, a memcpy between two globals a loop
// of loads and stores.
// expect-ir: mem zeroed: 300 x 32 bits
// expect-ir: mem listed: 300 x 32 bits
// expect-ir: mem __const_copies_listed: 300 x 32 bits, rom, initialised
// expect-ir: mem.store zeroed, %
// expect-ir: = mem.load.32 __const_copies_listed, %
// expect-ir: = mem.load.32 src, %
// expect-ir: mem.store dst, %
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t src[300], dst[300];

SLUICE_KERNEL void copies(uint32_t n)
{
	uint32_t zeroed[300] = {0};
	uint32_t listed[300] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		zeroed[x % 300] += x;
		listed[(x >> 9) % 300] ^= x;
	}
	memset(src, 0x5a, (n % 300) * sizeof src[0]);
	memcpy(dst, src, sizeof dst);
	for (uint32_t i = 0; i < 300; i++)
		sluice_write(out, zeroed[i] + listed[i] + dst[i]);
}
