/*
 * points_to.c -- what each pointer of a module's kernels may point to:
 * the objects (the globals and the kernels' allocas) and a points-to
 * analysis over them, for pointers.c.
 *
 * Flow-insensitive, with one set per object for the pointers stored in it
 * (Andersen's): an object's address points to it; a GEP or a cast to what
 * its operand points to; a phi or select to the union of its operands'; a
 * store of a pointer adds what it points to to what every object it may
 * store into holds; a memcpy or memmove from one object to another copies
 * that; a pointer loaded from memory points to what the objects it may
 * load from hold, and is marked PT_MEM; a global's initializer holds the
 * objects it names; an aggregate that holds pointers (insertvalue,
 * extractvalue, loads and stores of it) is followed as a pointer that may
 * point to what any of them does.  An integer made into a pointer, or a
 * pointer a call returns, may point to any object (PT_MEM too); the null
 * pointer is PT_NULL.  Sets only grow, and the analysis goes over the kernels until
 * none does.  An instruction made after the analysis (a GEP of an object)
 * gets its set from its operands when first asked.
 */
#include "points_to.h"

#include <llvm-c/Target.h>

#include <string.h>

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static bool is_ptr(LLVMValueRef v)
{
	return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

bool pt_carries(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMPointerTypeKind:
		return true;
	case LLVMArrayTypeKind:
		return pt_carries(LLVMGetElementType(t));
	case LLVMStructTypeKind:
		for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
			if (pt_carries(LLVMStructGetTypeAtIndex(t, i)))
				return true;
		return false;
	default:
		return false;
	}
}

static bool carries(LLVMValueRef v)
{
	return pt_carries(LLVMTypeOf(v));
}

/* ---- objects ---------------------------------------------------------------- */

bool pt_special_global(LLVMValueRef g)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	const char *sec = LLVMGetSection(g);
	return (name && prefix(name, "llvm.")) || (sec && prefix(sec, "sluice.")) ||
	       (sec && !strcmp(sec, "llvm.metadata"));
}

static void add_object(struct points_to *P, LLVMValueRef o, uint64_t size)
{
	unsigned n = P->nobjs;
	VEC_PUSH(&P->ctx->arena, P->size, n, size);
	VEC_PUSH(&P->ctx->arena, P->objs, P->nobjs, o);
	pmap_put(&P->index, o, (void *)(uintptr_t)P->nobjs);
}

static void collect_objects(struct points_to *P)
{
	for (LLVMValueRef g = LLVMGetFirstGlobal(P->m); g; g = LLVMGetNextGlobal(g)) {
		LLVMTypeRef t = LLVMGlobalGetValueType(g);
		if (!pt_special_global(g) && LLVMTypeIsSized(t))
			add_object(P, g, LLVMABISizeOfType(P->td, t));
	}
	for (LLVMValueRef in = front_next_kernel_inst(P->m, NULL); in;
	     in = front_next_kernel_inst(P->m, in)) {
		if (!LLVMIsAAllocaInst(in))
			continue;
		LLVMValueRef n = LLVMGetOperand(in, 0);
		LLVMTypeRef t = LLVMGetAllocatedType(in);
		if (LLVMIsAConstantInt(n) && LLVMTypeIsSized(t))
			add_object(P, in, LLVMConstIntGetZExtValue(n) * LLVMABISizeOfType(P->td, t));
	}
	P->nwords = (P->nobjs + 2 + 63) / 64;
	P->contents = arena_alloc(&P->ctx->arena, (P->nobjs + 1) * sizeof *P->contents);
}

int pt_object(struct points_to *P, LLVMValueRef o)
{
	return (int)(intptr_t)pmap_get(&P->index, o) - 1;
}

/* ---- points-to sets ----------------------------------------------------------- */

static uint64_t *set_new(struct points_to *P)
{
	return arena_alloc(&P->ctx->arena, P->nwords * sizeof(uint64_t));
}

static void set_add(uint64_t *s, unsigned bit)
{
	s[bit / 64] |= UINT64_C(1) << (bit % 64);
}

/* dst |= src, without MEM_BIT when `data` (what memory holds); whether dst
 * changed */
