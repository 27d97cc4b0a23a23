/*
 * rtlgen_internal.h -- what the files of hls/rtlgen/ share.
 *
 *   rtlgen.c     entry point, file writing, Verilog names and literals
 *   fifo_size.c  FIFO depth of each pipe
 *   kernel.c     one kernel module: its ports, the order of its sections
 *   values.c     which values get wires and registers, which signal each
 *                use reads, which bits are read (for lint)
 *   fsm.c        state encoding, stall, next state, busy/done
 *   pipeline.c   pipelined loops (valid bits, holds, the start of each
 *                iteration) and every pipe op's handshake strobe
 *   datapath.c   value wires (one expression per op), dividers, bit-count
 *                functions
 *   share.c      registers that values and phis share
 *   regs.c       the clocked block: value, phi, argument and state registers
 *   window.c     shift windows read early (taps)
 *   core.c       sluice_core: kernels, FIFOs, ports
 *   host.c       the host interface: numbering, the bridge's limits, the
 *                design id
 *   top.c        sluice_top: sluice_core behind the host bridge
 *
 * Naming scheme of a kernel module (all names unique in the module):
 *   state localparams   S_IDLE, S_<block>_<cycle>
 *   FSM                 state_reg, state_next, stall
 *   value of op N       <name>_<N> (a wire; name from the C variable, else
 *                       the opcode), and <name>_<N>_reg when registered;
 *                       a phi is only <name>_<N>_reg, a bypassed one
 *                       also the wire of its multiplexer
 *   argument P          port arg_<P>, latched in arg_<P>_reg
 *   kernel state G      <G>_q
 *   divider             u_<value> (a sluice_div instance)
 *   bit functions       sluice_<ctpop|ctlz|cttz|bitrev>_<width>
 */
#ifndef SLUICE_RTLGEN_INTERNAL_H
#define SLUICE_RTLGEN_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rtlgen.h"

/* Pipeline depth of rtl/sluice_div.v (its LATENCY parameter). */
#define RTL_DIV_LATENCY(width) ((width) + 2)
/* rtl/sluice_mul.v */
#define RTL_MUL_LATENCY(width, split, ext) ((width) <= (split) || (ext) ? 2 : 3)

/* ---- shared by the whole program (rtlgen.c) ----------------------------- */

/* The host interface in the bridge's numbering (host.c). */
struct rtl_host {
	struct ir_pipe **h2d, **d2h; /* host pipes by direction, program order */
	unsigned nh2d, nd2h;
	struct ir_pipe **io;	     /* I/O pipes with a direction: top ports */
	unsigned nio;
	struct ir_kernel **started;  /* started kernels, program order */
	unsigned nstarted;
	unsigned **arg_word;	     /* [k][param]: its first argument word */
	unsigned arg_words, spec_words;
	uint64_t clock_hz;	     /* 0: unknown */
	unsigned retx_timeout;	     /* cycles */
	bool link;		     /* sluice_top has the host link (host.c) */
};

/* The floating-point units of rtl/, one file each (rtlgen.c lists them). */
enum rtl_fp_unit { RTL_FADD, RTL_FMUL, RTL_FDIV, RTL_FCMP, RTL_FI2F, RTL_FF2I, RTL_FF2F,
		   RTL_FP_UNITS };

static inline enum rtl_fp_unit rtl_fp_unit(enum ir_opcode opc)
{
	switch (opc) {
	case IR_FMUL: return RTL_FMUL;
	case IR_FDIV: return RTL_FDIV;
	case IR_FCMP: return RTL_FCMP;
	case IR_SITOFP: case IR_UITOFP: return RTL_FI2F;
	case IR_FPTOSI: case IR_FPTOUI: return RTL_FF2I;
	case IR_FPEXT: case IR_FPTRUNC: return RTL_FF2F;
	default: return RTL_FADD;
	}
}

