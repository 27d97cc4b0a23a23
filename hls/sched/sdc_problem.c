/*
 * sdc_problem.c -- the constraints of one basic block, family by family.
 *
 * Each family is built by its own function and every constraint is named
 * (struct sdc_constraint), as XLS builds its SDC scheduling problem:
 *
 *   dependences   s_use >= s_def + latency(def), for operands defined in the
 *                 block (values from other blocks, and phis, are registers:
 *                 available from state 0);
 *   chaining      s_v >= s_u + 1 when the longest combinational path from
 *                 u's inputs to v's output through latency-0 ops exceeds the
 *                 clock period and both u and v have a delay (for u with a
 *                 latency whose result comes out late, a memory read: from
 *                 its result, s_v >= s_u + latency + 1; for u a phi that
 *                 may be bypassed, from its multiplexer; an op slower
 *                 than the period on its own, with only wiring beside it,
 *                 stands alone in its state).  Only pairs not already
 *                 implied by other chaining constraints and the dependences
 *                 are emitted;
 *   pipe order    every pipe op at least one state after the previous op on
 *                 its pipe, and after every pipe op before a fence that
 *                 comes before it;
 *   state order   accesses to one kernel state or memory (ir_access_gap):
 *                 a store no earlier than a load before it (the load reads
 *                 the old value in its state, the store writes at the end
 *                 of its state); two stores, a store and a later load, or
 *                 two loads of a memory (one read port), in distinct
 *                 states in order;
 *   terminator    s_term >= s_op + latency(op) for every op (only ops with
 *                 no user in the block need it: the others are implied);
 *   at end        s_op >= s_term for a pipe op marked at_end (ir.h);
 *   latency       the user's constraints `cycle(op) - cycle(anchor)`
 *                 {==, >=, <=} c, for anchors in the same block;
 *   late forward  (a pipelined loop's last attempt, modulo.c) a memory's
 *                 store may write a cycle after the next iteration's load
 *                 before it reads, when that load's users come a cycle
 *                 after its word and the store's address is a register.
 *
 * Guarantees: every constraint has from, to < nvars; the weights are the
 * latencies, 0, 1 or the user's cycle counts.
 */
#include "sdc.h"

#include <assert.h>

#define EPS_NS 1e-9

bool sdc_is_pipe_op(const struct ir_op *op)
{
	return op->opc >= IR_PIPE_READ && op->opc <= IR_PIPE_WRITE_NB;
}

const struct ir_op *sdc_find_anchor(const struct sdc_anchor *anchors,
				    unsigned nanchors, int id)
{
	for (unsigned i = 0; i < nanchors; i++)
		if (anchors[i].id == id)
			return anchors[i].op;
	return NULL;
}

static void add(struct sdc_problem *pb, enum sdc_kind kind,
		const struct ir_op *a, const struct ir_op *b, unsigned from,
		unsigned to, long weight, double ns)
{
	assert(from < pb->nvars && to < pb->nvars);
	struct sdc_constraint c = {kind, from, to, weight, a, b, ns};
	VEC_PUSH(&pb->ctx->arena, pb->cons, pb->ncons, c);
}

/* Index of op's operand `k` in this block, or -1 (another block, or the
 * operand already appeared as an earlier operand of op). */
static int operand_var(const struct sdc_problem *pb, const struct ir_op *op,
		       unsigned k)
{
	const struct ir_op *d = op->args[k];
	if (d->block != pb->block)
		return -1;
	for (unsigned i = 0; i < k; i++)
		if (op->args[i] == d)
			return -1;
	return pb->var[d->id];
}

/* How many cycles before its own a user may read phi p of a shift window
 * (schedule.h), 0 for any other op. */
static unsigned tap_room(const struct sdc_problem *pb, const struct ir_op *p)
{
	unsigned pos;
	const struct ir_op *h = p->opc == IR_PHI ? sched_chain_head(p, &pos) : NULL;
	return h && pb->taps ? sched_tap_room(p, pb->bypass[pb->var[h->id]]) : 0;
}

