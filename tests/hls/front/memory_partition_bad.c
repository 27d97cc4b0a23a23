// SLUICE_PARTITION takes a power of two up to 64
// expect-error: 7: SLUICE_PARTITION(3): the banks are 1, 2, 4, ... 64
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);
static uint32_t table[1024] SLUICE_PARTITION(3);

SLUICE_AUTORUN void k(void)
{
	uint32_t x = sluice_read(in);
	table[x & 1023] = x;
	sluice_write(out, table[(x >> 10) & 1023]);
}
