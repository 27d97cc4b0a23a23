/*
 * prepare.h -- the stages of hls/front/ that take the linked LLVM module to
 * the intermediate LLVM form (front_internal.h describes that form), in the
 * order front_compile (front.c) runs them.  Each returns the number of
 * errors it reported; 0 means success and the next stage may run.
 *
 * Besides what front_internal.h promises, the form they leave has:
 *   - the descriptors of one pipe name agreeing with each other
 *     (front_check_pipe_decls), so front_lower can take any of them;
 *   - pipe words of 1..IR_MAX_WIDTH/8 bytes, kernel state of at most
 *     IR_MAX_WIDTH bits (lower_pipes.c, state.c), memory words of 1, 2, 4
 *     or 8 bytes (promote_mems.c);
 *   - `freeze` instructions (instcombine makes them; a plain copy in
 *     hardware) and debug records among the instructions;
 *   - every non-kernel function a declaration.
 */
#ifndef SLUICE_FRONT_PREPARE_H
#define SLUICE_FRONT_PREPARE_H

#include "front_internal.h"

/* prepare_pipes.c: every two descriptors with one pipe name agree on type,
 * size, MinCapacity, kind and direction (error at the later one, note at
 * the other); a malformed "sluice.pipes" global is an error. */
unsigned front_check_pipe_decls(struct hls_ctx *ctx, LLVMModuleRef m);

/* prepare.c: rejects unsupported C in the functions kernels reach;
 * marks helpers alwaysinline + internal. */
unsigned front_prepare(struct hls_ctx *ctx, LLVMModuleRef m);

/* optimize.c: the always-inline pipeline; after it only kernels have
 * bodies. */
unsigned front_inline(struct hls_ctx *ctx, LLVMModuleRef m);

/* lower_pipes.c: __sluice_pipe_* calls -> @sluice.pipe.*.iN. */
unsigned front_lower_pipes(struct hls_ctx *ctx, LLVMModuleRef m);

/* pointers.c: a pointer that may point to several objects, or that is kept
 * in memory, becomes an integer (an object's tag and an offset), and an
 * access through it a choice among the objects it may point to; the
 * globals holding pointers hold those integers.  What is left are
 * pointers to one object each, computed from its address. */
unsigned front_pointers(struct hls_ctx *ctx, LLVMModuleRef m);
/* pointers.c: after the pass pipeline, before the arrays are promoted: an
 * access through a pointer chosen among objects (LLVM merges the accesses
 * of front_pointers' choices into one through a phi or select of their
 * addresses) is a choice among them again. */
unsigned front_pointer_choices(struct hls_ctx *ctx, LLVMModuleRef m);

/* state.c: mutable globals used by a kernel -> @sluice.state.*.iN (those
 * of more than IR_MAX_WIDTH bits stay globals, for promote_mems.c). */
unsigned front_state(struct hls_ctx *ctx, LLVMModuleRef m);

/* promote_slots.c: every local slot of a kernel that SROA left behind and
 * that does not escape (constant-offset integer loads/stores, memsets,
 * lifetime markers; at most 512 bytes) becomes one iN alloca (N = 8*size)
 * accessed by shifts and masks, which SROA/mem2reg then promote.  Returns
 * the number of slots rewritten; reports nothing. */
unsigned front_promote_slots(struct hls_ctx *ctx, LLVMModuleRef m);
/* mem_copies.c: after the pass pipeline, before front_promote_arrays:
 * each memset/memcpy/memmove on an array of more than 512 bytes becomes
 * a loop of word loads and stores; what cannot is an error.  Returns the
 * number of errors (the module is unchanged when there is any). */
unsigned front_expand_memory_copies(struct hls_ctx *ctx, LLVMModuleRef m);
/* promote_slots.c: after the pass pipeline, before the arrays are
 * promoted: every load and store of a half, float or double in a kernel
 * moves the integer of its width instead (bitcast).  Returns how many. */
unsigned front_int_accesses(LLVMModuleRef m);
/* promote_slots.c: after the pass pipeline, small arrays (and constant
 * tables of less than MIN_ROM_BYTES) indexed by a variable become one wide
 * integer; returns how many. */
unsigned front_promote_arrays(struct hls_ctx *ctx, LLVMModuleRef m);
/* A constant table of MIN_ROM_BYTES to 512 bytes is a ROM in block RAM
 * when kernels read it with a variable index and only load from it; the
 * predicate, for promote_mems.c. */
#define MIN_ROM_BYTES 256
bool front_rom_table(struct hls_ctx *ctx, LLVMTargetDataRef td, LLVMValueRef g);
/* promote_mems.c: after the pass pipeline, the arrays of more than 512
 * bytes (locals, constant tables, mutable globals) whose loads and stores
 * all move words of one size become @sluice.mem.{load,store}.iN calls;
 * any other such array is an error at the offending instruction.  Returns
 * the number of errors (the module is unchanged when there is any), and
 * in *nmems the number of arrays rewritten. */
unsigned front_promote_memories(struct hls_ctx *ctx, LLVMModuleRef m, unsigned *nmems);

/* devmem.c: loads and stores through kernels' pointer arguments ->
 * @sluice.dmem.* calls; *n gets how many kernels had such accesses.
 * Returns the number of errors. */
unsigned front_device_pointers(struct hls_ctx *ctx, LLVMModuleRef m, unsigned *n);

/* optimize.c: the hardware pass pipeline, then LLVMVerifyModule. */
/* spec_bind.c: folds each specialization constant with its default or
 * --spec value, or turns its reads into @sluice.spec.NAME() calls when it
 * is register-bound; front_spec_register says which are. */
unsigned front_bind_specs(struct hls_ctx *ctx, LLVMModuleRef m, const struct front_opts *o);
bool front_spec_register(const struct front_opts *o, const char *name);
unsigned front_optimize(struct hls_ctx *ctx, LLVMModuleRef m);
const char *front_pipeline_string(void);
/* optimize.c: runs an LLVM pass pipeline (no target machine); an error
 * (reported) when LLVM rejects it.  Returns the number of errors. */
unsigned front_run_passes(struct hls_ctx *ctx, LLVMModuleRef m,
			  const char *passes);

#endif /* SLUICE_FRONT_PREPARE_H */
