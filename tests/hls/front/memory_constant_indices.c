// A global memory whose indices are all constants stays one memory
// (globalopt would otherwise split it into scalar globals, which are
// neither kernel state nor memories).
// expect-ir: mem sums: 300 x 32 bits
// expect-ir: const.64 299
// expect-ir: mem.store sums, %
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t sums[300];

SLUICE_KERNEL void constant_indices(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		sums[0] += x;
		sums[299] ^= x;
		sluice_write(out, sums[0] + sums[299]);
	}
}
