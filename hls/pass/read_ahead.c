/*
 * read_ahead.c -- the word that starts a loop, tried for as the loop's
 * exit block ends.
 *
 * A kernel that takes a block of work, runs a loop over it and writes the
 * result, `for (;;) { w = read(p); for (...) ...; write(q, result); }`
 * (bench/oddeven's sort, once fission has cut its reads and writes off),
 * spends a state between the write and the loop on the read:
 *
 *     R:  phis; w = read(p); x = f(w, phis)      -> L
 *     L:  phis (x from R, their next values from L); ...  -> L or X
 *     X:  write(q, ...)                          -> R
 *
 * X now tries for the next word itself: a non-blocking read of p in X,
 * and when p has a word, X goes straight to L with R's values made again
 * of that word (and of what R's phis would take from X); when p is empty,
 * to R, which waits for it as before.  So a block costs L and X, not L, X
 * and R, whenever its word is there in time: bench/oddeven's sort took 18
 * cycles a block of 16 words, now 17.
 * The phis of L take the same bits of p's word from X as from R, so their
 * registers' multiplexers gain no input, only a term of their select.
 *
 * Why not a blocking read in X, or the read in L: X's operations complete
 * in one clock, so a blocking read there would hold the write back until
 * the next word came, and a host that waits for a block's result before
 * it sends the next block would wait forever; a non-blocking read
 * completes whether p has a word or not.  In L the word would reach the
 * loop's values through a select on the first iteration, which lengthens
 * the loop's recurrence (skip_empty_blocks.c, after_unit).
 *
 * The pipes spec: "Operations on the same pipe occur in program order."
 * X's read of p is the next operation on p after those of L and X (it
 * comes last in X), and before R's, which runs only when X's found p
 * empty.  X's operations on other pipes complete in the clock X's read
 * does, which the spec allows ("accesses to one pipe may be reordered
 * relative to accesses to another pipe"); not where a sluice_fence() in
 * X or R orders them, or a latency constraint names one of them, which
 * leave the kernel as it was.
 *
 * Needs: a verified program.  Guarantees: a verified program that reads
 * the same words in the same order and computes the same results.
 */
#include "pass.h"

#include "../sched/schedule.h"

#include <stdlib.h>

static bool has_latency(const struct ir_op *op)
{
	return op->lat.kind != LAT_NONE || op->lat.anchor >= 0;
}

/* R's ops but its phis, read and branch, made again of another word in
 * X: none that reads a memory or kernel state (X may store to it), takes
 * more than its cycle, or costs a unit of its own (a multiply, which the
 * scheduler may yet give a DSP block, a divide, a float op). */
static bool remakeable(enum hls_target target, const struct ir_op *op)
{
	return !ir_has_side_effect(op->opc) && op->opc != IR_PHI &&
	       op->opc != IR_MEM_LOAD && op->opc != IR_STATE_LOAD && op->opc != IR_MUL &&
	       op->opc != IR_UDIV && op->opc != IR_SDIV && op->opc != IR_UREM &&
	       op->opc != IR_SREM && !ir_is_float_op(op->opc) && !delay_op_latency(target, op);
}

