/*
 * schedule.h -- the one struct that crosses from scheduling to the back end.
 *
 * hls/rtlgen/ knows nothing of scheduling but this.  A kernel runs as a
 * finite-state machine: each block of the IR owns block_len[b] states
 * (cycles), numbered 0..block_len-1; the block's terminator sits in the last
 * one and picks the next block at the end of that cycle.  An op starts in
 * state cycle[op->id] of its block.  Its result is available
 * latency[op->id] cycles later: latency 0 means combinationally in the same
 * cycle (chained), latency L >= 1 means in state cycle + L (a pipelined
 * operator such as the divider, whose pipeline advances with the kernel).
 *
 * Guarantees of a schedule that sched_verify() accepts:
 *   - every operand is available when its user starts
 *     (cycle[u] >= cycle[d] + latency[d]); phis read their incoming values at
 *     the end of the predecessor's last state, and are themselves available
 *     from state 0 of their block (latency 0, registers);
 *   - every result is available by the block's last state
 *     (cycle + latency <= block_len - 1), and a pipe op marked at_end (ir.h)
 *     is in the terminator's state;
 *   - the combinational path through chained ops in one state fits the
 *     clock period under the target's delay model (single ops slower than
 *     the period stand alone in their state);
 *   - operations on one pipe are in distinct states, in program order, and
 *     so are two pipe operations with a sluice_fence() (IR_FENCE) between
 *     them; other pipe operations are ordered only by data and latency
 *     constraints (the pipes spec: "accesses to one pipe may be reordered
 *     relative to accesses to another pipe"), so a state may hold several,
 *     on different pipes.  They complete together: a state stalls (holds,
 *     with every register and pipelined operator of the kernel) for as
 *     long as any of its blocking pipe ops cannot complete;
 *   - accesses to one kernel state in one block: a store is in a state no
 *     earlier than each load of that state before it (the load reads the
 *     old value in its state, the store writes at the end of its state); a
 *     load or store after a store of the same state is in a later state;
 *   - every latency constraint (exact, min, max between anchor and target in
 *     one block) holds on the states: cycle[target] - cycle[anchor].
 *
 * Pipelined loops (modulo.c).  A block whose terminator branches back to
 * itself (a loop of one block, the shape loop-rotate and if-free bodies
 * give; or the whole body of an autorun kernel, which starts again when it
 * returns) may be pipelined: ii[b] > 0.  Then one iteration's ops are
 * scheduled over block_len[b] cycles (its "length"; stage of an op =
 * cycle / ii) and a new iteration starts every ii[b] cycles, so the
 * iterations overlap.  For such a block the guarantees above hold per
 * iteration, with these changes:
 *   - the terminator is in cycle ii - 1: there it decides whether the next
 *     iteration starts;
 *   - a phi's cycle r (0 outside pipelined loops) is the cycle from which
 *     its register holds the iteration's value: the register takes the
 *     value carried round (from the block itself) in the previous
 *     iteration's cycle r + ii - 1, so that value is ready by then
 *     (cycle + latency <= r + ii - 1 <= block_len - 1), and the phi's users
 *     are in cycles >= r.  r is 0 when the value is ready by cycle ii - 1
 *     (the register is written as the next iteration starts); a value
 *     ready late arrives late, and only the recurrence's own length bounds
 *     the II;
 *   - but a phi with bypass[phi] set carries a value d computed by a unit
 *     with a latency (the float adder, the divider, sluice_mul, a memory
 *     read), or by logic (latency 0) after such a unit's result, that
 *     comes out exactly in the previous iteration's cycle r + ii
 *     (cycle[d] + latency[d] == r + ii): in cycle r the phi's users read d
 *     from the unit's output, or from the logic's wire as it computes d,
 *     through a multiplexer that takes the
 *     phi's register instead when no iteration is in cycle r + ii (the
 *     first iteration, or the one ahead has moved on: iterations keep at
 *     least ii cycles apart, and the one in cycle r holds while the one
 *     in cycle r + ii does); the register takes d in cycle r + ii and
 *     holds it from r + 1 on.  So a recurrence through a unit of latency
 *     L alone, or through such a unit and logic that fits the cycle its
 *     result comes out in (AES's state through a block RAM S-box and
 *     MixColumns), runs at II L, not L + 1, at the cost of the multiplexer
 *     (delay_bypass_ns) on the paths from the phi in cycle r, which wait
 *     for d's logic too (delay_bypass_after_ns);
 *   - operations on one pipe keep program order, at most one per cycle,
 *     across iterations too: an iteration's ops on a pipe lie within ii
 *     consecutive cycles.  A fence orders across iterations as well: the
 *     next iteration's pipe ops come after this one's that precede a fence
 *     of this iteration, and after all of this one's when a fence precedes
 *     them in theirs; two iterations on, after all of them;
 *   - accesses to one kernel state also keep their order across
 *     iterations: the next iteration's access (ii cycles later) comes no
 *     earlier than a load, and after a store; a memory's too, but a load
 *     of the next iteration may come in a store's cycle (the read port
 *     forwards the word written in its cycle), or one cycle before it,
 *     the store forwarding late (sched_late_forward): in the cycle the
 *     load's word comes out, the store writes it, and the memory hands
 *     the store's word on as the load's when their addresses are one
 *     (hls/rtlgen/memory.c).  Then every user of that load in the block
 *     but a phi starts at least two cycles after it (it reads the word's
 *     register, never the multiplexer the store's word reaches late in
 *     the cycle), and the store's address is a register in the store's
 *     cycle (its def ready before it: the comparator);
 *   - at II 1 the phis of a shift window (sched_chain_pred: p takes q
 *     round, q only by p) may be in one cycle r, and a user of the
 *     window's phi p may then come up to sched_tap_room(p) cycles before
 *     r (a tap): in cycle r - j it reads p's value from the register of
 *     the phi i places before p, i the iterations ahead that have not yet
 *     completed cycle r (0 .. j; hls/rtlgen/window.c), through a
 *     multiplexer (delay_tap_ns).  So a recurrence through the window
 *     (the next word of SHA-256's message schedule from the words of 2,
 *     7, 15 and 16 rounds before) is not a cycle longer for each phi it
 *     passes.  The scheduler tries this last (modulo.c);
 *   - the back end runs one iteration's cycle c while cycle c - ii of the
 *     next runs beside it; a blocking pipe op that cannot complete holds
 *     its iteration and every later one, never an earlier one.
 */
