/*
 * state.c -- mutable C globals used by a kernel become kernel state.
 *
 * Runs after inlining and lower_pipes, before the pass pipeline.  First,
 * every global that nothing writes (every use, through GEPs and casts, is a
 * load or the source of a memcpy) is marked constant, and instcombine
 * folds loads from such constants: `static int table[4] = {...}` then folds
 * like a const table and may be read by any number of kernels, and
 * `static int *p = &x;` leads to x itself.  Then, for each global variable
 * that is not constant, not in a "sluice.*" section and not an llvm.*
 * variable, and that some kernel uses:
 *
 *   - declared but defined in no source: an error at the first use;
 *   - used by two or more kernels: an error naming the global and the
 *     kernels, at the first use in the second kernel, with a note at the
 *     first use in the first ("kernels share data through pipes, not
 *     globals");
 *   - wider than IR_MAX_WIDTH bits: left a global, so that K's loads and
 *     stores of it stay as they are and keep their values across kernel
 *     runs; after the pass pipeline promote_mems.c makes it a memory.  It
 *     gets external linkage, or globalopt would split one whose indices
 *     are all constants into scalar globals that are neither state nor
 *     memories;
 *   - otherwise, in its kernel K (N = 8 * sizeof(global)):
 *       entry:   %g.state = alloca T
 *                %s = call iN @sluice.state.load.iN(ptr @g)
 *                store iN %s, ptr %g.state
 *       every use of @g in K, including those inside constant expressions
 *       (which are rebuilt as instructions first), uses %g.state instead;
 *       before each ret:
 *                %s2 = load iN, ptr %g.state
 *                call void @sluice.state.store.iN(ptr @g, iN %s2)
 *     The global keeps its initializer (the reset value) and its uses by
 *     the two calls, so the pipeline keeps it; little-endian storage puts
 *     byte 0 of the global in bits [7:0] of the state word.
 * Constant globals are left alone: SCCP/globalopt/instcombine fold scalar
 * ones, and the tables read with a variable index become logic or ROMs
 * (promote_slots.c, promote_mems.c).
 * The state functions are declared like the pipe functions (lower_pipes.c):
 * nounwind, nomerge, noduplicate, memory(inaccessiblemem: readwrite).
 */
#include "prepare.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <string.h>


struct st {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMBuilderRef b;
	LLVMValueRef *kernels; /* in module order */
	unsigned nkernels;
};

static bool refers_to(LLVMValueRef v, LLVMValueRef g)
{
	if (v == g)
		return true;
	if (!v || !LLVMIsAConstantExpr(v))
		return false;
	int n = LLVMGetNumOperands(v);
	for (int i = 0; i < n; i++)
		if (refers_to(LLVMGetOperand(v, (unsigned)i), g))
			return true;
	return false;
}

/* The first instruction of fn (in block order) that uses g, or NULL. */
static LLVMValueRef first_use_in(LLVMValueRef fn, LLVMValueRef g)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			int n = LLVMGetNumOperands(in);
			for (int i = 0; i < n; i++)
				if (refers_to(LLVMGetOperand(in, (unsigned)i), g))
					return in;
		}
	return NULL;
}

/* Marks in `used` (indexed like st->kernels) the kernels that use v. */
static void kernels_using(struct st *s, LLVMValueRef v, bool *used)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAConstantExpr(user)) {
			kernels_using(s, user, used);
		} else if (LLVMIsAInstruction(user)) {
			LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
			for (unsigned k = 0; k < s->nkernels; k++)
				if (s->kernels[k] == fn)
					used[k] = true;
		}
	}
}

static bool is_mem_transfer_from(LLVMValueRef call, LLVMValueRef v)
{
	LLVMValueRef callee = LLVMGetCalledValue(call);
	if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
		return false;
	size_t len = 0;
	const char *name = LLVMGetValueName2(callee, &len);
	if (strncmp(name, "llvm.memcpy", 11) && strncmp(name, "llvm.memmove", 12))
		return false;
	int n = LLVMGetNumArgOperands(call);
	for (int i = 0; i < n; i++)
		if (i != 1 && LLVMGetOperand(call, (unsigned)i) == v)
			return false;
	return true;
}

/* Is every use of pointer v (through address arithmetic) a read? */
static bool only_read(LLVMValueRef v)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAConstantExpr(user)) {
			LLVMOpcode op = LLVMGetConstOpcode(user);
			if ((op != LLVMGetElementPtr && op != LLVMBitCast &&
			     op != LLVMAddrSpaceCast) || LLVMGetOperand(user, 0) != v ||
			    !only_read(user))
				return false;
		} else if (LLVMIsALoadInst(user)) {
			continue;
		} else if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
			   LLVMIsAAddrSpaceCastInst(user)) {
			if (LLVMGetOperand(user, 0) != v || !only_read(user))
				return false;
		} else if (LLVMIsACallInst(user)) {
			if (!is_mem_transfer_from(user, v))
				return false;
		} else {
			return false;
		}
	}
	return true;
}

