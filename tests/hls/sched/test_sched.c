/*
 * test_sched.c -- unit tests of the delay model and the SDC scheduler.
 *
 * Each test builds a small kernel with the IR builders of hls/ir/ir.h,
 * schedules it and checks cycles, block lengths and diagnostics; every
 * schedule produced is also run through sched_verify, and corrupted
 * schedules must be rejected by it.  Prints PASS/FAIL per test and a
 * closing "N passed, N failed"; exits non-zero on a failure.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include "ir/ir.h"
#include "sched/schedule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fixture ------------------------------------------------------------ */

struct fx {
	struct hls_ctx ctx;
	struct ir_program *p;
	struct ir_kernel *k;
	struct ir_block *b; /* where new ops go */
	struct hls_schedule s;
	char *diag;
	size_t ndiag;
	FILE *dout;
};

static void fx_init(struct fx *f, enum hls_target t, double mhz)
{
	memset(f, 0, sizeof *f);
	hls_ctx_init(&f->ctx);
	f->ctx.target = t;
	f->ctx.clock_mhz = mhz;
	f->dout = open_memstream(&f->diag, &f->ndiag);
	f->ctx.diag.out = f->dout;
	f->p = ir_program_new(&f->ctx, "t");
	f->k = ir_kernel_new(&f->ctx, f->p, "k", KERNEL_STARTED);
	f->b = ir_block_new(&f->ctx, f->k, "entry");
}

static const char *fx_diag(struct fx *f)
{
	fflush(f->dout);
	return f->diag ? f->diag : "";
}

static void fx_fini(struct fx *f)
{
	fclose(f->dout);
	free(f->diag);
	hls_ctx_fini(&f->ctx);
}

static struct ir_op *at(struct ir_op *op, unsigned line)
{
	op->loc = (struct ir_loc){"k.c", line, 5};
	return op;
}

static struct ir_op *arg(struct fx *f, unsigned w, unsigned index)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_ARG, w, 0);
	op->index = index;
	return op;
}

static struct ir_op *cst(struct fx *f, unsigned w, uint64_t v)
{
	return ir_const(&f->ctx, f->k, f->b, w, v);
}

static struct ir_op *op1(struct fx *f, enum ir_opcode opc, unsigned w,
			 struct ir_op *a)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, opc, w, 1);
	op->args[0] = a;
	return op;
}

static struct ir_op *bin(struct fx *f, enum ir_opcode opc, struct ir_op *a,
			 struct ir_op *b)
{
	unsigned w = opc >= IR_EQ && opc <= IR_SGE ? 1 : a->width;
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, opc, w, 2);
	op->args[0] = a;
	op->args[1] = b;
	return op;
}

static struct ir_op *sel(struct fx *f, struct ir_op *c, struct ir_op *a,
			 struct ir_op *b)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_SELECT, a->width, 3);
	op->args[0] = c, op->args[1] = a, op->args[2] = b;
	return op;
}

static struct ir_pipe *pipe_new(struct fx *f, const char *name, unsigned w)
{
	struct ir_pipe *p = arena_alloc(&f->ctx.arena, sizeof *p);
	p->name = name;
	p->type = "int";
	p->width = w;
	p->min_capacity = 4;
	VEC_PUSH(&f->ctx.arena, f->p->pipes, f->p->npipes, p);
	return p;
}

static struct ir_op *rd(struct fx *f, struct ir_pipe *p, int anchor,
			unsigned line)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_PIPE_READ, p->width, 0);
	op->pipe = p;
	op->lat.anchor = anchor;
	return at(op, line);
}

static struct ir_op *wr(struct fx *f, struct ir_pipe *p, struct ir_op *v,
			int anchor, int target, enum ir_latency_kind kind,
			int cycles, unsigned line)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_PIPE_WRITE, 0, 1);
	op->args[0] = v;
	op->pipe = p;
	op->lat = (struct ir_latency){anchor, target, kind, cycles};
	return at(op, line);
}

/* a read with a latency constraint on `target` */
static struct ir_op *rdc(struct fx *f, struct ir_pipe *p, int anchor, int target,
			 enum ir_latency_kind kind, int cycles, unsigned line)
{
	struct ir_op *op = rd(f, p, anchor, line);
	op->lat = (struct ir_latency){anchor, target, kind, cycles};
	return op;
}

static struct ir_op *fence(struct fx *f, unsigned line)
{
	return at(ir_op_new(&f->ctx, f->k, f->b, IR_FENCE, 0, 0), line);
}

static struct ir_op *ret(struct fx *f)
{
	return ir_op_new(&f->ctx, f->k, f->b, IR_RET, 0, 0);
}

static struct ir_op *br(struct fx *f, struct ir_block *to)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_BR, 0, 0);
	op->succs = arena_alloc(&f->ctx.arena, sizeof *op->succs);
	op->succs[0] = to;
	op->nsuccs = 1;
	return op;
}

/* Schedules; on success the schedule must pass sched_verify. */
static int sched(struct fx *f)
{
	ir_compute_preds(&f->ctx, f->k);
	if (ir_verify(&f->ctx, f->p, "test")) {
		fprintf(stderr, "  test IR invalid:\n%s", fx_diag(f));
		return -2;
	}
	int rc = sched_program(&f->ctx, f->p, &f->s);
	if (rc == 0 && sched_verify(&f->ctx, f->p, &f->s)) {
		fprintf(stderr, "  sched_verify rejects the schedule:\n%s", fx_diag(f));
		return -3;
	}
	return rc;
}

/* cycle of an op, block length; ~0u when nothing was scheduled */
static unsigned C(struct fx *f, const struct ir_op *op)
{
	return f->s.kernels ? f->s.kernels[0].cycle[op->id] : ~0u;
}

static unsigned LEN(struct fx *f, const struct ir_block *b)
{
	return f->s.kernels ? f->s.kernels[0].block_len[b->id] : ~0u;
}

static double ARR(struct fx *f, const struct ir_op *op)
{
	return f->s.kernels ? f->s.kernels[0].arrival[op->id] : -1;
}

static unsigned LATENCY(struct fx *f, const struct ir_op *op)
{
	return f->s.kernels ? f->s.kernels[0].latency[op->id] : ~0u;
}

static double D(struct fx *f, const struct ir_op *op)
{
	return delay_op_ns(f->ctx.target, op);
}

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "  %s:%d: check failed: %s\n",       \
				__FILE__, __LINE__, #cond);                  \
			ok = false;                                          \
		}                                                            \
	} while (0)

#define CHECK_DIAG(f, text) CHECK(strstr(fx_diag(f), (text)) != NULL)

static bool near(double a, double b)
{
	return a - b < 1e-6 && b - a < 1e-6;
}

/* ---- delay model -------------------------------------------------------- */

