/*
 * values.c -- which values get wires and registers, and which of the two
 * each use reads.
 *
 * A value of op v (not a phi) is a wire holding it in one state of v's
 * block: v.valid = cycle[v] (+ latency for a sluice_div or sluice_mul
 * instance, whose outputs hold the result in state cycle + LATENCY).  A use by an op that
 * starts in (block b, cycle c) -- for a phi operand: the end of the
 * incoming block's last state -- reads
 *   - the wire when b is v's block and c == v.valid (chained, or the cycle
 *     a divider's result comes out);
 *   - otherwise the register <wire>_reg, captured at the end of state
 *     (v's block, v.valid) when not stalled (regs.c).
 * Constants, undef and arguments (the latched argument register) are
 * stable: their wire is read everywhere.  A phi is only its register,
 * written on the edges into its block; but a phi of a pipelined loop
 * bypassed from the unit that computes the value it carries round
 * (schedule.h) also has a wire in its cycle: the unit's output when an
 * iteration is in the cycle it comes out, else the register (datapath.c),
 * and its register holds the value from the cycle after.
 *
 * Only needed ops are generated: pipe ops, terminators, stores of a kernel
 * state that is loaded somewhere, and whatever they use.  For lint, each
 * signal records which of its bits the generated Verilog reads (a trunc or
 * extract reads a slice); kgen_decl brackets a partly read signal with
 * lint_off UNUSEDSIGNAL.
 *
 * Also checks what the back end relies on in the schedule (internal
 * errors): cycles inside their block, terminators in the last state, at
 * most one op per pipe per state, results available when used, divider
 * and multiplier latencies 0 (combinational) or those of rtl/sluice_div.v
 * and rtl/sluice_mul.v.
 */
#include "rtlgen_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ---- bit sets --------------------------------------------------------- */

void bits_mark(struct hls_ctx *ctx, struct rtl_bits *b, unsigned width,
	       unsigned lo, unsigned n)
{
	assert(lo + n <= width);
	if (!b->map)
		b->map = arena_alloc(&ctx->arena, ((width + 63) / 64) * sizeof *b->map);
	for (unsigned i = lo; i < lo + n; i++)
		b->map[i / 64] |= UINT64_C(1) << (i % 64);
}

bool bits_full(const struct rtl_bits *b, unsigned width)
{
	if (!b->map)
		return false;
	for (unsigned i = 0; i < width; i++)
		if (!(b->map[i / 64] >> (i % 64) & 1))
			return false;
	return true;
}

void bits_or(struct hls_ctx *ctx, struct rtl_bits *d, const struct rtl_bits *b,
	     unsigned width)
{
	for (unsigned i = 0; b->map && i < width; i++)
		if (b->map[i / 64] >> (i % 64) & 1)
			bits_mark(ctx, d, width, i, 1);
}

bool bits_any(const struct rtl_bits *b)
{
	return b->map != NULL;
}

/* ---- helpers ---------------------------------------------------------- */

unsigned block_last(const struct kgen *kg, const struct ir_block *b)
{
	return kg->sk->block_len[b->id] - 1;
}

static bool is_div(enum ir_opcode opc)
{
	return opc == IR_UDIV || opc == IR_SDIV || opc == IR_UREM || opc == IR_SREM;
}

static bool is_pipe_op(enum ir_opcode opc)
{
	return opc >= IR_PIPE_READ && opc <= IR_PIPE_WRITE_NB;
}

unsigned op_cycle(const struct kgen *kg, const struct ir_op *op)
{
	return kg->sk->cycle[op->id];
}

bool phi_bypassed(const struct kgen *kg, const struct ir_op *phi)
{
	return phi->opc == IR_PHI && kg->sk->bypass[phi->id];
}

/* Each select built into a bypassed phi's multiplexer (rtl_val's
 * bypass_of), and whether that reads the phi's register: when the select
 * takes the phi, P, its multiplexer takes the logic that computes P's
 * value if the iteration ahead is in the cycle it comes out in, else P's
 * register; where the select's condition c takes P only in an iteration
 * that is not the first of its entry of the loop (c ? x : P with c the
 * loop's `first`, skip_empty_blocks.c), and such an iteration always has
 * the one before it there (pipe_ahead_when_selected), the register is
 * never what it takes: bench/aes128's round state and key, 256 flip-flops
 * and the multiplexers' third input, 350 LUTs on iCE40. */
