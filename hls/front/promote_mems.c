/*
 * promote_mems.c -- front_promote_memories(): the arrays of more than 512
 * bytes become memories, and the constant tables of 256 bytes or more
 * read with a variable index ROMs (front_rom_table).
 *
 * Runs after the pass pipeline, beside front_promote_arrays (which turns
 * the arrays of at most 512 bytes into wide integers: registers and
 * logic).  What is left of a larger object in a kernel -- a local array
 * (a static alloca of the kernel's entry block), a constant table, or a
 * mutable global that state.c left a global because it is too wide for
 * kernel state -- is rewritten when every use, through GEPs with constant
 * or variable indices, is a non-volatile, non-atomic integer load or store
 * of 1, 2, 4 or 8 bytes, a lifetime marker or a hint the lowering drops
 * (assume, prefetch).  The memory's word is its widest access, K bytes:
 * a port moves one word a cycle, and an array of structs read field by
 * field, or a word buffer also read bytewise, is then one memory of the
 * words it is mostly moved in.  Every access of k bytes must lie within
 * one word: it is aligned to its own size (k divides K; by the GEPs'
 * constant offsets and strides, or because the access and the object are
 * aligned to k, as in the byte-offset GEP that instcombine makes of a
 * pointer walking the array), or every variable stride is a multiple of
 * K and the constant offset's place in the word leaves room for it (a
 * field of a packed struct).  Then, with W = 8*K:
 *
 *   load iN at byte o   ->  %w = call iW @sluice.mem.load.iW(ptr @obj, i64 o/K)
 *   store iN %v at o    ->  call void @sluice.mem.store.iW(ptr @obj, i64 o/K, iW %v)
 *
 * for a whole word (an iN narrower than its K bytes, such as a bool's i1,
 * is truncated from the word or zero-extended into it), and for a part of
 * one, at byte l = o mod K of the word (little-endian, as the rest of
 * sluice), the word shifted right by 8*l and truncated, or stored back
 * with the part's bytes replaced (a read-modify-write: rewrite_access);
 * lifetime markers go.  The word index o/K is built from the GEPs'
 * indices, each sign-extended to i64 as promote_slots.c builds byte
 * offsets, with every stride and constant offset that is a multiple of K
 * divided by K (an array's element index is then the word index itself,
 * with no shift and no 64-bit mask for instcombine to leave behind); the
 * terms that are not (a byte-offset GEP, a field's offset) are summed in
 * bytes and split into words and l: at compile time when a constant, else
 * by a shift right by log2 K (`exact` when the scan has proved the access
 * aligned to K: no low bits are checked in hardware) and, for a part, a
 * mask of the low bits.  Each GEP's part is built once, before the GEP,
 * so that a load and a store through one GEP (a read-modify-write) share
 * it.
 *
 * The functions are declared as state.c declares the state functions:
 * nounwind, nomerge, noduplicate, memory(inaccessiblemem: readwrite): the
 * object's memory is no longer C-visible memory to LLVM, and the calls are
 * never merged, removed, duplicated or reordered with each other.  The
 * object stays as the calls' first argument, for the lowering to name the
 * memory (lower_call.c) and size it; a global keeps its initializer (a
 * constant table's contents, a mutable global's reset value).
 *
 * An access that is not of 1, 2, 4 or 8 bytes, or that may straddle two
 * of the memory's words (whether one lies within a word is checked after
 * the scan, which finds K), is first split into loads or stores of its
 * bytes, one after the other (of 2, 4 or 8 bytes when its size and
 * alignment allow: a 16-byte integer), and the module scanned again: a
 * packed struct's bitfields are loaded as a unit of 3, 5, 6 or 7 bytes,
 * or as one of 8 at any byte offset.  Each piece lies within a word; such
 * an access takes a cycle of the port per piece.
 *
 * An object of more than 512 bytes that does not qualify is an error at
 * the first offending instruction in program order (one error per
 * object): an access of a non-integer type, a volatile or atomic access,
 * a pointer into it chosen at run time (phi, select), or its address
 * escaping (stored, passed to a call, compared, converted to an
 * integer).  Returns the number of errors; the module is not changed when
 * there is any, but for the accesses split into bytes.
 *
 * Before that, and before front_promote_arrays, mem_copies.c turns the
 * memsets, memcpys and memmoves of such objects into loops of word
 * accesses, which the scan then takes as any other access; the scan, its
 * objects and the splitting of accesses are shared with it through
 * promote_mems.h.
 */