struct rtl_gen {
	struct hls_ctx *ctx;
	struct ir_program *p;
	const struct hls_schedule *s;
	const char *dir;
	struct rtl_files *out;
	bool uses_div, uses_mul, uses_fifo, uses_devmem;
	unsigned uses_fp;	/* bit rtl_fp_unit(opc): that unit is instantiated */
	struct rtl_host host;
};

/* A set of identifiers of one Verilog scope (open hashing). */
struct rtl_names {
	const char **slot;
	unsigned cap, n;
};

bool names_has(const struct rtl_names *t, const char *s);
void names_add(struct hls_ctx *ctx, struct rtl_names *t, const char *s);
/* `base` if free, else base_2, base_3, ...; the name returned is taken. */
const char *names_fresh(struct hls_ctx *ctx, struct rtl_names *t,
			const char *base);

/* A valid Verilog identifier made from a C or LLVM name: characters other
 * than [A-Za-z0-9_] become '_', a leading digit gets "v_"; `fallback` when
 * `raw` is NULL or empty. */
const char *rtl_sanitize(struct hls_ctx *ctx, const char *raw,
			 const char *fallback);
/* Whether `s` is usable verbatim as part of a Verilog identifier. */
bool rtl_is_ident(const char *s);
/* Sized hex literal of a constant: words little-endian, `width` bits. */
const char *rtl_literal(struct hls_ctx *ctx, unsigned width,
			const uint64_t *words);
const char *rtl_literal64(struct hls_ctx *ctx, unsigned width, uint64_t v);
/* "file.c:12, 14" for a set of locations (NULL when none is known). */
const char *rtl_lines(struct hls_ctx *ctx, const struct ir_loc *locs,
		      unsigned n);

FILE *rtl_open(struct rtl_gen *g, const char *fname);
int rtl_close(struct rtl_gen *g, FILE *f, const char *fname);
/* The comment that opens every generated file. */
void rtl_file_header(struct rtl_gen *g, FILE *f, const char *what);

/* fifo_size.c */
void rtl_choose_depths(struct ir_program *p, const struct hls_schedule *s);
/* A blocking read of a cut pipe (hls/pass/fission.c) in a block that is
 * not a pipelined loop, unguarded, whose word only ops of its own block
 * read, some after its state and before the block's last: the state in
 * which the word is taken, the block's last but one, or -1.  Until then
 * the word stays in the pipe's register, which its uses read as the
 * value's wire (the last state's uses read a register of the kernel's, as
 * usual), where the kernel would keep a copy of it.  The pipe's writer,
 * the part of the kernel before the cut, passed the cut again only after
 * that block in the kernel as written, so waiting for it takes nothing
 * from it that it had there. */
int rtl_take_state(const struct sched_kernel *sk, const struct ir_op *op);

/* Whether a pipe carries data into / out of the design (host or I/O). */
static inline bool rtl_pipe_into(const struct ir_pipe *p)
{
	return (p->kind == PIPE_HOST && p->dir == DIR_H2D) ||
	       (p->kind == PIPE_IO && p->dir == DIR_IN);
}

static inline bool rtl_pipe_out_of(const struct ir_pipe *p)
{
	return (p->kind == PIPE_HOST && p->dir == DIR_D2H) ||
	       (p->kind == PIPE_IO && p->dir == DIR_OUT);
}

/* host.c: fills g->host and g->out->design_id (after the depths are
 * chosen); -1 after reporting what the host link cannot carry. */
int rtl_host_plan(struct rtl_gen *g, const struct rtl_opts *opts);

/* ---- the ports of one kernel module (kernel.c) ------------------------ */

struct kport {
	struct ir_pipe *pipe;
	bool is_read;	  /* the kernel reads the pipe (else writes it) */
	const char *tdata, *tvalid, *tready; /* port names */
	/* ops on this port, in program order, and the states they sit in */
	struct ir_op **ops;
	unsigned nops;
	/* for lint: whether the kernel reads its input ports */
	bool tdata_read, tvalid_read, tready_read;
};

