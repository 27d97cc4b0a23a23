// A host-to-device pipe is written by the host only.
// expect-error: 11: kernel 'k' writes host pipe 'in', which carries data from the host to the device
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_PIPE(loop, int32_t, 4);

SLUICE_KERNEL void k(int32_t x)
{
	sluice_write(loop, x);
	sluice_write(in, x);
}

SLUICE_KERNEL void r(void)
{
	(void)sluice_read(loop);
	(void)sluice_read(in);
}
