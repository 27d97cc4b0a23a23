/*
 * dce.c -- dead-op elimination.
 *
 * Removes every op whose result nobody uses and that has no side effect
 * (pipe and state operations and terminators stay), repeating until nothing
 * changes, so chains of dead arithmetic that lowering left behind (unused
 * halves of a packed pipe word, overflow bits nobody reads) do not become
 * registers and LUTs.  Op ids are kept: they need not be dense, only unique.
 */
#include "pass.h"

#include <stdlib.h>

static unsigned dce_kernel(struct ir_kernel *k)
{
	unsigned *uses = calloc(k->nops_total ? k->nops_total : 1, sizeof *uses);
	unsigned removed = 0;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			struct ir_op *op = k->blocks[b]->ops[i];
			for (unsigned a = 0; a < op->nargs; a++)
				uses[op->args[a]->id]++;
		}
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *blk = k->blocks[b];
			unsigned kept = 0;
			for (unsigned i = 0; i < blk->nops; i++) {
				struct ir_op *op = blk->ops[i];
				if (!uses[op->id] && !ir_has_side_effect(op->opc)) {
					for (unsigned a = 0; a < op->nargs; a++)
						uses[op->args[a]->id]--;
					removed++;
					changed = true;
					continue;
				}
				blk->ops[kept++] = op;
			}
			blk->nops = kept;
		}
	}
	free(uses);
	return removed;
}

void pass_dce(struct hls_ctx *ctx, struct ir_program *p)
{
	(void)ctx;
	for (unsigned i = 0; i < p->nkernels; i++)
		dce_kernel(p->kernels[i]);
}