#ifndef SLUICE_SCHEDULE_H
#define SLUICE_SCHEDULE_H

#include "../ir/ir.h"

struct sched_kernel {
	struct ir_kernel *kernel;
	unsigned *cycle;      /* by op id */
	unsigned *latency;    /* by op id */
	double *arrival;      /* by op id: ns into its start cycle when the result settles (reports) */
	unsigned *block_len;  /* by block id, >= 1 */
	unsigned *ii;	      /* by block id: initiation interval of a pipelined
				 loop block, 0 for a block run once per visit */
	unsigned *seq_len;    /* by block id: length the block would have
				 unpipelined (reports) */
	const char **limit;   /* by block id: for a loop block, what keeps its
				 II from being lower, or why it is not
				 pipelined (reports); NULL otherwise */
	unsigned *ii_asked;   /* by block id: the II the user's pragma asked
				 for, 0 when none */
	bool *bypass;	      /* by op id: a phi of a pipelined loop whose
				 next iteration reads the value carried round
				 from its unit's output, or its logic, in the
				 phi's cycle (above) */
};

/* The value phi p of a loop of one block carries round from the block
 * itself (its incoming value on the edge from the block), or NULL when
 * there is none, or more than one, or it is itself a phi. */
const struct ir_op *sched_carried(const struct ir_op *p);

/* The phi q whose value phi p of a loop block takes round, when that is
 * all p does (p = phi [.., q from the block]) and p is the only phi that
 * takes q round: p's value in iteration i is q's in iteration i - 1.  A
 * run of such phis is a shift window (a delay line). */
const struct ir_op *sched_chain_pred(const struct ir_op *p);
/* The first phi of p's window (the phi that takes a value computed in
 * the block round), and p's place in it (1: the first), or NULL when the
 * window has no first phi (a ring of phis) or is longer than
 * SCHED_CHAIN_MAX. */
