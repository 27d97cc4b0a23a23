/*
 * optimize.c -- the LLVM pass pipelines of the front end.
 *
 * front_inline (after prepare.c marked every helper alwaysinline):
 *
 *   always-inline,globaldce,function(mem2reg)
 *
 *   Folds every helper into the kernels, drops the helpers now dead, and
 *   promotes the locals that do not escape (so a pipe descriptor passed
 *   through a helper's parameter reaches its pipe call as the global).
 *   Afterwards no kernel may call a function with a body (an error at the
 *   call if inlining failed), and any helper still alive (its address
 *   kept somewhere) loses its body, so lower_pipes and state see kernels
 *   only.
 *
 * front_optimize (after lower_pipes.c and state.c), PIPELINE below:
 *
 *   - globaldce, ipsccp, globalopt: drop dead code, fold constant globals
 *     (spec constants, const tables indexed by constants);
 *   - per function: lower-expect and lower-constant-intrinsics remove
 *     __builtin_expect/objectsize; sroa splits the locals (and the kernel
 *     state allocas) into SSA values.  The pipeline runs in two parts
 *     (PIPELINE_SPLIT, PIPELINE) around front_promote_slots
 *     (promote_slots.c), which turns each slot this first sroa could not
 *     split (overlapping accesses, e.g. a bitfield unit across the pieces
 *     of a by-value struct) into one wide integer; the second part starts
 *     with sroa again, which promotes it.  Then early-cse, instcombine and
 *     simplifycfg clean up.  simplifycfg runs with no-switch-to-lookup
 *     (no memories yet, a switch becomes a mux), keep-loops, and without
 *     hoisting or sinking common instructions;
 *   - loops: loop-simplify (in the loop adaptors), licm (invariant work
 *     leaves the loop body, which shortens the schedule of the body), and
 *     loop-rotate (a loop becomes a guarded do-while with its exit test at
 *     the bottom, the shape loop pipelining wants);
 *   - full unrolling of small loops: loop-unroll with no partial, runtime,
 *     upper-bound or peeling unrolling, only loops whose constant trip count
 *     is at most 64 and whose unrolled size stays under LLVM's -O3
 *     threshold (300 instructions after simplification).  This is what
 *     turns a small local array (a shift register, a tap vector, an array
 *     filled from a pipe) into registers: after
 *     unrolling every index is a constant and the second sroa splits it.
 *     Loops holding a pipe operation with an anchor or a latency
 *     constraint are never unrolled (those calls are noduplicate, so an
 *     anchor stays one operation); loops with unknown trip counts (the
 *     streaming loops) are left alone for loop pipelining;
 *   - sroa, instcombine, sccp, gvn, dse, adce, simplifycfg, instcombine
 *     again after unrolling, then loop-simplify so that loops reach the
 *     lowering with a preheader and dedicated exits;
 *   - globaldce drops what is left unused;
 *   - then front_pointer_choices (pointers.c) makes an access through a
 *     pointer that LLVM chose among objects by a phi or select (merging
 *     the blocks of a choice that front_pointers made) a choice again;
 *     front_int_accesses (promote_slots.c) makes the loads and stores of
 *     floats that are left moves of integers, for the arrays below;
 *     front_expand_memory_copies (mem_copies.c) turns each
 *     memset/memcpy of an array of more than 512 bytes into a loop of
 *     word loads and stores, for the next two to rewrite;
 *     front_promote_arrays (promote_slots.c) turns the small arrays
 *     that are still indexed by a variable into wide integers, and the
 *     constant tables read so into one constant each;
 *     front_promote_memories (promote_mems.c) turns the arrays of more
 *     than 512 bytes into memories (@sluice.mem.* calls), or reports why
 *     one cannot be, which stops the compilation; front_device_pointers
 *     (devmem.c) turns the accesses through kernels' pointer arguments
 *     into device-memory operations (@sluice.dmem.* calls); and ARRAY_PIPELINE
 *     (sroa, instcombine, simplifycfg, loop-simplify, globaldce) promotes
 *     and folds what they made.
 * Not run, on purpose: loop and SLP vectorisation (no vectors in
 * hardware); loop-idiom and memcpyopt (they turn loops and store runs into
 * memset/memcpy, which have no hardware here); switch-to-lookup-table
 * (its table would be a memory, or promote_arrays's table logic, where
 * the switch's multiplexer serves as well); partial and runtime
 * unrolling, unswitching and jump threading (they duplicate hardware);
 * div-rem-pairs (it would turn a
 * remainder into a multiply where the divider gives both).
 *
 * Both run with no target machine (LLVM's default, target-neutral cost
 * model) and are followed by LLVMVerifyModule; a broken module is an
 * internal error.
 */
