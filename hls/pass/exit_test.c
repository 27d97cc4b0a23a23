/*
 * exit_test.c -- the exit test of a counted loop, computed one iteration
 * ahead.
 *
 * A loop of one block decides at its end whether the next iteration runs:
 *
 *   loop:  i    = phi [init, pre], [inc, loop]
 *          ...
 *          inc  = add i, C
 *          cond = cmp inc, n            (n defined outside the loop; or
 *                                        cmp i, n: then D = 0 below, else C)
 *          condbr cond, loop, exit      (either way round)
 *
 * In a pipelined loop that decision is what every next iteration waits
 * for: the add, the compare and the branch must fit in the II's last
 * cycle, and on iCE40 at 48 MHz a 32-bit add and compare do not fit one
 * cycle (13.4 + 20.4 ns, and the branch's 14 ns), so such loops ran at
 * II 3 whatever their body.  When the chain is longer than the cycles an
 * iteration takes at least (one, or as many as its accesses to one pipe,
 * which take one a cycle: the chain then starts at i's register in the
 * iteration's first cycle and ends at the branch in its last), the
 * decision for the next iteration is computed in this one from an
 * induction variable two steps ahead, and the branch reads a register:
 *
 *   pre:   inc0 = add init, D;  go0 = cmp inc0, n;  k0 = add init, D + C
 *   loop:  go   = phi [go0, pre], [gonext, loop]
 *          k    = phi [k0, pre], [knext, loop]
 *          knext  = add k, C
 *          gonext = cmp k, n
 *          condbr go, loop, exit
 *
 * go in iteration j is cmp(i_j + D, n), the original condition, since k_j
 * = i_j + D + C modulo 2^width and i_{j+1} = i_j + C: the same values with
 * the same wrap-around, so the loop runs exactly as often.  The compare
 * now reads a register and has a whole cycle; the original i and inc stay
 * for their other uses (or dce removes them).
 *
 * A loop that counts by one up to a strict bound (x < n with C = 1, or
 * x > n with C = -1; signed or unsigned) needs no compare at all: it
 * counts down the iterations left, one bit wider than i, and tests a sign
 * bit:
 *
 *   pre:   x0 = add init, D;  r0 = ext(n) - ext(x0) - 1 = ext(n) + ~ext(x0)
 *   loop:  r  = phi [r0, pre], [rnext, loop]
 *          rnext = sub r, 1
 *          go = xor r[w], 1                  (r >= 0)
 *          condbr go, loop, exit
 *
 * (for x > n, r0 = ext(x0) + ~ext(n)).  r_j = n - x_j - 1 exactly, in
 * w + 1 bits: x_j < n holds iff r_j >= 0, and while it holds x_j + 1 does
 * not wrap, so x_{j+1} = x_j + 1 and r_{j+1} = r_j - 1.  The decision is a
 * register's bit; the compare of two 32-bit values, 20.4 ns of a 20.8 ns
 * period on iCE40 and the critical path of every counted loop there,
 * becomes a 33-bit decrement.  x <= n is left to the form above: with n
 * the largest value the original never ends, and a count would.  Where
 * init and n are constants, r0 is one too, and r needs only r0's bits and
 * a sign bit (r runs from r0 down to -1): r0 = 8 counts in 5 bits.
 *
 * A loop entered from several blocks with the same init (a counted loop
 * whose header skip_empty_blocks merged with an outer loop's: `for (;;) {
 * for (i = 0; i < 3; i++) ...; write(); }` enters it from before and from
 * the outer loop's last block) gets its values before the loop in the
 * entry block, where init and n must then be, and its new phis take them
 * from every block that enters.
 *
 * A loop of several blocks, its header H and the block L whose branch
 * goes back to H or leaves (an outer loop: `for (b = 0; b < n; b++) {
 * rounds; writes; }`), is rewritten the same way when the test's chain
 * does not fit L's cycles: i and the new phis are H's, their values from
 * L computed in L.  The phis of H change only on the edges into H, all at
 * once, so r = n - x - 1 (or k = i + D + C) holds in every block of the
 * iteration as it does in a loop of one block; L's branch then reads a
 * register's bit and L takes one state, not three (the add, the compare
 * and the branch of a 32-bit count each took one on iCE40 at 48 MHz).
 * The loop is H and the blocks that reach L without passing H; H must be
 * its only way in (no block of the loop but H has a predecessor outside
 * it) and L its only block going back to H; n is computed outside it.
 *
 * Where init and n are constants the pass also counts the iterations per
 * entry (block->trip, for the report) of a loop of one block, whether or
 * not it rewrites.
 */