#define SCHED_CHAIN_MAX 256
const struct ir_op *sched_chain_head(const struct ir_op *p, unsigned *pos);
/* How many cycles before phi p's own cycle a loop pipelined at II 1 may
 * read p (a tap): p's value is the previous iteration's value of the phi
 * before it in its window, which that phi's register holds in the cycle
 * before, and so on back to the window's first phi, at most SCHED_MAX_TAP
 * phis back; 0 when p is no window's, or its first phi is bypassed. */
#define SCHED_MAX_TAP 2
unsigned sched_tap_room(const struct ir_op *p, bool head_bypassed);

/* Whether store x of a pipelined loop of II ii, in cycle cx, forwards its
 * word late into load y of the next iteration, in cycle cy: one memory, y
 * before x in program order, and x writing in the cycle y's word comes
 * out, cx == cy + ii + 1 (schedule.h's guarantees above). */
bool sched_late_forward(const struct ir_op *x, const struct ir_op *y, long cx, long cy,
			unsigned ii);

/* Stage of an op of a pipelined block (0 for other blocks). */
static inline unsigned sched_stage(const struct sched_kernel *sk,
				   const struct ir_op *op)
{
	unsigned ii = sk->ii[op->block->id];
	return ii ? sk->cycle[op->id] / ii : 0;
}

/* Whether block b is a loop of one block: its terminator branches back to
 * it, or it is the single block of an autorun kernel (which starts again
 * when it returns). */
bool sched_is_loop_block(const struct ir_block *b);

struct hls_schedule {
	double clock_ns;
	enum hls_target target;
	unsigned mul_split;	      /* SPLIT of rtl/sluice_mul.v for the multiplies
					 with a latency (delay_mul_split) */
	struct sched_kernel *kernels; /* parallel to program->kernels */
	unsigned nkernels;
};

/* ---- delay model (delay.c) -------------------------------------------- */

/* Combinational delay of one op in ns on `target` (0 for wiring such as
 * constants, extracts and constant shifts). */
double delay_op_ns(enum hls_target target, const struct ir_op *op);
/* Cycles until the result is available: 0 for combinational ops, the
 * pipeline depth for pipelined operators (division: that of
 * rtl/sluice_div.v). */
unsigned delay_op_latency(enum hls_target target, const struct ir_op *op);
/* The pipeline depth of the rtl/sluice_f*.v unit that computes a
 * floating-point op (ir_is_float_op; 0 for fcmp, combinational). */
unsigned delay_fp_latency(const struct ir_op *op);
/* Where op's result is for the ops chained after it, when op itself
 * completes at `own` ns: own, but 0 for a pipe read's word, which comes
 * from a register (a pipe that fission cut: own). */
double delay_word_ns(enum hls_target target, const struct ir_op *op, double own);
/* For an op with a latency: how late in the cycle its result comes out
 * beyond a register's (0 for the units' registered outputs; a memory
 * read's word out of block RAM and the forwarding multiplexer). */
double delay_result_ns(enum hls_target target, const struct ir_op *op);
/* What the multiplexer of a phi bypassed from d's unit adds to the paths
 * from the phi in its cycle: d's result's own lateness and a 2:1 select
 * (schedule.h, bypass). */
double delay_bypass_ns(enum hls_target target, const struct ir_op *d);
/* What an add costs after an add chained into it in one cycle
 * (delay_step_ns): a LUT level, or when both its operands are adds, the
 * target's cost of joining two. */
double delay_add_after_add_ns(enum hls_target target, bool both);
/* The multiplexer of a shift window's phi read up to room cycles early
 * (hls/rtlgen/window.c): a LUT level per cycle. */
double delay_tap_ns(enum hls_target target, unsigned room);
/* The same for a value d computed by logic, which arrives `arrival` ns
 * into its cycle. */
double delay_bypass_after_ns(enum hls_target target, double arrival);
/* When d (through copies) is a select of a constant and another value
 * (s = first ? 0 : s + x, where if_convert made a loop with a loop inside
 * one), the select and the multiplexer of the phi bypassed from it are one
 * LUT4 a bit (the bypass, the condition, the value, the register): the
 * select, whose own level the bypass does not pay again; else NULL. */