#include "promote_mems.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static bool is_gep(LLVMValueRef v)
{
	return LLVMIsAGetElementPtrInst(v) ||
	       (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

LLVMValueRef mem_root_of(LLVMValueRef v)
{
	for (int guard = 0; v && is_gep(v) && guard < 64; guard++)
		v = LLVMGetOperand(v, 0);
	return v;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

bool mem_is_copy(LLVMValueRef call)
{
	const char *name = front_callee_name(call);
	return prefix(name, "llvm.memset") || prefix(name, "llvm.memcpy") ||
	       prefix(name, "llvm.memmove");
}

/* The size in bytes of the object v (an alloca of fn's entry block with a
 * constant count, or a defined global that is not the front end's own), or
 * 0 when v is none of those. */
static uint64_t object_size(struct pm *p, LLVMValueRef fn, LLVMValueRef v)
{
	if (LLVMIsAAllocaInst(v)) {
		LLVMValueRef count = LLVMGetOperand(v, 0);
		LLVMTypeRef t = LLVMGetAllocatedType(v);
		if (LLVMGetInstructionParent(v) != LLVMGetEntryBasicBlock(fn) ||
		    !LLVMIsAConstantInt(count) || !LLVMTypeIsSized(t))
			return 0;
		return LLVMConstIntGetZExtValue(count) * LLVMABISizeOfType(p->td, t);
	}
	if (!LLVMIsAGlobalVariable(v) || LLVMIsDeclaration(v) || !LLVMGetInitializer(v))
		return 0;
	size_t len = 0;
	const char *name = LLVMGetValueName2(v, &len);
	const char *sec = LLVMGetSection(v);
	LLVMTypeRef t = LLVMGlobalGetValueType(v);
	if ((name && prefix(name, "llvm.")) || (sec && prefix(sec, "sluice.")) ||
	    (sec && !strcmp(sec, "llvm.metadata")) || !LLVMTypeIsSized(t))
		return 0;
	return LLVMABISizeOfType(p->td, t);
}

struct mem_obj *mem_object_of(struct pm *p, LLVMValueRef fn, LLVMValueRef v)
{
	for (unsigned i = 0; i < p->nobjs; i++)
		if (p->objs[i].obj == v)
			return &p->objs[i];
	uint64_t size = object_size(p, fn, v);
	if (size < MIN_MEM_BYTES && (size < MIN_ROM_BYTES || !front_rom_table(p->ctx, p->td, v)))
		return NULL;
	struct mem_obj o = {.obj = v};
	if (LLVMIsAGlobalVariable(v)) {
		o.name = front_c_name(p->ctx, v);
	} else {
		/* clang names a local's alloca after it; inlining adds ".i" */
		size_t len = 0;
		const char *name = LLVMGetValueName2(v, &len);
		const char *dot = len ? memchr(name, '.', len) : NULL;
		if (dot && dot > name)
			len = (size_t)(dot - name);
		o.name = len ? arena_printf(&p->ctx->arena, "%.*s", (int)len, name) : "?";
	}
	VEC_PUSH(&p->ctx->arena, p->objs, p->nobjs, o);
	return &p->objs[p->nobjs - 1];
}

void mem_bad(struct pm *p, struct mem_obj *o, LLVMValueRef at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(&p->ctx->diag, "error", front_loc(p->ctx, at), fmt, ap);
	va_end(ap);
	o->bad = true;
}

/* ---- the scan ------------------------------------------------------------ */

/* The byte offset of pointer v from its object: the constant part in *off,
 * the gcd of the strides of its variable indices in *stride (0: none).
 * False when a GEP steps into a vector, or has a variable where only
 * constants can be (a struct field). */
bool mem_offset_of(struct pm *p, LLVMValueRef v, int64_t *off, uint64_t *stride)
{
	*off = 0;
	*stride = 0;
	for (; is_gep(v); v = LLVMGetOperand(v, 0)) {
		unsigned n = LLVMGetNumIndices(v);
		LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
		for (unsigned i = 0; i < n; i++) {
			LLVMValueRef idx = LLVMGetOperand(v, i + 1);
			int64_t field;
			uint64_t s;
			if (!front_gep_step(p->td, &ty, i, idx, &field, &s))
				return false;
			if (!s)
				*off += field;
			else if (LLVMIsAConstantInt(idx))
				*off += LLVMConstIntGetSExtValue(idx) * (int64_t)s;
			else
				*stride = gcd(*stride, s);
		}
	}
	return true;
}

/* Whether a byte offset of constant part off plus multiples of stride is
 * a whole number of k-byte words: by its terms when every stride is a
 * multiple of k (then the offset is known modulo k, and a pointer to a
 * packed struct's member, which C lets claim the alignment of its type,
 * cannot say otherwise), else because the access (align) and the object
 * are aligned to k (a byte-offset GEP of a pointer loop). */
bool mem_whole_words(struct mem_obj *o, int64_t off, uint64_t stride, unsigned align,
			unsigned k)
{
	if (stride % k == 0)
		return off % (int64_t)k == 0;
	return align >= k && LLVMGetAlignment(o->obj) >= k;
}

/* A load (is_store false) or store of an integer at address v of o. */
static void scan_access(struct pm *p, struct mem_obj *o, LLVMValueRef in, LLVMValueRef v,
			bool is_store)
{
	LLVMTypeRef t = LLVMTypeOf(is_store ? LLVMGetOperand(in, 0) : in);
	if (LLVMGetVolatile(in) || LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic) {
		mem_bad(p, o, in, "volatile or atomic access to array '%s' in memory is not "
		    "supported", o->name);
		return;
	}
	if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) {
		mem_bad(p, o, in, "array '%s' is accessed as a value that is not an integer "
		    "(a struct or a vector); an array in memory holds integers", o->name);
		return;
	}
	unsigned k = (unsigned)LLVMStoreSizeOfType(p->td, t);
	if (k != 1 && k != 2 && k != 4 && k != 8) {
		VEC_PUSH(&p->ctx->arena, o->split, o->nsplit, in);
		return;
	}
	int64_t off;
	uint64_t stride;
	if (!mem_offset_of(p, v, &off, &stride)) {
		mem_bad(p, o, in, "array '%s' is indexed in a way that is not supported "
		    "for an array in memory", o->name);
		return;
	}
	/* the word is the widest access; whether each lies within one word
	 * is known once all are seen (check_words) */
	if (k > o->word) {
		o->word = k;
		o->word_at = in;
	}
	VEC_PUSH(&p->ctx->arena, o->acc, o->nacc, in);
}

/* Operand i of instruction `in` is v, a pointer into o. */
static void scan_use(struct pm *p, struct mem_obj *o, LLVMValueRef in, unsigned i,
		     LLVMValueRef v)
{
	if (o->bad)
		return;
	if (LLVMIsAGetElementPtrInst(in) && i == 0) {
		VEC_PUSH(&p->ctx->arena, o->geps, o->ngeps, in);
	} else if (LLVMIsALoadInst(in)) {
		scan_access(p, o, in, v, false);
	} else if (LLVMIsAStoreInst(in) && i == 1) {
		scan_access(p, o, in, v, true);
	} else if (LLVMIsACallInst(in) && prefix(front_callee_name(in), "llvm.lifetime.")) {
		VEC_PUSH(&p->ctx->arena, o->acc, o->nacc, in);
	} else if (LLVMIsACallInst(in) && (prefix(front_callee_name(in), "llvm.assume") ||
					   prefix(front_callee_name(in), "llvm.prefetch") ||
					   prefix(front_callee_name(in), "llvm.invariant.") ||
					   prefix(front_callee_name(in), "llvm.var.annotation"))) {
		return; /* hints, which the lowering drops */
	} else if (LLVMIsACallInst(in) && i < 2 && mem_is_copy(in)) {
		/* seen once per object it touches, consecutively */
		if (!p->ncopies || p->copies[p->ncopies - 1] != in)
			VEC_PUSH(&p->ctx->arena, p->copies, p->ncopies, in);
	} else if (LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in)) {
		mem_bad(p, o, in, "volatile or atomic access to array '%s' in memory is not "
		    "supported", o->name);
	} else if (LLVMIsAPHINode(in) || LLVMIsASelectInst(in)) {
		mem_bad(p, o, in, "a pointer into array '%s' is chosen at run time (by a "
		    "condition or a loop); not supported for an array in memory",
		    o->name);
	} else {
		mem_bad(p, o, in, "the address of array '%s' escapes (stored, passed to a "
		    "call or compared); not supported", o->name);
	}
}

static void scan_kernel(struct pm *p, LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			unsigned n = (unsigned)LLVMGetNumOperands(in);
			for (unsigned i = 0; i < n; i++) {
				LLVMValueRef v = LLVMGetOperand(in, i);
				if (!v || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
					continue;
				struct mem_obj *o = mem_object_of(p, fn, mem_root_of(v));
				if (o)
					scan_use(p, o, in, i, v);
			}
		}
}

/* The constant part off and stride of the offset of access `in` (a load
 * or store scan_access took) into o, and its size in *k. */
static void access_at(struct pm *p, LLVMValueRef in, int64_t *off, uint64_t *stride,
		      unsigned *k)
{
	bool store = LLVMIsAStoreInst(in);
	bool ok = mem_offset_of(p, LLVMGetOperand(in, store), off, stride);
	assert(ok); /* scan_access */
	(void)ok;
	*k = (unsigned)LLVMStoreSizeOfType(p->td, LLVMTypeOf(store ? LLVMGetOperand(in, 0) : in));
}

/* Whether an access of k bytes at a byte offset of constant part off plus
 * multiples of stride lies within one of o's K-byte words: it is aligned
 * to its own size (k divides K), or its place in the word is a constant
 * that leaves room for it (a field of a packed struct). */
static bool in_one_word(struct mem_obj *o, int64_t off, uint64_t stride, unsigned align,
			unsigned k)
{
	return mem_whole_words(o, off, stride, align, k) ||
	       (stride % o->word == 0 && ((uint64_t)off & (o->word - 1)) + k <= o->word);
}

/* Every access of o, once its word size K is known, must move bytes of one
 * word: a narrower one becomes a part of a word (rewrite), and a word is
 * all a memory's port moves in a cycle.  Those that do not are to be
 * split into bytes. */
static void check_words(struct pm *p, struct mem_obj *o)
{
	for (unsigned i = 0; i < o->nacc && !o->bad; i++) {
		LLVMValueRef in = o->acc[i];
		int64_t off;
		uint64_t stride;
		unsigned k;
		if (LLVMIsACallInst(in)) /* a lifetime marker */
			continue;
		access_at(p, in, &off, &stride, &k);
		if (!in_one_word(o, off, stride, LLVMGetAlignment(in), k))
			VEC_PUSH(&p->ctx->arena, o->split, o->nsplit, in);
	}
}

/* Scans the kernels of the module for objects and their uses, then checks
 * the accesses of each against its word size. */
static void scan_module(struct pm *p)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(p->m); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn) && front_is_kernel(fn, NULL))
			scan_kernel(p, fn);
	for (unsigned i = 0; i < p->nobjs; i++)
		if (!p->objs[i].bad)
			check_words(p, &p->objs[i]);
}

