/*
 * fifo_size.c -- the depth of the FIFO behind each pipe.
 *
 * Rule (sets pipe->depth, always >= min_capacity):
 *   - an I/O pipe of MinCapacity 0 has no FIFO (depth 0): its top-level
 *     port is wired straight to the kernel, so the kernel's read or write
 *     completes in the cycle of the handshake on the port;
 *   - a pipe from one kernel to another of MinCapacity 0 or 1 is a
 *     register slice (depth 1, ready_through): one word of capacity at one
 *     word per cycle, half the flip-flops of a two-word FIFO and none of
 *     its multiplexers -- the pipeline register between two stages that
 *     one would write by hand.  Its s_axis_tready is combinational from
 *     the reader's tready, so the readies of its two kernels form one
 *     path; to keep every such path to two kernels (and free of loops), no
 *     kernel both reads one register slice and writes another: the
 *     pipes are taken in program order and a pipe that would break this
 *     gets a FIFO;
 *   - a pipe between the parts of a kernel that hls/pass/fission.c cut
 *     is a single register (depth 1): it takes a word each time the first
 *     part passes the cut, which takes more than a cycle (fission.c cuts
 *     only such parts).  Where the second part keeps the word in it while
 *     its loop runs (a kept read, taken in the loop's last iteration), it
 *     is a register slice, chosen before any other, so that the next word
 *     comes in the cycle the last is taken; the register is then the
 *     only copy of the word.  Otherwise its ready is not passed through:
 *     one word every two cycles keeps up, and no ready path joins the two
 *     kernels.  That includes a word kept until the block that reads it
 *     is all but done with it (rtl_take_state): taken in the block's
 *     last state but one, it leaves its register free for the next word
 *     as the block ends, where a ready path through the second part would
 *     lengthen the first one's stall (bench/aes128 on the UP5K, taken in
 *     the last state through a register slice: 45.7 -> 41.3 MHz, the
 *     median of seeds 1-3).  Either way a word of hundreds of bits is
 *     not buffered twice.  Where the second part takes the word at
 *     once, into registers of its own (no kept read, no take state), the
 *     pipe has no register at all (direct, depth 0): the first part's
 *     word, made from registers it holds until its write completes, is
 *     wired to the second part's read, and the first part waits for the
 *     take.  It loses nothing: the second part takes the word as it
 *     starts on it, and the first part's next pass runs beside that, as
 *     with a register; a register would be a third copy of the word
 *     (bench/sha256_lead's block of 16 words on the UP5K: 2585 flip-flops
 *     and 36.2 MHz against 3101, which did not place).  Its readies join
 *     the two parts as a register slice's do, so it is made only where
 *     may_slice allows one (slice_end counts it);
 *   - every other pipe (host, I/O with MinCapacity > 0, kernel-to-kernel
 *     otherwise) gets depth max(MinCapacity, 2).  Two words is the least
 *     that moves one word per cycle through rtl/sluice_fifo.v with nothing
 *     combinational between its sides, so a pipe never limits a kernel's
 *     rate.  A host pipe always has its FIFO, whatever its MinCapacity:
 *     the host bridge's credits count on exactly that depth.
 * Not yet: depth to cover the latency between a writer and a reader that
 * run ahead of each other (for example a producer's burst before the
 * consumer's first read); that needs the schedule of both ends.
 */
#include "rtlgen_internal.h"

#define FIFO_MIN_DEPTH 2

/* Whether kernel k is the `reader` (else the writer) of a register slice
 * chosen so far. */
static bool slice_end(const struct ir_program *p, const struct ir_kernel *k,
		      bool reader)
{
	for (unsigned i = 0; i < p->npipes; i++) {
		const struct ir_pipe *q = p->pipes[i];
		if ((q->ready_through || q->direct) && (reader ? q->reader : q->writer) == k)
			return true;
	}
	return false;
}

/* Whether pipe may be a register slice: its kernels are no ends of
 * slices that would join it into a longer path of readies. */
static bool may_slice(const struct ir_program *p, const struct ir_pipe *pipe)
{
	return pipe->reader && pipe->writer && pipe->reader != pipe->writer &&
	       !slice_end(p, pipe->writer, true) && !slice_end(p, pipe->reader, false);
}

int rtl_take_state(const struct sched_kernel *sk, const struct ir_op *op)
{
	const struct ir_block *b = op->block;
	if (op->opc != IR_PIPE_READ || op->keep || !op->pipe->cut || ir_guard(op) ||
	    sk->ii[b->id] || sk->block_len[b->id] < 2)
		return -1;
	unsigned c = sk->cycle[op->id], t = sk->block_len[b->id] - 2;
	bool between = false;
	for (unsigned i = 0; i < b->kernel->nblocks; i++) {
		const struct ir_block *b2 = b->kernel->blocks[i];
		for (unsigned j = 0; j < b2->nops; j++) {
			const struct ir_op *u = b2->ops[j];
			for (unsigned a = 0; a < u->nargs; a++) {
				if (u->args[a] != op)
					continue;
				if (b2 != b || u->opc == IR_PHI)
					return -1;
				between |= sk->cycle[u->id] > c && sk->cycle[u->id] <= t;
			}
		}
	}
	return between ? (int)t : -1;
}

void rtl_choose_depths(struct ir_program *p, const struct hls_schedule *s)
{
	for (unsigned i = 0; i < p->npipes; i++)
		p->pipes[i]->ready_through = p->pipes[i]->direct = false;
	/* the pipes of kept reads first: the slices their loops need */
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			const struct ir_block *blk = p->kernels[k]->blocks[b];
			for (unsigned j = 0; j < blk->nops; j++) {
				struct ir_pipe *pipe = blk->ops[j]->pipe;
				if (blk->ops[j]->keep && may_slice(p, pipe))
					pipe->ready_through = true;
				if (rtl_take_state(&s->kernels[k], blk->ops[j]) >= 0)
					pipe->kept = true;
			}
		}
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		if (!ir_pipe_has_fifo(pipe)) {
			pipe->depth = 0;
			continue;
		}
		if (pipe->cut && !pipe->kept && may_slice(p, pipe)) {
			pipe->direct = true;
			pipe->depth = 0;
			continue;
		}
		if (pipe->cut) {
			pipe->depth = 1;
			continue;
		}
		if (pipe->kind == PIPE_KERNEL && pipe->min_capacity <= 1 && may_slice(p, pipe)) {
			pipe->depth = 1;
			pipe->ready_through = true;
			continue;
		}
		unsigned cap = pipe->min_capacity > 0 ? (unsigned)pipe->min_capacity : 0;
		pipe->depth = cap > FIFO_MIN_DEPTH ? cap : FIFO_MIN_DEPTH;
	}
}
