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
 * A block that only chooses where to go by a phi of constants -- the
 * cleanup dispatch clang leaves where a `break` leaves a scope, `switch
 * (dest) { 0: loop; 2: after the loop }` -- is bypassed the same way:
 * each predecessor P goes straight to the target its constant picks, and
 * the block's other phis are replaced by their values for P, in the
 * target's phis, and in the target itself when P is its only way in.  So
 * `for (;;) { x = read(); if (x == END) break; ...; write(); }` becomes a
 * loop of two blocks with its exit in the first, which if-conversion
 * makes one block that pipelines.
 *
 * Needs: a verified program.  Guarantees: a verified program in which no
 * block other than the entry consists of a lone unconditional branch, or
 * of phis and a branch on one of them whose values are constants, except
 * where the rules above keep it; unreachable blocks are gone; block ids
 * are renumbered densely.
 */
#include "pass.h"

#include "../sched/schedule.h"

#include <stdlib.h>
#include <string.h>

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
			edit_phi_append(ctx, phi, phi->args[a], p);
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

/* ---- dispatch on a phi of constants ------------------------------------- */

/* E's phi's value for the edge from P. */
static struct ir_op *phi_value(const struct ir_op *phi, const struct ir_block *p)
{
	for (unsigned a = 0; a < phi->nargs; a++)
		if (phi->phi_blocks[a] == p)
			return phi->args[a];
	return NULL;
}

/* bypass_edge, and X's new entries for P read, for a phi of E, its value
 * for P. */
static bool bypass_phi_edge(struct hls_ctx *ctx, struct ir_block *p, struct ir_block *e,
			    struct ir_block *x)
{
	if (!bypass_edge(ctx, p, e, x))
		return false;
	for (unsigned j = 0; j < x->nops && x->ops[j]->opc == IR_PHI; j++) {
		struct ir_op *phi = x->ops[j];
		for (unsigned a = 0; a < phi->nargs; a++)
			if (phi->phi_blocks[a] == p && phi->args[a]->opc == IR_PHI &&
			    phi->args[a]->block == e)
				phi->args[a] = phi_value(phi->args[a], p);
	}
	return true;
}

/* Where E's branch goes for a selector value v. */
static struct ir_block *target_of(struct ir_op *t, uint64_t v)
{
	if (t->opc == IR_BR)
		return t->succs[0];
	if (t->opc == IR_CONDBR)
		return v & 1 ? t->succs[0] : t->succs[1];
	for (unsigned i = 1; i < t->nsuccs; i++)
		if (t->case_vals[i - 1] == v)
			return t->succs[i];
	return t->succs[0];
}

/* Whether op uses v. */
static bool uses(const struct ir_op *op, const struct ir_op *v)
{
	for (unsigned a = 0; a < op->nargs; a++)
		if (op->args[a] == v)
			return true;
	return false;
}

/* E is phis and a condbr or switch on one of them, whose value from each
 * predecessor is a constant; its other phis are read only by its
 * targets' phis, and by the ops of a target whose only way in is one
 * predecessor of E.  Then every predecessor goes to its target directly.
 * Returns whether E was bypassed (and now has no predecessors). */