static void plan_bypass_selects(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct rtl_loop *L = kg->loop[b];
		for (unsigned j = 0; L && j < k->blocks[b]->nops; j++) {
			const struct ir_op *op = k->blocks[b]->ops[j];
			const struct ir_op *p = delay_select_on_bypass(kg->g->s->target, op,
								       kg->sk->bypass, NULL);
			if (!p || op_cycle(kg, p) != op_cycle(kg, op))
				continue;
			struct rtl_val *v = &kg->val[op->id];
			v->bypass_of = p;
			v->bypass_reg = !pipe_ahead_when_selected(kg, L, op, p);
		}
	}
}

/* A float add's result u and a select S of it and +0 in the cycle u
 * comes out, S = c ? u : +0 (or c ? +0 : u): the running sum that starts
 * again of a loop made one with the loop around it (if_convert.c), read
 * back into the adder through the phi's bypass.  There the select is a
 * LUT level after the adder's output register, with c's fan-out of one a
 * bit, on the recurrence through the adder; sluice_fadd's second output
 * register y0 holds u, or +0 where its clr was high at the step that put
 * u there, so S is that register and the select its synchronous reset.
 * clr is c (negated) the cycle before u comes out, in the step that
 * loads the register; so c must be there by then (bench/fdot: c is the
 * element count's test, from the cycle after the reads).  u keeps its
 * own output for its other uses (fdot's write of the sum). */
static void plan_zeroed(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *s = blk->ops[j];
			struct rtl_val *sv = &kg->val[s->id];
			if (s->opc != IR_SELECT || !sv->needed || !sv->used || sv->bypass_of)
				continue;
			for (unsigned a = 1; a <= 2; a++) {
				struct ir_op *u = s->args[a], *z = s->args[3 - a], *c = s->args[0];
				struct rtl_val *uv = &kg->val[u->id], *cv = &kg->val[c->id];
				if ((u->opc != IR_FADD && u->opc != IR_FSUB) || !uv->unit_inst ||
				    uv->zeroed || u->block != blk || z->opc != IR_CONST || z->imm ||
				    s->args[1] == s->args[2])
					continue;
				unsigned out = uv->valid;
				if (op_cycle(kg, s) != out || out == 0)
					continue;
				/* c in the step that loads the register */
				if (c->block == blk && !cv->stable && cv->valid > out - 1)
					continue;
				uv->zeroed = s;
				sv->zeroed = u;
				uv->zero_on = a == 2;
				break;
			}
		}
	}
}

long val_reg_from(const struct kgen *kg, const struct ir_op *v)
{
	return (long)kg->val[v->id].valid - (v->opc == IR_PHI && !phi_bypassed(kg, v));
}

static int sched_error(struct kgen *kg, const struct ir_op *op, const char *what)
{
	diag_error(&kg->ctx->diag, op->loc,
		   "internal error: schedule of kernel '%s', op %u (%s): %s",
		   kg->k->name, op->id, ir_opcode_name(op->opc), what);
	return -1;
}

/* ---- schedule checks -------------------------------------------------- */