static void add_dep_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		if (op->opc == IR_PHI)
			continue;
		for (unsigned k = 0; k < op->nargs; k++) {
			int j = operand_var(pb, op, k);
			if (j < 0)
				continue;
			unsigned room = tap_room(pb, b->ops[j]);
			if (room)
				add(pb, SDC_TAP, b->ops[j], op, (unsigned)j, i, -(long)room, 0);
			else
				add(pb, SDC_DEP, b->ops[j], op, (unsigned)j, i,
				    pb->lat[j], 0);
		}
	}
}

enum { UNSEEN = 0, LIVE, CUT };

struct walk {
	double *D;	   /* along the paths from u: the arrival of each op's result */
	double *E;	   /* for a network op, the latest arrival of its leaves
			      along the paths from u (bitnet.c); u's own inputs
			      arrive at 0 */
	unsigned char *st; /* LIVE: reached, and not yet known to start after
			      u's state; CUT: known to start at least one
			      state after u (a constraint was emitted for it,
			      or it depends on an op that is CUT or has
			      latency) */
	enum delay_chain *cs; /* what each op leaves for the op chained after
				 it, along the paths from u (sched_verify's
				 check_chaining computes the same) */
};

static struct walk walk_new(const struct sdc_problem *pb)
{
	struct arena *ar = &pb->ctx->arena;
	unsigned n = pb->block->nops;
	return (struct walk){arena_alloc(ar, n * sizeof(double)), arena_alloc(ar, n * sizeof(double)),
			     arena_alloc(ar, n), arena_alloc(ar, n * sizeof(enum delay_chain))};
}

/* From u (its inputs, after d0 ns of its own; for u with a latency its
 * result, d0 after the clock edge) the longest latency-0 path to each op
 * up to `last`.  With `emit`, a path longer than the clock leaves is cut
 * by an SDC_CHAIN constraint (the op after it starts a state later), but
 * not a path no longer than u alone, which is over the clock by itself
 * (bench/axpb's x + 2x on the ECP5 at 288 MHz, 3.2 ns of the 2.9 left:
 * its + 1, the carry-in, costs nothing more, where a cycle of its own
 * cost a 32-bit add and 32 flip-flops more), and
 * `last` grows to the last user of each op reached; without, nothing is
 * cut, as if every op ran in one cycle.  Returns the arrival at `last`
 * (-1: not reached, or cut), and leaves w->st all UNSEEN. */
static double walk_from(struct sdc_problem *pb, unsigned u, unsigned last, double d0,
			struct walk *w, bool emit)
{
	struct ir_block *b = pb->block;
	double T = pb->budget_ns;
	long gap = (long)pb->lat[u] + 1;
	w->st[u] = LIVE;
	w->D[u] = d0;
	w->E[u] = 0;
	w->cs[u] = pb->lat[u] ? CHAIN_NONE : delay_chain_of(pb->target, b->ops[u], NULL, 0);
	unsigned horizon = last;
	for (unsigned v = u + 1; v <= horizon; v++) {
		const struct ir_op *op = b->ops[v];
		if (op->opc == IR_PHI)
			continue;
		bool reached = false, cut = false;
		double best = 0, leaves = 0;
		enum delay_chain in[4];
		unsigned nin = 0;
		for (unsigned k = 0; k < op->nargs; k++) {
			int j = operand_var(pb, op, k);
			if (j < 0 || (unsigned)j < u || w->st[j] == UNSEEN)
				continue;
			reached = true;
			if (w->st[j] == CUT || ((unsigned)j != u && pb->lat[j])) {
				cut = true;
				continue;
			}
			double dj = w->D[j] + delay_step_ns(pb->target, op, k, w->cs[j]);
			double lj = pb->nets.interior[j] ? w->E[j] : w->D[j];
			if (nin < 4)
				in[nin++] = w->cs[j];
			if (dj > best)
				best = dj;
			if (lj > leaves)
				leaves = lj;
		}
		if (!reached)
			continue;
		if (cut) {
			w->st[v] = CUT;
			continue;
		}
		w->D[v] = delay_net_arrival(pb->target, &pb->nets, v, best, leaves);
		w->E[v] = leaves;
		w->cs[v] = w->D[v] < best ? CHAIN_NONE
				: delay_chain_of(pb->target, op, in, op->nargs <= 4 ? nin : 0);
		if (emit && w->D[v] > (d0 > T ? d0 : T) + EPS_NS && pb->delay[v] > 0) {
			add(pb, SDC_CHAIN, b->ops[u], op, u, v, gap, w->D[v]);
			w->st[v] = CUT;
			continue;
		}
		w->st[v] = LIVE;
		w->D[v] = delay_word_ns(pb->target, op, w->D[v]);
		if (emit && !pb->lat[v] && pb->last_user[v] > horizon)
			horizon = pb->last_user[v];
	}
	double at = w->st[last] == LIVE ? w->D[last] : -1;
	for (unsigned v = u; v <= horizon; v++)
		w->st[v] = UNSEEN;
	return at;
}

