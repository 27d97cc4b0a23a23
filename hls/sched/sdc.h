/*
 * sdc.h -- the scheduling problem of one basic block as a system of named
 * difference constraints (internal to hls/sched/).
 *
 * The problem (sdc_problem.c) is kept apart from the algorithm that solves
 * it (sdc_solve.c), from the words that explain an infeasible one
 * (sdc_explain.c) and from the check of a finished schedule
 * (sched_verify.c), as in CIRCT's scheduling library.
 *
 * Variables are the start cycles s_i of the block's ops, i = the op's index
 * in block->ops.  Every constraint reads  s_to >= s_from + weight  and says
 * why it exists (kind, the ops it names, the path delay for chaining), so
 * that a positive cycle can be reported in the user's terms.
 */
#ifndef SLUICE_SDC_H
#define SLUICE_SDC_H

#include "schedule.h"

enum sdc_kind {
	SDC_DEP,	 /* b uses a's result: s_b >= s_a + latency(a) */
	SDC_CHAIN,	 /* a..b does not fit in a clock period: s_b >= s_a + 1 */
	SDC_PIPE_ORDER,	 /* ops on one pipe in program order, distinct states */
	SDC_FENCE,	 /* b after a, a sluice_fence() between them */
	SDC_STATE_ORDER, /* a state store after the readers of the old value */
	SDC_TERM,	 /* the terminator b after a's result is ready */
	SDC_AT_END,	 /* pipe op b (at_end) in terminator a's cycle: s_b >= s_a */
	SDC_LAT_MIN,	 /* b at least c cycles after anchor a */
	SDC_LAT_MAX,	 /* b at most c cycles after anchor a */
	SDC_LAT_EXACT_MIN, /* the two halves of an exact constraint */
	SDC_LAT_EXACT_MAX,
	/* a pipelined loop at initiation interval ii (modulo.c): */
	SDC_ORIGIN,	 /* every op at or after the iteration's start */
	SDC_ISSUE,	 /* the terminator in cycle ii - 1 at the latest */
	SDC_RECUR,	 /* a's value goes round to the next iteration (phi b) */
	SDC_PIPE_II,	 /* the ops on one pipe within ii cycles */
	SDC_FENCE_II,	 /* b of a later iteration after a, across a fence */
	SDC_STATE_II,	 /* b of the next iteration after a of this one */
	SDC_BYPASS,	 /* b computes a value that may go round through a
			    phi's bypass, a phi a in its cone (or, at the
			    fourth attempt, an op the units' results do not
			    reach) a cycle before */
	SDC_BYPASS_SELECT, /* a, a select of the bypassed phi b, built into
			      b's multiplexer: in b's cycle (s_b >= s_a) */
	SDC_LATE_USE,	 /* b uses the word of load a, which a store of the
			    iteration ahead may forward as it comes out: a
			    cycle after that (s_b >= s_a + 2) */
	SDC_LATE_ADDR,	 /* store b's address a is a register in b's cycle,
			    compared with a load's as b forwards late */
	SDC_TAP,	 /* b uses phi a of a shift window up to -weight
			    cycles before a's own, from the register of a
			    phi that hands a's value on (II 1) */
	SDC_HAND_ON,	 /* phi a hands its value on to phi b: a's cycle is
			    not before b's (at II 1 with SDC_RECUR: the same) */
};

struct sdc_constraint {
	enum sdc_kind kind;
	unsigned from, to; /* s_to >= s_from + weight */
	long weight;
	/* The ops named: a is the earlier party (the def, the first pipe op,
	 * the anchor), b the later one (the user, the constrained op). */
	const struct ir_op *a, *b;
	double ns;	    /* SDC_CHAIN: delay of the longest path a..b */
};

struct sdc_problem {
	struct hls_ctx *ctx;
	enum hls_target target;
	double clock_ns;
	double budget_ns;     /* what clock_ns leaves for logic (delay_logic_budget_ns) */
	struct ir_block *block;
	unsigned nvars;	      /* block->nops, + 1 (the origin) when ii */
	unsigned ii;	      /* 0, or the initiation interval of a pipelined
				 loop; then var nvars - 1 is the iteration's
				 start (cycle 0) */
	const int *var;	      /* by op id: index in this block, or -1 */
	unsigned *lat;	      /* by var: latency */
	double *delay;	      /* by var: combinational delay */
	unsigned *last_user;  /* by var: index of the last in-block user, 0: none */
	bool *bypass;	      /* by var: a phi whose next iteration may read the
				 value it carries round as it comes out
				 (schedule.h), when sdc_build was asked to */
	unsigned nbypass;     /* the phis marked by the rule of the level asked
				 for (sdc_build) */
	bool late;	      /* a store may forward its word into a load of
				 the next iteration as it comes out (sdc_build) */
	bool taps;	      /* at II 1, users may read the phis of a shift
				 window early (schedule.h, sdc_build) */
	unsigned ntaps;	      /* the phis that may be so read */
	unsigned nlate;	      /* the pairs of a store and a load before it of
				 one memory (what `late` may relax) */
	struct delay_nets nets; /* the block's bitwise networks (bitnet.c) */
	struct sdc_constraint *cons;
	unsigned ncons;
};