/* Pipe ports of kernel k in program pipe order (a read port before the
 * write port of a pipe the kernel both reads and writes, which then gets
 * the prefixes <pipe>_rd / <pipe>_wr).  Returns the count; -1 after an
 * error (an op on a pipe not in the program). */
int rtl_kernel_ports(struct hls_ctx *ctx, struct ir_program *p,
		     struct ir_kernel *k, struct kport **out);
/* Port name of kernel argument `param`. */
const char *rtl_arg_port(struct hls_ctx *ctx, const struct ir_param *param);
/* Port name of the register-bound spec constant s, in kernel modules and
 * in sluice_core: spec_<name>. */
const char *rtl_spec_port(struct hls_ctx *ctx, const struct ir_spec_const *s);
/* Whether kernel k reads the register-bound spec constant s (IR_SPEC). */
bool rtl_kernel_uses_spec(const struct ir_kernel *k, const struct ir_spec_const *s);

int rtl_emit_kernel(struct rtl_gen *g, unsigned kernel_index);
int rtl_emit_core(struct rtl_gen *g);	/* core.c */
int rtl_emit_top(struct rtl_gen *g);	/* top.c */

/* ---- generating one kernel -------------------------------------------- */

/* Bits of a signal that the generated Verilog reads (for lint). */
struct rtl_bits {
	uint64_t *map; /* NULL until a bit is read */
};

struct rtl_val {
	bool needed;	/* computed at all (side effect, or used by a needed op) */
	bool used;	/* its result is read by a needed op */
	bool stable;	/* its wire holds the value in every state */
	int wire_until;	/* a word kept in its pipe (rtl_take_state): the wire
			   holds it up to this cycle of its block; else -1 */
	bool unit_inst;	/* computed by an instance of rtl/: sluice_div, sluice_mul */
	struct ir_op *div_partner; /* udiv/urem pair sharing the instance */
	bool emitted;		/* unit instance written */
	const char *wire; /* NULL when none */
	const char *reg;  /* NULL when none */
	unsigned valid;	/* cycle of its block in which the wire holds it */
	struct rtl_bits wire_bits, reg_bits;
	/* in a pipelined loop: reg is the first register of a chain that
	 * carries the value along its iteration; chain[k] (k >= 1) holds it
	 * from II * k cycles after reg does */
	const char **chain;
	struct rtl_bits *chain_bits;
	unsigned nchain; /* registers in the chain, reg included (0: none) */
	/* in a loop: the phi that carries this value round to the next
	 * iteration and is written every iteration (its register holds the
	 * value, in a pipelined loop in cycles phi_write_cycle + 1 .. + II,
	 * and after the loop, where uses read it instead of a register of
	 * the value's own); for a phi of a pipelined loop, the phi that
	 * takes it round the loop, whose register holds its last value
	 * after the loop (values.c, carry_phis); or NULL */
	const struct ir_op *carrier;
	/* a phi of a loop that nothing after the loop reads, or of a
	 * pipelined loop that never ends: written as each iteration
	 * completes its write cycle (not pipelined: the block's last
	 * state), whether the loop goes on or not */
	bool always_written;
	/* a value that the edge from its block carries to a phi, which
	 * takes it as it is computed (share.c, plan_early_phis): that phi,
	 * whose register later states read; or NULL */
	const struct ir_op *early;
	/* a phi: the block whose edge into the phi's block it takes its
	 * value from early (above), or NULL */
	const struct ir_block *early_from;
	/* phis that share a register (share.c): on a phi that lives in
	 * another's, reg_of is that phi, whose register is declared, and
	 * reg_next the next phi that lives in it; on that phi, reg_lent the
	 * first of them; else NULL */
	const struct ir_op *reg_of, *reg_lent, *reg_next;
	/* a sum that Yosys may merge into the add using it (an add of a
	 * constant: + 1 is the carry-in), left without (* keep *) where the
	 * target keeps adds apart (delay_adds_apart) */
	bool merged_sum;
	/* a select of a bypassed phi in the phi's cycle, built into the
	 * phi's multiplexer (delay_select_on_bypass; datapath.c): that phi,
	 * else NULL; and whether the multiplexer reads the phi's register,
	 * which it does not where the iteration ahead is always there when
	 * the select takes the phi (pipe_ahead_when_selected) */
	const struct ir_op *bypass_of;
	bool bypass_reg;
	/* an adder's result and a select of it and +0 in the cycle it comes
	 * out, whose condition is there the cycle before: the select is the
	 * adder's y0, the select of 0 its output register's reset (values.c,
	 * plan_zeroed).  For the adder: that select; for the select: the
	 * adder; else NULL.  zero_on (the adder's): its clr is the
	 * condition itself (select(c, 0, sum)), else its negation */
	const struct ir_op *zeroed;
	bool zero_on;
	/* a phi of a shift window read j cycles before its own (a tap,
	 * window.c): the wire of each such j, and its bits read */
	const char *tap[SCHED_MAX_TAP + 1];
	struct rtl_bits tap_bits[SCHED_MAX_TAP + 1];
};