/* From every source u with a delay, the longest latency-0 path to each op
 * v after it, cut where it exceeds the clock (walk_from). */
static void add_chain_constraints(struct sdc_problem *pb)
{
	struct walk w = walk_new(pb);
	for (unsigned u = 0; u < pb->block->nops; u++) {
		/* an op with a latency whose result comes out late is a
		 * source too, in the state its result comes out in */
		const struct ir_op *op = pb->block->ops[u];
		double d0 = pb->lat[u] ? delay_result_ns(pb->target, op)
				       : delay_word_ns(pb->target, op, pb->delay[u]);
		/* an op that reads a shift window's phi, which it may read
		 * early through the tap's multiplexer, is a source after that
		 * multiplexer, in its own cycle (the phi's may be later) */
		double tap = 0;
		for (unsigned k = 0; op->opc != IR_PHI && k < op->nargs; k++) {
			int j = operand_var(pb, op, k);
			unsigned room = j >= 0 ? tap_room(pb, op->args[k]) : 0;
			if (room && delay_tap_ns(pb->target, room) > tap)
				tap = delay_tap_ns(pb->target, room);
		}
		d0 += tap;
		if (d0 > 0 && pb->last_user[u])
			walk_from(pb, u, pb->last_user[u], d0, &w, true);
	}
}

/* By op index: how many sluice_fence() calls come before it in the block;
 * entry nops: how many the block has. */
static unsigned *fence_counts(const struct sdc_problem *pb)
{
	const struct ir_block *b = pb->block;
	unsigned *nf = arena_alloc(&pb->ctx->arena, (b->nops + 1) * sizeof *nf);
	for (unsigned i = 0; i < b->nops; i++)
		nf[i + 1] = nf[i] + (b->ops[i]->opc == IR_FENCE);
	return nf;
}

/* The spec: "Operations on the same pipe occur in program order", while
 * "accesses to one pipe may be reordered relative to accesses to another
 * pipe".  So each pipe op follows the previous op on its own pipe, one
 * per cycle, and ops on different pipes are ordered only by their data,
 * their latency constraints and sluice_fence(): every pipe op after a
 * fence completes in a later cycle than every pipe op before it (ops that
 * complete in one cycle complete together, so a request written before a
 * fence is out before the response read after it is waited for). */
static void add_pipe_order_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	unsigned *nf = fence_counts(pb);
	for (unsigned j = 0; j < b->nops; j++) {
		const struct ir_op *y = b->ops[j];
		if (!sdc_is_pipe_op(y))
			continue;
		for (unsigned i = j; i-- > 0;) {
			const struct ir_op *x = b->ops[i];
			if (!sdc_is_pipe_op(x) || x->pipe != y->pipe)
				continue;
			add(pb, SDC_PIPE_ORDER, x, y, i, j, 1, 0);
			break;
		}
		for (unsigned i = 0; i < j; i++)
			if (sdc_is_pipe_op(b->ops[i]) && nf[i] < nf[j] &&
			    b->ops[i]->pipe != y->pipe)
				add(pb, SDC_FENCE, b->ops[i], y, i, j, 1, 0);
	}
}

static bool is_access(const struct ir_op *op)
{
	return op->opc == IR_STATE_LOAD || op->opc == IR_STATE_STORE ||
	       op->opc == IR_MEM_LOAD || op->opc == IR_MEM_STORE;
}

/* Store x and load y of one memory, y before x in program order: x of
 * this iteration may forward its word into y of the next as it comes
 * out (sched_late_forward). */