static bool test_delay_model(void)
{
	bool ok = true;
	static const double clocks[] = {100, 48, 100, 50};
	for (int t = TARGET_SIM; t <= TARGET_GOWIN; t++) {
		struct fx f;
		fx_init(&f, (enum hls_target)t, 0);
		struct ir_op *a8 = arg(&f, 8, 0), *a32 = arg(&f, 32, 1),
			     *a64 = arg(&f, 64, 2), *b32 = arg(&f, 32, 3);
		struct ir_op *sh_c = bin(&f, IR_SHL, a32, cst(&f, 32, 3));
		struct ir_op *sh_v = bin(&f, IR_LSHR, a32, b32);
		struct ir_op *add8 = bin(&f, IR_ADD, a8, a8);
		struct ir_op *add32 = bin(&f, IR_ADD, a32, b32);
		struct ir_op *add64 = bin(&f, IR_ADD, a64, a64);
		struct ir_op *and32 = bin(&f, IR_AND, a32, b32);
		struct ir_op *mul32 = bin(&f, IR_MUL, a32, b32);
		struct ir_op *mul8 = bin(&f, IR_MUL, a8, a8);
		struct ir_op *mul64 = bin(&f, IR_MUL, a64, a64);
		struct ir_op *div32 = bin(&f, IR_SDIV, a32, b32);
		struct ir_op *rem8 = bin(&f, IR_UREM, a8, a8);
		struct ir_op *ext = ir_op_new(&f.ctx, f.k, f.b, IR_EXTRACT, 8, 1);
		ext->args[0] = a32, ext->index = 8;
		struct ir_op *zx = op1(&f, IR_ZEXT, 64, a32);
		struct ir_op *ult = bin(&f, IR_ULT, a32, b32);
		CHECK(D(&f, sh_c) == 0);
		CHECK(D(&f, sh_v) > 0);
		CHECK(D(&f, ext) == 0 && D(&f, zx) == 0 && D(&f, a32) == 0);
		CHECK(D(&f, and32) > 0);
		CHECK(D(&f, add8) < D(&f, add32) && D(&f, add32) < D(&f, add64));
		/* a compare costs an add; on iCE40 and ECP5 (calibrated against
		 * nextpnr, see delay.c) the carry-out needs one more LUT level */
		if (t == TARGET_ICE40 || t == TARGET_ECP5)
			CHECK(D(&f, ult) > D(&f, add32));
		else
			CHECK(near(D(&f, ult), D(&f, add32)));
		/* by a constant: shift-and-add */
		struct ir_op *m8 = bin(&f, IR_MUL, a32, cst(&f, 32, 8));
		struct ir_op *m10 = bin(&f, IR_MUL, cst(&f, 32, 10), a32);
		struct ir_op *mneg6 = bin(&f, IR_MUL, a32, cst(&f, 32, (uint64_t)-6));
		delay_choose_units(f.ctx.target, 0, f.p); /* as sched_program does */
		CHECK(D(&f, m8) == 0);
		CHECK(near(D(&f, m10), D(&f, add32)));
		/* on iCE40 Yosys sums one partial product per set bit of the
		 * constant, also of -6 (30 of them): more than two adds, less
		 * than a full multiply */
		if (t == TARGET_ICE40) {
			/* multiplies of 8 to 32 bits that a few adds do not
			 * cover go to rtl/sluice_mul.v (SB_MAC16 pieces between
			 * registers): no delay in their cycle, latency 2 for one
			 * piece, 3 for three; wider ones stay LUT multipliers,
			 * slower than the clock */
			CHECK(D(&f, mul32) == 0 && delay_op_latency(f.ctx.target, mul32) == 3);
			CHECK(D(&f, mul8) == 0 && delay_op_latency(f.ctx.target, mul8) == 2);
			CHECK(D(&f, mneg6) == 0 && delay_op_latency(f.ctx.target, mneg6) == 3);
			CHECK(delay_op_latency(f.ctx.target, mul64) == 0);
			CHECK(D(&f, mul64) > 1000.0 / 48);
			CHECK(delay_mul_split(f.ctx.target) == 16);
			/* at 12 MHz an 8-bit multiply fits half a period as
			 * LUTs (or a combinational MAC16): no unit, no latency
			 * for a loop that carries its product round */
			delay_choose_units(f.ctx.target, 12, f.p);
			CHECK(delay_op_latency(f.ctx.target, mul8) == 0 && D(&f, mul8) > 0);
			CHECK(delay_op_latency(f.ctx.target, mul32) == 3);
		} else if (t == TARGET_ECP5) {
			/* MULT18X18D pieces between registers: over half a
			 * 100 MHz period as one block (6.3 ns) or three */
			CHECK(D(&f, mul32) == 0 && delay_op_latency(f.ctx.target, mul32) == 3);
			CHECK(delay_op_latency(f.ctx.target, mul8) == 2);
			CHECK(delay_op_latency(f.ctx.target, mul64) == 0);
			CHECK(delay_op_latency(f.ctx.target, mneg6) == 0); /* two adds */
			CHECK(delay_mul_split(f.ctx.target) == 18);
		} else {
			CHECK(D(&f, mul32) > D(&f, add32));
			CHECK(D(&f, mul64) > D(&f, mul8));
			CHECK(delay_op_latency(f.ctx.target, mul32) == 0);
			CHECK(delay_mul_split(f.ctx.target) == 0);
			CHECK(near(D(&f, mneg6), 2 * D(&f, add32)) || D(&f, mneg6) < 2 * D(&f, add32));
		}
		struct ir_op *udiv32 = bin(&f, IR_UDIV, a32, b32);
		CHECK(D(&f, udiv32) == 0);      /* into sluice_div's registers */
		CHECK(D(&f, div32) > D(&f, add32)); /* absolute values first */
		CHECK(delay_op_latency(f.ctx.target, udiv32) == 34);
		CHECK(delay_op_latency(f.ctx.target, div32) == 34);
		CHECK(delay_op_latency(f.ctx.target, rem8) == 10);
		CHECK(delay_default_clock_mhz(f.ctx.target) == clocks[t]);
		/* the registers' share of a period: clock-to-Q and setup */
		double T = 1000.0 / clocks[t], B = delay_logic_budget_ns(f.ctx.target, T);
		CHECK(B <= T && B > T / 2);
		if (t == TARGET_ICE40)
			CHECK(near(B, T - 1.8));
		fx_fini(&f);
	}
	/* iCE40 slower than ECP5 slower than the generic technology */
	struct fx f;
	fx_init(&f, TARGET_SIM, 0);
	struct ir_op *a = arg(&f, 32, 0), *add = bin(&f, IR_ADD, a, a);
	double sim = delay_op_ns(TARGET_SIM, add), ice = delay_op_ns(TARGET_ICE40, add),
	       ecp = delay_op_ns(TARGET_ECP5, add), gw = delay_op_ns(TARGET_GOWIN, add);
	CHECK(sim < ecp && ecp < gw && gw < ice);
	fx_fini(&f);
	return ok;
}

/* ---- chaining ----------------------------------------------------------- */

static bool test_chain_packs_cheap_ops(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *out = pipe_new(&f, "out", 32);
	struct ir_op *a = arg(&f, 32, 0), *b = arg(&f, 32, 1);
	struct ir_op *x = bin(&f, IR_AND, a, b);
	struct ir_op *y = bin(&f, IR_OR, x, a);
	struct ir_op *z = bin(&f, IR_XOR, y, b);
	struct ir_op *w = bin(&f, IR_ADD, z, a);
	struct ir_op *c = bin(&f, IR_EQ, w, a);
	struct ir_op *v = sel(&f, c, w, z);
	struct ir_op *wo = wr(&f, out, v, -1, -1, LAT_NONE, 0, 3);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, x) == 0 && C(&f, y) == 0 && C(&f, z) == 0);
	CHECK(C(&f, w) == 0 && C(&f, c) == 0 && C(&f, v) == 0 && C(&f, wo) == 0);
	CHECK(LEN(&f, f.b) == 1);
	/* the or shares the and's LUT level (delay_step_ns); and the xor is
	 * a function of a and b alone, one LUT with them (bitnet.c) */
	CHECK(near(ARR(&f, y), ARR(&f, x)));
	CHECK(near(ARR(&f, z), D(&f, x)));
	double want = D(&f, x) + D(&f, w) + D(&f, c) + D(&f, v);
	CHECK(near(ARR(&f, v), want));
	CHECK(near(ARR(&f, wo), want + delay_operand_ns(TARGET_SIM, wo, 0)));
	CHECK(want + D(&f, wo) <= f.s.clock_ns);
	fx_fini(&f);
	return ok;
}

static bool test_chain_splits_at_clock(void)
{
	bool ok = true;
	struct fx f;
	/* iCE40 at 40 MHz (25 ns, 23.2 of them for logic: delay_logic_budget_ns):
	 * the read's word comes from a register (delay_word_ns), so a 32-bit
	 * add starts on it at 0; a second add fed by the first costs one
	 * level more (ripple adders in a row overlap: delay_step_ns), and so
	 * does a third, but a fourth does not fit */
	fx_init(&f, TARGET_ICE40, 40);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32);
	/* an output port: the write's strobe ends there (no FIFO) */
	out->kind = PIPE_IO, out->dir = DIR_OUT, out->min_capacity = 0;
	struct ir_op *r = rd(&f, in, -1, 2);
	struct ir_op *a1 = bin(&f, IR_ADD, r, cst(&f, 32, 1));
	struct ir_op *a2 = bin(&f, IR_ADD, a1, cst(&f, 32, 2));
	struct ir_op *a3 = bin(&f, IR_SUB, a2, cst(&f, 32, 3));
	struct ir_op *a4 = bin(&f, IR_SUB, a3, r);
	struct ir_op *w = wr(&f, out, a4, -1, -1, LAT_NONE, 0, 4);
	ret(&f);
	CHECK(sched(&f) == 0);
	double T = f.s.clock_ns, lvl = 3.5, B = delay_logic_budget_ns(TARGET_ICE40, T);
	CHECK(near(T, 25));
	CHECK(D(&f, r) + D(&f, a1) + 2 * lvl > B); /* the read's handshake: too slow */
	CHECK(D(&f, a1) + 2 * lvl <= B && D(&f, a1) + 3 * lvl > B);
	/* the four adds take two cycles (where the third goes is the
	 * solver's choice) */
	CHECK(C(&f, r) == 0 && C(&f, a1) == 0 && C(&f, a2) == 0);
	CHECK(C(&f, a4) == 1 && C(&f, w) == 1);
	CHECK(LEN(&f, f.b) == 2);
	CHECK(near(ARR(&f, r), D(&f, r)));
	CHECK(near(ARR(&f, a1), D(&f, a1)));
	CHECK(near(ARR(&f, a2), D(&f, a1) + lvl));
	CHECK(C(&f, a3) == 1 || near(ARR(&f, a3), D(&f, a1) + 2 * lvl));
	fx_fini(&f);

	/* a chain of 40 adds at 100 MHz on sim packs greedily: an add costs
	 * its delay, but one level (0.5 ns) when it follows, in its cycle, an
	 * add that cost its delay */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_op *v = arg(&f, 32, 0), *ops[40];
	for (int i = 0; i < 40; i++)
		v = ops[i] = bin(&f, IR_ADD, v, v);
	ret(&f);
	CHECK(sched(&f) == 0);
	double acc = 0;
	unsigned cyc = 0;
	bool carry = false;
	for (int i = 0; i < 40; i++) {
		double d = carry ? 0.5 : D(&f, ops[i]);
		if (acc + d > f.s.clock_ns + 1e-9)
			cyc++, acc = D(&f, ops[i]), carry = true;
		else
			acc += d, carry = !carry;
		CHECK(C(&f, ops[i]) == cyc);
	}
	CHECK(cyc >= 1);
	CHECK(LEN(&f, f.b) == cyc + 1);
	fx_fini(&f);
	return ok;
}

