/*
 * pointers.c -- front_pointers(): a pointer that may point to more than one
 * object, or that is kept in memory, becomes an integer (the object's
 * number and an offset into it), and an access through it a choice among
 * the objects it may reach.
 *
 * Runs after inlining and lower_pipes, before state.c: every object is
 * still a global or an alloca of a kernel, and a pointer global's
 * initializer still names the globals it points to.  Hardware has no
 * address space: each global and local is a register, a memory or logic
 * of its own.  So an address that is not known when the kernel is
 * compiled is represented as
 *
 *   tag << S | offset      (an integer as wide as a pointer)
 *
 * where tag (1, 2, ...) numbers the objects whose address is taken and S
 * is the number of bits of the largest object's size; the null pointer is
 * 0.  Equality, pointer arithmetic within an object and relational
 * comparisons within one object keep their meaning in C; everything else
 * about pointers is undefined or implementation-defined, and nothing a
 * program may rely on tells two layouts apart.
 *
 * A points-to analysis (points_to.c) first finds, for every pointer value
 * of the kernels, the objects it may point to.
 *
 * A pointer value is *plain* when it may point to exactly one object, is
 * not null, and was computed from that object's address without passing
 * through memory: a GEP of a global or an alloca, or a phi of such GEPs
 * into one array.  Plain pointers stay pointers, as before this pass
 * (SROA, instcombine and the promotion of arrays and memories resolve
 * them).  Then, in each kernel:
 *
 *   - a load or store of a pointer value loads or stores its integer form
 *     (so memory holds integers, and a pointer global's state is one);
 *   - a comparison of pointers that are not plain pointers into one object
 *     compares their integer forms, and ptrtoint is the integer form;
 *   - a load, store, memcpy, memmove or memset through a pointer that is
 *     not plain goes to each object its pointer may point to that is big
 *     enough for the access and is this kernel's (a global, or an alloca
 *     of the kernel): one object is accessed at the pointer's offset,
 *     several through a switch on the tag, one block per object, the
 *     loaded values joined by a phi (pointer_choices.c);
 *   - the integer form of a pointer is built beside it: an object's address
 *     is a constant, a GEP adds its offset, a phi or select chooses among
 *     the integer forms of its operands, a loaded pointer is the loaded
 *     integer, inttoptr its operand.  An aggregate that holds pointers (a
 *     struct returned in registers, {ptr, i8}) has an integer form too,
 *     with the pointers' in their places: loaded, stored and taken apart
 *     (extractvalue, insertvalue) as one;
 *   - then the pointer instructions left unused are deleted.
 * Last, every global whose type holds pointers gets the same type with
 * integers of a pointer's size in their place (the layout is unchanged),
 * and an initializer with the integer forms of the addresses it holds.
 *
 * What remains are plain pointers, which the rest of the front end takes
 * as before.
 *
 * front_pointer_choices runs the same analysis and choices again after the
 * pass pipeline, on accesses only: LLVM merges the accesses of a choice's
 * blocks into one through a phi or select of their addresses (instcombine
 * sinks loads and stores into the block that joins them), which no memory
 * or register could serve.  By then no pointer is loaded or stored, and
 * its integer forms meet no other.  There a pointer stays a pointer only
 * when GEPs compute it from an object's address: a phi or select of
 * pointers into one object that LLVM did not make an offset (a choice of
 * two elements by a condition) becomes the object at an offset too.
 *
 * Errors, at the instruction: a pointer that is not plain passed to a call
 * other than the memory intrinsics, a pointer made by an instruction the
 * pass does not know (a call returning one, a vector of pointers), the
 * address of a function or of a pipe used as data, a global that holds
 * such an address and is read by a kernel.
 */
#include "pointers.h"

#include <llvm-c/DebugInfo.h>
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

/* A pointer, or an aggregate holding pointers (a struct that a function
 * returned in registers, loaded whole). */
static bool carries(LLVMValueRef v)
{
	return pt_carries(LLVMTypeOf(v));
}

bool ptr_plain(struct ptrs *P, LLVMValueRef v, int *obj)
{
	if (!P->late)
		return pt_plain(&P->pt, v, obj);
	for (int guard = 0; guard < 64; guard++) {
		LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
			      : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : LLVMRet;
		if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
			break;
		v = LLVMGetOperand(v, 0);
	}
	int o = pt_object(&P->pt, v);
	if (obj)
		*obj = o;
	return o >= 0;
}