static int check_schedule(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	int err = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		unsigned len = kg->sk->block_len[b];
		if (!ir_terminator(blk)) {
			diag_error(&ctx->diag, blk->loc,
				   "internal error: kernel '%s', block %u has no terminator",
				   k->name, b);
			err = -1;
			continue;
		}
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (op->opc == IR_PHI)
				continue;
			unsigned c = kg->sk->cycle[op->id], lat = kg->sk->latency[op->id];
			if (c >= len) {
				err |= sched_error(kg, op, "cycle outside its block");
				continue;
			}
			unsigned ii = kg->loop[b] ? kg->loop[b]->ii : 0;
			if (ir_is_terminator(op->opc) && c != (ii ? ii - 1 : len - 1))
				err |= sched_error(kg, op, ii
					? "terminator of a pipelined loop not in cycle II - 1"
					: "terminator not in the block's last state");
			if (op->width && c + lat > len - 1)
				err |= sched_error(kg, op, "result not available by the block's last state");
			if (is_div(op->opc) && lat && lat != RTL_DIV_LATENCY(op->width))
				err |= sched_error(kg, op, arena_printf(&ctx->arena,
					"divider latency %u; sluice_div has %u", lat,
					RTL_DIV_LATENCY(op->width)));
			unsigned split = kg->g->s->mul_split;
			if (op->opc == IR_MUL && lat &&
			    (!split || op->width > 2 * split ||
			     lat != RTL_MUL_LATENCY(op->width, split,
						    delay_mul_ext(kg->g->s->target, op))))
				err |= sched_error(kg, op, arena_printf(&ctx->arena,
					"multiplier latency %u; sluice_mul has none for %u bits",
					lat, op->width));
			else if (op->opc == IR_MEM_LOAD && lat != 1)
				err |= sched_error(kg, op, "a memory read not of latency 1");
			else if (ir_is_float_op(op->opc) && lat != delay_fp_latency(op))
				err |= sched_error(kg, op, arena_printf(&ctx->arena,
					"latency %u; its unit has %u", lat, delay_fp_latency(op)));
			else if (lat && !is_div(op->opc) && op->opc != IR_MUL &&
				 op->opc != IR_MEM_LOAD && !ir_is_float_op(op->opc))
				err |= sched_error(kg, op, "a latency but no unit computes it");
			/* one op per pipe per cycle (and, in a pipelined loop,
			 * not with another iteration's op on it either) */
			for (unsigned i = 0; is_pipe_op(op->opc) && i < j; i++) {
				const struct ir_op *o = blk->ops[i];
				unsigned co = kg->sk->cycle[o->id];
				unsigned d = co > c ? co - c : c - co;
				if (is_pipe_op(o->opc) && o->pipe == op->pipe &&
				    (ii ? d % ii == 0 : d == 0))
					err |= sched_error(kg, op, "two ops on one pipe in "
							   "one cycle");
			}
		}
	}
	return err;
}

/* ---- liveness --------------------------------------------------------- */

/* Marks op and everything it reads as needed (a worklist: operand chains
 * can be long). */
static void mark_needed(struct kgen *kg, struct ir_op *root)
{
	struct ir_op **work = NULL;
	unsigned n = 0;
	kg->val[root->id].needed = true;
	VEC_PUSH(&kg->ctx->arena, work, n, root);
	while (n) {
		struct ir_op *op = work[--n];
		for (unsigned i = 0; i < op->nargs; i++) {
			struct rtl_val *a = &kg->val[op->args[i]->id];
			/* the loop entered at reset takes its phis' constants
			 * from outside as reset values, and nothing for undef */
			if (op->opc == IR_PHI && op->args[i]->opc == IR_UNDEF && kg->start_loop &&
			    op->block == kg->start_loop->block && op->phi_blocks[i] != op->block)
				continue;
			a->used = true;
			if (!a->needed) {
				a->needed = true;
				VEC_PUSH(&kg->ctx->arena, work, n, op->args[i]);
			}
		}
	}
}

static void liveness(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *blk = k->blocks[b];
			for (unsigned j = 0; j < blk->nops; j++) {
				struct ir_op *op = blk->ops[j];
				bool root = is_pipe_op(op->opc) || ir_is_terminator(op->opc);
				if (op->opc == IR_STATE_STORE || op->opc == IR_MEM_STORE) {
					/* only if some needed load reads the state
					 * or memory */
					for (unsigned b2 = 0; b2 < k->nblocks && !root; b2++)
						for (unsigned j2 = 0; j2 < k->blocks[b2]->nops; j2++) {
							struct ir_op *ld = k->blocks[b2]->ops[j2];
							if (ir_access_gap(op, ld) >= 0 &&
							    (ld->opc == IR_STATE_LOAD ||
							     ld->opc == IR_MEM_LOAD) &&
							    kg->val[ld->id].needed)
								root = true;
						}
				}
				if (root && !kg->val[op->id].needed) {
					mark_needed(kg, op);
					changed = true;
				}
			}
		}
	}
}

/* ---- units: dividers and multipliers ------------------------------------ */

/* The ops with a latency are computed by an instance of rtl/: sluice_mul
 * for a multiply, sluice_div for a divide or remainder (x / y and x % y
 * started together share one). */
