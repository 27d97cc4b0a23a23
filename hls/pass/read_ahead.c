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
 * Then X itself runs in L's last cycle, where that leaves L as long as it
 * was (fold, below): its ops after L's, its pipe ops guarded by L's exit
 * test, so that a block costs L alone (bench/oddeven's sort on the ECP5:
 * 16 cycles a block of 16 words).
 *
 * Needs: a verified program.  Guarantees: a verified program that reads
 * the same words in the same order and computes the same results.
 */
#include "pass.h"

#include "../sched/schedule.h"

#include <stdlib.h>
#include <string.h>

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

/* `condbr c, L, R`, in no block yet. */
static struct ir_op *l_or_r(struct hls_ctx *ctx, struct ir_op *c, struct ir_block *l,
			    struct ir_block *r, struct ir_loc loc)
{
	struct ir_op *br = ir_op_new(ctx, l->kernel, NULL, IR_CONDBR, 0, 1);
	br->args[0] = c;
	br->loc = loc;
	br->nsuccs = 2;
	br->succs = arena_alloc(&ctx->arena, 2 * sizeof *br->succs);
	br->succs[0] = l;
	br->succs[1] = r;
	return br;
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
	VEC_PUSH(&ctx->arena, ops, n, l_or_r(ctx, ok, l, r, ir_terminator(x)->loc));
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

/* ---- X in L's last cycle ----------------------------------------------------------- */

/* X may run in L's last cycle: L has no op under a latency constraint
 * (sched_block_length weighs L without them) and no pragma on it; X has
 * no phis, reads no memory or kernel state (L may write it), and its ops
 * that take effect are pipe ops without a guard or a latency constraint
 * (its writes and the read_nb above); its branch is read_ahead's. */
static bool foldable(const struct ir_block *l, struct ir_block *x)
{
	if (l->hint.present)
		return false;
	for (unsigned i = 0; i < l->nops; i++)
		if (has_latency(l->ops[i]))
			return false;
	struct ir_op *xt = ir_terminator(x);
	if (!xt || xt->opc != IR_CONDBR || xt->succs[0] != l || xt->succs[1] == l)
		return false;
	for (unsigned i = 0; i + 1 < x->nops; i++) {
		const struct ir_op *op = x->ops[i];
		if (op->opc == IR_PHI || op->opc == IR_MEM_LOAD || op->opc == IR_STATE_LOAD)
			return false;
		if (ir_has_side_effect(op->opc) &&
		    (op->opc < IR_PIPE_READ || op->opc > IR_PIPE_WRITE_NB || ir_guard(op) ||
		     has_latency(op)))
			return false;
	}
	return true;
}

/* What fold changes in ops it keeps, to put back when it does not pay. */
struct kept {
	struct ir_op *op;
	struct ir_op **args;
	struct ir_block **blocks;
	unsigned nargs;
	struct ir_block *block;
};

static struct ir_op *new_op(struct hls_ctx *ctx, struct ir_block *b, enum ir_opcode opc,
			    unsigned width, struct ir_op *a0, struct ir_op *a1, struct ir_op *a2,
			    struct ir_loc loc)
{
	struct ir_op *op = ir_op_new(ctx, b->kernel, NULL, opc, width, a2 ? 3 : 2);
	op->args[0] = a0, op->args[1] = a1;
	if (a2)
		op->args[2] = a2;
	op->block = b;
	op->loc = loc;
	return op;
}

/* X's ops in L's last cycle, where that costs L no cycle: after L's ops,
 * with X's pipe ops guarded by L's exit test; L's phis take from L,
 * through a select on the test, what they took from L or from X; and L
 * goes round again when it does not exit, or when X's read found a word:
 *
 *     L:  phis (from R; from L: cont ? L's value : X's); ...;
 *         X's ops, its pipe ops taking effect when !cont;
 *         cont | ok ? L : R
 *
 * So a block costs L's cycles alone: bench/oddeven's sort took 17 cycles
 * a block of 16 words, now 16.  The selects are the phi registers'
 * multiplexers as they were (a term more in their select), but they come
 * after L's values in the cycle; sched_block_length says whether L stays
 * as long as it was with them and with X's ops.  X's pipe ops complete in
 * L's last cycle when L exits, in the order they had after L's (X's
 * ops follow L's in the block); their guard is L's test, which an exit
 * reads anyway. */
static bool fold(struct hls_ctx *ctx, struct ir_program *p, struct ir_kernel *k,
		 struct ir_block *l, struct ir_block *x)
{
	unsigned ii = 0;
	unsigned before = foldable(l, x) ? sched_block_length(ctx, p, l, &ii) : 0;
	if (!before || ii)
		return false;
	struct ir_op *lt = ir_terminator(l), *xt = ir_terminator(x);
	struct ir_block *r = xt->succs[1];
	struct ir_loc loc = lt->loc;
	struct ir_op **l_ops = l->ops;
	unsigned l_nops = l->nops;
	struct kept *kept = NULL;
	unsigned nkept = 0;

	struct ir_op *one = ir_op_new(ctx, k, NULL, IR_CONST, 1, 0);
	one->imm = 1;
	one->loc = loc;
	one->block = l;
	struct ir_op *c = lt->args[0];
	struct ir_op *flip = new_op(ctx, l, IR_XOR, 1, c, one, NULL, loc);
	struct ir_op *leave = lt->succs[0] == x ? c : flip, *cont = lt->succs[0] == x ? flip : c;