/* ---- integer forms -------------------------------------------------------------- */

static void error_at(struct ptrs *P, LLVMValueRef at, const char *msg)
{
	diag_error(&P->ctx->diag, front_loc(P->ctx, at), "%s", msg);
}

LLVMValueRef ptr_addr_of(struct ptrs *P, unsigned obj)
{
	if (!P->tag[obj])
		P->tag[obj] = ++P->ntags;
	return LLVMConstInt(P->ip, (uint64_t)P->tag[obj] << P->shift, 0);
}

/* The byte offset GEP g adds, as an i64 (a constant when its indices are),
 * built at the builder; NULL when it cannot be (a vector, a struct field
 * chosen by a variable). */
static LLVMValueRef gep_offset(struct ptrs *P, LLVMValueRef g)
{
	LLVMTypeRef i64 = LLVMInt64TypeInContext(P->lc);
	LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
	unsigned n = LLVMGetNumIndices(g);
	LLVMValueRef sum = LLVMConstInt(i64, 0, 0);
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(g, i + 1);
		int64_t field;
		uint64_t stride;
		if (!front_gep_step(P->td, &ty, i, idx, &field, &stride))
			return NULL;
		LLVMValueRef term;
		if (!stride) {
			term = LLVMConstInt(i64, (uint64_t)field, 1);
		} else {
			unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
			LLVMValueRef x = w < 64 ? LLVMBuildSExt(P->b, idx, i64, "")
				       : w > 64 ? LLVMBuildTrunc(P->b, idx, i64, "") : idx;
			term = LLVMBuildMul(P->b, x, LLVMConstInt(i64, stride, 0), "");
		}
		sum = LLVMBuildAdd(P->b, sum, term, "");
	}
	return sum;
}

static LLVMValueRef resize(struct ptrs *P, LLVMValueRef v, LLVMTypeRef t)
{
	unsigned from = LLVMGetIntTypeWidth(LLVMTypeOf(v)), to = LLVMGetIntTypeWidth(t);
	return from < to ? LLVMBuildZExt(P->b, v, t, "") : from > to ? LLVMBuildTrunc(P->b, v, t, "") : v;
}

static LLVMValueRef enc_const(struct ptrs *P, LLVMValueRef c, LLVMValueRef at);

/* t with integers of a pointer's size in place of its pointers; NULL when
 * it holds none (or a vector of them: *bad). */
static LLVMTypeRef int_type(struct ptrs *P, LLVMTypeRef t, bool *bad)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMPointerTypeKind:
		return P->ip;
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(t);
		LLVMTypeRef *el = arena_alloc(&P->ctx->arena, (n + 1) * sizeof *el);
		bool any = false;
		for (unsigned i = 0; i < n; i++) {
			LLVMTypeRef e = LLVMStructGetTypeAtIndex(t, i);
			LLVMTypeRef c = int_type(P, e, bad);
			any |= c != NULL;
			el[i] = c ? c : e;
		}
		return any ? LLVMStructTypeInContext(P->lc, el, n, LLVMIsPackedStruct(t)) : NULL;
	}
	case LLVMArrayTypeKind: {
		LLVMTypeRef e = int_type(P, LLVMGetElementType(t), bad);
		return e ? LLVMArrayType2(e, LLVMGetArrayLength2(t)) : NULL;
	}
	case LLVMVectorTypeKind:
		*bad |= LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMPointerTypeKind;
		return NULL;
	default:
		return NULL;
	}
}

/* Constant c of type t as a constant of type nt (int_type of t); NULL
 * when an address in it has no integer form. */
