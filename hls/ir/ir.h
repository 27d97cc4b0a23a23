/*
 * ir.h -- the sluice IR, its context, arena and diagnostics.
 *
 * The IR is a control/data-flow graph in SSA form, close to the LLVM IR the
 * front end reads but with only what hardware needs: every value is a bit
 * vector of a fixed width (1..IR_MAX_WIDTH bits; signedness lives in the
 * opcodes), blocks end in one terminator, phis stand first in their block.
 * Pipes, kernel arguments and kernel state (C globals) are explicit.
 *
 * Invariants (checked by ir_verify):
 *   - every kernel has at least one block; blocks[0] is the entry and has no
 *     predecessors and no phis;
 *   - each block's ops: phis first, then ordinary ops, then exactly one
 *     terminator (IR_BR, IR_CONDBR, IR_SWITCH, IR_RET) as the last op;
 *   - an op's operands are ops of the same kernel that produce a value
 *     (width > 0) and dominate the use (for a phi: the end of the incoming
 *     block);
 *   - widths obey the table in ir_opinfo (ir.c);
 *   - op->id is unique in the kernel and < kernel->nops_total; block->id is
 *     the block's index in kernel->blocks.
 *
 * Memory: everything hangs off an arena owned by the hls_ctx and is freed in
 * one go with the context; there is no per-node free.
 */
#ifndef SLUICE_IR_H
#define SLUICE_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IR_MAX_WIDTH 4096

/* ---- arena ------------------------------------------------------------ */

struct arena_chunk;
struct arena {
	struct arena_chunk *head;
};

void *arena_alloc(struct arena *a, size_t size);	  /* zeroed */
void *arena_realloc(struct arena *a, void *p, size_t old, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);

/* Append to an arena-backed array `arr` with count `n` (a size_t/unsigned
 * lvalue); grows by doubling via arena_realloc. */
#define VEC_PUSH(ar, arr, n, val)                                              \
	do {                                                                   \
		if (((n) & ((n)-1)) == 0) /* n is 0 or a power of two */       \
			(arr) = arena_realloc((ar), (arr), (n) * sizeof *(arr), \
					      ((n) ? 2 * (n) : 1) * sizeof *(arr)); \
		(arr)[(n)++] = (val);                                          \
	} while (0)

/* ---- source locations and diagnostics --------------------------------- */

struct ir_loc {
	const char *file; /* NULL when unknown */
	unsigned line, col;
};

struct diag {
	unsigned errors, warnings;
	bool color;
	void *out; /* FILE *; stderr by default */
	unsigned quiet; /* > 0: nothing is reported or counted (a pass's trial
			   of a change, sched_block_length) */
};

/* `file:line:col: error: message`, then the source line and a caret, as
 * clang prints it.  Errors count towards ctx->diag.errors. */
