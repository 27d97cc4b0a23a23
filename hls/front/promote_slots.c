/*
 * promote_slots.c -- front_promote_slots(): a local slot that SROA could
 * not split becomes one wide integer, which mem2reg/SROA then promote.
 *
 * SROA splits an alloca only along access boundaries that do not overlap.
 * When the accesses overlap (a by-value struct arrives as {i64, i32} and a
 * bitfield access then loads an i64 at byte 4), SROA leaves the alloca, and
 * the lowering would reject it ("needs memories").  Such a slot of S bytes
 * (1 <= S <= MAX_SLOT_BYTES) is rewritten here as an alloca of iN,
 * N = 8*S, with byte k of the slot in bits [8k+7:8k] (little-endian
 * layouts only):
 *   - a load of iK at byte o:  load iN, lshr 8*o, trunc to iK;
 *   - a store of iK at byte o: load iN, clear the 8*storesize(iK) bits at
 *     8*o, or in zext(v) << 8*o, store iN;
 *   - a memset of L constant bytes at o: a store of the repeated byte;
 *   - lifetime markers go; constant-offset GEPs of the slot go once their
 *     accesses are rewritten.
 * The new alloca is zero-initialised in the entry block, so a read of bytes
 * never written is 0 (C leaves it unspecified) and never poison that would
 * spread to the bits that were written.
 *
 * Only slots that do not escape are touched: a static alloca in the entry
 * block whose uses (through constant-index GEPs) are all non-volatile,
 * non-atomic integer loads and stores (as the address, never the stored
 * value) inside the slot, lifetime markers, and memsets with constant byte
 * and length inside the slot.  Anything else (a pointer stored or loaded, a
 * variable index, a call, a memcpy) leaves the slot as it is, for the
 * lowering to diagnose as before.  Debug records of the old alloca move to
 * the new one.
 */
#include "prepare.h"

#include <llvm-c/Target.h>

#include <string.h>

#define MAX_SLOT_BYTES 512 /* N = 4096 bits, IR_MAX_WIDTH */

struct access {
	LLVMValueRef in; /* load, store, memset or lifetime call */
	int64_t off;     /* byte offset in the slot */
};

struct slot {
	struct hls_ctx *ctx;
	LLVMTargetDataRef td;
	uint64_t size;
	struct access *acc;
	unsigned nacc;
	LLVMValueRef *geps; /* parents before children */
	unsigned ngeps;
};

static const char *callee_name(LLVMValueRef call)
{
	LLVMValueRef c = LLVMGetCalledValue(call);
	if (!c || !LLVMIsAFunction(c))
		return "";
	size_t len;
	return LLVMGetValueName2(c, &len);
}

static bool in_slot(const struct slot *s, int64_t off, uint64_t bytes)
{
	return off >= 0 && bytes > 0 && (uint64_t)off <= s->size &&
	       bytes <= s->size - (uint64_t)off;
}

static bool plain_access(LLVMValueRef in)
{
	return !LLVMGetVolatile(in) && LLVMGetOrdering(in) == LLVMAtomicOrderingNotAtomic;
}

/* The byte offset a GEP with constant indices adds; false if an index is
 * not a constant or steps into a vector. */
static bool gep_offset(const struct slot *s, LLVMValueRef gep, int64_t *off)
{
	unsigned n = LLVMGetNumIndices(gep);
	LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
	int64_t o = 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(gep, i + 1);
		if (!LLVMIsAConstantInt(idx))
			return false;
		int64_t k = LLVMConstIntGetSExtValue(idx);
		if (i == 0) {
			o += k * (int64_t)LLVMABISizeOfType(s->td, ty);
			continue;
		}
		switch (LLVMGetTypeKind(ty)) {
		case LLVMStructTypeKind:
			o += (int64_t)LLVMOffsetOfElement(s->td, ty, (unsigned)k);
			ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
			break;
		case LLVMArrayTypeKind:
			ty = LLVMGetElementType(ty);
			o += k * (int64_t)LLVMABISizeOfType(s->td, ty);
			break;
		default:
			return false;
		}
	}
	*off = o;
	return true;
}

static void add_access(struct slot *s, LLVMValueRef in, int64_t off)
{
	for (unsigned i = 0; i < s->nacc; i++)
		if (s->acc[i].in == in)
			return;
	VEC_PUSH(&s->ctx->arena, s->acc, s->nacc, ((struct access){in, off}));
}

