// Every kernel pipe needs a reader and a writer.
// expect-error: 12: pipe 'lost' is written by kernel 'k' but no kernel reads it
// expect-error: 13: pipe 'never' is read by kernel 'k' but no kernel writes it
#include <sluice.h>

SLUICE_PIPE(lost, int32_t, 4);
SLUICE_PIPE(never, int32_t, 4);
SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);

SLUICE_KERNEL void k(void)
{
	sluice_write(lost, sluice_read(in));
	(void)sluice_read(never);
}