#include "prepare.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <string.h>

#define INLINE_PIPELINE "always-inline,globaldce,function(mem2reg)"

#define SIMPLIFYCFG                                                       \
	"simplifycfg<no-switch-to-lookup;keep-loops;no-hoist-common-insts;" \
	"no-sink-common-insts>"

#define PIPELINE_SPLIT                                                    \
	"globaldce,ipsccp,globalopt,"                                      \
	"function("                                                        \
	"lower-expect,lower-constant-intrinsics,"                          \
	"sroa<modify-cfg>"                                                 \
	")"

#define PIPELINE                                                          \
	"function("                                                        \
	"sroa<modify-cfg>,early-cse<memssa>,instcombine<no-verify-fixpoint>," \
	SIMPLIFYCFG ","                                                    \
	"loop-mssa(licm<allowspeculation>),"                              \
	"loop(loop-rotate<header-duplication;no-prepare-for-lto>),"       \
	"loop-unroll<O3;no-partial;no-runtime;no-upperbound;no-peeling;"  \
	"no-profile-peeling;full-unroll-max=64>,"                          \
	"sroa<modify-cfg>,instcombine<no-verify-fixpoint>,sccp,gvn,dse,adce," \
	SIMPLIFYCFG ",instcombine<no-verify-fixpoint>,loop-simplify"       \
	"),"                                                               \
	"globaldce"

/* after front_promote_arrays: the new wide slots to SSA values, the loads
 * of constant tables folded to constants (and the index arithmetic of
 * front_promote_memories simplified) */
#define ARRAY_PIPELINE                                                    \
	"function(sroa<modify-cfg>,instcombine<no-verify-fixpoint>,"      \
	SIMPLIFYCFG ",loop-simplify),globaldce"

const char *front_pipeline_string(void)
{
	return PIPELINE_SPLIT ",<front_promote_slots>," PIPELINE
	       ",<front_pointer_choices>,<front_expand_memory_copies>,"
	       "<front_promote_arrays>,<front_promote_memories>," ARRAY_PIPELINE;
}

unsigned front_run_passes(struct hls_ctx *ctx, LLVMModuleRef m, const char *passes)
{
	LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
	LLVMPassBuilderOptionsSetLoopVectorization(opts, false);
	LLVMPassBuilderOptionsSetSLPVectorization(opts, false);
	LLVMPassBuilderOptionsSetLoopInterleaving(opts, false);
	LLVMPassBuilderOptionsSetLoopUnrolling(opts, false);
	LLVMPassBuilderOptionsSetVerifyEach(opts, ctx->verify);
	LLVMErrorRef err = LLVMRunPasses(m, passes, NULL, opts);
	LLVMDisposePassBuilderOptions(opts);
	if (err) {
		char *msg = LLVMGetErrorMessage(err);
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "internal error: LLVM pipeline '%s' failed: %s", passes, msg);
		LLVMDisposeErrorMessage(msg);
		return 1;
	}
	return 0;
}

static unsigned verify(struct hls_ctx *ctx, LLVMModuleRef m, const char *after)
{
	char *msg = NULL;
	if (!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
		LLVMDisposeMessage(msg);
		return 0;
	}
	diag_error(&ctx->diag, (struct ir_loc){0},
		   "internal error: the LLVM module is broken after %s: %s", after,
		   msg ? msg : "?");
	LLVMDisposeMessage(msg);
	return 1;
}