static LLVMValueRef int_const(struct ptrs *P, LLVMValueRef c, LLVMTypeRef t, LLVMTypeRef nt)
{
	if (!nt)
		return c;
	if (LLVMIsAPoisonValue(c))
		return LLVMGetPoison(nt);
	if (LLVMIsAUndefValue(c))
		return LLVMGetUndef(nt);
	if (LLVMIsNull(c))
		return LLVMConstNull(nt);
	if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
		return enc_const(P, c, NULL);
	bool bad = false;
	if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
		unsigned n = LLVMCountStructElementTypes(t);
		LLVMValueRef *el = arena_alloc(&P->ctx->arena, (n + 1) * sizeof *el);
		for (unsigned i = 0; i < n; i++) {
			LLVMTypeRef et = LLVMStructGetTypeAtIndex(t, i);
			el[i] = int_const(P, LLVMGetAggregateElement(c, i), et, int_type(P, et, &bad));
			if (!el[i])
				return NULL;
		}
		return LLVMConstStructInContext(P->lc, el, n, LLVMIsPackedStruct(t));
	}
	LLVMTypeRef et = LLVMGetElementType(t), net = LLVMGetElementType(nt);
	unsigned n = (unsigned)LLVMGetArrayLength2(t);
	LLVMValueRef *el = arena_alloc(&P->ctx->arena, (n + 1) * sizeof *el);
	for (unsigned i = 0; i < n; i++) {
		el[i] = int_const(P, LLVMGetAggregateElement(c, i), et, net);
		if (!el[i])
			return NULL;
	}
	return LLVMConstArray2(net, el, n);
}

/* The type of the integer forms of values of type t (a pointer, or an
 * aggregate holding pointers). */
static LLVMTypeRef int_form(struct ptrs *P, LLVMTypeRef t)
{
	bool bad = false;
	LLVMTypeRef r = int_type(P, t, &bad);
	return r ? r : t;
}

/* Positions the builder after instruction v (after the phis of its block,
 * when v is one), with v's debug location. */
static void after(struct ptrs *P, LLVMValueRef v)
{
	LLVMValueRef next = LLVMGetNextInstruction(v);
	while (next && LLVMIsAPHINode(next))
		next = LLVMGetNextInstruction(next);
	LLVMPositionBuilderBefore(P->b, next);
	LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(v));
}


/* The integer form of constant pointer c; NULL after an error at `at`. */
static LLVMValueRef enc_const(struct ptrs *P, LLVMValueRef c, LLVMValueRef at)
{
	if (!is_ptr(c)) {
		LLVMValueRef r = int_const(P, c, LLVMTypeOf(c), int_form(P, LLVMTypeOf(c)));
		if (!r && at)
			error_at(P, at, "the address of a function or of a pipe is used as data");
		return r;
	}
	if (LLVMIsAConstantPointerNull(c))
		return LLVMConstNull(P->ip);
	if (LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c))
		return LLVMGetUndef(P->ip);
	int obj = pt_object(&P->pt, c);
	if (obj >= 0)
		return ptr_addr_of(P, (unsigned)obj);
	if (LLVMIsAConstantExpr(c)) {
		LLVMOpcode op = LLVMGetConstOpcode(c);
		if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
			return enc_const(P, LLVMGetOperand(c, 0), at);
		if (op == LLVMIntToPtr && LLVMIsAConstantInt(LLVMGetOperand(c, 0)))
			return LLVMConstInt(P->ip, LLVMConstIntGetZExtValue(LLVMGetOperand(c, 0)), 0);
		if (op == LLVMGetElementPtr) {
			LLVMValueRef base = enc_const(P, LLVMGetOperand(c, 0), at);
			LLVMValueRef off = base ? gep_offset(P, c) : NULL;
			if (off && LLVMIsAConstantInt(off))
				return LLVMConstInt(P->ip, LLVMConstIntGetZExtValue(base) +
							   LLVMConstIntGetZExtValue(off), 0);
		}
	}
	if (at)
		error_at(P, at, LLVMIsAFunction(c)
			 ? "the address of a function is used as data (function "
			   "pointers are not supported)"
			 : "the address of a pipe or of another object that is "
			   "not data is used as data");
	return NULL;
}

/* Aggregate agg with x in place of the element that n indices idx name,
 * built at the builder. */
static LLVMValueRef insert_at(struct ptrs *P, LLVMValueRef agg, LLVMValueRef x,
			      const unsigned *idx, unsigned n)
{
	if (n > 1)
		x = insert_at(P, LLVMBuildExtractValue(P->b, agg, idx[0], ""), x, idx + 1, n - 1);
	return LLVMBuildInsertValue(P->b, agg, x, idx[0], "");
}

