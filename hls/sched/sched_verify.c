/*
 * sched_verify.c -- checks a finished schedule against the guarantees of
 * schedule.h, independently of how it was found.
 *
 * It recomputes from the IR, the delay model and the schedule alone (no
 * constraint of sdc_problem.c is reused):
 *   - shape: one sched_kernel per kernel, block_len >= 1, the terminator in
 *     the last state, phis in state 0 with latency 0, each latency equal to
 *     the delay model's, a pipe op marked at_end in the terminator's state;
 *   - operands available when their user starts (at II 1, a phi of a
 *     shift window up to sched_tap_room cycles before, its window's phis
 *     back to the register read in one cycle); every result available by
 *     the block's last state;
 *   - chaining: along every path of ops chained in one state (latency 0,
 *     operands in the same block and state), the delay from the start of
 *     the first op with a delay to the end of the last fits the clock period
 *     (an op slower than the period, with only wiring chained to it, is
 *     allowed);
 *   - pipe ops of a block on one pipe, or with a sluice_fence() between
 *     them, in distinct states, in program order;
 *   - state accesses: a store no earlier than a load of the same state
 *     before it, later stores and loads strictly after it;
 *   - every latency constraint holds, with its anchor in the same block;
 *   - a pipelined loop block (ii > 0) is a loop of one block, its
 *     terminator in cycle ii - 1, the values its phis carry round ready by
 *     the cycle before the next iteration reads them, or for a bypassed
 *     phi a unit's result that comes out in the cycle it reads it (the
 *     multiplexer counted on the phi's chains), the pipe ops of the next
 *     iteration (ii cycles later) after
 *     this one's on their pipe or across a fence (and two iterations on,
 *     all of them when the body has a fence), and state accesses of the
 *     next iteration in order after this one's, but a memory's load a
 *     cycle before a store that forwards its word late into it, with the
 *     load's users a cycle after its word and the store's address a
 *     register.
 * Each violation is an internal error at the op's location.
 */
#include "sdc.h"

#include <stdio.h>
#include <stdlib.h>

#define EPS_NS 1e-9

struct vctx {
	struct hls_ctx *ctx;
	const struct hls_schedule *s;
	const struct sched_kernel *sk;
	const struct ir_kernel *k;
	unsigned *pos; /* by op id: index in its block */
	unsigned bad;
	struct delay_nets nets; /* the checked block's bitwise networks */
	double *E;	 /* by index: a network op's leaves' latest arrival */
};