#include <stdlib.h>

#include "pass.h"

#include "../sched/schedule.h"

/* The entry of phi x from the loop's last block, or -1 when it has not
 * one. */
static int back_entry(const struct ir_op *x, const struct ir_block *latch)
{
	int bk = -1;
	for (unsigned a = 0; a < x->nargs; a++)
		if (x->phi_blocks[a] == latch) {
			if (bk >= 0)
				return -1;
			bk = (int)a;
		}
	return bk;
}

/* phi, new in the loop's header: `first` from each block that enters the
 * loop, `next` from its last block. */
static void entries(struct hls_ctx *ctx, struct ir_op *phi, const struct ir_block *head,
		    const struct ir_block *latch, struct ir_op *first, struct ir_op *next)
{
	unsigned n = head->npreds;
	phi->args = arena_alloc(&ctx->arena, n * sizeof *phi->args);
	phi->phi_blocks = arena_alloc(&ctx->arena, n * sizeof *phi->phi_blocks);
	for (unsigned p = 0; p < n; p++) {
		phi->phi_blocks[p] = head->preds[p];
		phi->args[p] = head->preds[p] == latch ? next : first;
	}
	phi->nargs = n;
}

/* A compare like `cmp` with operand `at` replaced by x. */
static struct ir_op *cmp_like(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
			      const struct ir_op *cmp, unsigned at, struct ir_op *x)
{
	struct ir_op *c = edit_op(ctx, k, e, cmp->opc, 1, 2);
	c->loc = cmp->loc;
	c->args[at] = x;
	c->args[1 - at] = cmp->args[1 - at];
	return c;
}

/* b with `extra` ops (nx of them) before its terminator and `phis` after
 * its phis. */
static void insert(struct hls_ctx *ctx, struct ir_block *b, struct ir_op **phis,
		   unsigned np, struct ir_op **extra, unsigned nx)
{
	struct ir_op **ops = arena_alloc(&ctx->arena, (b->nops + np + nx) * sizeof *ops);
	unsigned n = 0, i = 0;
	for (; i < b->nops && b->ops[i]->opc == IR_PHI; i++)
		ops[n++] = b->ops[i];
	for (unsigned j = 0; j < np; j++)
		ops[n++] = phis[j];
	for (; i + 1 < b->nops; i++)
		ops[n++] = b->ops[i];
	for (unsigned j = 0; j < nx; j++)
		ops[n++] = extra[j];
	ops[n++] = b->ops[b->nops - 1];
	ir_block_set_ops(ctx, b, ops, n);
}

/* cmp of two w-bit values */
static bool eval_cmp(enum ir_opcode opc, uint64_t a, uint64_t b, unsigned w)
{
	uint64_t m = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1, s = UINT64_C(1) << (w - 1);
	a &= m, b &= m;
	int64_t sa = (int64_t)((a ^ s) - s), sb = (int64_t)((b ^ s) - s);
	switch (opc) {
	case IR_EQ: return a == b;
	case IR_NE: return a != b;
	case IR_ULT: return a < b;
	case IR_ULE: return a <= b;
	case IR_UGT: return a > b;
	case IR_UGE: return a >= b;
	case IR_SLT: return sa < sb;
	case IR_SLE: return sa <= sb;
	case IR_SGT: return sa > sb;
	default: return sa >= sb;
	}
}

#define MAX_TRIP_EVAL (1u << 22)

/* Iterations per entry of the loop (it runs once before its first test)
 * when init and n are constants; 0 when unknown or over MAX_TRIP_EVAL. */
static uint64_t trip_count(const struct ir_op *cmp, unsigned at, const struct ir_op *init,
			   uint64_t c, uint64_t d, bool stay_on_true)
{
	const struct ir_op *n = cmp->args[1 - at];
	if (init->opc != IR_CONST || n->opc != IR_CONST || init->width > 64)
		return 0;
	unsigned w = init->width;
	uint64_t i = init->imm;
	for (uint64_t trips = 1; trips <= MAX_TRIP_EVAL; trips++) {
		uint64_t x = i + d; /* what the compare sees in this iteration */
		bool t = at == 0 ? eval_cmp(cmp->opc, x, n->imm, w)
				 : eval_cmp(cmp->opc, n->imm, x, w);
		if (t != stay_on_true)
			return trips;
		i += c;
	}
	return 0;
}