static void plan_units(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			if (v->needed && op->opc == IR_FCMP) /* combinational */
				kg->g->uses_fp |= 1u << RTL_FCMP;
			if (!v->needed || !kg->sk->latency[op->id])
				continue;
			v->unit_inst = true;
			if (op->opc == IR_MEM_LOAD)
				continue; /* the memory's read port (memory.c) */
			if (op->opc == IR_MUL) {
				kg->g->uses_mul = true;
				continue;
			}
			if (ir_is_float_op(op->opc)) {
				kg->g->uses_fp |= 1u << rtl_fp_unit(op->opc);
				continue;
			}
			kg->g->uses_div = true;
			/* x / y and x % y started together share one divider */
			bool sgn = op->opc == IR_SDIV || op->opc == IR_SREM;
			bool quot = op->opc == IR_UDIV || op->opc == IR_SDIV;
			for (unsigned i = 0; i < j; i++) {
				struct ir_op *o = blk->ops[i];
				struct rtl_val *ov = &kg->val[o->id];
				if (!ov->unit_inst || ov->div_partner || !is_div(o->opc))
					continue;
				bool osgn = o->opc == IR_SDIV || o->opc == IR_SREM;
				bool oquot = o->opc == IR_UDIV || o->opc == IR_SDIV;
				if (osgn == sgn && oquot != quot && o->args[0] == op->args[0] &&
				    o->args[1] == op->args[1] &&
				    kg->sk->cycle[o->id] == kg->sk->cycle[op->id]) {
					ov->div_partner = op;
					v->div_partner = o;
					break;
				}
			}
		}
	}
}

/* ---- values carried round a loop ---------------------------------------- */

/* Whether block b is a loop of its own block that is not pipelined (a
 * branch back to itself; its phis are written on that edge at the end of
 * its last state, regs.c). */
static bool self_loop(const struct kgen *kg, struct ir_block *b)
{
	const struct ir_op *t = ir_terminator(b);
	for (unsigned s = 0; t && !kg->loop[b->id] && s < t->nsuccs; s++)
		if (t->succs[s] == b)
			return true;
	return false;
}

/* Whether a needed op outside phi's block reads it. */
static bool read_outside(const struct kgen *kg, const struct ir_op *phi)
{
	const struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		if (k->blocks[b] == phi->block)
			continue;
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			const struct ir_op *u = k->blocks[b]->ops[j];
			for (unsigned i = 0; kg->val[u->id].needed && i < u->nargs; i++)
				if (u->args[i] == phi)
					return true;
		}
	}
	return false;
}

/* A phi P of pipelined loop L takes value V of iteration i as that
 * iteration completes P's write cycle w (phi_write_cycle), and keeps it
 * until iteration i + 1 completes its cycle w, II cycles later: in
 * iteration i's cycles w + 1 .. w + II, P's register holds V_i (the
 * iterations keep II cycles apart, pipeline.c).  So a use of V there reads
 * P's register, and V needs no register of its own for it: a running CRC
 * that goes out a cycle after it is computed is one register, not two.
 * That holds for every iteration only when P is written whether the loop
 * goes on or not, which is allowed when nothing after the loop reads P
 * (it would read the last iteration's P) or the loop never ends.
 *
 * A loop of one block that is not pipelined writes P at the end of its
 * last state; written there whether the loop goes on or leaves (allowed
 * as above), P's register holds the last iteration's V from when the
 * loop is left until it is entered again, which writes P: a use of V
 * after the loop (another block, which the loop reaches only through its
 * last state) reads P's register.  bench/oddeven's sort hands the 16
 * words of its last phase on from its phis' registers, not from 16
 * registers more. */
/* A phi Q of pipelined loop L that a phi P of L takes round the loop as
 * it is: in the last iteration P takes Q's last value, so after the loop
 * P's register holds it, when P is written whether the loop goes on or
 * not.  Uses of Q after the loop read P's register (Q's carrier), and Q
 * may be written so too: the message window of a SHA-256 whose words
 * are taken as the rounds run, each word the next one's value round the
 * loop, needs no shift more after the loop.  One pass over L's phis;
 * whether it found one (the next may find more, Q being P of another). */
static bool carry_phis(struct kgen *kg, struct ir_block *blk)
{
	bool found = false;
	for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
		struct ir_op *q = blk->ops[j];
		struct rtl_val *qv = &kg->val[q->id];
		if (!qv->needed || qv->always_written || phi_bypassed(kg, q))
			continue;
		for (unsigned m = 0; m < blk->nops && blk->ops[m]->opc == IR_PHI; m++) {
			struct ir_op *p = blk->ops[m];
			const struct rtl_val *pv = &kg->val[p->id];
			bool takes = false;
			for (unsigned i = 0; i < p->nargs; i++)
				takes |= p->phi_blocks[i] == blk && p->args[i] == q;
			if (p == q || !takes || !pv->always_written || phi_bypassed(kg, p))
				continue;
			qv->carrier = p;
			qv->always_written = true;
			found = true;
			break;
		}
	}
	return found;
}

