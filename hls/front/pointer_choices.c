/*
 * pointer_choices.c -- an access through a pointer that may point to
 * several objects becomes a choice among them (for pointers.c).
 *
 * A load, store, memcpy, memmove or memset through a pointer that is not
 * plain goes to each object its pointer may point to that is big enough
 * for the access and is this kernel's (a global, or an alloca of the
 * kernel): one object is accessed at the offset of the pointer's integer
 * form, several through a switch on its tag, one block per object, the
 * loaded values joined by a phi.  An object of the access's own size is
 * accessed whole, at offset 0, which lets SROA keep it a register; an
 * access into an object that holds packed structs claims no alignment (a
 * pointer to a packed member may claim its type's without having it).
 * An access through a pointer that may point to no object at all (an
 * uninitialised or null pointer: undefined behaviour in C) reads undef
 * or writes nothing; lifetime markers through such pointers go.
 */
#include "pointers.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <string.h>

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* The bytes an access moves, and whether it moves a whole object of that
 * size (a load or store does; a memcpy, memmove or memset of a constant
 * length may). */
static uint64_t access_size(struct ptrs *P, LLVMValueRef in, bool *whole)
{
	*whole = !LLVMIsACallInst(in);
	if (LLVMIsALoadInst(in))
		return LLVMStoreSizeOfType(P->td, LLVMTypeOf(in));
	if (LLVMIsAStoreInst(in))
		return LLVMStoreSizeOfType(P->td, LLVMTypeOf(LLVMGetOperand(in, 0)));
	LLVMValueRef len = LLVMGetOperand(in, 2);
	if (LLVMIsAConstantInt(len)) {
		*whole = true;
		return LLVMConstIntGetZExtValue(len);
	}
	return 1;
}

/* Whether object i can be reached from kernel P->fn. */
static bool reachable(struct ptrs *P, unsigned i)
{
	LLVMValueRef o = P->pt.objs[i];
	return LLVMIsAGlobalVariable(o) ||
	       LLVMGetBasicBlockParent(LLVMGetInstructionParent(o)) == P->fn;
}

/* Whether type t holds a packed struct. */
static bool packed(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMArrayTypeKind:
		return packed(LLVMGetElementType(t));
	case LLVMStructTypeKind:
		if (LLVMIsPackedStruct(t))
			return true;
		for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
			if (packed(LLVMStructGetTypeAtIndex(t, i)))
				return true;
		return false;
	default:
		return false;
	}
}

/* Access `in` goes through operand opi to object i, at the offset that
 * integer form e gives (built at the builder), or to the whole object
 * when the access is of its size.  A pointer into an object that holds
 * packed structs may be less aligned than its type says (C lets a
 * pointer to a packed member claim its type's alignment): the access
 * then claims none, so that a memory does not take it for a whole word. */
static void point_at(struct ptrs *P, LLVMValueRef in, unsigned opi, unsigned i, LLVMValueRef e,
		     uint64_t size, bool whole)
{
	LLVMValueRef o = P->pt.objs[i];
	if (whole && P->pt.size[i] == size) {
		LLVMSetOperand(in, opi, o);
		return;
	}
	LLVMValueRef mask = LLVMConstInt(P->ip, (UINT64_C(1) << P->shift) - 1, 0);
	LLVMValueRef off = LLVMBuildAnd(P->b, e, mask, "ptr.off");
	LLVMSetOperand(in, opi, LLVMBuildGEP2(P->b, LLVMInt8TypeInContext(P->lc), o, &off, 1, ""));
	LLVMTypeRef t = LLVMIsAAllocaInst(o) ? LLVMGetAllocatedType(o) : LLVMGlobalGetValueType(o);
	if ((LLVMIsALoadInst(in) || LLVMIsAStoreInst(in)) && packed(t))
		LLVMSetAlignment(in, 1);
}

/* Load `in` is replaced by r: when it is the integer form of a pointer
 * load, r is now. */
static void replace_load(struct ptrs *P, LLVMValueRef in, LLVMValueRef r)
{
	LLVMValueRef v = pmap_get(&P->loaded, in);
	if (v) {
		pmap_put(&P->enc, v, r);
		pmap_put(&P->loaded, r, v);
		pmap_put(&P->loaded, in, NULL);
	}
	LLVMReplaceAllUsesWith(in, r);
}