/* The levels bitnet.c gives each op of block f->b. */
static unsigned LEVELS(struct fx *f, const struct ir_op *op)
{
	struct delay_nets nets;
	delay_nets_init(&f->ctx.arena, f->b, &nets);
	for (unsigned i = 0; i < f->b->nops; i++)
		if (f->b->ops[i] == op)
			return nets.levels[i];
	return ~0u;
}

/* a rotated right by k bits: (a >> k) | (a << (32 - k)) */
static struct ir_op *rot(struct fx *f, struct ir_op *a, unsigned k)
{
	return bin(f, IR_OR, bin(f, IR_LSHR, a, cst(f, 32, k)), bin(f, IR_SHL, a, cst(f, 32, 32 - k)));
}

/* Bitwise networks as synthesis maps them: each output bit a LUT tree of
 * the leaf bits it depends on (bitnet.c), not the chain of ops. */
static bool test_bit_networks(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_ICE40, 48);
	struct ir_pipe *out = pipe_new(&f, "out", 32);
	out->kind = PIPE_IO, out->dir = DIR_OUT, out->min_capacity = 0;
	struct ir_op *a = arg(&f, 32, 0), *b = arg(&f, 32, 1), *c = arg(&f, 1, 2);
	/* the XOR of 16 rotations: 16 bits of a each, two LUT4 levels */
	struct ir_op *x4 = a, *x16;
	for (unsigned k = 1; k < 4; k++)
		x4 = bin(&f, IR_XOR, x4, rot(&f, a, k));
	x16 = x4;
	for (unsigned k = 4; k < 16; k++)
		x16 = bin(&f, IR_XOR, x16, rot(&f, a, k));
	/* masks and inversions are wiring: no level */
	struct ir_op *m = bin(&f, IR_XOR, bin(&f, IR_AND, a, cst(&f, 32, 0xff)), cst(&f, 32, ~0ull));
	/* a select with a constant arm is a gate; two variable arms are not
	 * modelled (priority chains map worse than trees) */
	struct ir_op *g = sel(&f, c, a, cst(&f, 32, 0));
	struct ir_op *s2 = sel(&f, c, a, b);
	/* a leaf with a delay: its arrival, then the network's levels */
	struct ir_op *sum = bin(&f, IR_ADD, a, b);
	struct ir_op *after = bin(&f, IR_XOR, bin(&f, IR_XOR, sum, b), a);
	struct ir_op *all = bin(&f, IR_OR, bin(&f, IR_OR, bin(&f, IR_OR, x16, m), bin(&f, IR_AND, g, s2)), after);
	wr(&f, out, all, -1, -1, LAT_NONE, 0, 3);
	ret(&f);
	CHECK(LEVELS(&f, x4) == 1);
	CHECK(LEVELS(&f, x16) == 2);
	CHECK(LEVELS(&f, m) == 0);
	CHECK(LEVELS(&f, g) == 1);
	CHECK(LEVELS(&f, s2) == DELAY_NET_NONE);
	CHECK(LEVELS(&f, after) == 1);
	CHECK(LEVELS(&f, sum) == DELAY_NET_NONE);
	CHECK(sched(&f) == 0);
	double net = 4.85; /* ice40's net_level */
	CHECK(near(ARR(&f, x16), 2 * net));
	CHECK(near(ARR(&f, m), 0));
	/* two gates after the add: the chain's one level is less */
	CHECK(near(ARR(&f, after), D(&f, sum) + D(&f, after)));
	fx_fini(&f);

	/* a leaf with a delay, then 16 rotations of it: its arrival and two
	 * levels (at 20 MHz, so that it all fits one cycle) */
	fx_init(&f, TARGET_ICE40, 20);
	a = arg(&f, 32, 0), b = arg(&f, 32, 1);
	sum = bin(&f, IR_ADD, a, b);
	x16 = sum;
	for (unsigned k = 1; k < 16; k++)
		x16 = bin(&f, IR_XOR, x16, rot(&f, sum, k));
	ret(&f);
	CHECK(LEVELS(&f, x16) == 2);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, x16) == 0);
	CHECK(near(ARR(&f, x16), D(&f, sum) + 2 * net));
	fx_fini(&f);

	/* the chain model still holds where it is less: one gate after a
	 * register costs `logic`, not a network level */
	fx_init(&f, TARGET_ICE40, 48);
	struct ir_op *p = arg(&f, 32, 0), *q = arg(&f, 32, 1);
	struct ir_op *one = bin(&f, IR_AND, p, q);
	ret(&f);
	CHECK(LEVELS(&f, one) == 1);
	CHECK(sched(&f) == 0);
	CHECK(near(ARR(&f, one), D(&f, one)));
	fx_fini(&f);
	return ok;
}

/* A write into a FIFO costs two LUT levels more than one to a port: its
 * tvalid goes on through the FIFO's write logic to its words' enables. */
static bool test_write_into_fifo(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_ICE40, 48);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *q = pipe_new(&f, "q", 32);
	struct ir_pipe *port = pipe_new(&f, "port", 32);
	port->kind = PIPE_IO, port->dir = DIR_OUT, port->min_capacity = 0;
	struct ir_op *r = rd(&f, in, -1, 2);
	struct ir_op *wq = wr(&f, q, r, -1, -1, LAT_NONE, 0, 3);
	struct ir_op *wp = wr(&f, port, r, -1, -1, LAT_NONE, 0, 4);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(near(D(&f, wp), 3.5) && near(D(&f, wq), 3 * 3.5));
	CHECK(C(&f, wq) == 0 && C(&f, wp) == 0); /* 3.5 + 10.5 ns fit in 19 */
	fx_fini(&f);

	/* the word goes on to the FIFO's words through a level (the FIFO's
	 * multiplexer; one more for each other write to the pipe), not the
	 * strobe's 10.5 ns: a sum 13.4 ns into the cycle is written in it,
	 * a guard as late is not */
	fx_init(&f, TARGET_ICE40, 48);
	in = pipe_new(&f, "in", 32), q = pipe_new(&f, "q", 32);
	struct ir_pipe *g2 = pipe_new(&f, "g", 32), *two = pipe_new(&f, "two", 32);
	struct ir_op *a = arg(&f, 32, 0), *b = arg(&f, 32, 1);
	struct ir_op *sum = bin(&f, IR_ADD, a, b), *eq = bin(&f, IR_EQ, a, b);
	wq = wr(&f, q, sum, -1, -1, LAT_NONE, 0, 5);
	struct ir_op *wg = ir_op_new(&f.ctx, f.k, f.b, IR_PIPE_WRITE, 0, 2);
	wg->args[0] = a, wg->args[1] = eq, wg->pipe = g2;
	at(wg, 6);
	struct ir_op *w1 = wr(&f, two, sum, -1, -1, LAT_NONE, 0, 7);
	struct ir_op *w2 = wr(&f, two, a, -1, -1, LAT_NONE, 0, 8);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(near(ARR(&f, sum), 3.5 + 32 * 0.31));
	CHECK(near(delay_operand_ns(TARGET_ICE40, wq, 0), 3.5));
	CHECK(near(delay_operand_ns(TARGET_ICE40, wq, 1), D(&f, wq)));
	CHECK(C(&f, wq) == 0 && near(ARR(&f, wq), ARR(&f, sum) + 3.5));
	CHECK(C(&f, wg) == 1); /* 10.5 + 10.5 ns do not fit in 19 */
	CHECK(near(delay_operand_ns(TARGET_ICE40, w1, 0), 2 * 3.5));
	CHECK(C(&f, w1) == 1 && C(&f, w2) > C(&f, w1)); /* 13.4 + 7 ns do not */
	fx_fini(&f);

	/* a pipe that fission cut is one register (or none) with no
	 * multiplexer before it: a lone write's word takes nothing, each
	 * other write to the pipe a level */
	fx_init(&f, TARGET_ICE40, 48);
	struct ir_pipe *cut = pipe_new(&f, "cut", 32), *cut2 = pipe_new(&f, "cut2", 32);
	cut->cut = cut2->cut = true;
	a = arg(&f, 32, 0);
	struct ir_op *wc = wr(&f, cut, a, -1, -1, LAT_NONE, 0, 5);
	struct ir_op *wc1 = wr(&f, cut2, a, -1, -1, LAT_NONE, 0, 6);
	wr(&f, cut2, a, -1, -1, LAT_NONE, 0, 7);
	ret(&f);
	CHECK(near(delay_operand_ns(TARGET_ICE40, wc, 0), 0));
	CHECK(near(delay_operand_ns(TARGET_ICE40, wc1, 0), 3.5));
	CHECK(near(delay_operand_ns(TARGET_ICE40, wc, 1), D(&f, wc)));
	fx_fini(&f);
	return ok;
}

