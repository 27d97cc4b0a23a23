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
 *   - a memcpy (or memmove) of L constant bytes to o from a constant table
 *     of at most 512 bytes at a constant offset (clang initialises a local
 *     array from its list so, from `__const.f.x`): the table read whole as
 *     one integer (`load iT, @table`, a constant once instcombine or the
 *     lowering folds it), shifted to the offset, truncated to L bytes and
 *     stored as a store of iL;
 *   - lifetime markers go; constant-offset GEPs of the slot go once their
 *     accesses are rewritten.
 * The new alloca is zero-initialised in the entry block, so a read of bytes
 * never written is 0 (C leaves it unspecified) and never poison that would
 * spread to the bits that were written.
 *
 * Only slots that do not escape are touched: a static alloca in the entry
 * block whose uses (through constant-index GEPs) are all non-volatile,
 * non-atomic integer loads and stores (as the address, never the stored
 * value) inside the slot, lifetime markers, memsets with constant byte
 * and length inside the slot, and memcpys into it from constant tables as
 * above.  Anything else (a pointer stored or loaded, a call, a memcpy from
 * anything else) leaves the slot as it is, for the lowering to diagnose as
 * before.  Debug records of the old alloca move to the new one.
 *
 * front_promote_arrays() runs after the pass pipeline, on what unrolling
 * left indexed by a variable: small arrays become registers (and so do the
 * slots whose accesses are constant but overlap, which SROA could not
 * split: such overlaps can appear late, when a pointer's offset folds to
 * a constant after pointers.c).  The same
 * rewrite, with GEPs whose array indices are variables (struct fields stay
 * constants): the byte offset o is built from the indices (o = sum of index
 * times element size) before the GEP, and
 *   - a load of iK at o:  load iN, lshr 8*o, trunc to iK;
 *   - a store of iK at o: load iN, clear the K bits at 8*o (a shifted
 *     mask), or in zext(v) << 8*o, store iN;
 * so an array of S <= 512 bytes (local, or a global's kernel state,
 * state.c) is one iN value: a read is a multiplexer of its elements, a
 * write a decoder of the index into the elements' enables.  A constant
 * table of S < MIN_ROM_BYTES (256) read with a variable index reads
 * `load iN, @table`, one constant of the table's bytes (instcombine folds
 * such a load up to 32 bytes, the lowering the larger ones): a ROM in
 * LUTs.  A larger one is a ROM in block RAM (promote_mems.c): a read of a
 * 256-entry table of bytes in LUTs is some 250 LUTs on iCE40 (a function
 * of 8 inputs per bit), where one SB_RAM40_4K holds the whole table.  An index out of the array is undefined in C;
 * here a shift by the whole width or more gives poison in LLVM and 0 in
 * the hardware.  Larger arrays become memories (promote_mems.c).
 *
 * Before both, front_int_accesses() makes each load and store of a
 * half, float or double that the pass pipeline left (an element of an
 * array of floats indexed by a variable) a load or store of the integer
 * of its width and a bitcast: arrays in registers and memories hold
 * integers, and a float is its bits.
 */
#include "prepare.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <string.h>

#define MAX_SLOT_BYTES 512 /* N = 4096 bits, IR_MAX_WIDTH */

struct access {
	LLVMValueRef in; /* load, store, memset or lifetime call */
	int64_t off;     /* byte offset in the slot (constant indices) */
	LLVMValueRef ptr; /* the address it uses */
};

struct slot {
	struct hls_ctx *ctx;
	LLVMTargetDataRef td;
	uint64_t size;
	bool variable;	   /* GEPs may index arrays with variables */
	bool constant;	   /* a constant table: loads only */
	struct access *acc;
	unsigned nacc;
	LLVMValueRef *geps; /* parents before children */
	unsigned ngeps;
	LLVMValueRef *gep_off; /* by GEP: its byte offset as an i64 value */
	bool any_variable;     /* some GEP has a variable index */
};

static bool in_slot(const struct slot *s, int64_t off, uint64_t bytes)
{
	return off >= 0 && bytes > 0 && (uint64_t)off <= s->size &&
	       bytes <= s->size - (uint64_t)off;
}