/* The compare with the induction side first: x < n for cmp at 0, the
 * mirrored predicate for n > x. */
static enum ir_opcode x_first(enum ir_opcode opc, unsigned at)
{
	if (at == 0)
		return opc;
	switch (opc) {
	case IR_ULT: return IR_UGT;
	case IR_UGT: return IR_ULT;
	case IR_SLT: return IR_SGT;
	case IR_SGT: return IR_SLT;
	default: return opc; /* the others are not counted down */
	}
}

/* The count-down form (see the top of the file); false when the loop is
 * not one that counts by one to a strict bound. */
static bool count_down(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *pre,
		       struct ir_block *head, struct ir_block *latch, struct ir_op *t,
		       struct ir_op *cmp, unsigned at, struct ir_op *init, uint64_t c, uint64_t d)
{
	unsigned w = init->width;
	uint64_t m = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	enum ir_opcode opc = x_first(cmp->opc, at);
	bool up = (opc == IR_ULT || opc == IR_SLT) && c == 1;
	bool down = (opc == IR_UGT || opc == IR_SGT) && c == m;
	if ((!up && !down) || w >= 64)
		return false;
	enum ir_opcode ext = opc == IR_SLT || opc == IR_SGT ? IR_SEXT : IR_ZEXT;
	struct ir_op *n = cmp->args[1 - at];
	struct ir_loc loc = t->loc;
	unsigned rw = w + 1;
	struct ir_edit pe = {.block = pre, .loc = loc};
	struct ir_op *r0;
	if (init->opc == IR_CONST && n->opc == IR_CONST) {
		/* r0 known: the count as wide as r0 and a sign bit (aes128's
		 * ten rounds count in 5 bits, not 33) */
		int64_t s = ext == IR_SEXT ? (int64_t)(m >> 1) + 1 : 0; /* sign flip */
		int64_t x0 = (int64_t)(((init->imm + d) & m) ^ (uint64_t)s) - s;
		int64_t nv = (int64_t)((n->imm & m) ^ (uint64_t)s) - s;
		int64_t v = up ? nv - x0 - 1 : x0 - nv - 1;
		if (v < -1)
			v = -1; /* the same: no iteration after the first */
		rw = 2;
		while (rw < w + 1 && v >= (int64_t)1 << (rw - 1))
			rw++;
		r0 = edit_const(ctx, k, &pe, rw, (uint64_t)v & (rw >= 64 ? ~UINT64_C(0) :
								 (UINT64_C(1) << rw) - 1));
	} else {
		struct ir_op *cd = edit_const(ctx, k, &pe, w, d & m);
		struct ir_op *x0 = edit_op(ctx, k, &pe, IR_ADD, w, 2);
		x0->args[0] = init, x0->args[1] = cd;
		struct ir_op *ex = edit_op(ctx, k, &pe, ext, rw, 1);
		ex->args[0] = x0;
		struct ir_op *en = edit_op(ctx, k, &pe, ext, rw, 1);
		en->args[0] = n;
		/* a - b - 1 = a + ~b: one adder */
		struct ir_op *ones = edit_const(ctx, k, &pe, rw, ~UINT64_C(0));
		struct ir_op *nb = edit_op(ctx, k, &pe, IR_XOR, rw, 2);
		nb->args[0] = up ? ex : en, nb->args[1] = ones;
		r0 = edit_op(ctx, k, &pe, IR_ADD, rw, 2);
		r0->args[0] = up ? en : ex, r0->args[1] = nb;
	}
	insert(ctx, pre, NULL, 0, pe.ops, pe.n);