/* Access `in` (an integer load or store of k bytes) becomes loads or
 * stores of its pieces, little-endian: of 8, 4 or 2 bytes when k and the
 * access's alignment allow (an aligned 16-byte integer), else of bytes. */
static void split_access(struct pm *p, LLVMBuilderRef b, LLVMValueRef in)
{
	bool store = LLVMIsAStoreInst(in);
	LLVMValueRef ptr = LLVMGetOperand(in, store);
	LLVMTypeRef t = LLVMTypeOf(store ? LLVMGetOperand(in, 0) : in);
	unsigned k = (unsigned)LLVMStoreSizeOfType(p->td, t), n = 8;
	while (k % n || LLVMGetAlignment(in) % n || n >= k)
		n /= 2;
	if (!n)
		n = 1;
	LLVMTypeRef piece = LLVMIntTypeInContext(p->lc, 8 * n);
	LLVMTypeRef wide = LLVMIntTypeInContext(p->lc, 8 * k);
	LLVMPositionBuilderBefore(b, in);
	LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(in));
	LLVMValueRef x = store ? LLVMGetOperand(in, 0) : LLVMConstNull(wide);
	if (store && t != wide)
		x = LLVMBuildZExt(b, x, wide, "");
	for (unsigned j = 0; j < k; j += n) {
		LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(p->lc), j, 0);
		LLVMValueRef at = j ? LLVMBuildInBoundsGEP2(b, LLVMInt8TypeInContext(p->lc), ptr,
							    &idx, 1, "") : ptr;
		LLVMValueRef sh = LLVMConstInt(wide, 8 * j, 0);
		if (store) {
			LLVMValueRef v = LLVMBuildTrunc(b, j ? LLVMBuildLShr(b, x, sh, "") : x, piece, "");
			LLVMSetAlignment(LLVMBuildStore(b, v, at), n);
		} else {
			LLVMValueRef v = LLVMBuildLoad2(b, piece, at, "mem.piece");
			LLVMSetAlignment(v, n);
			v = LLVMBuildZExt(b, v, wide, "");
			x = LLVMBuildOr(b, x, j ? LLVMBuildShl(b, v, sh, "") : v, "");
		}
	}
	if (!store)
		LLVMReplaceAllUsesWith(in, t != wide ? LLVMBuildTrunc(b, x, t, "") : x);
	LLVMInstructionEraseFromParent(in);
}