/* R, L and X as above, or false. */
static bool shape(struct hls_ctx *ctx, struct ir_block *r, struct ir_block **lp,
		  struct ir_block **xp)
{
	struct ir_op *t = ir_terminator(r);
	if (r->nops < 2 || !t || t->opc != IR_BR)
		return false;
	unsigned nphi = 0;
	while (r->ops[nphi]->opc == IR_PHI)
		nphi++;
	struct ir_op *rd = r->ops[nphi];
	if (rd->opc != IR_PIPE_READ || rd->keep || ir_guard(rd) || has_latency(rd))
		return false;
	for (unsigned i = nphi + 1; i + 1 < r->nops; i++)
		if (!remakeable(ctx->target, r->ops[i]))
			return false;
	struct ir_block *l = t->succs[0];
	struct ir_op *lt = ir_terminator(l);
	if (l == r || !lt || lt->opc != IR_CONDBR || l->npreds != 2)
		return false;
	for (unsigned i = 0; i < l->npreds; i++)
		if (l->preds[i] != r && l->preds[i] != l)
			return false;
	struct ir_block *x = lt->succs[0] == l ? lt->succs[1] : lt->succs[0];
	if (x == l || x == r || (lt->succs[0] != l && lt->succs[1] != l))
		return false;
	struct ir_op *xt = ir_terminator(x);
	if (!xt || xt->opc != IR_BR || xt->succs[0] != r || x->npreds != 1)
		return false;
	for (unsigned i = 0; i < x->nops; i++) {
		const struct ir_op *op = x->ops[i];
		if (op->opc == IR_FENCE || (op->pipe && has_latency(op)) ||
		    (op->opc == IR_PHI && op->nargs != 1))
			return false;
	}
	*lp = l;
	*xp = x;
	return true;
}

/* Whether an op of b reads v, not counting b's phis' values coming from
 * block `from`; and the same uses made to read w instead. */
static bool used_on(const struct ir_block *b, const struct ir_block *from,
		    const struct ir_op *v)
{
	for (unsigned i = 0; i < b->nops; i++)
		for (unsigned a = 0; a < b->ops[i]->nargs; a++)
			if (b->ops[i]->args[a] == v &&
			    (b->ops[i]->opc != IR_PHI || b->ops[i]->phi_blocks[a] != from))
				return true;
	return false;
}

static void replace_on(struct ir_block *b, const struct ir_block *from,
		       const struct ir_op *v, struct ir_op *w)
{
	for (unsigned i = 0; i < b->nops; i++)
		for (unsigned a = 0; a < b->ops[i]->nargs; a++)
			if (b->ops[i]->args[a] == v &&
			    (b->ops[i]->opc != IR_PHI || b->ops[i]->phi_blocks[a] != from))
				b->ops[i]->args[a] = w;
}

/* Phi's value coming from block b. */
static struct ir_op **from_block(struct ir_op *phi, const struct ir_block *b)
{
	for (unsigned a = 0; a < phi->nargs; a++)
		if (phi->phi_blocks[a] == b)
			return &phi->args[a];
	return NULL;
}

static void read_ahead(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *r,
		       struct ir_block *l, struct ir_block *x)
{
	unsigned nphi = 0, nr = r->nops - 1; /* R's phis; its ops but its branch */
	while (r->ops[nphi]->opc == IR_PHI)
		nphi++;
	struct ir_op *rd = r->ops[nphi];
	/* by op id: R's value made again of X's word, and the phi of L that
	 * carries it */
	struct ir_op **made = calloc(k->nops_total, sizeof *made);
	struct ir_op **carried = calloc(k->nops_total, sizeof *carried);

	/* A value of R that L or X reads (but in L's phis coming from R), or
	 * that R's phis take from X, is the one R made last only while X goes
	 * to R: L carries it in a phi of its own, from R, or from X where X
	 * made it again.  fission's block number, handed along with the
	 * block's words, which X writes out; an outer loop's count, which R
	 * counts and R's phi takes back from X. */
	struct ir_op **phis = NULL;
	unsigned np = 0;
	for (unsigned i = 0; i < nr; i++) {
		struct ir_op *o = r->ops[i];
		bool need = used_on(l, r, o) || used_on(x, NULL, o);
		for (unsigned j = 0; j < nphi && !need; j++)
			need = *from_block(r->ops[j], x) == o;
		if (!need)
			continue;
		struct ir_op *c = ir_op_new(ctx, k, NULL, IR_PHI, o->width, 3);
		c->name = o->name;
		c->loc = o->loc;
		c->phi_blocks = arena_alloc(&ctx->arena, 3 * sizeof *c->phi_blocks);
		c->phi_blocks[0] = r, c->args[0] = o;
		c->phi_blocks[1] = l, c->args[1] = c;
		c->phi_blocks[2] = x, c->args[2] = NULL; /* below */
		c->block = l;
		carried[o->id] = c;
		VEC_PUSH(&ctx->arena, phis, np, c);
	}
	for (unsigned i = 0; i < nr; i++) {
		struct ir_op *o = r->ops[i], *c = carried[o->id];
		if (!c)
			continue;
		replace_on(l, r, o, c);
		replace_on(x, NULL, o, c);
		for (unsigned j = 0; j < nphi; j++)
			if (*from_block(r->ops[j], x) == o)
				*from_block(r->ops[j], x) = c;
	}