/* Collects the accesses of ptr (the slot plus off bytes); false if one is
 * not of the promotable kinds. */
static bool scan(struct slot *s, LLVMValueRef ptr, int64_t off, unsigned depth)
{
	if (depth > 16)
		return false;
	for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsALoadInst(user)) {
			LLVMTypeRef t = LLVMTypeOf(user);
			if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || !plain_access(user) ||
			    !in_slot(s, off, LLVMStoreSizeOfType(s->td, t)))
				return false;
			add_access(s, user, off);
		} else if (LLVMIsAStoreInst(user)) {
			LLVMValueRef v = LLVMGetOperand(user, 0);
			LLVMTypeRef t = LLVMTypeOf(v);
			if (v == ptr || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
			    !plain_access(user) ||
			    !in_slot(s, off, LLVMStoreSizeOfType(s->td, t)))
				return false;
			add_access(s, user, off);
		} else if (LLVMIsAGetElementPtrInst(user)) {
			int64_t d;
			if (LLVMGetOperand(user, 0) != ptr || !gep_offset(s, user, &d))
				return false;
			bool seen = false;
			for (unsigned i = 0; i < s->ngeps; i++)
				seen |= s->geps[i] == user;
			if (seen)
				continue;
			VEC_PUSH(&s->ctx->arena, s->geps, s->ngeps, user);
			if (!scan(s, user, off + d, depth + 1))
				return false;
		} else if (LLVMIsACallInst(user)) {
			const char *name = callee_name(user);
			if (!strncmp(name, "llvm.lifetime.", 14)) {
				add_access(s, user, off);
			} else if (!strncmp(name, "llvm.memset.", 12)) {
				LLVMValueRef val = LLVMGetOperand(user, 1);
				LLVMValueRef len = LLVMGetOperand(user, 2);
				LLVMValueRef vol = LLVMGetOperand(user, 3);
				if (LLVMGetOperand(user, 0) != ptr || !LLVMIsAConstantInt(val) ||
				    !LLVMIsAConstantInt(len) || !LLVMIsAConstantInt(vol) ||
				    LLVMConstIntGetZExtValue(vol) ||
				    !in_slot(s, off, LLVMConstIntGetZExtValue(len)))
					return false;
				add_access(s, user, off);
			} else {
				return false;
			}
		} else {
			return false;
		}
	}
	return true;
}

/* iN with every bit of [lo, lo+w) set (w > 0, lo + w <= N). */
static LLVMValueRef field_mask(LLVMBuilderRef b, LLVMTypeRef iN, unsigned w, unsigned lo)
{
	LLVMContextRef lc = LLVMGetTypeContext(iN);
	LLVMValueRef ones = LLVMConstAllOnes(LLVMIntTypeInContext(lc, w));
	if (w < LLVMGetIntTypeWidth(iN))
		ones = LLVMBuildZExt(b, ones, iN, "");
	return LLVMBuildShl(b, ones, LLVMConstInt(iN, lo, 0), "");
}

/* load iN; replace bits [8*off, 8*off + width(v)) by v; store iN. */
static void insert_bits(LLVMBuilderRef b, LLVMValueRef slot, LLVMTypeRef iN,
			LLVMValueRef v, unsigned field_bits, int64_t off)
{
	unsigned lo = 8 * (unsigned)off;
	LLVMValueRef w = LLVMBuildLoad2(b, iN, slot, "slot.old");
	LLVMValueRef keep = LLVMBuildNot(b, field_mask(b, iN, field_bits, lo), "");
	LLVMValueRef cleared = LLVMBuildAnd(b, w, keep, "slot.clear");
	if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) < LLVMGetIntTypeWidth(iN))
		v = LLVMBuildZExt(b, v, iN, "");
	if (lo)
		v = LLVMBuildShl(b, v, LLVMConstInt(iN, lo, 0), "");
	LLVMBuildStore(b, LLVMBuildOr(b, cleared, v, "slot.new"), slot);
}

/* The constant of len bytes, each one byte. */
static LLVMValueRef repeated_byte(struct hls_ctx *ctx, LLVMContextRef lc, unsigned len,
				  uint8_t byte)
{
	LLVMTypeRef t = LLVMIntTypeInContext(lc, 8 * len);
	if (byte == 0)
		return LLVMConstNull(t);
	if (byte == 0xff)
		return LLVMConstAllOnes(t);
	unsigned nwords = (len + 7) / 8;
	uint64_t *words = arena_alloc(&ctx->arena, nwords * sizeof *words);
	for (unsigned i = 0; i < nwords; i++) {
		words[i] = 0;
		for (unsigned k = 0; k < 8 && 8 * i + k < len; k++)
			words[i] |= (uint64_t)byte << (8 * k);
	}
	return LLVMConstIntOfArbitraryPrecision(t, nwords, words);
}

