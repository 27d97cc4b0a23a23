/*
 * delay.c -- the delay model: combinational delay and latency of each op on
 * each target, and the targets' default clocks.
 *
 * Every target is described by a handful of numbers (struct tech below):
 *
 *          level  logic  carry/bit  compare   branch  hard mult.       LUT mult.  clock    R     net
 *   sim    0.50   0.50   0.025      +0        0.50    27 bits, 2.5     -          100 MHz  0     0.50
 *   ice40  3.50   1.80   0.31       +3.5      14.0    sluice_mul, 16   CSA tree   48 MHz   1.80  4.85
 *   ecp5   1.25   0.90   0.06       +0.6      1.25    sluice_mul, 18   -          100 MHz  0.53  1.70
 *   gowin  1.30   1.30   0.12       +0        1.30    none             add tree   50 MHz   0.60  1.75
 *   (ns; a pipe handshake costs one level on every target, a read's word
 *   none: it comes from a register, delay_word_ns; on ecp5 an
 *   add chained after an add costs a hop of 2.5, on the others one level;
 *   an add or compare fed through a LUT by another carry chain of its
 *   cycle costs a level more on ice40, 2.5 on ecp5: delay_chain_of)
 *
 * "net" is one LUT level of a bitwise network that synthesis maps as a
 * whole (bitnet.c: each output bit a tree of the leaf bits it depends on,
 * ceil(log4(support)) levels); an op's arrival is the less of what the
 * chain of ops and what its network give.  It is the median of the
 * per-level figures of four designs (bench.py --calibrate; nextpnr less
 * R, divided by the model's levels), which ABC maps deeper than log4
 * (the XOR chains written as Verilog expressions stay chains in part):
 *
 *                                         ice40            ecp5
 *   design                       levels  nextpnr  /level  nextpnr  /level
 *   4 rotations of a XORed          1      4.38    2.58     1.99    1.46
 *   16 rotations                    2     11.61    4.91     4.16    1.82
 *   48 rotations of a 64-bit a      3     18.30    5.50     5.97    1.81
 *   CRC-32, eight bit steps         2     11.43    4.82     3.72    1.60
 *
 * bench/crc32 at its reference's clocks went from II 2 to II 1 with it
 * (91.2 MHz on the UP5K built for 78, 280.7 on the ECP5 built for 247).
 * gowin's is an estimate (its level scaled as the ECP5's).
 *
 * R is the register overhead every register-to-register path pays once
 * (clock-to-Q of the source, setup of the destination), which the op
 * delays do not contain: the scheduler fills period - R with logic
 * (delay_logic_budget_ns).  "sluice_mul, 16": multiplies of 8 to 32 bits
 * that a few adds do not cover and that take more than half a period go
 * to rtl/sluice_mul.v, 16 x 16 pieces with registers before and after
 * (one SB_MAC16 each with synth_ice40 -dsp), latency 2 or 3, no delay in
 * the cycle they start: nextpnr 0.4's figure for a combinational MAC16
 * (4.4 ns for 16 x 16) is not to be trusted, a MAC16 between two
 * registers needs no figure of ours.  On ECP5 the same with 18 x 18
 * pieces, one MULT18X18D each (6.3 ns, what multiplies that stay
 * combinational cost there; examples/vscale went from 91.7 to 125 MHz).
 * On the UP5K the product leaves the SB_MAC16's own output register over
 * long routing (the DSP blocks sit at the die's edge): 5.3 ns to the
 * first LUT on bench/matvec's critical path, where a flip-flop's word is
 * there after about 3: its result comes 2.5 ns late (dsp_out,
 * delay_result_ns), and bench/matvec went from 41.0 to 44.8 MHz.
 *
 * "Level" is one LUT level of a tree (comparators, barrel shifters, FIFO
 * flags) with the routing into it; "logic" is one 2-input bitwise op or
 * 2:1 select in a chain of them (a LUT4 absorbs more than one); "compare"
 * is what a magnitude comparison costs beyond the add of its width (the
 * carry-out leaves the carry chain through a LUT; a signed compare costs
 * the same, since hls/rtlgen emits it as the unsigned compare of the
 * operands with their sign bits flipped: Yosys's own signed $lt took 3 ns
 * more on iCE40, 21.77 against 18.72 for 32 bits); "branch" is a
 * condbr: the next-state logic and what hangs off it in the generated
 * Verilog (phi registers are written when state_next is their block's
 * first state, so the branch condition reaches their enables).
 *
 * sim and gowin are estimates, not calibrated:
 *   - sim: a generic fast technology (a modern 6-LUT FPGA / an ASIC-like
 *     library), so that simulation chains generously at 100 MHz;
 *   - gowin (GW1N/GW1NR, -6): LUT4 about 0.6 ns plus 0.7 ns routing, ALU
 *     carry about 0.1 ns per bit; Yosys 0.23's synth_gowin maps no DSP.
 *
 * ecp5 (LFE5U-25F, speed grade 6) is calibrated against nextpnr-ecp5 0.11
 * and Yosys 0.70 (YoWASP builds; `python3 scripts/bench.py --calibrate
 * --family ecp5`), the same register -> op(s) -> register designs as for
 * iCE40 below, median of seeds 1-3; R = 0.53 ns measured; est = model + R:
 *
 *   design                        nextpnr   est/nextpnr
 *   a & b, 32 bits                  1.83     0.78
 *   ((a & b) | c) ^ d (one LUT4)    1.98     1.18
 *   a + b, 32 / 16 bits             3.65 / 3.07   1.01 / 0.89
 *   a + b + c, 32 bits              4.89     1.01
 *   (a + b) + (c + d), 32 bits      5.63     0.88 (the chain: add, then one level)
 *   8 terms as a tree, 32 bits      8.16     0.99 (add, level, add)
 *     (those two as Yosys merges them; sluice keeps its adds apart on
 *     the ECP5, (* keep *) on each sum, and then every add of a chain
 *     costs a hop of two levels after the first add:)
 *   the same, each sum kept          5.66 / 8.33   1.10 / 1.04
 *   ((a + b) + c) + d, each kept    7.51     1.16
 *   a < b, 32 bits, unsigned        4.23     1.02
 *   a < b, 32 / 16 bits, signed     4.34 / 3.73   0.99 / 0.89
 *   a == b, 32 bits                 4.08     1.05
 *   a * b, 8 / 16 bits (a MULT18)   6.85 / 6.82   1.00 / 1.00
 *   a * b, 24 / 32 bits (three)    10.17 / 10.55  1.20 / 1.25
 *   a << b, >> b, >>> b, 32 bits    8.19 / 8.00 / 9.06   0.98 / 1.00 / 0.89
 *   c ? a : b, 32 bits              2.14     0.67
 *   8-input select chain, 32 bits   4.51     1.51 (slice muxes absorb it)
 *   (a + b) < c, 32 bits            6.16     1.21
 * logic (0.9) lies between a lone gate and a chain of them, which one LUT4
 * takes three at a time: at 1.25 the eight steps of a byte-wise CRC-32
 * no longer fit 100 MHz (II 2), where nextpnr finds them at 241 MHz.
 * Adds kept apart: Yosys 0.70's synth_ecp5 merges a chain of adds into a
 * carry-save tree of LUTs (alumacc, maccmap), two LUTs a bit for each 3:2
 * stage, where a carry chain takes one: bench/fir8 took 580 LUTs for the
 * reference's 396 and ran at 102 MHz; kept apart, 306 LUTs at 127 MHz
 * (its schedule for 100 MHz).  In a full design the hop is longer than
 * in the small ones above (the routing into the next carry chain): 2.45
 * ns a hop on bench/fir16's critical path, four adds long, which with
 * the one-level overlap of merged adds was scheduled into one cycle and
 * missed 100 MHz (96.5); with the hop, 107 MHz.
 * branch and handshake are one level, not measured on their own.  Before
 * (level 1.0, no compare term, MULT18 4.5 ns) est/nextpnr was 0.58-0.95
 * for most rows, and fir8 and fir16 missed 100 MHz (87 and 84 MHz).
 *
 * ice40 (UP5K, the iCEBreaker's part) is calibrated against nextpnr-ice40
 * 0.4 (`python3 scripts/bench.py --calibrate`): each design is registers ->
 * op(s) -> register, the inputs fed from a shift register and the result
 * folded into a signature register (4 pins), Yosys 0.23 `synth_ice40` (no
 * -dsp: the flow does not map the UP5K's SB_MAC16), `nextpnr-ice40 --up5k
 * --package sg48 --freq 48`, critical register-to-register path, median of
 * seeds 1-3 (the seeds differ by less than 1 ns).  "model" is the sum of
 * delay_op_ns along the chain, what the scheduler compares with the clock
 * period; "est" adds R = 1.8 ns, the register overhead every path pays
 * once (clock-to-Q 1.39 ns in nextpnr's UP5K timing, plus setup), which
 * this model does not contain:
 *
 *   design                        nextpnr  model    est  est/nextpnr
 *   a + b, 32 bits                 15.32   13.42  15.22   0.99
 *   a + b, 16 bits                  9.76    8.46  10.26   1.05
 *   a < b, 32 bits, unsigned       18.72   16.92  18.72   1.00
 *   a < b, 32 bits, signed         18.72   16.92  18.72   1.00
 *   a < b, 16 bits, signed         13.16   11.96  13.76   1.05
 *   a == b, 32 bits                13.47   10.50  12.30   0.91
 *   a * b, 16 bits (low half)      31.52   32.96  34.76   1.10
 *   a * b, 32 bits (low half)      41.96   44.92  46.72   1.11
 *   a * b, 8 bits / 24 bits        21.44 / 37.21           1.18 / 1.10
 *   a * 84                         19.46   16.92  18.72   0.96
 *   a * 0x12345 (7 set bits)       29.43   27.42  29.22   0.99
 *   a * -6 (30 set bits)           37.53   41.42  43.22   1.15
 *   a << b, 32-bit amount          25.91   21.00  22.80   0.88
 *   a >> b / a >>> b (signed)      26.25 / 28.93           0.87 / 0.79
 *   8-input select chain, 32 bits  12.72   12.60  14.40   1.13
 *     (c0 ? d0 : c1 ? d1 : ... c6 ? d6 : d7, 7 selects; Yosys/ABC
 *     collapse the chain into about 3 LUT levels)
 *   (a + b) < c, 32 bits           27.04   30.34  32.14   1.19
 *   a + b + c, 32 bits             18.03   16.92  18.72   1.04
 *   a + 2a + 1, 32 bits            15.32   13.42  15.22   0.99
 *   (a + b) + (c + d), 32 bits     21.03   19.12  20.92   0.99
 *     (an add of two adds costs add_join, 5.70 = 21.03 - 15.32, after
 *     the first: Yosys merges the four operands into two carry-save
 *     levels and a chain, where a + b + c takes one level; at one level,
 *     16.92, bench/matvec chained that sum into one cycle, and nextpnr
 *     found the path at 22 ns: 45.5 MHz built for 48)
 *   8 terms as a tree, 32 bits     27.95   30.34  32.14   1.15
 *     (model: the scheduler's chain, add, one level, add, ...; Yosys
 *     merges each tree into carry-save levels and one carry chain)
 *     (+ 1 after an add is the adder's carry-in: free; any other
 *     constant is a third operand, a + b + 0x12345678: 18.01)
 *     (Yosys merges the two adds into one carry-save level and one carry
 *     chain; even unmerged, chained ripple adds overlap: an add or
 *     subtract fed by another's carry chain in the same cycle costs one
 *     level, not a second full chain: delay_step_ns)
 *   where an additive per-op model cannot fit (documented, not fitted):
 *   a & b, 32 bits (one op)         4.38    1.80   3.60   0.82
 *   c ? a : b, 32 bits (one op)     5.17    1.80   3.60   0.70
 *   ((a & b) | c) ^ d (one LUT4)    5.58    3.60   5.40   0.97
 *     (a bitwise op or select chained after a bitwise op, or a bitwise op
 *     after a select, shares its LUT level: delay_step_ns; two selects in a
 *     row do not, as the select chain below shows)
 * Before this calibration (level 1.8 for everything, carry 0.30, no compare
 * term, multipliers as trees of ripple adds) est/nextpnr was 0.86 (add32),
 * 0.71 (ult32), 0.61 (slt32), 0.53 (eq32), 1.44 (mul32), 0.44-0.49
 * (variable shifts), 1.13 (select chain).
 *
 * branch (14 ns, four levels) is not a single-op figure: it comes from the
 * critical paths of the examples built with --target ice40 (`make bench`),
 * which all ran from a loop compare through condbr into the phi registers'
 * enables: 16.0 ns (fir), 15.7 ns (pipe_memcpy), 13.6 ns (prodcons) from
 * the compare's output to the register, where the model had one level
 * (3.5 ns).  With it, pipe_memcpy went from 29.0 to 39.9 MHz and prodcons
 * from 30.9 to 47.8 MHz in nextpnr, at one more state per loop iteration
 * (cycles per word 4.2 -> 6.2 and 4.5 -> 6.7: about the same time per
 * word, but a schedule that claims 48 MHz should come near it).
 *
 * The nextpnr figures come from small placements; in a full design the
 * routing is longer (the same signed compare took 25 ns in pipe_memcpy).
 * The scheduler fills the period less R (1.8 ns on iCE40).  An op slower
 * than the period (a 64-bit multiply on iCE40) stands alone in its state
 * and cannot meet the clock at all.
 *
 * Delays by opcode, w = width (for comparisons: the operand width):
 *   const, arg, undef, phi, state.load/store, zext, sext, trunc, extract,
 *   concat, bswap, bitrev, shifts by a constant, br, ret       0 (wiring)
 *   and, or, xor, select                                        logic
 *   add, sub                                      level + w * carry
 *   ult..uge                            level + w * carry + compare
 *   slt..sge                     the same (sign bits flipped, unsigned)
 *   eq, ne                                   1 + ceil(log4(w/2)) levels
 *   shl, lshr, ashr by a variable   levels of a barrel shifter: one per
 *                                   shift-amount bit that matters, + 1
 *                                   for the out-of-range test
 *   mul with hard multipliers       dsp, + one w-bit add per level of the
 *                                   tree summing the partial products
 *                                   that reach the low w bits
 *   mul in LUTs, add tree           level + ceil(log2 w) w-bit adds (a
 *                                   tree of ripple-carry adders)
 *   mul in LUTs, CSA tree (ice40)   level (the partial products) + one
 *                                   level per 3:2 carry-save stage that
 *                                   reduces the w partial products to two
 *                                   (Dadda: 2, 3, 4, 6, 9, 13, 19, 28, 42,
 *                                   63 operands need 0..9 stages) + one
 *                                   w-bit add: how Yosys maps $mul/$macc
 *                                   (alumacc, maccmap); a 32-bit mul on
 *                                   iCE40 is ~45 ns, over 48 MHz: there it
 *                                   goes to sluice_mul (latency 2 or 3,
 *                                   delay 0), wider ones stand alone
 *   mul by a constant c             add tree: at most ceil(log2 n) w-bit
 *                                   adds, n = the set bits of c (or of
 *                                   -c, + 1); CSA tree: the stages for n =
 *                                   the set bits of c (Yosys makes one
 *                                   partial product per set bit, also of
 *                                   a negative c) + one w-bit add; a power
 *                                   of two is 0; never more than a full mul
 *   ctpop                           ceil(log2 w) small adds
 *   ctlz, cttz                      ceil(log2 w) + 1 levels
 *   pipe read / write (nb too)      1 level (FIFO flags and data mux)
 *   mem load / store                1 level (the port's address mux); a
 *                                   load's word is out a cycle later
 *   condbr                          branch (next-state logic)
 *   switch                          eq(w) + branch
 *   udiv, urem                      0: the operands go straight into the
 *                                   first register of sluice_div
 *   sdiv, srem                      w-bit add + 1 level: sluice_div's
 *                                   operand stage takes the absolute
 *                                   values (-a, a mux) before its first
 *                                   register; its result comes from a
 *                                   register (arrival 0 in its state)
 *
 * Latency is 0 (combinational) for every op but memory loads (1: the
 * read is synchronous, as block RAM's is), division and remainder,
 * which take the pipeline depth of rtl/sluice_div.v: LATENCY = WIDTH + 2
 * (one operand stage, WIDTH quotient-bit stages, one output stage), and,
 * on iCE40, multiplication of 8 to 32 bits: rtl/sluice_mul.v, 2 for a
 * single 16 x 16 piece, 3 for three pieces and their sum.
 */
