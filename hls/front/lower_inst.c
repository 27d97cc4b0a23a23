/*
 * lower_inst.c -- one LLVM instruction (not a phi, not a call) -> ops.
 *
 * Integer arithmetic, comparisons and width changes map one to one;
 * bitcasts between types of one width and freeze are the operand itself;
 * extractvalue/insertvalue pick and replace bit fields of the packed
 * aggregate (lower.h); br/switch/ret become terminators and `unreachable`
 * (undefined behaviour if reached) becomes IR_RET.
 *
 * Memory: the front end's preparation has made the arrays of more than
 * 512 bytes memories (@sluice.mem.* calls, lower_call.c) and the smaller
 * ones wide integers.  What is left (alloca, load, store, getelementptr on
 * a small array it could not promote, a table declared but not defined, a
 * pointer) is an error: an alloca or a getelementptr alone is no error,
 * but the first access to each object is reported, in C terms.  A load of
 * a constant global whose initializer is known is that constant.
 * Floating-point arithmetic, vectors, atomics and the like are reported
 * naming the construct.  An instruction that fails defines no op; its
 * users read IR_UNDEF (lower_val), so one mistake is reported once.
 */
#include "lower.h"

#include <string.h>

static void fp_error(struct lower *L)
{
	lower_error(L, L->loc, "floating-point arithmetic is not supported yet");
}

static bool has_vector(LLVMValueRef in)
{
	if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVectorTypeKind)
		return true;
	int n = LLVMGetNumOperands(in);
	for (int i = 0; i < n; i++) {
		LLVMValueRef o = LLVMGetOperand(in, (unsigned)i);
		if (o && LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMVectorTypeKind)
			return true;
	}
	return false;
}

/* The width of a value of type t, or 0 after reporting why it has no
 * bit-vector form. */
static unsigned checked_width(struct lower *L, LLVMTypeRef t)
{
	unsigned w = lower_type_width(t);
	if (w > IR_MAX_WIDTH) {
		lower_error(L, L->loc, "values wider than %d bits are not supported",
			    IR_MAX_WIDTH);
		return 0;
	}
	if (w)
		return w;
	if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
		lower_error(L, L->loc, "a pointer that can point to different "
			    "objects is not supported (only a kernel's pointer arguments "
			    "point into device memory)");
	else if (front_is_fp_type(t))
		fp_error(L);
	else
		lower_error(L, L->loc, "a value of this type is not supported");
	return 0;
}

static unsigned result_width(struct lower *L, LLVMValueRef in)
{
	return checked_width(L, LLVMTypeOf(in));
}

/* ---- memory ---------------------------------------------------------------- */

static LLVMValueRef base_object(LLVMValueRef p)
{
	for (int guard = 0; p && guard < 64; guard++) {
		if (LLVMIsAGetElementPtrInst(p) ||
		    (LLVMIsAInstruction(p) &&
		     (LLVMGetInstructionOpcode(p) == LLVMBitCast ||
		      LLVMGetInstructionOpcode(p) == LLVMAddrSpaceCast)) ||
		    (LLVMIsAConstantExpr(p) &&
		     (LLVMGetConstOpcode(p) == LLVMGetElementPtr ||
		      LLVMGetConstOpcode(p) == LLVMBitCast ||
		      LLVMGetConstOpcode(p) == LLVMAddrSpaceCast)))
			p = LLVMGetOperand(p, 0);
		else
			break;
	}
	return p;
}

