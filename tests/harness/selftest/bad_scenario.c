/*
 * bad_scenario.c -- self-test: a scenario with an unknown directive must
 * be reported with its file and line.
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void nothing(void)
{
	sluice_write(out, 1);
}

/* sluice-test:
   start nothing()
   expect out = 1
   frobnicate out
*/