#include "schedule.h"

#include <assert.h>
#include <stdbool.h>

struct tech {
	double level;	   /* one LUT level of a tree with its routing, ns */
	double logic;	   /* a bitwise op or 2:1 select in a chain, ns */
	double carry;	   /* carry chain per bit, ns */
	double compare;	   /* a comparison beyond its add: the carry-out, ns */
	double handshake;  /* pipe op: FIFO flags and data, ns */
	double branch;	   /* condbr: next state, phi-register enables, ns */
	unsigned dsp_bits; /* hard multiplier operand width; 0: none */
	double dsp;	   /* hard multiplier delay, ns */
	bool csa_mul;	   /* LUT multipliers are carry-save trees (Yosys) */
	double clock_mhz;  /* default clock */
	double reg;	   /* register overhead of every path: clock-to-Q + setup, ns */
	unsigned mul_unit; /* SPLIT of rtl/sluice_mul.v: multiplies of 8 to twice
			      this width go to it; 0: none (combinational) */
	unsigned ram_kbits; /* block RAM of the default part, Kbit; 0: no limit */
	double ram_out;	   /* a block RAM's read word after the clock edge, beyond
			      a flip-flop's clock-to-Q, ns */
	double add_hop;	   /* an add fed by an add in its cycle, ns, when the
			      adds are kept apart (delay_adds_apart); 0: they
			      are merged, and only one add overlaps */
	double net_level;  /* one LUT level of a bitwise network mapped as a
			      whole (bitnet.c) with its routing, ns */
	double dsp_out;	   /* sluice_mul's product out of the DSP block's own
			      output register, beyond a flip-flop's, ns */
	unsigned ram_block_kbits; /* one block RAM, Kbit */
	unsigned ram_block_reads; /* read ports of one block RAM */
	double add_join;   /* an add of two adds, fed by one in its cycle, when
			      the adds are merged: two carry-save levels
			      before the chain where a + b + c has one, ns;
			      0: a level, as any add after an add */
	double lut_hop;	   /* an add or compare fed by a LUT that a carry chain
			      of its cycle feeds (CHAIN_FROM_CARRY), beyond its
			      own delay, ns; 0: not measured */
};