/* Turns fn into a declaration: every instruction goes (its uses replaced
 * by poison first), then the blocks, once nothing refers to them, and its
 * debug information. */
static void strip_body(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in))
			if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind)
				LLVMReplaceAllUsesWith(in, LLVMGetPoison(LLVMTypeOf(in)));
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef in;
		while ((in = LLVMGetLastInstruction(bb)))
			LLVMInstructionEraseFromParent(in);
	}
	LLVMBasicBlockRef bb;
	while ((bb = LLVMGetFirstBasicBlock(fn)))
		LLVMDeleteBasicBlock(bb);
	LLVMSetLinkage(fn, LLVMExternalLinkage);
	LLVMSetSection(fn, "");
	/* a declaration has no DISubprogram of its own (the verifier
	 * rejects one that a helper whose address is taken kept) */
	LLVMGlobalEraseMetadata(fn, LLVMGetMDKindID("dbg", 3));
}

static void strip_helpers(LLVMModuleRef m)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn) && !front_is_kernel(fn, NULL))
			strip_body(fn);
}

/* Every call left in a kernel goes to an intrinsic or a declaration. */
static unsigned check_inlined(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!front_is_kernel(fn, NULL))
			continue;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				if (!LLVMIsACallInst(in))
					continue;
				LLVMValueRef c = LLVMGetCalledValue(in);
				if (c && LLVMIsAFunction(c) && LLVMCountBasicBlocks(c) &&
				    !front_is_kernel(c, NULL))
					diag_error(&ctx->diag, front_loc(ctx, in),
						   "cannot inline '%s' into kernel '%s' "
						   "(a computed goto, or another construct "
						   "that LLVM does not inline)",
						   front_c_name(ctx, c), front_c_name(ctx, fn));
			}
	}
	return ctx->diag.errors - errors0;
}

unsigned front_inline(struct hls_ctx *ctx, LLVMModuleRef m)
{
	if (front_run_passes(ctx, m, INLINE_PIPELINE) || verify(ctx, m, "inlining"))
		return 1;
	unsigned n = check_inlined(ctx, m);
	if (n)
		return n;
	strip_helpers(m);
	return verify(ctx, m, "inlining");
}

unsigned front_optimize(struct hls_ctx *ctx, LLVMModuleRef m)
{
	if (front_run_passes(ctx, m, PIPELINE_SPLIT) ||
	    verify(ctx, m, "the first sroa"))
		return 1;
	front_promote_slots(ctx, m);
	if (verify(ctx, m, "promoting the local slots") ||
	    front_run_passes(ctx, m, PIPELINE) || verify(ctx, m, "the pass pipeline"))
		return 1;
	/* accesses through pointers chosen among objects to choices; the
	 * copies of large arrays to loops of words; then what
	 * unrolling (or such a loop) left indexed by a variable: small arrays to
	 * registers, constant tables to logic (promote_slots.c); larger
	 * arrays to memories (promote_mems.c), whose errors stop here: the
	 * lowering would only report the same accesses again */
	unsigned errors = front_pointer_choices(ctx, m);
	if (errors)
		return errors;
	front_int_accesses(m);
	errors = front_expand_memory_copies(ctx, m);
	if (errors)
		return errors;
	unsigned promoted = front_promote_arrays(ctx, m), memories = 0;
	errors = front_promote_memories(ctx, m, &memories);
	if (errors)
		return errors;
	unsigned devptrs = 0;
	errors = front_device_pointers(ctx, m, &devptrs);
	if (errors)
		return errors;
	if ((promoted || memories || devptrs) &&
	    (verify(ctx, m, "promoting the arrays") ||
	     front_run_passes(ctx, m, ARRAY_PIPELINE) || verify(ctx, m, "promoting the arrays")))
		return 1;
	strip_helpers(m);
	return verify(ctx, m, "the pass pipeline");
}