static bool late_pair(const struct ir_op *x, const struct ir_op *y)
{
	return x->opc == IR_MEM_STORE && y->opc == IR_MEM_LOAD && x->mem == y->mem;
}

/* Accesses to one kernel state or memory, in program order as far as
 * ir_access_gap needs it. */
static void add_access_order_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		if (!is_access(op))
			continue;
		for (unsigned j = 0; j < i; j++) {
			int gap = ir_access_gap(b->ops[j], op);
			if (gap >= 0)
				add(pb, SDC_STATE_ORDER, b->ops[j], op, j, i, gap, 0);
		}
	}
}

static void add_term_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	unsigned t = b->nops - 1;
	assert(ir_is_terminator(b->ops[t]->opc));
	for (unsigned i = 0; i < t; i++)
		if (!pb->last_user[i])
			add(pb, SDC_TERM, b->ops[i], b->ops[t], i, t, pb->lat[i], 0);
}

static void add_latency_constraints(struct sdc_problem *pb,
				    const struct sdc_anchor *anchors,
				    unsigned nanchors)
{
	struct ir_block *b = pb->block;
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		if (!sdc_is_pipe_op(op) || op->lat.kind == LAT_NONE)
			continue;
		const struct ir_op *a =
			sdc_find_anchor(anchors, nanchors, op->lat.target);
		if (!a || a->block != b)
			continue;
		unsigned j = (unsigned)pb->var[a->id];
		long c = op->lat.cycles;
		switch (op->lat.kind) {
		case LAT_MIN:
			add(pb, SDC_LAT_MIN, a, op, j, i, c, 0);
			break;
		case LAT_MAX:
			add(pb, SDC_LAT_MAX, a, op, i, j, -c, 0);
			break;
		case LAT_EXACT:
			add(pb, SDC_LAT_EXACT_MIN, a, op, j, i, c, 0);
			add(pb, SDC_LAT_EXACT_MAX, a, op, i, j, -c, 0);
			break;
		case LAT_NONE:
			break;
		}
	}
}

/* A pipelined loop at initiation interval ii: the iteration starts at the
 * origin o (s_o = 0 in the least solution) and iteration i + 1 runs ii
 * cycles behind iteration i.  A positive cycle through these constraints
 * is what keeps the II from being lower. */