static const struct tech techs[] = {
	[TARGET_SIM] = {0.50, 0.50, 0.025, 0.0, 0.50, 0.50, 27, 2.5, false, 100.0, 0.0, 0, 0, 0.5,
			0, 0.50, 0, 0, 2},
	[TARGET_ICE40] = {3.50, 1.80, 0.31, 3.50, 3.50, 14.0, 0, 0.0, true, 48.0, 1.80, 16, 120, 3.5,
			  0, 4.85, 2.5, 4, 1, 5.70, 3.50},
	[TARGET_ECP5] = {1.25, 0.90, 0.06, 0.60, 1.25, 1.25, 18, 6.3, false, 100.0, 0.53, 18, 1008,
			 5.1, 2.50, 1.70, 0, 18, 2, 0, 2.50},
	[TARGET_GOWIN] = {1.30, 1.30, 0.12, 0.0, 1.30, 1.30, 0, 0.0, false, 50.0, 0.60, 0, 468, 3.0,
			  0, 1.75, 0, 18, 2},
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
 * c, or (unless the target's synthesis sums the set bits as they are) of -c
 * plus one subtraction, whichever is fewer. */
static unsigned const_mul_terms(const struct tech *t, uint64_t c, unsigned w)
{
	uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	unsigned pos = (unsigned)__builtin_popcountll(c & mask);
	unsigned neg = (unsigned)__builtin_popcountll((0 - c) & mask) + 1;
	return pos < neg || t->csa_mul ? pos : neg;
}

/* 3:2 carry-save stages that reduce n operands to two (Dadda's sequence:
 * 2, 3, 4, 6, 9, 13, 19, 28, ... operands take 0, 1, 2, 3, ... stages). */
static unsigned csa_stages(unsigned long long n)
{
	unsigned stages = 0;
	for (unsigned long long d = 2; d < n; d = d * 3 / 2)
		stages++;
	return stages;
}

/* n shifted operands summed to w bits: a tree of w-bit adds, or carry-save
 * stages and one add. */
static double sum_ns(const struct tech *t, unsigned long long n, unsigned w)
{
	if (n <= 1)
		return 0;
	if (t->csa_mul)
		return csa_stages(n) * t->level + add_ns(t, w);
	return ceil_log2(n) * add_ns(t, w);
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
	} else if (t->csa_mul) {
		full = t->level + sum_ns(t, w, w); /* AND plane, CSA, add */
	} else {
		full = t->level + ceil_log2(w) * add_ns(t, w);
	}
	for (unsigned i = 0; i < 2; i++) {
		const struct ir_op *c = op->args[i];
		if (c->opc != IR_CONST || c->imm_words)
			continue;
		/* by a constant: a sum of shifted copies of the operand */
		double sa = sum_ns(t, const_mul_terms(t, c->imm, w), w);
		return sa < full ? sa : full;
	}
	return full;
}

/* A multiplication that rtl/sluice_mul.v computes, registers before and
 * after each SPLIT x SPLIT piece (an SB_MAC16 on the iCE40 UltraPlus, a
 * MULT18X18D on the ECP5): on a target that has it, of 8 bits to twice
 * SPLIT, when it would take more than half the period of the clock the
 * build is for (an 8-bit LUT multiplier alone takes a whole 48 MHz period
 * on iCE40; three MULT18X18D and their sum 10.5 ns on ECP5), unless a
 * few adds cover it (a constant of few digits).  At a slower clock it
 * stays combinational (Yosys still maps it to the DSP blocks), so that a
 * loop carrying a product round does not wait for the unit's latency. */
static bool mul_unit(const struct tech *t, const struct ir_op *op, double clock_mhz)
{
	unsigned w = op->width;
	if (!t->mul_unit || op->opc != IR_MUL || w < 8 || w > 2 * t->mul_unit)
		return false;
	double ns = mul_ns(t, op);
	return ns > 2 * add_ns(t, w) && ns > 500.0 / clock_mhz;
}

void delay_choose_units(enum hls_target target, double clock_mhz, struct ir_program *p)
{
	const struct tech *t = tech_of(target);
	if (!(clock_mhz > 0))
		clock_mhz = t->clock_mhz;
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *blk = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < blk->nops; i++)
				blk->ops[i]->unit = mul_unit(t, blk->ops[i], clock_mhz);
		}
}

