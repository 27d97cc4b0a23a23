/*
 * lower_pipes.c -- __sluice_pipe_* and __sluice_fence calls -> @sluice.pipe.*
 * calls.
 *
 * Runs after the always-inline pipeline, so every pipe operation of a
 * kernel sits in the kernel itself.  Each call
 *
 *   __sluice_pipe_read(desc, data, size, anchor, target, kind, cycles)
 *   __sluice_pipe_write(desc, data, size, anchor, target, kind, cycles)
 *   __sluice_pipe_read_nb(desc, data, size, ok, anchor, target, kind, cycles)
 *   __sluice_pipe_write_nb(desc, data, size, ok, anchor, target, kind, cycles)
 *
 * becomes, with N = 8 * size and the four props passed through untouched
 * (the pass pipeline folds them to constants; front_lower checks that):
 *
 *   read:     %v = call iN @sluice.pipe.read.iN(ptr @desc, props)
 *             store iN %v, ptr data
 *   write:    %v = load iN, ptr data
 *             call void @sluice.pipe.write.iN(ptr @desc, iN %v, props)
 *   read_nb:  %r = call {iN, i1} @sluice.pipe.read_nb.iN(ptr @desc, props)
 *             store iN (extractvalue %r, 0), ptr data
 *             store i8 (zext (extractvalue %r, 1)), ptr ok
 *   write_nb: %v = load iN, ptr data
 *             %ok = call i1 @sluice.pipe.write_nb.iN(ptr @desc, iN %v, props)
 *             store i8 (zext %ok), ptr ok
 *
 *   fence:    call void @sluice.pipe.fence()      (sluice_fence())
 *
 * (clang keeps a C bool in memory as an i8 holding 0 or 1.)  The data
 * pointer no longer escapes, so SROA/mem2reg turn the value into SSA.
 *
 * The new functions are declared nounwind, nomerge and
 * memory(inaccessiblemem: readwrite): they touch no C-visible memory, so
 * they do not block the promotion of locals, but they are never merged,
 * removed or reordered with each other.  A call with an anchor or a latency
 * constraint (or props that are not constants yet) is also `noduplicate`
 * at the call site: a loop holding one is never unrolled or rotated, so the
 * anchor stays one operation.  Other pipe operations may be copied by full
 * unrolling (a small constant loop that reads a local array's elements
 * from a pipe becomes straight code, and the array registers); each copy
 * is a pipe operation of its own, in program order.
 *
 * Errors (at the call): the descriptor is not a pipe declared with the
 * sluice.h macros ("pipe operation on something that is not a declared
 * pipe"), a size that is not a constant or disagrees with the pipe's
 * declared size, a word wider than IR_MAX_WIDTH bits, a malformed call.
 * Calls outside kernels (in helpers that inlining left dead) are not
 * touched; front_optimize deletes those helpers.
 */
#include "prepare.h"

#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <string.h>

enum pipe_op { OP_READ, OP_WRITE, OP_READ_NB, OP_WRITE_NB, OP_FENCE, NUM_OPS };

static const char *const entry_names[NUM_OPS] = {
	"__sluice_pipe_read", "__sluice_pipe_write",
	"__sluice_pipe_read_nb", "__sluice_pipe_write_nb", "__sluice_fence",
};
static const char *const new_names[NUM_OPS] = {
	"read", "write", "read_nb", "write_nb", "fence",
};

struct lp {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMBuilderRef b;
};

static LLVMValueRef get_fn(struct lp *p, enum pipe_op op, unsigned bits)
{
	char name[64];
	if (op == OP_FENCE)
		snprintf(name, sizeof name, "sluice.pipe.fence");
	else
		snprintf(name, sizeof name, "sluice.pipe.%s.i%u", new_names[op], bits);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(p->lc);
	LLVMTypeRef in = LLVMIntTypeInContext(p->lc, bits);
	LLVMTypeRef i1 = LLVMInt1TypeInContext(p->lc);
	LLVMTypeRef ptr = LLVMPointerTypeInContext(p->lc, 0);
	LLVMTypeRef params[6] = {ptr};
	unsigned np = 1;
	LLVMTypeRef ret;
	switch (op) {
	case OP_READ:
		ret = in;
		break;
	case OP_WRITE:
		ret = LLVMVoidTypeInContext(p->lc);
		params[np++] = in;
		break;
	case OP_READ_NB: {
		LLVMTypeRef f[2] = {in, i1};
		ret = LLVMStructTypeInContext(p->lc, f, 2, false);
		break;
	}
	default:
		ret = i1;
		params[np++] = in;
		break;
	}
	for (int i = 0; i < 4; i++)
		params[np++] = i32;
	if (op == OP_FENCE)
		ret = LLVMVoidTypeInContext(p->lc), np = 0;
	return front_effect_fn(p->m, name, LLVMFunctionType(ret, params, np, false), false);
}

