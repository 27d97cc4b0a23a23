/*
 * recur_adds.c -- the sums a loop carries round, added in the order their
 * terms come.
 *
 * A value that a loop block carries round to its next iteration (the
 * argument of one of its phis on the back edge) bounds the II through
 * every term it is computed from: at II 1 the whole sum must fit the
 * cycle between the phi's register and the next.  C and LLVM leave a
 * sum in the order it was written, and pass_balance_adds in the order of
 * least depth; neither knows which terms wait for the last iteration.
 * SHA-256's e = d + T1, T1 = h + S1(e) + Ch(e, f, g) + K[t] + W[t], comes
 * as d + (Ch + (S1 + (K + (h + W)))): three adds after S1(e), a cycle
 * over at 48 MHz on iCE40.  Here each such sum of adds and subtracts of
 * one width in the block is taken apart into its terms (through adds
 * that other ops use as well, which stay for them: T1 feeds both e and
 * a), the terms are ordered by when they come relative to the sum itself
 * (`when`, below), and the sum is built again: the terms that do not
 * depend on it at all first, in a balanced tree, then the others one by
 * one, latest last (three or more that come together in a balanced tree
 * of their own): ((((K + W) + h) + d) + S1) + Ch, two adds after S1(e),
 * the rest a cycle or two before, where the scheduler puts them (and the
 * window's taps, hls/rtlgen/window.c, reach d and h there).  Only where
 * that brings the sum sooner after its latest terms, as the scheduler's
 * delay model counts it (`struct arr`): what the recurrence through them
 * waits for.
 *
 * when(x): the time, in ns, at which x of an iteration is there relative
 * to the root r of that iteration, along the longest path of data and
 * back edges from r (a longest path, as the scheduler's recurrences): an
 * op adds its delay (delay_op_ns); a phi takes the value of the
 * iteration before, a clock period earlier at II 1; a phi that hands on
 * another's value in a shift window is read up to SCHED_MAX_TAP periods
 * earlier still.  A term no path reaches does not wait for r.  Integer
 * addition modulo 2^width is associative and commutative, so the value is
 * the same.
 *
 * It runs after if-conversion, which makes one block of a loop body with
 * branches in it (a read taken only in some iterations, say): before it,
 * such a loop is no loop block and its sums stayed as written, a cycle
 * over (tests/kernels/recur_adds_branch.c: II 2 -> 1 at 48 MHz).
 */
#include "pass.h"
#include "../sched/schedule.h"

#include <math.h>
#include <stdlib.h>

#define MAX_TERMS 16 /* a larger sum is left as it is */
#define TIE_NS 1.0   /* terms that come within this, together */

struct rterm {
	struct ir_op *op;
	int sign;
	double when;
};

static bool is_inner(const struct ir_op *x, const struct ir_op *root, unsigned nold)
{
	return is_addsub(x) && x->block == root->block && x->width == root->width &&
	       x->id < nold;
}

/* The terms of the sum at op (sign: op's) into t[*n]; false when more
 * than MAX_TERMS. */
static bool terms(struct ir_op *op, int sign, const struct ir_op *root, unsigned nold,
		  struct rterm *t, unsigned *n)
{
	for (unsigned a = 0; a < 2; a++) {
		struct ir_op *x = op->args[a];
		int s = op->opc == IR_SUB && a == 1 ? -sign : sign;
		if (is_inner(x, root, nold)) {
			if (!terms(x, s, root, nold, t, n))
				return false;
			continue;
		}
		if (*n == MAX_TERMS)
			return false;
		t[(*n)++] = (struct rterm){x, s, -INFINITY};
	}
	return true;
}