static void add_modulo_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	unsigned n = b->nops, o = pb->nvars - 1, t = n - 1;
	long ii = pb->ii;
	const struct ir_op *term = b->ops[t];
	for (unsigned i = 0; i < n; i++)
		add(pb, SDC_ORIGIN, NULL, b->ops[i], o, i, 0, 0);
	/* the terminator decides on the next iteration in cycle ii - 1 */
	add(pb, SDC_ISSUE, NULL, term, t, o, -(ii - 1), 0);
	/* a value d carried round by phi p: p's register takes it as this
	 * iteration completes the cycle it is ready in (regs.c), and the next
	 * iteration reads p from p's cycle on, which that iteration reaches
	 * ii cycles later: s_p + ii >= s_d + lat_d + 1.  So a recurrence
	 * p -> ... -> d of L cycles allows II L + 1 (as the modulo
	 * constraint of a dependence of distance 1), and a value ready by
	 * cycle ii - 1 leaves p in cycle 0, written as the next iteration
	 * starts.  For d a phi, s_d is the cycle its own value arrives.  A
	 * phi bypassed from d's unit reads d as it comes out, in the cycle
	 * it is ready: s_p + ii >= s_d + lat_d, so a recurrence that is
	 * that unit alone allows II lat_d. */
	for (unsigned i = 0; i < n && b->ops[i]->opc == IR_PHI; i++) {
		const struct ir_op *phi = b->ops[i];
		for (unsigned k = 0; k < phi->nargs; k++) {
			const struct ir_op *d = phi->args[k];
			if (phi->phi_blocks[k] != b || d->block != b)
				continue;
			unsigned j = (unsigned)pb->var[d->id];
			long w = (long)pb->lat[j] + (pb->bypass[i] ? 0 : 1) - ii;
			add(pb, SDC_RECUR, d, phi, j, i, w, 0);
		}
	}
	/* at II 1 the phis of a shift window are in one cycle, so that a
	 * user may read one from the register of the phi before it (a tap:
	 * SDC_TAP); q hands its value on to p: s_p >= s_q (above), s_q >= s_p */
	for (unsigned i = 0; pb->taps && i < n && b->ops[i]->opc == IR_PHI; i++) {
		const struct ir_op *q = sched_chain_pred(b->ops[i]);
		if (q)
			add(pb, SDC_HAND_ON, q, b->ops[i], i, (unsigned)pb->var[q->id], 0, 0);
	}
	/* pipe op c of the next iteration (ii cycles later) after op a of
	 * this one, when they share a pipe or a fence lies between them
	 * (after a in this iteration, or before c in the next), unless the
	 * order within an iteration implies it already; with a fence in the
	 * body, c two iterations on always has one between */
	unsigned *nf = fence_counts(pb), F = nf[n];
	for (unsigned a = 0; a < n; a++) {
		const struct ir_op *oa = b->ops[a];
		if (!sdc_is_pipe_op(oa))
			continue;
		for (unsigned c = 0; c < n; c++) {
			const struct ir_op *oc = b->ops[c];
			if (!sdc_is_pipe_op(oc) || c == a)
				continue;
			bool same = oc->pipe == oa->pipe;
			bool fenced = nf[a] < F || nf[c] > 0;
			bool implied = c > a && (same || nf[a] < nf[c]);
			if (same && !implied)
				add(pb, SDC_PIPE_II, oc, oa, a, c, -(ii - 1), 0);
			else if (fenced && !implied)
				add(pb, SDC_FENCE_II, oa, oc, a, c, -(ii - 1), 0);
			else if (F && !same && !fenced)
				add(pb, SDC_FENCE_II, oa, oc, a, c, -(2 * ii - 1), 0);
		}
	}
	/* one kernel state or memory: access y of the next iteration (ii
	 * cycles later) after access x of this one, by ir_access_gap; for
	 * y after x in program order the order within an iteration implies
	 * it.  Two loads of a memory thus lie within ii cycles, on distinct
	 * cycles modulo ii: its read port is a modulo resource. */
	for (unsigned x = 0; x < n; x++) {
		const struct ir_op *ox = b->ops[x];
		if (!is_access(ox))
			continue;
		for (unsigned y = 0; y < x; y++) {
			int gap = ir_access_gap(ox, b->ops[y]);
			if (gap < 0)
				continue;
			/* forwarded late, the load of the next iteration reads
			 * up to a cycle before the store writes (schedule.h) */
			if (pb->late && late_pair(ox, b->ops[y]))
				gap -= (int)pb->lat[y];
			add(pb, SDC_STATE_II, ox, b->ops[y], x, y, gap - ii, 0);
		}
	}
}

/* What a late forward needs of the schedule (memory.c): the loaded word
 * goes through a multiplexer that the store's word reaches late in the
 * cycle, so the load's users read it from its register, a cycle after it
 * comes out; and the store's address is compared with the load's (a
 * register of the memory's) in the store's cycle, so it is a register
 * there too. */
static void add_late_constraints(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	unsigned n = b->nops;
	for (unsigned x = 0; x < n; x++) {
		const struct ir_op *ox = b->ops[x];
		bool any = false;
		for (unsigned y = 0; y < x; y++) {
			const struct ir_op *oy = b->ops[y];
			if (!late_pair(ox, oy))
				continue;
			any = true;
			pb->nlate++;
			for (unsigned u = y + 1; u < n; u++) {
				const struct ir_op *ou = b->ops[u];
				for (unsigned k = 0; ou->opc != IR_PHI && k < ou->nargs; k++)
					if (operand_var(pb, ou, k) == (int)y)
						add(pb, SDC_LATE_USE, oy, ou, y, u, pb->lat[y] + 1, 0);
			}
		}
		int a = any ? operand_var(pb, ox, 0) : -1;
		if (a >= 0)
			add(pb, SDC_LATE_ADDR, b->ops[a], ox, (unsigned)a, x, pb->lat[a] + 1, 0);
	}
}

/* The combinational cone of op j: the latency-0 ops of the block its
 * value is computed from in its cycle, back to phis, results of ops with
 * a latency and values from outside (in_cone[i], j's own included);
 * whether some result with a latency feeds it. */
