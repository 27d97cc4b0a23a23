/*
 * devmem.c -- front_device_pointers(): the accesses through a kernel's
 * pointer arguments become device-memory operations.
 *
 * A pointer argument of a SLUICE_KERNEL points into device memory (the
 * host's sluice_malloc_device, rtl/sluice_devmem.v): one flat,
 * byte-addressed memory that every kernel and the host share, which C
 * may alias freely.  Runs after the pass pipeline (LLVM's alias analysis
 * has done its work on ordinary loads and stores) and before the arrays'
 * clean-up pipeline.  Each pointer derived from argument P -- through
 * GEPs, phis and selects, as a loop walking a pointer leaves them -- gets
 * an i64 twin: `ptrtoint P` at the entry plus the GEPs' byte offsets (a
 * phi's twin is a phi, a select's a select).  Then, with the access's
 * site number s (its place among the kernel's accesses in program order)
 * and the set of arguments it may be derived from as a mask M:
 *
 *   load iN from p          ->  %v = call iN @sluice.dmem.load.iN(i64 p', i32 s, i64 M)
 *   store iN %v to p        ->  call void @sluice.dmem.store.iN(i64 p', iN %v, i32 s, i64 M)
 *   icmp of two such pointers (or one and null)  ->  icmp of the twins
 *   ptrtoint p              ->  the twin
 *
 * for N = 8, 16, 32, 64; float and double go as their bits.  The calls
 * are front_effect_fn's (noduplicate): LLVM keeps them all, in order, so
 * device memory sees the kernel's accesses in program order, which is
 * what makes aliasing arguments safe.  The pointer twins left without
 * users are removed by the next pipeline.
 *
 * Errors, at the instruction: an access that is not of 1, 2, 4 or 8
 * bytes of an integer, float or double (a struct copied whole, a pointer
 * stored in device memory), an access that LLVM does not know to be
 * aligned to its size (device memory moves naturally aligned words), an
 * atomic access, a pointer into device memory that may also point
 * elsewhere (a phi or select mixing an argument and a local array), and a
 * device pointer that escapes (passed to a call, stored, returned;
 * memset and memcpy on device memory are loops of word accesses by now,
 * mem_copies.c).  Returns the number of errors; the module is left as it is
 * when there are any (the compilation stops).
 */
#include "prepare.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct twin {
	LLVMValueRef ptr, addr; /* addr: the i64 twin, or NULL while built */
	uint64_t mask;		/* arguments it may be derived from */
};

/* What derived() found for a GEP or a select. */
struct derived_memo {
	bool found;
	uint64_t mask;
};

struct dm {
	struct pmap memo;	/* GEP or select -> struct derived_memo */
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	LLVMValueRef fn;
	LLVMTypeRef i64;
	struct twin *tw;
	unsigned ntw;
	unsigned errors;
	unsigned sites;
};

static void dm_error(struct dm *d, LLVMValueRef in, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void dm_error(struct dm *d, LLVMValueRef in, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(&d->ctx->diag, "error", front_loc(d->ctx, in), fmt, ap);
	va_end(ap);
	d->errors++;
}

static struct twin *find(struct dm *d, LLVMValueRef v)
{
	for (unsigned i = 0; i < d->ntw; i++)
		if (d->tw[i].ptr == v)
			return &d->tw[i];
	return NULL;
}

/* Whether pointer v is derived from a pointer argument; *mask gets the
 * arguments.  `seen` guards the walk round a loop's phis. */
static bool derived(struct dm *d, LLVMValueRef v, uint64_t *mask, unsigned depth)
{
	if (depth > 64)
		return false;
	struct twin *t = find(d, v);
	if (t) {
		*mask |= t->mask;
		return true;
	}
	if (LLVMIsAArgument(v)) {
		for (unsigned i = 0; i < LLVMCountParams(d->fn) && i < 64; i++)
			if (LLVMGetParam(d->fn, i) == v) {
				*mask |= 1ull << i;
				return true;
			}
		return false;
	}
	struct derived_memo *mo = pmap_get(&d->memo, v);
	if (mo) {
		*mask |= mo->mask;
		return mo->found;
	}
	if (LLVMIsAGetElementPtrInst(v) || LLVMIsASelectInst(v)) {
		/* each value walked once: a tree of selects is no blow-up */
		mo = arena_alloc(&d->ctx->arena, sizeof *mo);
		pmap_put(&d->memo, v, mo);
		if (LLVMIsAGetElementPtrInst(v)) {
			mo->found = derived(d, LLVMGetOperand(v, 0), &mo->mask, depth + 1);
		} else {
			bool a = derived(d, LLVMGetOperand(v, 1), &mo->mask, depth + 1);
			bool b = derived(d, LLVMGetOperand(v, 2), &mo->mask, depth + 1);
			mo->found = a || b;
		}
		*mask |= mo->mask;
		return mo->found;
	}
	if (LLVMIsAPHINode(v)) {
		bool any = false;
		/* a phi on a cycle of phis: mark it first */
		struct twin nt = {v, NULL, 0};
		VEC_PUSH(&d->ctx->arena, d->tw, d->ntw, nt);
		unsigned me = d->ntw - 1;
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
			uint64_t m = 0;
			if (derived(d, LLVMGetIncomingValue(v, i), &m, depth + 1)) {
				any = true;
				d->tw[me].mask |= m;
			}
		}
		if (!any) {
			d->tw[me] = d->tw[--d->ntw]; /* not ours after all */
			return false;
		}
		*mask |= d->tw[me].mask;
		return true;
	}
	return false;
}