void lower_memory_access(struct lower *L, LLVMValueRef ptr)
{
	LLVMValueRef base = base_object(ptr);
	if (!base || pmap_get(&L->reported, base))
		return;
	pmap_put(&L->reported, base, base);
	if (LLVMIsAAllocaInst(base)) {
		const char *name = lower_value_name(L, base);
		bool array = LLVMGetTypeKind(LLVMGetAllocatedType(base)) == LLVMArrayTypeKind;
		lower_error(L, L->loc, array ? "local array '%s' indexed by a "
			    "variable needs memories (not supported yet)"
			    : "local variable '%s' whose address is taken needs "
			    "memories (not supported yet)", name ? name : "?");
	} else if (LLVMIsAGlobalVariable(base)) {
		const char *name = front_c_name(L->ctx, base);
		const char *sec = LLVMGetSection(base);
		if (sec && (!strcmp(sec, "sluice.pipes")))
			lower_error(L, L->loc, "pipe '%s' is used as data; pipes can "
				    "only be passed to sluice_read/sluice_write", name);
		else if (LLVMIsDeclaration(base) || !LLVMGetInitializer(base))
			lower_error(L, L->loc, "global variable '%s' is declared but not "
				    "defined in the kernel sources", name);
		else if (LLVMIsGlobalConstant(base))
			lower_error(L, L->loc, "constant table '%s' indexed by a "
				    "variable needs memories (not supported yet)", name);
		else if (LLVMGetTypeKind(LLVMGlobalGetValueType(base)) ==
			 LLVMArrayTypeKind)
			lower_error(L, L->loc, "global array '%s' indexed by a "
				    "variable needs memories (not supported yet)", name);
		else
			lower_error(L, L->loc, "global variable '%s' accessed through "
				    "a pointer needs memories (not supported yet)", name);
	} else {
		lower_error(L, L->loc, "access through a pointer that is not known "
			    "at compile time needs memories (not supported yet)");
	}
}

static void lower_load(struct lower *L, LLVMValueRef in)
{
	LLVMValueRef p = LLVMGetOperand(in, 0);
	if (LLVMIsAGlobalVariable(p) && LLVMIsGlobalConstant(p) &&
	    !LLVMIsDeclaration(p) && LLVMGetInitializer(p) &&
	    LLVMTypeOf(LLVMGetInitializer(p)) == LLVMTypeOf(in) &&
	    lower_type_width(LLVMTypeOf(in)) &&
	    lower_type_width(LLVMTypeOf(in)) <= IR_MAX_WIDTH) {
		lower_bind(L, in, lower_val(L, LLVMGetInitializer(p)));
		return;
	}
	/* a constant table read whole as one integer (promote_slots.c's
	 * arrays; instcombine folds such loads of 32 bytes at most): its
	 * bytes, in memory order, as one constant */
	LLVMTypeRef t = LLVMTypeOf(in);
	if (LLVMIsAGlobalVariable(p) && LLVMIsGlobalConstant(p) && !LLVMIsDeclaration(p) &&
	    LLVMGetInitializer(p) && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
	    LLVMGetIntTypeWidth(t) <= IR_MAX_WIDTH && LLVMGetIntTypeWidth(t) % 8 == 0 &&
	    LLVMABISizeOfType(L->td, LLVMGlobalGetValueType(p)) == LLVMGetIntTypeWidth(t) / 8) {
		unsigned w = LLVMGetIntTypeWidth(t), nb = w / 8;
		uint8_t *bytes = arena_alloc(&L->ctx->arena, nb);
		if (!lower_init_bytes(L, LLVMGetInitializer(p), bytes, nb,
				      front_c_name(L->ctx, p), L->loc))
			return;
		uint64_t *words = arena_alloc(&L->ctx->arena, ((w + 63) / 64) * sizeof *words);
		for (unsigned i = 0; i < nb; i++)
			words[i / 8] |= (uint64_t)bytes[i] << (8 * (i % 8));
		lower_bind(L, in, lower_wide_imm(L, w, words));
		return;
	}
	lower_memory_access(L, p);
}

/* ---- arithmetic ------------------------------------------------------------ */