static void plan_carriers(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		if (!kg->loop[b] && !self_loop(kg, blk))
			continue;
		bool endless = kg->loop[b] && !pipe_exit_state(kg, kg->loop[b]);
		for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
			struct rtl_val *pv = &kg->val[blk->ops[j]->id];
			pv->always_written = pv->needed && (endless || !read_outside(kg, blk->ops[j]));
		}
		for (bool more = kg->loop[b] != NULL; more;)
			more = carry_phis(kg, blk);
		for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
			struct ir_op *phi = blk->ops[j];
			struct rtl_val *pv = &kg->val[phi->id];
			if (!pv->needed)
				continue;
			for (unsigned i = 0; pv->always_written && i < phi->nargs; i++) {
				struct ir_op *v = phi->args[i];
				struct rtl_val *rv = &kg->val[v->id];
				if (phi->phi_blocks[i] == blk && v->block == blk &&
				    v->opc != IR_PHI && !rv->stable && !rv->carrier)
					rv->carrier = phi;
			}
		}
	}
}

/* ---- uses ------------------------------------------------------------- */

/* Which signal of value v a use in (block b, cycle c) reads: -1 its wire,
 * 0 its register, k > 0 register k of its chain through a pipelined loop
 * (c == RTL_AFTER_LOOP: on the loop's exit edge, the last iteration's). */
#define REG_CARRIER (-2) /* reg_index: the register of v's carrier */
#define REG_EARLY (-3)	 /* reg_index: the register of the phi v goes to early */
#define REG_TAP(j) (-3 - (int)(j)) /* j >= 1: phi v read j cycles early from
				      its window (window.c) */

static int reg_index(const struct kgen *kg, const struct ir_op *v,
		     const struct ir_block *b, unsigned c)
{
	const struct rtl_val *rv = &kg->val[v->id];
	if (v->opc != IR_PHI && rv->stable)
		return -1;
	const struct rtl_loop *L = kg->loop[v->block->id];
	if (L && b == v->block && c != RTL_AFTER_LOOP) {
		if (v->opc == IR_PHI && !phi_bypassed(kg, v) && c < op_cycle(kg, v))
			return REG_TAP(op_cycle(kg, v) - c);
		/* a register is overwritten by the next iteration II
		 * cycles after it took the value: one more per II */
		if ((v->opc != IR_PHI || phi_bypassed(kg, v)) && c == rv->valid)
			return -1;
		if (rv->carrier && v->opc != IR_PHI) {
			unsigned w = phi_write_cycle(kg, rv->carrier);
			if (c > w && c <= w + L->ii)
				return REG_CARRIER;
		}
		long avail = val_reg_from(kg, v);
		long d = (long)c - avail;
		assert(d >= 1);
		return (int)((d + L->ii - 1) / L->ii) - 1;
	}
	if (rv->carrier && (b != v->block || c == RTL_AFTER_LOOP))
		return REG_CARRIER; /* after its loop (plan_carriers) */
	if (v->opc == IR_PHI)
		return 0;
	if (v->block == b && (c == rv->valid || (long)c <= rv->wire_until))
		return -1;
	if (rv->early && v->block == b && c > rv->valid)
		return REG_EARLY; /* plan_early_phis */
	return 0;
}

/* The phi whose register a use reads instead of v's (REG_CARRIER,
 * REG_EARLY). */
static const struct ir_op *reg_phi(const struct kgen *kg, const struct ir_op *v, int k)
{
	const struct rtl_val *rv = &kg->val[v->id];
	return k == REG_CARRIER ? rv->carrier : k == REG_EARLY ? rv->early : NULL;
}

const char *val_ref(struct kgen *kg, const struct ir_op *v,
		    const struct ir_block *b, unsigned c)
{
	const struct rtl_val *rv = &kg->val[v->id];
	int k = reg_index(kg, v, b, c);
	if (k <= REG_TAP(1))
		return window_tap_wire(kg, v, (unsigned)(REG_TAP(0) - k));
	if (reg_phi(kg, v, k))
		return kg->val[reg_phi(kg, v, k)->id].reg;
	const char *s = k < 0 ? rv->wire : k == 0 ? rv->reg : rv->chain[k];
	assert(s);
	return s;
}

/* Where operand i of op is read: its own (block, cycle); for a phi the
 * end of the incoming edge's block (a pipelined loop: when the edge goes
 * round, the cycle the phi's register takes the next iteration's value,
 * regs.c's phi_write_cycle; after the loop when it leaves). */