/* The i64 twin of pointer v: v derived from an argument, or null. */
static LLVMValueRef twin_of(struct dm *d, LLVMValueRef v, LLVMValueRef user);

static LLVMValueRef gep_twin(struct dm *d, LLVMValueRef g)
{
	LLVMValueRef base = twin_of(d, LLVMGetOperand(g, 0), g);
	if (!base)
		return NULL;
	LLVMPositionBuilderBefore(d->b, g);
	LLVMSetCurrentDebugLocation2(d->b, LLVMInstructionGetDebugLoc(g));
	LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
	LLVMValueRef sum = base;
	int64_t off = 0;
	for (unsigned i = 0; i < LLVMGetNumIndices(g); i++) {
		LLVMValueRef idx = LLVMGetOperand(g, i + 1);
		int64_t field;
		uint64_t s;
		if (!front_gep_step(d->td, &ty, i, idx, &field, &s)) {
			dm_error(d, g, "an address into device memory that steps into a "
				 "vector or a struct member chosen at run time");
			return NULL;
		}
		if (!s) {
			off += field;
		} else if (LLVMIsAConstantInt(idx)) {
			off += LLVMConstIntGetSExtValue(idx) * (int64_t)s;
		} else {
			unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
			LLVMValueRef x = iw < 64 ? LLVMBuildSExt(d->b, idx, d->i64, "")
				       : iw > 64 ? LLVMBuildTrunc(d->b, idx, d->i64, "") : idx;
			if (s != 1)
				x = LLVMBuildMul(d->b, x, LLVMConstInt(d->i64, s, 0), "");
			sum = LLVMBuildAdd(d->b, sum, x, "dmem.addr");
		}
	}
	if (off)
		sum = LLVMBuildAdd(d->b, sum, LLVMConstInt(d->i64, (uint64_t)off, 1), "dmem.addr");
	return sum;
}

static LLVMValueRef twin_of(struct dm *d, LLVMValueRef v, LLVMValueRef user)
{
	if (LLVMIsAConstantPointerNull(v))
		return LLVMConstInt(d->i64, 0, 0);
	uint64_t mask = 0;
	struct twin *t = find(d, v);
	if (t && t->addr)
		return t->addr;
	if (!t && !derived(d, v, &mask, 0)) {
		dm_error(d, user, "a pointer that may point into device memory (a "
			 "kernel's pointer argument) or elsewhere (a local or global "
			 "array) is not supported");
		return NULL;
	}
	t = find(d, v);
	if (!t) {
		struct twin nt = {v, NULL, mask};
		VEC_PUSH(&d->ctx->arena, d->tw, d->ntw, nt);
		t = &d->tw[d->ntw - 1];
	}
	size_t idx = (size_t)(t - d->tw);
	LLVMValueRef r = NULL;
	if (LLVMIsAArgument(v)) {
		LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(d->fn);
		LLVMPositionBuilderBefore(d->b, LLVMGetFirstInstruction(entry));
		LLVMSetCurrentDebugLocation2(d->b, NULL);
		size_t len = 0;
		const char *nm = LLVMGetValueName2(v, &len);
		char name[96];
		snprintf(name, sizeof name, "%.*s.addr", (int)(len < 80 ? len : 80), nm ? nm : "");
		r = LLVMBuildPtrToInt(d->b, v, d->i64, name);
	} else if (LLVMIsAGetElementPtrInst(v)) {
		r = gep_twin(d, v);
	} else if (LLVMIsASelectInst(v)) {
		LLVMValueRef a = twin_of(d, LLVMGetOperand(v, 1), v);
		LLVMValueRef b = twin_of(d, LLVMGetOperand(v, 2), v);
		if (a && b) {
			LLVMPositionBuilderBefore(d->b, v);
			r = LLVMBuildSelect(d->b, LLVMGetOperand(v, 0), a, b, "dmem.addr");
		}
	} else if (LLVMIsAPHINode(v)) {
		LLVMPositionBuilderBefore(d->b, v);
		r = LLVMBuildPhi(d->b, d->i64, "dmem.addr");
		d->tw[idx].addr = r; /* before the incoming values: loops */
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
			LLVMValueRef in = twin_of(d, LLVMGetIncomingValue(v, i), v);
			if (!in)
				return NULL;
			LLVMBasicBlockRef bb = LLVMGetIncomingBlock(v, i);
			LLVMAddIncoming(r, &in, &bb, 1);
		}
	}
	d->tw[idx].addr = r;
	return r;
}

