/*
 * dce.c -- dead-op elimination.
 *
 * Removes every op that no side effect depends on: an op is live when it
 * has a side effect (pipe, state and memory operations, terminators) or
 * a live op uses it, and every other op goes.  Chains of dead arithmetic
 * that lowering left behind (unused halves of a packed pipe word,
 * overflow bits nobody reads) do not become registers and LUTs, and
 * neither do dead cycles through phis: the induction variable of a loop
 * whose exit test exit_test.c computes from a count of its own, `i = phi
 * [0, pre], [i + 1, loop]` with nothing else reading i, uses itself
 * round the loop, and counting uses would keep it (a 32-bit register and
 * adder in every such loop).  Op ids are kept: they need not be dense,
 * only unique.
 */
#include "pass.h"

#include <stdlib.h>

static unsigned dce_kernel(struct ir_kernel *k)
{
	unsigned n = k->nops_total ? k->nops_total : 1;
	bool *live = calloc(n, sizeof *live);
	struct ir_op **work = malloc(n * sizeof *work);
	unsigned nwork = 0;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			struct ir_op *op = k->blocks[b]->ops[i];
			if (ir_has_side_effect(op->opc)) {
				live[op->id] = true;
				work[nwork++] = op;
			}
		}
	while (nwork) {
		struct ir_op *op = work[--nwork];
		for (unsigned a = 0; a < op->nargs; a++)
			if (!live[op->args[a]->id]) {
				live[op->args[a]->id] = true;
				work[nwork++] = op->args[a];
			}
	}
	unsigned removed = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		unsigned kept = 0;
		for (unsigned i = 0; i < blk->nops; i++) {
			if (live[blk->ops[i]->id])
				blk->ops[kept++] = blk->ops[i];
			else
				removed++;
		}
		blk->nops = kept;
	}
	free(work);
	free(live);
	return removed;
}

void pass_dce(struct hls_ctx *ctx, struct ir_program *p)
{
	(void)ctx;
	for (unsigned i = 0; i < p->nkernels; i++)
		dce_kernel(p->kernels[i]);
}