static bool thread_dispatch(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *e)
{
	struct ir_op *t = ir_terminator(e);
	if (!t || (t->opc != IR_CONDBR && t->opc != IR_SWITCH) || !e->npreds ||
	    t->args[0]->opc != IR_PHI || t->args[0]->block != e)
		return false;
	for (unsigned i = 0; i + 1 < e->nops; i++)
		if (e->ops[i]->opc != IR_PHI)
			return false;
	struct ir_op *sel = t->args[0];
	struct ir_block **to = calloc(e->npreds, sizeof *to);
	bool ok = true;
	for (unsigned i = 0; i < e->npreds && ok; i++) {
		struct ir_block *p = e->preds[i];
		struct ir_op *v = phi_value(sel, p);
		ok = v && v->opc == IR_CONST && !v->imm_words && p != e;
		if (ok)
			to[i] = target_of(t, v->imm);
		ok = ok && to[i] != e && !is_pred(to[i], p);
		for (unsigned j = 0; ok && j < i; j++)
			ok = e->preds[j] != p; /* one edge from each */
	}
	/* the uses of E's phis */
	for (unsigned b = 0; ok && b < k->nblocks; b++) {
		struct ir_block *y = k->blocks[b];
		if (y == e)
			continue;
		/* the predecessors of E that go to y */
		unsigned into = 0;
		for (unsigned i = 0; i < e->npreds; i++)
			into += to[i] == y;
		bool sole = into == 1 && y->npreds == 1 && y->preds[0] == e;
		for (unsigned i = 0; ok && i < y->nops; i++) {
			struct ir_op *op = y->ops[i];
			for (unsigned j = 0; ok && j + 1 < e->nops; j++) {
				struct ir_op *phi = e->ops[j];
				if (!uses(op, phi))
					continue;
				/* a phi of y may read it for the edge from E (its
				 * new edges read its values); another op only
				 * where y is reached from one predecessor */
				ok = phi != sel && (op->opc == IR_PHI || sole);
				for (unsigned a = 0; ok && op->opc == IR_PHI && a < op->nargs; a++)
					ok = op->args[a] != phi || op->phi_blocks[a] == e;
			}
		}
	}
	if (!ok) {
		free(to);
		return false;
	}
	/* the blocks reached from one predecessor alone: E's phis become
	 * their values for it */
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *y = k->blocks[b];
		unsigned into = 0, from = 0;
		for (unsigned i = 0; i < e->npreds; i++)
			if (to[i] == y)
				into++, from = i;
		if (y == e || into != 1 || y->npreds != 1)
			continue;
		for (unsigned i = 0; i < y->nops; i++) {
			struct ir_op *op = y->ops[i];
			for (unsigned a = 0; op->opc != IR_PHI && a < op->nargs; a++)
				if (op->args[a]->opc == IR_PHI && op->args[a]->block == e)
					op->args[a] = phi_value(op->args[a], e->preds[from]);
		}
	}
	struct ir_block **preds = e->preds;
	unsigned npreds = e->npreds;
	for (unsigned i = 0; i < npreds; i++) {
		struct ir_block *x = to[i], *p = preds[i];
		bypass_phi_edge(ctx, p, e, x);
	}
	for (unsigned s2 = 0; s2 < t->nsuccs; s2++)
		drop_phi_entries(t->succs[s2], e);
	free(to);
	return true;
}

/* An op that gives the same value wherever it runs and costs no cycle
 * of its own: no pipe, memory or state access, no fence. */
static bool movable(const struct ir_op *op)
{
	return op->width && op->opc != IR_PHI && !ir_has_side_effect(op->opc);
}

/* A pipe op that may move from E into X, to run in X's first iteration
 * only: no latency constraint (its cycle counts from the ops around it,
 * which the move changes). */
static bool first_only(const struct ir_op *op)
{
	return op->opc >= IR_PIPE_READ && op->opc <= IR_PIPE_WRITE_NB &&
	       op->lat.kind == LAT_NONE && op->lat.anchor < 0 && op->lat.target < 0;
}

/* A read of a cut pipe (fission.c) that X may keep (IR_PIPE_READ's
 * keep, ir.h): its word stays in the pipe's register while X runs and is
 * taken in X's last iteration of each entry, where first_iteration would
 * keep a copy of it, and a multiplexer of the two for the first
 * iteration.  The pipe's writer, the part of the kernel before the cut,
 * passed the cut again only after that last iteration in the kernel as
 * written, so waiting for it takes nothing from it that it had there. */
static bool keepable(const struct ir_op *op)
{
	return op->opc == IR_PIPE_READ && op->pipe->cut && first_only(op);
}

/* The test of X's back edge, when it and its cone in X are ops without
 * effects (no pipe, memory or state read) that read none of E's ops but
 * its phis: in[i] marks the cone's ops (by index in X), *exit_on says
 * which value of the test leaves X.  NULL when it is not so. */