/* A pipelined loop block (pipeline.c). */
struct rtl_loop {
	struct ir_block *block;
	unsigned ii, len;   /* initiation interval, cycles per iteration */
	const char *v, *hold, *stop, *adv, *next; /* signal names (hold, stop: prefixes) */
	int *group;	    /* by cycle: lock group of a multi-cycle op, or -1 */
	unsigned ngroups;
	const char **lock;  /* by group: its hold signal */
};

/* A use "after the loop" (on the loop's exit edge): reads the value its
 * last iteration left. */
#define RTL_AFTER_LOOP (~0u)

struct rtl_func {
	enum ir_opcode opc;
	unsigned width;
	const char *name;
};

/* A memory of the kernel (memory.c); no signals (arr NULL) when nothing
 * reads it. */
struct kmem {
	bool stored;
	unsigned nread;		  /* read ports used (a ROM may have several) */
	const char *arr;	  /* the array (a ROM's first copy) */
	const char **copy;	  /* a ROM's copies, one per copy_reads read ports */
	unsigned ncopies, copy_reads;
	const char **q;		  /* by read port: its output register */
	const char **re, **ra;	  /* by read port: enable, address */
	const char *we, *wa, *wd; /* write enable, address, word (NULL: no stores) */
	const char *hit, *fwd;	  /* forwarding of the word written as a read */
	const char *rd;		  /* read port 0's word: _q, or forwarded */
	const char *late;	  /* a store forwards late into the word out
				     (its condition; NULL: none) */
	const char *ra_d, *lhit;  /* then: the word's address, and the match */
};

struct kgen {
	struct rtl_gen *g;
	struct hls_ctx *ctx;
	struct ir_kernel *k;
	const struct sched_kernel *sk;
	FILE *f;
	struct rtl_names names;

	/* states (fsm.c) */
	unsigned nstates, state_bits;
	unsigned *state_base;	 /* by block id: number of state (block, 0) */
	const char **state_name; /* by state number */
	const char **block_name; /* by block id: the <block> of S_<block>_<cycle> */
	const char *idle;	 /* S_IDLE, or NULL for an autorun kernel */
	unsigned reset_state;	 /* state after reset */
	struct rtl_loop **loop;	 /* by block id: NULL for a sequential block */
	/* the pipelined loop whose first iteration starts at reset (pipeline.c),
	 * or NULL; when it is not the entry block, its phis' values on the
	 * edge from the entry block are their registers' reset values */
	const struct rtl_loop *start_loop;

	/* values (values.c) */
	struct rtl_val *val; /* by op id */
	struct rtl_func *funcs;
	unsigned nfuncs;

