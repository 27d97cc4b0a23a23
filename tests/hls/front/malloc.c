// Dynamic memory: malloc is a function with no body in the sources.
// expect-error: 12: call to external function 'malloc' is not supported in a kernel
// expect-error: 14: call to external function 'free' is not supported in a kernel
#include <sluice.h>
#include <stdlib.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void k(void)
{
	int32_t *p = malloc(sizeof *p);
	*p = sluice_read(in);
	free(p);
	sluice_write(out, 1);
}