static struct ir_op *exit_test(struct hls_ctx *ctx, const struct ir_block *e,
			       struct ir_block *x, bool **in, bool *exit_on)
{
	struct ir_op *t = ir_terminator(x);
	if (!t || t->opc != IR_CONDBR || (t->succs[0] == x) == (t->succs[1] == x))
		return NULL;
	*exit_on = t->succs[1] == x;
	bool *mark = calloc(x->kernel->nops_total, sizeof *mark);
	bool *cone = arena_alloc(&ctx->arena, x->nops * sizeof *cone), ok = true;
	mark[t->args[0]->id] = true;
	for (unsigned i = 0; i < e->nops; i++)
		ok &= !mark[e->ops[i]->id] || e->ops[i]->opc == IR_PHI;
	for (unsigned i = x->nops - 1; ok && i-- > 0;) {
		const struct ir_op *op = x->ops[i];
		if (!mark[op->id] || op->opc == IR_PHI)
			continue;
		ok = !ir_has_side_effect(op->opc) && op->opc != IR_MEM_LOAD &&
		     op->opc != IR_STATE_LOAD;
		cone[i] = true;
		for (unsigned a = 0; a < op->nargs; a++) {
			mark[op->args[a]->id] = true;
			ok &= op->args[a]->block != e || op->args[a]->opc == IR_PHI;
		}
	}
	free(mark);
	*in = cone;
	return ok ? t->args[0] : NULL;
}

/* A new op at the front of k's entry block, which dominates every block. */
static struct ir_op *entry_op(struct hls_ctx *ctx, struct ir_kernel *k,
			      enum ir_opcode opc, unsigned width, uint64_t v, struct ir_loc loc)
{
	struct ir_op *op = ir_op_new(ctx, k, NULL, opc, width, 0);
	op->imm = v;
	op->loc = loc;
	edit_put_first(ctx, k->blocks[0], op);
	return op;
}

/* A phi `first` of X, 1 in the iteration entered from outside X (on the
 * edges from E's old predecessors), 0 in X's own; appended to *phis. */
static struct ir_op *first_phi(struct hls_ctx *ctx, struct ir_block *e, struct ir_block *x,
			       struct ir_op ***phis, unsigned *nphis)
{
	struct ir_kernel *k = e->kernel;
	struct ir_loc loc = ir_terminator(e)->loc;
	struct ir_op *one = entry_op(ctx, k, IR_CONST, 1, 1, loc);
	struct ir_op *zero = entry_op(ctx, k, IR_CONST, 1, 0, loc);
	/* X's predecessors now: E's and X (E itself is on its way out) */
	struct ir_block **from = NULL;
	unsigned nfrom = 0;
	for (unsigned i = 0; i < x->npreds; i++)
		if (x->preds[i] != e)
			VEC_PUSH(&ctx->arena, from, nfrom, x->preds[i]);
	struct ir_op *first = ir_op_new(ctx, k, NULL, IR_PHI, 1, nfrom);
	first->loc = loc;
	first->name = "first";
	first->phi_blocks = from;
	for (unsigned i = 0; i < nfrom; i++)
		first->args[i] = from[i] == x ? zero : one;
	VEC_PUSH(&ctx->arena, *phis, *nphis, first);
	return first;
}

/* E's pipe ops (first_only) in X, where they take effect in the
 * iteration where `first` holds only, each read's word held in a
 * register for the later iterations; ops: E's ops other than its phis,
 * as X will have them, grown by the ops this makes.  The held words' phis
 * go to *phis. */
static void first_iteration(struct hls_ctx *ctx, struct ir_block *e, struct ir_block *x,
			    struct ir_op *first, struct ir_op ***ops, unsigned *n,
			    struct ir_op ***phis, unsigned *nphis)
{
	struct ir_kernel *k = e->kernel;
	struct ir_block **from = first->phi_blocks;
	unsigned nfrom = first->nargs;
	struct ir_op **out = NULL;
	unsigned nout = 0;
	for (unsigned i = 0; i < *n; i++) {
		struct ir_op *op = (*ops)[i];
		if (!first_only(op) || op->keep) {
			VEC_PUSH(&ctx->arena, out, nout, op);
			continue;
		}
		struct ir_op *g = first, *old = ir_guard(op);
		if (old) {
			g = ir_op_new(ctx, k, NULL, IR_AND, 1, 2);
			g->args[0] = old, g->args[1] = first, g->loc = op->loc;
			VEC_PUSH(&ctx->arena, out, nout, g);
		}
		unsigned gi = ir_guard_index(op);
		struct ir_op **args = arena_alloc(&ctx->arena, (gi + 1) * sizeof *args);
		memcpy(args, op->args, gi * sizeof *args);
		args[gi] = g;
		op->args = args;
		op->nargs = gi + 1;
		VEC_PUSH(&ctx->arena, out, nout, op);
		if (!op->width)
			continue;
		/* held = first ? word : held, round X */
		struct ir_op *hp = ir_op_new(ctx, k, NULL, IR_PHI, op->width, nfrom);
		struct ir_op *held = ir_op_new(ctx, k, NULL, IR_SELECT, op->width, 3);
		struct ir_op *undef = entry_op(ctx, k, IR_UNDEF, op->width, 0, op->loc);
		hp->loc = held->loc = op->loc;
		hp->name = held->name = op->name;
		hp->phi_blocks = arena_alloc(&ctx->arena, nfrom * sizeof *from);
		memcpy(hp->phi_blocks, from, nfrom * sizeof *from);
		for (unsigned p = 0; p < nfrom; p++)
			hp->args[p] = from[p] == x ? held : undef;
		held->args[0] = first, held->args[1] = op, held->args[2] = hp;
		edit_replace_uses(k, op, held);
		VEC_PUSH(&ctx->arena, out, nout, held);
		VEC_PUSH(&ctx->arena, *phis, *nphis, hp);
	}
	*ops = out;
	*n = nout;
}