/* A pipe op and the latency anchor it defines. */
struct sdc_anchor {
	int id;
	const struct ir_op *op;
};

/* sdc_problem.c: builds every constraint of block b.  `var` maps the
 * kernel's op ids to indices in b (-1 elsewhere); `anchors` lists the
 * program's anchors.  Latency constraints whose anchor is not in b are
 * left out (sched_program reports them).  With `bypass` 1 or 2 (a
 * pipelined loop, ii > 0), each phi that carries round a value computed by
 * a unit with a latency may be read from that unit's output; with 2, also
 * each phi that carries round the logic after such a unit, a memory read
 * say, as that logic computes it (pb->bypass; pb->nbypass counts the phis
 * the level's own rule marks).  With `late` (a pipelined loop), a store
 * may write in the cycle after a load before it in program order reads,
 * in the next iteration (schedule.h, sched_late_forward): the load's
 * users then come a cycle after its word, and the store's address is a
 * register (pb->nlate counts the pairs it may apply to).  With taps (II
 * 1), the phis of a shift window are in one cycle and a user may read one
 * up to sched_tap_room cycles early, through a multiplexer
 * (delay_tap_ns; pb->ntaps counts the phis). */
void sdc_build(struct sdc_problem *pb, struct hls_ctx *ctx,
	       struct ir_block *b, const int *var, double clock_ns,
	       const struct sdc_anchor *anchors, unsigned nanchors,
	       unsigned ii, int bypass, bool late, bool taps);
const struct ir_op *sdc_find_anchor(const struct sdc_anchor *anchors,
				    unsigned nanchors, int id);
bool sdc_is_pipe_op(const struct ir_op *op);

/* sdc_solve.c: the least solution (every s_i as small as it can be, >= 0)
 * into s[nvars]; returns 0.  On a positive cycle returns -1 and the cycle
 * as constraint indices in order (cons[c[i]].to == cons[c[i+1]].from). */
int sdc_solve(const struct sdc_problem *pb, long *s, unsigned **cycle,
	      unsigned *ncycle);

/* sdc_explain.c: reports a positive cycle as an error at the constrained
 * op with notes at the other ops; returns the op whose latency constraint
 * it blamed (NULL if the cycle has none). */
const struct ir_op *sdc_explain(const struct sdc_problem *pb,
				const unsigned *cycle, unsigned ncycle);
/* sdc_problem.c: drops the latency constraints carried by op; returns how
 * many. */
unsigned sdc_drop_latency(struct sdc_problem *pb, const struct ir_op *op);
/* "the write to 'out'", "the sdiv 'q'", "the add %12" (arena string). */
const char *sdc_op_words(struct arena *a, const struct ir_op *op);
/* sdc_explain.c: what a positive cycle of a pipelined loop's problem says
 * keeps the II from being lower, in one line with source lines (arena). */
const char *sdc_limit_words(const struct sdc_problem *pb,
			    const unsigned *cycle, unsigned ncycle);

/* modulo.c: pipelines loop block b when that makes it faster (the
 * sequential schedule of b is already in sk); fills sk->ii[b] and the
 * block's cycles, or leaves them and says why in sk->limit[b]. */
void sched_modulo_block(struct hls_ctx *ctx, struct sched_kernel *sk,
			struct ir_block *b, const int *var, double clock_ns,
			const struct sdc_anchor *anchors, unsigned nanchors);
/* sdc.c: moves each op that only rewires bits (an extension, a slice, a
 * shift by a constant), or is a gate of one operand no wider than itself
 * (~x, a mask), whose users in its block all come later, and that nothing
 * outside the block and no phi reads, to the cycle of its first user,
 * where it reads its operand's register instead of needing one of its own
 * (a slice of a running sum written out a cycle later reads the sum's
 * register, as hand-written RTL does).  A gate moves only where the paths
 * of its new cycle still fit the clock.  Then fills the arrival times
 * (sdc_fill_arrival). */
void sdc_sink(const struct sdc_problem *pb, struct sched_kernel *sk);
/* sdc.c: per-op delay arrival times of block b from the problem. */
void sdc_fill_arrival(const struct sdc_problem *pb, struct sched_kernel *sk);

#endif /* SLUICE_SDC_H */