static bool set_or(struct points_to *P, uint64_t *dst, const uint64_t *src, bool data)
{
	bool changed = false;
	for (unsigned i = 0; i < P->nwords; i++) {
		uint64_t v = src[i];
		if (data && i == PT_MEM(P) / 64)
			v &= ~(UINT64_C(1) << (PT_MEM(P) % 64));
		changed |= (dst[i] | v) != dst[i];
		dst[i] |= v;
	}
	return changed;
}

static void set_all(struct points_to *P, uint64_t *s)
{
	for (unsigned i = 0; i < P->nobjs; i++)
		set_add(s, i);
	set_add(s, PT_MEM(P));
}


/* What constant pointer (or aggregate holding pointers) c points to, into
 * s. */
static void init_pts(struct points_to *P, LLVMValueRef c, uint64_t *s, unsigned depth);

static void const_pts(struct points_to *P, LLVMValueRef c, uint64_t *s)
{
	if (!is_ptr(c)) {
		init_pts(P, c, s, 0); /* an aggregate holding pointers */
	} else if (LLVMIsAConstantPointerNull(c)) {
		set_add(s, PT_NULL(P));
	} else if (LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c)) {
		/* nothing */
	} else if (pt_object(P, c) >= 0) {
		set_add(s, (unsigned)pt_object(P, c));
	} else if (LLVMIsAConstantExpr(c)) {
		LLVMOpcode op = LLVMGetConstOpcode(c);
		if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
			set_or(P, s, pt_set(P, LLVMGetOperand(c, 0)), false);
		else if (op == LLVMIntToPtr && LLVMIsNull(LLVMGetOperand(c, 0)))
			set_add(s, PT_NULL(P));
		else
			set_all(P, s);
	} else {
		set_add(s, PT_MEM(P)); /* a function, a pipe: no object */
	}
}

/* What instruction `in` (of pointer type, or an aggregate holding
 * pointers) points to, by its operands' sets as they are now, into s. */
static void transfer(struct points_to *P, LLVMValueRef in, uint64_t *s)
{
	int obj = pt_object(P, in);
	if (obj >= 0) {
		set_add(s, (unsigned)obj);
		return;
	}
	switch (LLVMGetInstructionOpcode(in)) {
	case LLVMGetElementPtr:
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
	case LLVMFreeze:
		set_or(P, s, pt_set(P, LLVMGetOperand(in, 0)), false);
		break;
	case LLVMPHI:
		for (unsigned i = 0; i < LLVMCountIncoming(in); i++)
			set_or(P, s, pt_set(P, LLVMGetIncomingValue(in, i)), false);
		break;
	case LLVMSelect:
		set_or(P, s, pt_set(P, LLVMGetOperand(in, 1)), false);
		set_or(P, s, pt_set(P, LLVMGetOperand(in, 2)), false);
		break;
	case LLVMExtractValue:
		set_or(P, s, pt_set(P, LLVMGetOperand(in, 0)), false);
		break;
	case LLVMInsertValue:
		set_or(P, s, pt_set(P, LLVMGetOperand(in, 0)), false);
		if (carries(LLVMGetOperand(in, 1)))
			set_or(P, s, pt_set(P, LLVMGetOperand(in, 1)), false);
		break;
	case LLVMLoad: {
		const uint64_t *a = pt_set(P, LLVMGetOperand(in, 0));
		for (unsigned i = 0; i < P->nobjs; i++)
			if (pt_has(a, i) && P->contents[i])
				set_or(P, s, P->contents[i], true);
		set_add(s, PT_MEM(P));
		break;
	}
	default: /* inttoptr, a call: anything */
		set_all(P, s);
		break;
	}
}

const uint64_t *pt_set(struct points_to *P, LLVMValueRef v)
{
	uint64_t *s = pmap_get(&P->sets, v);
	if (s)
		return s;
	s = set_new(P);
	pmap_put(&P->sets, v, s);
	if (LLVMIsAConstant(v))
		const_pts(P, v, s);
	else if (LLVMIsAInstruction(v))
		transfer(P, v, s);
	else
		set_all(P, s); /* an argument */
	return s;
}