static void use_point(const struct kgen *kg, const struct ir_op *op, unsigned i,
		      const struct ir_block **b, unsigned *c)
{
	*b = op->block;
	*c = op_cycle(kg, op);
	if (op->opc != IR_PHI)
		return;
	*b = op->phi_blocks[i];
	const struct rtl_loop *L = kg->loop[(*b)->id];
	if (L)
		*c = op->block == *b ? phi_write_cycle(kg, op) : RTL_AFTER_LOOP;
	else
		*c = block_last(kg, *b);
}

const char *arg_ref(struct kgen *kg, const struct ir_op *op, unsigned i)
{
	const struct ir_block *b;
	unsigned c;
	use_point(kg, op, i, &b, &c);
	return val_ref(kg, op->args[i], b, c);
}

/* Whether a needed op reads phi p's register (p itself, or a value read
 * from p's register: reg_phi) at a use point (block, cycle) where at()
 * says yes. */
bool val_phi_reg_read(const struct kgen *kg, const struct ir_op *p,
		      bool (*at)(const void *env, const struct ir_block *b, unsigned c),
		      const void *env)
{
	const struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *u = k->blocks[b]->ops[j];
			for (unsigned i = 0; kg->val[u->id].needed && i < u->nargs; i++) {
				const struct ir_block *ub;
				unsigned uc;
				use_point(kg, u, i, &ub, &uc);
				const struct ir_op *a = u->args[i];
				if ((a == p || reg_phi(kg, a, reg_index(kg, a, ub, uc)) == p) &&
				    at(env, ub, uc))
					return true;
			}
		}
	return false;
}

/* The bits of register k of v's chain (0: v's register). */
static struct rtl_bits *chain_bits(struct rtl_val *rv, int k)
{
	return k == 0 ? &rv->reg_bits : &rv->chain_bits[k];
}

/* Makes v's chain reach register k; each register feeds the next whole. */
static void chain_extend(struct kgen *kg, const struct ir_op *v, int k)
{
	struct rtl_val *rv = &kg->val[v->id];
	struct hls_ctx *ctx = kg->ctx;
	if (!rv->reg)
		rv->reg = names_fresh(ctx, &kg->names,
				      arena_printf(&ctx->arena, "%s_reg", rv->wire));
	if (k == 0)
		return;
	const struct rtl_loop *L = kg->loop[v->block->id];
	assert(L);
	if (!rv->chain) {
		unsigned cap = L->len / L->ii + 3;
		rv->chain = arena_alloc(&ctx->arena, cap * sizeof *rv->chain);
		rv->chain_bits = arena_alloc(&ctx->arena, cap * sizeof *rv->chain_bits);
		rv->chain[0] = rv->reg;
		rv->nchain = 1;
	}
	while ((int)rv->nchain <= k) {
		unsigned n = rv->nchain;
		rv->chain[n] = names_fresh(ctx, &kg->names,
					   arena_printf(&ctx->arena, "%s_%u", rv->reg, n + 1));
		bits_mark(ctx, chain_bits(rv, (int)n - 1), v->width, 0, v->width);
		rv->nchain++;
	}
}

/* Records that v is read in (block b, cycle c), bits [lo, lo + n). */
static void use_at(struct kgen *kg, const struct ir_op *v, const struct ir_block *b,
		   unsigned c, unsigned lo, unsigned n)
{
	struct rtl_val *rv = &kg->val[v->id];
	int k = reg_index(kg, v, b, c);
	if (k <= REG_TAP(1)) {
		window_tap_use(kg, v, (unsigned)(REG_TAP(0) - k), lo, n);
	} else if (reg_phi(kg, v, k)) {
		struct rtl_val *pv = &kg->val[reg_phi(kg, v, k)->id];
		bits_mark(kg->ctx, &pv->reg_bits, v->width, lo, n);
	} else if (k >= 0) {
		chain_extend(kg, v, k);
		bits_mark(kg->ctx, chain_bits(rv, k), v->width, lo, n);
	} else {
		bits_mark(kg->ctx, &rv->wire_bits, v->width, lo, n);
	}
}