/* The integer form of instruction v, built beside it. */
static LLVMValueRef enc_inst(struct ptrs *P, LLVMValueRef v)
{
	int obj = pt_object(&P->pt, v);
	if (obj >= 0)
		return ptr_addr_of(P, (unsigned)obj);
	LLVMValueRef r;
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMGetElementPtr: {
		LLVMValueRef base = ptr_enc(P, LLVMGetOperand(v, 0));
		after(P, v);
		LLVMValueRef off = gep_offset(P, v);
		if (!off)
			break;
		return LLVMBuildAdd(P->b, base, resize(P, off, P->ip), "ptr.addr");
	}
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
		return ptr_enc(P, LLVMGetOperand(v, 0));
	case LLVMFreeze:
		r = ptr_enc(P, LLVMGetOperand(v, 0));
		after(P, v);
		return LLVMBuildFreeze(P->b, r, "");
	case LLVMIntToPtr:
		after(P, v);
		return resize(P, LLVMGetOperand(v, 0), P->ip);
	case LLVMPHI: {
		LLVMPositionBuilderBeforeInstrAndDbgRecords(P->b, v);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(v));
		LLVMValueRef phi = LLVMBuildPhi(P->b, int_form(P, LLVMTypeOf(v)), "ptr.addr");
		pmap_put(&P->enc, v, phi); /* before the operands: loops */
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
			LLVMValueRef x = ptr_enc(P, LLVMGetIncomingValue(v, i));
			LLVMBasicBlockRef from = LLVMGetIncomingBlock(v, i);
			LLVMAddIncoming(phi, &x, &from, 1);
		}
		return phi;
	}
	case LLVMSelect: {
		LLVMValueRef t = ptr_enc(P, LLVMGetOperand(v, 1)), f = ptr_enc(P, LLVMGetOperand(v, 2));
		after(P, v);
		return LLVMBuildSelect(P->b, LLVMGetOperand(v, 0), t, f, "ptr.addr");
	}
	case LLVMExtractValue:
		r = ptr_enc(P, LLVMGetOperand(v, 0));
		after(P, v);
		for (unsigned i = 0; i < LLVMGetNumIndices(v); i++)
			r = LLVMBuildExtractValue(P->b, r, LLVMGetIndices(v)[i], "");
		return r;
	case LLVMInsertValue: {
		LLVMValueRef agg = ptr_enc(P, LLVMGetOperand(v, 0)), x = LLVMGetOperand(v, 1);
		if (carries(x))
			x = ptr_enc(P, x);
		after(P, v);
		return insert_at(P, agg, x, LLVMGetIndices(v), LLVMGetNumIndices(v));
	}
	case LLVMLoad:
		/* memory holds the integer form; the load's address is dealt
		 * with with the other accesses */
		LLVMPositionBuilderBefore(P->b, v);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(v));
		r = LLVMBuildLoad2(P->b, int_form(P, LLVMTypeOf(v)), LLVMGetOperand(v, 0),
				   "ptr.addr");
		LLVMSetAlignment(r, LLVMGetAlignment(v));
		VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, r);
		pmap_put(&P->loaded, r, v);
		return r;
	default:
		break;
	}
	error_at(P, v, "a pointer computed this way is not supported (pointers "
		 "are addresses of globals, locals and their elements and members, "
		 "kept in variables, compared and dereferenced)");
	return NULL;
}

LLVMValueRef ptr_enc(struct ptrs *P, LLVMValueRef v)
{
	LLVMValueRef r = pmap_get(&P->enc, v);
	if (r)
		return r;
	r = LLVMIsAInstruction(v) ? enc_inst(P, v) : LLVMIsAConstant(v) ? enc_const(P, v, P->at)
									  : NULL;
	if (!r && !LLVMIsAInstruction(v) && !P->at)
		diag_error(&P->ctx->diag, front_loc(P->ctx, P->fn), "the address of a "
			   "function or of a pipe is used as data in kernel '%s'",
			   front_c_name(P->ctx, P->fn));
	if (!r)
		r = LLVMGetUndef(int_form(P, LLVMTypeOf(v)));
	pmap_put(&P->enc, v, r);
	return r;
}