static bool test_slow_op_stands_alone(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_ICE40, 48); /* a 64-bit multiply: LUTs, about 50 ns */
	struct ir_pipe *out = pipe_new(&f, "out", 16);
	struct ir_op *a = arg(&f, 64, 0), *b = arg(&f, 64, 1);
	struct ir_op *x = bin(&f, IR_ADD, a, b);
	struct ir_op *m = bin(&f, IR_MUL, x, b);
	struct ir_op *t = op1(&f, IR_TRUNC, 16, m);
	struct ir_op *s = bin(&f, IR_ADD, m, a);
	struct ir_op *w = wr(&f, out, t, -1, -1, LAT_NONE, 0, 5);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(D(&f, m) > f.s.clock_ns);
	CHECK(C(&f, x) == 0);
	CHECK(C(&f, m) == 1); /* not chained after the add */
	CHECK(C(&f, s) == 2 && C(&f, w) == 2); /* logic may not follow it */
	/* wiring could (cycle 1), but waits for its only user, the write
	 * (sdc_sink_wiring), and reads m's register there */
	CHECK(C(&f, t) == 2);
	CHECK(ARR(&f, m) > f.s.clock_ns);
	fx_fini(&f);
	return ok;
}

/* ---- latency of pipelined operators -------------------------------------- */

static bool test_division_latency(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *pa = pipe_new(&f, "a", 32), *pb = pipe_new(&f, "b", 32),
		       *out = pipe_new(&f, "out", 32);
	struct ir_op *ra = rd(&f, pa, -1, 2), *rb = rd(&f, pb, -1, 3);
	struct ir_op *q = at(bin(&f, IR_SDIV, ra, rb), 4);
	struct ir_op *w = wr(&f, out, q, -1, -1, LAT_NONE, 0, 5);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(LATENCY(&f, q) == 34);
	CHECK(C(&f, ra) == 0 && C(&f, rb) == 0 && C(&f, q) == 0);
	CHECK(C(&f, w) == C(&f, q) + 34);
	CHECK(LEN(&f, f.b) == C(&f, w) + 1);
	fx_fini(&f);

	/* a result nobody uses must still be ready by the block's end */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_op *a8 = arg(&f, 8, 0);
	struct ir_op *r8 = bin(&f, IR_UREM, a8, a8);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(LATENCY(&f, r8) == 10);
	CHECK(C(&f, r8) == 0 && LEN(&f, f.b) == 11);
	fx_fini(&f);
	return ok;
}

/* ---- pipe order ---------------------------------------------------------- */

/* The spec: operations on one pipe in program order, one per cycle; on
 * different pipes only data and latency constraints order them, unless a
 * sluice_fence() lies between them. */
static bool test_pipe_ops_distinct_ordered(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *pa = pipe_new(&f, "a", 32), *pc = pipe_new(&f, "c", 32),
		       *pd = pipe_new(&f, "d", 8);
	struct ir_op *r1 = rd(&f, pa, -1, 1), *r2 = rd(&f, pa, -1, 2);
	struct ir_op *w1 = wr(&f, pc, cst(&f, 32, 7), -1, -1, LAT_NONE, 0, 3);
	struct ir_op *one = cst(&f, 8, 1);
	struct ir_op *w2 = ir_op_new(&f.ctx, f.k, f.b, IR_PIPE_WRITE_NB, 1, 1);
	w2->pipe = pd, w2->args[0] = one;
	struct ir_op *r3 = ir_op_new(&f.ctx, f.k, f.b, IR_PIPE_READ_NB, 9, 0);
	r3->pipe = pd;
	struct ir_op *s = bin(&f, IR_ADD, r1, r2);
	struct ir_op *w3 = wr(&f, pc, s, -1, -1, LAT_NONE, 0, 6);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, r1) == 0 && C(&f, r2) == 1);	/* one pipe: in order */
	CHECK(C(&f, w1) == 0 && C(&f, w2) == 0);	/* others: at once */
	CHECK(C(&f, r3) == 1);				/* after w2 on 'd' */
	CHECK(C(&f, s) == 1 && C(&f, w3) == 1);	/* data; after w1 on 'c' */
	CHECK(LEN(&f, f.b) == 2);
	fx_fini(&f);

	/* a fence: write the request, then wait for the answer */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *req = pipe_new(&f, "req", 32), *ans = pipe_new(&f, "ans", 32),
		       *log = pipe_new(&f, "log", 32);
	pa = pipe_new(&f, "a", 32);
	struct ir_op *x = rd(&f, pa, -1, 1);
	struct ir_op *wq = wr(&f, req, x, -1, -1, LAT_NONE, 0, 2);
	struct ir_op *wl = wr(&f, log, x, -1, -1, LAT_NONE, 0, 3);
	fence(&f, 4);
	struct ir_op *ra = rd(&f, ans, -1, 5);
	struct ir_op *wl2 = wr(&f, log, cst(&f, 32, 1), -1, -1, LAT_NONE, 0, 6);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, x) == 0 && C(&f, wq) == 0 && C(&f, wl) == 0);
	CHECK(C(&f, ra) == 1 && C(&f, wl2) == 1);
	fx_fini(&f);

	/* a fence with no pipe op before it costs nothing */
	fx_init(&f, TARGET_SIM, 100);
	pa = pipe_new(&f, "a", 32), pc = pipe_new(&f, "c", 32);
	fence(&f, 1);
	struct ir_op *r0 = rd(&f, pa, -1, 2);
	struct ir_op *w0 = wr(&f, pc, r0, -1, -1, LAT_NONE, 0, 3);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, r0) == 0 && C(&f, w0) == 0 && LEN(&f, f.b) == 1);
	fx_fini(&f);
	return ok;
}

/* ---- latency constraints ------------------------------------------------- */

/* The spec's example: read anchor 0; write exactly 2 after it, anchor 1;
 * another write at least 2 after anchor 1. */
static bool test_spec_latency_example(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *p1 = pipe_new(&f, "pipe1", 32), *p2 = pipe_new(&f, "pipe2", 32),
		       *p3 = pipe_new(&f, "pipe3", 32);
	struct ir_op *r = rd(&f, p1, 0, 6);
	struct ir_op *w2 = wr(&f, p2, r, 1, 0, LAT_EXACT, 2, 8);
	struct ir_op *w3 = wr(&f, p3, r, -1, 1, LAT_MIN, 2, 11);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, r) == 0 && C(&f, w2) == 2 && C(&f, w3) >= 4);
	CHECK(C(&f, w3) == 4); /* as early as possible */
	CHECK(LEN(&f, f.b) == 5);
	fx_fini(&f);

	/* a third write, at most 3 after anchor 0, on a fourth pipe: writes
	 * to different pipes may be reordered, so it goes before pipe3's */
	fx_init(&f, TARGET_SIM, 100);
	p1 = pipe_new(&f, "pipe1", 32), p2 = pipe_new(&f, "pipe2", 32);
	p3 = pipe_new(&f, "pipe3", 32);
	struct ir_pipe *p4 = pipe_new(&f, "pipe4", 32);
	r = rd(&f, p1, 0, 6);
	w2 = wr(&f, p2, r, 1, 0, LAT_EXACT, 2, 8);
	w3 = wr(&f, p3, r, -1, 1, LAT_MIN, 2, 11);
	struct ir_op *w4 = wr(&f, p4, r, -1, 0, LAT_MAX, 3, 14);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, w2) == 2 && C(&f, w3) == 4 && C(&f, w4) <= 3);
	fx_fini(&f);

	/* the same third write on pipe3 must follow the other one there */
	fx_init(&f, TARGET_SIM, 100);
	p1 = pipe_new(&f, "pipe1", 32), p2 = pipe_new(&f, "pipe2", 32);
	p3 = pipe_new(&f, "pipe3", 32);
	r = rd(&f, p1, 0, 6);
	wr(&f, p2, r, 1, 0, LAT_EXACT, 2, 8);
	wr(&f, p3, r, -1, 1, LAT_MIN, 2, 11);
	wr(&f, p3, r, -1, 0, LAT_MAX, 3, 14);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "k.c:14:5: error: cannot schedule: the write to 'pipe3' "
		   "(line 14) must be at most 3 cycles after anchor 0");
	CHECK_DIAG(&f, "the write to 'pipe3' (line 14) comes after the write to "
		   "'pipe3' (line 11) in program order and operations on one pipe "
		   "need distinct cycles");
	CHECK_DIAG(&f, "at least 5 cycles after the anchor, 2 more than the "
		   "constraint allows");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