	struct ir_op **ops = NULL;
	unsigned n = 0;
	unsigned nphi = 0; /* the constant after L's phis, for the trial */
	while (l->ops[nphi]->opc == IR_PHI)
		VEC_PUSH(&ctx->arena, ops, n, l->ops[nphi++]);
	VEC_PUSH(&ctx->arena, ops, n, one);
	for (unsigned i = nphi; i + 1 < l->nops; i++)
		VEC_PUSH(&ctx->arena, ops, n, l->ops[i]);
	VEC_PUSH(&ctx->arena, ops, n, flip);
	for (unsigned i = 0; i + 1 < x->nops; i++) {
		struct ir_op *op = x->ops[i];
		struct kept kp = {op, op->args, op->phi_blocks, op->nargs, op->block};
		VEC_PUSH(&ctx->arena, kept, nkept, kp);
		op->at_end = op->opc == IR_PIPE_READ_NB && op->pipe == l->read_ahead;
		if (ir_has_side_effect(op->opc)) {
			struct ir_op **args = arena_alloc(&ctx->arena,
							  (op->nargs + 1) * sizeof *args);
			memcpy(args, op->args, op->nargs * sizeof *args);
			args[op->nargs] = leave;
			op->args = args;
			op->nargs++;
		}
		op->block = l;
		VEC_PUSH(&ctx->arena, ops, n, op);
	}
	for (unsigned i = 0; l->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = l->ops[i];
		struct kept kp = {phi, phi->args, phi->phi_blocks, phi->nargs, phi->block};
		VEC_PUSH(&ctx->arena, kept, nkept, kp);
		struct ir_op *vl = *from_block(phi, l), *vx = *from_block(phi, x);
		struct ir_op *sel = vl;
		if (vl != vx) {
			sel = new_op(ctx, l, IR_SELECT, phi->width, cont, vl, vx, phi->loc);
			sel->name = phi->name;
			sel->phi_mux = true;
			VEC_PUSH(&ctx->arena, ops, n, sel);
		}
		struct ir_op **args = arena_alloc(&ctx->arena, phi->nargs * sizeof *args);
		struct ir_block **blocks = arena_alloc(&ctx->arena, phi->nargs * sizeof *blocks);
		unsigned m = 0;
		for (unsigned a = 0; a < phi->nargs; a++)
			if (phi->phi_blocks[a] != x) {
				args[m] = phi->phi_blocks[a] == l ? sel : phi->args[a];
				blocks[m++] = phi->phi_blocks[a];
			}
		phi->args = args;
		phi->phi_blocks = blocks;
		phi->nargs = m;
	}
	/* the phis elsewhere (R's) that took a value from X take it from L */
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; b != l->id && i < k->blocks[b]->nops; i++) {
			struct ir_op *phi = k->blocks[b]->ops[i];
			if (phi->opc != IR_PHI || !from_block(phi, x))
				continue;
			struct kept kp = {phi, phi->args, phi->phi_blocks, phi->nargs, phi->block};
			VEC_PUSH(&ctx->arena, kept, nkept, kp);
			struct ir_block **blocks = arena_alloc(&ctx->arena,
							       phi->nargs * sizeof *blocks);
			for (unsigned a = 0; a < phi->nargs; a++)
				blocks[a] = phi->phi_blocks[a] == x ? l : phi->phi_blocks[a];
			phi->phi_blocks = blocks;
		}
	struct ir_op *go = new_op(ctx, l, IR_OR, 1, cont, xt->args[0], NULL, xt->loc);
	VEC_PUSH(&ctx->arena, ops, n, go);
	struct ir_op *br = l_or_r(ctx, go, l, r, lt->loc);
	br->block = l;
	VEC_PUSH(&ctx->arena, ops, n, br);
	ir_block_set_ops(ctx, l, ops, n);

	l->exit_folded = true; /* the delay model's condbr reads it */
	unsigned after = sched_block_length(ctx, p, l, &ii);
	if (!after || after > before || ii) {
		l->exit_folded = false;
		for (unsigned i = 0; i < nkept; i++) {
			kept[i].op->args = kept[i].args;
			kept[i].op->phi_blocks = kept[i].blocks;
			kept[i].op->nargs = kept[i].nargs;
			kept[i].op->block = kept[i].block;
			kept[i].op->at_end = false;
		}
		l->ops = l_ops;
		l->nops = l_nops;
		return false;
	}
	/* the constant to the entry block, with the others */
	memmove(ops + nphi, ops + nphi + 1, (n - nphi - 1) * sizeof *ops);
	ir_block_set_ops(ctx, l, ops, n - 1);
	edit_put_first(ctx, k->blocks[0], one);
	bool *drop = calloc(k->nblocks, sizeof *drop);
	drop[x->id] = true;
	ir_drop_blocks(k, drop);
	free(drop);
	ir_compute_preds(ctx, k);
	return true;
}

void pass_read_ahead(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *r = k->blocks[b], *l, *x;
			if (shape(ctx, r, &l, &x)) {
				read_ahead(ctx, k, r, l, x);
				unsigned xid = x->id;
				if (fold(ctx, p, k, l, x) && xid < b)
					b--; /* r moved down a place */
			}
		}
	}
}