/* ---- a kernel ------------------------------------------------------------------- */

static bool is_memory_call(LLVMValueRef in)
{
	const char *name = front_callee_name(in);
	return prefix(name, "llvm.memcpy") || prefix(name, "llvm.memmove") ||
	       prefix(name, "llvm.memset") || prefix(name, "llvm.lifetime.");
}

/* Whether constant c converts an address to an integer somewhere. */
static bool has_ptrtoint(LLVMValueRef c, unsigned depth)
{
	if (!LLVMIsAConstantExpr(c) || depth > 16)
		return false;
	if (LLVMGetConstOpcode(c) == LLVMPtrToInt)
		return true;
	for (int i = 0; i < LLVMGetNumOperands(c); i++)
		if (has_ptrtoint(LLVMGetOperand(c, (unsigned)i), depth + 1))
			return true;
	return false;
}

/* Integer constant expression c with each address converted to an
 * integer replaced by the address's integer form, built at the builder
 * (constants fold); NULL when it is of a kind not rebuilt. */
static LLVMValueRef int_expr(struct ptrs *P, LLVMValueRef c)
{
	if (!LLVMIsAConstantExpr(c) || !has_ptrtoint(c, 0))
		return c;
	LLVMOpcode op = LLVMGetConstOpcode(c);
	if (op == LLVMPtrToInt) {
		LLVMValueRef e = enc_const(P, LLVMGetOperand(c, 0), NULL);
		return e ? resize(P, e, LLVMTypeOf(c)) : NULL;
	}
	LLVMValueRef a = int_expr(P, LLVMGetOperand(c, 0));
	LLVMValueRef b = LLVMGetNumOperands(c) > 1 ? int_expr(P, LLVMGetOperand(c, 1)) : NULL;
	if (!a || (LLVMGetNumOperands(c) > 1 && !b))
		return NULL;
	switch (op) {
	case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMXor: case LLVMAnd: case LLVMOr:
	case LLVMShl: case LLVMLShr: case LLVMAShr:
		return LLVMBuildBinOp(P->b, op, a, b, "");
	case LLVMTrunc: case LLVMZExt: case LLVMSExt:
		return LLVMBuildCast(P->b, op, a, LLVMTypeOf(c), "");
	default:
		return NULL;
	}
}

/* Operands of `in` that are constant expressions converting addresses to
 * integers are rebuilt from the addresses' integer forms. */
static void int_operands(struct ptrs *P, LLVMValueRef in)
{
	for (unsigned i = 0; i < (unsigned)LLVMGetNumOperands(in); i++) {
		LLVMValueRef c = LLVMGetOperand(in, i);
		if (!LLVMIsAConstantExpr(c) || is_ptr(c) || !has_ptrtoint(c, 0))
			continue;
		if (LLVMIsAPHINode(in))
			LLVMPositionBuilderBefore(P->b, LLVMGetBasicBlockTerminator(
							      LLVMGetIncomingBlock(in, i)));
		else
			LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(in));
		LLVMValueRef r = int_expr(P, c);
		if (r)
			LLVMSetOperand(in, i, r);
		else
			error_at(P, in, "an address converted to an integer in a constant "
				 "expression of this kind is not supported");
	}
}

/* Whether pointer v may come from a kernel's pointer argument: an address
 * in device memory, which hls/front/devmem.c turns into device-memory
 * accesses after the pass pipeline (and reports where it cannot).  A walk
 * back through GEPs, casts, phis and selects, each value visited once
 * (seen: value -> 1 visited, 2 found). */
static bool device_pointer(LLVMValueRef v, struct pmap *seen)
{
	if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
		return false;
	if (LLVMIsAArgument(v))
		return true;
	if (!LLVMIsAInstruction(v))
		return false;
	uintptr_t st = (uintptr_t)pmap_get(seen, v);
	if (st)
		return st == 2;
	pmap_put(seen, v, (void *)1);
	bool found = false;
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMGetElementPtr:
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
	case LLVMFreeze:
		found = device_pointer(LLVMGetOperand(v, 0), seen);
		break;
	case LLVMSelect:
		found = device_pointer(LLVMGetOperand(v, 1), seen) ||
			device_pointer(LLVMGetOperand(v, 2), seen);
		break;
	case LLVMPHI:
		for (unsigned i = 0; i < LLVMCountIncoming(v) && !found; i++)
			found = device_pointer(LLVMGetIncomingValue(v, i), seen);
		break;
	default:
		break;
	}
	if (found)
		pmap_put(seen, v, (void *)2);
	return found;
}