static enum ir_opcode binop(LLVMOpcode o)
{
	switch (o) {
	case LLVMAdd: return IR_ADD;
	case LLVMSub: return IR_SUB;
	case LLVMMul: return IR_MUL;
	case LLVMUDiv: return IR_UDIV;
	case LLVMSDiv: return IR_SDIV;
	case LLVMURem: return IR_UREM;
	case LLVMSRem: return IR_SREM;
	case LLVMAnd: return IR_AND;
	case LLVMOr: return IR_OR;
	case LLVMXor: return IR_XOR;
	case LLVMShl: return IR_SHL;
	case LLVMLShr: return IR_LSHR;
	case LLVMAShr: return IR_ASHR;
	default: return IR_NUM_OPCODES;
	}
}

static enum ir_opcode cmpop(LLVMIntPredicate p)
{
	switch (p) {
	case LLVMIntEQ: return IR_EQ;
	case LLVMIntNE: return IR_NE;
	case LLVMIntUGT: return IR_UGT;
	case LLVMIntUGE: return IR_UGE;
	case LLVMIntULT: return IR_ULT;
	case LLVMIntULE: return IR_ULE;
	case LLVMIntSGT: return IR_SGT;
	case LLVMIntSGE: return IR_SGE;
	case LLVMIntSLT: return IR_SLT;
	case LLVMIntSLE: return IR_SLE;
	default: return IR_NUM_OPCODES;
	}
}

static void lower_icmp(struct lower *L, LLVMValueRef in)
{
	LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(in, 0));
	if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
		lower_error(L, L->loc, "comparing pointers is not supported (only "
			    "a kernel's pointer arguments, into device memory, compare)");
		return;
	}
	unsigned w = lower_type_width(t);
	enum ir_opcode opc = cmpop(LLVMGetICmpPredicate(in));
	if (!w || w > IR_MAX_WIDTH || opc == IR_NUM_OPCODES) {
		lower_error(L, L->loc, "this comparison is not supported");
		return;
	}
	lower_bind(L, in, lower_cmp(L, opc, lower_val(L, LLVMGetOperand(in, 0)),
				    lower_val(L, LLVMGetOperand(in, 1))));
}

static void lower_cast(struct lower *L, LLVMValueRef in, LLVMOpcode o)
{
	unsigned w = result_width(L, in);
	if (!w)
		return;
	LLVMValueRef src = LLVMGetOperand(in, 0);
	unsigned sw = checked_width(L, LLVMTypeOf(src));
	if (!sw)
		return;
	struct ir_op *a = lower_val(L, src);
	switch (o) {
	case LLVMTrunc:
		lower_bind(L, in, lower_resize(L, IR_TRUNC, a, w));
		break;
	case LLVMZExt:
		lower_bind(L, in, lower_resize(L, IR_ZEXT, a, w));
		break;
	case LLVMSExt:
		lower_bind(L, in, lower_resize(L, IR_SEXT, a, w));
		break;
	default: /* bitcast, freeze: the same bits */
		if (sw != w)
			lower_error(L, L->loc, "a conversion between types of "
				    "different sizes is not supported");
		else
			lower_bind(L, in, a);
		break;
	}
}

/* ---- floating point ------------------------------------------------------- */

/* float and double; half, long double and the others are errors. */
static bool fp_format_ok(struct lower *L, LLVMTypeRef t)
{
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind)
		return true;
	lower_error(L, L->loc, "floating-point arithmetic on %s is not supported "
		    "(float and double are)",
		    k == LLVMHalfTypeKind ? "_Float16" : k == LLVMBFloatTypeKind ? "__bf16"
		    : k == LLVMX86_FP80TypeKind ? "long double" : "this type");
	return false;
}