const struct ir_op *delay_bypass_merged_select(const struct ir_op *d);
/* When s is a select of a phi P of its block bypassed from logic (P's
 * carried value has no latency; bypassed[] by op id, or by var[id] when
 * var is given) and of another value, select(c, X, P) or select(c, P,
 * X), whose condition and X are registers in P's cycle (phis not
 * bypassed, kept pipe reads' words, values from other blocks, wiring of
 * them): P, else NULL.  In P's cycle rtlgen builds s as (active & !c) ?
 * logic : (c ? X : P's register) (for the first arm, c and P's register
 * swap), one LUT after the logic as P's multiplexer alone, so s costs the
 * paths through P nothing: aes128's rounds with the loop around them
 * made one, whose state takes the block's word in its first round. */
const struct ir_op *delay_select_on_bypass(enum hls_target target, const struct ir_op *s,
					   const bool *bypassed, const int *var);
/* SPLIT of rtl/sluice_mul.v on target: the multiplies with a latency go
 * to it (pieces of at most SPLIT bits); 0 when the target has none. */
unsigned delay_mul_split(enum hls_target target);
/* EXT of rtl/sluice_mul.v for a multiply: 1 when both operands are sign
 * extensions of at most SPLIT bits (one signed piece: int16_t * int16_t),
 * 2 when both are zero extensions, else 0. */
unsigned delay_mul_ext(enum hls_target target, const struct ir_op *op);
/* Block RAM bits of the target's default part; 0: no limit (sim). */
unsigned long delay_ram_bits(enum hls_target target);
/* The bits of one block RAM of the target (0: no blocks, sim), and in
 * *reads the read ports each has. */
unsigned long delay_ram_block_bits(enum hls_target target, unsigned *reads);
/* Whether rtlgen keeps the adds of a chain apart on target ((* keep *) on
 * each sum): Yosys would merge them into a carry-save tree of LUTs, which
 * on the ECP5 takes more LUTs and is no faster than carry chains. */
bool delay_adds_apart(enum hls_target target);
/* An add or subtract with a constant operand: Yosys merges it with the
 * add that feeds it (+ 1 is that add's carry-in), so rtlgen keeps that
 * one's sum unkept. */
bool delay_add_of_constant(const struct ir_op *op);
/* What an op's result leaves for the op chained after it in the same
 * cycle (delay.c): nothing, a carry chain (an add or subtract that paid
 * its delay), a compare's carry-out, or a LUT level with room left (a
 * two-input bitwise op, or a select, that paid one level).
 * CHAIN_FROM_CARRY is or'ed in where the value is a LUT's that a carry
 * chain of the cycle feeds (through bitwise ops and selects): an add or
 * compare it feeds pays the hop from one carry chain to the next. */
enum delay_chain {
	CHAIN_NONE, CHAIN_CARRY, CHAIN_CARRY_OUT, CHAIN_GATE, CHAIN_SELECT,
	CHAIN_FROM_CARRY = 8
};
/* What op adds to a path that reaches it through its operand k, chained
 * in the same cycle, whose result left `in`: its own delay from k
 * (delay_operand_ns), but one level for an add or subtract after a carry
 * chain (ripple adders in a row overlap), and nothing for a bitwise op or
 * select that fits in the LUT level of the op before it (a LUT4 holds a
 * two-input op and another two-input op or a select). */
double delay_step_ns(enum hls_target target, const struct ir_op *op, unsigned k,
		     enum delay_chain in);
/* Op's own delay on the path from its operand k (k >= op->nargs: from
 * any): delay_op_ns, but a pipe write's word goes on to the FIFO without
 * the handshake that its strobe pays. */
double delay_operand_ns(enum hls_target target, const struct ir_op *op, unsigned k);
/* What op leaves, given what its n chained operands left: when any of
 * them makes op cheaper, the pair is closed and the next op pays in full;
 * wiring passes its operand's on. */
enum delay_chain delay_chain_of(enum hls_target target, const struct ir_op *op,
				const enum delay_chain *in, unsigned n);
/* The bit-level model of a block's bitwise networks (bitnet.c): ABC maps
 * a network of gates, masks and wiring between registers to LUTs, each
 * output bit a tree of the leaf bits it depends on, whatever the chain of
 * ops it was written as.  levels[i]: the LUT levels of op i's widest bit
 * (DELAY_NET_NONE when op i is no network op or is not modelled);
 * interior[i]: op i is a network op, so a network op it feeds sees the
 * arrival of op i's leaves, not op i's own. */