/* Whether the value phi carries round its block is computed from the
 * result of a unit with a latency (a read of a memory): the scheduler may
 * then read the phi from the logic after that unit as it computes the
 * value (a bypass, hls/sched/modulo.c), whose multiplexer takes a select
 * of the phi on registers in with no level of its own
 * (delay_select_on_bypass).  Elsewhere such a select, `first ? word :
 * phi`, would lengthen the recurrence through the phi: bench/oddeven's
 * sort, a chain of compare-and-swap selects, went from II 2 to 3. */
static bool after_unit(struct hls_ctx *ctx, const struct ir_op *phi)
{
	const struct ir_block *x = phi->block;
	const struct ir_op *d = sched_carried(phi);
	if (!d)
		return false;
	bool *seen = calloc(x->kernel->nops_total, sizeof *seen), found = false;
	const struct ir_op **work = malloc(x->kernel->nops_total * sizeof *work);
	unsigned n = 0;
	work[n++] = d;
	seen[d->id] = true;
	while (n && !found) {
		const struct ir_op *op = work[--n];
		found = delay_op_latency(ctx->target, op) > 0;
		for (unsigned a = 0; a < op->nargs; a++) {
			const struct ir_op *v = op->args[a];
			if (v->block == x && v->opc != IR_PHI && !seen[v->id]) {
				seen[v->id] = true;
				work[n++] = v;
			}
		}
	}
	free(seen);
	free(work);
	return found;
}

/* pass.h.  E holds phis, ops without effects (movable), pipe ops
 * (first_only) and `br X`, and X
 * is a loop of its own block that only E enters: the header of `for (;;)
 * { t = n << 24; for (i...) ...; n++; }`, whose inner loop is X.  E's
 * phis move into X, where they carry themselves round X's own loop, its
 * other ops compute the same values there, its pipe ops take effect in
 * X's first iteration after an entry (first_iteration) but for a read of
 * a cut pipe, which X keeps and takes in its last (keepable), and E's
 * predecessors go to X
 * directly (X's own exit to E through a new block, the kernel's last);
 * X's phis take, from each, what they took from E (E's phis: their
 * values for it); a phi that took one of E's other ops, which now run in
 * X, takes undef, and X reads it through `first ? that op : phi` (only
 * where the value it carries round comes after a unit's result:
 * after_unit).  E is left empty, for the caller to drop. */