	struct ir_edit ph = {.block = head, .loc = loc}, le = {.block = latch, .loc = loc};
	struct ir_op *r = edit_op(ctx, k, &ph, IR_PHI, rw, 2);
	r->name = "iterations_left";
	struct ir_op *one_l = edit_const(ctx, k, &le, rw, 1);
	struct ir_op *rnext = edit_op(ctx, k, &le, IR_SUB, rw, 2);
	rnext->args[0] = r, rnext->args[1] = one_l;
	struct ir_op *sign = edit_op(ctx, k, &le, IR_EXTRACT, 1, 1);
	sign->args[0] = r, sign->index = rw - 1;
	struct ir_op *t1 = edit_const(ctx, k, &le, 1, 1);
	struct ir_op *go = edit_op(ctx, k, &le, IR_XOR, 1, 2);
	go->args[0] = sign, go->args[1] = t1;
	go->name = "exit_test_count";
	entries(ctx, r, head, latch, r0, rnext);
	insert(ctx, head, ph.ops, ph.n, NULL, 0);
	insert(ctx, latch, NULL, 0, le.ops, le.n);
	t->args[0] = go;
	return true;
}

/* The cycles that a loop's last block takes at least: its most accesses
 * to one pipe. */
static unsigned least_cycles(const struct ir_block *loop)
{
	unsigned most = 1;
	for (unsigned i = 0; i < loop->nops; i++) {
		const struct ir_op *x = loop->ops[i];
		if (x->opc < IR_PIPE_READ || x->opc > IR_PIPE_WRITE_NB)
			continue;
		unsigned n = 0;
		for (unsigned j = 0; j < loop->nops; j++)
			n += loop->ops[j]->pipe == x->pipe && loop->ops[j]->opc >= IR_PIPE_READ &&
			     loop->ops[j]->opc <= IR_PIPE_WRITE_NB;
		if (n > most)
			most = n;
	}
	return most;
}

/* The blocks of the loop whose header is head and whose last block (the
 * one going back) is latch (ir_loop_blocks), by block id.  NULL when
 * head is not the loop's only way in, or latch not its only block going
 * back to head. */
static bool *loop_blocks(const struct ir_kernel *k, const struct ir_block *head,
			 struct ir_block *latch)
{
	bool *in = calloc(k->nblocks, sizeof *in);
	bool ok = ir_loop_blocks(k, head, latch, in, k->nblocks) > 0 &&
		  (latch != k->blocks[0] || latch == head);
	for (unsigned b = 0; b < k->nblocks && ok; b++)
		for (unsigned p = 0; in[b] && k->blocks[b] != head && p < k->blocks[b]->npreds; p++)
			ok = in[k->blocks[b]->preds[p]->id];
	for (unsigned p = 0; ok && p < head->npreds; p++)
		ok = head->preds[p] == latch || !in[head->preds[p]->id];
	if (!ok) {
		free(in);
		return NULL;
	}
	return in;
}

/* Rewrites the test of the loop that latch's branch to head closes, if
 * it is a counted loop's and its chain does not fit latch's cycles;
 * whether the branch is that loop's test at all. */
static bool rewrite_loop(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *head,
			 struct ir_block *latch, double period)
{
	struct ir_op *t = latch->ops[latch->nops - 1];
	struct ir_op *cmp = t->args[0];
	if (cmp->block != latch || !ir_is_compare(cmp->opc))
		return false;
	bool *in = loop_blocks(k, head, latch);
	if (!in)
		return false;
	bool is_test = !in[t->succs[t->succs[0] == head]->id];
	/* cmp x, n with x = i + D: inc (D = C) or i itself (D = 0), where
	 * inc = add i, C is i's value from the loop */
	int at = -1, back = -1;
	bool on_phi = false;
	struct ir_op *inc = NULL, *i = NULL, *C = NULL;
	for (unsigned a = 0; a < 2 && at < 0 && is_test; a++) {
		struct ir_op *x = cmp->args[a], *n = cmp->args[1 - a];
		if (!in[x->block->id] || in[n->block->id])
			continue;
		struct ir_op *add = x;
		if (x->opc == IR_PHI) {
			int bk = back_entry(x, latch);
			if (bk < 0 || x->block != head)
				continue;
			add = x->args[bk];
		}
		if (add->opc != IR_ADD || !in[add->block->id])
			continue;
		for (unsigned b = 0; b < 2; b++) {
			struct ir_op *p = add->args[b], *c = add->args[1 - b];
			if (p->opc == IR_PHI && p->block == head && c->opc == IR_CONST &&
			    p->width <= 64 && (x == add || x == p)) {
				at = (int)a, inc = add, i = p, C = c, on_phi = x == p;
				break;
			}
		}
	}
	free(in);
	if (at < 0)
		return is_test;
	back = back_entry(i, latch);
	if (back < 0 || i->args[back] != inc)
		return true;
	/* the loop's entries: one block before it, or several (the loop
	 * entered again from an outer loop's last block, whose header
	 * skip_empty_blocks merged with it) that bring the same init; then
	 * the values computed before the loop go in the entry block, where
	 * init and n must be (constants and arguments are) */
	struct ir_op *init = i->args[back ? 0 : 1];
	struct ir_block *pre = i->phi_blocks[back ? 0 : 1];
	for (unsigned a = 0; a < i->nargs; a++)
		if ((int)a != back && i->args[a] != init)
			return true;
	if (head->npreds != i->nargs)
		return true;
	if (i->nargs > 2) {
		pre = k->blocks[0];
		if (init->block != pre || cmp->args[1 - at]->block != pre)
			return true;
	}
	if (!pre->nops || !ir_is_terminator(pre->ops[pre->nops - 1]->opc))
		return true;
	uint64_t c = C->imm, d = on_phi ? 0 : c;
	if (head == latch)
		head->trip = trip_count(cmp, (unsigned)at, init, c, d, t->succs[0] == head);
	/* only where the chain does not fit the cycles an iteration takes
	 * at least: one, or as many as the loop's accesses to one pipe
	 * (each pipe takes one a cycle), since the decision reads i's
	 * register at the iteration's start and the branch comes at its end */
	enum hls_target tg = ctx->target;
	if ((on_phi ? 0 : delay_op_ns(tg, inc)) + delay_op_ns(tg, cmp) + delay_op_ns(tg, t) <=
	    period * least_cycles(latch))
		return true;