static LLVMValueRef strip_casts(LLVMValueRef v)
{
	while (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0 &&
	       (LLVMGetConstOpcode(v) == LLVMBitCast ||
		LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
		v = LLVMGetOperand(v, 0);
	return v;
}

static bool is_i32(LLVMValueRef v)
{
	LLVMTypeRef t = LLVMTypeOf(v);
	return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
}

static bool is_ptr(LLVMValueRef v)
{
	return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

/* __sluice_fence() -> call void @sluice.pipe.fence(), ordered with the
 * pipe operations as they are with each other. */
static void lower_fence(struct lp *p, LLVMValueRef call)
{
	if (LLVMGetNumArgOperands(call) != 0) {
		diag_error(&p->ctx->diag, front_loc(p->ctx, call),
			   "malformed call to __sluice_fence: use sluice_fence()");
		return;
	}
	LLVMValueRef fn = get_fn(p, OP_FENCE, 0);
	LLVMPositionBuilderBefore(p->b, call);
	LLVMSetCurrentDebugLocation2(p->b, LLVMInstructionGetDebugLoc(call));
	LLVMBuildCall2(p->b, LLVMGlobalGetValueType(fn), fn, NULL, 0, "");
	LLVMInstructionEraseFromParent(call);
}

static void lower_call(struct lp *p, enum pipe_op op, LLVMValueRef call)
{
	struct hls_ctx *ctx = p->ctx;
	if (op == OP_FENCE) {
		lower_fence(p, call);
		return;
	}
	bool nb = op == OP_READ_NB || op == OP_WRITE_NB;
	unsigned nargs = nb ? 8 : 7;
	struct ir_loc loc = front_loc(ctx, call);
	if ((unsigned)LLVMGetNumArgOperands(call) != nargs) {
		diag_error(&ctx->diag, loc, "malformed call to %s: use the sluice.h macros",
			   entry_names[op]);
		return;
	}
	LLVMValueRef desc = strip_casts(LLVMGetOperand(call, 0));
	LLVMValueRef data = LLVMGetOperand(call, 1);
	LLVMValueRef size = LLVMGetOperand(call, 2);
	LLVMValueRef ok = nb ? LLVMGetOperand(call, 3) : NULL;
	LLVMValueRef props[4];
	for (unsigned i = 0; i < 4; i++)
		props[i] = LLVMGetOperand(call, nargs - 4 + i);
	bool shape = is_ptr(data) && (!ok || is_ptr(ok));
	for (unsigned i = 0; i < 4; i++)
		shape &= is_i32(props[i]);
	if (!shape) {
		diag_error(&ctx->diag, loc, "malformed call to %s: use the sluice.h macros",
			   entry_names[op]);
		return;
	}
	struct front_pipe_desc d;
	if (!front_pipe_desc_read(ctx, desc, &d)) {
		diag_error(&ctx->diag, loc,
			   "pipe operation on something that is not a declared pipe");
		return;
	}
	if (!LLVMIsAConstantInt(size)) {
		diag_error(&ctx->diag, loc,
			   "the size of an operation on pipe '%s' is not a constant",
			   d.name);
		return;
	}
	unsigned long long bytes = LLVMConstIntGetZExtValue(size);
	if (bytes != d.size) {
		diag_error(&ctx->diag, loc,
			   "pipe '%s' carries %u-byte words, but this operation "
			   "moves %llu bytes", d.name, d.size, bytes);
		return;
	}
	if (bytes == 0 || bytes > IR_MAX_WIDTH / 8) {
		diag_error(&ctx->diag, loc,
			   "pipe '%s' carries %llu-byte words; words of 1 to %d "
			   "bytes are supported", d.name, bytes, IR_MAX_WIDTH / 8);
		return;
	}
	unsigned bits = (unsigned)bytes * 8;
	LLVMTypeRef in = LLVMIntTypeInContext(p->lc, bits);
	LLVMTypeRef i8 = LLVMInt8TypeInContext(p->lc);
	LLVMValueRef fn = get_fn(p, op, bits);
	LLVMTypeRef fty = LLVMGlobalGetValueType(fn);

	LLVMPositionBuilderBefore(p->b, call);
	LLVMSetCurrentDebugLocation2(p->b, LLVMInstructionGetDebugLoc(call));
	LLVMValueRef args[6];
	unsigned na = 0;
	args[na++] = desc;
	if (op == OP_WRITE || op == OP_WRITE_NB) {
		LLVMValueRef v = LLVMBuildLoad2(p->b, in, data, "pipe.word");
		LLVMSetAlignment(v, 1);
		args[na++] = v;
	}
	for (unsigned i = 0; i < 4; i++)
		args[na++] = props[i];
	const char *rname = op == OP_READ ? "pipe.read" : op == OP_READ_NB ? "pipe.read_nb"
			  : op == OP_WRITE_NB ? "pipe.ok" : "";
	LLVMValueRef r = LLVMBuildCall2(p->b, fty, fn, args, na, rname);
	/* an anchor or a constraint names this one operation: never copy it */
	bool plain = LLVMIsAConstantInt(props[0]) && LLVMIsAConstantInt(props[1]) &&
		     !LLVMConstIntGetZExtValue(props[0]) &&
		     !LLVMConstIntGetZExtValue(props[1]);
	if (!plain) {
		unsigned kind = LLVMGetEnumAttributeKindForName("noduplicate", 11);
		LLVMAddCallSiteAttribute(r, LLVMAttributeFunctionIndex,
					 LLVMCreateEnumAttribute(p->lc, kind, 0));
	}
	LLVMValueRef word = NULL, okbit = NULL;
	switch (op) {
	case OP_READ:
		word = r;
		break;
	case OP_READ_NB:
		word = LLVMBuildExtractValue(p->b, r, 0, "pipe.word");
		okbit = LLVMBuildExtractValue(p->b, r, 1, "pipe.ok");
		break;
	case OP_WRITE_NB:
		okbit = r;
		break;
	default:
		break;
	}
	if (word)
		LLVMSetAlignment(LLVMBuildStore(p->b, word, data), 1);
	if (okbit && !LLVMIsNull(ok)) { /* a NULL ok: the caller ignores it */
		LLVMValueRef byte = LLVMBuildZExt(p->b, okbit, i8, "pipe.ok.byte");
		LLVMSetAlignment(LLVMBuildStore(p->b, byte, ok), 1);
	}
	LLVMInstructionEraseFromParent(call);
}

unsigned front_lower_pipes(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	struct lp p = {ctx, m, LLVMGetModuleContext(m), NULL};
	LLVMValueRef entries[NUM_OPS];
	for (int op = 0; op < NUM_OPS; op++)
		entries[op] = LLVMGetNamedFunction(m, entry_names[op]);
	p.b = LLVMCreateBuilderInContext(p.lc);
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!front_is_kernel(fn, NULL))
			continue;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb)) {
			LLVMValueRef next;
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = next) {
				next = LLVMGetNextInstruction(in); /* lowering erases `in` */
				if (!LLVMIsACallInst(in))
					continue;
				LLVMValueRef callee = LLVMGetCalledValue(in);
				for (int op = 0; op < NUM_OPS; op++)
					if (callee && callee == entries[op])
						lower_call(&p, (enum pipe_op)op, in);
			}
		}
	}
	for (int op = 0; op < NUM_OPS; op++)
		if (entries[op] && !LLVMGetFirstUse(entries[op]))
			LLVMDeleteFunction(entries[op]);
	LLVMDisposeBuilder(p.b);
	return ctx->diag.errors - errors0;
}
