// One pipe name declared with two types in two files (b.c has the error).
// expect-note: 7: the other declaration of 'samples' is here
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);

SLUICE_PIPE(samples, int32_t, 8);

SLUICE_KERNEL void producer(void)
{
	sluice_write(samples, sluice_read(in));
}