/* when(x) for the ops of root's block (by id), relative to root. */
static void when_of(const struct hls_ctx *ctx, const struct ir_op *root, double *when)
{
	const struct ir_block *b = root->block;
	double period = 1000.0 / ctx->clock_mhz;
	when[root->id] = 0;
	/* a few rounds: the back edges go up the block */
	for (int round = 0; round < 4; round++)
		for (unsigned i = 0; i < b->nops; i++) {
			const struct ir_op *x = b->ops[i];
			double w = when[x->id];
			if (x->opc == IR_PHI) {
				const struct ir_op *q = sched_chain_pred(x);
				unsigned pos;
				const struct ir_op *h = sched_chain_head(x, &pos);
				const struct ir_op *v = h ? sched_carried(h) : NULL;
				if (q && h && v) {
					unsigned tap = pos - 1 < SCHED_MAX_TAP ? pos - 1 : SCHED_MAX_TAP;
					w = fmax(w, when[v->id] - period * (1 + tap));
				} else if ((v = sched_carried(x))) {
					w = fmax(w, when[v->id] - period);
				}
			} else {
				for (unsigned a = 0; a < x->nargs; a++)
					if (x->args[a]->block == b)
						w = fmax(w, when[x->args[a]->id] +
							    delay_op_ns(ctx->target, x));
			}
			if (x != root)
				when[x->id] = w;
		}
}

static int by_when(const void *pa, const void *pb)
{
	const struct rterm *a = pa, *b = pb;
	if (a->when != b->when)
		return a->when < b->when ? -1 : 1;
	return a->op->id < b->op->id ? -1 : a->op->id > b->op->id;
}

/* When the latest terms of a sum reach it, as the scheduler's delay
 * model has it (delay_step_ns): an add pays in full after a term or a
 * register, a LUT level after an add chained into it in its cycle (the
 * join of two when both operands are adds) and then closes the pair.
 * What comes before the latest terms (below `floor`) is in registers by
 * then; only the latest terms' way to the sum counts, which is what the
 * loop's recurrence through them waits for. */
struct arr {
	double t;
	bool add;  /* an add (the model's join looks at the ops alone) */
	bool open; /* an add in the cycle, whose carry the next add rides */
};

static struct arr arr_term(double when, double floor)
{
	return (struct arr){when < floor ? floor : when, false, false};
}

static struct arr arr_add(const struct hls_ctx *ctx, const struct ir_op *root, struct arr a,
			  struct arr b, double floor)
{
	double full = delay_op_ns(ctx->target, root);
	bool both = a.add && b.add;
	double sa = a.open ? delay_add_after_add_ns(ctx->target, both) : full;
	double sb = b.open ? delay_add_after_add_ns(ctx->target, both) : full;
	double t = fmax(a.t + sa, b.t + sb);
	if (t <= floor + full) /* it waited for nothing late: a register */
		return (struct arr){floor, true, false};
	return (struct arr){t, true, sa == full && sb == full};
}

/* The sum at op as it is built now. */
static struct arr arrival(const struct hls_ctx *ctx, const struct ir_op *op,
			  const struct ir_op *root, unsigned nold, const double *when,
			  double floor)
{
	struct arr x[2];
	for (unsigned a = 0; a < 2; a++) {
		const struct ir_op *y = op->args[a];
		x[a] = is_inner(y, root, nold) ? arrival(ctx, y, root, nold, when, floor)
		       : arr_term(y->block == root->block ? when[y->id] : -INFINITY, floor);
	}
	return arr_add(ctx, root, x[0], x[1], floor);
}

static struct rterm combine(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *root,
			    struct rterm a, struct rterm b, struct ir_op *into, struct ir_edit *e)
{
	int sign;
	struct ir_op *op = edit_signed_add(ctx, k, e, root->width, a.op, a.sign, b.op, b.sign,
					   into, &sign);
	return (struct rterm){op, sign, fmax(a.when, b.when)};
}

