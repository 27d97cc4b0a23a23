/*
 * latency.c -- the pipes specification's latency-control example, in C.
 *
 * The specification's single_task reads Pipe1 with latency_anchor_id<0>,
 * writes Pipe2 with latency_anchor_id<1> exactly 2 cycles after anchor 0,
 * and writes Pipe3 at least 2 cycles after anchor 1.  In the
 * specification Pipe2 and Pipe3 are both pipe<class PipeClass2, int, 8>:
 * the same type, so the same pipe, and this example keeps that: both
 * writes go to `pipe2`.  The pipes are I/O pipes of MinCapacity 0 (the
 * specification's have MinCapacity 8) so that the kernel's reads and
 * writes happen in the cycle of the port handshakes and the cycle counts
 * can be checked at the ports: out[2k] - in[k] == 2 and
 * out[2k+1] - out[2k] >= 2 for each invocation k.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(pipe1, int32_t, 0);
SLUICE_IO_PIPE_OUT(pipe2, int32_t, 0);

SLUICE_KERNEL void latency(void)
{
	/* The following read is anchor 0 */
	int32_t value = sluice_read(pipe1, SLUICE_ANCHOR(0));
	/* This write is anchor 1 and occurs exactly 2 cycles after anchor 0 */
	sluice_write(pipe2, value, SLUICE_ANCHOR(1), SLUICE_LATENCY(0, SLUICE_EXACT, 2));
	/* This write occurs at least 2 cycles after anchor 1 */
	sluice_write(pipe2, value, SLUICE_LATENCY(1, SLUICE_MIN, 2));
}

/* sluice-test:
   input pipe1 = 11 -22 33 0x7fffffff
   start latency()
   start latency()
   start latency()
   start latency()
   expect pipe2 = 11 11 -22 -22 33 33 0x7fffffff 0x7fffffff
   cycles pipe2[2*i] - pipe1[i] == 2
   cycles pipe2[2*i+1] - pipe2[2*i] >= 2
*/