static bool fcmp_pred(LLVMRealPredicate p, unsigned *pred)
{
	switch (p) {
	case LLVMRealOEQ: *pred = FCMP_OEQ; return true;
	case LLVMRealOGT: *pred = FCMP_OGT; return true;
	case LLVMRealOGE: *pred = FCMP_OGE; return true;
	case LLVMRealOLT: *pred = FCMP_OLT; return true;
	case LLVMRealOLE: *pred = FCMP_OLE; return true;
	case LLVMRealONE: *pred = FCMP_ONE; return true;
	case LLVMRealORD: *pred = FCMP_ORD; return true;
	case LLVMRealUEQ: *pred = FCMP_UEQ; return true;
	case LLVMRealUGT: *pred = FCMP_UGT; return true;
	case LLVMRealUGE: *pred = FCMP_UGE; return true;
	case LLVMRealULT: *pred = FCMP_ULT; return true;
	case LLVMRealULE: *pred = FCMP_ULE; return true;
	case LLVMRealUNE: *pred = FCMP_UNE; return true;
	case LLVMRealUNO: *pred = FCMP_UNO; return true;
	default: return false; /* true, false */
	}
}

/* An integer operand of a conversion at 32 or 64 bits (C converts char
 * and short as int; clang may still convert an i8 or an i1 directly). */
static struct ir_op *int_operand(struct lower *L, struct ir_op *a, bool sgn)
{
	unsigned w = a->width <= 32 ? 32 : 64;
	return a->width == w ? a : lower_resize(L, sgn ? IR_SEXT : IR_ZEXT, a, w);
}

struct ir_op *lower_fneg(struct lower *L, struct ir_op *a)
{
	return lower_bin(L, IR_XOR, a, lower_imm(L, a->width, UINT64_C(1) << (a->width - 1)));
}

static void lower_fp(struct lower *L, LLVMValueRef in, LLVMOpcode o)
{
	LLVMValueRef src = LLVMGetOperand(in, 0);
	LLVMTypeRef st = LLVMTypeOf(src), rt = LLVMTypeOf(in);
	bool src_fp = front_is_fp_type(st), res_fp = front_is_fp_type(rt);
	if ((src_fp && !fp_format_ok(L, st)) || (res_fp && !fp_format_ok(L, rt)))
		return;
	unsigned w = lower_type_width(rt);
	struct ir_op *a = lower_val(L, src), *r = NULL;
	switch (o) {
	case LLVMFNeg:
		r = lower_fneg(L, a);
		break;
	case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: {
		enum ir_opcode opc = o == LLVMFAdd ? IR_FADD : o == LLVMFSub ? IR_FSUB
				   : o == LLVMFMul ? IR_FMUL : IR_FDIV;
		r = lower_op2(L, opc, w, a, lower_val(L, LLVMGetOperand(in, 1)));
		break;
	}
	case LLVMFRem:
		lower_error(L, L->loc, "the remainder of a floating-point division "
			    "(fmod, %% on floats) has no hardware unit");
		return;
	case LLVMFCmp: {
		unsigned pred;
		LLVMRealPredicate p = LLVMGetFCmpPredicate(in);
		if (!fcmp_pred(p, &pred)) {
			r = lower_imm(L, 1, p == LLVMRealPredicateTrue);
			break;
		}
		r = lower_op2(L, IR_FCMP, 1, a, lower_val(L, LLVMGetOperand(in, 1)));
		r->index = pred;
		break;
	}
	case LLVMSIToFP: case LLVMUIToFP:
		r = lower_op1(L, o == LLVMSIToFP ? IR_SITOFP : IR_UITOFP, w,
			      int_operand(L, a, o == LLVMSIToFP));
		break;
	case LLVMFPToSI: case LLVMFPToUI: {
		/* out of range is undefined in C: the wider result truncated */
		unsigned iw = w <= 32 ? 32 : 64;
		if (w > 64) {
			lower_error(L, L->loc, "a conversion of a float to an integer "
				    "wider than 64 bits is not supported");
			return;
		}
		r = lower_op1(L, o == LLVMFPToSI ? IR_FPTOSI : IR_FPTOUI, iw, a);
		if (iw != w)
			r = lower_resize(L, IR_TRUNC, r, w);
		break;
	}
	case LLVMFPExt:
		r = lower_op1(L, IR_FPEXT, w, a);
		break;
	case LLVMFPTrunc:
		r = lower_op1(L, IR_FPTRUNC, w, a);
		break;
	default:
		fp_error(L);
		return;
	}
	lower_bind(L, in, r);
}