/* Whether instruction `in` uses a device pointer: it is devmem.c's.  Only
 * a kernel with pointer arguments has any. */
static bool uses_device_pointer(struct ptrs *P, LLVMValueRef in)
{
	bool any = false;
	for (unsigned i = 0; i < LLVMCountParams(P->fn) && !any; i++)
		any = LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(P->fn, i))) == LLVMPointerTypeKind;
	if (!any)
		return false;
	struct pmap seen = {0};
	bool found = false;
	for (int i = 0; i < LLVMGetNumOperands(in) && !found; i++)
		found = device_pointer(LLVMGetOperand(in, (unsigned)i), &seen);
	pmap_free(&seen);
	return found;
}

/* What instruction `in` does with pointers: a pointer loaded or stored
 * is its integer form, pointers compared or converted to integers are
 * compared or converted as integer forms, a pointer that is not plain
 * passed to a call other than the memory intrinsics is an error; the
 * accesses are queued for ptr_access() (after the pass pipeline, only that). */
static void value_uses(struct ptrs *P, LLVMValueRef in)
{
	P->at = in;
	if (uses_device_pointer(P, in))
		return;
	if (P->late) {
		if (LLVMIsALoadInst(in) || LLVMIsAStoreInst(in) ||
		    (LLVMIsACallInst(in) && is_memory_call(in)))
			VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, in);
		return;
	}
	int_operands(P, in);
	if (LLVMIsALoadInst(in)) {
		if (carries(in))
			ptr_enc(P, in);
		else
			VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, in);
	} else if (LLVMIsAStoreInst(in)) {
		LLVMValueRef v = LLVMGetOperand(in, 0);
		if (!carries(v)) {
			VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, in);
			return;
		}
		LLVMValueRef e = ptr_enc(P, v);
		LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(in));
		LLVMValueRef st = LLVMBuildStore(P->b, e, LLVMGetOperand(in, 1));
		LLVMSetAlignment(st, LLVMGetAlignment(in));
		LLVMInstructionEraseFromParent(in);
		VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, st);
	} else if (LLVMIsAICmpInst(in) && is_ptr(LLVMGetOperand(in, 0))) {
		LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
		int oa, ob;
		if (ptr_plain(P, a, &oa) && ptr_plain(P, b, &ob) && oa == ob)
			return; /* within one object: LLVM folds it */
		LLVMValueRef ea = ptr_enc(P, a), eb = ptr_enc(P, b);
		LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(in));
		LLVMReplaceAllUsesWith(in, LLVMBuildICmp(P->b, LLVMGetICmpPredicate(in), ea, eb, ""));
		LLVMInstructionEraseFromParent(in);
	} else if (LLVMIsAExtractValueInst(in) && carries(LLVMGetOperand(in, 0)) &&
		   !carries(in)) {
		/* a plain member of an aggregate holding pointers */
		LLVMValueRef r = ptr_enc(P, LLVMGetOperand(in, 0));
		LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(in));
		for (unsigned i = 0; i < LLVMGetNumIndices(in); i++)
			r = LLVMBuildExtractValue(P->b, r, LLVMGetIndices(in)[i], "");
		LLVMReplaceAllUsesWith(in, r);
		LLVMInstructionEraseFromParent(in);
	} else if (LLVMIsAPtrToIntInst(in)) {
		LLVMValueRef e = ptr_enc(P, LLVMGetOperand(in, 0));
		LLVMPositionBuilderBefore(P->b, in);
		LLVMSetCurrentDebugLocation2(P->b, LLVMInstructionGetDebugLoc(in));
		LLVMReplaceAllUsesWith(in, resize(P, e, LLVMTypeOf(in)));
		LLVMInstructionEraseFromParent(in);
	} else if (LLVMIsACallInst(in)) {
		if (is_memory_call(in)) {
			VEC_PUSH(&P->ctx->arena, P->acc, P->nacc, in);
			return;
		}
		for (unsigned i = 0; i < LLVMGetNumArgOperands(in); i++) {
			LLVMValueRef a = LLVMGetOperand(in, i);
			if (is_ptr(a) && !LLVMIsAConstant(a) && !ptr_plain(P, a, NULL)) {
				diag_error(&P->ctx->diag, front_loc(P->ctx, in), "a pointer "
					   "that may point to several objects is passed to "
					   "'%s'; not supported", front_callee_name(in));
				return;
			}
		}
	}
}

