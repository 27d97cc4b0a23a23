/*
 * pipeline.c -- the control of pipelined loops: per-cycle valid bits and
 * holds, the start of each iteration, and every pipe op's handshake.
 *
 * A pipelined loop block L (sk->ii[L] > 0) is one FSM state S_L.  Inside
 * it, iteration i + 1 starts II cycles after iteration i, so an iteration's
 * cycle c runs beside the next one's cycle c - II.  Signals, for a loop of
 * length N cycles:
 *   L_v[N-1:0]  reg: an iteration is in cycle c of its schedule;
 *   L_hold_c    that iteration stays in cycle c this clock;
 *   L_adv[c]    it completes cycle c (L_v[c] && !L_hold_c): the ops of
 *               cycle c take effect (registers, state stores, handshakes)
 *               only then;
 *   L_next      the iteration in cycle II - 1 completes it and the loop
 *               goes on: the next iteration starts (its phis are written).
 * An iteration holds when a blocking pipe op of its cycle cannot complete,
 * or when an iteration ahead of it, II, 2 II, ... cycles on, holds:
 *     L_hold_c = L_v[c] && (blocked_c || L_stop_{c+II}),
 *     L_stop_c = L_hold_c || L_stop_{c+II}.
 * An iteration behind one that holds holds too, also where the cycles
 * between them are empty: the hold of cycle 0 is then an OR of the
 * blocked ops ahead, which synthesis balances, where "the iteration
 * exactly II cycles on holds" (bubbles close up) chained every cycle's
 * valid bit into it, a LUT level a few cycles.  examples/vadd, whose
 * loop waits in three of its six cycles, went from 41.1 to 46.9 MHz on
 * the UP5K (seeds 2-4: 42.2, 40.3, 36.9 -> 46.8, 45.5, 42.5); a bubble
 * that stays costs it 3.05 cycles an element against 3.04.
 * So iterations keep at least II cycles apart (what the modulo schedule
 * and the value registers of regs.c rely on: an iteration's pipe ops and
 * state accesses come after those of the one ahead, and a register is not
 * overwritten while it is read), and an iteration only ever waits for the
 * ones ahead of it: when the input stops, the iterations already in the
 * loop drain and write their results, and a host that answers each word
 * before it sends the next is not deadlocked by the pipeline.
 *
 * A multi-cycle operator (the divider) advances all its stages on one
 * clock enable, so the cycles it spans after its start (c0+1 .. c0+L) form
 * a lock group that holds as one: L_lock_g, the divider's enable is
 * !L_lock_g, and the start cycle c0 also holds while the group does.
 * Groups that overlap, or where one unit starts in a cycle of another's
 * span, are one group.
 *
 * The first iteration starts as the FSM enters S_L (or at reset, for
 * the loop an autorun kernel is in from reset: plan_start).  The FSM leaves S_L for the loop's exit
 * once no iteration is left (L_v == 0): a pipelined loop costs its depth
 * plus one cycle per entry.
 *
 * Pipe handshakes, for every kernel: an op's strobe (tready of a read,
 * tvalid of a write) is "its state or loop cycle is active, its guard (if
 * if-conversion gave it one) is 1, and nothing but its own handshake would
 * hold it"; a guarded op whose guard is 0 holds nothing, so ops that complete together
 * (one state, one loop cycle, one lock group) complete in the same clock
 * or not at all, and no strobe depends on its own port's partner signal
 * (AXI4-Stream: tvalid never waits for tready).
 */
#include "rtlgen_internal.h"

#include <assert.h>

static bool is_blocking(enum ir_opcode opc)
{
	return opc == IR_PIPE_READ || opc == IR_PIPE_WRITE;
}