static bool plain_access(LLVMValueRef in)
{
	return !LLVMGetVolatile(in) && LLVMGetOrdering(in) == LLVMAtomicOrderingNotAtomic;
}

/* The byte offset a GEP adds: its constant part in *off, and whether some
 * index is a variable (*var; allowed only where s->variable, and only on
 * an array or the pointer itself); false if the GEP steps into a vector,
 * or has a variable where none is allowed.  With a builder b, also builds
 * the whole offset as an i64 value into *val, before the GEP. */
static bool gep_offset(const struct slot *s, LLVMValueRef gep, int64_t *off, bool *var,
		       LLVMBuilderRef b, LLVMValueRef *val)
{
	unsigned n = LLVMGetNumIndices(gep);
	LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
	LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(gep)));
	int64_t o = 0;
	*var = false;
	LLVMValueRef sum = NULL;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(gep, i + 1);
		int64_t field;
		uint64_t stride;
		if (!front_gep_step(s->td, &ty, i, idx, &field, &stride))
			return false;
		if (!stride) {
			o += field;
			continue;
		}
		if (LLVMIsAConstantInt(idx)) {
			o += LLVMConstIntGetSExtValue(idx) * (int64_t)stride;
			continue;
		}
		if (!s->variable)
			return false;
		*var = true;
		if (b) {
			unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
			LLVMValueRef x = iw < 64 ? LLVMBuildSExt(b, idx, i64, "")
				       : iw > 64 ? LLVMBuildTrunc(b, idx, i64, "") : idx;
			x = LLVMBuildMul(b, x, LLVMConstInt(i64, stride, 0), "");
			sum = sum ? LLVMBuildAdd(b, sum, x, "") : x;
		}
	}
	*off = o;
	if (b) {
		LLVMValueRef c = LLVMConstInt(i64, (uint64_t)o, 1);
		*val = sum ? (o ? LLVMBuildAdd(b, sum, c, "") : sum) : c;
	}
	return true;
}

static void add_access(struct slot *s, LLVMValueRef in, int64_t off, LLVMValueRef ptr)
{
	for (unsigned i = 0; i < s->nacc; i++)
		if (s->acc[i].in == in)
			return;
	VEC_PUSH(&s->ctx->arena, s->acc, s->nacc, ((struct access){in, off, ptr}));
}

/* Whether memcpy/memmove `call` copies a constant number of bytes, not
 * volatile, from a constant table of at most MAX_SLOT_BYTES at a constant
 * offset (clang's initialisation of a local array from its list,
 * `__const.f.x`); the table in *g, the offset in *off (either NULL). */
static bool const_source(const struct slot *s, LLVMValueRef call, LLVMValueRef *g,
			 int64_t *off)
{
	LLVMValueRef src = LLVMGetOperand(call, 1), len = LLVMGetOperand(call, 2);
	LLVMValueRef vol = LLVMGetOperand(call, 3);
	int64_t o = 0;
	bool var;
	if (!LLVMIsAConstantInt(len) || !LLVMIsAConstantInt(vol) ||
	    LLVMConstIntGetZExtValue(vol))
		return false;
	if (LLVMIsAConstantExpr(src) && LLVMGetConstOpcode(src) == LLVMGetElementPtr) {
		struct slot table = {.td = s->td};
		if (!gep_offset(&table, src, &o, &var, NULL, NULL))
			return false;
		src = LLVMGetOperand(src, 0);
	}
	if (!LLVMIsAGlobalVariable(src) || !LLVMIsGlobalConstant(src) ||
	    LLVMIsDeclaration(src) || !LLVMGetInitializer(src) ||
	    !LLVMTypeIsSized(LLVMGlobalGetValueType(src)))
		return false;
	uint64_t size = LLVMABISizeOfType(s->td, LLVMGlobalGetValueType(src));
	uint64_t n = LLVMConstIntGetZExtValue(len);
	if (size > MAX_SLOT_BYTES || o < 0 || n > size || (uint64_t)o > size - n)
		return false;
	if (g)
		*g = src;
	if (off)
		*off = o;
	return true;
}

/* Collects the accesses of ptr (the slot plus off bytes, plus a variable
 * part when var); false if one is not of the promotable kinds.  A constant
 * table has loads only (and is not rewritten where it is not a kernel's:
 * only uses in kernels count). */