void diag_error(struct diag *d, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void diag_warning(struct diag *d, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void diag_note(struct diag *d, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void diag_vreport(struct diag *d, const char *kind, struct ir_loc loc,
		  const char *fmt, va_list ap);

/* ---- the compilation context ------------------------------------------ */

enum hls_target {
	TARGET_SIM = 0, /* generic ASIC-like delays; 100 MHz by default */
	TARGET_ICE40,
	TARGET_ECP5,
	TARGET_GOWIN,
};
#define HLS_NUM_TARGETS 4

/* "sim", "ice40", "ecp5", "gowin": the names of --target and the manifest. */
const char *hls_target_name(enum hls_target t);

struct hls_ctx {
	struct arena arena;
	struct diag diag;
	enum hls_target target;
	double clock_mhz;      /* target clock */
	const char *dump_dir;  /* --dump-ir: write NN-passname.ir here, or NULL */
	bool dump_stdout;      /* --dump-ir with no dir: print to stdout */
	unsigned dump_seq;
	bool verify;	       /* run ir_verify after every pass */
	int verbose;
	struct hls_partition *partitions; /* sluice build --partition */
	unsigned npartitions;
	uint64_t dmem_bytes;   /* sluice build --device-memory; 0: the default */
};

/* A memory's banks as the user asks for them (`--partition NAME=BANKS`):
 * hls/pass/partition.c splits it so, or keeps it whole for 1. */
struct hls_partition {
	const char *name;
	unsigned banks;
	bool used;
};

void hls_ctx_init(struct hls_ctx *ctx);
void hls_ctx_fini(struct hls_ctx *ctx);

/* ---- the IR ----------------------------------------------------------- */

enum ir_opcode {
	/* values with no operands */
	IR_CONST,	/* imm (wide: imm_words) */
	IR_ARG,		/* kernel scalar argument number `index` */
	IR_UNDEF,	/* any value (LLVM undef/poison); lowered as zero */
	IR_SPEC,	/* the register-bound specialization constant op->spec; width =
			   spec->width; read from the kernel's spec_<name> port */

	/* binary arithmetic, width = width of both operands */
	IR_ADD, IR_SUB, IR_MUL,
	IR_UDIV, IR_SDIV, IR_UREM, IR_SREM, /* C semantics; x/0 as rtl/sluice_div.v */
	IR_AND, IR_OR, IR_XOR,
	IR_SHL, IR_LSHR, IR_ASHR, /* shift amount: operand 1, any width; >= width gives 0 / sign fill */

	/* comparisons: operands of equal width, result width 1 */
	IR_EQ, IR_NE, IR_ULT, IR_ULE, IR_UGT, IR_UGE,
	IR_SLT, IR_SLE, IR_SGT, IR_SGE,

	/* width changes */
	IR_ZEXT, IR_SEXT, IR_TRUNC, /* result width given by op->width */
	IR_EXTRACT,	/* bits [index + width - 1 : index] of operand 0 */
	IR_CONCAT,	/* {args[0], args[1], ...}: args[0] is the most significant */

	IR_SELECT,	/* args[0] (width 1) ? args[1] : args[2] */
	IR_PHI,		/* args[i] when arriving from phi_blocks[i] */

	/* bit counting and permutation, result width = operand width */
	IR_CTPOP, IR_CTLZ, IR_CTTZ, IR_BSWAP, IR_BITREV,

	/* floating point: IEEE 754 binary32 at width 32 (float), binary64 at
	 * width 64 (double); round to nearest, ties to even; denormals kept;
	 * a NaN result is the canonical quiet NaN.  The units of
	 * rtl/sluice_f*.v compute them (latency: delay_op_latency). */
	IR_FADD, IR_FSUB, IR_FMUL, IR_FDIV, /* width = both operands' */
	IR_FCMP,	/* index: the predicate (enum ir_fcmp); result width 1 */
	IR_SITOFP, IR_UITOFP, /* operand: an integer of 32 or 64 bits */
	IR_FPTOSI, IR_FPTOUI, /* result: an integer of 32 or 64 bits, the
				 value truncated toward zero (C's conversion) */
	IR_FPEXT,	/* 32 -> 64 bits */
	IR_FPTRUNC,	/* 64 -> 32 bits */

	/* pipes: op->pipe; data width = pipe->width */
	IR_PIPE_READ,	  /* blocking; result: the word.  Kept (op->keep):
			     the word stays in the pipe, read again by the
			     next one, unless args[0] (width 1) is 1, when
			     it is taken as by any read */
	IR_PIPE_WRITE,	  /* blocking; args[0] the word; no result */
	IR_PIPE_READ_NB,  /* result width pipe->width + 1: bit [width] is ok */
	IR_PIPE_WRITE_NB, /* args[0] the word; result width 1: ok */

	/* kernel state (a C global kept across invocations): op->state */
	IR_STATE_LOAD,	/* result: the whole state vector */
	IR_STATE_STORE, /* args[0]: the whole new state vector; no result */

	/* a memory (an array in RAM or ROM): op->mem; args[0] the word's
	 * index, any width (the low ceil(log2 depth) bits are used) */
	IR_MEM_LOAD,	/* result: the word, one cycle later (latency 1) */
	IR_MEM_STORE,	/* args[1]: the word; no result */

	/* sluice_fence(): the pipe ops before it complete in earlier cycles
	 * than those after it, whatever their pipes; no args, no result */
	IR_FENCE,

	/* terminators */
	IR_BR,		/* succs[0] */
	IR_CONDBR,	/* args[0] (width 1) ? succs[0] : succs[1] */
	IR_SWITCH,	/* args[0]; case_vals[i] -> succs[i + 1]; default succs[0] */
	IR_RET,		/* kernel done (autorun kernels start again) */

	IR_NUM_OPCODES
};

/* The predicates of IR_FCMP, as LLVM's fcmp has them: ordered (o*: false
 * when either operand is a NaN) and unordered (u*: true then). */
enum ir_fcmp {
	FCMP_OEQ, FCMP_OGT, FCMP_OGE, FCMP_OLT, FCMP_OLE, FCMP_ONE, FCMP_ORD,
	FCMP_UEQ, FCMP_UGT, FCMP_UGE, FCMP_ULT, FCMP_ULE, FCMP_UNE, FCMP_UNO,
	FCMP_NUM
};

enum ir_latency_kind { LAT_NONE = 0, LAT_EXACT = 1, LAT_MAX = 2, LAT_MIN = 3 };

/* Latency properties of a pipe operation (the spec's latency_anchor_id and
 * latency_constraint). */
struct ir_latency {
	int anchor;		    /* anchor id, or -1 */
	int target;		    /* target anchor id, or -1 */
	enum ir_latency_kind kind;  /* LAT_NONE when no constraint */
	int cycles;
};

/* PIPE_DEVMEM: a kernel's channel to device memory (rtl/sluice_devmem.v),
 * made by the lowering of @sluice.dmem.* calls: its request pipe (DIR_OUT,
 * the kernel writes; a FIFO of two words, so that the kernel may put
 * requests on several channels in one cycle and the memory's arbiter
 * takes them one a cycle, its ready never waiting on their valids) and
 * its answer pipe (DIR_IN, no FIFO: the memory's own answer FIFO). */
enum ir_pipe_kind { PIPE_KERNEL = 0, PIPE_HOST = 1, PIPE_IO = 2, PIPE_DEVMEM = 3 };
enum ir_pipe_dir { DIR_NONE = 0, DIR_H2D = 1, DIR_D2H = 2, DIR_IN = 3, DIR_OUT = 4 };

struct ir_kernel;
struct ir_block;
struct ir_spec_const;

struct ir_pipe {
	const char *name;      /* identity; also the Verilog port/FIFO name */
	const char *type;      /* the C type as written */
	unsigned width;	       /* bits: 8 * sizeof(T) */
	int min_capacity;
	enum ir_pipe_kind kind;
	enum ir_pipe_dir dir;
	unsigned depth;	       /* FIFO depth chosen by the back end (>= min_capacity) */
	bool ready_through;    /* depth 1, its ready passed through (a register
				  slice: rtl/sluice_fifo.v READY_THROUGH) */
	bool direct;	       /* no FIFO: a cut pipe whose writer is wired to
				  its reader (hls/rtlgen/fifo_size.c) */
	struct ir_loc loc;     /* the declaration, when known */
	bool cut;	       /* made by hls/pass/fission.c between the two
				  parts of a kernel it cut: one word each time
				  the first part passes the cut */
	bool kept;	       /* its reader keeps each word in the pipe while it
				  uses it (a kept IR_PIPE_READ) */
	bool devmem;	       /* the device memory is its other end: a
				  PIPE_DEVMEM pipe, or the host pipes
				  sluice_devmem_cmd and sluice_devmem_data */
	/* filled by the link checks: */
	struct ir_kernel *reader, *writer;
	struct ir_loc read_loc, write_loc; /* first use by reader / writer */
};

/* Whether a pipe has a FIFO behind it in hardware: all but an I/O pipe of
 * MinCapacity 0, whose port is wired straight to its kernel, and a direct
 * cut pipe. */
static inline bool ir_pipe_has_fifo(const struct ir_pipe *p)
{
	return !p->direct && !(p->kind == PIPE_IO && p->min_capacity <= 0) &&
	       !(p->kind == PIPE_DEVMEM && p->dir == DIR_IN);
}

/* A C global the kernel keeps across invocations, as one bit vector with
 * host byte order (byte 0 in bits [7:0]). */
struct ir_state {
	const char *name;
	unsigned width;
	uint64_t *init;	       /* ceil(width/64) words, little-endian words */
	struct ir_loc loc;
};

/* An array kept in a memory: `depth` words of `width` bits, word i at
 * bytes [i * width/8, (i+1) * width/8) of the C object.  A global's
 * memory keeps its contents across kernel runs; `init` (depth words of
 * ceil(width/64) uint64_t each, or NULL: zeros) is its initial contents;
 * a read-only one is a ROM. */
/* A bank of a memory split cyclically (hls/pass/partition.c): element e
 * of the C array `whole` is word e / banks of bank e mod banks. */
struct ir_mem_part {
	const char *whole;	/* NULL: the memory is not a bank */
	unsigned bank, banks;
};

struct ir_mem {
	const char *name;
	unsigned width, depth;
	uint64_t *init;
	bool rom;
	struct ir_loc loc;
	struct ir_mem_part part;
	unsigned banks_asked;	/* SLUICE_PARTITION(N) on the array; 0: none */
	unsigned read_ports;	/* chosen by sched_program: 1 for a memory that is
				   written, 2 or more for a ROM */
	unsigned copy_reads;	/* a ROM's read ports that one copy of it in block
				   RAM serves (sched_program: 1 on iCE40, 2 on the
				   others); 0: all of them */
};

struct ir_op {
	unsigned id;
	enum ir_opcode opc;
	unsigned width;		/* result width in bits; 0 when no result */
	struct ir_op **args;
	unsigned nargs;
	struct ir_block *block;
	const char *name;	/* from the C source (LLVM value name), or NULL */
	struct ir_loc loc;

	/* opcode-specific */
	uint64_t imm;		/* IR_CONST when width <= 64 */
	uint64_t *imm_words;	/* IR_CONST when width > 64 (else NULL) */
	unsigned index;		/* IR_ARG: parameter number; IR_EXTRACT: low bit */
	struct ir_block **phi_blocks; /* IR_PHI: one per arg */
	struct ir_block **succs;      /* terminators */
	unsigned nsuccs;
	uint64_t *case_vals;	      /* IR_SWITCH: nsuccs - 1 values */
	struct ir_pipe *pipe;	      /* pipe ops */
	struct ir_latency lat;	      /* pipe ops */
	struct ir_state *state;	      /* state ops */
	struct ir_mem *mem;	      /* memory ops */
	struct ir_spec_const *spec;   /* IR_SPEC */
	unsigned port;		      /* IR_MEM_LOAD: the memory's read port, below
					 mem->read_ports (sched_program) */
	bool keep;		      /* IR_PIPE_READ: kept (above) */
	bool unit;		      /* IR_MUL: computed by rtl/sluice_mul.v,
					 chosen for the build's clock
					 (delay_choose_units) */
	bool at_end;		      /* a pipe op in its block's last cycle,
					 with the terminator (the read of a
					 loop's next entry's word, which
					 hls/pass/read_ahead.c's fold puts in
					 the loop) */
	bool phi_mux;		      /* IR_SELECT: read only by a phi of its
					 block, on its back edge, between two
					 values the phi's register took on two
					 edges before: a term of the multiplexer
					 in front of that register, which the
					 delay model charges nothing
					 (hls/pass/read_ahead.c, fold) */
};

/* What the user asked of a loop through clang's loop pragmas (the
 * llvm.loop metadata on the loop's back-edge branch), kept on the block
 * whose terminator is that branch.  The scheduler honours it when it
 * pipelines the loop (hls/sched/modulo.c). */
struct ir_loop_hint {
	bool present;	  /* some pipelining pragma names this loop */
	bool no_pipeline; /* #pragma clang loop pipeline(disable) */
	unsigned ii;	  /* pipeline_initiation_interval(N); 0: not given */
	struct ir_loc loc; /* where the loop is (the pragma's loop), for warnings */
};

struct ir_block {
	unsigned id;
	const char *name;
	struct ir_op **ops;
	unsigned nops;
	struct ir_block **preds;
	unsigned npreds;
	struct ir_kernel *kernel;
	struct ir_loc loc;
	struct ir_loop_hint hint; /* zero when no pragma names the loop */
	uint64_t trip;		  /* a counted loop of this one block with constant
				     bounds: iterations per entry; 0 unknown */
	struct ir_loc inner;	  /* a loop with a loop inside that if_convert made
				     one: the inner loop's branch (line 0: none) */
	const char *apart;	  /* a loop whose outer loop if_convert did not make
				     one with it: why, for the report; NULL: none */
	const struct ir_pipe *read_ahead; /* a loop whose exit block takes the
				     next entry's word of this pipe without
				     waiting (hls/pass/read_ahead.c); NULL: none */
	bool exit_folded;	  /* and whose exit block runs in its last cycle
				     (read_ahead.c, fold) */
};

struct ir_param {
	const char *name;
	unsigned width;
	bool is_signed;
	bool is_float;	       /* a float (width 32) or a double (64) */
	bool is_pointer;       /* a pointer into device memory (width 64) */
	unsigned offset, size; /* bytes in the argument buffer (C struct layout) */
};

enum ir_kernel_kind { KERNEL_STARTED = 0, KERNEL_AUTORUN = 1 };

/* An access to device memory, as a fault report names it. */
struct ir_dmem_site {
	const char *pointer;	/* the argument(s) it goes through: "a", "a or b" */
	struct ir_loc loc;
	bool store;
	unsigned bytes;
};

/* A kernel's channel to device memory: its request pipe and, when some
 * access through it loads, its answer pipe.  Channel 0 serves every
 * access that may alias another; a `restrict` pointer argument gets one
 * of its own, whose requests need no order with the other channels'
 * (C11 6.7.3.1: what is accessed through it is accessed through it only),
 * so a loop over several such arrays is not held to one request a cycle
 * in program order. */
struct ir_dmem_chan {
	struct ir_pipe *req, *rsp;
	int param;		/* the restrict argument, or -1 for channel 0 */
};

/* The request word of a device-memory access (rtl/sluice_devmem.v):
 * {tag, store, size, address[31:0], data[63:0]}. */
#define IR_DMEM_TAG_BITS 16
#define IR_DMEM_REQ_BITS (99 + IR_DMEM_TAG_BITS)
/* The fewest cycles from a request to its answer: one in the request
 * FIFO, three in the memory. */
#define IR_DMEM_LATENCY 4
/* Anchor ids from here on are the compiler's own (a load's request and
 * answer); users' are smaller. */
#define IR_ANCHOR_INTERNAL 0x40000000
/* Device memory when the build does not say: 16 MiB. */
#define IR_DMEM_DEFAULT_BYTES (16u << 20)

struct ir_kernel {
	const char *name;
	enum ir_kernel_kind kind;
	struct ir_param *params;
	unsigned nparams;
	unsigned args_size;	  /* bytes of the argument buffer */
	struct ir_block **blocks; /* blocks[0] is the entry */
	unsigned nblocks;
	struct ir_state **states;
	unsigned nstates;
	struct ir_mem **mems;
	unsigned nmems;
	unsigned nops_total;	  /* next free op id */
	struct ir_loc loc;
	/* device memory (pointer arguments): the kernel's channels, each a
	 * port of the device memory, and its accesses by site number (the
	 * request's tag) */
	struct ir_dmem_chan *dmem_chans;
	unsigned ndmem_chans;
	struct ir_dmem_site *dmem_sites;
	unsigned ndmem_sites;
	/* a kernel that hls/pass/fission.c cut from another, which runs beside
	 * it: that kernel (its first part), and the pipe through which it
	 * takes what that part hands it; NULL: the user's own */
	struct ir_kernel *split_from;
	struct ir_pipe *split_in;
};

/* How a specialization constant reaches the hardware (chosen at build
 * time): folded into the logic, or read from a register of the host
 * bridge that the host may change between kernel runs. */
enum ir_spec_binding { SPEC_FOLDED = 0, SPEC_REGISTER = 1 };

struct ir_spec_const {
	const char *name, *type;
	unsigned width;
	uint64_t value;		/* the folded value, or the register's reset value:
				   the default unless `sluice build --spec` set it */
	enum ir_spec_binding binding;
	struct ir_loc loc;
};

struct ir_program {
	const char *name;	  /* module name (output basename) */
	const char **sources;
	unsigned nsources;
	struct ir_kernel **kernels;
	unsigned nkernels;
	struct ir_pipe **pipes;
	unsigned npipes;
	struct ir_spec_const **specs;
	unsigned nspecs;
	uint64_t dmem_bytes;	  /* device memory of the design (0: none) */
	unsigned next_anchor;	  /* the next of the compiler's own anchors */
};

/* ---- building (ir.c) -------------------------------------------------- */

struct ir_program *ir_program_new(struct hls_ctx *ctx, const char *name);
struct ir_kernel *ir_kernel_new(struct hls_ctx *ctx, struct ir_program *p,
				const char *name, enum ir_kernel_kind kind);
struct ir_block *ir_block_new(struct hls_ctx *ctx, struct ir_kernel *k,
			      const char *name);
/* New op with `nargs` operand slots (filled by the caller), appended to
 * block `b` (when b is non-NULL). */
struct ir_op *ir_op_new(struct hls_ctx *ctx, struct ir_kernel *k,
			struct ir_block *b, enum ir_opcode opc, unsigned width,
			unsigned nargs);
struct ir_op *ir_const(struct hls_ctx *ctx, struct ir_kernel *k,
		       struct ir_block *b, unsigned width, uint64_t value);
struct ir_pipe *ir_pipe_find(struct ir_program *p, const char *name);
/* Makes ops[0..n) (any array) b's ops, in an array that VEC_PUSH can grow
 * (ir_op_new appends to a block that way). */
void ir_block_set_ops(struct hls_ctx *ctx, struct ir_block *b, struct ir_op *const *ops,
		      unsigned n);

/* Recompute every block's preds from the terminators. */
void ir_compute_preds(struct hls_ctx *ctx, struct ir_kernel *k);
/* The natural loop of the back edge latch -> head: head and the blocks
 * that reach latch without passing head, marked in `in` (by block id;
 * the caller clears it; needs preds).  Their number, or 0 where a block
 * before latch is the kernel's entry (no natural loop) or there are more
 * than max. */
unsigned ir_loop_blocks(const struct ir_kernel *k, const struct ir_block *head,
			struct ir_block *latch, bool *in, unsigned max);
/* Takes the blocks with drop[id] set out of k and numbers the others
 * densely, in their order (the caller has left nothing branching to
 * them). */
void ir_drop_blocks(struct ir_kernel *k, const bool *drop);
/* A new `br to` ending block b, with location loc. */
struct ir_op *ir_br(struct hls_ctx *ctx, struct ir_block *b, struct ir_block *to,
		    struct ir_loc loc);
/* A new block (k's last) on the edge x -> y: x goes to it, it goes to y,
 * and y's phis take from it what they took from x.  Preds recomputed. */
struct ir_block *ir_split_edge(struct hls_ctx *ctx, struct ir_block *x, struct ir_block *y);
struct ir_op *ir_terminator(struct ir_block *b);
bool ir_is_terminator(enum ir_opcode opc);
/* eq .. sge; slt .. sge */
bool ir_is_compare(enum ir_opcode opc);
bool ir_is_signed_compare(enum ir_opcode opc);
bool ir_has_side_effect(enum ir_opcode opc); /* pipe, state and terminators */
/* fadd .. fptrunc: computed by a floating-point unit */
bool ir_is_float_op(enum ir_opcode opc);
/* "olt", "une", ... */
const char *ir_fcmp_name(unsigned pred);
/* The pipe, memory or kernel state that op accesses; NULL for none. */
const void *ir_resource(const struct ir_op *op);
/* The guard of a pipe op or a state store: if-converted code (hls/pass/
 * if_convert.c) gives such an op one more operand after its own, of
 * width 1, and the op takes effect only when it is 1 (a guarded read's
 * word, a guarded non-blocking op's ok bit, mean nothing otherwise).
 * NULL: the op always takes effect. */
struct ir_op *ir_guard(const struct ir_op *op);
/* How many operands op has before its guard. */
unsigned ir_guard_index(const struct ir_op *op);
const char *ir_opcode_name(enum ir_opcode opc);
/* Two accesses to one kernel state or one memory, `first` earlier in
 * program order (or in an earlier iteration): the fewest cycles by which
 * `second` must start after `first`, or -1 when they need no order (other
 * objects, two loads of a state).  A state load reads in its cycle what
 * the stores of earlier cycles wrote, a store writes at the end of its
 * cycle: a store after a load may share its cycle (0), anything after a
 * store comes a cycle later (1).  A memory's read port forwards the word
 * a store writes in the load's cycle (hls/rtlgen/memory.c): a load after
 * a store may share its cycle (0), so a read-modify-write carried round a
 * loop (hist[x]++) allows II 1 (and a pipelined loop's store may even
 * come a cycle after the next iteration's load, forwarding late:
 * sched_late_forward in hls/sched/schedule.h); then a store after a
 * load must come a cycle later (1), lest the load see it; two loads on
 * one read port (a ROM has two, op->port), and two stores on the one
 * write port, one per cycle (1). */
int ir_access_gap(const struct ir_op *first, const struct ir_op *second);
/* The address bits of memory m: an index's bits above them are not used
 * (an index past the end is undefined in C). */
unsigned ir_mem_addr_bits(const struct ir_mem *m);
/* Whether a and b are one value: the same op, or constants of one width
 * and value (of 64 bits or fewer; wider ones only when the same op). */
bool ir_same_value(const struct ir_op *a, const struct ir_op *b);

/* ---- printing, verifying, dumping (print.c, verify.c) ------------------ */

void ir_print(struct ir_program *p, void *file /* FILE * */);
void ir_print_kernel(struct ir_kernel *k, void *file);
/* Returns the number of problems found; each is reported as an internal
 * error naming the pass that ran last. */
unsigned ir_verify(struct hls_ctx *ctx, struct ir_program *p, const char *after);
/* After a pass: dump (--dump-ir) and verify (debug builds). */
void ir_after_pass(struct hls_ctx *ctx, struct ir_program *p, const char *pass);

#endif /* SLUICE_IR_H */
