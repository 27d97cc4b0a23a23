/*
 * lower.h -- private to hls/front/lower*.c: the state of the lowering from
 * the intermediate LLVM form to sluice IR, and the helpers its files share.
 *
 *   lower.c            front_lower: program, kernels, params, blocks, phis
 *   lower_globals.c    pipes, spec constants, kernel state (C globals),
 *                      memories (arrays)
 *   lower_inst.c       one LLVM instruction -> ops (arithmetic, casts,
 *                      aggregates, terminators); unsupported constructs
 *   lower_call.c       calls: pipe, state and memory ops, what may not be
 *                      called
 *   lower_intrinsic.c  llvm.* intrinsics
 *   lower_const.c      constants of any width, initializers as bytes
 *   lower_util.c       pointer map, names, locations, errors, op builders
 *
 * Values: every LLVM value of a supported type is one bit vector.  Integers
 * are themselves; half/float/double are their bits (so they can be passed
 * around, but arithmetic on them is an error); a struct or array of such
 * values is packed with element 0 in the low bits, each field taking
 * exactly its width (so the {iN, i1} of a read_nb or *.with.overflow is
 * the N+1-bit vector whose bit N is the flag, as IR_PIPE_READ_NB returns
 * it).  Pointers, vectors and other types have no width (0).
 */
#ifndef SLUICE_FRONT_LOWER_H
#define SLUICE_FRONT_LOWER_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "front_internal.h"

/* ---- the lowering ---------------------------------------------------- */

struct lower_file {
	const char *raw; /* LLVM's string */
	unsigned len;
	const char *name; /* arena copy */
};

struct lower {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMTargetDataRef td;
	struct ir_program *prog;
	struct pmap pipes;	/* descriptor global -> ir_pipe */
	struct lower_file *files; /* interned debug-info file names */
	unsigned nfiles;
	char last_err[256];	/* to drop an error repeated on one line */
	struct ir_loc last_err_loc;

	/* the kernel being lowered */
	LLVMValueRef fn;
	struct ir_kernel *k;
	struct pmap vals;	/* LLVM instruction/argument -> ir_op */
	struct pmap blocks;	/* LLVM basic block -> ir_block (reachable) */
	struct pmap consts;	/* LLVM constant -> ir_op, in the current block */
	struct pmap states;	/* global -> ir_state */
	struct pmap mems;	/* global or alloca -> ir_mem */
	struct pmap banks;	/* global or alloca -> SLUICE_PARTITION's banks (as a pointer) */
	struct pmap reported;	/* memory objects already diagnosed */
	struct ir_block *b;	/* where ops are appended */
	struct ir_loc loc;	/* of the instruction being lowered */
};

/* lower_util.c */
void lower_error(struct lower *L, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
struct ir_loc lower_inst_loc(struct lower *L, LLVMValueRef inst);
const char *lower_sanitize(struct lower *L, const char *s, size_t len);
const char *lower_value_name(struct lower *L, LLVMValueRef v);
unsigned lower_type_width(LLVMTypeRef t); /* 0: no bit-vector form */
const char *lower_callee_name(LLVMValueRef call); /* NULL: indirect */

/* Op builders: append to L->b with L->loc.  They take ops of matching
 * widths (the callers check the LLVM types first). */
struct ir_op *lower_op(struct lower *L, enum ir_opcode opc, unsigned width,
		       unsigned nargs);
struct ir_op *lower_op1(struct lower *L, enum ir_opcode opc, unsigned width,
			struct ir_op *a);
struct ir_op *lower_op2(struct lower *L, enum ir_opcode opc, unsigned width,
			struct ir_op *a, struct ir_op *b);
struct ir_op *lower_bin(struct lower *L, enum ir_opcode opc, struct ir_op *a,
			struct ir_op *b); /* width of a */
struct ir_op *lower_cmp(struct lower *L, enum ir_opcode opc, struct ir_op *a,
			struct ir_op *b);
struct ir_op *lower_select(struct lower *L, struct ir_op *c, struct ir_op *t,
			   struct ir_op *f);
/* -a for a float or double: its sign bit flipped */
struct ir_op *lower_fneg(struct lower *L, struct ir_op *a);
/* zext/sext/trunc to `width`; the operand itself when widths agree */
struct ir_op *lower_resize(struct lower *L, enum ir_opcode opc,
			   struct ir_op *a, unsigned width);
struct ir_op *lower_extract(struct lower *L, struct ir_op *a, unsigned lo,
			    unsigned width);
struct ir_op *lower_concat(struct lower *L, struct ir_op *hi,
			   struct ir_op *lo);
struct ir_op *lower_imm(struct lower *L, unsigned width, uint64_t v);

/* lower_const.c */
/* The value of an LLVM constant of a supported type as an op in the
 * current block (IR_CONST, IR_UNDEF); NULL after an error. */
struct ir_op *lower_constant(struct lower *L, LLVMValueRef c);
/* The bits of a ConstantInt, in ceil(width/64) arena words. */
uint64_t *lower_const_words(struct lower *L, LLVMValueRef c, unsigned width);
/* A constant op of `width` bits from words (ceil(width/64) of them). */
struct ir_op *lower_wide_imm(struct lower *L, unsigned width,
			     const uint64_t *words);
/* Lays the constant `c` out in memory as the host would (data layout of
 * the module) into bytes[0..size); false after reporting an error about
 * the initializer of `what` at `loc`. */
bool lower_init_bytes(struct lower *L, LLVMValueRef c, uint8_t *bytes,
		      uint64_t size, const char *what, struct ir_loc loc);

/* lower.c */
/* The op for an LLVM value used by the instruction being lowered:
 * instructions and arguments from the map, constants materialised in the
 * current block.  Never NULL: a value that failed to lower (its error is
 * already reported) reads as IR_UNDEF. */
struct ir_op *lower_val(struct lower *L, LLVMValueRef v);
/* Binds the LLVM value `v` to op (naming it after v). */
void lower_bind(struct lower *L, LLVMValueRef v, struct ir_op *op);

/* lower_globals.c */
void lower_pipes(struct lower *L);
void lower_specs(struct lower *L);
/* The kernel state for global g (made on first use); NULL after an error. */
struct ir_state *lower_state(struct lower *L, LLVMValueRef g, unsigned width);
/* The kernel's memory for object obj (a global or an alloca) with words of
 * `width` bits (made on first use); NULL after an error. */
/* SLUICE_PARTITION(N) of each global and local (lower_globals.c), which
 * lower_mem gives the memory it makes. */
void lower_partition_requests(struct lower *L);
struct ir_mem *lower_mem(struct lower *L, LLVMValueRef obj, unsigned width);

/* lower_inst.c */
void lower_inst(struct lower *L, LLVMValueRef inst);
void lower_memory_access(struct lower *L, LLVMValueRef ptr);

/* lower_call.c */
void lower_call(struct lower *L, LLVMValueRef call);

/* lower_intrinsic.c: false when `name` is not an intrinsic it knows (the
 * caller reports it). */
bool lower_intrinsic(struct lower *L, LLVMValueRef call, const char *name);

#endif /* SLUICE_FRONT_LOWER_H */