static bool cone_of(const struct sdc_problem *pb, unsigned j, bool *in_cone)
{
	const struct ir_block *b = pb->block;
	bool unit = false;
	for (unsigned i = 0; i <= j; i++)
		in_cone[i] = false;
	in_cone[j] = true;
	for (unsigned v = j + 1; v-- > 0;) {
		if (!in_cone[v] || b->ops[v]->opc == IR_PHI || (v != j && pb->lat[v]))
			continue;
		for (unsigned k = 0; k < b->ops[v]->nargs; k++) {
			int i = operand_var(pb, b->ops[v], k);
			if (i < 0)
				continue;
			in_cone[i] = true;
			unit |= pb->lat[i] > 0;
		}
	}
	return unit;
}

/* Marks the phis of a pipelined loop that may be bypassed (schedule.h).
 * Level 1: the value each carries round has a latency, so it comes out
 * of a unit's register, and the multiplexer that picks it up costs the
 * phi's users in its cycle delay_bypass_ns.  Level 2, also: the value is
 * computed by latency-0 logic after such a unit's result (x = sbox[x] ^ k,
 * the S-box a memory read), in a later cycle than the phi; the phi's
 * users then wait for that logic too, at most its longest path as if its
 * whole cone ran in that cycle (no longer than the cycle leaves), and
 * every phi in the cone comes a cycle before the value (SDC_BYPASS), so
 * that in the value's cycle each is a register, not itself a bypass.
 * Level 3, also: the ops of the cone that no unit's result reaches (the
 * condition of s = i < 15 ? s + x : 0) come a cycle before the value,
 * registers in its cycle too, so the bound is the units' paths alone.
 * A select of a constant as the value and the multiplexer are one LUT
 * (delay_bypass_merged_select). */
static void mark_bypasses(struct sdc_problem *pb, int level)
{
	struct ir_block *b = pb->block;
	struct arena *ar = &pb->ctx->arena;
	unsigned n = b->nops;
	bool *in_cone = NULL, *from_unit = NULL;
	struct walk w;
	for (unsigned i = 0; i < n && b->ops[i]->opc == IR_PHI; i++) {
		const struct ir_op *d = sched_carried(b->ops[i]);
		if (!d)
			continue;
		unsigned j = (unsigned)pb->var[d->id];
		if (pb->lat[j]) {
			pb->bypass[i] = true;
			pb->delay[i] = delay_bypass_ns(pb->target, d);
			pb->nbypass += level == 1;
			continue;
		}
		if (level < 2)
			continue;
		if (!in_cone) {
			in_cone = arena_alloc(ar, n * sizeof *in_cone);
			from_unit = arena_alloc(ar, n * sizeof *from_unit);
			w = walk_new(pb);
		}
		if (!cone_of(pb, j, in_cone))
			continue;
		double arrival = 0;
		for (unsigned u = 0; u <= j; u++) {
			if (!in_cone[u])
				continue;
			/* level 3: what the units' results do not reach comes a
			 * cycle before the value, a register in its cycle too */
			bool side = level >= 3 && !pb->lat[u];
			for (unsigned k = 0; side && k < b->ops[u]->nargs; k++) {
				int a = operand_var(pb, b->ops[u], k);
				side = a < 0 || !in_cone[a] || !from_unit[a];
			}
			from_unit[u] = !side;
			if (side && b->ops[u]->opc != IR_PHI && u != j &&
			    pb->delay[u] > 0) {
				add(pb, SDC_BYPASS, b->ops[u], d, u, j, 1, 0);
				continue;
			}
			double d0 = pb->lat[u] ? delay_result_ns(pb->target, b->ops[u])
					       : delay_word_ns(pb->target, b->ops[u], pb->delay[u]);
			/* a phi of the cone is a register in d's cycle (below) */
			bool source = b->ops[u]->opc != IR_PHI && d0 > 0;
			double at = source ? walk_from(pb, u, j, d0, &w, false) : -1;
			if (at > arrival)
				arrival = at;
		}
		const struct ir_op *sel = delay_bypass_merged_select(d);
		if (sel)
			arrival -= pb->delay[pb->var[sel->id]];
		pb->bypass[i] = true;
		pb->delay[i] = delay_bypass_after_ns(pb->target, arrival < pb->budget_ns
							       ? arrival : pb->budget_ns);
		pb->nbypass++;
		for (unsigned q = 0; q < j; q++)
			if (in_cone[q] && b->ops[q]->opc == IR_PHI)
				add(pb, SDC_BYPASS, b->ops[q], d, q, j, 1, 0);
	}
}