/* Block RAM of the target's default part: the UP5K's 30 SB_RAM40_4K (the
 * iCEBreaker's; its 1 Mbit of SPRAM is not inferred), the LFE5U-25F's 56
 * DP16KD (18 Kbit each), the GW1NR-9's 26 BSRAM (18 Kbit). */
unsigned long delay_ram_bits(enum hls_target target)
{
	return tech_of(target)->ram_kbits * 1024ul;
}

/* The SB_RAM40_4K reads on one port, the DP16KD and the BSRAM on two. */
unsigned long delay_ram_block_bits(enum hls_target target, unsigned *reads)
{
	*reads = tech_of(target)->ram_block_reads;
	return tech_of(target)->ram_block_kbits * 1024ul;
}

unsigned delay_mul_split(enum hls_target target)
{
	return tech_of(target)->mul_unit;
}

static bool const_amount(const struct ir_op *v, uint64_t *k)
{
	if (v->nargs < 2 || v->args[1]->opc != IR_CONST || v->args[1]->imm_words ||
	    v->args[1]->imm >= v->width)
		return false;
	*k = v->args[1]->imm;
	return true;
}

/* How many low bits of v its value is an extension of, as its shape shows:
 * sign-extended (sign true: sext, x << k >> k arithmetically, x >> k
 * arithmetically, a small constant) or zero-extended (zext, a mask, x >> k
 * logically); v's width when nothing shows. */
static unsigned ext_bits(const struct ir_op *v, bool sign)
{
	uint64_t k;
	unsigned w = v->width;
	switch (v->opc) {
	case IR_SEXT:
		return sign ? v->args[0]->width : w;
	case IR_ZEXT:
		return sign ? (v->args[0]->width < w ? v->args[0]->width + 1 : w) : v->args[0]->width;
	case IR_ASHR:
		if (!sign || !const_amount(v, &k))
			return w;
		if (v->args[0]->opc == IR_SHL && const_amount(v->args[0], &k) &&
		    v->args[0]->args[1]->imm == v->args[1]->imm)
			return w - (unsigned)k;
		return w - (unsigned)v->args[1]->imm;
	case IR_LSHR:
		return const_amount(v, &k) && k ? w - (unsigned)k + sign : w;
	case IR_AND:
		if (v->args[1]->opc == IR_CONST && !v->args[1]->imm_words && w <= 64) {
			uint64_t m = v->args[1]->imm;
			unsigned n = 0;
			while (n < 64 && (m >> n))
				n++;
			return n + sign < w ? n + sign : w;
		}
		return w;
	case IR_CONST: {
		if (v->imm_words || w > 64)
			return w;
		uint64_t x = v->imm;
		unsigned n = 1;
		if (sign) { /* the fewest bits whose sign extension is x */
			int64_t sx = w == 64 ? (int64_t)x : (int64_t)(x << (64 - w)) >> (64 - w);
			while (n < w && (sx < -(INT64_C(1) << (n - 1)) || sx >= (INT64_C(1) << (n - 1))))
				n++;
		} else {
			while (n < w && (x >> n))
				n++;
		}
		return n;
	}
	default:
		return w;
	}
}