static void bad(struct vctx *v, const struct ir_op *op, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void bad(struct vctx *v, const struct ir_op *op, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct ir_loc loc = op ? op->loc : v->k->loc;
	if (op)
		diag_error(&v->ctx->diag, loc,
			   "internal error: schedule of kernel '%s', block '%s', "
			   "%%%u (%s): %s", v->k->name, op->block->name, op->id,
			   ir_opcode_name(op->opc), msg);
	else
		diag_error(&v->ctx->diag, loc,
			   "internal error: schedule of kernel '%s': %s",
			   v->k->name, msg);
	v->bad++;
}

static unsigned cyc(const struct vctx *v, const struct ir_op *op)
{
	return v->sk->cycle[op->id];
}

static unsigned lat(const struct vctx *v, const struct ir_op *op)
{
	return v->sk->latency[op->id];
}

/* A phi of a block pipelined at ii (0: not pipelined) of len cycles.  A
 * value carried round is ready by the cycle the phi's register takes it,
 * cycle + ii - 1, within the iteration; the next iteration reads the phi
 * from its cycle on (the operand checks of check_shape).  A bypassed phi
 * is read in its cycle from the output of the unit or the logic that
 * computes the value: it comes out exactly in cycle + ii, which is when
 * the register takes it. */
static void check_phi(struct vctx *v, const struct ir_op *op, unsigned ii, unsigned len)
{
	const struct ir_block *b = op->block;
	bool byp = v->sk->bypass[op->id];
	const struct ir_op *d = sched_carried(op);
	if (byp && (!ii || !d ||
		    (unsigned long)cyc(v, d) + lat(v, d) != (unsigned long)cyc(v, op) + ii)) {
		bad(v, op, "bypassed, but no value comes out in cycle %lu for it",
		    (unsigned long)cyc(v, op) + ii);
		return;
	}
	unsigned long w = (unsigned long)cyc(v, op) + ii - !byp;
	if (ii && w > len - 1)
		bad(v, op, "phi of cycle %u is written in cycle %lu, "
		    "after the iteration's last %u", cyc(v, op), w, len - 1);
	for (unsigned a = 0; ii && a < op->nargs; a++) {
		const struct ir_op *x = op->args[a];
		if (op->phi_blocks[a] == b && x->block == b &&
		    (unsigned long)cyc(v, x) + lat(v, x) > w)
			bad(v, op, "value %%%u carried to the next "
			    "iteration is ready in cycle %u, after "
			    "cycle %lu", x->id, cyc(v, x) + lat(v, x), w);
	}
}

/* op reads phi p of a loop pipelined at II 1 before p's cycle: from the
 * register of the phi as many places before p in its shift window, in
 * the cycle of each phi between (schedule.h). */
static void check_tap(struct vctx *v, const struct ir_op *op, const struct ir_op *p)
{
	unsigned pos;
	const struct ir_op *h = sched_chain_head(p, &pos);
	unsigned room = h ? sched_tap_room(p, v->sk->bypass[h->id]) : 0;
	unsigned early = cyc(v, p) - cyc(v, op);
	if (early > room) {
		bad(v, op, "starts in state %u, %u before phi %%%u, which can be "
		    "read %u early", cyc(v, op), early, p->id, room);
		return;
	}
	for (const struct ir_op *q = p; early--;) {
		q = sched_chain_pred(q);
		if (cyc(v, q) != cyc(v, p))
			bad(v, op, "reads phi %%%u early, but phi %%%u before it is in "
			    "cycle %u, not %u", p->id, q->id, cyc(v, q), cyc(v, p));
	}
}

static void check_shape(struct vctx *v, const struct ir_block *b)
{
	unsigned len = v->sk->block_len[b->id];
	if (len < 1) {
		bad(v, b->nops ? b->ops[0] : NULL, "block '%s' has no state",
		    b->name);
		return;
	}
	const struct ir_op *t = b->ops[b->nops - 1];
	unsigned ii = v->sk->ii[b->id];
	if (ii && !sched_is_loop_block(b))
		bad(v, t, "block '%s' pipelined but not a loop of one block",
		    b->name);
	if (ii && cyc(v, t) != ii - 1)
		bad(v, t, "terminator of a loop pipelined at II %u in cycle %u",
		    ii, cyc(v, t));
	else if (!ii && cyc(v, t) != len - 1)
		bad(v, t, "terminator in state %u, the block's last is %u",
		    cyc(v, t), len - 1);
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		unsigned want = delay_op_latency(v->s->target, op);
		if (lat(v, op) != want)
			bad(v, op, "latency %u, the delay model says %u",
			    lat(v, op), want);
		if (op->opc == IR_PHI && ((cyc(v, op) && !ii) || lat(v, op)))
			bad(v, op, "phi in state %u with latency %u", cyc(v, op),
			    lat(v, op));
		if ((unsigned long)cyc(v, op) + lat(v, op) > len - 1)
			bad(v, op, "result ready in state %u, after the block's "
			    "last state %u", cyc(v, op) + lat(v, op), len - 1);
		if (op->at_end && cyc(v, op) != cyc(v, t))
			bad(v, op, "pipe op in state %u, not in the terminator's %u",
			    cyc(v, op), cyc(v, t));
		if (op->opc == IR_PHI) {
			check_phi(v, op, ii, len);
			continue;
		}
		for (unsigned a = 0; a < op->nargs; a++) {
			const struct ir_op *d = op->args[a];
			if (d->block == b && ii == 1 && cyc(v, op) < cyc(v, d) &&
			    d->opc == IR_PHI) {
				check_tap(v, op, d);
				continue;
			}
			if (d->block == b &&
			    cyc(v, op) < (unsigned long)cyc(v, d) + lat(v, d))
				bad(v, op, "starts in state %u, operand %%%u is ready "
				    "in state %u", cyc(v, op), d->id,
				    cyc(v, d) + lat(v, d));
		}
	}
}