bool pass_header_into_loop(struct hls_ctx *ctx, struct ir_block *e)
{
	struct ir_op *t = ir_terminator(e);
	if (!t || t->opc != IR_BR || e->nops < 2)
		return false;
	struct ir_block *x = t->succs[0];
	if (x == e || !is_pred(x, x))
		return false;
	for (unsigned i = 0; i < x->npreds; i++)
		if (x->preds[i] != e && x->preds[i] != x)
			return false;
	bool exits_to_e = false;
	for (unsigned i = 0; i < e->npreds; i++) {
		if (e->preds[i] == e)
			return false;
		exits_to_e |= e->preds[i] == x;
	}
	unsigned nphi = 0;
	while (e->ops[nphi]->opc == IR_PHI)
		nphi++;
	bool *cone = NULL, exit_on = false;
	struct ir_op *test = exit_test(ctx, e, x, &cone, &exit_on);
	unsigned neff = 0, nkeep = 0;
	for (unsigned i = nphi; i + 1 < e->nops; i++) {
		if (test && keepable(e->ops[i]))
			nkeep++;
		else if (first_only(e->ops[i]))
			neff++;
		else if (!movable(e->ops[i]))
			return false;
	}
	/* X's phis that take one of E's other ops coming in (the bytes of
	 * the word E reads, for aes128's rounds) read it, in X, through a
	 * select on `first` (after_unit); not where X's test, which the kept
	 * reads' take needs first, reads the phi */
	struct ir_op **entering = NULL;
	unsigned nentering = 0;
	for (unsigned i = 0; i < x->nops && x->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = x->ops[i];
		bool enters = false;
		for (unsigned a = 0; a < phi->nargs; a++) {
			if (phi->args[a]->block != e || phi->args[a]->opc == IR_PHI)
				continue;
			if (phi->phi_blocks[a] != e)
				return false; /* round X: an op of E that X would compute */
			enters = true;
		}
		if (!enters)
			continue;
		if (!after_unit(ctx, phi))
			return false;
		VEC_PUSH(&ctx->arena, entering, nentering, phi);
		for (unsigned j = 0; nkeep && j < x->nops; j++)
			for (unsigned a = 0; cone[j] && a < x->ops[j]->nargs; a++)
				if (x->ops[j]->args[a] == phi)
					return false;
	}
	/* X going back to E itself (`for (;;) { v = read(a); for (i...)
	 * ...; }`): its exit goes through a block of its own, which then goes
	 * back to X as a second latch */
	if (exits_to_e)
		ir_split_edge(ctx, x, e);
	/* the entering phis' values come from X's first iteration now */
	struct ir_op **entered = arena_alloc(&ctx->arena, (nentering + 1) * sizeof *entered);
	for (unsigned j = 0; j < nentering; j++) {
		struct ir_op *phi = entering[j];
		for (unsigned a = 0; a < phi->nargs; a++)
			if (phi->phi_blocks[a] == e) {
				entered[j] = phi->args[a];
				phi->args[a] = entry_op(ctx, e->kernel, IR_UNDEF, phi->width, 0,
							phi->loc);
			}
	}
	/* E's predecessors go to X; X's phis take for each what they took
	 * for E, E's phis their values for it */
	for (unsigned i = 0; i < e->npreds; i++)
		if (bypass_phi_edge(ctx, e->preds[i], e, x))
			VEC_PUSH(&ctx->arena, x->preds, x->npreds, e->preds[i]);
	drop_phi_entries(x, e);
	/* X's ops: E's phis, X's, the phis first_iteration makes, E's other
	 * ops, X's other ops */
	unsigned nx = 0, nrest = e->nops - 1 - nphi, nnew = 0;
	while (x->ops[nx]->opc == IR_PHI)
		nx++;
	struct ir_op **rest = e->ops + nphi, **newphis = NULL;
	/* a kept read's take: X's test says that this iteration leaves */
	struct ir_op *take = test;
	if (nkeep && !exit_on) {
		take = ir_op_new(ctx, e->kernel, NULL, IR_XOR, 1, 2);
		take->args[0] = test;
		take->args[1] = entry_op(ctx, e->kernel, IR_CONST, 1, 1, test->loc);
		take->loc = test->loc;
	}
	for (unsigned i = 0; nkeep && i < nrest; i++)
		if (keepable(rest[i])) {
			struct ir_op *op = rest[i];
			struct ir_op **args = arena_alloc(&ctx->arena, (op->nargs + 1) * sizeof *args);
			args[0] = take;
			memcpy(args + 1, op->args, op->nargs * sizeof *args);
			op->args = args;
			op->nargs++;
			op->keep = true;
			op->pipe->kept = true;
		}
	struct ir_op *first = neff || nentering ? first_phi(ctx, e, x, &newphis, &nnew) : NULL;
	if (nentering) {
		/* phi' = first ? the op of E : phi, after E's ops */
		struct ir_op **ops = arena_alloc(&ctx->arena, (nrest + nentering) * sizeof *ops);
		memcpy(ops, rest, nrest * sizeof *ops);
		for (unsigned j = 0; j < nentering; j++) {
			struct ir_op *phi = entering[j];
			struct ir_op *sel = ir_op_new(ctx, e->kernel, NULL, IR_SELECT, phi->width, 3);
			sel->name = phi->name;
			sel->loc = phi->loc;
			edit_replace_uses(e->kernel, phi, sel);
			sel->args[0] = first, sel->args[1] = entered[j], sel->args[2] = phi;
			ops[nrest++] = sel;
		}
		rest = ops;
	}
	if (neff)
		first_iteration(ctx, e, x, first, &rest, &nrest, &newphis, &nnew);
	unsigned n = 0;
	struct ir_op **ops = arena_alloc(&ctx->arena, (nphi + nx + nnew + nrest + x->nops + 1) *
						      sizeof *ops);
	for (unsigned i = 0; i < nphi; i++) {
		edit_phi_append(ctx, e->ops[i], e->ops[i], x);
		ops[n++] = e->ops[i];
	}
	for (unsigned i = 0; i < nx; i++)
		ops[n++] = x->ops[i];
	for (unsigned i = 0; i < nnew; i++)
		ops[n++] = newphis[i];
	/* the take before the kept reads: X's test and its cone first */
	for (unsigned i = nx; nkeep && i < x->nops; i++)
		if (cone[i])
			ops[n++] = x->ops[i];
	if (nkeep && take != test)
		ops[n++] = take;
	for (unsigned i = 0; i < nrest; i++)
		ops[n++] = rest[i];
	for (unsigned i = nx; i < x->nops; i++)
		if (!nkeep || !cone[i])
			ops[n++] = x->ops[i];
	for (unsigned i = 0; i < n; i++)
		ops[i]->block = x;
	ir_block_set_ops(ctx, x, ops, n);
	e->nops = 0;
	return true;
}

