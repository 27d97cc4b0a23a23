/*
 * delay.c -- the delay model: combinational delay and latency of each op on
 * each target, and the targets' default clocks.
 *
 * Every target is described by a handful of numbers (struct tech below):
 *
 *               logic level   carry/bit   hard mult.       clock
 *   sim         0.50 ns       0.025 ns    27 bits, 2.5 ns  100 MHz
 *   ice40       1.80 ns       0.30 ns     none             48 MHz
 *   ecp5        1.00 ns       0.06 ns     18 bits, 4.5 ns  100 MHz
 *   gowin       1.30 ns       0.12 ns     none             50 MHz
 *
 * "Logic level" is one LUT plus the typical routing into the next one.
 * Where they come from (all estimates, to be calibrated against nextpnr's
 * timing reports of generated designs):
 *   - sim: a generic fast technology (a modern 6-LUT FPGA / an ASIC-like
 *     library), so that simulation chains generously at 100 MHz;
 *   - ice40 (UP5K, the iCEBreaker's part, slowest speed): LUT4 about
 *     0.45-0.6 ns plus 1-1.3 ns of routing per hop, SB_CARRY about 0.28 ns
 *     per bit in the nextpnr chip database; multipliers are LUT-built
 *     (HX parts have no DSP and the flow does not map the UP5K's SB_MAC16);
 *   - ecp5 (-6 grade): LUT4 about 0.4 ns plus routing, CCU2C carry about
 *     0.05 ns per bit, MULT18X18D about 4-4.5 ns (synth_ecp5 maps them);
 *   - gowin (GW1N/GW1NR, -6): LUT4 about 0.6 ns plus 0.7 ns routing, ALU
 *     carry about 0.1 ns per bit; Yosys 0.23's synth_gowin maps no DSP.
 *
 * Delays by opcode, w = width (for comparisons: the operand width):
 *   const, arg, undef, phi, state.load/store, zext, sext, trunc, extract,
 *   concat, bswap, bitrev, shifts by a constant, br, ret       0 (wiring)
 *   and, or, xor, select                                          1 level
 *   add, sub, ult..sge                            level + w * carry
 *   eq, ne                                   1 + ceil(log4(w/2)) levels
 *   shl, lshr, ashr by a variable   levels of a barrel shifter: one per
 *                                   shift-amount bit that matters, + 1
 *                                   for the out-of-range test
 *   mul with hard multipliers       dsp, + one w-bit add per level of the
 *                                   tree summing the partial products
 *                                   that reach the low w bits
 *   mul in LUTs                     level + ceil(log2 w) w-bit adds (a
 *                                   tree of ripple-carry adders): a
 *                                   32-bit mul on iCE40 is ~59 ns, far
 *                                   over 48 MHz, so it stands alone
 *   mul by a constant c             at most ceil(log2 n) w-bit adds, n =
 *                                   the set bits of c (or of -c, + 1):
 *                                   shift-and-add; a power of two is 0
 *   ctpop                           ceil(log2 w) small adds
 *   ctlz, cttz                      ceil(log2 w) + 1 levels
 *   pipe read / write (nb too)      1 level (FIFO flags and data mux)
 *   condbr                          1 level (next-state logic)
 *   switch                          eq(w) + 1 level
 *   udiv, urem                      0: the operands go straight into the
 *                                   first register of sluice_div
 *   sdiv, srem                      w-bit add + 1 level: sluice_div's
 *                                   operand stage takes the absolute
 *                                   values (-a, a mux) before its first
 *                                   register; its result comes from a
 *                                   register (arrival 0 in its state)
 *
 * Latency is 0 (combinational) for every op but division and remainder,
 * which take the pipeline depth of rtl/sluice_div.v: LATENCY = WIDTH + 2
 * (one operand stage, WIDTH quotient-bit stages, one output stage).
 */
#include "schedule.h"

#include <assert.h>

struct tech {
	double level;	   /* one LUT level with its routing, ns */
	double carry;	   /* carry chain per bit, ns */
	double handshake;  /* pipe op: FIFO flags and data, ns */
	unsigned dsp_bits; /* hard multiplier operand width; 0: none */
	double dsp;	   /* hard multiplier delay, ns */
	double clock_mhz;  /* default clock */
};

static const struct tech techs[] = {
	[TARGET_SIM] = {0.50, 0.025, 0.50, 27, 2.5, 100.0},
	[TARGET_ICE40] = {1.80, 0.30, 1.80, 0, 0.0, 48.0},
	[TARGET_ECP5] = {1.00, 0.06, 1.00, 18, 4.5, 100.0},
	[TARGET_GOWIN] = {1.30, 0.12, 1.30, 0, 0.0, 50.0},
};

static const struct tech *tech_of(enum hls_target target)
{
	assert((unsigned)target < sizeof techs / sizeof techs[0]);
	return &techs[target];
}