struct slot {
	unsigned cycle, index;
};

static int slot_cmp(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;
	if (a->cycle != b->cycle)
		return a->cycle < b->cycle ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* The state in which op's result is there to chain from. */
static unsigned avail(struct vctx *v, const struct ir_op *op)
{
	return cyc(v, op) + lat(v, op);
}

/* The chains from u through the ops of one state, sl[g0..g1) (u's own
 * state, or for an op with a latency the state its result comes out in,
 * after d0 ns: delay_result_ns). */
static void chains_from(struct vctx *v, const struct ir_block *b, unsigned u,
			double d0, unsigned g0, unsigned g1, double *D,
			unsigned char *reached, const struct slot *sl,
			enum delay_chain *cy)
{
	double T = delay_logic_budget_ns(v->s->target, v->s->clock_ns);
	enum hls_target tg = v->s->target;
	const struct ir_op *uo = b->ops[u];
	unsigned state = avail(v, uo);
	for (unsigned q = g0; q < g1; q++)
		reached[sl[q].index] = 0;
	reached[u] = 1;
	D[u] = d0;
	v->E[u] = 0;
	cy[u] = lat(v, uo) ? CHAIN_NONE : delay_chain_of(tg, uo, NULL, 0);
	for (unsigned pw = g0; pw < g1; pw++) {
		unsigned w = sl[pw].index;
		const struct ir_op *op = b->ops[w];
		if (w <= u || op->opc == IR_PHI)
			continue;
		double best = -1, leaves = 0;
		enum delay_chain in[4];
		unsigned nin = 0;
		for (unsigned a = 0; a < op->nargs; a++) {
			const struct ir_op *d = op->args[a];
			if (d->block != b || avail(v, d) != state || (d != uo && lat(v, d)))
				continue;
			unsigned j = v->pos[d->id];
			if (j < u || j >= w || !reached[j])
				continue;
			double dj = D[j] + delay_step_ns(tg, op, a, cy[j]);
			double lj = v->nets.interior[j] && !lat(v, d) ? v->E[j] : D[j];
			if (nin < 4)
				in[nin++] = cy[j];
			if (dj > best)
				best = dj;
			if (lj > leaves)
				leaves = lj;
		}
		if (best < 0)
			continue;
		double dw = delay_own_ns(tg, &v->nets, w, op);
		reached[w] = 1;
		D[w] = delay_net_arrival(tg, &v->nets, w, best, leaves);
		v->E[w] = leaves;
		cy[w] = D[w] < best ? CHAIN_NONE : delay_chain_of(tg, op, in, op->nargs <= 4 ? nin : 0);
		if (dw > 0 && D[w] > (d0 > T ? d0 : T) + EPS_NS) /* sdc_problem.c, walk_from */
			bad(v, op, "chained after %%%u in state %u: "
			    "%.2f ns, over the %.2f ns a clock period leaves for logic",
			    uo->id, cyc(v, op), D[w], T);
		D[w] = delay_word_ns(tg, op, D[w]);
	}
}

/* Longest same-state chains from each op with a delay, and from each
 * result that comes out late: the block's ops are sorted by state, and
 * each state's ops are scanned in program order.  The states are taken
 * from the last: a phi bypassed from logic starts its chains when that
 * logic's value arrives (arrival[], by op index), in a later state. */
static void check_chaining(struct vctx *v, const struct ir_block *b,
			   double *D, unsigned char *reached, struct slot *sl)
{
	enum hls_target tg = v->s->target;
	unsigned n = b->nops;
	/* cy[i]: along the path, what op i leaves for the op chained after it */
	enum delay_chain *cy = arena_alloc(&v->ctx->arena, (n + 1) * sizeof *cy);
	double *arrival = arena_alloc(&v->ctx->arena, (n + 1) * sizeof *arrival);
	delay_nets_init(&v->ctx->arena, b, &v->nets);
	/* a select built into a bypassed phi's multiplexer in its cycle:
	 * no level of its own */
	for (unsigned i = 0; i < n; i++) {
		const struct ir_op *p = delay_select_on_bypass(tg, b->ops[i], v->sk->bypass, NULL);
		if (p && cyc(v, p) == cyc(v, b->ops[i]))
			v->nets.levels[i] = 0;
	}
	v->E = arena_alloc(&v->ctx->arena, (n + 1) * sizeof *v->E);
	for (unsigned i = 0; i < n; i++)
		sl[i] = (struct slot){cyc(v, b->ops[i]), i};
	qsort(sl, n, sizeof *sl, slot_cmp);
	for (unsigned g1 = n, g0; g1 > 0; g1 = g0) {
		for (g0 = g1 - 1; g0 > 0 && sl[g0 - 1].cycle == sl[g1 - 1].cycle; g0--)
			;
		for (unsigned pu = g0; pu < g1; pu++) {
			const struct ir_op *uo = b->ops[sl[pu].index];
			double du = delay_word_ns(tg, uo, delay_own_ns(tg, &v->nets, sl[pu].index, uo));
			/* a bypassed phi: its multiplexer after its unit's output,
			 * or after its logic's value arrives */
			const struct ir_op *d = v->sk->bypass[uo->id] ? sched_carried(uo) : NULL;
			const struct ir_op *sel = d && !lat(v, d) ? delay_bypass_merged_select(d) : NULL;
			if (d)
				du = lat(v, d) ? delay_bypass_ns(tg, d)
					       : delay_bypass_after_ns(tg, arrival[v->pos[d->id]] -
									   (sel ? delay_own_ns(tg, &v->nets, v->pos[sel->id], sel) : 0));
			if (du > 0 && !lat(v, uo))
				chains_from(v, b, sl[pu].index, du, g0, g1, D, reached, sl, cy);
			for (unsigned q = g0; du > 0 && !lat(v, uo) && q < g1; q++)
				if (reached[sl[q].index] && D[sl[q].index] > arrival[sl[q].index])
					arrival[sl[q].index] = D[sl[q].index];
		}
		/* the results of earlier states' ops that come out here */
		for (unsigned u = 0; u < n; u++) {
			const struct ir_op *uo = b->ops[u];
			double dr = lat(v, uo) ? delay_result_ns(tg, uo) : 0;
			if (dr <= 0 || avail(v, uo) != sl[g0].cycle)
				continue;
			chains_from(v, b, u, dr, g0, g1, D, reached, sl, cy);
			for (unsigned q = g0; q < g1; q++)
				if (reached[sl[q].index] && D[sl[q].index] > arrival[sl[q].index])
					arrival[sl[q].index] = D[sl[q].index];
		}
	}
}

/* By op index: the sluice_fence() calls before it; entry nops: all. */
static unsigned *fences_before(struct vctx *v, const struct ir_block *b)
{
	unsigned *nf = arena_alloc(&v->ctx->arena, (b->nops + 1) * sizeof *nf);
	for (unsigned i = 0; i < b->nops; i++)
		nf[i + 1] = nf[i] + (b->ops[i]->opc == IR_FENCE);
	return nf;
}

/* Pipe op y comes after x, `dist` iterations later, `gap` cycles after
 * it; complain when fewer than one. */
static void check_pipe_pair(struct vctx *v, const struct ir_op *x,
			    const struct ir_op *y, unsigned dist, long gap)
{
	if (gap >= 1)
		return;
	const char *when = dist == 0 ? "" : dist == 1 ? " of the next iteration"
				      : " two iterations on";
	if (x->pipe == y->pipe)
		bad(v, y, "on pipe '%s'%s, %ld cycles after %%%u on it",
		    y->pipe->name, when, gap, x->id);
	else
		bad(v, y, "on pipe '%s'%s, %ld cycles after %%%u across a fence",
		    y->pipe->name, when, gap, x->id);
}

/* Pipe ops x and y of a block, x first in program order within one
 * iteration (dist 0) or y `dist` iterations after x: must y complete
 * later? */
static bool pipe_ordered(const unsigned *nf, unsigned F, unsigned ix,
			 unsigned iy, const struct ir_op *x,
			 const struct ir_op *y, unsigned dist)
{
	if (x->pipe == y->pipe)
		return true;
	if (dist == 0)
		return nf[ix] < nf[iy];
	return dist >= 2 ? F > 0 : nf[ix] < F || nf[iy] > 0;
}

static void check_pipe_order(struct vctx *v, const struct ir_block *b,
			     unsigned ii)
{
	unsigned *nf = fences_before(v, b), F = nf[b->nops];
	for (unsigned ix = 0; ix < b->nops; ix++) {
		const struct ir_op *x = b->ops[ix];
		if (!sdc_is_pipe_op(x))
			continue;
		for (unsigned iy = 0; iy < b->nops; iy++) {
			const struct ir_op *y = b->ops[iy];
			if (!sdc_is_pipe_op(y))
				continue;
			long d = (long)cyc(v, y) - (long)cyc(v, x);
			if (iy > ix && pipe_ordered(nf, F, ix, iy, x, y, 0))
				check_pipe_pair(v, x, y, 0, d);
			for (unsigned dist = 1; ii && dist <= 2 && iy != ix; dist++)
				if (pipe_ordered(nf, F, ix, iy, x, y, dist))
					check_pipe_pair(v, x, y, dist,
							d + (long)(dist * ii));
		}
	}
}

/* The kernel state or memory an access names. */
static const char *access_name(const struct ir_op *op)
{
	return op->mem ? op->mem->name : op->state->name;
}

/* Value a settles at the start of cycle c of its block: a register there
 * (or a constant, or a value from outside the block), or wiring of such
 * values (sdc_sink moves a slice or an extension into its user's cycle). */
static bool settled(const struct vctx *v, const struct ir_block *b, const struct ir_op *a,
		    unsigned c, unsigned depth)
{
	if (a->block != b || a->opc == IR_CONST)
		return true;
	if (a->opc == IR_PHI)
		return cyc(v, a) < c || !v->sk->bypass[a->id];
	if (cyc(v, a) + lat(v, a) < c)
		return true;
	if (cyc(v, a) != c || lat(v, a) || delay_op_ns(v->s->target, a) > 0 || depth > 8)
		return false;
	for (unsigned k = 0; k < a->nargs; k++)
		if (!settled(v, b, a->args[k], c, depth + 1))
			return false;
	return true;
}

/* Store x forwards its word late into load y of the next iteration
 * (schedule.h): y's users but phis read its word's register, and x's
 * address is a register in x's cycle. */
static void check_late_forward(struct vctx *v, const struct ir_block *b,
			       const struct ir_op *x, const struct ir_op *y)
{
	for (unsigned i = v->pos[y->id] + 1; i < b->nops; i++) {
		const struct ir_op *u = b->ops[i];
		for (unsigned k = 0; u->opc != IR_PHI && k < u->nargs; k++)
			if (u->args[k] == y && cyc(v, u) < cyc(v, y) + lat(v, y) + 1)
				bad(v, u, "reads the word of %%%u in cycle %u, which %%%u "
				    "forwards late", y->id, cyc(v, u), x->id);
	}
	const struct ir_op *a = x->args[0];
	if (!settled(v, b, a, cyc(v, x), 0))
		bad(v, x, "forwards late with its address %%%u computed in its "
		    "cycle %u", a->id, cyc(v, x));
}

/* A pipelined loop: iteration i + 1 runs ii cycles behind iteration i. */
static void check_modulo_order(struct vctx *v, const struct ir_block *b,
			       unsigned ii)
{
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *x = b->ops[i];
		for (unsigned j = 0; j < i; j++) {
			const struct ir_op *y = b->ops[j];
			/* access y of the next iteration after x of this one */
			int gap = ir_access_gap(x, y);
			if (gap < 0)
				continue;
			if (sched_late_forward(x, y, cyc(v, x), cyc(v, y), ii))
				check_late_forward(v, b, x, y);
			else if ((long)cyc(v, y) + (long)ii < (long)cyc(v, x) + gap)
				bad(v, y, "'%s' accessed by the next iteration in "
				    "cycle %u, too early after %%%u in cycle %u",
				    access_name(x), cyc(v, y) + ii, x->id, cyc(v, x));
		}
	}
}