/* When some accesses are to be split into pieces, splits them, forgets the
 * scan and scans again (the pieces lie within words). */
void mem_scan(struct pm *p)
{
	for (;;) {
		unsigned errors = p->ctx->diag.errors, nsplit = 0;
		scan_module(p);
		for (unsigned i = 0; i < p->nobjs; i++)
			nsplit += p->objs[i].bad ? 0 : p->objs[i].nsplit;
		if (!nsplit || p->ctx->diag.errors > errors)
			return;
		LLVMBuilderRef b = LLVMCreateBuilderInContext(p->lc);
		for (unsigned i = 0; i < p->nobjs; i++)
			for (unsigned j = 0; j < p->objs[i].nsplit; j++)
				split_access(p, b, p->objs[i].split[j]);
		LLVMDisposeBuilder(b);
		p->objs = NULL;
		p->nobjs = 0;
		p->copies = NULL;
		p->ncopies = 0;
	}
}

/* ---- the rewrite ------------------------------------------------------------ */

static LLVMValueRef mem_fn(struct pm *p, bool store, unsigned bits)
{
	char name[64];
	snprintf(name, sizeof name, "sluice.mem.%s.i%u", store ? "store" : "load", bits);
	LLVMTypeRef w = LLVMIntTypeInContext(p->lc, bits);
	LLVMTypeRef params[3] = {LLVMPointerTypeInContext(p->lc, 0),
				 LLVMInt64TypeInContext(p->lc), w};
	LLVMTypeRef fty = store ? LLVMFunctionType(LLVMVoidTypeInContext(p->lc), params, 3, false)
				: LLVMFunctionType(w, params, 2, false);
	return front_effect_fn(p->m, name, fty, true);
}

