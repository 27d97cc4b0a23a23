/*
 * global_counter.c -- a global as state that persists across invocations
 * of a started kernel: a call counter incremented per call, the kernel
 * started three times.
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, uint32_t, 4);

static uint32_t calls;

SLUICE_KERNEL void count_calls(uint32_t tag)
{
	calls++;
	sluice_write(out, calls * 1000u + tag);
}

/* sluice-test:
   start count_calls(7)
   start count_calls(8)
   start count_calls(9)
   expect out = 1007 2008 3009
*/