/* The loop an autorun kernel is in from reset: its body when that is
 * one pipelined loop block (ended by the return that starts it again), or
 * the loop that never ends which the entry block goes straight into, when
 * the entry block does nothing else than give the loop's phis constants.
 * That loop is only ever entered at reset, so the constants become reset
 * values, the entry state is never used, and in a loop of II 1 an
 * iteration is always in cycle 0 (L_next = L_adv[0] = !L_hold_0 there):
 * the stall logic of a streaming kernel then has one input less, as in
 * the hand-written `if (ce) c <= f(c, in)`. */
static void plan_start(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct ir_block *e = k->blocks[0];
	if (k->kind == KERNEL_STARTED)
		return;
	if (kg->loop[0]) {
		if (ir_terminator(e)->opc == IR_RET)
			kg->start_loop = kg->loop[0];
		return;
	}
	const struct ir_op *t = ir_terminator(e);
	if (t->opc != IR_BR || kg->sk->block_len[0] != 1)
		return;
	const struct rtl_loop *L = kg->loop[t->succs[0]->id];
	if (!L || pipe_exit_state(kg, L))
		return;
	for (unsigned j = 0; j < e->nops; j++)
		if (e->ops[j] != t && e->ops[j]->opc != IR_CONST && e->ops[j]->opc != IR_UNDEF)
			return;
	for (unsigned j = 0; j < L->block->nops; j++) {
		const struct ir_op *phi = L->block->ops[j];
		for (unsigned i = 0; phi->opc == IR_PHI && i < phi->nargs; i++)
			if (phi->phi_blocks[i] != L->block && phi->args[i]->opc != IR_CONST &&
			    phi->args[i]->opc != IR_UNDEF)
				return;
	}
	/* nothing else goes back to the entry */
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct ir_op *tb = ir_terminator(k->blocks[b]);
		if (tb->opc == IR_RET)
			return;
		for (unsigned i = 0; i < tb->nsuccs; i++)
			if (tb->succs[i] == e)
				return;
	}
	kg->start_loop = L;
	kg->reset_state = kg->state_base[L->block->id];
}

/* Whether L_v[0] is 1 from reset on (plan_start). */
static bool always_in_cycle0(const struct kgen *kg, const struct rtl_loop *L)
{
	return L == kg->start_loop && L->ii == 1 && !pipe_exit_state(kg, L);
}

void pipe_plan(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	kg->loop = arena_alloc(&ctx->arena, (k->nblocks + 1) * sizeof *kg->loop);
	for (unsigned b = 0; b < k->nblocks; b++) {
		unsigned ii = kg->sk->ii ? kg->sk->ii[b] : 0;
		if (!ii)
			continue;
		struct ir_block *blk = k->blocks[b];
		struct rtl_loop *L = arena_alloc(&ctx->arena, sizeof *L);
		L->block = blk;
		L->ii = ii;
		L->len = kg->sk->block_len[b];
		const char *base = kg->block_name[b];
		L->v = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_v", base));
		L->hold = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_hold", base));
		L->stop = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_stop", base));
		L->adv = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_adv", base));
		L->next = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_next", base));
		/* lock groups: the cycles after each multi-cycle op's start */
		L->group = arena_alloc(&ctx->arena, L->len * sizeof *L->group);
		for (unsigned c = 0; c < L->len; c++)
			L->group[c] = -1;
		for (unsigned j = 0; j < blk->nops; j++) {
			const struct ir_op *op = blk->ops[j];
			unsigned lat = kg->sk->latency[op->id], c0 = op_cycle(kg, op);
			if (!lat)
				continue;
			/* a start cycle inside another unit's group (a divide of
			 * a quotient) joins the groups: that cycle must hold while
			 * either unit does, or it would advance into a unit whose
			 * enable is low and its operands would be lost */
			int g = L->group[c0];
			for (unsigned c = c0 + 1; c <= c0 + lat && g < 0; c++)
				g = L->group[c];
			if (g < 0)
				g = (int)L->ngroups++;
			for (unsigned c = c0 + 1; c <= c0 + lat; c++) {
				int old = L->group[c];
				for (unsigned d = 0; old >= 0 && d < L->len; d++)
					if (L->group[d] == old)
						L->group[d] = g;
				L->group[c] = g;
			}
		}
		/* merging left numbers unused: renumber the groups densely */
		int *dense = arena_alloc(&ctx->arena, (L->ngroups + 1) * sizeof *dense);
		for (unsigned g = 0; g < L->ngroups; g++)
			dense[g] = -1;
		unsigned used = 0;
		for (unsigned c = 0; c < L->len; c++) {
			int g = L->group[c];
			if (g >= 0 && dense[g] < 0)
				dense[g] = (int)used++;
			if (g >= 0)
				L->group[c] = dense[g];
		}
		L->ngroups = used;
		L->lock = arena_alloc(&ctx->arena, (L->ngroups + 1) * sizeof *L->lock);
		for (unsigned g = 0; g < L->ngroups; g++)
			L->lock[g] = names_fresh(ctx, &kg->names,
				arena_printf(&ctx->arena, "%s_lock%u", base, g));
		kg->loop[b] = L;
	}
	plan_start(kg);
}

