/*
 * prepare_util.c -- small helpers the front end's files share: which
 * functions are kernels, source locations from debug information, the C
 * names of symbols, reading pipe descriptors, splitting a block, and a
 * pointer map.
 *
 * Nothing here changes the module but front_split_before.  Locations: an instruction's own debug
 * location (the line inside an inlined helper, which is where the user
 * wrote it), else its function's DISubprogram; a function's DISubprogram;
 * a global's DIGlobalVariable.  Strings are copied into the ctx arena, so
 * they outlive the LLVM context.
 */
#include "front_internal.h"

#include <llvm-c/DebugInfo.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool front_is_kernel(LLVMValueRef fn, enum ir_kernel_kind *kind)
{
	if (!fn || !LLVMIsAFunction(fn))
		return false;
	const char *sec = LLVMGetSection(fn);
	if (!sec)
		return false;
	enum ir_kernel_kind k;
	if (!strcmp(sec, "sluice.kernel"))
		k = KERNEL_STARTED;
	else if (!strcmp(sec, "sluice.autorun"))
		k = KERNEL_AUTORUN;
	else
		return false;
	if (kind)
		*kind = k;
	return true;
}

/* The first instruction of bb or of a block after it, else NULL. */
static LLVMValueRef first_from(LLVMBasicBlockRef bb)
{
	for (; bb; bb = LLVMGetNextBasicBlock(bb))
		if (LLVMGetFirstInstruction(bb))
			return LLVMGetFirstInstruction(bb);
	return NULL;
}

LLVMValueRef front_next_kernel_inst(LLVMModuleRef m, LLVMValueRef in)
{
	LLVMValueRef fn;
	if (in) {
		if (LLVMGetNextInstruction(in))
			return LLVMGetNextInstruction(in);
		LLVMBasicBlockRef bb = LLVMGetInstructionParent(in);
		LLVMValueRef next = first_from(LLVMGetNextBasicBlock(bb));
		if (next)
			return next;
		fn = LLVMGetNextFunction(LLVMGetBasicBlockParent(bb));
	} else {
		fn = LLVMGetFirstFunction(m);
	}
	for (; fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMCountBasicBlocks(fn) || !front_is_kernel(fn, NULL))
			continue;
		LLVMValueRef first = first_from(LLVMGetFirstBasicBlock(fn));
		if (first)
			return first;
	}
	return NULL;
}

static struct ir_loc loc_of(struct hls_ctx *ctx, LLVMValueRef v)
{
	struct ir_loc loc = {0};
	unsigned line = LLVMGetDebugLocLine(v);
	if (!line)
		return loc;
	unsigned len = 0;
	const char *file = LLVMGetDebugLocFilename(v, &len);
	if (!file || !len)
		return loc;
	loc.file = arena_printf(&ctx->arena, "%.*s", (int)len, file);
	loc.line = line;
	if (LLVMIsAInstruction(v))
		loc.col = LLVMGetDebugLocColumn(v);
	return loc;
}

struct ir_loc front_loc(struct hls_ctx *ctx, LLVMValueRef v)
{
	struct ir_loc none = {0};
	if (!v)
		return none;
	if (LLVMIsAInstruction(v)) {
		if (LLVMInstructionGetDebugLoc(v) && LLVMGetDebugLocLine(v))
			return loc_of(ctx, v); /* line 0: no line of its own */
		LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
		return bb ? front_loc(ctx, LLVMGetBasicBlockParent(bb)) : none;
	}
	if (LLVMIsAFunction(v))
		return LLVMGetSubprogram(v) ? loc_of(ctx, v) : none;
	if (LLVMIsAGlobalVariable(v)) {
		/* LLVMGetDebugLoc* read the first !dbg attachment; with none
		 * they would assert in a debug LLVM, so look first. */
		size_t n = 0;
		LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(v, &n);
		unsigned dbg = LLVMGetMDKindID("dbg", 3);
		bool has = false;
		for (size_t i = 0; i < n; i++)
			has |= LLVMValueMetadataEntriesGetKind(md, (unsigned)i) == dbg;
		if (md)
			LLVMDisposeValueMetadataEntries(md);
		return has ? loc_of(ctx, v) : none;
	}
	return none;
}