static void check_order(struct vctx *v, const struct ir_block *b)
{
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		for (unsigned j = 0; j < i; j++) {
			const struct ir_op *e = b->ops[j];
			int gap = ir_access_gap(e, op);
			if (gap >= 0 && (long)cyc(v, op) < (long)cyc(v, e) + gap)
				bad(v, op, "'%s' accessed in state %u, too early "
				    "after %%%u in state %u", access_name(op),
				    cyc(v, op), e->id, cyc(v, e));
		}
	}
}

static const struct ir_op *find_anchor(const struct ir_program *p, int id)
{
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			const struct ir_block *blk = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < blk->nops; i++)
				if (sdc_is_pipe_op(blk->ops[i]) &&
				    blk->ops[i]->lat.anchor == id)
					return blk->ops[i];
		}
	return NULL;
}

static void check_latency(struct vctx *v, const struct ir_program *p,
			  const struct ir_block *b)
{
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		if (!sdc_is_pipe_op(op) || op->lat.kind == LAT_NONE)
			continue;
		const struct ir_op *a = find_anchor(p, op->lat.target);
		if (!a || a->block != b) {
			bad(v, op, "latency constraint on anchor %d not enforced: "
			    "the anchor is not in this block", op->lat.target);
			continue;
		}
		long d = (long)cyc(v, op) - (long)cyc(v, a), c = op->lat.cycles;
		bool ok = op->lat.kind == LAT_EXACT ? d == c
			: op->lat.kind == LAT_MIN ? d >= c : d <= c;
		if (!ok)
			bad(v, op, "%ld cycles after anchor %d, the constraint "
			    "says %s %ld", d, op->lat.target,
			    op->lat.kind == LAT_EXACT ? "exactly"
			    : op->lat.kind == LAT_MIN ? "at least" : "at most", c);
	}
}