const char *pipe_active(struct kgen *kg, const struct ir_block *b, unsigned c)
{
	const struct rtl_loop *L = kg->loop[b->id];
	if (L)
		return arena_printf(&kg->ctx->arena, "%s[%u]", L->v, c);
	return fsm_in(kg, b, c);
}

const char *pipe_adv(struct kgen *kg, const struct ir_block *b, unsigned c)
{
	const struct rtl_loop *L = kg->loop[b->id];
	assert(L);
	return arena_printf(&kg->ctx->arena, "%s[%u]", L->adv, c);
}

static const char *hold_of(struct kgen *kg, const struct rtl_loop *L, unsigned c)
{
	return arena_printf(&kg->ctx->arena, "%s_%u", L->hold, c);
}

static const char *or_join(struct kgen *kg, const char *a, const char *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return arena_printf(&kg->ctx->arena, "%s || %s", a, b);
}

/* A guarded op's guard as read in its cycle, or NULL. */
static const char *guard_of(struct kgen *kg, const struct ir_op *op)
{
	return ir_guard(op) ? arg_ref(kg, op, ir_guard_index(op)) : NULL;
}

/* "!partner" of a blocking op: its handshake does not happen (and, for a
 * guarded op, it is to happen). */
static const char *waiting(struct kgen *kg, const struct ir_op *op)
{
	const struct kport *pt = kgen_port_of(kg, op);
	const char *g = guard_of(kg, op);
	const char *partner = op->opc == IR_PIPE_READ ? pt->tvalid : pt->tready;
	return g ? arena_printf(&kg->ctx->arena, "(%s && !%s)", g, partner)
		 : arena_printf(&kg->ctx->arena, "!%s", partner);
}

/* The blocking ops of (b, cycle c) waiting, but `skip`. */
static const char *blocked(struct kgen *kg, const struct ir_block *b, unsigned c,
			   const struct ir_op *skip)
{
	const char *s = NULL;
	for (unsigned j = 0; j < b->nops; j++) {
		const struct ir_op *o = b->ops[j];
		if (o != skip && is_blocking(o->opc) && kg->val[o->id].needed &&
		    op_cycle(kg, o) == c)
			s = or_join(kg, s, waiting(kg, o));
	}
	return s;
}

/* Cycle a + II of loop L, whose iterations an iteration in cycle a waits
 * for; 0: none (the last cycles, or the same lock group). */
static unsigned next_ahead(const struct rtl_loop *L, unsigned a)
{
	unsigned n = a + L->ii;
	if (n >= L->len || (L->group[a] >= 0 && L->group[n] == L->group[a]))
		return 0;
	return n;
}

/* Whether cycle a has an L_stop_a of its own: a cycle waits for it, and
 * it waits for a cycle on. */
static bool has_stop(const struct rtl_loop *L, unsigned a)
{
	return next_ahead(L, a) && a >= L->ii && next_ahead(L, a - L->ii) == a;
}