	/* X's ops, then: nb = read_nb(p); ok = nb[w]; word = nb[w-1:0];
	 * R's ops made of word, its phis being what they take from X;
	 * ok ? L : R */
	struct ir_op **ops = NULL;
	unsigned n = 0;
	for (unsigned i = 0; i + 1 < x->nops; i++)
		VEC_PUSH(&ctx->arena, ops, n, x->ops[i]);
	struct ir_op *nb = ir_op_new(ctx, k, NULL, IR_PIPE_READ_NB, rd->width + 1, 0);
	nb->pipe = rd->pipe;
	nb->name = rd->name;
	nb->loc = rd->loc;
	struct ir_op *ok = ir_op_new(ctx, k, NULL, IR_EXTRACT, 1, 1);
	ok->args[0] = nb;
	ok->index = rd->width;
	ok->loc = rd->loc;
	struct ir_op *word = ir_op_new(ctx, k, NULL, IR_EXTRACT, rd->width, 1);
	word->args[0] = nb;
	word->index = 0;
	word->name = rd->name;
	word->loc = rd->loc;
	VEC_PUSH(&ctx->arena, ops, n, nb);
	VEC_PUSH(&ctx->arena, ops, n, ok);
	VEC_PUSH(&ctx->arena, ops, n, word);
	for (unsigned j = 0; j < nphi; j++)
		made[r->ops[j]->id] = *from_block(r->ops[j], x);
	made[rd->id] = word;
	for (unsigned i = nphi + 1; i < nr; i++) {
		const struct ir_op *op = r->ops[i];
		struct ir_op *c = ir_op_new(ctx, k, NULL, op->opc, op->width, op->nargs);
		edit_copy_attrs(c, op);
		for (unsigned a = 0; a < c->nargs; a++)
			c->args[a] = op->args[a]->block == r ? made[op->args[a]->id] : op->args[a];
		made[op->id] = c;
		VEC_PUSH(&ctx->arena, ops, n, c);
	}
	struct ir_op *old = ir_terminator(x);
	struct ir_op *br = ir_op_new(ctx, k, NULL, IR_CONDBR, 0, 1);
	br->args[0] = ok;
	br->loc = old->loc;
	br->nsuccs = 2;
	br->succs = arena_alloc(&ctx->arena, 2 * sizeof *br->succs);
	br->succs[0] = l;
	br->succs[1] = r;
	VEC_PUSH(&ctx->arena, ops, n, br);
	for (unsigned i = 0; i < n; i++)
		ops[i]->block = x;
	ir_block_set_ops(ctx, x, ops, n);

	/* L's phis take from X what they take from R, made of X's word */
	for (unsigned i = 0; i < np; i++)
		phis[i]->args[2] = made[phis[i]->args[0]->id];
	for (unsigned i = 0; i < l->nops && l->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = l->ops[i], *v = *from_block(phi, r);
		edit_phi_append(ctx, phi, v->block == r ? made[v->id] : v, x);
	}
	if (np) {
		for (unsigned i = 0; i < l->nops; i++)
			VEC_PUSH(&ctx->arena, phis, np, l->ops[i]);
		ir_block_set_ops(ctx, l, phis, np);
	}
	free(made);
	free(carried);
	l->read_ahead = rd->pipe;
	ir_compute_preds(ctx, k);
}

void pass_read_ahead(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *r = k->blocks[b], *l, *x;
			if (shape(ctx, r, &l, &x))
				read_ahead(ctx, k, r, l, x);
		}
	}
}