static bool scan(struct slot *s, LLVMValueRef ptr, int64_t off, bool var, unsigned depth)
{
	if (depth > 16)
		return false;
	for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (s->constant && LLVMIsAInstruction(user) &&
		    !front_is_kernel(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)), NULL))
			continue;
		if (LLVMIsALoadInst(user)) {
			LLVMTypeRef t = LLVMTypeOf(user);
			if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || !plain_access(user) ||
			    (!var && !in_slot(s, off, LLVMStoreSizeOfType(s->td, t))) ||
			    LLVMStoreSizeOfType(s->td, t) > s->size)
				return false;
			add_access(s, user, off, ptr);
		} else if (LLVMIsAStoreInst(user)) {
			LLVMValueRef v = LLVMGetOperand(user, 0);
			LLVMTypeRef t = LLVMTypeOf(v);
			if (s->constant || v == ptr || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
			    !plain_access(user) ||
			    (!var && !in_slot(s, off, LLVMStoreSizeOfType(s->td, t))) ||
			    LLVMStoreSizeOfType(s->td, t) > s->size)
				return false;
			add_access(s, user, off, ptr);
		} else if (LLVMIsAGetElementPtrInst(user)) {
			int64_t d;
			bool v;
			if (LLVMGetOperand(user, 0) != ptr ||
			    !gep_offset(s, user, &d, &v, NULL, NULL))
				return false;
			bool seen = false;
			for (unsigned i = 0; i < s->ngeps; i++)
				seen |= s->geps[i] == user;
			if (seen)
				continue;
			VEC_PUSH(&s->ctx->arena, s->geps, s->ngeps, user);
			s->any_variable |= v;
			if (!scan(s, user, off + d, var || v, depth + 1))
				return false;
		} else if (s->constant) {
			return false;
		} else if (LLVMIsACallInst(user)) {
			const char *name = front_callee_name(user);
			if (!strncmp(name, "llvm.lifetime.", 14)) {
				add_access(s, user, off, ptr);
			} else if (!strncmp(name, "llvm.memset.", 12)) {
				LLVMValueRef val = LLVMGetOperand(user, 1);
				LLVMValueRef len = LLVMGetOperand(user, 2);
				LLVMValueRef vol = LLVMGetOperand(user, 3);
				if (var || LLVMGetOperand(user, 0) != ptr || !LLVMIsAConstantInt(val) ||
				    !LLVMIsAConstantInt(len) || !LLVMIsAConstantInt(vol) ||
				    LLVMConstIntGetZExtValue(vol) ||
				    !in_slot(s, off, LLVMConstIntGetZExtValue(len)))
					return false;
				add_access(s, user, off, ptr);
			} else if (!strncmp(name, "llvm.memcpy.", 12) ||
				   !strncmp(name, "llvm.memmove.", 13)) {
				LLVMValueRef len = LLVMGetOperand(user, 2);
				if (var || LLVMGetOperand(user, 0) != ptr ||
				    !const_source(s, user, NULL, NULL) ||
				    !in_slot(s, off, LLVMConstIntGetZExtValue(len)))
					return false;
				add_access(s, user, off, ptr);
			} else {
				return false;
			}
		} else {
			return false;
		}
	}
	return true;
}

/* load iN; replace bits [amt, amt + field_bits) by v; store iN (amt: an
 * iN shift amount, constant or not; NULL for 0). */