static void rewrite(struct slot *s, LLVMValueRef old)
{
	LLVMContextRef lc = LLVMGetTypeContext(LLVMTypeOf(old));
	LLVMTypeRef iN = LLVMIntTypeInContext(lc, (unsigned)(8 * s->size));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(lc);

	size_t len;
	const char *name = LLVMGetValueName2(old, &len);
	LLVMPositionBuilderBefore(b, old);
	LLVMValueRef slot = LLVMBuildAlloca(b, iN, name);
	LLVMSetAlignment(slot, LLVMGetAlignment(old));
	LLVMBuildStore(b, LLVMConstNull(iN), slot);

	for (unsigned i = 0; i < s->nacc; i++) {
		LLVMValueRef in = s->acc[i].in;
		int64_t off = s->acc[i].off;
		LLVMPositionBuilderBefore(b, in);
		if (LLVMIsALoadInst(in)) {
			LLVMTypeRef t = LLVMTypeOf(in);
			LLVMValueRef v = LLVMBuildLoad2(b, iN, slot, "slot");
			if (off)
				v = LLVMBuildLShr(b, v, LLVMConstInt(iN, 8 * (uint64_t)off, 0), "");
			if (LLVMGetIntTypeWidth(t) < LLVMGetIntTypeWidth(iN))
				v = LLVMBuildTrunc(b, v, t, "");
			LLVMReplaceAllUsesWith(in, v);
		} else if (LLVMIsAStoreInst(in)) {
			LLVMValueRef v = LLVMGetOperand(in, 0);
			unsigned bytes = (unsigned)LLVMStoreSizeOfType(s->td, LLVMTypeOf(v));
			insert_bits(b, slot, iN, v, 8 * bytes, off);
		} else if (!strncmp(callee_name(in), "llvm.memset.", 12)) {
			unsigned n = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2));
			uint8_t byte = (uint8_t)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 1));
			insert_bits(b, slot, iN, repeated_byte(s->ctx, lc, n, byte), 8 * n, off);
		} /* else a lifetime marker: it just goes */
		LLVMInstructionEraseFromParent(in);
	}
	for (unsigned i = s->ngeps; i-- > 0;)
		LLVMInstructionEraseFromParent(s->geps[i]);
	LLVMReplaceAllUsesWith(old, slot); /* only debug records are left */
	LLVMInstructionEraseFromParent(old);
	LLVMDisposeBuilder(b);
}

static bool candidate(LLVMValueRef fn, LLVMValueRef in, LLVMTargetDataRef td, uint64_t *size)
{
	if (!LLVMIsAAllocaInst(in) || LLVMGetInstructionParent(in) != LLVMGetEntryBasicBlock(fn))
		return false;
	LLVMValueRef count = LLVMGetOperand(in, 0);
	if (!LLVMIsAConstantInt(count) || LLVMConstIntGetZExtValue(count) != 1)
		return false;
	LLVMTypeRef t = LLVMGetAllocatedType(in);
	if (!LLVMTypeIsSized(t))
		return false;
	*size = LLVMABISizeOfType(td, t);
	return *size >= 1 && *size <= MAX_SLOT_BYTES;
}

unsigned front_promote_slots(struct hls_ctx *ctx, LLVMModuleRef m)
{
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
	if (LLVMByteOrder(td) != LLVMLittleEndian)
		return 0;
	unsigned n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMCountBasicBlocks(fn) || !front_is_kernel(fn, NULL))
			continue;
		/* the allocas first: a rewrite erases instructions after them */
		LLVMValueRef *allocas = NULL;
		unsigned nallocas = 0;
		for (LLVMValueRef in = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
		     in; in = LLVMGetNextInstruction(in))
			if (LLVMIsAAllocaInst(in))
				VEC_PUSH(&ctx->arena, allocas, nallocas, in);
		for (unsigned i = 0; i < nallocas; i++) {
			struct slot s = {.ctx = ctx, .td = td};
			if (candidate(fn, allocas[i], td, &s.size) &&
			    scan(&s, allocas[i], 0, 0)) {
				rewrite(&s, allocas[i]);
				n++;
			}
		}
	}
	return n;
}
