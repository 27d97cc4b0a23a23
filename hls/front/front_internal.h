/*
 * front_internal.h -- what the files of hls/front/ (and hls/pass/
 * link_check.c) share: the stages of front_compile and the helpers they
 * have in common.
 *
 *   front_clang    (clang.c)         C sources -> one linked LLVM module
 *   ...prepare/optimize              -> the intermediate LLVM form
 *   front_lower    (lower*.c)        intermediate LLVM form -> sluice IR
 *
 * The intermediate LLVM form (the contract between preparation and
 * lowering): only kernel functions have bodies (sections "sluice.kernel" /
 * "sluice.autorun"), with integer params i1..i64; pipe ops are calls to
 * @sluice.pipe.{read,write,read_nb,write_nb}.iN (N = 8*sizeof(T)) whose
 * first argument is the descriptor global and whose i32 props are
 * constants; kernel state is @sluice.state.load.iN(ptr @g) once in the
 * entry block and @sluice.state.store.iN(ptr @g, iN) before each ret; an
 * array in memory (a global, or an alloca of the entry block) is read and
 * written only by @sluice.mem.load.iW(ptr %a, i64 %index) and
 * @sluice.mem.store.iW(ptr %a, i64 %index, iW), W one of 8, 16, 32, 64
 * for all the calls naming %a; the rest is integer arithmetic of any
 * width, phi/select/br/switch/ret and a set of intrinsics.  Pipe
 * descriptors stay in section "sluice.pipes", spec constant descriptors
 * in "sluice.specdesc".
 *
 * Ownership: lower*.c and this header belong to the front-lower engineer;
 * the other files of hls/front/ to front-prepare.
 */
#ifndef SLUICE_FRONT_INTERNAL_H
#define SLUICE_FRONT_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include <stdbool.h>

#include "../ir/ir.h"
#include "front.h"

/* ---- clang.c ---------------------------------------------------------- */

/* Compiles every source with clang and links the bitcode into one module
 * (*out, in context lc).  Returns the number of errors reported (0: *out is
 * the module). */
unsigned front_clang(struct hls_ctx *ctx, LLVMContextRef lc,
		     const struct front_opts *o, LLVMModuleRef *out);

/* ---- pointer -> pointer map (prepare_util.c) ----------------------------- */

struct pmap {
	void **keys, **vals;
	size_t cap, n; /* cap is 0 or a power of two */
};

void *pmap_get(const struct pmap *m, const void *key);
void pmap_put(struct pmap *m, const void *key, void *val);
void pmap_clear(struct pmap *m);
void pmap_free(struct pmap *m);

/* ---- prepare_util.c --------------------------------------------------- */

/* Whether fn is a kernel (section "sluice.kernel" or "sluice.autorun"),
 * and which kind (when kind is non-NULL). */
bool front_is_kernel(LLVMValueRef fn, enum ir_kernel_kind *kind);
/* The instruction after `in` (NULL: the first) among the instructions of
 * m's kernels, in function, block and instruction order; NULL after the
 * last.  `in` must still be in its block. */
LLVMValueRef front_next_kernel_inst(LLVMModuleRef m, LLVMValueRef in);

/* The source location of an instruction (else its function's), a function
 * or a global variable, from debug information; {0} when unknown.  The file
 * name is copied into the ctx arena. */
struct ir_loc front_loc(struct hls_ctx *ctx, LLVMValueRef v);

/* The C name of a global or function (from debug info, else the symbol
 * name without the linker's ".N" suffix), in the ctx arena. */
const char *front_c_name(struct hls_ctx *ctx, LLVMValueRef g);
/* Whether t is a floating-point type or a vector of one. */
bool front_is_fp_type(LLVMTypeRef t);
/* Word w (an iN) with bits [amt, amt + field_bits) replaced by v (a
 * narrower integer, zero-extended), little-endian as sluice lays out
 * memory: a store into part of a wide slot or of a memory word.  amt is
 * an iN shift amount, constant or not; NULL for 0. */
LLVMValueRef front_insert_bits(LLVMBuilderRef b, LLVMValueRef w, LLVMValueRef v,
			       unsigned field_bits, LLVMValueRef amt);