/* Deletes the pointer instructions left without users. */
static void sweep(struct ptrs *P)
{
	for (bool again = true; again;) {
		again = false;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(P->fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
				next = LLVMGetNextInstruction(in);
				LLVMOpcode op = LLVMGetInstructionOpcode(in);
				if (!carries(in) || LLVMGetFirstUse(in) ||
				    (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMPHI &&
				     op != LLVMSelect && op != LLVMLoad && op != LLVMFreeze &&
				     op != LLVMIntToPtr && op != LLVMAddrSpaceCast &&
				     op != LLVMExtractValue && op != LLVMInsertValue))
					continue;
				/* debug records of it become poison */
				LLVMReplaceAllUsesWith(in, LLVMGetPoison(LLVMTypeOf(in)));
				LLVMInstructionEraseFromParent(in);
				again = true;
			}
	}
}

/* The kernel's uses of pointers as values first (they make the loads of
 * integer forms that the accesses then include), then its accesses. */
static void rewrite_kernel(struct ptrs *P, LLVMValueRef fn)
{
	P->fn = fn;
	pmap_clear(&P->enc);
	pmap_clear(&P->loaded);
	P->nacc = 0;
	LLVMValueRef *insts = NULL;
	unsigned n = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in))
			VEC_PUSH(&P->ctx->arena, insts, n, in);
	for (unsigned i = 0; i < n; i++)
		value_uses(P, insts[i]);
	for (unsigned i = 0; i < P->nacc; i++) {
		P->at = P->acc[i];
		ptr_access(P, P->acc[i]);
	}
	P->at = NULL;
	sweep(P);
}

/* ---- globals -------------------------------------------------------------------- */

/* The instruction of a kernel that uses g first, or NULL. */
static LLVMValueRef kernel_use(LLVMValueRef v, unsigned depth)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u && depth < 16; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u), r = NULL;
		if (LLVMIsAConstantExpr(user))
			r = kernel_use(user, depth + 1);
		else if (LLVMIsAInstruction(user) &&
			 front_is_kernel(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)), NULL))
			r = user;
		if (r)
			return r;
	}
	return NULL;
}

/* The initializer of g with the integer forms of its addresses, when
 * g's type holds pointers (else NULL). */
static LLVMValueRef int_init(struct ptrs *P, LLVMValueRef g)
{
	bool bad = false;
	LLVMTypeRef t = LLVMGlobalGetValueType(g), nt = int_type(P, t, &bad);
	LLVMValueRef init = LLVMGetInitializer(g);
	if (!nt || !init)
		return NULL;
	LLVMValueRef ni = bad ? NULL : int_const(P, init, t, nt);
	LLVMValueRef use = ni ? NULL : kernel_use(g, 0);
	if (use)
		diag_error(&P->ctx->diag, front_loc(P->ctx, use), "the initial value of "
			   "'%s' holds the address of a function or of a pipe; not "
			   "supported", front_c_name(P->ctx, g));
	return ni;
}

