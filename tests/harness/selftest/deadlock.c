/*
 * deadlock.c -- self-test: the scenario feeds too few words, so the CPU
 * run must end in a deadlock report naming the kernel and the pipe.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void needs_four(void)
{
	int32_t s = 0;
	for (int i = 0; i < 4; i++)
		s += sluice_read(in);
	sluice_write(out, s);
}

/* sluice-test:
   input in = 1 2 3
   start needs_four()
   expect out = 1
*/