	/* ports (kernel.c) */
	struct kport *ports;
	unsigned nports;
	const char **arg_port, **arg_reg; /* by param; arg_reg NULL if unread */
	/* by program spec index: the spec_<name> port (NULL if the kernel
	 * has no IR_SPEC of it); for a started kernel the register latched
	 * at start (NULL if unread); whether an autorun kernel reads it */
	const char **spec_port, **spec_reg;
	bool *spec_read;
	struct kmem *mem;	/* by kernel memory index (memory.c) */
	const char **sv_reg;	/* by kernel state index: <G>_q */
	struct rtl_bits *sv_bits;
	bool start_read;
};

/* kernel.c */
struct kport *kgen_port_of(struct kgen *kg, const struct ir_op *op);
int kgen_state_index(const struct kgen *kg, const struct ir_state *st);
int kgen_spec_index(const struct kgen *kg, const struct ir_spec_const *s);
void kgen_decl(struct kgen *kg, const char *indent, const char *kind,
	       unsigned width, const char *name, const char *init,
	       bool fully_read, const char *comment);

/* memory.c */
void mem_plan(struct kgen *kg); /* after values_plan */
int kgen_mem_index(const struct kgen *kg, const struct ir_mem *m);
/* The read port's output register, the word of load op a cycle after it. */
const char *mem_q_of(const struct kgen *kg, const struct ir_op *op);
void mem_emit_decls(struct kgen *kg);
void mem_emit_ports(struct kgen *kg); /* after the datapath's wires */

/* bits (values.c) */
void bits_mark(struct hls_ctx *ctx, struct rtl_bits *b, unsigned width,
	       unsigned lo, unsigned n);
bool bits_full(const struct rtl_bits *b, unsigned width);
bool bits_any(const struct rtl_bits *b);
void bits_or(struct hls_ctx *ctx, struct rtl_bits *d, const struct rtl_bits *b,
	     unsigned width);

/* window.c */
/* How many cycles before its own a use may read phi p (a tap), else 0. */
unsigned window_room(const struct kgen *kg, const struct ir_op *p);
/* The wire of phi p read j cycles before its own (a tap), and a use of its
 * bits [lo, lo + n). */
const char *window_tap_wire(struct kgen *kg, const struct ir_op *p, unsigned j);
void window_tap_use(struct kgen *kg, const struct ir_op *p, unsigned j, unsigned lo,
		    unsigned n);
void window_emit_wires(struct kgen *kg);

/* values.c */
int values_plan(struct kgen *kg);
/* The signal holding value v for a use by an op in (block b, cycle c). */
const char *val_ref(struct kgen *kg, const struct ir_op *v,
		    const struct ir_block *b, unsigned c);
/* val_ref for operand i of op. */
const char *arg_ref(struct kgen *kg, const struct ir_op *op, unsigned i);
/* Whether a needed op reads phi p's register (p itself, or a value read
 * from p's register) at a use point (block, cycle) where at() says yes. */
bool val_phi_reg_read(const struct kgen *kg, const struct ir_op *p,
		      bool (*at)(const void *env, const struct ir_block *b, unsigned c),
		      const void *env);
/* Cycle of a block's last state. */
unsigned block_last(const struct kgen *kg, const struct ir_block *b);
/* The cycle of op in its block's schedule.  A phi's is 0, but in a
 * pipelined loop the cycle from which its register holds the iteration's
 * value (a value carried round that is ready late arrives late, regs.c),
 * or, for a bypassed phi, its multiplexer does. */
unsigned op_cycle(const struct kgen *kg, const struct ir_op *op);
/* Whether op is a phi of a pipelined loop whose next iteration reads the
 * value carried round from its unit's output (schedule.h: bypass). */
bool phi_bypassed(const struct kgen *kg, const struct ir_op *phi);
/* The cycle of v's block after which its register (the first of its
 * chain) holds it: its wire's cycle, one less for a phi read from its
 * register from its own cycle on. */
long val_reg_from(const struct kgen *kg, const struct ir_op *v);