/* Access `in` through operand opi, a pointer that is not plain, goes to
 * the objects it may point to. */
static void dispatch(struct ptrs *P, LLVMValueRef in, unsigned opi)
{
	LLVMValueRef p = LLVMGetOperand(in, opi);
	bool whole;
	uint64_t size = access_size(P, in, &whole);
	const uint64_t *s = pt_set(&P->pt, p);
	unsigned *cand = arena_alloc(&P->ctx->arena, (P->pt.nobjs + 1) * sizeof *cand), k = 0;
	for (unsigned i = 0; i < P->pt.nobjs; i++)
		if (pt_has(s, i) && reachable(P, i) && P->pt.size[i] >= size)
			cand[k++] = i;
	LLVMValueRef e = ptr_enc(P, p);
	if (!k) { /* undefined behaviour: the access does nothing */
		if (LLVMIsALoadInst(in))
			replace_load(P, in, LLVMGetUndef(LLVMTypeOf(in)));
		LLVMInstructionEraseFromParent(in);
		return;
	}
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(in);
	if (k == 1) {
		LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, loc);
		point_at(P, in, opi, cand[0], e, size, whole);
		VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, in); /* its other pointers */
		return;
	}
	front_split_before(P->ctx, P->b, in, "ptr.done");
	LLVMBasicBlockRef rest = LLVMGetInstructionParent(in);
	LLVMSetCurrentDebugLocation2(P->b, loc);
	LLVMValueRef tag = LLVMBuildLShr(P->b, e, LLVMConstInt(P->ip, P->shift, 0), "ptr.tag");
	LLVMBasicBlockRef *bbs = arena_alloc(&P->ctx->arena, k * sizeof *bbs);
	LLVMValueRef *vals = arena_alloc(&P->ctx->arena, k * sizeof *vals);
	for (unsigned j = 0; j < k; j++)
		bbs[j] = LLVMInsertBasicBlockInContext(P->lc, rest, "ptr.case");
	LLVMValueRef sw = LLVMBuildSwitch(P->b, tag, bbs[k - 1], k - 1);
	for (unsigned j = 0; j + 1 < k; j++) {
		ptr_addr_of(P, cand[j]);
		LLVMAddCase(sw, LLVMConstInt(P->ip, P->tag[cand[j]], 0), bbs[j]);
	}
	for (unsigned j = 0; j < k; j++) {
		LLVMPositionBuilderAtEnd(P->b, bbs[j]);
		LLVMSetCurrentDebugLocation2(P->b, loc);
		LLVMValueRef c = LLVMInstructionClone(in);
		LLVMInsertIntoBuilder(P->b, c);
		LLVMPositionBuilderBefore(P->b, c);
		point_at(P, c, opi, cand[j], e, size, whole);
		LLVMPositionBuilderAtEnd(P->b, bbs[j]);
		LLVMBuildBr(P->b, rest);
		vals[j] = c;
		VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, c);
	}
	if (LLVMIsALoadInst(in)) {
		/* before the debug records of `in` too: a phi has none */
		LLVMPositionBuilderBeforeInstrAndDbgRecords(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, loc);
		LLVMValueRef phi = LLVMBuildPhi(P->b, LLVMTypeOf(in), "");
		LLVMAddIncoming(phi, vals, bbs, k);
		replace_load(P, in, phi);
	}
	LLVMInstructionEraseFromParent(in);
}

void ptr_access(struct ptrs *P, LLVMValueRef in)
{
	unsigned ops[2], n = 0;
	if (LLVMIsALoadInst(in)) {
		ops[n++] = 0;
	} else if (LLVMIsAStoreInst(in)) {
		ops[n++] = 1;
	} else {
		const char *name = front_callee_name(in);
		if (prefix(name, "llvm.lifetime.")) {
			if (!ptr_plain(P, LLVMGetOperand(in, 1), NULL))
				LLVMInstructionEraseFromParent(in);
			return;
		}
		ops[n++] = 0;
		if (!prefix(name, "llvm.memset"))
			ops[n++] = 1;
	}
	for (unsigned i = 0; i < n; i++)
		if (!ptr_plain(P, LLVMGetOperand(in, ops[i]), NULL)) {
			dispatch(P, in, ops[i]);
			return; /* `in` is gone or queued again */
		}
}

