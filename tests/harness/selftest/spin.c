/*
 * spin.c -- self-test: an autorun kernel spins on read_nb and the
 * scenario expects an output that never comes: the CPU run must end by
 * its timeout with the kernel reported as running.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_AUTORUN void spinner(void)
{
	bool ok;
	int32_t v = sluice_read_nb(in, &ok);
	if (ok && v > 100)
		sluice_write(out, v);
}

/* sluice-test:
   input in = 1 2 3
   expect out = 1
*/