static bool skip_global(LLVMValueRef g)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	const char *sec = LLVMGetSection(g);
	return LLVMIsGlobalConstant(g) || (name && !strncmp(name, "llvm.", 5)) ||
	       (sec && !strncmp(sec, "sluice.", 7)) || (sec && !strcmp(sec, "llvm.metadata"));
}

static LLVMValueRef state_fn(struct st *s, bool store, unsigned bits)
{
	char name[64];
	snprintf(name, sizeof name, "sluice.state.%s.i%u", store ? "store" : "load", bits);
	LLVMTypeRef in = LLVMIntTypeInContext(s->lc, bits);
	LLVMTypeRef params[2] = {LLVMPointerTypeInContext(s->lc, 0), in};
	LLVMTypeRef fty = store ? LLVMFunctionType(LLVMVoidTypeInContext(s->lc), params, 2, false)
				: LLVMFunctionType(in, params, 1, false);
	return front_effect_fn(s->m, name, fty, true);
}

/* An instruction computing constant expression `ce` with g replaced by
 * `repl`, inserted at the builder; NULL when ce is of a kind we do not
 * rebuild. */
static LLVMValueRef materialize(struct st *s, LLVMValueRef ce, LLVMValueRef g,
				LLVMValueRef repl)
{
	if (ce == g)
		return repl;
	if (!refers_to(ce, g))
		return ce;
	unsigned n = (unsigned)LLVMGetNumOperands(ce);
	LLVMValueRef ops[16];
	if (n > 16)
		return NULL;
	for (unsigned i = 0; i < n; i++) {
		ops[i] = materialize(s, LLVMGetOperand(ce, i), g, repl);
		if (!ops[i])
			return NULL;
	}
	LLVMOpcode op = LLVMGetConstOpcode(ce);
	switch (op) {
	case LLVMGetElementPtr: {
		LLVMValueRef r = LLVMBuildGEP2(s->b, LLVMGetGEPSourceElementType(ce),
					       ops[0], ops + 1, n - 1, "");
		LLVMSetIsInBounds(r, LLVMIsInBounds(ce));
		return r;
	}
	case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt:
	case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
		return LLVMBuildCast(s->b, op, ops[0], LLVMTypeOf(ce), "");
	case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMXor:
	case LLVMAnd: case LLVMOr: case LLVMLShr: case LLVMAShr:
		return LLVMBuildBinOp(s->b, op, ops[0], ops[1], "");
	case LLVMICmp:
		return LLVMBuildICmp(s->b, LLVMGetICmpPredicate(ce), ops[0], ops[1], "");
	default:
		return NULL;
	}
}

/* Replaces every use of g in fn by `slot`.  false when a use could not be
 * rewritten (reported by the caller). */
static bool replace_uses(struct st *s, LLVMValueRef fn, LLVMValueRef g,
			 LLVMValueRef slot)
{
	bool ok = true;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			if (in == slot)
				continue;
			unsigned n = (unsigned)LLVMGetNumOperands(in);
			for (unsigned i = 0; i < n; i++) {
				LLVMValueRef v = LLVMGetOperand(in, i);
				if (v == g) {
					LLVMSetOperand(in, i, slot);
					continue;
				}
				if (!refers_to(v, g))
					continue;
				if (LLVMIsAPHINode(in))
					LLVMPositionBuilderBefore(s->b, LLVMGetBasicBlockTerminator(
						LLVMGetIncomingBlock(in, i)));
				else
					LLVMPositionBuilderBefore(s->b, in);
				LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(in));
				LLVMValueRef r = materialize(s, v, g, slot);
				if (r)
					LLVMSetOperand(in, i, r);
				else
					ok = false;
			}
		}
	return ok;
}

static LLVMMetadataRef fn_start_loc(struct st *s, LLVMValueRef fn)
{
	LLVMMetadataRef sp = LLVMGetSubprogram(fn);
	if (!sp)
		return NULL;
	return LLVMDIBuilderCreateDebugLocation(s->lc, LLVMDISubprogramGetLine(sp), 0, sp, NULL);
}