/* An iteration in cycle a, or in a cycle II, 2 II, ... on, holds:
 * L_stop_a, or L_hold_a where no cycle is on. */
static const char *stop_of(struct kgen *kg, const struct rtl_loop *L, unsigned a)
{
	if (!next_ahead(L, a))
		return hold_of(kg, L, a);
	return arena_printf(&kg->ctx->arena, "%s_%u", L->stop, a);
}

/* An iteration ahead of cycle c (II, 2 II, ... cycles on) holds, unless
 * it is in the same lock group; NULL: none can. */
static const char *ahead(struct kgen *kg, const struct rtl_loop *L, unsigned c)
{
	unsigned a = next_ahead(L, c);
	return a ? stop_of(kg, L, a) : NULL;
}

/* What holds lock group g, but the handshake of `skip`. */
static const char *lock_expr(struct kgen *kg, const struct rtl_loop *L, int g,
			     const struct ir_op *skip)
{
	const char *s = NULL;
	for (unsigned c = 0; c < L->len; c++) {
		if (L->group[c] != g)
			continue;
		const char *w = or_join(kg, blocked(kg, L->block, c, skip), ahead(kg, L, c));
		if (w)
			s = or_join(kg, s, arena_printf(&kg->ctx->arena, "(%s[%u] && (%s))",
							 L->v, c, w));
	}
	return s;
}

/* What holds cycle c of loop L (given that an iteration is there), but
 * the handshake of `skip`; NULL: nothing. */
static const char *hold_expr(struct kgen *kg, const struct rtl_loop *L, unsigned c,
			     const struct ir_op *skip)
{
	int g = L->group[c];
	if (g >= 0)
		return skip ? lock_expr(kg, L, g, skip) : L->lock[g];
	const char *s = or_join(kg, blocked(kg, L->block, c, skip), ahead(kg, L, c));
	/* the start of a multi-cycle op waits while its group holds */
	if (c + 1 < L->len && L->group[c + 1] >= 0)
		s = or_join(kg, s, L->lock[L->group[c + 1]]);
	return s;
}

const char *pipe_strobe_of(struct kgen *kg, const struct ir_op *op)
{
	const struct ir_block *b = op->block;
	const struct rtl_loop *L = kg->loop[b->id];
	unsigned c = op_cycle(kg, op);
	int t = kg->val[op->id].wire_until; /* rtl_take_state, as values.c found it */
	if (t >= 0) { /* kept in the pipe until state t ends */
		const char *other = blocked(kg, b, (unsigned)t, NULL);
		return other ? arena_printf(&kg->ctx->arena, "(%s && !(%s))",
					    pipe_active(kg, b, (unsigned)t), other)
			     : pipe_active(kg, b, (unsigned)t);
	}
	const char *act = pipe_active(kg, b, c);
	const char *g = guard_of(kg, op);
	if (g)
		act = arena_printf(&kg->ctx->arena, "(%s && %s)", act, g);
	if (op->keep) /* a kept read takes its word only when its take says so */
		act = arena_printf(&kg->ctx->arena, "(%s && %s)", act, arg_ref(kg, op, 0));
	const char *other = L ? hold_expr(kg, L, c, op) : blocked(kg, b, c, op);
	if (!other)
		return act;
	return arena_printf(&kg->ctx->arena, "(%s && !(%s))", act, other);
}

const char *pipe_enable_of(struct kgen *kg, const struct ir_op *op)
{
	const struct rtl_loop *L = kg->loop[op->block->id];
	if (!L)
		return "!stall";
	int g = L->group[op_cycle(kg, op) + 1];
	assert(g >= 0);
	return arena_printf(&kg->ctx->arena, "!%s", L->lock[g]);
}

/* The condition that the loop goes on after an iteration, read in its
 * cycle c >= II - 1 (decided in cycle II - 1, the terminator's). */