/* The name string at operand `idx` of a DI node, or NULL. */
static const char *di_name(struct hls_ctx *ctx, LLVMContextRef lc,
			   LLVMMetadataRef node, unsigned idx)
{
	LLVMValueRef v = LLVMMetadataAsValue(lc, node);
	if (!LLVMIsAMDNode(v))
		return NULL;
	unsigned n = LLVMGetMDNodeNumOperands(v);
	if (idx >= n)
		return NULL;
	LLVMValueRef *ops = arena_alloc(&ctx->arena, n * sizeof *ops);
	LLVMGetMDNodeOperands(v, ops);
	if (!ops[idx] || !LLVMIsAMDString(ops[idx]))
		return NULL;
	unsigned len = 0;
	const char *s = LLVMGetMDString(ops[idx], &len);
	return s && len ? arena_printf(&ctx->arena, "%.*s", (int)len, s) : NULL;
}

/* "name.12" -> "name" (the linker's renaming of a clashing internal). */
static const char *strip_suffix(struct hls_ctx *ctx, const char *s, size_t len)
{
	size_t n = len;
	while (n && isdigit((unsigned char)s[n - 1]))
		n--;
	if (n && n < len && s[n - 1] == '.')
		len = n - 1;
	return arena_printf(&ctx->arena, "%.*s", (int)len, s);
}

const char *front_c_name(struct hls_ctx *ctx, LLVMValueRef g)
{
	LLVMContextRef lc = LLVMGetModuleContext(LLVMGetGlobalParent(g));
	const char *di = NULL;
	if (LLVMIsAFunction(g) && LLVMGetSubprogram(g)) {
		di = di_name(ctx, lc, LLVMGetSubprogram(g), 2); /* DISubprogram */
	} else if (LLVMIsAGlobalVariable(g)) {
		size_t n = 0;
		LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &n);
		unsigned dbg = LLVMGetMDKindID("dbg", 3);
		for (size_t i = 0; i < n && !di; i++) {
			if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != dbg)
				continue;
			LLVMMetadataRef gve = LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i);
			LLVMMetadataRef var = LLVMDIGlobalVariableExpressionGetVariable(gve);
			if (var)
				di = di_name(ctx, lc, var, 1); /* DIVariable */
		}
		if (md)
			LLVMDisposeValueMetadataEntries(md);
	}
	if (di)
		return di;
	size_t len = 0;
	const char *s = LLVMGetValueName2(g, &len);
	return strip_suffix(ctx, s ? s : "", s ? len : 0);
}

LLVMValueRef front_strip_casts(LLVMValueRef v)
{
	while (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0 &&
	       (LLVMGetConstOpcode(v) == LLVMBitCast ||
		LLVMGetConstOpcode(v) == LLVMAddrSpaceCast ||
		LLVMGetConstOpcode(v) == LLVMGetElementPtr))
		v = LLVMGetOperand(v, 0);
	return v;
}

const char *front_const_string(struct hls_ctx *ctx, LLVMValueRef p)
{
	p = front_strip_casts(p);
	if (!p || !LLVMIsAGlobalVariable(p) || !LLVMGetInitializer(p))
		return NULL;
	LLVMValueRef init = LLVMGetInitializer(p);
	if (!LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
		return NULL;
	size_t len = 0;
	const char *s = LLVMGetAsString(init, &len);
	while (len && s[len - 1] == 0)
		len--;
	return arena_printf(&ctx->arena, "%.*s", (int)len, s);
}

bool front_spec_desc_read(struct hls_ctx *ctx, LLVMValueRef g, struct front_spec_desc *out)
{
	LLVMValueRef init = LLVMGetInitializer(g);
	if (!init || !LLVMIsAConstantStruct(init) || LLVMGetNumOperands(init) != 4)
		return false;
	LLVMValueRef size = LLVMGetOperand(init, 2);
	LLVMValueRef val = front_strip_casts(LLVMGetOperand(init, 3));
	out->name = front_const_string(ctx, LLVMGetOperand(init, 0));
	out->type = front_const_string(ctx, LLVMGetOperand(init, 1));
	if (!out->name || !out->type || !LLVMIsAConstantInt(size) || !val ||
	    !LLVMIsAGlobalVariable(val) || !LLVMGetInitializer(val))
		return false;
	out->size = (unsigned)LLVMConstIntGetZExtValue(size);
	out->value = val;
	return true;
}

static bool const_int(LLVMValueRef v, long long *out)
{
	if (!v || !LLVMIsAConstantInt(v))
		return false;
	*out = LLVMConstIntGetSExtValue(v);
	return true;
}

bool front_pipe_desc_read(struct hls_ctx *ctx, LLVMValueRef v,
			  struct front_pipe_desc *out)
{
	v = front_strip_casts(v);
	if (!v || !LLVMIsAGlobalVariable(v))
		return false;
	const char *sec = LLVMGetSection(v);
	if (!sec || strcmp(sec, "sluice.pipes"))
		return false;
	LLVMValueRef init = LLVMGetInitializer(v);
	if (!init || !LLVMIsAConstantStruct(init) || LLVMGetNumOperands(init) != 6)
		return false;
	long long size, cap, kind, dir;
	const char *name = front_const_string(ctx, LLVMGetOperand(init, 0));
	const char *type = front_const_string(ctx, LLVMGetOperand(init, 1));
	if (!name || !type || !const_int(LLVMGetOperand(init, 2), &size) ||
	    !const_int(LLVMGetOperand(init, 3), &cap) ||
	    !const_int(LLVMGetOperand(init, 4), &kind) ||
	    !const_int(LLVMGetOperand(init, 5), &dir))
		return false;
	out->name = name;
	out->type = type;
	out->size = (unsigned)size;
	out->min_capacity = (int)cap;
	out->kind = (int)kind;
	out->dir = (int)dir;
	out->loc = front_loc(ctx, v);
	return true;
}

/* Floating-point scalar, or a vector of them (the front end rejects FP
 * arithmetic and carries FP values only as bits). */
bool front_is_fp_type(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMHalfTypeKind:
	case LLVMBFloatTypeKind:
	case LLVMFloatTypeKind:
	case LLVMDoubleTypeKind:
	case LLVMX86_FP80TypeKind:
	case LLVMFP128TypeKind:
	case LLVMPPC_FP128TypeKind:
		return true;
	case LLVMVectorTypeKind:
	case LLVMScalableVectorTypeKind:
		return front_is_fp_type(LLVMGetElementType(t));
	default:
		return false;
	}
}