/* Rebuilds the sum at root (an op of blk at index at); true if it did. */
static bool reorder(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *blk,
		    unsigned at, unsigned nold, double *when)
{
	struct ir_op *root = blk->ops[at];
	struct rterm t[MAX_TERMS];
	unsigned n = 0;
	if (!terms(root, 1, root, nold, t, &n) || n < 3)
		return false;
	bool positive = false;
	for (unsigned i = 0; i < n; i++)
		positive |= t[i].sign > 0;
	if (!positive)
		return false;
	for (unsigned i = 0; i < k->nops_total; i++)
		when[i] = -INFINITY;
	when_of(ctx, root, when);
	for (unsigned i = 0; i < n; i++)
		t[i].when = t[i].op->block == blk ? when[t[i].op->id] : -INFINITY;
	qsort(t, n, sizeof *t, by_when);
	/* groups: the terms that do not wait for the sum at all, and runs
	 * of terms that come together (within TIE_NS) */
	unsigned start[MAX_TERMS + 1], ng = 0;
	for (unsigned i = 0; i < n;) {
		unsigned j = i + 1;
		while (j < n && (t[j].when == t[i].when || t[j].when - t[i].when < TIE_NS))
			j++;
		/* two that come together are cheaper chained (an add after
		 * an add costs a LUT level, after two a join) */
		if (j - i == 2 && t[i].when != -INFINITY)
			j = i + 1;
		start[ng++] = i;
		i = j;
	}
	start[ng] = n;
	if (ng < 2)
		return false; /* one balanced tree: balance_adds's */
	/* each group a balanced tree, the trees added in the order they
	 * come, the latest last; only where the sum is so there sooner after
	 * its latest terms */
	double floor = t[start[ng - 1]].when - TIE_NS;
	struct arr after = {0};
	for (unsigned g = 0; g < ng; g++) {
		struct arr q[MAX_TERMS];
		unsigned size = start[g + 1] - start[g];
		for (unsigned i = 0; i < size; i++)
			q[i] = arr_term(t[start[g] + i].when, floor);
		while (size > 1) {
			unsigned o = 0;
			for (unsigned i = 0; i + 1 < size; i += 2)
				q[o++] = arr_add(ctx, root, q[i], q[i + 1], floor);
			if (size % 2)
				q[o++] = q[size - 1];
			size = o;
		}
		after = g ? arr_add(ctx, root, after, q[0], floor) : q[0];
	}
	if (!(after.t < arrival(ctx, root, root, nold, when, floor).t - TIE_NS))
		return false;
	struct ir_edit e = edit_at(root);
	struct rterm acc = {0};
	for (unsigned g = 0; g < ng; g++) {
		struct rterm *q = t + start[g];
		unsigned size = start[g + 1] - start[g];
		while (size > 1) {
			unsigned o = 0;
			for (unsigned i = 0; i + 1 < size; i += 2)
				q[o++] = combine(ctx, k, root, q[i], q[i + 1], NULL, &e);
			if (size % 2)
				q[o++] = q[size - 1];
			size = o;
		}
		bool last = g + 1 == ng;
		acc = g ? combine(ctx, k, root, acc, q[0], last ? root : NULL, &e) : q[0];
	}
	/* the new ops before root; the adds taken apart, left without
	 * users, go with the next dce */
	struct ir_op **ops = arena_alloc(&ctx->arena, (blk->nops + e.n + 1) * sizeof *ops);
	unsigned c = 0;
	for (unsigned i = 0; i < blk->nops; i++) {
		if (i == at)
			for (unsigned j = 0; j < e.n; j++)
				ops[c++] = e.ops[j];
		ops[c++] = blk->ops[i];
	}
	ir_block_set_ops(ctx, blk, ops, c);
	return true;
}

void pass_recurrence_adds(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		unsigned nold = k->nops_total;
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *blk = k->blocks[b];
			if (!sched_is_loop_block(blk))
				continue;
			/* the roots first, then rebuild each (ops move) */
			struct ir_op **roots = NULL;
			unsigned nroots = 0;
			for (unsigned i = 0; i < blk->nops && blk->ops[i]->opc == IR_PHI; i++) {
				struct ir_op *v = (struct ir_op *)sched_carried(blk->ops[i]);
				if (v && is_addsub(v) && v->width > 1 && v->id < nold)
					VEC_PUSH(&ctx->arena, roots, nroots, v);
			}
			/* twice: a sum rebuilt shortens the recurrences the
			 * next one's terms come round by */
			for (unsigned r = 0; r < 2 * nroots; r++) {
				unsigned at = 0;
				while (at < blk->nops && blk->ops[at] != roots[r % nroots])
					at++;
				/* by op id, the ops this pass made so far too */
				double *when = malloc((k->nops_total + 1) * sizeof *when);
				if (at < blk->nops)
					reorder(ctx, k, blk, at, nold, when);
				free(when);
			}
		}
	}
}
