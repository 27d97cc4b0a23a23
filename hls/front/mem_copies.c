/*
 * mem_copies.c -- front_expand_memory_copies(): the memsets, memcpys and
 * memmoves of the arrays of more than 512 bytes, and those on device
 * memory (through a kernel's pointer argument), become loops of word
 * accesses.
 *
 * Runs after the pass pipeline, before front_promote_arrays and
 * front_promote_memories (promote_mems.c).  Each memset, memcpy and
 * memmove that touches such an object (`uint32_t buf[300] = {0}` is a
 * memset, a local's initializer list a memcpy from a constant
 * `__const.f.buf`) becomes a loop that moves one word per iteration with
 * ordinary loads and stores of K bytes, which promote_mems.c's scan then
 * takes as any other access: a memory's become @sluice.mem.*
 * calls, a small constant table's (front_promote_arrays) one wide
 * constant, a small array's an access of its wide integer.  The loop is a
 * one-block do-while that the scheduler pipelines, one word per cycle.  K
 * is the memory's own (its widest load or store; for a memory that only
 * copies touch, that of a memory it is copied from or to, else its
 * element's size).  A copy is an error when it is volatile, copies
 * between memories of two word sizes, is a memmove within one memory (the
 * regions may overlap), or does not move whole words: a memory's offset
 * must be a multiple of K as for a load, the length a constant multiple
 * of K or a value known to be one (a count times a size).  The copies are
 * found by the same scan, run once more; its errors are reported there.
 *
 * A copy on device memory that touches no such array (memset of a
 * buffer, memcpy between a buffer and a local array or another buffer)
 * becomes the same loop, its word K the largest of 8, 4, 2 and 1 bytes
 * that the alignment of its pointers and its length allow; the loop's
 * loads and stores of device memory are then front_device_pointers's
 * (devmem.c) to rewrite.  Volatile copies, and a memmove between two
 * device pointers (the regions may overlap), are errors.
 */
#include "promote_mems.h"

#include <llvm-c/DebugInfo.h>

#include <string.h>

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static const char *copy_kind(LLVMValueRef call)
{
	const char *name = front_callee_name(call);
	return prefix(name, "llvm.memset") ? "memset" :
	       prefix(name, "llvm.memcpy") ? "memcpy" : "memmove";
}

/* The object that pointer operand i of copy `call` points into, when it is
 * a memory (for a memset, only operand 0 is a pointer). */
static struct mem_obj *copy_side(struct pm *p, LLVMValueRef call, unsigned i)
{
	if (i == 1 && !strcmp(copy_kind(call), "memset"))
		return NULL;
	LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
	return mem_object_of(p, fn, mem_root_of(LLVMGetOperand(call, i)));
}

/* The word size of an object that no load or store of its own sizes: its
 * first scalar element's, when that is an integer of 1, 2, 4 or 8 bytes
 * that divides the object, else 1 (bytes). */
static unsigned element_word(struct pm *p, struct mem_obj *o)
{
	LLVMTypeRef t = LLVMIsAAllocaInst(o->obj) ? LLVMGetAllocatedType(o->obj)
						  : LLVMGlobalGetValueType(o->obj);
	uint64_t size = LLVMABISizeOfType(p->td, t);
	for (;;) {
		LLVMTypeKind kind = LLVMGetTypeKind(t);
		if (kind == LLVMArrayTypeKind)
			t = LLVMGetElementType(t);
		else if (kind == LLVMStructTypeKind && LLVMCountStructElementTypes(t))
			t = LLVMStructGetTypeAtIndex(t, 0);
		else
			break;
	}
	if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
		return 1;
	unsigned k = (unsigned)LLVMStoreSizeOfType(p->td, t);
	return (k == 1 || k == 2 || k == 4 || k == 8) && size % k == 0 ? k : 1;
}

/* Gives every memory a copy touches a word size: the one of the memory it
 * is copied from or to when only that one is accessed otherwise (through
 * chains of copies), else element_word. */
static void settle_words(struct pm *p)
{
	for (bool again = true; again;) {
		again = false;
		for (unsigned i = 0; i < p->ncopies; i++) {
			struct mem_obj *d = copy_side(p, p->copies[i], 0);
			struct mem_obj *s = copy_side(p, p->copies[i], 1);
			if (!d || !s || !d->word == !s->word)
				continue;
			struct mem_obj *to = d->word ? s : d;
			to->word = d->word | s->word;
			to->word_at = p->copies[i];
			again = true;
		}
	}
	for (unsigned i = 0; i < p->ncopies; i++)
		for (unsigned j = 0; j < 2; j++) {
			struct mem_obj *o = copy_side(p, p->copies[i], j);
			if (o && !o->word) {
				o->word = element_word(p, o);
				o->word_at = p->copies[i];
			}
		}
}

