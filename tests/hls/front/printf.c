// printf has no body in the sources (and the hardware has no stdout).
// Every error of the kernel is reported, not only the first.
// expect-error: 13: call to external function 'printf' is not supported in a kernel
// expect-error: 15: call to external function 'puts' is not supported in a kernel
#include <sluice.h>
#include <stdio.h>

SLUICE_HOST_PIPE(in, int32_t, 4, SLUICE_H2D);

SLUICE_KERNEL void k(void)
{
	int32_t x = sluice_read(in);
	printf("got %d\n", x);
	if (x < 0)
		puts("negative");
}