/* share.c */
/* Values computed straight into the register of the phi they go to. */
void plan_early_phis(struct kgen *kg);
/* Phis that live in another phi's register (after the uses are known). */
void share_plan(struct kgen *kg);
/* Whether operand i of phi, a phi of a shared register (reg_of or
 * reg_lent), is a select computed as the edge is taken: the register's
 * writes take its two values (regs.c, shared_write), not its wire. */
bool val_split_select(struct kgen *kg, const struct ir_op *phi, unsigned i);

/* pipeline.c */
void pipe_plan(struct kgen *kg); /* after fsm_plan */
/* The op at (b, cycle c) runs now (before its handshake): its FSM state,
 * or the loop's valid bit of cycle c. */
const char *pipe_active(struct kgen *kg, const struct ir_block *b, unsigned c);
/* Cycle c of pipelined loop b completes this clock. */
const char *pipe_adv(struct kgen *kg, const struct ir_block *b, unsigned c);
/* A phi of pipelined loop L takes the next iteration's value as the
 * iteration completes this cycle (its cycle + II - 1; + II for a bypassed
 * phi), when the loop goes on: pipe_goes_on_at says so in that cycle. */
unsigned phi_write_cycle(const struct kgen *kg, const struct ir_op *phi);
const char *pipe_goes_on_at(struct kgen *kg, const struct rtl_loop *L, unsigned c);
/* tready (read) or tvalid (write) of a pipe op. */
const char *pipe_strobe_of(struct kgen *kg, const struct ir_op *op);
/* The state the loop leaves to, or NULL for a loop that never ends. */
const char *pipe_exit_state(const struct kgen *kg, const struct rtl_loop *L);
/* Whether select s (in loop L, in the cycle of its operand phi p) takes
 * p only in an iteration that is not the first of its entry of the loop,
 * which always has the iteration before it II cycles on. */
bool pipe_ahead_when_selected(const struct kgen *kg, const struct rtl_loop *L,
			      const struct ir_op *s, const struct ir_op *p);
/* The clock enable of a multi-cycle op (the divider). */
const char *pipe_enable_of(struct kgen *kg, const struct ir_op *op);
/* The kernel-wide stall: a blocking op of the FSM state waiting (NULL:
 * never).  Pipelined loops hold on their own, never through it. */
const char *pipe_kernel_stall(struct kgen *kg);
void pipe_emit_decls(struct kgen *kg);
void pipe_emit_logic(struct kgen *kg);

/* fsm.c */
void fsm_plan(struct kgen *kg);
const char *fsm_state(const struct kgen *kg, const struct ir_block *b,
		      unsigned cycle);
/* "(state_reg == S_x)" */
const char *fsm_in(struct kgen *kg, const struct ir_block *b, unsigned cycle);
/* In the last state of block `from` (or its loop's state), as it
 * completes (no stall), the condition that the FSM goes to block `to`
 * next: read from from's branch, where "state_next == to's state" would
 * decode the whole next-state logic (bench/sha256_lead: the enables of the
 * rounds' phi registers, on its critical path), or that when from is a
 * pipelined loop or ends in a switch; NULL: always. */
const char *fsm_goes_to(struct kgen *kg, struct ir_block *from, const struct ir_block *to);
void fsm_emit_decls(struct kgen *kg);
void fsm_emit_pipes(struct kgen *kg);
void fsm_emit_logic(struct kgen *kg);

/* datapath.c */
void dp_emit_functions(struct kgen *kg);
/* Whether operand i of op is written into op's expression as a literal
 * (a constant operand of a signed compare, its sign bit flipped), so that
 * its wire is not read there. */
bool dp_operand_inlined(const struct ir_op *op, unsigned i);
void dp_emit_wires(struct kgen *kg);

/* regs.c */
void regs_emit_decls(struct kgen *kg);
void regs_emit_always(struct kgen *kg);

#endif /* SLUICE_RTLGEN_INTERNAL_H */