const char *pipe_goes_on_at(struct kgen *kg, const struct rtl_loop *L, unsigned c)
{
	const struct ir_op *t = ir_terminator(L->block);
	if (t->opc != IR_CONDBR || t->succs[0] == t->succs[1])
		return "1'b1";
	const char *cond = val_ref(kg, t->args[0], L->block, c);
	return t->succs[0] == L->block ? cond
				       : arena_printf(&kg->ctx->arena, "!%s", cond);
}

static const char *goes_on(struct kgen *kg, const struct rtl_loop *L)
{
	return pipe_goes_on_at(kg, L, L->ii - 1);
}

unsigned phi_write_cycle(const struct kgen *kg, const struct ir_op *phi)
{
	const struct rtl_loop *L = kg->loop[phi->block->id];
	assert(L);
	return op_cycle(kg, phi) + L->ii - !phi_bypassed(kg, phi);
}

/* A 1-bit x as an op and whether x is its negation: through 1-bit
 * copies, xor with 1 and select(c, 0, 1), as if_convert and arith leave
 * `!c`. */
static const struct ir_op *bool_base(const struct ir_op *x, bool *neg)
{
	*neg = false;
	for (unsigned depth = 0; depth < 16 && x->width == 1; depth++) {
		const struct ir_op *a = x->nargs ? x->args[0] : NULL;
		if ((x->opc == IR_ZEXT || x->opc == IR_SEXT || x->opc == IR_TRUNC) && a->width == 1) {
			x = a;
		} else if (x->opc == IR_XOR && x->nargs == 2 && x->args[1]->opc == IR_CONST &&
			   x->args[1]->imm == 1) {
			*neg = !*neg;
			x = a;
		} else if (x->opc == IR_SELECT && x->args[1]->opc == IR_CONST &&
			   x->args[2]->opc == IR_CONST && x->args[1]->imm != x->args[2]->imm) {
			*neg ^= x->args[1]->imm == 0;
			x = a;
		} else {
			break;
		}
	}
	return x;
}

/* Whether 1-bit values a and b are the same, as bool_base sees them. */
static bool same_bool(const struct ir_op *a, const struct ir_op *b)
{
	bool na, nb;
	return bool_base(a, &na) == bool_base(b, &nb) && na == nb;
}

/* Whether guard g is 0 unless `first` is 1: first itself, or an and of
 * it. */
static bool guard_needs(const struct ir_op *g, const struct ir_op *first, unsigned depth)
{
	if (same_bool(g, first))
		return true;
	return depth < 8 && g->opc == IR_AND && g->width == 1 &&
	       (guard_needs(g->args[0], first, depth + 1) || guard_needs(g->args[1], first, depth + 1));
}

/* Whether op is the only op of the kernel on its pipe. */
static bool only_op(const struct kgen *kg, const struct ir_op *op)
{
	for (unsigned i = 0; i < kg->nports; i++)
		if (kg->ports[i].pipe == op->pipe && kg->ports[i].nops != 1)
			return false;
	return true;
}

/* Whether, in loop L, an iteration in a cycle up to r that `first` (a
 * phi of L: 1 as L is entered) says is not its entry's first always has
 * the one before it II cycles on.  It started as that one left cycle
 * II - 1, II cycles behind it, and stays so until something holds it
 * alone (hold_expr): a blocking op of its cycle, or a lock group that
 * its cycle is in or starts (the memory reads of bench/aes128's round)
 * and the one ahead is not.  So it is enough that the groups of the
 * cycles up to r are those of the cycles II on and that every blocking
 * op there waits only in an entry's first iteration: one whose guard
 * needs `first` (first_iteration in skip_empty_blocks.c), or a kept
 * read, unguarded and its pipe's only op, whose take is what `first`
 * takes round (keepable there: the word stays in the pipe until the
 * iteration before an entry's first takes it, so the read finds it in
 * every other one). */
