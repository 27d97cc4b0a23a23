/*
 * modulo.c -- loop pipelining: a loop of one block is modulo scheduled at
 * the lowest initiation interval (II) its constraints allow.
 *
 * The problem is the block's own (sdc_problem.c) with the iteration's
 * start as one more variable and the constraints that make iteration
 * i + 1, started II cycles after iteration i, correct beside it
 * (add_modulo_constraints): the terminator decides on the next iteration
 * by cycle II - 1, a value carried round by a phi is ready before the
 * next iteration reads the phi (II cycles after this one reads it), an
 * iteration's operations on one pipe lie within II cycles, and accesses to
 * one kernel state keep their order across iterations.  All of them are
 * difference constraints whose weights depend on II, so each candidate II
 * is one SDC solve, as in XLS and CIRCT's ModuloProblem; feasibility only
 * grows with II, so the first II that solves is the lowest.
 *
 * A candidate II that fails so is tried once more with the phis that
 * carry round a unit's result read from the unit's output as it comes
 * out (a bypass, schedule.h): a recurrence that is one unit of latency L
 * (a running float sum through the 8-cycle adder) then runs at II L, not
 * L + 1.  Only then: the bypass puts a multiplexer on the phi's paths.
 * Then once more with the phis that carry round logic after such a unit
 * (x = sbox[x] ^ k, the S-box in block RAM) read from that logic: II L
 * again, where the logic fits the cycle after the unit's with the
 * multiplexer and the next iteration's logic before the unit.
 * Then once more with a memory's stores forwarding late: the load of
 * the next iteration may read a cycle before the store before it writes,
 * the memory handing the store's word on as the load's word comes out.
 * Last, at II 1, once more with the shift windows read early (taps,
 * schedule.h): a sum of window words that feeds the window is computed a
 * cycle or two before the window takes it.
 *
 * The search starts at 1, or at the II the user asked for with
 * `#pragma clang loop pipeline_initiation_interval(N)`, and stops below
 * the block's sequential length (at that II pipelining gains nothing, and
 * the block stays sequential).  The positive cycle of the last II that
 * failed is what limits the II; it is kept for the reports, and when the
 * user's II cannot be met it is the warning.  `#pragma clang loop
 * pipeline(disable)` keeps the loop sequential.
 *
 * Guarantees (checked again by sched_verify): for a pipelined block
 * sk->ii[b] > 0, the terminator in cycle ii - 1, block_len[b] the length
 * of one iteration (every result ready by its last cycle); sk->bypass set
 * for exactly the phis whose value carried round comes out of its unit
 * in the cycle the next iteration reads them from it.
 */
#include "sdc.h"

#include <assert.h>

bool sched_is_loop_block(const struct ir_block *b)
{
	if (!b->nops)
		return false;
	const struct ir_op *t = b->ops[b->nops - 1];
	if (t->opc == IR_BR || t->opc == IR_CONDBR) {
		for (unsigned i = 0; i < t->nsuccs; i++)
			if (t->succs[i] == b)
				return true;
		return false;
	}
	return t->opc == IR_RET && b->kernel->kind == KERNEL_AUTORUN &&
	       b->kernel->nblocks == 1;
}

const struct ir_op *sched_carried(const struct ir_op *p)
{
	const struct ir_op *d = NULL;
	for (unsigned k = 0; k < p->nargs; k++) {
		if (p->phi_blocks[k] != p->block)
			continue;
		if (d && d != p->args[k])
			return NULL;
		d = p->args[k];
	}
	return d && d->block == p->block && d->opc != IR_PHI ? d : NULL;
}

const struct ir_op *sched_chain_pred(const struct ir_op *p)
{
	if (p->opc != IR_PHI)
		return NULL;
	const struct ir_block *b = p->block;
	const struct ir_op *q = NULL;
	for (unsigned k = 0; k < p->nargs; k++) {
		if (p->phi_blocks[k] != b)
			continue;
		if (q && q != p->args[k])
			return NULL;
		q = p->args[k];
	}
	if (!q || q == p || q->opc != IR_PHI || q->block != b)
		return NULL;
	for (unsigned i = 0; i < b->nops && b->ops[i]->opc == IR_PHI; i++) {
		const struct ir_op *r = b->ops[i];
		for (unsigned k = 0; r != p && k < r->nargs; k++)
			if (r->phi_blocks[k] == b && r->args[k] == q)
				return NULL;
	}
	return q;
}

const struct ir_op *sched_chain_head(const struct ir_op *p, unsigned *pos)
{
	unsigned n = 1;
	for (const struct ir_op *q; (q = sched_chain_pred(p)); p = q)
		if (++n > SCHED_CHAIN_MAX)
			return NULL;
	*pos = n;
	return p;
}

unsigned sched_tap_room(const struct ir_op *p, bool head_bypassed)
{
	unsigned pos;
	if (!sched_chain_pred(p) || !sched_chain_head(p, &pos) || head_bypassed)
		return 0;
	return pos - 1 < SCHED_MAX_TAP ? pos - 1 : SCHED_MAX_TAP;
}

bool sched_late_forward(const struct ir_op *x, const struct ir_op *y, long cx, long cy,
			unsigned ii)
{
	if (!ii || x->opc != IR_MEM_STORE || y->opc != IR_MEM_LOAD || x->mem != y->mem ||
	    x->block != y->block || cx != cy + (long)ii + 1)
		return false;
	const struct ir_block *b = x->block;
	for (unsigned i = 0; i < b->nops && b->ops[i] != x; i++)
		if (b->ops[i] == y)
			return true;
	return false;
}