/* a + b, either NULL for 0 */
static LLVMValueRef add(struct pm *p, LLVMValueRef a, LLVMValueRef b)
{
	return !a ? b : !b ? a : LLVMBuildAdd(p->b, a, b, "mem.idx");
}

/* The offset GEP g adds to its pointer, built at the builder as i64 values
 * (NULL: 0): in *words, the terms that are whole words (index times
 * stride / K, each index sign-extended or truncated to i64; the constant
 * part / K), in *bytes those that are not (index times stride in bytes). */
static void gep_index(struct pm *p, LLVMValueRef g, unsigned k, LLVMValueRef *words,
		      LLVMValueRef *bytes)
{
	LLVMTypeRef i64 = LLVMInt64TypeInContext(p->lc);
	unsigned n = LLVMGetNumIndices(g);
	LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
	int64_t off = 0;
	*words = *bytes = NULL;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(g, i + 1);
		int64_t field;
		uint64_t s;
		bool ok = front_gep_step(p->td, &ty, i, idx, &field, &s);
		assert(ok); /* offset_of went this way before */
		(void)ok;
		if (!s) {
			off += field;
			continue;
		}
		if (LLVMIsAConstantInt(idx)) {
			off += LLVMConstIntGetSExtValue(idx) * (int64_t)s;
			continue;
		}
		unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
		LLVMValueRef x = iw < 64 ? LLVMBuildSExt(p->b, idx, i64, "")
			       : iw > 64 ? LLVMBuildTrunc(p->b, idx, i64, "") : idx;
		uint64_t f = s % k ? s : s / k;
		if (f != 1)
			x = LLVMBuildMul(p->b, x, LLVMConstInt(i64, f, 0), "");
		if (s % k)
			*bytes = add(p, *bytes, x);
		else
			*words = add(p, *words, x);
	}
	if (off % (int64_t)k)
		*bytes = add(p, *bytes, LLVMConstInt(i64, (uint64_t)off, 1));
	else if (off)
		*words = add(p, *words, LLVMConstInt(i64, (uint64_t)(off / (int64_t)k), 1));
}