static bool test_exact_min_max_hold(void)
{
	bool ok = true;
	struct fx f;
	/* exact 3 although the data is ready at once; min 5 */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *o1 = pipe_new(&f, "o1", 32),
		       *o2 = pipe_new(&f, "o2", 32), *o3 = pipe_new(&f, "o3", 32);
	struct ir_op *r = rd(&f, in, 0, 1);
	struct ir_op *x = bin(&f, IR_ADD, r, r);
	struct ir_op *we = wr(&f, o1, x, -1, 0, LAT_EXACT, 3, 2);
	struct ir_op *wm = wr(&f, o2, x, -1, 0, LAT_MIN, 5, 3);
	struct ir_op *wx = wr(&f, o3, x, -1, 0, LAT_MAX, 7, 4);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, we) - C(&f, r) == 3);
	CHECK(C(&f, wm) - C(&f, r) >= 5);
	CHECK(C(&f, wx) == 0); /* as early as its data: no order across pipes */
	fx_fini(&f);

	/* a maximum pulls its anchor later: the write waits 34 cycles for the
	 * divider, so the anchor read may be at most 2 cycles earlier */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *pb = pipe_new(&f, "b", 32), *pa = pipe_new(&f, "a", 32),
		       *out = pipe_new(&f, "out", 32);
	struct ir_op *rb = rd(&f, pb, -1, 1);
	struct ir_op *q = bin(&f, IR_UDIV, rb, rb);
	struct ir_op *ra = rd(&f, pa, 7, 3);
	struct ir_op *w = wr(&f, out, q, -1, 7, LAT_MAX, 2, 4);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, q) == 0 && C(&f, w) == 34);
	CHECK(C(&f, w) - C(&f, ra) <= 2);
	CHECK(C(&f, ra) == 32);
	fx_fini(&f);

	/* a negative exact: the constrained op comes first */
	fx_init(&f, TARGET_SIM, 100);
	in = pipe_new(&f, "in", 32), out = pipe_new(&f, "out", 32);
	struct ir_op *w0 = wr(&f, out, cst(&f, 32, 1), -1, 4, LAT_EXACT, -3, 1);
	struct ir_op *r4 = rd(&f, in, 4, 2);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, w0) == 0 && C(&f, r4) == 3);
	fx_fini(&f);
	return ok;
}

/* ---- infeasible systems --------------------------------------------------- */

static bool test_infeasible_exact_with_pipe_between(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32);
	rd(&f, in, 0, 6);
	rd(&f, in, -1, 7);
	rdc(&f, in, -1, 0, LAT_EXACT, 1, 8);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK(f.ctx.diag.errors == 1);
	CHECK_DIAG(&f, "k.c:8:5: error: cannot schedule: the read from 'in' (line 8) "
		   "must be exactly 1 cycle after anchor 0 (the read from 'in', line 6)");
	CHECK_DIAG(&f, "but the read from 'in' (line 7) must come between them in "
		   "program order and operations on one pipe ('in') need distinct "
		   "cycles");
	CHECK_DIAG(&f, "at least 2 cycles after the anchor, 1 more than the "
		   "constraint allows");
	CHECK_DIAG(&f, "k.c:6:5: note: anchor 0 is the read from 'in'");
	CHECK_DIAG(&f, "k.c:7:5: note: the read from 'in' comes between them");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);

	/* exact 0: two ops on one pipe never share a cycle ... */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *out = pipe_new(&f, "out", 32);
	in = pipe_new(&f, "in", 32);
	struct ir_op *r = rd(&f, in, 0, 6);
	wr(&f, out, r, -1, -1, LAT_NONE, 0, 7);
	wr(&f, out, r, -1, 0, LAT_EXACT, 0, 8);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "the write to 'out' (line 8) comes after the write to 'out' "
		   "(line 7) in program order and operations on one pipe need "
		   "distinct cycles");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);

	/* ... nor two across a fence, while two pipes without one may */
	fx_init(&f, TARGET_SIM, 100);
	in = pipe_new(&f, "in", 32), out = pipe_new(&f, "out", 32);
	struct ir_pipe *mid = pipe_new(&f, "mid", 32);
	r = rd(&f, in, 0, 6);
	struct ir_op *w = wr(&f, out, r, -1, 0, LAT_EXACT, 0, 7);
	fence(&f, 8);
	wr(&f, mid, r, -1, 0, LAT_EXACT, 0, 9);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK(f.ctx.diag.errors == 1);
	CHECK_DIAG(&f, "k.c:9:5: error: cannot schedule: the write to 'mid' (line 9) "
		   "must be exactly 0 cycles after anchor 0");
	CHECK_DIAG(&f, "but pipe operations on either side of a sluice_fence() "
		   "need distinct cycles; so it is at least 1 cycle after the anchor");
	CHECK(!strstr(fx_diag(&f), "k.c:7:5: error"));
	(void)w;
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

static bool test_infeasible_max_vs_dependences(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32);
	struct ir_op *r = rd(&f, in, 3, 6);
	struct ir_op *q = at(bin(&f, IR_SDIV, r, r), 7);
	q->name = "q";
	wr(&f, out, q, -1, 3, LAT_MAX, 5, 8);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "error: cannot schedule: the write to 'out' (line 8) must be "
		   "at most 5 cycles after anchor 3 (the read from 'in', line 6)");
	CHECK_DIAG(&f, "the sdiv 'q' (line 7) uses the result of the read from 'in' "
		   "(line 6)");
	CHECK_DIAG(&f, "the write to 'out' (line 8) uses the result of the sdiv 'q' "
		   "(line 7), which takes 34 cycles");
	CHECK_DIAG(&f, "at least 34 cycles after the anchor, 29 more than the "
		   "constraint allows");
	CHECK_DIAG(&f, "k.c:7:5: note: the sdiv 'q' (line 7) uses the result");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);

	/* on iCE40 a 64-bit multiply (over the clock by itself) may follow
	 * the read in its cycle (the word comes from a register), but the
	 * write of its product needs a state after it */
	fx_init(&f, TARGET_ICE40, 48);
	in = pipe_new(&f, "in", 64), out = pipe_new(&f, "out", 64);
	r = rd(&f, in, 0, 6);
	struct ir_op *m = at(bin(&f, IR_MUL, r, r), 7);
	wr(&f, out, m, -1, 0, LAT_MAX, 0, 8);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "must be at most 0 cycles after anchor 0");
	CHECK_DIAG(&f, "do not fit in one 20.8 ns clock period together");
	CHECK_DIAG(&f, "1 more than the constraint allows");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

static bool test_infeasible_target_before_anchor(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32);
	rdc(&f, in, -1, 4, LAT_MIN, 1, 6);
	rd(&f, in, 4, 7);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "k.c:6:5: error: cannot schedule: the read from 'in' (line 6) "
		   "must be at least 1 cycle after anchor 4");
	CHECK_DIAG(&f, "but it comes before the anchor in program order and "
		   "operations on one pipe ('in') need distinct cycles");
	CHECK_DIAG(&f, "at least 1 cycle before the anchor, 2 fewer than the "
		   "constraint requires");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);

	/* on two pipes it is the fence that orders them */
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *out = pipe_new(&f, "out", 32);
	in = pipe_new(&f, "in", 32);
	wr(&f, out, cst(&f, 32, 0), -1, 4, LAT_MIN, 1, 6);
	fence(&f, 7);
	rd(&f, in, 4, 8);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK_DIAG(&f, "but it comes before the anchor in program order and pipe "
		   "operations on either side of a sluice_fence() need distinct "
		   "cycles");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);

	/* without the fence the write simply goes after the read */
	fx_init(&f, TARGET_SIM, 100);
	out = pipe_new(&f, "out", 32), in = pipe_new(&f, "in", 32);
	struct ir_op *w = wr(&f, out, cst(&f, 32, 0), -1, 4, LAT_MIN, 1, 6);
	struct ir_op *r = rd(&f, in, 4, 8);
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, r) == 0 && C(&f, w) == 1);
	fx_fini(&f);
	return ok;
}