/* The bit offset 8 * o as an iN shift amount, from the i64 byte offset o. */
LLVMValueRef front_bit_amount(LLVMBuilderRef b, LLVMValueRef o, LLVMTypeRef iN);
/* The name of the function a call calls directly, or "". */
const char *front_callee_name(LLVMValueRef call);
/* One index of a GEP, the i-th (idx), stepping *ty (the GEP's source
 * element type before the first) into what it selects: a constant field
 * of a struct adds *field bytes (and *stride is 0); an index of the
 * pointer itself or of an array moves *stride bytes a step (*field 0).
 * False where the walk cannot go on: a vector, a struct field chosen by
 * a variable, an index that is not an integer. */
bool front_gep_step(LLVMTargetDataRef td, LLVMTypeRef *ty, unsigned i, LLVMValueRef idx,
		    int64_t *field, uint64_t *stride);
/* The function `name` of type fty in m, added on first use with the
 * attributes of sluice's own operations: nounwind, nomerge, `noduplicate`
 * when asked, and memory(inaccessiblemem: readwrite), so that LLVM keeps
 * every call, in order, and merges none (pipe, state and memory
 * operations: lower_pipes.c, state.c, promote_mems.c). */
LLVMValueRef front_effect_fn(LLVMModuleRef m, const char *name, LLVMTypeRef fty,
			     bool noduplicate);

/* Moves the instructions of in's block before `in` into a new block before
 * it, which the block's predecessors now branch to (its phis move with
 * it, their incoming blocks unchanged; the new block takes the block's
 * name, and the block, which keeps `in`, what follows it and the
 * terminator, is renamed rest_name); leaves the builder at the end of the
 * new block, which has no terminator yet. */
LLVMBasicBlockRef front_split_before(struct hls_ctx *ctx, LLVMBuilderRef b, LLVMValueRef in,
				     const char *rest_name);

/* One `struct sluice_pipe_desc` global as written.  After llvm-link there
 * is one per source file that declares the pipe, so one name can have
 * several; front_check_pipe_decls reports those that disagree. */
struct front_pipe_desc {
	const char *name;  /* identity of the pipe */
	const char *type;  /* the C type as written ("int32_t") */
	unsigned size;	   /* sizeof the type, in bytes */
	int min_capacity;
	int kind;	   /* enum sluice_pipe_kind, as written */
	int dir;	   /* enum sluice_pipe_dir, as written */
	struct ir_loc loc; /* the declaration (col 0: globals have none) */
};

/* Pointer constant v without the constant casts and GEPs around it. */
LLVMValueRef front_strip_casts(LLVMValueRef v);

/* The constant C string that pointer constant p points to (trailing NULs
 * dropped), in the ctx arena; NULL when p is not one. */
const char *front_const_string(struct hls_ctx *ctx, LLVMValueRef p);

/* A specialization constant's descriptor (a "sluice.specdesc" global g,
 * written by SLUICE_SPEC_CONSTANT). */
struct front_spec_desc {
	const char *name, *type; /* as written */
	unsigned size;		 /* bytes */
	LLVMValueRef value;	 /* the global holding the value */
};

/* Reads descriptor g; false when it is not well formed. */
bool front_spec_desc_read(struct hls_ctx *ctx, LLVMValueRef g, struct front_spec_desc *out);

/* Reads the descriptor that pointer constant v (a "sluice.pipes" global,
 * possibly behind a constant cast/GEP) stands for.  False when v is not a
 * well-formed descriptor. */
bool front_pipe_desc_read(struct hls_ctx *ctx, LLVMValueRef v,
			  struct front_pipe_desc *out);

/* ---- lower*.c --------------------------------------------------------- */

/* Lowers the module (in the intermediate form) to sluice IR: one ir_pipe
 * per distinct pipe name (its properties from the first descriptor of that
 * name in module order: front_check_pipe_decls has made them agree), one
 * ir_spec_const per spec constant name, one ir_kernel per kernel, with its
 * params, blocks, ops, state and memories.  Every construct it cannot
 * lower is reported as `file:line:col: error: ...` naming it in C terms
 * (all of them, not only the first); returns NULL when any error was
 * reported.
 * Does not modify the module; what it returns lives in ctx->arena and
 * outlives the LLVM context.  prog->sources is left empty (the caller
 * knows them).  Details: the header comments of lower.h and lower*.c. */
struct ir_program *front_lower(struct hls_ctx *ctx, LLVMModuleRef m,
			       const char *module_name);

#endif /* SLUICE_FRONT_INTERNAL_H */