/* The selects that the multiplexers of bypassed phis take in
 * (delay_select_on_bypass): wiring to the paths through them (their
 * network of no levels: their arrival is their operands'), in the phi's
 * cycle. */
static void merge_bypass_selects(struct sdc_problem *pb)
{
	struct ir_block *b = pb->block;
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *p = delay_select_on_bypass(pb->target, b->ops[i], pb->bypass,
							       pb->var);
		if (!p)
			continue;
		pb->nets.levels[i] = 0;
		pb->delay[i] = 0;
		add(pb, SDC_BYPASS_SELECT, b->ops[i], p, i, (unsigned)pb->var[p->id], 0, 0);
	}
}

void sdc_build(struct sdc_problem *pb, struct hls_ctx *ctx,
	       struct ir_block *b, const int *var, double clock_ns,
	       const struct sdc_anchor *anchors, unsigned nanchors,
	       unsigned ii, int bypass, bool late, bool taps)
{
	struct arena *ar = &ctx->arena;
	unsigned n = b->nops;
	assert(n >= 1);
	*pb = (struct sdc_problem){
		.ctx = ctx, .target = ctx->target, .clock_ns = clock_ns,
		.budget_ns = delay_logic_budget_ns(ctx->target, clock_ns),
		.block = b, .nvars = n + (ii ? 1 : 0), .ii = ii, .var = var,
		.late = ii && late, .taps = ii == 1 && taps,
	};
	pb->lat = arena_alloc(ar, pb->nvars * sizeof *pb->lat);
	pb->delay = arena_alloc(ar, pb->nvars * sizeof *pb->delay);
	pb->last_user = arena_alloc(ar, pb->nvars * sizeof *pb->last_user);
	pb->bypass = arena_alloc(ar, pb->nvars * sizeof *pb->bypass);
	delay_nets_init(ar, b, &pb->nets);
	for (unsigned i = 0; i < n; i++) {
		const struct ir_op *op = b->ops[i];
		assert(var[op->id] == (int)i);
		pb->lat[i] = delay_op_latency(ctx->target, op);
		pb->delay[i] = delay_own_ns(ctx->target, &pb->nets, i, op);
		if (op->opc == IR_PHI)
			continue;
		for (unsigned k = 0; k < op->nargs; k++) {
			int j = operand_var(pb, op, k);
			if (j >= 0)
				pb->last_user[j] = i;
		}
	}
	if (ii && bypass) {
		mark_bypasses(pb, bypass);
		merge_bypass_selects(pb);
	}
	for (unsigned i = 0; i < n && b->ops[i]->opc == IR_PHI; i++)
		pb->ntaps += tap_room(pb, b->ops[i]) > 0;
	add_dep_constraints(pb);
	add_chain_constraints(pb);
	add_pipe_order_constraints(pb);
	add_access_order_constraints(pb);
	if (pb->late)
		add_late_constraints(pb);
	if (ii)
		add_modulo_constraints(pb);
	else
		add_term_constraints(pb);
	for (unsigned i = 0; i + 1 < n; i++)
		if (b->ops[i]->at_end)
			add(pb, SDC_AT_END, b->ops[n - 1], b->ops[i], n - 1, i, 0, 0);
	add_latency_constraints(pb, anchors, nanchors);
}

unsigned sdc_drop_latency(struct sdc_problem *pb, const struct ir_op *op)
{
	unsigned n = 0;
	for (unsigned i = 0; i < pb->ncons; i++) {
		enum sdc_kind k = pb->cons[i].kind;
		bool lat = k == SDC_LAT_MIN || k == SDC_LAT_MAX ||
			   k == SDC_LAT_EXACT_MIN || k == SDC_LAT_EXACT_MAX;
		if (lat && pb->cons[i].b == op)
			continue;
		pb->cons[n++] = pb->cons[i];
	}
	unsigned dropped = pb->ncons - n;
	pb->ncons = n;
	return dropped;
}