/* Records that operand i of op is read (bits [lo, lo + n)). */
static int use(struct kgen *kg, struct ir_op *op, unsigned i, unsigned lo,
	       unsigned n)
{
	struct ir_op *v = op->args[i];
	struct rtl_val *rv = &kg->val[v->id];
	const struct ir_block *b;
	unsigned c;
	use_point(kg, op, i, &b, &c);
	if (!rv->stable && v->block == b && c != RTL_AFTER_LOOP &&
	    c + window_room(kg, v) < rv->valid)
		return sched_error(kg, op, arena_printf(&kg->ctx->arena,
			"operand %u used in cycle %u, available in cycle %u", i, c, rv->valid));
	use_at(kg, v, b, c, lo, n);
	return 0;
}

/* A phi of a pipelined loop written after cycle II - 1 reads the loop's
 * condition then (regs.c), unless it is always written. */
static void use_late_phi(struct kgen *kg, const struct ir_op *phi)
{
	const struct rtl_loop *L = kg->loop[phi->block->id];
	const struct ir_op *t = ir_terminator(phi->block);
	unsigned c = phi_write_cycle(kg, phi);
	if (c != L->ii - 1 && !kg->val[phi->id].always_written &&
	    t->opc == IR_CONDBR && t->succs[0] != t->succs[1])
		use_at(kg, t->args[0], phi->block, c, 0, 1);
}

static void add_func(struct kgen *kg, enum ir_opcode opc, unsigned width)
{
	for (unsigned i = 0; i < kg->nfuncs; i++)
		if (kg->funcs[i].opc == opc && kg->funcs[i].width == width)
			return;
	const char *base = arena_printf(&kg->ctx->arena, "sluice_%s_%u",
					ir_opcode_name(opc), width);
	struct rtl_func fn = {opc, width, names_fresh(kg->ctx, &kg->names, base)};
	VEC_PUSH(&kg->ctx->arena, kg->funcs, kg->nfuncs, fn);
}

static void name_value(struct kgen *kg, struct ir_op *op)
{
	struct rtl_val *v = &kg->val[op->id];
	const char *base = rtl_sanitize(kg->ctx, op->name, ir_opcode_name(op->opc));
	const char *name = arena_printf(&kg->ctx->arena, "%s_%u", base, op->id);
	if (op->opc == IR_PHI)
		v->reg = names_fresh(kg->ctx, &kg->names,
				     arena_printf(&kg->ctx->arena, "%s_reg", name));
	if (op->opc != IR_PHI || phi_bypassed(kg, op))
		v->wire = names_fresh(kg->ctx, &kg->names, name);
}