static bool ahead_unless_first(const struct kgen *kg, const struct rtl_loop *L, unsigned r,
			       const struct ir_op *first)
{
	const struct ir_block *b = L->block;
	if (first->opc != IR_PHI || first->block != b || first->width != 1 || r >= L->len)
		return false;
	const struct ir_op *f = NULL; /* what first takes round */
	for (unsigned i = 0; i < first->nargs; i++) {
		const struct ir_op *a = first->args[i];
		if (first->phi_blocks[i] == b)
			f = a;
		else if (a->opc != IR_CONST || a->imm != 1)
			return false;
	}
	if (!f)
		return false;
	for (unsigned c = 0; c <= r; c++) {
		/* a lock group that holds it holds the one before it too */
		int g = L->group[c] >= 0 ? L->group[c] : c + 1 < L->len ? L->group[c + 1] : -1;
		if (g >= 0 && (c + L->ii >= L->len || L->group[c + L->ii] != g))
			return false;
	}
	for (unsigned j = 0; j < b->nops; j++) {
		const struct ir_op *o = b->ops[j];
		if (!is_blocking(o->opc) || !kg->val[o->id].needed || op_cycle(kg, o) > r)
			continue;
		const struct ir_op *g = ir_guard(o);
		if (g && guard_needs(g, first, 0))
			continue;
		if (!g && o->keep && same_bool(o->args[0], f) && only_op(kg, o))
			continue;
		return false;
	}
	return true;
}

bool pipe_ahead_when_selected(const struct kgen *kg, const struct rtl_loop *L,
			      const struct ir_op *s, const struct ir_op *p)
{
	bool neg;
	const struct ir_op *c = bool_base(s->args[0], &neg);
	/* c ? x : p takes p when c is 0, c ? p : x when it is 1 */
	return neg == (s->args[1] == p) && ahead_unless_first(kg, L, op_cycle(kg, s), c);
}

const char *pipe_exit_state(const struct kgen *kg, const struct rtl_loop *L)
{
	const struct ir_op *t = ir_terminator(L->block);
	if (t->opc != IR_CONDBR || t->succs[0] == t->succs[1])
		return NULL;
	const struct ir_block *out = t->succs[0] == L->block ? t->succs[1] : t->succs[0];
	return fsm_state(kg, out, 0);
}

void pipe_emit_decls(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	FILE *f = kg->f;
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct rtl_loop *L = kg->loop[b];
		if (!L)
			continue;
		fprintf(f, "    // ---- pipelined loop %s: II %u, %u cycles per iteration ----\n",
			kg->block_name[b], L->ii, L->len);
		fprintf(f, "    reg [%u:0] %s; // an iteration is in cycle c\n", L->len - 1, L->v);
		for (unsigned c = 0; c < L->len; c++)
			fprintf(f, "    wire %s; // the iteration in cycle %u stays there\n",
				hold_of(kg, L, c), c);
		for (unsigned c = 0; c < L->len; c++)
			if (has_stop(L, c))
				fprintf(f, "    wire %s; // ... or one in cycle %u + %u k does\n",
					stop_of(kg, L, c), c, L->ii);
		for (unsigned g = 0; g < L->ngroups; g++)
			fprintf(f, "    wire %s; // the cycles of a multi-cycle operator hold\n",
				L->lock[g]);
		fputs("    /* verilator lint_off UNUSEDSIGNAL */\n", f);
		fprintf(f, "    wire [%u:0] %s; // it completes cycle c\n", L->len - 1, L->adv);
		fprintf(f, "    wire %s; // the next iteration starts\n", L->next);
		fputs("    /* verilator lint_on UNUSEDSIGNAL */\n", f);
	}
}

/* The FSM enters loop L from another state this clock: from the last
 * state of each block before it, as its branch says (fsm_goes_to), where
 * "state_next == L" would decode the whole next-state logic (bench/sha256_lead:
 * 50 LUTs); that where L is the kernel's first block, which the idle
 * state and returns go to as well. */