/* Replaces global g by one of ni's type, initialised with ni. */
static void retype_global(struct ptrs *P, LLVMValueRef g, LLVMValueRef ni)
{
	LLVMValueRef n = LLVMAddGlobal(P->m, LLVMTypeOf(ni), "");
	LLVMSetInitializer(n, ni);
	LLVMSetLinkage(n, LLVMGetLinkage(g));
	LLVMSetVisibility(n, LLVMGetVisibility(g));
	LLVMSetAlignment(n, LLVMGetAlignment(g));
	LLVMSetGlobalConstant(n, LLVMIsGlobalConstant(g));
	LLVMSetThreadLocal(n, LLVMIsThreadLocal(g));
	LLVMSetUnnamedAddress(n, LLVMGetUnnamedAddress(g));
	if (LLVMGetSection(g))
		LLVMSetSection(n, LLVMGetSection(g));
	size_t nmd = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &nmd);
	for (size_t i = 0; i < nmd; i++)
		LLVMGlobalSetMetadata(n, LLVMValueMetadataEntriesGetKind(md, (unsigned)i),
				      LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
	if (md)
		LLVMDisposeValueMetadataEntries(md);
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	char *copy = arena_printf(&P->ctx->arena, "%.*s", (int)len, name);
	LLVMSetValueName2(g, "", 0);
	LLVMSetValueName2(n, copy, len);
	LLVMReplaceAllUsesWith(g, n);
	LLVMDeleteGlobal(g);
}

/* Every global whose type holds pointers gets integers in their place:
 * all the initializers first (they name the old globals), then the
 * globals. */
static void retype_globals(struct ptrs *P)
{
	LLVMValueRef *gs = NULL, *inits = NULL;
	unsigned n = 0, ni = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(P->m); g; g = LLVMGetNextGlobal(g)) {
		LLVMValueRef init = pt_special_global(g) ? NULL : int_init(P, g);
		if (!init)
			continue;
		VEC_PUSH(&P->ctx->arena, gs, n, g);
		VEC_PUSH(&P->ctx->arena, inits, ni, init);
	}
	for (unsigned i = 0; i < n; i++)
		retype_global(P, gs[i], inits[i]);
}

/* Whether the module has anything for this pass: a pointer loaded, stored,
 * compared, converted, chosen by a phi or select (after the pass
 * pipeline: chosen), or in a global that a kernel uses. */
static bool needed(struct ptrs *P)
{
	for (LLVMValueRef in = front_next_kernel_inst(P->m, NULL); in;
	     in = front_next_kernel_inst(P->m, in)) {
		LLVMOpcode op = LLVMGetInstructionOpcode(in);
		for (int i = 0; !P->late && i < LLVMGetNumOperands(in); i++)
			if (has_ptrtoint(LLVMGetOperand(in, (unsigned)i), 0))
				return true;
		if (P->late ? is_ptr(in) && (op == LLVMPHI || op == LLVMSelect)
			    : (is_ptr(in) && op != LLVMAlloca && op != LLVMGetElementPtr) ||
				      op == LLVMPtrToInt ||
				      (LLVMIsAStoreInst(in) && is_ptr(LLVMGetOperand(in, 0))) ||
				      (LLVMIsAICmpInst(in) && is_ptr(LLVMGetOperand(in, 0))))
			return true;
	}
	return false;
}

static unsigned run(struct hls_ctx *ctx, LLVMModuleRef m, bool late)
{
	unsigned errors0 = ctx->diag.errors;
	struct ptrs P = {.ctx = ctx, .m = m, .lc = LLVMGetModuleContext(m),
			 .td = LLVMGetModuleDataLayout(m), .late = late};
	if (!needed(&P))
		return 0;
	P.ip = LLVMIntPtrTypeInContext(P.lc, P.td);
	pt_analyse(&P.pt, ctx, m);
	uint64_t max = 1;
	for (unsigned i = 0; i < P.pt.nobjs; i++)
		if (P.pt.size[i] > max)
			max = P.pt.size[i];
	P.shift = 64 - (unsigned)__builtin_clzll(max); /* max < 2^S */
	P.tag = arena_alloc(&ctx->arena, (P.pt.nobjs + 1) * sizeof *P.tag);
	P.b = LLVMCreateBuilderInContext(P.lc);
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn) && front_is_kernel(fn, NULL))
			rewrite_kernel(&P, fn);
	if (!late)
		retype_globals(&P); /* reports its errors too */
	LLVMDisposeBuilder(P.b);
	pt_free(&P.pt);
	pmap_free(&P.enc);
	pmap_free(&P.loaded);
	return ctx->diag.errors - errors0;
}

unsigned front_pointers(struct hls_ctx *ctx, LLVMModuleRef m)
{
	return run(ctx, m, false);
}

unsigned front_pointer_choices(struct hls_ctx *ctx, LLVMModuleRef m)
{
	return run(ctx, m, true);
}