int values_plan(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	kg->val = arena_alloc(&ctx->arena, (k->nops_total + 1) * sizeof *kg->val);
	if (check_schedule(kg))
		return -1;
	liveness(kg);
	plan_units(kg);
	plan_bypass_selects(kg);

	/* kernel state registers and argument registers */
	kg->sv_reg = arena_alloc(&ctx->arena, (k->nstates + 1) * sizeof *kg->sv_reg);
	kg->sv_bits = arena_alloc(&ctx->arena, (k->nstates + 1) * sizeof *kg->sv_bits);
	for (unsigned i = 0; i < k->nstates; i++)
		kg->sv_reg[i] = names_fresh(ctx, &kg->names,
					    arena_printf(&ctx->arena, "%s_q", k->states[i]->name));

	/* names, availability */
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			v->wire_until = v->needed ? rtl_take_state(kg->sk, op) : -1;
			if (!v->needed)
				continue;
			v->stable = op->opc == IR_CONST || op->opc == IR_UNDEF ||
				    op->opc == IR_ARG || op->opc == IR_SPEC;
			if (op->opc == IR_SPEC) {
				int si = kgen_spec_index(kg, op->spec);
				if (si < 0 || !kg->spec_port[si]) {
					diag_error(&ctx->diag, op->loc,
						   "internal error: kernel '%s' reads a spec constant with no port",
						   k->name);
					return -1;
				}
				if (k->kind != KERNEL_STARTED)
					kg->spec_read[si] = true;
				else if (!kg->spec_reg[si])
					kg->spec_reg[si] = names_fresh(ctx, &kg->names,
						arena_printf(&ctx->arena, "spec_%s_reg", op->spec->name));
			}
			v->valid = op_cycle(kg, op) + (v->unit_inst ? kg->sk->latency[op->id] : 0);
			if (op->opc == IR_ARG) {
				if (op->index >= k->nparams ||
				    k->params[op->index].width != op->width) {
					diag_error(&ctx->diag, op->loc,
						   "internal error: kernel '%s': argument %u does not match its parameter",
						   k->name, op->index);
					return -1;
				}
				if (!kg->arg_reg[op->index])
					kg->arg_reg[op->index] = names_fresh(ctx, &kg->names,
						arena_printf(&ctx->arena, "arg_%s_reg", k->params[op->index].name));
			}
			if ((op->opc == IR_STATE_LOAD || op->opc == IR_STATE_STORE) &&
			    kgen_state_index(kg, op->state) < 0) {
				diag_error(&ctx->diag, op->loc,
					   "internal error: kernel '%s' uses a state it does not own",
					   k->name);
				return -1;
			}
			if (op->opc == IR_BSWAP && op->width % 8) {
				diag_error(&ctx->diag, op->loc,
					   "byte swap of a %u-bit value (not whole bytes)", op->width);
				return -1;
			}
			if (op->opc == IR_CTPOP || op->opc == IR_CTLZ ||
			    op->opc == IR_CTTZ || op->opc == IR_BITREV)
				add_func(kg, op->opc, op->width);
			if (ir_is_compare(op->opc) && op->opc != IR_EQ && op->opc != IR_NE)
				add_func(kg, IR_ULT, op->args[0]->width); /* datapath.c, ordered */
			if (v->used)
				name_value(kg, op);
		}
	}

	plan_zeroed(kg);
	plan_carriers(kg);
	plan_early_phis(kg);

	/* uses */
	int err = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (!kg->val[op->id].needed)
				continue;
			struct rtl_val *ov = &kg->val[op->id];
			if (ov->zeroed && op->opc == IR_SELECT) {
				/* its adder's y0: the condition is read the
				 * cycle before, as the adder's clr */
				use_at(kg, op->args[0], blk, op_cycle(kg, op) - 1, 0, 1);
				continue;
			}
			for (unsigned i = 0; i < op->nargs; i++) {
				unsigned lo = 0, n = op->args[i]->width;
				if (dp_operand_inlined(op, i))
					continue;
				if (op->args[i] == kg->val[op->id].bypass_of) {
					/* its multiplexer's register, if it reads it;
					 * the logic is the phi's own operand */
					if (kg->val[op->id].bypass_reg)
						bits_mark(ctx, &kg->val[op->args[i]->id].reg_bits,
							  op->width, 0, op->width);
					continue;
				}
				if (op->opc == IR_EXTRACT)
					lo = op->index, n = op->width;
				else if (op->opc == IR_TRUNC)
					n = op->width;
				else if ((op->opc == IR_MEM_LOAD || op->opc == IR_MEM_STORE) &&
					 i == 0 && n > ir_mem_addr_bits(op->mem))
					n = ir_mem_addr_bits(op->mem); /* the address */
				err |= use(kg, op, i, lo, n);
			}
			if (op->opc == IR_PHI && kg->loop[b])
				use_late_phi(kg, op);
			struct rtl_val *v = &kg->val[op->id];
			if (op->opc == IR_STATE_LOAD && v->used)
				bits_mark(ctx, &kg->sv_bits[kgen_state_index(kg, op->state)],
					  op->width, 0, op->width);
			if (is_pipe_op(op->opc)) {
				struct kport *pt = kgen_port_of(kg, op);
				if (op->opc == IR_PIPE_READ)
					pt->tvalid_read = true;
				if (op->opc == IR_PIPE_WRITE)
					pt->tready_read = true;
				if (v->used && (op->opc == IR_PIPE_READ || op->opc == IR_PIPE_READ_NB))
					pt->tdata_read = true;
				if (v->used && op->opc == IR_PIPE_READ_NB)
					pt->tvalid_read = true;
				if (v->used && op->opc == IR_PIPE_WRITE_NB)
					pt->tready_read = true;
			}
		}
	}
	if (err)
		return -1;
	/* a registered value: the capture reads its whole wire; a bypassed
	 * phi's multiplexer, when read, its whole register */
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *op = k->blocks[b]->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			if (op->opc == IR_PHI && v->wire && bits_any(&v->wire_bits))
				bits_mark(ctx, &v->reg_bits, op->width, 0, op->width);
			else if (op->opc != IR_PHI && (v->reg || v->early) && v->wire)
				bits_mark(ctx, &v->wire_bits, op->width, 0, op->width);
		}
	/* a bypassed phi whose register nothing reads (its selects take the
	 * logic: plan_bypass_selects) has none */
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *op = k->blocks[b]->ops[j];
			if (phi_bypassed(kg, op) && !bits_any(&kg->val[op->id].reg_bits))
				kg->val[op->id].reg = NULL;
		}
	share_plan(kg);
	return 0;
}