static LLVMValueRef dmem_fn(struct dm *d, bool store, unsigned bits)
{
	char name[64];
	snprintf(name, sizeof name, "sluice.dmem.%s.i%u", store ? "store" : "load", bits);
	LLVMTypeRef w = LLVMIntTypeInContext(d->lc, bits);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(d->lc);
	LLVMTypeRef sp[4] = {d->i64, w, i32, d->i64};
	LLVMTypeRef lp[3] = {d->i64, i32, d->i64};
	LLVMTypeRef fty = store ? LLVMFunctionType(LLVMVoidTypeInContext(d->lc), sp, 4, false)
				: LLVMFunctionType(w, lp, 3, false);
	return front_effect_fn(d->m, name, fty, true);
}

/* The bits of an access of type t (an integer of 8..64 bits that is a
 * whole number of bytes, float, double), or 0. */
static unsigned access_bits(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind: {
		unsigned w = LLVMGetIntTypeWidth(t);
		return w == 8 || w == 16 || w == 32 || w == 64 ? w : 0;
	}
	case LLVMFloatTypeKind:
		return 32;
	case LLVMDoubleTypeKind:
		return 64;
	default:
		return 0;
	}
}

static void rewrite_access(struct dm *d, LLVMValueRef in, bool store)
{
	LLVMValueRef ptr = LLVMGetOperand(in, store ? 1 : 0);
	LLVMValueRef val = store ? LLVMGetOperand(in, 0) : NULL;
	LLVMTypeRef t = store ? LLVMTypeOf(val) : LLVMTypeOf(in);
	unsigned bits = access_bits(t);
	if (!bits) {
		dm_error(d, in, "a %s device memory (through a pointer argument) must "
			 "move an integer of 1, 2, 4 or 8 bytes, a float or a double",
			 store ? "store into" : "load from");
		return;
	}
	if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic) {
		dm_error(d, in, "atomic accesses to device memory are not supported");
		return;
	}
	if (LLVMGetAlignment(in) < bits / 8) {
		dm_error(d, in, "this %u-byte access to device memory may be unaligned; "
			 "device memory moves words aligned to their size", bits / 8);
		return;
	}
	uint64_t mask = 0;
	derived(d, ptr, &mask, 0);
	LLVMValueRef addr = twin_of(d, ptr, in);
	if (!addr)
		return;
	LLVMPositionBuilderBefore(d->b, in);
	LLVMSetCurrentDebugLocation2(d->b, LLVMInstructionGetDebugLoc(in));
	LLVMTypeRef iN = LLVMIntTypeInContext(d->lc, bits);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(d->lc);
	LLVMValueRef site = LLVMConstInt(i32, d->sites++, 0);
	LLVMValueRef m = LLVMConstInt(d->i64, mask, 0);
	LLVMValueRef fn = dmem_fn(d, store, bits);
	if (store) {
		LLVMValueRef v = LLVMGetTypeKind(t) == LLVMIntegerTypeKind
			? val : LLVMBuildBitCast(d->b, val, iN, "");
		LLVMValueRef args[4] = {addr, v, site, m};
		LLVMBuildCall2(d->b, LLVMGlobalGetValueType(fn), fn, args, 4, "");
	} else {
		LLVMValueRef args[3] = {addr, site, m};
		LLVMValueRef c = LLVMBuildCall2(d->b, LLVMGlobalGetValueType(fn), fn, args, 3,
						"dmem.load");
		LLVMValueRef v = LLVMGetTypeKind(t) == LLVMIntegerTypeKind
			? c : LLVMBuildBitCast(d->b, c, t, "");
		LLVMReplaceAllUsesWith(in, v);
	}
	LLVMInstructionEraseFromParent(in);
}