/* How many low bits of integer v are known to be 0 (a length written as
 * a count times a size): a little of LLVM's known-bits analysis, which the
 * C API does not offer. */
static unsigned low_zeros(LLVMValueRef v, unsigned depth)
{
	if (LLVMIsAConstantInt(v)) {
		uint64_t c = LLVMConstIntGetZExtValue(v);
		return c ? (unsigned)__builtin_ctzll(c) : 64;
	}
	if (!LLVMIsAInstruction(v) || depth > 8)
		return 0;
	LLVMValueRef a = LLVMGetOperand(v, 0);
	unsigned za = low_zeros(a, depth + 1), zb;
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMZExt:
	case LLVMSExt:
	case LLVMTrunc:
		return za;
	case LLVMShl: {
		LLVMValueRef b = LLVMGetOperand(v, 1);
		return LLVMIsAConstantInt(b) ? za + (unsigned)LLVMConstIntGetZExtValue(b) : za;
	}
	case LLVMMul:
		return za + low_zeros(LLVMGetOperand(v, 1), depth + 1);
	case LLVMAnd:
		zb = low_zeros(LLVMGetOperand(v, 1), depth + 1);
		return za > zb ? za : zb;
	case LLVMAdd:
	case LLVMSub:
	case LLVMOr:
	case LLVMXor:
		zb = low_zeros(LLVMGetOperand(v, 1), depth + 1);
		return za < zb ? za : zb;
	default:
		return 0;
	}
}

/* The alignment that copy `call` promises for its pointer operand i. */
static unsigned param_align(LLVMValueRef call, unsigned i)
{
	unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
	LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i + 1, kind);
	return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

/* Whether pointer v of kernel fn is derived from one of its pointer
 * arguments (a device pointer) through GEPs, selects and phis. */
static bool device_pointer(LLVMValueRef fn, LLVMValueRef v, unsigned depth)
{
	if (depth > 16)
		return false;
	if (LLVMIsAArgument(v))
		return LLVMGetParamParent(v) == fn;
	if (LLVMIsAGetElementPtrInst(v))
		return device_pointer(fn, LLVMGetOperand(v, 0), depth + 1);
	if (LLVMIsASelectInst(v))
		return device_pointer(fn, LLVMGetOperand(v, 1), depth + 1) ||
		       device_pointer(fn, LLVMGetOperand(v, 2), depth + 1);
	if (LLVMIsAPHINode(v))
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
			if (device_pointer(fn, LLVMGetIncomingValue(v, i), depth + 1))
				return true;
	return false;
}

/* Whether copy `call` moves whole words of the memories it touches (at
 * whole-word offsets, a length known to be whole words), between two
 * memories of one word size, and is not a memmove within one memory;
 * else an error. */
static bool check_copy(struct pm *p, LLVMValueRef call)
{
	struct mem_obj *d = copy_side(p, call, 0), *s = copy_side(p, call, 1);
	struct mem_obj *o = d ? d : s;
	const char *what = copy_kind(call);
	unsigned k = o->word;
	if (LLVMConstIntGetZExtValue(LLVMGetOperand(call, 3))) {
		mem_bad(p, o, call, "volatile %s of array '%s' in memory is not supported",
		    what, o->name);
		return false;
	}
	if (d && s && d->word != s->word) {
		mem_bad(p, o, call, "%s between array '%s' of %u-byte words and array '%s' of "
		    "%u-byte words; arrays in memory copied into each other need one "
		    "word size", what, d->name, d->word, s->name, s->word);
		return false;
	}
	if (d && d == s && !strcmp(what, "memmove")) {
		mem_bad(p, o, call, "memmove within array '%s' in memory is not supported "
		    "(the regions may overlap); copy it element by element in a loop",
		    o->name);
		return false;
	}
	for (unsigned i = 0; i < 2; i++) {
		struct mem_obj *x = i ? s : d;
		int64_t off;
		uint64_t stride;
		if (!x)
			continue;
		if (!mem_offset_of(p, LLVMGetOperand(call, i), &off, &stride)) {
			mem_bad(p, x, call, "array '%s' is indexed in a way that is not "
			    "supported for an array in memory", x->name);
			return false;
		}
		if (!mem_whole_words(x, off, stride, param_align(call, i), k)) {
			mem_bad(p, x, call, "%s of array '%s' at a byte offset that is not a "
			    "multiple of its %u-byte words; an array in memory is set and "
			    "copied in whole words", what, x->name, k);
			return false;
		}
	}
	/* its other side on device memory: words there are naturally aligned */
	LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
	for (unsigned i = 0; i < (strcmp(what, "memset") ? 2u : 1u); i++)
		if (!(i ? s : d) && device_pointer(fn, LLVMGetOperand(call, i), 0) &&
		    param_align(call, i) % k) {
			mem_bad(p, o, call, "%s between array '%s' of %u-byte words and device "
			    "memory at an address not known to be a multiple of %u", what,
			    o->name, k, k);
			return false;
		}
	LLVMValueRef len = LLVMGetOperand(call, 2);
	if (LLVMIsAConstantInt(len) && LLVMConstIntGetZExtValue(len) % k) {
		mem_bad(p, o, call, "%s of %llu bytes of array '%s' is not a whole number of "
		    "its %u-byte words", what,
		    (unsigned long long)LLVMConstIntGetZExtValue(len), o->name, k);
		return false;
	}
	if (!LLVMIsAConstantInt(len) && low_zeros(len, 0) < (unsigned)__builtin_ctz(k)) {
		mem_bad(p, o, call, "%s of array '%s' with a length that is not known to be a "
		    "multiple of its %u-byte words (write the length as a count times "
		    "the size of an element)", what, o->name, k);
		return false;
	}
	return true;
}