static void make_state(struct st *s, LLVMValueRef fn, LLVMValueRef g, unsigned bits)
{
	struct hls_ctx *ctx = s->ctx;
	LLVMTypeRef t = LLVMGlobalGetValueType(g);
	LLVMTypeRef in = LLVMIntTypeInContext(s->lc, bits);
	const char *cname = front_c_name(ctx, g);
	unsigned align = LLVMGetAlignment(g);

	LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
	LLVMPositionBuilderBefore(s->b, LLVMGetFirstInstruction(entry));
	LLVMSetCurrentDebugLocation2(s->b, fn_start_loc(s, fn));
	LLVMValueRef slot = LLVMBuildAlloca(s->b, t, arena_printf(&ctx->arena, "%s.state", cname));
	if (align)
		LLVMSetAlignment(slot, align);
	if (!replace_uses(s, fn, g, slot)) {
		LLVMValueRef at = first_use_in(fn, g);
		diag_error(&ctx->diag, front_loc(ctx, at ? at : fn),
			   "the address of global '%s' is used in a way that cannot "
			   "be kept as kernel state", cname);
	}

	/* after the rewrite, which would also catch the call's @g */
	LLVMPositionBuilderBefore(s->b, LLVMGetNextInstruction(slot));
	LLVMSetCurrentDebugLocation2(s->b, fn_start_loc(s, fn));
	LLVMValueRef load_fn = state_fn(s, false, bits);
	LLVMValueRef args[2] = {g, NULL};
	LLVMValueRef v = LLVMBuildCall2(s->b, LLVMGlobalGetValueType(load_fn), load_fn,
					args, 1, cname);
	LLVMSetAlignment(LLVMBuildStore(s->b, v, slot), 1);

	LLVMValueRef store_fn = state_fn(s, true, bits);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
		if (!term || LLVMGetInstructionOpcode(term) != LLVMRet)
			continue;
		LLVMPositionBuilderBefore(s->b, term);
		LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(term));
		LLVMValueRef nv = LLVMBuildLoad2(s->b, in, slot, "");
		LLVMSetAlignment(nv, 1);
		args[1] = nv;
		LLVMBuildCall2(s->b, LLVMGlobalGetValueType(store_fn), store_fn, args, 2, "");
	}
}

static void do_global(struct st *s, LLVMValueRef g, LLVMTargetDataRef td)
{
	struct hls_ctx *ctx = s->ctx;
	bool *used = arena_alloc(&ctx->arena, (s->nkernels + 1) * sizeof *used);
	kernels_using(s, g, used);
	unsigned nused = 0, first = 0;
	for (unsigned k = 0; k < s->nkernels; k++)
		if (used[k] && !nused++)
			first = k;
	if (!nused)
		return;
	const char *cname = front_c_name(ctx, g);
	if (LLVMIsDeclaration(g) || !LLVMGetInitializer(g)) {
		LLVMValueRef at = first_use_in(s->kernels[first], g);
		diag_error(&ctx->diag, front_loc(ctx, at), "global '%s' is declared "
			   "but not defined in any source file", cname);
		return;
	}
	if (only_read(g)) {
		LLVMSetGlobalConstant(g, true);
		return;
	}
	if (nused > 1) {
		char *names = NULL;
		unsigned seen = 0, second = 0;
		for (unsigned k = 0; k < s->nkernels; k++) {
			if (!used[k])
				continue;
			const char *kn = front_c_name(ctx, s->kernels[k]);
			if (!seen)
				names = arena_printf(&ctx->arena, "'%s'", kn);
			else
				names = arena_printf(&ctx->arena, "%s%s'%s'", names,
						     seen + 1 == nused ? " and " : ", ", kn);
			if (seen++ == 1)
				second = k;
		}
		diag_error(&ctx->diag, front_loc(ctx, first_use_in(s->kernels[second], g)),
			   "global '%s' is used by kernels %s; kernels share data "
			   "through pipes, not globals", cname, names);
		diag_note(&ctx->diag, front_loc(ctx, first_use_in(s->kernels[first], g)),
			  "'%s' uses '%s' here", front_c_name(ctx, s->kernels[first]), cname);
		return;
	}
	unsigned long long bytes = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
	if (bytes == 0)
		return; /* an empty struct: nothing to keep */
	if (bytes > IR_MAX_WIDTH / 8) {
		/* a memory (promote_mems.c): its loads and stores stay, and it
		 * is made external so that globalopt does not split it into
		 * scalars when all its indices are constants (they would be
		 * globals that are neither state nor memories) */
		LLVMSetLinkage(g, LLVMExternalLinkage);
		return;
	}
	make_state(s, s->kernels[first], g, (unsigned)bytes * 8);
}

unsigned front_state(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	struct st s = {ctx, m, LLVMGetModuleContext(m), NULL, NULL, 0};
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (front_is_kernel(fn, NULL) && LLVMCountBasicBlocks(fn))
			VEC_PUSH(&ctx->arena, s.kernels, s.nkernels, fn);
	/* read-only globals become constants first, and instcombine folds
	 * loads from them, so that `static int *p = &x;` leads to x itself */
	bool folded = false;
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
		if (!skip_global(g) && LLVMGetInitializer(g) && only_read(g)) {
			LLVMSetGlobalConstant(g, true);
			folded = true;
		}
	if (folded && front_run_passes(ctx, m, "function(instcombine<no-verify-fixpoint>)"))
		return ctx->diag.errors - errors0;
	s.b = LLVMCreateBuilderInContext(s.lc);
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
		if (!skip_global(g))
			do_global(&s, g, td);
	LLVMDisposeBuilder(s.b);
	return ctx->diag.errors - errors0;
}