static const char *entered(struct kgen *kg, const struct rtl_loop *L)
{
	struct ir_block *b = L->block;
	const char *in = fsm_state(kg, b, 0);
	if (b == kg->k->blocks[0])
		return arena_printf(&kg->ctx->arena, "(state_reg != %s && state_next == %s)", in, in);
	const char *s = NULL;
	for (unsigned i = 0; i < b->npreds; i++) {
		struct ir_block *p = b->preds[i];
		bool seen = p == b;
		for (unsigned j = 0; j < i; j++)
			seen |= b->preds[j] == p;
		if (seen)
			continue;
		const char *when = fsm_goes_to(kg, p, b);
		const char *at = fsm_in(kg, p, kg->loop[p->id] ? 0 : block_last(kg, p));
		s = or_join(kg, s, when ? arena_printf(&kg->ctx->arena, "(%s && (%s))", at, when) : at);
	}
	if (!s)
		return "1'b0";
	return arena_printf(&kg->ctx->arena, "(!stall && (%s))", s);
}

void pipe_emit_logic(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct rtl_loop *L = kg->loop[b];
		if (!L)
			continue;
		fprintf(f, "    // ---- pipelined loop %s: control ----\n", kg->block_name[b]);
		for (unsigned g = 0; g < L->ngroups; g++) {
			const char *e = lock_expr(kg, L, (int)g, NULL);
			fprintf(f, "    assign %s = %s;\n", L->lock[g], e ? e : "1'b0");
		}
		for (unsigned c = L->len; c-- > 0;) {
			const char *h = hold_expr(kg, L, c, NULL);
			fprintf(f, "    assign %s = %s[%u] && (%s);\n", hold_of(kg, L, c),
				L->v, c, h ? h : "1'b0");
			if (has_stop(L, c))
				fprintf(f, "    assign %s = %s || %s;\n", stop_of(kg, L, c),
					hold_of(kg, L, c), ahead(kg, L, c));
		}
		const char *holds = "";
		for (unsigned c = L->len; c-- > 0;)
			holds = arena_printf(&ctx->arena, "%s%s%s", holds,
					     c + 1 < L->len ? ", " : "", hold_of(kg, L, c));
		fprintf(f, "    assign %s = %s & ~{%s};\n", L->adv, L->v, holds);
		fprintf(f, "    assign %s = %s[%u] && %s;\n", L->next, L->adv, L->ii - 1,
			goes_on(kg, L));
		bool at_reset = L == kg->start_loop;
		fputs("    always @(posedge clk) begin\n", f);
		if (always_in_cycle0(kg, L))
			fprintf(f, "        %s[0] <= 1'b1; // an iteration in cycle 0 from reset on\n",
				L->v);
		else
			fprintf(f, "        %s[0] <= %s || %s ||\n"
				   "                 (%s[0] && %s);\n",
				L->v, entered(kg, L), L->next, L->v, hold_of(kg, L, 0));
		for (unsigned c = 1; c < L->len; c++)
			fprintf(f, "        %s[%u] <= %s[%u] || (%s[%u] && %s);\n", L->v, c,
				L->adv, c - 1, L->v, c, hold_of(kg, L, c));
		fprintf(f, "        if (rst) begin\n"
			   "            %s <= %u'd%u;%s\n"
			   "        end\n"
			   "    end\n\n",
			L->v, L->len, at_reset ? 1 : 0,
			at_reset ? " // the first iteration starts at reset" : "");
	}
}

const char *pipe_kernel_stall(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	const char *stall = NULL;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		if (kg->loop[b])
			continue;
		for (unsigned j = 0; j < blk->nops; j++) {
			const struct ir_op *op = blk->ops[j];
			if (!is_blocking(op->opc) || !kg->val[op->id].needed)
				continue;
			stall = or_join(kg, stall, arena_printf(&kg->ctx->arena,
				"(%s && %s)", fsm_in(kg, blk, op_cycle(kg, op)),
				waiting(kg, op)));
		}
	}
	return stall;
}