/* The memset's value as a word: the byte repeated K times. */
static LLVMValueRef repeated(struct pm *p, LLVMValueRef byte, unsigned k)
{
	LLVMTypeRef w = LLVMIntTypeInContext(p->lc, 8 * k);
	LLVMValueRef x = k > 1 ? LLVMBuildZExt(p->b, byte, w, "") : byte;
	uint64_t ones = UINT64_C(0x0101010101010101) >> (64 - 8 * k);
	return k > 1 ? LLVMBuildMul(p->b, x, LLVMConstInt(w, ones, 0), "mem.fill") : x;
}

/* Replaces copy `call` (checked) of k-byte words by a loop over its words
 * at the call, one word per iteration, with the call's debug location:
 *
 *   pre:   ...; n = len / K; br n == 0 ? rest : loop    (just br loop: n > 0)
 *   loop:  %i = phi [0, pre], [%i.next, loop]
 *          store iW word, gep iW dst, %i         (word: the byte repeated,
 *                                                 or load iW, gep iW src, %i)
 *          %i.next = add %i, 1; br %i.next < n ? loop : rest
 *   rest:  what followed the call
 *
 * Its loads and stores are ordinary ones, which promote_arrays and
 * front_promote_memories then rewrite as they do any other (a small
 * constant table read by the loop becomes one wide constant, a memory's
 * words @sluice.mem.* calls). */
static void expand_copy(struct pm *p, LLVMValueRef call, unsigned k)
{
	LLVMTypeRef i64 = LLVMInt64TypeInContext(p->lc), w = LLVMIntTypeInContext(p->lc, 8 * k);
	LLVMBasicBlockRef rest = LLVMGetInstructionParent(call);
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call);
	bool set = !strcmp(copy_kind(call), "memset");
	LLVMValueRef len = LLVMGetOperand(call, 2), n;
	LLVMPositionBuilderBefore(p->b, call);
	LLVMSetCurrentDebugLocation2(p->b, loc);
	if (LLVMIsAConstantInt(len)) {
		uint64_t words = LLVMConstIntGetZExtValue(len) / k;
		if (!words) {
			LLVMInstructionEraseFromParent(call);
			return;
		}
		n = LLVMConstInt(i64, words, 0);
	} else {
		unsigned lw = LLVMGetIntTypeWidth(LLVMTypeOf(len));
		n = lw < 64 ? LLVMBuildZExt(p->b, len, i64, "") : len;
		if (k > 1) {
			n = LLVMBuildLShr(p->b, n, LLVMConstInt(i64, __builtin_ctz(k), 0),
					  "mem.words");
			if (LLVMIsAInstruction(n))
				LLVMSetExact(n, true);
		}
	}
	LLVMValueRef word = set ? repeated(p, LLVMGetOperand(call, 1), k) : NULL;

	LLVMBasicBlockRef pre = front_split_before(p->ctx, p->b, call, "mem.done");
	LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(p->lc, rest, "mem.copy");
	LLVMSetCurrentDebugLocation2(p->b, loc);
	if (LLVMIsAConstantInt(n))
		LLVMBuildBr(p->b, loop);
	else
		LLVMBuildCondBr(p->b, LLVMBuildICmp(p->b, LLVMIntEQ, n, LLVMConstInt(i64, 0, 0), ""),
				rest, loop);

	LLVMPositionBuilderAtEnd(p->b, loop);
	LLVMValueRef i = LLVMBuildPhi(p->b, i64, "mem.i");
	if (!set) {
		LLVMValueRef src = LLVMBuildInBoundsGEP2(p->b, w, LLVMGetOperand(call, 1), &i, 1, "");
		word = LLVMBuildLoad2(p->b, w, src, "mem.word");
		LLVMSetAlignment(word, k); /* check_copy: whole words */
	}
	LLVMValueRef dst = LLVMBuildInBoundsGEP2(p->b, w, LLVMGetOperand(call, 0), &i, 1, "");
	LLVMSetAlignment(LLVMBuildStore(p->b, word, dst), k);
	LLVMValueRef next = LLVMBuildNUWAdd(p->b, i, LLVMConstInt(i64, 1, 0), "mem.i.next");
	LLVMBuildCondBr(p->b, LLVMBuildICmp(p->b, LLVMIntULT, next, n, ""), loop, rest);
	LLVMValueRef vals[2] = {LLVMConstInt(i64, 0, 0), next};
	LLVMBasicBlockRef from[2] = {pre, loop};
	LLVMAddIncoming(i, vals, from, 2);
	LLVMInstructionEraseFromParent(call);
}