unsigned delay_mul_ext(enum hls_target target, const struct ir_op *op)
{
	unsigned split = tech_of(target)->mul_unit;
	if (op->opc != IR_MUL || !split || op->width <= split || op->width > 2 * split)
		return 0;
	const struct ir_op *a = op->args[0], *b = op->args[1];
	if (ext_bits(a, true) <= split && ext_bits(b, true) <= split)
		return 1;
	if (ext_bits(a, false) <= split && ext_bits(b, false) <= split)
		return 2;
	return 0;
}

/* The bits of v that can be 1, as far as the low 64 go and its shape
 * shows (constants, extensions, masks, constant shifts); bit 63 set stands
 * for "and maybe any bit above". */
static uint64_t may_be_set(const struct ir_op *v, unsigned depth)
{
	uint64_t all = v->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << v->width) - 1;
	const struct ir_op *a = v->nargs ? v->args[0] : NULL;
	const struct ir_op *c = v->nargs > 1 && v->args[1]->opc == IR_CONST &&
				!v->args[1]->imm_words ? v->args[1] : NULL;
	if (depth > 8)
		return all;
	switch (v->opc) {
	case IR_CONST:
		return v->imm_words ? all : v->imm & all;
	case IR_ZEXT:
		return may_be_set(a, depth + 1) & all;
	case IR_TRUNC:
		return may_be_set(a, depth + 1) & all;
	case IR_AND:
		if (c)
			return may_be_set(a, depth + 1) & c->imm & all;
		if (a->opc == IR_CONST && !a->imm_words)
			return may_be_set(v->args[1], depth + 1) & a->imm & all;
		return all;
	case IR_SHL:
		if (c && c->imm < 64) {
			uint64_t m = may_be_set(a, depth + 1);
			return (m >> 63 ? all : m << c->imm) & all;
		}
		return all;
	case IR_LSHR:
		if (c && c->imm < 64 && !(may_be_set(a, depth + 1) >> 63))
			return may_be_set(a, depth + 1) >> c->imm;
		return all;
	default:
		return all;
	}
}

/* A shift by a variable: a barrel shifter, one level of multiplexers per
 * bit of the amount that can be set, and one more when the amount can
 * reach the width (zero or sign fill).  An array element read with a
 * variable index (promote_slots.c) is such a shift of the whole array by
 * index * element bits: its levels are the index's bits. */
static double shift_ns(const struct tech *t, const struct ir_op *op)
{
	if (op->args[1]->opc == IR_CONST)
		return 0;
	unsigned need = ceil_log2(op->width);
	uint64_t m = may_be_set(op->args[1], 0);
	uint64_t low = need >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << need) - 1;
	unsigned levels = (unsigned)__builtin_popcountll(m & low);
	if (m & ~low)
		levels++; /* amount >= width: zero or sign fill */
	if (op->args[0]->opc == IR_CONST) {
		/* a constant table read by an index (promote_slots.c): each
		 * output bit a function of the amount's b bits, one LUT4 level
		 * for 4 and one more per 2 (a 4:1 multiplexer of such
		 * functions), mapped as a network (net_level; bench.py
		 * --calibrate, rom64x16 and rom256x8: 6 and 8 index bits took
		 * 9.5 and 12.4 ns on the UP5K, 2.4 and 2.7 on the ECP5, where the
		 * barrel shifter's model had 35 and 38.5) */
		unsigned b = levels, lv = b <= 4 ? 1 : 1 + (b - 3) / 2;
		return lv * t->net_level;
	}
	return (levels ? levels : 1) * t->level;
}

/* Whether an op outside phi's block reads it (an op a pass moved out of a
 * block is read where it is now). */
static bool phi_read_outside(const struct ir_op *phi)
{
	const struct ir_kernel *k = phi->block->kernel;
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; blk != phi->block && j < blk->nops; j++) {
			const struct ir_op *u = blk->ops[j];
			for (unsigned i = 0; u->block == blk && i < u->nargs; i++)
				if (u->args[i] == phi)
					return true;
		}
	}
	return false;
}

/* condbr: the next state, and the enables of the phi registers written on
 * its edges, which hang off the condition (t->branch).  A loop whose exit
 * block runs in its last cycle (hls/pass/read_ahead.c, fold) is a loop of
 * one block that is not pipelined: its phis are written round the loop
 * or not where nothing outside it reads them (hls/rtlgen/values.c,
 * plan_carriers), and where its other successor has no phis either, the
 * condition goes only to the state register, through the next-state case
 * on the state and the stall: two levels.  bench/oddeven on the UP5K: the
 * sort's branch waits for the take of the next block (the read_nb), which
 * with the full figure did not fit the sort's last cycle. */
static double branch_ns(const struct tech *t, const struct ir_op *op)
{
	const struct ir_block *b = op->block;
	if (!b || !b->exit_folded || 2 * t->level >= t->branch)
		return t->branch;
	for (unsigned s = 0; s < op->nsuccs; s++) {
		const struct ir_block *to = op->succs[s];
		for (unsigned j = 0; j < to->nops && to->ops[j]->opc == IR_PHI; j++)
			if (to != b || phi_read_outside(to->ops[j]))
				return t->branch;
	}
	return 2 * t->level;
}

