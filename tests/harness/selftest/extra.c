/*
 * extra.c -- self-test: the kernel writes more words than the scenario
 * expects, which the CPU check must report.
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, int32_t, 4);

SLUICE_KERNEL void three(void)
{
	for (int32_t i = 0; i < 3; i++)
		sluice_write(out, i);
}

/* sluice-test:
   start three()
   expect out = 2
*/