static bool test_every_conflict_reported(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *mid = pipe_new(&f, "mid", 32),
		       *out = pipe_new(&f, "out", 32);
	struct ir_op *r = rd(&f, in, 0, 6);
	wr(&f, mid, r, -1, -1, LAT_NONE, 0, 7);
	wr(&f, mid, r, -1, 0, LAT_EXACT, 0, 8);
	struct ir_op *r2 = rd(&f, in, 3, 9);
	struct ir_op *q = at(bin(&f, IR_UDIV, r2, r2), 10);
	wr(&f, out, q, -1, 3, LAT_MAX, 5, 11);
	ret(&f);
	CHECK(sched(&f) == -1);
	CHECK(f.ctx.diag.errors == 2);
	CHECK_DIAG(&f, "k.c:8:5: error: cannot schedule: the write to 'mid' (line 8)");
	CHECK_DIAG(&f, "k.c:11:5: error: cannot schedule: the write to 'out' (line 11) "
		   "must be at most 5 cycles after anchor 3");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

static bool test_constraint_across_blocks(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32);
	struct ir_block *entry = f.b, *next = ir_block_new(&f.ctx, f.k, "next");
	struct ir_op *r = rd(&f, in, 0, 6);
	br(&f, next);
	f.b = next;
	wr(&f, out, r, -1, 0, LAT_EXACT, 1, 9);
	wr(&f, out, r, -1, 5, LAT_MIN, 1, 10);
	ret(&f);
	(void)entry;
	CHECK(sched(&f) == -1);
	CHECK(f.ctx.diag.errors == 2);
	CHECK_DIAG(&f, "k.c:9:5: error: latency constraint between operations in "
		   "different basic blocks is not supported");
	CHECK_DIAG(&f, "k.c:6:5: note: anchor 0 is the read from 'in', in another "
		   "basic block");
	CHECK_DIAG(&f, "k.c:10:5: error: latency constraint refers to anchor 5, "
		   "which no pipe operation defines");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

/* ---- control flow and state -------------------------------------------- */

enum body {
	ADD,	    /* out = in + i */
	TWO_READS,  /* out = (in + i) / in */
	FENCE_MID,  /* req = in; fence; out = ans + i */
	FENCE_END,  /* out = in / 3; fence */
};

/* for (i = 0; i < n; i++) { body }: a loop of one block, with `hint` on
 * it; returns the first read, the write to 'out' and the branch. */
static void loop_kernel(struct fx *f, struct ir_loop_hint hint, enum body body,
			struct ir_block **loop_out, struct ir_op **x_out,
			struct ir_op **w_out, struct ir_op **cb_out)
{
	struct ir_pipe *in = pipe_new(f, "in", 32), *out = pipe_new(f, "out", 32);
	struct ir_pipe *req = pipe_new(f, "req", 32), *ans = pipe_new(f, "ans", 32);
	struct ir_block *entry = f->b, *loop = ir_block_new(&f->ctx, f->k, "loop"),
			*exit = ir_block_new(&f->ctx, f->k, "exit");
	loop->hint = hint;
	struct ir_op *n = arg(f, 32, 0), *zero = cst(f, 32, 0);
	br(f, loop);
	f->b = loop;
	struct ir_op *i = ir_op_new(&f->ctx, f->k, loop, IR_PHI, 32, 2);
	i->phi_blocks = arena_alloc(&f->ctx.arena, 2 * sizeof *i->phi_blocks);
	struct ir_op *x = rd(f, in, -1, 3), *s = x;
	if (body == ADD || body == TWO_READS)
		s = bin(f, IR_ADD, x, i);
	if (body == TWO_READS)
		s = bin(f, IR_UDIV, s, rd(f, in, -1, 3));
	if (body == FENCE_MID) {
		wr(f, req, x, -1, -1, LAT_NONE, 0, 4);
		fence(f, 5);
		s = bin(f, IR_ADD, rd(f, ans, -1, 6), i);
	}
	if (body == FENCE_END)
		s = bin(f, IR_UDIV, x, cst(f, 32, 3));
	struct ir_op *w = wr(f, out, s, -1, -1, LAT_NONE, 0, 7);
	if (body == FENCE_END)
		fence(f, 8);
	struct ir_op *i2 = bin(f, IR_ADD, i, cst(f, 32, 1));
	struct ir_op *c = bin(f, IR_ULT, i2, n);
	struct ir_op *cb = ir_op_new(&f->ctx, f->k, loop, IR_CONDBR, 0, 1);
	cb->args[0] = c;
	cb->succs = arena_alloc(&f->ctx.arena, 2 * sizeof *cb->succs);
	cb->succs[0] = loop, cb->succs[1] = exit, cb->nsuccs = 2;
	i->args[0] = zero, i->phi_blocks[0] = entry;
	i->args[1] = i2, i->phi_blocks[1] = loop;
	f->b = exit;
	ret(f);
	*loop_out = loop, *x_out = x, *w_out = w, *cb_out = cb;
}

/* A loop whose exit block runs in its last cycle (read_ahead.c, fold):
 * its branch reaches only the state register where its phis are written
 * round the loop or not (nothing after the loop reads them) and the
 * block it leaves to has none; two levels on iCE40, not the branch's
 * 14 ns.  On the ECP5 the branch is one level anyway. */
static bool test_folded_branch(void)
{
	bool ok = true;
	for (int t = TARGET_ICE40; t <= TARGET_ECP5; t++) {
		struct fx f;
		fx_init(&f, (enum hls_target)t, 0);
		struct ir_block *loop;
		struct ir_op *x, *w, *cb;
		loop_kernel(&f, (struct ir_loop_hint){0}, ADD, &loop, &x, &w, &cb);
		double full = D(&f, cb);
		CHECK(near(full, t == TARGET_ICE40 ? 14.0 : 1.25));
		loop->exit_folded = true;
		CHECK(near(D(&f, cb), t == TARGET_ICE40 ? 7.0 : 1.25));
		/* the loop's counter read after it: written only round the loop */
		struct ir_block *exit = cb->succs[1];
		struct ir_op *phi = loop->ops[0];
		struct ir_op *use = ir_op_new(&f.ctx, f.k, exit, IR_ADD, 32, 2);
		use->args[0] = use->args[1] = phi;
		ir_block_set_ops(&f.ctx, exit, (struct ir_op *[]){use, exit->ops[0]}, 2);
		CHECK(near(D(&f, cb), full));
		fx_fini(&f);
	}
	return ok;
}

static unsigned II(struct fx *f, const struct ir_block *b)
{
	return f->s.kernels ? f->s.kernels[0].ii[b->id] : ~0u;
}

static const char *LIMIT(struct fx *f, const struct ir_block *b)
{
	const char *l = f->s.kernels ? f->s.kernels[0].limit[b->id] : NULL;
	return l ? l : "";
}

/* The write, on another pipe than the read, completes with the read, and
 * the branch decides in the same cycle: one cycle per iteration without
 * pipelining, which the loop's limit says. */
static bool test_loop_with_phi(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_block *loop;
	struct ir_op *x, *w, *cb;
	loop_kernel(&f, (struct ir_loop_hint){0}, ADD, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 0);
	CHECK(strstr(LIMIT(&f, loop), "one cycle per iteration already") != NULL);
	CHECK(C(&f, x) == 0 && C(&f, w) == 0 && C(&f, cb) == 0);
	CHECK(LEN(&f, loop) == 1);
	CHECK(sched_verify(&f.ctx, f.p, &f.s) == 0);
	fx_fini(&f);
	return ok;
}

/* Two reads of one pipe per iteration (and a divider making the iteration
 * long): at most one per cycle, in order across iterations, so II 2, and
 * the limit names the pipe. */
static bool test_modulo_pipe_limits_ii(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_block *loop;
	struct ir_op *x, *w, *cb;
	loop_kernel(&f, (struct ir_loop_hint){0}, TWO_READS, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 2);
	CHECK(C(&f, cb) == 1);
	CHECK(strstr(LIMIT(&f, loop), "pipe 'in': 2 operations per iteration") != NULL);
	CHECK(sched_verify(&f.ctx, f.p, &f.s) == 0);
	fx_fini(&f);
	return ok;
}

/* An autorun kernel of one block (a loop: it starts again as it
 * returns): out = ++hist[in & 255], hist 256 words of 32 bits; returns
 * the load, the add and the store. */
static void hist_kernel(struct fx *f, struct ir_op **ld, struct ir_op **add, struct ir_op **st)
{
	f->k->kind = KERNEL_AUTORUN;
	struct ir_pipe *in = pipe_new(f, "in", 32), *out = pipe_new(f, "out", 32);
	struct ir_mem *m = arena_alloc(&f->ctx.arena, sizeof *m);
	*m = (struct ir_mem){.name = "hist", .width = 32, .depth = 256, .read_ports = 1};
	VEC_PUSH(&f->ctx.arena, f->k->mems, f->k->nmems, m);
	struct ir_op *a = bin(f, IR_AND, rd(f, in, -1, 3), cst(f, 32, 255));
	*ld = at(op1(f, IR_MEM_LOAD, 32, a), 4);
	(*ld)->mem = m;
	*add = bin(f, IR_ADD, *ld, cst(f, 32, 1));
	*st = at(ir_op_new(&f->ctx, f->k, f->b, IR_MEM_STORE, 0, 2), 5);
	(*st)->mem = m, (*st)->args[0] = a, (*st)->args[1] = *add;
	wr(f, out, *add, -1, -1, LAT_NONE, 0, 6);
	ret(f);
}

/* The read-modify-write of a memory carried round a loop (hist[x]++) on
 * iCE40: at 48 MHz block RAM's late word, the increment and the write do
 * not fit one cycle, so the write comes two cycles after the read; at II 1
 * the next iteration reads a cycle before it writes, and the store
 * forwards its word late (sched_late_forward), the add a cycle after the
 * word.  At 60 MHz the write comes a cycle later still: II 2.  The
 * verifier rejects the add in the cycle the forwarded word comes out, and
 * the next read two cycles before the write. */
static bool test_modulo_late_forward(void)
{
	bool ok = true;
	struct fx f;
	struct ir_op *ld, *add, *st;
	fx_init(&f, TARGET_ICE40, 48);
	hist_kernel(&f, &ld, &add, &st);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, f.b) == 1);
	CHECK(C(&f, ld) == 0 && C(&f, add) == 2 && C(&f, st) == 2);
	CHECK(sched_late_forward(st, ld, C(&f, st), C(&f, ld), 1));
	CHECK(!sched_late_forward(ld, st, C(&f, st), C(&f, ld), 1));
	f.s.kernels[0].cycle[add->id] = 1;
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "which %");
	if (!ok)
		fprintf(stderr, "limit: %s\n%s", LIMIT(&f, f.b), fx_diag(&f));
	fx_fini(&f);

	fx_init(&f, TARGET_ICE40, 60);
	hist_kernel(&f, &ld, &add, &st);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, f.b) == 2 && C(&f, ld) == 0 && C(&f, st) == 3);
	CHECK(strstr(LIMIT(&f, f.b), "memory 'hist'") != NULL);
	f.s.kernels[0].cycle[st->id] = 4; /* two cycles after the next read */
	f.s.kernels[0].block_len[f.b->id] = 5;
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "accessed by the next iteration");
	if (!ok)
		fprintf(stderr, "limit: %s\n%s", LIMIT(&f, f.b), fx_diag(&f));
	fx_fini(&f);
	return ok;
}