double delay_op_ns(enum hls_target target, const struct ir_op *op)
{
	const struct tech *t = tech_of(target);
	unsigned w = op->width;
	switch (op->opc) {
	case IR_CONST: case IR_ARG: case IR_SPEC: case IR_UNDEF: case IR_PHI:
	case IR_ZEXT: case IR_SEXT: case IR_TRUNC: case IR_EXTRACT:
	case IR_CONCAT: case IR_BSWAP: case IR_BITREV:
	case IR_STATE_LOAD: case IR_STATE_STORE: case IR_FENCE:
	case IR_BR: case IR_RET:
	case IR_UDIV: case IR_UREM:
		return 0;
	case IR_SDIV: case IR_SREM:
		return add_ns(t, w) + t->level;
	case IR_SELECT:
		return op->phi_mux ? 0 : t->logic;
	case IR_AND: case IR_OR: case IR_XOR:
		return t->logic;
	case IR_ADD: case IR_SUB:
		return add_ns(t, w);
	case IR_ULT: case IR_ULE: case IR_UGT: case IR_UGE:
		return add_ns(t, op->args[0]->width) + t->compare;
	case IR_SLT: case IR_SLE: case IR_SGT: case IR_SGE:
		return add_ns(t, op->args[0]->width) + t->compare; /* as unsigned: datapath.c */
	case IR_EQ: case IR_NE:
		return eq_ns(t, op->args[0]->width);
	case IR_SHL: case IR_LSHR: case IR_ASHR:
		return shift_ns(t, op);
	case IR_MUL: /* the unit's operands go straight into its registers */
		return op->unit ? 0 : mul_ns(t, op);
	case IR_FADD: case IR_FSUB:
		/* the units' logic before their first register (their headers):
		 * sluice_fadd compares the magnitudes */
		return add_ns(t, w) + t->compare;
	case IR_FMUL: case IR_FDIV: case IR_FPEXT: case IR_FPTRUNC:
		/* the leading zeros of the operand's significand */
		return (ceil_log2(op->args[0]->width == 64 ? 53 : 24) + 1) * t->level;
	case IR_SITOFP: case IR_UITOFP: /* the absolute value: a negation */
		return add_ns(t, op->args[0]->width);
	case IR_FPTOSI: case IR_FPTOUI: /* the exponent, unbiased */
		return add_ns(t, op->args[0]->width == 64 ? 11 : 8) + t->level;
	case IR_FCMP:
		/* sluice_fcmp: a magnitude compare of the w-bit words, the
		 * equality and NaN tests beside it, and a level for the
		 * predicate */
		return add_ns(t, op->args[0]->width) + t->compare + t->level;
	case IR_CTPOP:
		return ceil_log2(w) * add_ns(t, ceil_log2(w) + 1);
	case IR_CTLZ: case IR_CTTZ:
		return (ceil_log2(w) + 1) * t->level;
	case IR_PIPE_READ: case IR_PIPE_READ_NB:
		return t->handshake;
	case IR_MEM_LOAD: case IR_MEM_STORE:
		/* the address (and word) through the port's multiplexer into
		 * the memory's registers; a load's word comes out of the
		 * memory's output register a cycle later (arrival 0) */
		return t->handshake;
	case IR_PIPE_WRITE: case IR_PIPE_WRITE_NB:
		/* into a FIFO, tvalid goes on through its write logic (the
		 * handshake, where the word goes) to the enables of its words:
		 * two levels more (examples/prodcons on iCE40: 11.5 ns from the
		 * guarded write's strobe to the FIFO's word enables) */
		return t->handshake + (ir_pipe_has_fifo(op->pipe) ? 2 * t->level : 0);
	case IR_CONDBR:
		return branch_ns(t, op);
	case IR_SWITCH:
		return eq_ns(t, op->args[0]->width) + t->branch;
	case IR_NUM_OPCODES:
		break;
	}
	assert(!"delay_op_ns: unknown opcode");
	return 0;
}

/* A pipe read's word comes from a register at the start of the cycle:
 * the FIFO's output register (rtl/sluice_fifo.v, m_axis_tdata_reg), a
 * register slice's, or a top-level port, which sluice_top and the boards
 * feed from registers; its guard and its handshake (tvalid and tready
 * into the stall) are a path of their own, which delay_op_ns times.  So
 * an op on the word starts at 0, as on a register: bench/axpb's 3x + 1
 * on the UP5K at its reference's 65 MHz (13.4 ns of a 13.6 ns budget)
 * in the cycle of the read, as the reference computes it from its input
 * port, not a cycle after it with 32 flip-flops more.  A pipe that
 * fission cut may have no register (direct: the writer's word, from its
 * registers through its multiplexer of writes, hls/rtlgen/fifo_size.c,
 * which sizes the pipes after scheduling): its word comes as the
 * handshake does. */
double delay_word_ns(enum hls_target target, const struct ir_op *op, double own)
{
	(void)target;
	if ((op->opc == IR_PIPE_READ || op->opc == IR_PIPE_READ_NB) && op->pipe &&
	    !op->pipe->cut)
		return 0;
	return own;
}

/* A memory's word comes out of block RAM late (ram_out: the UP5K's
 * SB_RAM40_4K, 1.2 ns clock-to-out and 2.4 ns of routing to the LUT
 * Yosys puts after it, against a flip-flop's 1.4 ns; the ECP5's DP16KD
 * 5.6 ns against 0.5, bench/hist in nextpnr), then through the
 * forwarding multiplexer of a memory that is written (memory.c). */
double delay_result_ns(enum hls_target target, const struct ir_op *op)
{
	const struct tech *t = tech_of(target);
	if (op->opc == IR_MUL && op->unit)
		return t->dsp_out;
	if (op->opc != IR_MEM_LOAD)
		return 0;
	return t->ram_out + (op->mem && op->mem->rom ? 0 : t->level);
}

double delay_bypass_after_ns(enum hls_target target, double arrival)
{
	return arrival + tech_of(target)->logic;
}

const struct ir_op *delay_bypass_merged_select(const struct ir_op *d)
{
	while (d->opc == IR_ZEXT && d->args[0]->width == d->width)
		d = d->args[0];
	if (d->opc == IR_SELECT && (d->args[1]->opc == IR_CONST || d->args[2]->opc == IR_CONST))
		return d;
	return NULL;
}

/* x is a register in the cycle of its block's phis, or bits of registers,
 * or a gate of such values (delay_select_on_bypass): the multiplexer
 * takes it from the start of the cycle, or a gate later (its own delay,
 * which the chains through the select count: the select is wiring). */
static bool early_value(const struct ir_op *x, const struct ir_block *b, const bool *bypassed,
			const int *var, unsigned depth)
{
	if (x->block != b)
		return true;
	switch (x->opc) {
	case IR_CONST: case IR_UNDEF: case IR_ARG: case IR_SPEC:
		return true;
	case IR_PHI:
		return !bypassed[var ? (unsigned)var[x->id] : x->id];
	case IR_PIPE_READ:
		return x->keep; /* the word in the pipe's register */
	case IR_ZEXT: case IR_SEXT: case IR_TRUNC: case IR_EXTRACT:
		return depth < 8 && early_value(x->args[0], b, bypassed, var, depth + 1);
	case IR_LSHR: case IR_SHL:
		return depth < 8 && x->args[1]->opc == IR_CONST &&
		       early_value(x->args[0], b, bypassed, var, depth + 1);
	case IR_AND: case IR_OR: case IR_XOR:
		return depth < 8 && early_value(x->args[0], b, bypassed, var, depth + 1) &&
		       early_value(x->args[1], b, bypassed, var, depth + 1);
	default:
		return false;
	}
}