/* ---- aggregates ------------------------------------------------------------- */

/* Bit offset and type of the field that `idx` selects in aggregate type t. */
static LLVMTypeRef field_of(LLVMTypeRef t, const unsigned *idx, unsigned n,
			    unsigned *off)
{
	*off = 0;
	for (unsigned i = 0; i < n && t; i++) {
		if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			if (idx[i] >= LLVMCountStructElementTypes(t))
				return NULL;
			for (unsigned j = 0; j < idx[i]; j++)
				*off += lower_type_width(LLVMStructGetTypeAtIndex(t, j));
			t = LLVMStructGetTypeAtIndex(t, idx[i]);
		} else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
			if (idx[i] >= LLVMGetArrayLength2(t))
				return NULL;
			t = LLVMGetElementType(t);
			*off += idx[i] * lower_type_width(t);
		} else {
			return NULL;
		}
	}
	return t;
}

static void lower_aggregate(struct lower *L, LLVMValueRef in, bool insert)
{
	LLVMValueRef agg = LLVMGetOperand(in, 0);
	LLVMTypeRef at = LLVMTypeOf(agg);
	unsigned aw = lower_type_width(at), off = 0;
	LLVMTypeRef ft = field_of(at, LLVMGetIndices(in), LLVMGetNumIndices(in), &off);
	unsigned fw = ft ? lower_type_width(ft) : 0;
	if (!aw || aw > IR_MAX_WIDTH || !fw || fw > aw) {
		lower_error(L, L->loc, "a struct or array holding pointers or "
			    "other unsupported types cannot be a value");
		return;
	}
	struct ir_op *a = lower_val(L, agg);
	if (!insert) {
		lower_bind(L, in, lower_extract(L, a, off, fw));
		return;
	}
	struct ir_op *v = lower_val(L, LLVMGetOperand(in, 1));
	struct ir_op *r = v;
	if (off)
		r = lower_concat(L, r, lower_extract(L, a, 0, off));
	if (off + fw < aw)
		r = lower_concat(L, lower_extract(L, a, off + fw, aw - off - fw), r);
	lower_bind(L, in, r);
}

/* ---- terminators ------------------------------------------------------------ */

static struct ir_op *terminator(struct lower *L, enum ir_opcode opc,
				unsigned nargs, unsigned nsuccs)
{
	struct ir_op *op = lower_op(L, opc, 0, nargs);
	op->nsuccs = nsuccs;
	if (nsuccs)
		op->succs = arena_alloc(&L->ctx->arena, nsuccs * sizeof *op->succs);
	return op;
}

static struct ir_block *block_of(struct lower *L, LLVMBasicBlockRef bb)
{
	struct ir_block *b = pmap_get(&L->blocks, bb);
	return b ? b : L->b; /* every successor of a reachable block is reached */
}

/* clang's loop pragmas, as llvm.loop metadata on the loop's back-edge
 * branch: `#pragma clang loop pipeline(disable)` gives
 * !{!"llvm.loop.pipeline.disable", i1 true}, `pipeline_initiation_interval(N)`
 * gives !{!"llvm.loop.pipeline.initiationinterval", i32 N}.  They go on the
 * IR block of the branch, which the scheduler pipelines (sched/modulo.c). */
static bool md_is(const char *s, unsigned len, const char *want)
{
	return len == strlen(want) && !strncmp(s, want, len);
}