/* A fence in a pipelined loop orders the pipe ops of one iteration on
 * either side of it, and those of the next iteration after it: a request
 * out before the fence, the answer read after it, still one iteration per
 * cycle; a fence at the end of the body waits for the whole iteration. */
static bool test_modulo_fence(void)
{
	bool ok = true;
	struct fx f;
	struct ir_block *loop;
	struct ir_op *x, *w, *cb;
	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){0}, FENCE_MID, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 1 && C(&f, x) == 0 && C(&f, w) == 1);
	CHECK(LEN(&f, loop) == 2);
	fx_fini(&f);

	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){0}, FENCE_END, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, w) == 34 && II(&f, loop) == 0);
	CHECK(strstr(LIMIT(&f, loop), "sluice_fence()") != NULL);
	if (!ok)
		fprintf(stderr, "  limit: %s\n", LIMIT(&f, loop));
	fx_fini(&f);

	/* the verifier catches a next iteration's read before this one's
	 * write across the fence */
	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){0}, FENCE_MID, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	f.s.kernels[0].cycle[w->id] = 2;
	f.s.kernels[0].block_len[loop->id] = 3;
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "across a fence");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

/* A value carried round that is ready late: out = (sum += in / n).  The
 * sum's recurrence is one add, so II 1; the phi's cycle is where its
 * value arrives (the add's, as the add reads it), and the verifier
 * rejects a phi read before that. */
static bool test_modulo_late_phi(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32);
	struct ir_block *entry = f.b, *loop = ir_block_new(&f.ctx, f.k, "loop");
	struct ir_op *n = arg(&f, 32, 0), *zero = cst(&f, 32, 0);
	br(&f, loop);
	f.b = loop;
	struct ir_op *sum = ir_op_new(&f.ctx, f.k, loop, IR_PHI, 32, 2);
	sum->phi_blocks = arena_alloc(&f.ctx.arena, 2 * sizeof *sum->phi_blocks);
	struct ir_op *q = bin(&f, IR_UDIV, rd(&f, in, -1, 3), n);
	struct ir_op *s2 = bin(&f, IR_ADD, sum, q);
	wr(&f, out, s2, -1, -1, LAT_NONE, 0, 4);
	struct ir_op *t = br(&f, loop);
	(void)t;
	sum->args[0] = zero, sum->phi_blocks[0] = entry;
	sum->args[1] = s2, sum->phi_blocks[1] = loop;
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 1 && !f.s.kernels[0].bypass[sum->id]);
	CHECK(C(&f, sum) == C(&f, q) + LATENCY(&f, q) && C(&f, s2) == C(&f, sum));
	f.s.kernels[0].cycle[sum->id] = C(&f, s2) - 1; /* read before it arrives */
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "carried to the next iteration is ready in cycle");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

/* A recurrence through a unit alone: q = (q ^ in) / 3 in a loop that
 * never ends.  The divider's result comes out as the next iteration,
 * II = its latency later, reads the phi, which takes it from the unit's
 * output there (a bypass), so II 34, not 35; the verifier accepts that,
 * rejects the same schedule without the bypass, and a bypass where the
 * value does not come out in the phi's cycle.  A recurrence through an
 * add (test_modulo_late_phi) never needs one. */
static bool test_modulo_bypass(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32);
	struct ir_block *entry = f.b, *loop = ir_block_new(&f.ctx, f.k, "loop");
	struct ir_op *zero = cst(&f, 32, 0);
	br(&f, loop);
	f.b = loop;
	struct ir_op *q = ir_op_new(&f.ctx, f.k, loop, IR_PHI, 32, 2);
	q->phi_blocks = arena_alloc(&f.ctx.arena, 2 * sizeof *q->phi_blocks);
	struct ir_op *x = bin(&f, IR_XOR, q, rd(&f, in, -1, 3));
	struct ir_op *q2 = bin(&f, IR_UDIV, x, cst(&f, 32, 3));
	wr(&f, out, q2, -1, -1, LAT_NONE, 0, 4);
	br(&f, loop);
	q->args[0] = zero, q->phi_blocks[0] = entry;
	q->args[1] = q2, q->phi_blocks[1] = loop;
	CHECK(sched(&f) == 0);
	struct sched_kernel *sk = &f.s.kernels[0];
	CHECK(LATENCY(&f, q2) == 34 && II(&f, loop) == 34);
	CHECK(sk->bypass[q->id] && C(&f, q) + II(&f, loop) == C(&f, q2) + LATENCY(&f, q2));
	CHECK(sched_verify(&f.ctx, f.p, &f.s) == 0);
	sk->bypass[q->id] = false; /* read from the register a cycle too soon */
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "carried to the next iteration is ready in cycle");
	sk->bypass[q->id] = true;
	sk->cycle[x->id]++, sk->cycle[q2->id]++; /* out a cycle after it is read */
	CHECK(sched_verify(&f.ctx, f.p, &f.s) > 0);
	CHECK_DIAG(&f, "bypassed, but no value comes out in cycle");
	if (!ok)
		fprintf(stderr, "%s", fx_diag(&f));
	fx_fini(&f);
	return ok;
}

/* pipeline(disable) keeps the loop sequential; a requested II is honoured
 * when it can be met, and a warning says why when it cannot. */
static bool test_modulo_pragmas(void)
{
	bool ok = true;
	struct fx f;
	struct ir_block *loop;
	struct ir_op *x, *w, *cb;
	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){.present = true, .no_pipeline = true},
		    ADD, &loop, &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 0 && C(&f, cb) == 0 && LEN(&f, loop) == 1);
	CHECK(strstr(LIMIT(&f, loop), "pipeline(disable)") != NULL);
	fx_fini(&f);

	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){.present = true, .ii = 1}, TWO_READS, &loop,
		    &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 2);
	CHECK_DIAG(&f, "warning: loop not pipelined at the requested initiation interval 1: pipe 'in'");
	fx_fini(&f);

	fx_init(&f, TARGET_SIM, 100);
	loop_kernel(&f, (struct ir_loop_hint){.present = true, .ii = 2}, TWO_READS, &loop,
		    &x, &w, &cb);
	CHECK(sched(&f) == 0);
	CHECK(II(&f, loop) == 2 && f.ctx.diag.warnings == 0);
	fx_fini(&f);
	return ok;
}

static bool test_state_order(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *in = pipe_new(&f, "in", 32);
	struct ir_state *g = arena_alloc(&f.ctx.arena, sizeof *g);
	g->name = "g", g->width = 32;
	g->init = arena_alloc(&f.ctx.arena, sizeof *g->init);
	VEC_PUSH(&f.ctx.arena, f.k->states, f.k->nstates, g);
	struct ir_op *ld = ir_op_new(&f.ctx, f.k, f.b, IR_STATE_LOAD, 32, 0);
	ld->state = g;
	rd(&f, in, -1, 2);
	struct ir_op *r2 = rd(&f, in, -1, 3);
	struct ir_op *st = ir_op_new(&f.ctx, f.k, f.b, IR_STATE_STORE, 0, 1);
	st->state = g, st->args[0] = r2;
	struct ir_op *ld2 = ir_op_new(&f.ctx, f.k, f.b, IR_STATE_LOAD, 32, 0);
	ld2->state = g;
	struct ir_op *sum = bin(&f, IR_ADD, ld, ld2);
	struct ir_op *st2 = ir_op_new(&f.ctx, f.k, f.b, IR_STATE_STORE, 0, 1);
	st2->state = g, st2->args[0] = sum;
	ret(&f);
	CHECK(sched(&f) == 0);
	CHECK(C(&f, ld) == 0 && C(&f, st) == 1);
	CHECK(C(&f, ld2) == 2); /* sees the first store */
	CHECK(C(&f, st2) == 2);
	fx_fini(&f);
	return ok;
}

/* ---- the verifier --------------------------------------------------------- */

static unsigned reverify(struct fx *f)
{
	unsigned before = f->ctx.diag.errors;
	unsigned n = sched_verify(&f->ctx, f->p, &f->s);
	return f->ctx.diag.errors - before == n ? n : 1000;
}