/* The word size of a copy on device memory (a kernel's pointer argument)
 * that no array in memory sizes: the largest of 8, 4, 2 and 1 bytes that
 * the alignment of both its pointers and its length allow (device memory
 * moves naturally aligned words, devmem.c), or 0 after an error. */
static unsigned device_copy_word(struct pm *p, LLVMValueRef fn, LLVMValueRef call)
{
	const char *what = copy_kind(call);
	bool set = !strcmp(what, "memset");
	if (LLVMConstIntGetZExtValue(LLVMGetOperand(call, 3))) {
		diag_error(&p->ctx->diag, front_loc(p->ctx, call), "volatile %s on device memory "
			   "(a kernel's pointer argument) is not supported", what);
		return 0;
	}
	if (!strcmp(what, "memmove") && device_pointer(fn, LLVMGetOperand(call, 0), 0) &&
	    device_pointer(fn, LLVMGetOperand(call, 1), 0)) {
		diag_error(&p->ctx->diag, front_loc(p->ctx, call), "memmove within device memory "
			   "is not supported (the regions may overlap); use memcpy when they "
			   "do not, or copy element by element in a loop");
		return 0;
	}
	unsigned k = 8;
	for (unsigned i = 0; i < (set ? 1u : 2u); i++)
		while (param_align(call, i) % k)
			k /= 2;
	LLVMValueRef len = LLVMGetOperand(call, 2);
	unsigned z = LLVMIsAConstantInt(len) ? (LLVMConstIntGetZExtValue(len)
						? (unsigned)__builtin_ctzll(LLVMConstIntGetZExtValue(len))
						: 3)
					     : low_zeros(len, 0);
	while (k > 1 && (unsigned)__builtin_ctz(k) > z)
		k /= 2;
	return k;
}

unsigned front_expand_memory_copies(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	struct pm p = {ctx, m, LLVMGetModuleContext(m), LLVMGetModuleDataLayout(m), NULL,
		       NULL, 0, NULL, 0};
	if (LLVMByteOrder(p.td) != LLVMLittleEndian)
		return 0;
	mem_scan(&p);
	/* the copies of the arrays the scan found no error in are checked
	 * too, so that one compilation reports every array's first error */
	settle_words(&p);
	for (unsigned i = 0; i < p.ncopies; i++) {
		struct mem_obj *d = copy_side(&p, p.copies[i], 0);
		struct mem_obj *s = copy_side(&p, p.copies[i], 1);
		if (!(d && d->bad) && !(s && s->bad))
			check_copy(&p, p.copies[i]);
	}
	/* the copies on device memory that no array in memory sizes */
	LLVMValueRef *dev = NULL;
	unsigned *devk = NULL, ndev = 0, ndevk = 0;
	for (LLVMValueRef in = front_next_kernel_inst(m, NULL); in;
	     in = front_next_kernel_inst(m, in)) {
		if (!LLVMIsACallInst(in) || !mem_is_copy(in) || copy_side(&p, in, 0) ||
		    copy_side(&p, in, 1))
			continue;
		LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(in));
		bool set = !strcmp(copy_kind(in), "memset");
		if (!device_pointer(fn, LLVMGetOperand(in, 0), 0) &&
		    (set || !device_pointer(fn, LLVMGetOperand(in, 1), 0)))
			continue;
		unsigned k = device_copy_word(&p, fn, in);
		VEC_PUSH(&ctx->arena, dev, ndev, in);
		VEC_PUSH(&ctx->arena, devk, ndevk, k);
	}
	if (ctx->diag.errors > errors0)
		return ctx->diag.errors - errors0;
	p.b = LLVMCreateBuilderInContext(p.lc);
	for (unsigned i = 0; i < p.ncopies; i++) {
		struct mem_obj *d = copy_side(&p, p.copies[i], 0);
		expand_copy(&p, p.copies[i], (d ? d : copy_side(&p, p.copies[i], 1))->word);
	}
	for (unsigned i = 0; i < ndev; i++)
		expand_copy(&p, dev[i], devk[i]);
	LLVMDisposeBuilder(p.b);
	return 0;
}