const struct ir_op *delay_select_on_bypass(enum hls_target target, const struct ir_op *s,
					   const bool *bypassed, const int *var)
{
	if (s->opc != IR_SELECT)
		return NULL;
	for (unsigned a = 1; a <= 2; a++) {
		const struct ir_op *p = s->args[a], *x = s->args[3 - a];
		if (p->opc != IR_PHI || p->block != s->block || x == p ||
		    !bypassed[var ? (unsigned)var[p->id] : p->id])
			continue;
		const struct ir_op *d = sched_carried(p);
		if (d && !delay_op_latency(target, d) &&
		    early_value(s->args[0], s->block, bypassed, var, 0) &&
		    early_value(x, s->block, bypassed, var, 0))
			return p;
	}
	return NULL;
}

double delay_add_after_add_ns(enum hls_target target, bool both)
{
	const struct tech *t = tech_of(target);
	return both && t->add_join > 0 ? t->add_join : t->level;
}

double delay_tap_ns(enum hls_target target, unsigned room)
{
	return room * tech_of(target)->logic;
}

double delay_bypass_ns(enum hls_target target, const struct ir_op *d)
{
	return delay_bypass_after_ns(target, delay_result_ns(target, d));
}

/* The LATENCY of the rtl/sluice_f*.v unit that computes op: fixed by
 * each unit's format (its header says how it is staged). */
unsigned delay_fp_latency(const struct ir_op *op)
{
	bool dbl = op->width == 64 || (op->nargs && op->args[0]->width == 64 &&
				       op->opc != IR_FPEXT);
	switch (op->opc) {
	case IR_FADD: case IR_FSUB:
		return 8;
	case IR_FMUL: /* 7 + clog2(NP * NP): NP pieces of 16 or 18 bits */
		return dbl ? 11 : 9;
	case IR_FDIV: /* MW + 9 */
		return dbl ? 61 : 32;
	case IR_SITOFP: case IR_UITOFP:
		return 5;
	case IR_FPTOSI: case IR_FPTOUI:
		return 3;
	case IR_FPEXT: case IR_FPTRUNC:
		return 6;
	default:
		return 0;
	}
}

unsigned delay_op_latency(enum hls_target target, const struct ir_op *op)
{
	const struct tech *t = tech_of(target);
	switch (op->opc) {
	case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
		return op->width + 2; /* rtl/sluice_div.v: LATENCY = WIDTH + 2 */
	case IR_MUL: /* rtl/sluice_mul.v: 2 for one piece, 3 for three */
		return op->unit ? (op->width <= t->mul_unit || delay_mul_ext(target, op) ? 2 : 3) : 0;
	case IR_MEM_LOAD: /* a synchronous read: block RAM's output register */
		return 1;
	case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV:
	case IR_SITOFP: case IR_UITOFP: case IR_FPTOSI: case IR_FPTOUI:
	case IR_FPEXT: case IR_FPTRUNC:
		return delay_fp_latency(op);
	default:
		return 0;
	}
}

static bool is_gate(const struct ir_op *op)
{
	return op->opc == IR_AND || op->opc == IR_OR || op->opc == IR_XOR;
}

bool delay_adds_apart(enum hls_target target)
{
	return tech_of(target)->add_hop > 0;
}

static bool is_add(const struct ir_op *op)
{
	return op->opc == IR_ADD || op->opc == IR_SUB;
}

bool delay_add_of_constant(const struct ir_op *op)
{
	return is_add(op) && op->nargs == 2 &&
	       (op->args[0]->opc == IR_CONST || op->args[1]->opc == IR_CONST);
}

/* An add chained after an add: kept apart (delay_adds_apart, unless it
 * adds a constant, which rtlgen lets Yosys merge), it pays the hop into
 * its carry chain; merged, one level (a carry-save stage) and + 1 nothing
 * (the carry-in). */
static bool add_hops(enum hls_target target, const struct ir_op *op)
{
	return is_add(op) && delay_adds_apart(target) && !delay_add_of_constant(op);
}

/* The writes of op's kernel to op's pipe (where a pass moved one to
 * another block, in the block that now holds it: hls/pass/read_ahead.c
 * weighs a block before it drops the one the write came from). */
static unsigned pipe_writes(const struct ir_op *op)
{
	const struct ir_kernel *k = op->block ? op->block->kernel : NULL;
	if (!k)
		return 0;
	unsigned n = 0;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			const struct ir_op *o = k->blocks[b]->ops[i];
			n += (o->opc == IR_PIPE_WRITE || o->opc == IR_PIPE_WRITE_NB) &&
			     o->pipe == op->pipe && o->block == k->blocks[b];
		}
	return n;
}

double delay_operand_ns(enum hls_target target, const struct ir_op *op, unsigned k)
{
	const struct tech *t = tech_of(target);
	double own = delay_op_ns(target, op);
	if ((op->opc != IR_PIPE_WRITE && op->opc != IR_PIPE_WRITE_NB) || k != 0 ||
	    !ir_pipe_has_fifo(op->pipe))
		return own;
	/* The word goes to the FIFO's words without the handshake: through
	 * the kernel's multiplexer of its writes to the pipe (fsm.c, a chain
	 * of 2:1 selects, one a write after the first) and the FIFO's own
	 * (rtl/sluice_fifo.v: its output register takes the word or a
	 * buffered one), while the strobe goes through the FIFO's write
	 * logic to their enables (delay_op_ns).  bench/aes128's round: its
	 * 128-bit result went into the pipe a cycle later, through 128
	 * flip-flops, for the strobe's 10.5 ns.  A pipe that fission cut has
	 * no such multiplexer: it is one register, whose word is its
	 * s_axis_tdata (DEPTH 1), or none (hls/rtlgen/fifo_size.c). */
	unsigned n = pipe_writes(op);
	double word = (n ? n : 1) * t->level;
	if (op->pipe->cut) /* a register of its own (depth 1) or none */
		word -= t->level;
	return word < own ? word : own;
}

static bool is_magnitude(const struct ir_op *op)
{
	return op->opc >= IR_ULT && op->opc <= IR_SGE;
}

