// Arrays indexed by a variable become registers, and constant tables
// logic, up to 512 bytes; larger ones are an error at the access that
// names the array and its size.
// expect-error: 19: local array 'buf' of 1024 bytes indexed by a variable needs block RAM
// expect-error: 20: constant table 'table' of 1024 bytes indexed by a variable needs block RAM
// expect-errors: 2
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static const uint32_t table[256] = {1, 2, 3};

SLUICE_KERNEL void big(uint32_t n)
{
	uint32_t buf[256];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		buf[x & 255] = x;
		x += table[x >> 24];
		sluice_write(out, buf[(x >> 8) & 255]);
	}
}
