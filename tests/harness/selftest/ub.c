/*
 * ub.c -- self-test: the kernel overflows a signed int for one input, so
 * the CPU reference must stop with the sanitizer's message.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void overflow(int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(out, sluice_read(in) * 65536);
}

/* sluice-test:
   input in = 1 2 100000
   start overflow(3)
   expect out = 3
*/
