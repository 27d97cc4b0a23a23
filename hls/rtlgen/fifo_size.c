/*
 * fifo_size.c -- the depth of the FIFO behind each pipe.
 *
 * Rule (sets pipe->depth, always >= min_capacity):
 *   - an I/O pipe of MinCapacity 0 has no FIFO (depth 0): its top-level
 *     port is wired straight to the kernel, so the kernel's read or write
 *     completes in the cycle of the handshake on the port;
 *   - every other pipe (kernel-to-kernel, host, I/O with MinCapacity > 0)
 *     gets depth max(MinCapacity, 2).  Two words is the least that moves one
 *     word per cycle through rtl/sluice_fifo.v (a one-word FIFO is ready
 *     only every other cycle), so a pipe never limits a kernel's rate.
 *     A host pipe always has its FIFO, whatever its MinCapacity: the host
 *     bridge's credits count on exactly that depth.
 * Not yet: depth to cover the latency between a writer and a reader that
 * run ahead of each other (for example a producer's burst before the
 * consumer's first read); that needs the schedule of both ends.
 */
#include "rtlgen_internal.h"

#define FIFO_MIN_DEPTH 2

bool rtl_pipe_has_fifo(const struct ir_pipe *pipe)
{
	return !(pipe->kind == PIPE_IO && pipe->min_capacity <= 0);
}

void rtl_choose_depths(struct ir_program *p)
{
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		if (!rtl_pipe_has_fifo(pipe)) {
			pipe->depth = 0;
			continue;
		}
		unsigned cap = pipe->min_capacity > 0 ? (unsigned)pipe->min_capacity : 0;
		pipe->depth = cap > FIFO_MIN_DEPTH ? cap : FIFO_MIN_DEPTH;
	}
}