/* Whether instruction `in` uses a pointer derived from an argument. */
static bool uses_device_pointer(struct dm *d, LLVMValueRef in)
{
	for (int i = 0; i < LLVMGetNumOperands(in); i++) {
		LLVMValueRef o = LLVMGetOperand(in, (unsigned)i);
		uint64_t mask = 0;
		if (LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMPointerTypeKind &&
		    derived(d, o, &mask, 0))
			return true;
	}
	return false;
}

static bool rewrite_kernel(struct dm *d, LLVMValueRef fn)
{
	d->fn = fn;
	d->ntw = 0;
	d->sites = 0;
	pmap_free(&d->memo);
	d->memo = (struct pmap){0};
	bool any = false;
	for (unsigned i = 0; i < LLVMCountParams(fn); i++)
		any |= LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, i))) == LLVMPointerTypeKind;
	if (!any)
		return false;
	/* the instructions first: rewriting inserts and erases */
	LLVMValueRef *ins = NULL;
	unsigned nins = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in))
			VEC_PUSH(&d->ctx->arena, ins, nins, in);
	for (unsigned i = 0; i < nins; i++) {
		LLVMValueRef in = ins[i];
		LLVMOpcode op = LLVMGetInstructionOpcode(in);
		if (op == LLVMGetElementPtr || op == LLVMPHI || op == LLVMSelect)
			continue; /* twins are made where they are used */
		if (!uses_device_pointer(d, in))
			continue;
		if (op == LLVMLoad) {
			rewrite_access(d, in, false);
		} else if (op == LLVMStore && uses_device_pointer(d, in) &&
			   LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) != LLVMPointerTypeKind) {
			rewrite_access(d, in, true);
		} else if (op == LLVMICmp) {
			LLVMValueRef a = twin_of(d, LLVMGetOperand(in, 0), in);
			LLVMValueRef b = twin_of(d, LLVMGetOperand(in, 1), in);
			if (!a || !b)
				continue;
			LLVMPositionBuilderBefore(d->b, in);
			LLVMValueRef c = LLVMBuildICmp(d->b, LLVMGetICmpPredicate(in), a, b, "");
			LLVMReplaceAllUsesWith(in, c);
			LLVMInstructionEraseFromParent(in);
		} else if (op == LLVMPtrToInt) {
			LLVMValueRef a = twin_of(d, LLVMGetOperand(in, 0), in);
			if (!a)
				continue;
			LLVMPositionBuilderBefore(d->b, in);
			LLVMValueRef c = LLVMBuildZExtOrBitCast(d->b, a, LLVMTypeOf(in), "");
			if (LLVMGetIntTypeWidth(LLVMTypeOf(in)) < 64)
				c = LLVMBuildTrunc(d->b, a, LLVMTypeOf(in), "");
			LLVMReplaceAllUsesWith(in, c);
			LLVMInstructionEraseFromParent(in);
		} else if (op == LLVMCall && front_callee_name(in)[0] &&
			   (!strncmp(front_callee_name(in), "llvm.lifetime.", 14) ||
			    !strcmp(front_callee_name(in), "llvm.assume") ||
			    !strncmp(front_callee_name(in), "llvm.prefetch", 13))) {
			LLVMInstructionEraseFromParent(in); /* hints: nothing in hardware */
		} else {
			dm_error(d, in, "a pointer into device memory (a kernel's pointer "
				 "argument) may only be loaded from, stored to, offset and "
				 "compared; %s",
				 op == LLVMCall ? "it is passed to a call"
				 : op == LLVMStore ? "here it is stored as a value"
				 : op == LLVMRet ? "here it is returned"
						 : "here it is used otherwise");
		}
	}
	return true;
}

unsigned front_device_pointers(struct hls_ctx *ctx, LLVMModuleRef m, unsigned *n)
{
	*n = 0;
	struct dm d = {.ctx = ctx, .m = m, .lc = LLVMGetModuleContext(m)};
	d.td = LLVMGetModuleDataLayout(m);
	d.b = LLVMCreateBuilderInContext(d.lc);
	d.i64 = LLVMInt64TypeInContext(d.lc);
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn) && front_is_kernel(fn, NULL))
			*n += rewrite_kernel(&d, fn);
	LLVMDisposeBuilder(d.b);
	pmap_free(&d.memo);
	return d.errors;
}