static void insert_bits(LLVMBuilderRef b, LLVMValueRef slot, LLVMTypeRef iN,
			LLVMValueRef v, unsigned field_bits, LLVMValueRef amt)
{
	LLVMValueRef w = LLVMBuildLoad2(b, iN, slot, "slot.old");
	LLVMBuildStore(b, front_insert_bits(b, w, v, field_bits, amt), slot);
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

/* Rewrites the accesses of slot s (an alloca, or a constant table `old`
 * whose loads read `load iN, old`). */
static void rewrite(struct slot *s, LLVMValueRef old)
{
	LLVMContextRef lc = LLVMGetTypeContext(LLVMTypeOf(old));
	LLVMTypeRef iN = LLVMIntTypeInContext(lc, (unsigned)(8 * s->size));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(lc);

	LLVMValueRef slot = NULL;
	if (!s->constant) {
		size_t len;
		const char *name = LLVMGetValueName2(old, &len);
		LLVMPositionBuilderBefore(b, old);
		slot = LLVMBuildAlloca(b, iN, name);
		LLVMSetAlignment(slot, LLVMGetAlignment(old));
		LLVMBuildStore(b, LLVMConstNull(iN), slot);
	}
	/* with variable indices: each GEP's byte offset from the slot, built
	 * before it (its parents come first) */
	s->gep_off = arena_alloc(&s->ctx->arena, (s->ngeps + 1) * sizeof *s->gep_off);
	for (unsigned i = 0; s->any_variable && i < s->ngeps; i++) {
		LLVMValueRef g = s->geps[i], own, parent = LLVMGetOperand(g, 0);
		int64_t d;
		bool v;
		LLVMPositionBuilderBefore(b, g);
		gep_offset(s, g, &d, &v, b, &own);
		for (unsigned j = 0; j < i; j++)
			if (s->geps[j] == parent)
				own = LLVMBuildAdd(b, s->gep_off[j], own, "");
		s->gep_off[i] = own;
	}

	for (unsigned i = 0; i < s->nacc; i++) {
		LLVMValueRef in = s->acc[i].in;
		int64_t off = s->acc[i].off;
		LLVMPositionBuilderBefore(b, in);
		/* the access's bit offset as a shift amount (NULL: 0) */
		LLVMValueRef amt = off ? LLVMConstInt(iN, 8 * (uint64_t)off, 0) : NULL;
		for (unsigned j = 0; s->any_variable && j < s->ngeps; j++)
			if (s->geps[j] == s->acc[i].ptr && !LLVMIsAConstantInt(s->gep_off[j]))
				amt = front_bit_amount(b, s->gep_off[j], iN);
		if (LLVMIsALoadInst(in)) {
			LLVMTypeRef t = LLVMTypeOf(in);
			LLVMValueRef v = LLVMBuildLoad2(b, iN, slot ? slot : old, "slot");
			if (amt)
				v = LLVMBuildLShr(b, v, amt, "");
			if (LLVMGetIntTypeWidth(t) < LLVMGetIntTypeWidth(iN))
				v = LLVMBuildTrunc(b, v, t, "");
			LLVMReplaceAllUsesWith(in, v);
		} else if (LLVMIsAStoreInst(in)) {
			LLVMValueRef v = LLVMGetOperand(in, 0);
			unsigned bytes = (unsigned)LLVMStoreSizeOfType(s->td, LLVMTypeOf(v));
			insert_bits(b, slot, iN, v, 8 * bytes, amt);
		} else if (!strncmp(front_callee_name(in), "llvm.memset.", 12)) {
			unsigned n = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2));
			uint8_t byte = (uint8_t)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 1));
			insert_bits(b, slot, iN, repeated_byte(s->ctx, lc, n, byte), 8 * n, amt);
		} else if (LLVMIsACallInst(in) && strncmp(front_callee_name(in), "llvm.lifetime.", 14)) {
			/* a memcpy from a constant table: its bytes, from the
			 * table read whole as one integer (a constant) */
			LLVMValueRef g;
			int64_t from;
			const_source(s, in, &g, &from);
			unsigned n = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2));
			LLVMTypeRef t = LLVMIntTypeInContext(
				lc, (unsigned)(8 * LLVMABISizeOfType(s->td, LLVMGlobalGetValueType(g))));
			LLVMValueRef v = LLVMBuildLoad2(b, t, g, "slot.init");
			if (from)
				v = LLVMBuildLShr(b, v, LLVMConstInt(t, 8 * (uint64_t)from, 0), "");
			if (8 * n < LLVMGetIntTypeWidth(t))
				v = LLVMBuildTrunc(b, v, LLVMIntTypeInContext(lc, 8 * n), "");
			if (n)
				insert_bits(b, slot, iN, v, 8 * n, amt);
		} /* else a lifetime marker: it just goes */
		LLVMInstructionEraseFromParent(in);
	}
	for (unsigned i = s->ngeps; i-- > 0;)
		if (!LLVMGetFirstUse(s->geps[i]))
			LLVMInstructionEraseFromParent(s->geps[i]);
	if (!s->constant) {
		LLVMReplaceAllUsesWith(old, slot); /* only debug records are left */
		LLVMInstructionEraseFromParent(old);
	}
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