#define DELAY_NET_NONE (~0u)
struct delay_nets {
	unsigned *levels;	 /* by op index in the block */
	unsigned char *interior; /* by op index in the block */
};
void delay_nets_init(struct arena *ar, const struct ir_block *b, struct delay_nets *nets);
/* Op i's arrival: `path`, what the path model makes of it, or by its
 * network when that is less: `leaves` (the latest arrival of its
 * network's leaves in the cycle) plus its levels. */
double delay_net_arrival(enum hls_target target, const struct delay_nets *nets, unsigned i,
			 double path, double leaves);
/* Op i's own delay (delay_op_ns), or its network's levels when that is
 * less (a mask or an inversion: none); what the schedulers and the
 * verifier charge an op whose inputs are registers. */
double delay_own_ns(enum hls_target target, const struct delay_nets *nets, unsigned i,
		    const struct ir_op *op);
/* Marks (ir_op.unit) the multiplies of p that rtl/sluice_mul.v computes
 * at clock_mhz (0: the target's default clock); delay_op_ns and
 * delay_op_latency read the mark.  sched_program calls it first. */
void delay_choose_units(enum hls_target target, double clock_mhz, struct ir_program *p);
/* Default clock of a target in MHz (board default comes from the board). */
double delay_default_clock_mhz(enum hls_target target);
/* The clock a build schedules for, MHz: --clock (or the board's), else
 * the target's default. */
double sched_clock_mhz(const struct hls_ctx *ctx);
/* What a clock period leaves for logic between two registers: the period
 * less the target's register overhead (clock-to-Q and setup), which every
 * path pays once and delay_op_ns does not contain. */
double delay_logic_budget_ns(enum hls_target target, double period_ns);

/* ---- scheduling (sdc.c) ----------------------------------------------- */

/* Schedules every kernel of `p`.  Returns 0 on success; on an infeasible
 * system of constraints reports an error naming the anchors and constraints
 * in the cycle (with notes at their source lines) and returns -1. */
int sched_program(struct hls_ctx *ctx, struct ir_program *p,
		  struct hls_schedule *out);
/* Block b of p scheduled as sched_program schedules it, but without the
 * latency constraints of its pipe ops and without a word to the user:
 * its length in states (0 when it cannot be scheduled) and, a loop of one
 * block that it pipelines, *ii (else 0).  For a pass that weighs a change to a block
 * (hls/pass/read_ahead.c). */
unsigned sched_block_length(struct hls_ctx *ctx, struct ir_program *p, struct ir_block *b,
			    unsigned *ii);
/* Checks the guarantees above; returns the number of violations (internal
 * errors). */
unsigned sched_verify(struct hls_ctx *ctx, struct ir_program *p,
		      const struct hls_schedule *s);
/* One line per loop of one block (pipelined or not): its II, length,
 * stages and what limits it; the head of `sluice report`. */
/* How the kernel of sk uses memory m: its reads and writes, the read
 * ports they are on, the copies of a ROM those ports take (1 for one
 * copy), and the pairs of a store and a load it forwards its word into
 * late (sched_late_forward). */
struct sched_mem_use {
	unsigned loads, stores, ports, copies, late;
};
struct sched_mem_use sched_mem_use(const struct sched_kernel *sk, const struct ir_mem *m);
/* The kernels' memories: size, kind, reads, ports and writes. */
void sched_print_memories(const struct ir_program *p, const struct hls_schedule *s,
			  void *file);
void sched_print_loops(const struct ir_program *p, const struct hls_schedule *s,
		       void *file /* FILE * */);
/* An op as the schedule prints it (constants inline); returns columns. */
int sched_op_text(void *file /* FILE * */, const struct ir_op *op);
/* Human-readable schedule: per kernel, per block, per state the ops, their
 * arrival times; also used by --dump-ir and `sluice report`. */
void sched_print(const struct ir_program *p, const struct hls_schedule *s,
		 void *file /* FILE * */);

#endif /* SLUICE_SCHEDULE_H */
