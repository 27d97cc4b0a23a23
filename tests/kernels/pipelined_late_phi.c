/*
 * pipelined_late_phi.c -- a value carried round that is ready late in the
 * iteration: the running sum adds a quotient that leaves the divider 34
 * cycles into the iteration, yet the loop runs at II 1, since the sum's
 * recurrence is one add: the phi's register takes each new sum in the
 * cycle it is ready, and the next iteration reads it from there (II 1,
 * one word per clock in timing mode).  The loop exits on a count, so
 * those writes wait for the exit test; the sum after the loop is the last
 * iteration's, and a second start enters the loop afresh.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);
SLUICE_IO_PIPE_OUT(total, uint32_t, 0);

SLUICE_KERNEL void divsum(uint32_t n, uint32_t d)
{
	uint32_t sum = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t q = sluice_read(xs) / (d | 1u);
		sum += q;
		sluice_write(ys, sum);
	}
	sluice_write(total, sum);
}

/* sluice-test:
   input xs = random(100, seed=61)
   start divsum(60, 7)
   start divsum(40, 2)
   expect ys = 100
   expect total = 2
   cycles ys[i+1] - ys[i] == 1 or i == 59
*/