static unsigned promote(struct hls_ctx *ctx, LLVMModuleRef m, bool variable)
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
			struct slot s = {.ctx = ctx, .td = td, .variable = variable};
			if (candidate(fn, allocas[i], td, &s.size) &&
			    scan(&s, allocas[i], 0, false, 0)) {
				rewrite(&s, allocas[i]);
				n++;
			}
		}
	}
	return n;
}

unsigned front_promote_slots(struct hls_ctx *ctx, LLVMModuleRef m)
{
	return promote(ctx, m, false);
}

unsigned front_int_accesses(LLVMModuleRef m)
{
	unsigned n = 0;
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMCountBasicBlocks(fn) || !front_is_kernel(fn, NULL))
			continue;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
				next = LLVMGetNextInstruction(in);
				bool store = LLVMIsAStoreInst(in);
				if (!store && !LLVMIsALoadInst(in))
					continue;
				LLVMTypeRef t = LLVMTypeOf(store ? LLVMGetOperand(in, 0) : in);
				LLVMTypeKind k = LLVMGetTypeKind(t);
				if (k != LLVMHalfTypeKind && k != LLVMFloatTypeKind &&
				    k != LLVMDoubleTypeKind)
					continue;
				LLVMTypeRef it = LLVMIntTypeInContext(LLVMGetTypeContext(t),
								      k == LLVMHalfTypeKind ? 16 :
								      k == LLVMFloatTypeKind ? 32 : 64);
				LLVMPositionBuilderBefore(b, in);
				LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(in));
				LLVMValueRef r;
				if (store) {
					r = LLVMBuildStore(b, LLVMBuildBitCast(b, LLVMGetOperand(in, 0),
									       it, ""),
							   LLVMGetOperand(in, 1));
				} else {
					r = LLVMBuildLoad2(b, it, LLVMGetOperand(in, 0), "");
					LLVMReplaceAllUsesWith(in, LLVMBuildBitCast(b, r, t, ""));
				}
				LLVMSetAlignment(r, LLVMGetAlignment(in));
				LLVMSetVolatile(r, LLVMGetVolatile(in));
				LLVMInstructionEraseFromParent(in);
				n++;
			}
	}
	LLVMDisposeBuilder(b);
	return n;
}

/* Whether g is a constant table of at most MAX_SLOT_BYTES that kernels
 * read with a variable index and only load from: what
 * front_promote_arrays makes one constant (s filled in for it). */
static bool table_read_by_index(struct slot *s, LLVMValueRef g)
{
	const char *sec = LLVMGetSection(g);
	if (!LLVMIsAGlobalVariable(g) || !LLVMIsGlobalConstant(g) || LLVMIsDeclaration(g) ||
	    !LLVMGetInitializer(g) || (sec && !strncmp(sec, "sluice.", 7)))
		return false;
	LLVMTypeRef t = LLVMGlobalGetValueType(g);
	if (!LLVMTypeIsSized(t))
		return false;
	s->variable = s->constant = true;
	s->size = LLVMABISizeOfType(s->td, t);
	return s->size >= 1 && s->size <= MAX_SLOT_BYTES && scan(s, g, 0, false, 0) &&
	       s->any_variable;
}

bool front_rom_table(struct hls_ctx *ctx, LLVMTargetDataRef td, LLVMValueRef g)
{
	struct slot s = {.ctx = ctx, .td = td};
	return table_read_by_index(&s, g) && s.size >= MIN_ROM_BYTES;
}

unsigned front_promote_arrays(struct hls_ctx *ctx, LLVMModuleRef m)
{
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
	if (LLVMByteOrder(td) != LLVMLittleEndian)
		return 0;
	unsigned n = promote(ctx, m, true);
	/* constant tables read with a variable index; those of MIN_ROM_BYTES
	 * or more are left to promote_mems.c (front_rom_table) */
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		struct slot s = {.ctx = ctx, .td = td};
		if (table_read_by_index(&s, g) && s.size < MIN_ROM_BYTES) {
			rewrite(&s, g);
			n++;
		}
	}
	return n;
}
