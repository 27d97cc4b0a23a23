/*
 * skip_empty_blocks.c -- bypasses blocks that only jump on.
 *
 * Constants and argument reads cost no logic and are valid everywhere, so
 * they move to the entry block first; then every block costs at least one
 * FSM state, so a block holding nothing but
 * `br X` (the preheaders and exit blocks that LLVM's loop canonicalisation
 * leaves) would cost a cycle each time control passes through it.  Each
 * predecessor P of such a block E is sent straight to X instead, and X's
 * phis take, for P, the value they took for E.  A predecessor that already
 * branches to X keeps going through E (X's phi could not tell the two edges
 * apart).  E disappears once nobody branches to it.
 *
 * Needs: a verified program.  Guarantees: a verified program in which no
 * block other than the entry consists of a lone unconditional branch,
 * except where the rule above keeps it; block ids are renumbered densely.
 */
#include "pass.h"

#include <stdlib.h>

static bool is_pred(const struct ir_block *b, const struct ir_block *p)
{
	for (unsigned i = 0; i < b->npreds; i++)
		if (b->preds[i] == p)
			return true;
	return false;
}

/* Redirects the edges P -> E to P -> X; returns whether it did. */
static bool bypass_edge(struct hls_ctx *ctx, struct ir_block *p,
			struct ir_block *e, struct ir_block *x)
{
	if (is_pred(x, p) || p == e)
		return false;
	struct ir_op *t = ir_terminator(p);
	for (unsigned s = 0; s < t->nsuccs; s++)
		if (t->succs[s] == e)
			t->succs[s] = x;
	/* X's phis: the value for E now also arrives from P */
	for (unsigned i = 0; i < x->nops && x->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = x->ops[i];
		for (unsigned a = 0; a < phi->nargs; a++) {
			if (phi->phi_blocks[a] != e)
				continue;
			unsigned n = phi->nargs, m = n;
			struct ir_op *v = phi->args[a];
			phi->args = arena_realloc(&ctx->arena, phi->args, n * sizeof *phi->args,
						  (n + 1) * sizeof *phi->args);
			phi->phi_blocks = arena_realloc(&ctx->arena, phi->phi_blocks,
							n * sizeof *phi->phi_blocks,
							(n + 1) * sizeof *phi->phi_blocks);
			phi->args[m] = v;
			phi->phi_blocks[m] = p;
			phi->nargs = n + 1;
			break;
		}
	}
	return true;
}

static void drop_phi_entries(struct ir_block *x, struct ir_block *e)
{
	for (unsigned i = 0; i < x->nops && x->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = x->ops[i];
		unsigned kept = 0;
		for (unsigned a = 0; a < phi->nargs; a++) {
			if (phi->phi_blocks[a] == e)
				continue;
			phi->args[kept] = phi->args[a];
			phi->phi_blocks[kept++] = phi->phi_blocks[a];
		}
		phi->nargs = kept;
	}
}

static bool is_free(const struct ir_op *op)
{
	return op->opc == IR_CONST || op->opc == IR_UNDEF || op->opc == IR_ARG ||
	       op->opc == IR_SPEC;
}

/* Moves constants and argument reads to the front of the entry block. */
static void hoist_free_ops(struct hls_ctx *ctx, struct ir_kernel *k)
{
	struct ir_block *entry = k->blocks[0];
	struct ir_op **front = NULL;
	unsigned nfront = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		unsigned kept = 0;
		for (unsigned i = 0; i < blk->nops; i++) {
			struct ir_op *op = blk->ops[i];
			if (is_free(op)) {
				op->block = entry;
				VEC_PUSH(&ctx->arena, front, nfront, op);
			} else {
				blk->ops[kept++] = op;
			}
		}
		blk->nops = kept;
	}
	/* VEC_PUSH grows at powers of two: keep the capacity one */
	unsigned cap = 1;
	while (cap < nfront + entry->nops)
		cap *= 2;
	struct ir_op **ops = arena_alloc(&ctx->arena, cap * sizeof *ops);
	for (unsigned i = 0; i < nfront; i++)
		ops[i] = front[i];
	for (unsigned i = 0; i < entry->nops; i++)
		ops[nfront + i] = entry->ops[i];
	entry->ops = ops;
	entry->nops += nfront;
}

static void skip_kernel(struct hls_ctx *ctx, struct ir_kernel *k)
{
	hoist_free_ops(ctx, k);
	bool *dead = calloc(k->nblocks, sizeof *dead);
	for (unsigned b = 1; b < k->nblocks; b++) {
		struct ir_block *e = k->blocks[b];
		if (e->nops != 1 || e->ops[0]->opc != IR_BR)
			continue;
		struct ir_block *x = e->ops[0]->succs[0];
		if (x == e)
			continue;
		ir_compute_preds(ctx, k);
		bool all = true;
		for (unsigned i = 0; i < e->npreds; i++)
			all &= bypass_edge(ctx, e->preds[i], e, x);
		ir_compute_preds(ctx, k);
		if (all && !e->npreds) {
			drop_phi_entries(x, e);
			dead[b] = true;
			e->nops = 0;
		}
	}
	unsigned kept = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		if (dead[b])
			continue;
		k->blocks[b]->id = kept;
		k->blocks[kept++] = k->blocks[b];
	}
	k->nblocks = kept;
	free(dead);
	ir_compute_preds(ctx, k);
}

void pass_skip_empty_blocks(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned i = 0; i < p->nkernels; i++)
		skip_kernel(ctx, p->kernels[i]);
}
