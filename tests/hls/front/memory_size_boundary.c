// Up to 512 bytes an array indexed by a variable stays registers (a
// global: kernel state); one more word makes it a memory.
// expect-ir: state at_limit: 4096 bits
// expect-ir: mem over_limit: 129 x 32 bits
// expect-ir: mem local_over: 129 x 32 bits
// expect-ir-not: mem at_limit
// expect-ir-not: mem local_at
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t at_limit[128];	 /* 512 bytes */
static uint32_t over_limit[129]; /* 516 bytes */

SLUICE_KERNEL void size_boundary(uint32_t n)
{
	uint32_t local_at[128], local_over[129];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		at_limit[x & 127] += x;
		over_limit[x % 129] += x;
		local_at[(x >> 8) & 127] = x;
		local_over[(x >> 8) % 129] = x;
		sluice_write(out, local_at[x & 127] + local_over[x % 129]);
	}
}