/* The offset of pointer v into o as gep_index gives it (summed over the
 * GEPs from o to v).  A GEP instruction's is built once, before it (its
 * users come after it); a constant GEP's is constants. */
static struct cached offset_in(struct pm *p, struct mem_obj *o, LLVMValueRef v)
{
	struct cached r = {v, NULL, NULL};
	if (v == o->obj)
		return r;
	for (unsigned i = 0; i < o->nidx; i++)
		if (o->idx[i].gep == v)
			return o->idx[i];
	struct cached parent = offset_in(p, o, LLVMGetOperand(v, 0));
	if (LLVMIsAInstruction(v)) {
		LLVMPositionBuilderBefore(p->b, v);
		LLVMSetCurrentDebugLocation2(p->b, LLVMInstructionGetDebugLoc(v));
	}
	gep_index(p, v, o->word, &r.words, &r.bytes);
	r.words = add(p, parent.words, r.words);
	r.bytes = add(p, parent.bytes, r.bytes);
	VEC_PUSH(&p->ctx->arena, o->idx, o->nidx, r);
	return r;
}

/* The word index of access `in` at address v into o, built before it, and
 * in *lane the byte offset of the access within that word (NULL: 0).  The
 * bytes that are not whole words are, when a constant (every variable
 * stride a multiple of K), split here into words and a constant lane; when
 * the access is aligned to K (`whole`), shifted right by log2 K, `exact`:
 * the scan has proved them a multiple of K, so no low bits are checked in
 * hardware; else (a byte pointer walking the memory) split in hardware,
 * the words by an arithmetic shift (the bytes of one GEP may be negative
 * where its base is further on), the lane by a mask. */
static LLVMValueRef word_index(struct pm *p, struct mem_obj *o, LLVMValueRef in, LLVMValueRef v,
			       bool whole, LLVMValueRef *lane)
{
	struct cached c = offset_in(p, o, v);
	LLVMPositionBuilderBefore(p->b, in);
	LLVMSetCurrentDebugLocation2(p->b, LLVMInstructionGetDebugLoc(in));
	LLVMTypeRef i64 = LLVMInt64TypeInContext(p->lc);
	int64_t k = o->word;
	LLVMValueRef w = c.words, log2k = LLVMConstInt(i64, __builtin_ctz(o->word), 0);
	*lane = NULL;
	if (c.bytes && LLVMIsAConstantInt(c.bytes)) {
		int64_t b = LLVMConstIntGetSExtValue(c.bytes);
		int64_t in_word = (int64_t)((uint64_t)b & (uint64_t)(k - 1));
		if (b - in_word)
			w = add(p, w, LLVMConstInt(i64, (uint64_t)((b - in_word) / k), 1));
		if (in_word)
			*lane = LLVMConstInt(i64, (uint64_t)in_word, 0);
	} else if (c.bytes && k > 1 && whole) {
		LLVMValueRef sh = LLVMBuildLShr(p->b, c.bytes, log2k, "");
		if (LLVMIsAInstruction(sh))
			LLVMSetExact(sh, true);
		w = add(p, w, sh);
	} else if (c.bytes && k > 1) {
		w = add(p, w, LLVMBuildAShr(p->b, c.bytes, log2k, ""));
		*lane = LLVMBuildAnd(p->b, c.bytes, LLVMConstInt(i64, (uint64_t)(k - 1), 0),
				     "mem.lane");
	} else if (c.bytes) {
		w = add(p, w, c.bytes);
	}
	return w ? w : LLVMConstInt(i64, 0, 0);
}

/* Rewrites access `in` of k bytes into o: a load or store of a whole word,
 * or, narrower, of a part of one (little-endian, as the rest of sluice):
 *
 *   load:   %w = mem.load(i); trunc(lshr %w, 8*lane)
 *   store:  %w = mem.load(i);
 *           mem.store(i, (%w & ~(ones(k) << 8*lane)) | (zext %v << 8*lane))
 *
 * The read-modify-write costs a read of the memory's one read port; the
 * back end forwards a store to a later load of its word, so that such
 * stores in consecutive iterations of a pipelined loop stay correct. */