/* One candidate II: 0 and the solution in s, or -1 and why not (*why
 * is left alone on success).  The phis are read from their registers;
 * when that fails and a phi carries round a value computed by a unit
 * with a latency, once more with those phis read from their units'
 * outputs (sdc_build's bypass 1), which costs a multiplexer on their
 * paths: only where the II needs it; when that fails too, once more with
 * the phis that carry round the logic after such a unit read from that
 * logic as it computes the value (bypass 2: AES's state, an S-box read
 * from block RAM and the XORs after it, at one round a cycle); and once
 * more with the ops of that logic that no unit's result reaches a cycle
 * earlier (bypass 3: a running float sum that a loop with a loop inside,
 * made one, starts again at 0).  Last, with the phis from their
 * registers again, once more with the stores of a memory that forward
 * their word late into the next iteration's loads before them
 * (schedule.h): a read-modify-write whose add does not fit the cycle the
 * word comes out in (bench/hist) runs at II 1, not 2, at the cost of a
 * cycle more before the load's users and a multiplexer and an address
 * comparator on its word.  Why the II fails is then what the last
 * problem says. */
static int try_ii(struct hls_ctx *ctx, struct sdc_problem *pb,
		  struct ir_block *b, const int *var, double clock_ns,
		  const struct sdc_anchor *anchors, unsigned nanchors,
		  unsigned ii, long **s, const char **why)
{
	const char *w = NULL;
	for (int level = 0; level < 6; level++) {
		/* the last attempts: the phis from their registers, and stores
		 * that forward late; then shift windows read early */
		bool late = level == 4, taps = level == 5;
		int bypass = late || taps ? 0 : level;
		sdc_build(pb, ctx, b, var, clock_ns, anchors, nanchors, ii, bypass, late, taps);
		if ((bypass && !pb->nbypass) || (late && !pb->nlate) || (taps && !pb->ntaps))
			continue; /* the same problem as the level before */
		*s = arena_alloc(&ctx->arena, pb->nvars * sizeof **s);
		unsigned *cyc, ncyc;
		if (sdc_solve(pb, *s, &cyc, &ncyc) == 0)
			return 0;
		w = sdc_limit_words(pb, cyc, ncyc);
	}
	*why = w;
	return -1;
}

void sched_modulo_block(struct hls_ctx *ctx, struct sched_kernel *sk,
			struct ir_block *b, const int *var, double clock_ns,
			const struct sdc_anchor *anchors, unsigned nanchors)
{
	unsigned id = b->id, seq = sk->block_len[id];
	sk->seq_len[id] = seq;
	sk->ii_asked[id] = b->hint.ii;
	if (b->hint.no_pipeline) {
		sk->limit[id] = "not pipelined: #pragma clang loop pipeline(disable)";
		return;
	}
	unsigned first = b->hint.ii ? b->hint.ii : 1;
	if (first >= seq) {
		sk->limit[id] = b->hint.ii
			? arena_printf(&ctx->arena, "not pipelined: the requested II %u "
				       "is no faster than its %u sequential %s",
				       b->hint.ii, seq, seq == 1 ? "cycle" : "cycles")
			: "not pipelined: one cycle per iteration already";
		return;
	}
	struct sdc_problem pb;
	long *s = NULL;
	const char *why = NULL;
	unsigned ii;
	for (ii = first; ii < seq; ii++)
		if (!try_ii(ctx, &pb, b, var, clock_ns, anchors, nanchors, ii, &s,
			    &why))
			break;
	if (b->hint.ii && ii != b->hint.ii) {
		diag_warning(&ctx->diag, b->hint.loc.line ? b->hint.loc : b->loc,
			     "loop not pipelined at the requested initiation "
			     "interval %u: %s", b->hint.ii, why);
		if (ii < seq)
			diag_note(&ctx->diag, b->hint.loc.line ? b->hint.loc : b->loc,
				  "pipelined at II %u instead", ii);
	}
	if (ii >= seq) {
		sk->limit[id] = arena_printf(&ctx->arena,
			"not pipelined: no II below its %u sequential cycles; %s",
			seq, why);
		return;
	}
	unsigned n = b->nops, origin = pb.nvars - 1;
	assert(s[origin] == 0);
	(void)origin;
	unsigned len = ii;
	for (unsigned i = 0; i < n; i++) {
		const struct ir_op *op = b->ops[i];
		unsigned c = (unsigned)s[i];
		if (ir_is_terminator(op->opc))
			c = ii - 1; /* the issue decision: never earlier */
		sk->cycle[op->id] = c;
		sk->latency[op->id] = pb.lat[i];
		if (c + pb.lat[i] + 1 > len)
			len = c + pb.lat[i] + 1;
	}
	/* a phi that may be bypassed is, where its value comes out exactly
	 * as the next iteration reads it; elsewhere it is read from its
	 * register, and its paths lose the multiplexer */
	for (unsigned i = 0; i < n && b->ops[i]->opc == IR_PHI; i++) {
		if (!pb.bypass[i])
			continue;
		const struct ir_op *d = sched_carried(b->ops[i]);
		unsigned j = (unsigned)pb.var[d->id];
		if (s[i] + ii == s[j] + pb.lat[j])
			sk->bypass[b->ops[i]->id] = true;
		else
			pb.delay[i] = 0;
	}
	sk->ii[id] = ii;
	sk->block_len[id] = len;
	sk->limit[id] = ii == first && b->hint.ii
		? arena_printf(&ctx->arena, "II %u as requested by the pragma", ii)
		: why;
	sdc_sink(&pb, sk);
}