static uint64_t *contents_of(struct points_to *P, unsigned obj)
{
	if (!P->contents[obj])
		P->contents[obj] = set_new(P);
	return P->contents[obj];
}

/* The objects a global's initializer names, into s. */
static void init_pts(struct points_to *P, LLVMValueRef c, uint64_t *s, unsigned depth)
{
	if (!c || depth > 64)
		return;
	if (is_ptr(c)) {
		const uint64_t *p = pt_set(P, c);
		set_or(P, s, p, true);
		return;
	}
	LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(c));
	if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind)
		return;
	unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(LLVMTypeOf(c))
					     : (unsigned)LLVMGetArrayLength2(LLVMTypeOf(c));
	if (LLVMIsAConstantDataSequential(c) || LLVMIsAConstantAggregateZero(c))
		return;
	for (unsigned i = 0; i < n; i++)
		init_pts(P, LLVMGetAggregateElement(c, i), s, depth + 1);
}

static bool is_copy(LLVMValueRef in)
{
	const char *name = front_callee_name(in);
	return prefix(name, "llvm.memcpy") || prefix(name, "llvm.memmove");
}

/* One round over a kernel's instructions; whether a set grew. */
static bool analyse_kernel(struct points_to *P, LLVMValueRef fn)
{
	bool changed = false;
	uint64_t *tmp = set_new(P);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			if (carries(in)) {
				memset(tmp, 0, P->nwords * sizeof *tmp);
				transfer(P, in, tmp);
				uint64_t *s = pmap_get(&P->sets, in);
				if (!s) {
					s = set_new(P);
					pmap_put(&P->sets, in, s);
				}
				changed |= set_or(P, s, tmp, false);
			}
			if (LLVMIsAStoreInst(in) && carries(LLVMGetOperand(in, 0))) {
				const uint64_t *a = pt_set(P, LLVMGetOperand(in, 1));
				const uint64_t *v = pt_set(P, LLVMGetOperand(in, 0));
				for (unsigned i = 0; i < P->nobjs; i++)
					if (pt_has(a, i))
						changed |= set_or(P, contents_of(P, i), v, true);
			} else if (LLVMIsACallInst(in) && is_copy(in)) {
				const uint64_t *d = pt_set(P, LLVMGetOperand(in, 0));
				const uint64_t *s = pt_set(P, LLVMGetOperand(in, 1));
				for (unsigned i = 0; i < P->nobjs; i++)
					for (unsigned j = 0; pt_has(d, i) && j < P->nobjs; j++)
						if (pt_has(s, j) && P->contents[j] && i != j)
							changed |= set_or(P, contents_of(P, i),
									  P->contents[j], true);
			}
		}
	return changed;
}

void pt_analyse(struct points_to *P, struct hls_ctx *ctx, LLVMModuleRef m)
{
	*P = (struct points_to){.ctx = ctx, .m = m, .td = LLVMGetModuleDataLayout(m)};
	collect_objects(P);
	for (unsigned i = 0; i < P->nobjs; i++)
		if (LLVMIsAGlobalVariable(P->objs[i]) && LLVMGetInitializer(P->objs[i]))
			init_pts(P, LLVMGetInitializer(P->objs[i]), contents_of(P, i), 0);
	for (bool changed = true; changed;) {
		changed = false;
		for (LLVMValueRef fn = LLVMGetFirstFunction(P->m); fn; fn = LLVMGetNextFunction(fn))
			if (LLVMCountBasicBlocks(fn) && front_is_kernel(fn, NULL))
				changed |= analyse_kernel(P, fn);
	}
}

bool pt_plain(struct points_to *P, LLVMValueRef v, int *obj)
{
	const uint64_t *s = pt_set(P, v);
	int found = -1;
	for (unsigned w = 0; w < P->nwords; w++)
		for (uint64_t bits = s[w]; bits; bits &= bits - 1) {
			unsigned i = 64 * w + (unsigned)__builtin_ctzll(bits);
			if (i >= P->nobjs || found >= 0)
				return false;
			found = (int)i;
		}
	if (obj)
		*obj = found;
	return found >= 0;
}

void pt_free(struct points_to *P)
{
	pmap_free(&P->index);
	pmap_free(&P->sets);
}
