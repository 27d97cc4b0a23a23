/*
 * mem_cse.c -- a second read of a memory word in a block, with no write
 * to that memory between the two, is the first read.
 *
 * The front end keeps every memory access as it is written (the calls are
 * nomerge, so that LLVM neither merges nor reorders them), and a
 * read-modify-write of a field of a struct in memory reads its word twice
 * (`recs[j].n += x`: once for the field, once to put it back); each read
 * takes the memory's read port for a cycle.  Two reads of one memory at
 * the same index (one op, or constants of one value) in one block, with
 * no store to that memory between them in the block, read the same word:
 * the second is dropped and its users read the first.  Runs before
 * partition.c, whose choice counts the accesses.
 */
#include "pass.h"

void pass_mem_cse(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		for (unsigned bi = 0; bi < k->nblocks; bi++) {
			struct ir_block *b = k->blocks[bi];
			struct ir_op **ops = NULL;
			unsigned nops = 0;
			bool dropped = false;
			for (unsigned j = 0; j < b->nops; j++) {
				struct ir_op *op = b->ops[j];
				struct ir_op *first = NULL;
				/* the latest earlier read of the word, if no store to
				 * its memory comes after it */
				for (unsigned i = nops; op->opc == IR_MEM_LOAD && i-- > 0;) {
					struct ir_op *o = ops[i];
					if (o->mem != op->mem)
						continue;
					if (o->opc == IR_MEM_STORE)
						break;
					if (o->opc == IR_MEM_LOAD && o->width == op->width &&
					    ir_same_value(o->args[0], op->args[0])) {
						first = o;
						break;
					}
				}
				if (first) {
					edit_replace_uses(k, op, first);
					dropped = true;
					continue;
				}
				VEC_PUSH(&ctx->arena, ops, nops, op);
			}
			if (dropped)
				ir_block_set_ops(ctx, b, ops, nops);
		}
	}
}