	if (count_down(ctx, k, pre, head, latch, t, cmp, (unsigned)at, init, c, d))
		return true;
	unsigned w = i->width;
	uint64_t m = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	struct ir_loc loc = t->loc;
	/* in the block before the loop */
	struct ir_edit pe = {.block = pre, .loc = loc};
	struct ir_op *c1 = edit_const(ctx, k, &pe, w, d & m);
	struct ir_op *inc0 = edit_op(ctx, k, &pe, IR_ADD, w, 2);
	inc0->args[0] = init, inc0->args[1] = c1;
	struct ir_op *go0 = cmp_like(ctx, k, &pe, cmp, (unsigned)at, inc0);
	struct ir_op *c2 = edit_const(ctx, k, &pe, w, (d + c) & m);
	struct ir_op *k0 = edit_op(ctx, k, &pe, IR_ADD, w, 2);
	k0->args[0] = init, k0->args[1] = c2;
	insert(ctx, pre, NULL, 0, pe.ops, pe.n);
	/* in the loop: the phis in its header, their next values in its
	 * last block */
	struct ir_edit ph = {.block = head, .loc = loc}, le = {.block = latch, .loc = loc};
	struct ir_op *go = edit_op(ctx, k, &ph, IR_PHI, 1, 2);
	struct ir_op *kk = edit_op(ctx, k, &ph, IR_PHI, w, 2);
	go->name = "exit_test_ahead";
	kk->name = "induction_ahead";
	struct ir_op *knext = edit_op(ctx, k, &le, IR_ADD, w, 2);
	knext->args[0] = kk, knext->args[1] = C;
	struct ir_op *gonext = cmp_like(ctx, k, &le, cmp, (unsigned)at, kk);
	entries(ctx, go, head, latch, go0, gonext);
	entries(ctx, kk, head, latch, k0, knext);
	insert(ctx, head, ph.ops, ph.n, NULL, 0);
	insert(ctx, latch, NULL, 0, le.ops, le.n);
	t->args[0] = go;
	return true;
}

void pass_exit_test(struct hls_ctx *ctx, struct ir_program *p)
{
	double period = 1000.0 / sched_clock_mhz(ctx);
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		ir_compute_preds(ctx, k);
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *latch = k->blocks[b];
			struct ir_op *t = ir_terminator(latch);
			if (!t || t->opc != IR_CONDBR || t->succs[0] == t->succs[1])
				continue;
			/* a loop of one block first: its branch may also
			 * go back to an outer loop's header */
			unsigned self = t->succs[1] == latch;
			for (unsigned s = 0; s < 2; s++)
				if (rewrite_loop(ctx, k, t->succs[s ^ self], latch, period))
					break;
		}
	}
}