static void rewrite_access(struct pm *p, struct mem_obj *o, LLVMValueRef in)
{
	LLVMTypeRef w = LLVMIntTypeInContext(p->lc, 8 * o->word);
	bool store = LLVMIsAStoreInst(in);
	int64_t off;
	uint64_t stride;
	unsigned k;
	access_at(p, in, &off, &stride, &k);
	bool whole = mem_whole_words(o, off, stride, LLVMGetAlignment(in), o->word);
	LLVMValueRef lane;
	LLVMValueRef args[3] = {o->obj, word_index(p, o, in, LLVMGetOperand(in, store), whole,
						   &lane), NULL};
	LLVMValueRef load = mem_fn(p, false, 8 * o->word);
	LLVMTypeRef load_ty = LLVMGlobalGetValueType(load);
	LLVMValueRef sh = lane ? front_bit_amount(p->b, lane, w) : NULL;
	if (store) {
		LLVMValueRef fn = mem_fn(p, true, 8 * o->word);
		LLVMValueRef v = LLVMGetOperand(in, 0);
		if (k < o->word) {
			LLVMValueRef old = LLVMBuildCall2(p->b, load_ty, load, args, 2, "mem.old");
			args[2] = front_insert_bits(p->b, old, v, 8 * k, sh);
		} else {
			args[2] = LLVMTypeOf(v) == w ? v : LLVMBuildZExt(p->b, v, w, "");
		}
		LLVMBuildCall2(p->b, LLVMGlobalGetValueType(fn), fn, args, 3, "");
	} else {
		/* the load's name goes to its value (taken from it first:
		 * two values of one name, the second would be renamed) */
		size_t len = 0;
		const char *s = LLVMGetValueName2(in, &len);
		char *name = arena_printf(&p->ctx->arena, "%.*s", (int)len, s);
		LLVMSetValueName2(in, "", 0);
		bool narrow = LLVMTypeOf(in) != w; /* a part, or a bool's i1 */
		LLVMValueRef r = LLVMBuildCall2(p->b, load_ty, load, args, 2,
						narrow ? "" : name);
		if (sh)
			r = LLVMBuildLShr(p->b, r, sh, "");
		if (narrow)
			r = LLVMBuildTrunc(p->b, r, LLVMTypeOf(in), name);
		LLVMReplaceAllUsesWith(in, r);
	}
	LLVMInstructionEraseFromParent(in);
}

/* Rewrites o's accesses; false when it has none (only lifetime markers). */
static bool rewrite(struct pm *p, struct mem_obj *o)
{
	if (!o->word)
		return false;
	for (unsigned i = 0; i < o->nacc; i++) {
		if (LLVMIsACallInst(o->acc[i])) /* a lifetime marker */
			LLVMInstructionEraseFromParent(o->acc[i]);
		else
			rewrite_access(p, o, o->acc[i]);
	}
	/* the GEPs whose accesses are gone, users before the GEPs they use */
	for (bool again = true; again;) {
		again = false;
		for (unsigned i = 0; i < o->ngeps; i++)
			if (o->geps[i] && !LLVMGetFirstUse(o->geps[i])) {
				LLVMInstructionEraseFromParent(o->geps[i]);
				o->geps[i] = NULL;
				again = true;
			}
	}
	return true;
}

unsigned front_promote_memories(struct hls_ctx *ctx, LLVMModuleRef m, unsigned *nmems)
{
	unsigned errors0 = ctx->diag.errors;
	*nmems = 0;
	struct pm p = {ctx, m, LLVMGetModuleContext(m), LLVMGetModuleDataLayout(m), NULL,
		       NULL, 0, NULL, 0};
	if (LLVMByteOrder(p.td) != LLVMLittleEndian)
		return 0; /* the lowering reports the accesses */
	mem_scan(&p);
	if (p.ncopies)
		diag_error(&ctx->diag, front_loc(ctx, p.copies[0]), "internal error: a %s "
			   "of an array in memory was not expanded",
			   front_callee_name(p.copies[0]));
	if (ctx->diag.errors > errors0)
		return ctx->diag.errors - errors0;
	p.b = LLVMCreateBuilderInContext(p.lc);
	for (unsigned i = 0; i < p.nobjs; i++)
		*nmems += rewrite(&p, &p.objs[i]);
	LLVMDisposeBuilder(p.b);
	return 0;
}