unsigned sched_verify(struct hls_ctx *ctx, struct ir_program *p,
		      const struct hls_schedule *s)
{
	struct vctx v = {.ctx = ctx, .s = s};
	if (s->nkernels != p->nkernels || !(s->clock_ns > 0)) {
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "internal error: schedule has %u kernels for %u, clock "
			   "period %g ns", s->nkernels, p->nkernels, s->clock_ns);
		return 1;
	}
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		v.k = p->kernels[kk];
		v.sk = &s->kernels[kk];
		if (v.sk->kernel != v.k) {
			bad(&v, NULL, "schedule %u is for another kernel", kk);
			continue;
		}
		unsigned maxn = 1;
		for (unsigned b = 0; b < v.k->nblocks; b++)
			if (v.k->blocks[b]->nops > maxn)
				maxn = v.k->blocks[b]->nops;
		v.pos = arena_alloc(&ctx->arena, (v.k->nops_total + 1) * sizeof *v.pos);
		for (unsigned b = 0; b < v.k->nblocks; b++)
			for (unsigned i = 0; i < v.k->blocks[b]->nops; i++)
				v.pos[v.k->blocks[b]->ops[i]->id] = i;
		double *D = arena_alloc(&ctx->arena, maxn * sizeof *D);
		unsigned char *reached = arena_alloc(&ctx->arena, maxn);
		struct slot *sl = arena_alloc(&ctx->arena, maxn * sizeof *sl);
		for (unsigned b = 0; b < v.k->nblocks; b++) {
			const struct ir_block *blk = v.k->blocks[b];
			if (!blk->nops) {
				bad(&v, NULL, "empty block");
				continue;
			}
			check_shape(&v, blk);
			check_chaining(&v, blk, D, reached, sl);
			check_order(&v, blk);
			check_pipe_order(&v, blk, v.sk->ii[b]);
			if (v.sk->ii[b])
				check_modulo_order(&v, blk, v.sk->ii[b]);
			check_latency(&v, p, blk);
		}
	}
	return v.bad;
}
