// A kernel may not both read and write a pipe that the host also uses.
// expect-error: 13: kernel 'k' both reads and writes host pipe 'back'; the host also uses it
// expect-note: 12: 'k' reads 'back' here
#include <sluice.h>

SLUICE_HOST_PIPE(back, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void k(void)
{
	int32_t x;
	x = sluice_read(back);
	sluice_write(back, x + 1);
	sluice_write(out, x);
}