double delay_step_ns(enum hls_target target, const struct ir_op *op, unsigned k,
		     enum delay_chain chain)
{
	double own = delay_operand_ns(target, op, k);
	enum delay_chain in = chain & ~CHAIN_FROM_CARRY;
	if ((chain & CHAIN_FROM_CARRY) && (is_add(op) || is_magnitude(op)))
		return own + tech_of(target)->lut_hop;
	if (in == CHAIN_CARRY && add_hops(target, op)) {
		double hop = tech_of(target)->add_hop;
		return own < hop ? own : hop;
	}
	if (in == CHAIN_CARRY && op->opc == IR_ADD && op->nargs == 2 &&
	    ((op->args[0]->opc == IR_CONST && op->args[0]->width <= 64 && op->args[0]->imm == 1) ||
	     (op->args[1]->opc == IR_CONST && op->args[1]->width <= 64 && op->args[1]->imm == 1)))
		return 0; /* + 1 after an add is its carry-in */
	if (in == CHAIN_CARRY && is_add(op)) {
		double lvl = tech_of(target)->level;
		if (tech_of(target)->add_join > 0 && op->nargs == 2 && is_add(op->args[0]) &&
		    is_add(op->args[1]))
			lvl = tech_of(target)->add_join; /* (a + b) + (c + d) */
		return own < lvl ? own : lvl;
	}
	/* a LUT4 takes a two-input op and, in the same level, another one or a
	 * select (four inputs): ((a & b) | c) ^ d is two levels, not three */
	if ((is_gate(op) && (in == CHAIN_GATE || in == CHAIN_SELECT)) ||
	    (op->opc == IR_SELECT && in == CHAIN_GATE))
		return 0;
	return own;
}

/* A bitwise op or select whose operand comes out of a carry chain in its
 * cycle, straight (a sum, a compare's carry-out) or through such LUTs:
 * CHAIN_FROM_CARRY.  The route out of one carry chain into a LUT and on
 * into the next chain is longer than the model's level into a chain from
 * a register, so an add or compare fed by such a LUT pays lut_hop more.
 * On iCE40 a level (3.5 ns), between two measurements:
 *   - min32x2 in bench.py --calibrate, the compare and select of
 *     bench/oddeven's sort twice in a row, alone: 41.29 ns in nextpnr,
 *     the model without the hop 39.24 (with R), 2.05 more;
 *   - bench/oddeven built for 25 MHz, whose schedule with a hop of 2.05
 *     chained compare, select and compare in a cycle (37.7 ns of the
 *     38.2 the model leaves): 42.7 ns in the placed design, 3.2 more.
 *     With the hop at a level its sort does a phase a cycle, as built
 *     for 48 MHz, and places at 26.1 MHz (25.7 and 26.7 at seeds 2 and
 *     3); without any hop it chained two phases a cycle and placed at
 *     20.8 (48.1 ns: compare, select, compare, select).
 * On the ECP5 the model without a hop is long enough for both alone
 * (min32 and min32x2, est/nextpnr 1.09 and 1.10 with YoWASP's tools), but
 * not for the sort in its design, where each compare drives the selects
 * of 64 bits: bench/oddeven built for 93 MHz chained two phases a cycle
 * (9.83 ns with R) and placed at 81.1 MHz (12.38 ns: the second compare's
 * carry chain entered at 8.9 ns, the route out of the first compare and
 * its select taking 1.3 + 1.3 + 1.1).  lut_hop is that 2.5 ns, as the add
 * hop measured on bench/fir16: the sort does a phase a cycle and places
 * at 125.8 MHz built for 100 (1.06 cycles per word, 1.00 before: 0.79
 * times the reference's time per word, 1.16 before), examples/pipeline
 * at 143.1 (105.0; 1.10 cycles per word, 1.03).
 * One compare and select into a register (min32: 23.84 against 20.52) is
 * left short, as a lone select is (sel32): there the select's LUT level
 * ends at a register, and charging it in full would split every compare
 * and select at 48 MHz, which nextpnr does not reach either way. */
static enum delay_chain from_carry(const struct ir_op *op, const enum delay_chain *in,
				   unsigned n)
{
	if (!is_gate(op) && op->opc != IR_SELECT)
		return CHAIN_NONE;
	for (unsigned i = 0; i < n; i++) {
		enum delay_chain c = in[i] & ~CHAIN_FROM_CARRY;
		if ((in[i] & CHAIN_FROM_CARRY) || c == CHAIN_CARRY || c == CHAIN_CARRY_OUT)
			return CHAIN_FROM_CARRY;
	}
	return CHAIN_NONE;
}

enum delay_chain delay_chain_of(enum hls_target target, const struct ir_op *op,
				const enum delay_chain *in, unsigned n)
{
	double own = delay_op_ns(target, op);
	if (add_hops(target, op))
		return CHAIN_CARRY; /* each add of a chain pays its hop */
	enum delay_chain fed = from_carry(op, in, n);
	for (unsigned i = 0; i < n; i++)
		if (delay_step_ns(target, op, op->nargs, in[i]) < own)
			return CHAIN_NONE | fed; /* the pair is closed */
	/* only one add overlaps the one before it: measured for two in a row
	 * (a + b + c), while a third level of an add tree in one cycle came
	 * out 6 ns slower than one level more (bench/fir8 in nextpnr) */
	if (is_add(op))
		return CHAIN_CARRY;
	if (is_magnitude(op))
		return CHAIN_CARRY_OUT;
	if (is_gate(op))
		return CHAIN_GATE | fed;
	if (op->opc == IR_SELECT)
		return CHAIN_SELECT | fed;
	bool one_input = op->opc == IR_ZEXT || op->opc == IR_SEXT || op->opc == IR_TRUNC ||
			 op->opc == IR_EXTRACT || op->opc == IR_SHL || op->opc == IR_LSHR ||
			 op->opc == IR_ASHR;
	return one_input && own == 0 && n == 1 ? in[0] : CHAIN_NONE;
}

double delay_net_arrival(enum hls_target target, const struct delay_nets *nets, unsigned i,
			 double path, double leaves)
{
	unsigned l = nets->levels[i];
	if (l == DELAY_NET_NONE)
		return path;
	double net = leaves + l * tech_of(target)->net_level;
	return net < path ? net : path;
}

double delay_own_ns(enum hls_target target, const struct delay_nets *nets, unsigned i,
		    const struct ir_op *op)
{
	return delay_net_arrival(target, nets, i, delay_op_ns(target, op), 0);
}

double delay_default_clock_mhz(enum hls_target target)
{
	return tech_of(target)->clock_mhz;
}

double delay_logic_budget_ns(enum hls_target target, double period_ns)
{
	double b = period_ns - tech_of(target)->reg;
	return b > period_ns / 2 ? b : period_ns / 2;
}