/* memory(inaccessiblemem: readwrite): ModRef (3) at location
 * InaccessibleMem (1), two bits per location (llvm::MemoryEffects). */
#define MEMORY_INACCESSIBLE_READWRITE (3u << 2)

LLVMValueRef front_effect_fn(LLVMModuleRef m, const char *name, LLVMTypeRef fty,
			     bool noduplicate)
{
	LLVMValueRef fn = LLVMGetNamedFunction(m, name);
	if (fn)
		return fn;
	fn = LLVMAddFunction(m, name, fty);
	LLVMContextRef lc = LLVMGetModuleContext(m);
	static const char *const attrs[] = {"nounwind", "nomerge", "memory", "noduplicate"};
	for (unsigned i = 0; i < (noduplicate ? 4u : 3u); i++) {
		unsigned kind = LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i]));
		if (kind)
			LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
						LLVMCreateEnumAttribute(lc, kind,
									i == 2 ? MEMORY_INACCESSIBLE_READWRITE : 0));
	}
	return fn;
}

bool front_gep_step(LLVMTargetDataRef td, LLVMTypeRef *ty, unsigned i, LLVMValueRef idx,
		    int64_t *field, uint64_t *stride)
{
	bool is_const = LLVMIsAConstantInt(idx);
	*field = 0;
	*stride = 0;
	if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind)
		return false;
	if (i == 0) {
		*stride = LLVMABISizeOfType(td, *ty);
	} else if (LLVMGetTypeKind(*ty) == LLVMStructTypeKind && is_const) {
		unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
		*field = (int64_t)LLVMOffsetOfElement(td, *ty, k);
		*ty = LLVMStructGetTypeAtIndex(*ty, k);
	} else if (LLVMGetTypeKind(*ty) == LLVMArrayTypeKind) {
		*ty = LLVMGetElementType(*ty);
		*stride = LLVMABISizeOfType(td, *ty);
	} else {
		return false;
	}
	return true;
}

const char *front_callee_name(LLVMValueRef call)
{
	LLVMValueRef c = LLVMGetCalledValue(call);
	if (!c || !LLVMIsAFunction(c))
		return "";
	size_t len;
	return LLVMGetValueName2(c, &len);
}