static bool test_verify_rejects_corruption(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_ICE40, 48);
	struct ir_pipe *in = pipe_new(&f, "in", 32), *out = pipe_new(&f, "out", 32),
		       *o2 = pipe_new(&f, "o2", 32);
	out->kind = o2->kind = PIPE_IO, out->dir = o2->dir = DIR_OUT; /* ports */
	out->min_capacity = o2->min_capacity = 0;
	struct ir_op *r = rd(&f, in, 0, 2);
	struct ir_op *a1 = bin(&f, IR_ADD, r, cst(&f, 32, 1));
	struct ir_op *a2 = bin(&f, IR_SLT, a1, cst(&f, 32, 2));
	a2 = bin(&f, IR_ADD, a1, op1(&f, IR_ZEXT, 32, a2));
	struct ir_op *q = bin(&f, IR_UDIV, a2, a1);
	struct ir_op *w = wr(&f, out, a2, -1, 0, LAT_EXACT, 2, 4);
	struct ir_op *w2 = wr(&f, o2, q, -1, -1, LAT_NONE, 0, 5);
	struct ir_op *t = ret(&f);
	if (sched(&f) != 0) {
		fx_fini(&f);
		return false;
	}
	CHECK(reverify(&f) == 0);
	struct sched_kernel *sk = &f.s.kernels[0];
	unsigned *cy = sk->cycle, *lt = sk->latency, *len = sk->block_len;
	unsigned save;

#define CORRUPT(lvalue, value)                                   \
	do {                                                     \
		save = (lvalue);                                 \
		(lvalue) = (value);                              \
		CHECK(reverify(&f) >= 1 && reverify(&f) < 1000); \
		(lvalue) = save;                                 \
		CHECK(reverify(&f) == 0);                        \
	} while (0)

	CORRUPT(cy[a2->args[1]->args[0]->id], cy[a1->id]); /* add, compare: too slow */
	CORRUPT(cy[w->id], cy[w->id] + 1);	 /* exact 2 broken */
	CORRUPT(cy[w2->id], cy[r->id]);		 /* operand not ready */
	CORRUPT(cy[a1->id], cy[r->id] + 5);	 /* operand not ready */
	CORRUPT(lt[q->id], 0);			 /* not the divider's latency */
	CORRUPT(len[f.b->id], len[f.b->id] - 1); /* block too short */
	CORRUPT(cy[t->id], cy[t->id] - 1);	 /* terminator not last */
#undef CORRUPT
	CHECK_DIAG(&f, "internal error: schedule");
	fx_fini(&f);
	return ok;
}

static unsigned rnd(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

/* Random blocks: whatever the scheduler produces, the verifier accepts;
 * what it cannot schedule it explains. */
static bool test_random_blocks_verify(void)
{
	bool ok = true;
	unsigned seed = 12345, scheduled = 0, infeasible = 0;
	static const enum ir_opcode bins[] = {IR_ADD, IR_SUB, IR_AND, IR_XOR,
					      IR_MUL, IR_SHL, IR_ASHR, IR_UDIV,
					      IR_SREM, IR_OR};
	for (int iter = 0; iter < 200; iter++) {
		struct fx f;
		fx_init(&f, (enum hls_target)(iter % 4), iter % 3 ? 0 : 150);
		struct ir_pipe *pp[3] = {pipe_new(&f, "p0", 16), pipe_new(&f, "p1", 16),
					 pipe_new(&f, "p2", 16)};
		struct ir_op *vals[80];
		unsigned nv = 0, nanchor = 0;
		vals[nv++] = arg(&f, 16, 0);
		vals[nv++] = arg(&f, 16, 1);
		unsigned nops = 10 + rnd(&seed) % 60;
		for (unsigned i = 0; i < nops && nv < 80; i++) {
			struct ir_op *a = vals[rnd(&seed) % nv], *b = vals[rnd(&seed) % nv];
			unsigned pick = rnd(&seed) % 16;
			struct ir_pipe *pipe = pp[rnd(&seed) % 3];
			if (pick < 10) {
				vals[nv++] = bin(&f, bins[pick], a, b);
			} else if (pick == 10) {
				vals[nv++] = sel(&f, bin(&f, IR_SLT, a, b), a, b);
			} else if (pick == 11) {
				int anchor = rnd(&seed) % 4 ? -1 : (int)nanchor++;
				vals[nv++] = rd(&f, pipe, anchor, 0);
			} else if (pick == 12 && nanchor) {
				enum ir_latency_kind k = 1 + rnd(&seed) % 3;
				int target = (int)(rnd(&seed) % nanchor);
				wr(&f, pipe, a, -1, target, k, (int)(rnd(&seed) % 6), 0);
			} else if (pick == 13) {
				wr(&f, pipe, a, -1, -1, LAT_NONE, 0, 0);
			} else {
				vals[nv++] = bin(&f, IR_SHL, a, cst(&f, 16, rnd(&seed) % 16));
			}
		}
		ret(&f);
		int rc = sched(&f);
		CHECK(rc == 0 || rc == -1);
		if (rc == 0) {
			scheduled++;
		} else if (rc == -1) {
			infeasible++;
			CHECK(f.ctx.diag.errors >= 1);
			CHECK_DIAG(&f, "cannot schedule");
		}
		fx_fini(&f);
	}
	printf("  random blocks: %u scheduled, %u infeasible\n", scheduled, infeasible);
	CHECK(scheduled > 50 && infeasible > 5);
	return ok;
}

/* ---- printing -------------------------------------------------------------- */

static bool test_print(void)
{
	bool ok = true;
	struct fx f;
	fx_init(&f, TARGET_SIM, 100);
	struct ir_pipe *p1 = pipe_new(&f, "in", 32), *p2 = pipe_new(&f, "out", 32);
	struct ir_op *r = rd(&f, p1, 0, 6);
	struct ir_op *x = at(bin(&f, IR_ADD, r, cst(&f, 32, 5)), 7);
	wr(&f, p2, x, -1, 0, LAT_EXACT, 2, 8);
	ret(&f);
	CHECK(sched(&f) == 0);
	char *buf = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&buf, &n);
	sched_print(f.p, &f.s, m);
	fclose(m);
	CHECK(strstr(buf, "clock period 10.00 ns") != NULL);
	CHECK(strstr(buf, "kernel k: 3 states in 1 block") != NULL);
	CHECK(strstr(buf, "bb0 entry: 3 states") != NULL);
	CHECK(strstr(buf, "state 1: no op starts") != NULL);
	char want[128];
	snprintf(want, sizeof want, "%%%u = add.32 %%%u, 5", x->id, r->id);
	CHECK(strstr(buf, want) != NULL);
	CHECK(strstr(buf, "@ 1.3ns  (k.c:7)") != NULL); /* the read's word at 0 */
	CHECK(strstr(buf, "pipe.write out, %") != NULL);
	CHECK(strstr(buf, "exact 2 after anchor 0") != NULL);
	if (!ok)
		fputs(buf, stderr);
	free(buf);
	fx_fini(&f);
	return ok;
}

/* ---- main ---------------------------------------------------------------- */

static const struct {
	const char *name;
	bool (*fn)(void);
} tests[] = {
	{"delay_model", test_delay_model},
	{"chain_packs_cheap_ops", test_chain_packs_cheap_ops},
	{"chain_splits_at_clock", test_chain_splits_at_clock},
	{"slow_op_stands_alone", test_slow_op_stands_alone},
	{"write_into_fifo", test_write_into_fifo},
	{"folded_branch", test_folded_branch},
	{"bit_networks", test_bit_networks},
	{"division_latency", test_division_latency},
	{"pipe_ops_distinct_ordered", test_pipe_ops_distinct_ordered},
	{"spec_latency_example", test_spec_latency_example},
	{"exact_min_max_hold", test_exact_min_max_hold},
	{"infeasible_exact_with_pipe_between", test_infeasible_exact_with_pipe_between},
	{"infeasible_max_vs_dependences", test_infeasible_max_vs_dependences},
	{"infeasible_target_before_anchor", test_infeasible_target_before_anchor},
	{"every_conflict_reported", test_every_conflict_reported},
	{"constraint_across_blocks", test_constraint_across_blocks},
	{"loop_with_phi", test_loop_with_phi},
	{"modulo_pipe_limits_ii", test_modulo_pipe_limits_ii},
	{"modulo_fence", test_modulo_fence},
	{"modulo_late_phi", test_modulo_late_phi},
	{"modulo_bypass", test_modulo_bypass},
	{"modulo_pragmas", test_modulo_pragmas},
	{"state_order", test_state_order},
	{"modulo_late_forward", test_modulo_late_forward},
	{"verify_rejects_corruption", test_verify_rejects_corruption},
	{"random_blocks_verify", test_random_blocks_verify},
	{"print", test_print},
};

int main(void)
{
	unsigned pass = 0, fail = 0;
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		bool ok = tests[i].fn();
		printf("%s %s\n", ok ? "PASS" : "FAIL", tests[i].name);
		ok ? pass++ : fail++;
	}
	printf("%u passed, %u failed\n", pass, fail);
	return fail ? 1 : 0;
}