static unsigned ceil_log2(unsigned long long x)
{
	unsigned n = 0;
	while ((1ull << n) < x)
		n++;
	return n;
}

static double add_ns(const struct tech *t, unsigned w)
{
	return t->level + w * t->carry;
}

static double eq_ns(const struct tech *t, unsigned w)
{
	/* a LUT4 compares two bit pairs; then an AND tree of LUT4s */
	unsigned leaves = (w + 1) / 2, levels = 1;
	while (leaves > 1) {
		leaves = (leaves + 3) / 4;
		levels++;
	}
	return levels * t->level;
}

/* Terms of a shift-and-add multiplier by constant c of width w: set bits of
 * c, or of -c plus one subtraction, whichever is fewer. */
static unsigned const_mul_terms(uint64_t c, unsigned w)
{
	uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	unsigned pos = (unsigned)__builtin_popcountll(c & mask);
	unsigned neg = (unsigned)__builtin_popcountll((0 - c) & mask) + 1;
	return pos < neg ? pos : neg;
}

static double mul_ns(const struct tech *t, const struct ir_op *op)
{
	unsigned w = op->width;
	double full;
	if (t->dsp_bits) {
		unsigned long long chunks = (w + t->dsp_bits - 1) / t->dsp_bits;
		/* partial products that reach the low w bits of the result */
		unsigned long long parts = chunks * (chunks + 1) / 2;
		full = t->dsp + ceil_log2(parts) * add_ns(t, w);
	} else {
		full = t->level + ceil_log2(w) * add_ns(t, w);
	}
	for (unsigned i = 0; i < 2; i++) {
		const struct ir_op *c = op->args[i];
		if (c->opc != IR_CONST || c->imm_words)
			continue;
		/* by a constant: a tree of adds of the shifted operand */
		double sa = ceil_log2(const_mul_terms(c->imm, w)) * add_ns(t, w);
		return sa < full ? sa : full;
	}
	return full;
}

static double shift_ns(const struct tech *t, const struct ir_op *op)
{
	if (op->args[1]->opc == IR_CONST)
		return 0;
	unsigned need = ceil_log2(op->width), amt = op->args[1]->width;
	unsigned levels = amt < need ? amt : need;
	if (amt > need)
		levels++; /* amount >= width: zero or sign fill */
	return (levels ? levels : 1) * t->level;
}

double delay_op_ns(enum hls_target target, const struct ir_op *op)
{
	const struct tech *t = tech_of(target);
	unsigned w = op->width;
	switch (op->opc) {
	case IR_CONST: case IR_ARG: case IR_UNDEF: case IR_PHI:
	case IR_ZEXT: case IR_SEXT: case IR_TRUNC: case IR_EXTRACT:
	case IR_CONCAT: case IR_BSWAP: case IR_BITREV:
	case IR_STATE_LOAD: case IR_STATE_STORE:
	case IR_BR: case IR_RET:
	case IR_UDIV: case IR_UREM:
		return 0;
	case IR_SDIV: case IR_SREM:
		return add_ns(t, w) + t->level;
	case IR_AND: case IR_OR: case IR_XOR: case IR_SELECT:
		return t->level;
	case IR_ADD: case IR_SUB:
		return add_ns(t, w);
	case IR_ULT: case IR_ULE: case IR_UGT: case IR_UGE:
	case IR_SLT: case IR_SLE: case IR_SGT: case IR_SGE:
		return add_ns(t, op->args[0]->width);
	case IR_EQ: case IR_NE:
		return eq_ns(t, op->args[0]->width);
	case IR_SHL: case IR_LSHR: case IR_ASHR:
		return shift_ns(t, op);
	case IR_MUL:
		return mul_ns(t, op);
	case IR_CTPOP:
		return ceil_log2(w) * add_ns(t, ceil_log2(w) + 1);
	case IR_CTLZ: case IR_CTTZ:
		return (ceil_log2(w) + 1) * t->level;
	case IR_PIPE_READ: case IR_PIPE_WRITE:
	case IR_PIPE_READ_NB: case IR_PIPE_WRITE_NB:
		return t->handshake;
	case IR_CONDBR:
		return t->level;
	case IR_SWITCH:
		return eq_ns(t, op->args[0]->width) + t->level;
	case IR_NUM_OPCODES:
		break;
	}
	assert(!"delay_op_ns: unknown opcode");
	return 0;
}

unsigned delay_op_latency(enum hls_target target, const struct ir_op *op)
{
	(void)tech_of(target);
	switch (op->opc) {
	case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
		return op->width + 2; /* rtl/sluice_div.v: LATENCY = WIDTH + 2 */
	default:
		return 0;
	}
}

double delay_default_clock_mhz(enum hls_target target)
{
	return tech_of(target)->clock_mhz;
}