static void loop_hint(struct lower *L, LLVMValueRef in)
{
	LLVMContextRef lc = LLVMGetTypeContext(LLVMTypeOf(in));
	unsigned kind = LLVMGetMDKindIDInContext(lc, "llvm.loop", 9);
	LLVMValueRef md = LLVMGetMetadata(in, kind);
	if (!md)
		return;
	unsigned n = LLVMGetMDNodeNumOperands(md);
	LLVMValueRef *ops = arena_alloc(&L->ctx->arena, (n + 1) * sizeof *ops);
	LLVMGetMDNodeOperands(md, ops);
	for (unsigned i = 1; i < n; i++) {
		if (!ops[i] || !LLVMIsAMDNode(ops[i]) || LLVMGetMDNodeNumOperands(ops[i]) < 1)
			continue;
		unsigned m = LLVMGetMDNodeNumOperands(ops[i]);
		LLVMValueRef *kv = arena_alloc(&L->ctx->arena, m * sizeof *kv);
		LLVMGetMDNodeOperands(ops[i], kv);
		unsigned len = 0;
		const char *name = kv[0] && LLVMIsAMDString(kv[0]) ? LLVMGetMDString(kv[0], &len) : NULL;
		if (!name)
			continue;
		struct ir_loop_hint *h = &L->b->hint;
		if (md_is(name, len, "llvm.loop.pipeline.disable")) {
			h->present = h->no_pipeline = true;
			h->loc = L->loc;
		} else if (m >= 2 && md_is(name, len, "llvm.loop.pipeline.initiationinterval") &&
			   LLVMIsAConstantInt(kv[1])) {
			unsigned long long ii = LLVMConstIntGetZExtValue(kv[1]);
			h->present = true;
			h->loc = L->loc;
			if (ii < 1 || ii > 1024)
				lower_error(L, L->loc, "pipeline_initiation_interval(%llu): the "
					    "initiation interval must be 1 to 1024", ii);
			else
				h->ii = (unsigned)ii;
		}
	}
}

static void lower_br(struct lower *L, LLVMValueRef in)
{
	loop_hint(L, in);
	if (!LLVMIsConditional(in)) {
		struct ir_op *op = terminator(L, IR_BR, 0, 1);
		op->succs[0] = block_of(L, LLVMGetSuccessor(in, 0));
		return;
	}
	struct ir_op *c = lower_val(L, LLVMGetCondition(in));
	struct ir_op *op = terminator(L, IR_CONDBR, 1, 2);
	op->args[0] = c;
	op->succs[0] = block_of(L, LLVMGetSuccessor(in, 0));
	op->succs[1] = block_of(L, LLVMGetSuccessor(in, 1));
}

static void lower_switch(struct lower *L, LLVMValueRef in)
{
	LLVMValueRef cond = LLVMGetOperand(in, 0);
	unsigned w = lower_type_width(LLVMTypeOf(cond));
	unsigned nsucc = LLVMGetNumSuccessors(in); /* default + cases */
	struct ir_op *c = lower_val(L, cond);
	if (!w || w > 64) {
		lower_error(L, L->loc, "a switch on a value wider than 64 bits is "
			    "not supported");
		/* keep the block well formed: go to the default */
		struct ir_op *op = terminator(L, IR_BR, 0, 1);
		op->succs[0] = block_of(L, LLVMGetSwitchDefaultDest(in));
		return;
	}
	struct ir_op *op = terminator(L, IR_SWITCH, 1, nsucc);
	op->args[0] = c;
	op->succs[0] = block_of(L, LLVMGetSwitchDefaultDest(in));
	op->case_vals = arena_alloc(&L->ctx->arena, nsucc * sizeof *op->case_vals);
	for (unsigned i = 1; i < nsucc; i++) {
		/* operands: cond, default, then (value, dest) per case */
		LLVMValueRef v = LLVMGetOperand(in, 2 * i);
		op->case_vals[i - 1] = v && LLVMIsAConstantInt(v)
					       ? LLVMConstIntGetZExtValue(v) : 0;
		op->succs[i] = block_of(L, LLVMGetSuccessor(in, i));
	}
}