/* Drops the blocks no path from the entry reaches (and their entries in
 * the phis of the blocks they went to); true if there were any. */
static bool drop_unreachable(struct hls_ctx *ctx, struct ir_kernel *k, bool *dead)
{
	bool *seen = calloc(k->nblocks, sizeof *seen);
	struct ir_block **work = calloc(k->nblocks, sizeof *work);
	unsigned n = 0;
	seen[0] = true;
	work[n++] = k->blocks[0];
	while (n) {
		struct ir_block *b = work[--n];
		struct ir_op *t = ir_terminator(b);
		for (unsigned s = 0; t && s < t->nsuccs; s++)
			if (!seen[t->succs[s]->id]) {
				seen[t->succs[s]->id] = true;
				work[n++] = t->succs[s];
			}
	}
	bool any = false;
	for (unsigned b = 0; b < k->nblocks; b++) {
		if (seen[b] || dead[b])
			continue;
		struct ir_op *t = ir_terminator(k->blocks[b]);
		for (unsigned s = 0; t && s < t->nsuccs; s++)
			drop_phi_entries(t->succs[s], k->blocks[b]);
		dead[b] = any = true;
		k->blocks[b]->nops = 0;
	}
	free(seen);
	free(work);
	(void)ctx;
	return any;
}

/* Every predecessor of a lone `br X` goes to X directly, where it can. */
static void skip_lone_branches(struct hls_ctx *ctx, struct ir_kernel *k, bool *dead)
{
	for (unsigned b = 1; b < k->nblocks; b++) {
		struct ir_block *e = k->blocks[b];
		if (dead[b] || e->nops != 1 || e->ops[0]->opc != IR_BR)
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
}

static void skip_kernel(struct hls_ctx *ctx, struct ir_kernel *k)
{
	hoist_free_ops(ctx, k);
	bool *dead = calloc(k->nblocks, sizeof *dead);
	for (unsigned b = 1; b < k->nblocks; b++) {
		ir_compute_preds(ctx, k);
		if (!dead[b] && thread_dispatch(ctx, k, k->blocks[b]))
			dead[b] = true;
	}
	ir_compute_preds(ctx, k);
	drop_unreachable(ctx, k, dead);
	skip_lone_branches(ctx, k, dead);
	ir_drop_blocks(k, dead);
	free(dead);
	ir_compute_preds(ctx, k);
}

void pass_skip_empty_blocks(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned i = 0; i < p->nkernels; i++)
		skip_kernel(ctx, p->kernels[i]);
}