LLVMValueRef front_insert_bits(LLVMBuilderRef b, LLVMValueRef w, LLVMValueRef v,
			       unsigned field_bits, LLVMValueRef amt)
{
	LLVMTypeRef iN = LLVMTypeOf(w);
	LLVMContextRef lc = LLVMGetTypeContext(iN);
	LLVMValueRef mask = LLVMConstAllOnes(LLVMIntTypeInContext(lc, field_bits));
	if (field_bits < LLVMGetIntTypeWidth(iN))
		mask = LLVMBuildZExt(b, mask, iN, "");
	if (amt)
		mask = LLVMBuildShl(b, mask, amt, "");
	LLVMValueRef cleared = LLVMBuildAnd(b, w, LLVMBuildNot(b, mask, ""), "word.clear");
	if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) < LLVMGetIntTypeWidth(iN))
		v = LLVMBuildZExt(b, v, iN, "");
	if (amt)
		v = LLVMBuildShl(b, v, amt, "");
	return LLVMBuildOr(b, cleared, v, "word.new");
}

LLVMValueRef front_bit_amount(LLVMBuilderRef b, LLVMValueRef o, LLVMTypeRef iN)
{
	LLVMValueRef bits = LLVMBuildShl(b, o, LLVMConstInt(LLVMTypeOf(o), 3, 0), "");
	unsigned n = LLVMGetIntTypeWidth(iN);
	return n > 64 ? LLVMBuildZExt(b, bits, iN, "") : n < 64 ? LLVMBuildTrunc(b, bits, iN, "")
							       : bits;
}

LLVMBasicBlockRef front_split_before(struct hls_ctx *ctx, LLVMBuilderRef b, LLVMValueRef in,
				     const char *rest_name)
{
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(in);
	LLVMContextRef lc = LLVMGetTypeContext(LLVMTypeOf(in));
	/* the head keeps the block's name (a loop's header, say) */
	LLVMValueRef bv = LLVMBasicBlockAsValue(bb);
	size_t len = 0;
	const char *s = LLVMGetValueName2(bv, &len);
	char *name = arena_printf(&ctx->arena, "%.*s", (int)len, s);
	LLVMSetValueName2(bv, rest_name, strlen(rest_name));
	LLVMBasicBlockRef pre = LLVMInsertBasicBlockInContext(lc, bb, name);
	LLVMValueRef *users = NULL;
	unsigned nusers = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(bv); u; u = LLVMGetNextUse(u))
		VEC_PUSH(&ctx->arena, users, nusers, LLVMGetUser(u));
	for (unsigned i = 0; i < nusers; i++) /* terminators */
		for (unsigned j = 0; j < LLVMGetNumSuccessors(users[i]); j++)
			if (LLVMGetSuccessor(users[i], j) == bb)
				LLVMSetSuccessor(users[i], j, pre);
	/* the builder would give each moved instruction its debug location
	 * and a name: they keep theirs */
	LLVMPositionBuilderAtEnd(b, pre);
	LLVMSetCurrentDebugLocation2(b, NULL);
	for (LLVMValueRef i; (i = LLVMGetFirstInstruction(bb)) != in;) {
		s = LLVMGetValueName2(i, &len);
		name = arena_printf(&ctx->arena, "%.*s", (int)len, s);
		LLVMInstructionRemoveFromParent(i);
		LLVMInsertIntoBuilderWithName(b, i, name);
	}
	return pre;
}

/* ---- pointer map: open addressing, linear probing ---------------------- */

static size_t slot(const struct pmap *m, const void *key)
{
	uintptr_t h = (uintptr_t)key;
	h ^= h >> 17;
	h *= (uintptr_t)0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 7) & (m->cap - 1);
}

void *pmap_get(const struct pmap *m, const void *key)
{
	if (!m->cap || !key)
		return NULL;
	for (size_t i = slot(m, key);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == key)
			return m->vals[i];
		if (!m->keys[i])
			return NULL;
	}
}

static void grow(struct pmap *m)
{
	struct pmap old = *m;
	m->cap = old.cap ? 2 * old.cap : 64;
	m->keys = calloc(m->cap, sizeof *m->keys);
	m->vals = calloc(m->cap, sizeof *m->vals);
	if (!m->keys || !m->vals) {
		fputs("sluice: out of memory\n", stderr);
		abort();
	}
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i])
			pmap_put(m, old.keys[i], old.vals[i]);
	free(old.keys);
	free(old.vals);
}

void pmap_put(struct pmap *m, const void *key, void *val)
{
	if (!key)
		return;
	if (2 * (m->n + 1) > m->cap)
		grow(m);
	size_t i = slot(m, key);
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = (void *)key;
	m->vals[i] = val;
}

void pmap_clear(struct pmap *m)
{
	if (m->n && m->cap) {
		memset(m->keys, 0, m->cap * sizeof *m->keys);
		m->n = 0;
	}
}

void pmap_free(struct pmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