/* ---- dispatch ----------------------------------------------------------------- */

void lower_inst(struct lower *L, LLVMValueRef in)
{
	LLVMOpcode o = LLVMGetInstructionOpcode(in);
	if (has_vector(in)) {
		lower_error(L, L->loc, "vector types are not supported");
		return;
	}
	if (o == LLVMCall) {
		lower_call(L, in);
		return;
	}
	enum ir_opcode bop = binop(o);
	if (bop != IR_NUM_OPCODES) {
		if (result_width(L, in))
			lower_bind(L, in, lower_bin(L, bop,
						    lower_val(L, LLVMGetOperand(in, 0)),
						    lower_val(L, LLVMGetOperand(in, 1))));
		return;
	}
	switch (o) {
	case LLVMICmp:
		lower_icmp(L, in);
		break;
	case LLVMTrunc:
	case LLVMZExt:
	case LLVMSExt:
	case LLVMBitCast:
	case LLVMFreeze:
		lower_cast(L, in, o);
		break;
	case LLVMSelect:
		if (result_width(L, in))
			lower_bind(L, in, lower_select(L, lower_val(L, LLVMGetOperand(in, 0)),
						       lower_val(L, LLVMGetOperand(in, 1)),
						       lower_val(L, LLVMGetOperand(in, 2))));
		break;
	case LLVMExtractValue:
		lower_aggregate(L, in, false);
		break;
	case LLVMInsertValue:
		lower_aggregate(L, in, true);
		break;
	case LLVMBr:
		lower_br(L, in);
		break;
	case LLVMSwitch:
		lower_switch(L, in);
		break;
	case LLVMRet:
	case LLVMUnreachable:
		terminator(L, IR_RET, 0, 0);
		break;
	case LLVMPHI: /* only the phis make_phis could not make */
		result_width(L, in);
		break;
	case LLVMAlloca:
	case LLVMGetElementPtr:
		break; /* reported at the first access */
	case LLVMLoad:
		lower_load(L, in);
		break;
	case LLVMStore:
		lower_memory_access(L, LLVMGetOperand(in, 1));
		break;
	case LLVMFNeg: case LLVMFAdd: case LLVMFSub: case LLVMFMul:
	case LLVMFDiv: case LLVMFRem: case LLVMFCmp: case LLVMFPToUI:
	case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc:
	case LLVMFPExt:
		lower_fp(L, in, o);
		break;
	case LLVMPtrToInt:
		/* a pointer argument's address (devmem.c): the argument */
		if (LLVMIsAArgument(LLVMGetOperand(in, 0)) &&
		    lower_type_width(LLVMTypeOf(in)) == 64) {
			lower_bind(L, in, lower_val(L, LLVMGetOperand(in, 0)));
			break;
		}
		/* fall through */
	case LLVMIntToPtr:
	case LLVMAddrSpaceCast:
		lower_error(L, L->loc, "converting between pointers and integers "
			    "is not supported");
		break;
	case LLVMIndirectBr:
		lower_error(L, L->loc, "computed goto is not supported");
		terminator(L, IR_RET, 0, 0);
		break;
	case LLVMCallBr:
		lower_error(L, L->loc, "asm goto is not supported");
		terminator(L, IR_RET, 0, 0);
		break;
	case LLVMVAArg:
		lower_error(L, L->loc, "variable argument lists are not supported");
		break;
	case LLVMFence:
	case LLVMAtomicCmpXchg:
	case LLVMAtomicRMW:
		lower_error(L, L->loc, "atomic operations are not supported");
		break;
	default:
		lower_error(L, L->loc, "unsupported operation (LLVM opcode %d)", (int)o);
		if (LLVMIsATerminatorInst(in))
			terminator(L, IR_RET, 0, 0);
		break;
	}
}
