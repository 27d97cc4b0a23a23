/*
 * lower_intrinsic.c -- llvm.* intrinsics of integer arithmetic as ops.
 *
 *   umin/umax/smin/smax    compare + select
 *   abs                    x <s 0 ? 0 - x : x (the poison flag is ignored)
 *   fshl/fshr              by a constant: two extracts and a concat; else
 *                          {a,b} shifted by (s mod W), then an extract
 *   ctpop/ctlz/cttz/bswap/bitreverse   the IR ops of the same name
 *   [su]{add,sub,mul}.with.overflow    computed one bit (add/sub) or twice
 *                          (mul) wider; the result {iW, i1} is packed as
 *                          lower.h says: the flag in bit W
 *   [su]{add,sub}.sat      the same wider sum, then a select of the bound
 *   scmp/ucmp              two compares and selects
 *   expect, annotation, ssa.copy: the first argument; is.constant: false
 *   dbg.*, lifetime.*, assume, experimental.noalias.scope.decl,
 *   sideeffect, donothing, var.annotation, invariant.*, prefetch: dropped
 *   memcpy/memmove/memset: reported as a memory access of their objects
 * Returns false for anything else (lower_call reports it).
 */
#include "lower.h"

#include <string.h>

static bool is(const char *name, const char *base)
{
	size_t n = strlen(base);
	return !strncmp(name, base, n) && (name[n] == '.' || name[n] == 0);
}

static struct ir_op *arg(struct lower *L, LLVMValueRef call, unsigned i)
{
	return lower_val(L, LLVMGetOperand(call, i));
}

/* all ones, the most negative or the most positive W-bit value */
enum bound { ONES, SMIN, SMAX };

static struct ir_op *bound(struct lower *L, unsigned w, enum bound b)
{
	unsigned n = (w + 63) / 64;
	uint64_t *words = arena_alloc(&L->ctx->arena, n * sizeof *words);
	for (unsigned i = 0; i < n; i++)
		words[i] = b == SMIN ? 0 : ~UINT64_C(0);
	uint64_t top = UINT64_C(1) << ((w - 1) % 64);
	if (b == SMIN)
		words[(w - 1) / 64] = top;
	else if (b == SMAX)
		words[(w - 1) / 64] &= top - 1;
	return lower_wide_imm(L, w, words);
}

/* min and max as x > y ? ... : ..., x the operand made first: the min
 * and the max of one pair (a compare-and-swap, the two halves of a sort's
 * step) make the same compare, which hls/pass/cse.c makes one.  When
 * a == b either arm is the value. */
static struct ir_op *minmax(struct lower *L, LLVMValueRef call, enum ir_opcode gt, bool max)
{
	struct ir_op *x = arg(L, call, 0), *y = arg(L, call, 1);
	if (y->id < x->id) {
		struct ir_op *t = x;
		x = y, y = t;
	}
	struct ir_op *c = lower_cmp(L, gt, x, y);
	return max ? lower_select(L, c, x, y) : lower_select(L, c, y, x);
}

static struct ir_op *absval(struct lower *L, LLVMValueRef call)
{
	struct ir_op *x = arg(L, call, 0);
	struct ir_op *zero = lower_imm(L, x->width, 0);
	struct ir_op *neg = lower_bin(L, IR_SUB, zero, x);
	return lower_select(L, lower_cmp(L, IR_SLT, x, zero), neg, x);
}

static struct ir_op *funnel(struct lower *L, LLVMValueRef call, bool left)
{
	struct ir_op *a = arg(L, call, 0), *b = arg(L, call, 1);
	unsigned w = a->width;
	LLVMValueRef s = LLVMGetOperand(call, 2);
	if (LLVMIsAConstantInt(s) && w <= 64) {
		unsigned c = (unsigned)(LLVMConstIntGetZExtValue(s) % w);
		if (c == 0)
			return left ? a : b;
		/* fshl: {a[W-c-1:0], b[W-1:W-c]}; fshr by c = fshl by W-c */
		unsigned l = left ? c : w - c;
		return lower_concat(L, lower_extract(L, a, 0, w - l),
				    lower_extract(L, b, w - l, l));
	}
	if (2 * w > IR_MAX_WIDTH) {
		lower_error(L, L->loc, "funnel shift or rotate of more than %d bits "
			    "by a variable amount is not supported", IR_MAX_WIDTH / 2);
		return NULL;
	}
	struct ir_op *amt = arg(L, call, 2);
	if ((w & (w - 1)) == 0)
		amt = lower_bin(L, IR_AND, amt, lower_imm(L, w, w - 1));
	else
		amt = lower_bin(L, IR_UREM, amt, lower_imm(L, w, w));
	struct ir_op *ab = lower_concat(L, a, b);
	struct ir_op *sh = lower_op2(L, left ? IR_SHL : IR_LSHR, 2 * w, ab, amt);
	return lower_extract(L, sh, left ? w : 0, w);
}

/* Sign overflow of a W+1-bit sum: its top two bits differ. */
static struct ir_op *sign_overflow(struct lower *L, struct ir_op *wide, unsigned w)
{
	return lower_bin(L, IR_XOR, lower_extract(L, wide, w, 1),
			 lower_extract(L, wide, w - 1, 1));
}

static struct ir_op *with_overflow(struct lower *L, LLVMValueRef call,
				   enum ir_opcode opc, bool is_signed)
{
	struct ir_op *a = arg(L, call, 0), *b = arg(L, call, 1);
	unsigned w = a->width;
	enum ir_opcode ext = is_signed ? IR_SEXT : IR_ZEXT;
	if (opc == IR_MUL) {
		if (2 * w > IR_MAX_WIDTH)
			return NULL;
		struct ir_op *p = lower_bin(L, IR_MUL, lower_resize(L, ext, a, 2 * w),
					    lower_resize(L, ext, b, 2 * w));
		struct ir_op *r = lower_resize(L, IR_TRUNC, p, w);
		struct ir_op *ovf =
			is_signed ? lower_cmp(L, IR_NE, p, lower_resize(L, IR_SEXT, r, 2 * w))
				  : lower_cmp(L, IR_NE, lower_extract(L, p, w, w),
					      lower_imm(L, w, 0));
		return lower_concat(L, ovf, r);
	}
	if (w + 1 > IR_MAX_WIDTH)
		return NULL;
	struct ir_op *s = lower_bin(L, opc, lower_resize(L, ext, a, w + 1),
				    lower_resize(L, ext, b, w + 1));
	if (!is_signed)
		return s; /* bit W is the carry or borrow */
	return lower_concat(L, sign_overflow(L, s, w), lower_resize(L, IR_TRUNC, s, w));
}

static struct ir_op *saturating(struct lower *L, LLVMValueRef call,
				enum ir_opcode opc, bool is_signed)
{
	struct ir_op *a = arg(L, call, 0), *b = arg(L, call, 1);
	unsigned w = a->width;
	if (w + 1 > IR_MAX_WIDTH)
		return NULL;
	enum ir_opcode ext = is_signed ? IR_SEXT : IR_ZEXT;
	struct ir_op *s = lower_bin(L, opc, lower_resize(L, ext, a, w + 1),
				    lower_resize(L, ext, b, w + 1));
	struct ir_op *r = lower_resize(L, IR_TRUNC, s, w);
	struct ir_op *top = lower_extract(L, s, w, 1);
	if (!is_signed) /* carry: all ones; borrow: zero */
		return lower_select(L, top, opc == IR_ADD ? bound(L, w, ONES)
							  : lower_imm(L, w, 0), r);
	/* overflow: the true sign (bit W) picks the bound */
	struct ir_op *sat = lower_select(L, top, bound(L, w, SMIN), bound(L, w, SMAX));
	return lower_select(L, sign_overflow(L, s, w), sat, r);
}

static struct ir_op *three_way(struct lower *L, LLVMValueRef call, bool is_signed)
{
	struct ir_op *a = arg(L, call, 0), *b = arg(L, call, 1);
	unsigned rw = lower_type_width(LLVMTypeOf(call));
	struct ir_op *lt = lower_cmp(L, is_signed ? IR_SLT : IR_ULT, a, b);
	struct ir_op *gt = lower_cmp(L, is_signed ? IR_SGT : IR_UGT, a, b);
	struct ir_op *pos = lower_select(L, gt, lower_imm(L, rw, 1), lower_imm(L, rw, 0));
	return lower_select(L, lt, bound(L, rw, ONES), pos);
}

static const char *const dropped[] = {
	"llvm.dbg", "llvm.lifetime.start", "llvm.lifetime.end", "llvm.assume",
	"llvm.experimental.noalias.scope.decl", "llvm.sideeffect",
	"llvm.donothing", "llvm.var.annotation", "llvm.invariant.start",
	"llvm.invariant.end", "llvm.pseudoprobe", "llvm.codeview.annotation",
	"llvm.prefetch",
};

static const char *const identity[] = {
	"llvm.expect", "llvm.expect.with.probability", "llvm.annotation",
	"llvm.ssa.copy",
};

static const struct {
	const char *name;
	enum ir_opcode opc;
} unary[] = {
	{"llvm.ctpop", IR_CTPOP},     {"llvm.ctlz", IR_CTLZ},
	{"llvm.cttz", IR_CTTZ},	      {"llvm.bswap", IR_BSWAP},
	{"llvm.bitreverse", IR_BITREV},
};

static const struct {
	const char *name;
	enum ir_opcode opc;
	bool is_signed;
	char kind; /* n: min, x: max, o: with.overflow, s: sat */
} binary[] = {
	{"llvm.umin", IR_UGT, false, 'n'},
	{"llvm.umax", IR_UGT, false, 'x'},
	{"llvm.smin", IR_SGT, true, 'n'},
	{"llvm.smax", IR_SGT, true, 'x'},
	{"llvm.sadd.with.overflow", IR_ADD, true, 'o'},
	{"llvm.uadd.with.overflow", IR_ADD, false, 'o'},
	{"llvm.ssub.with.overflow", IR_SUB, true, 'o'},
	{"llvm.usub.with.overflow", IR_SUB, false, 'o'},
	{"llvm.smul.with.overflow", IR_MUL, true, 'o'},
	{"llvm.umul.with.overflow", IR_MUL, false, 'o'},
	{"llvm.sadd.sat", IR_ADD, true, 's'},
	{"llvm.uadd.sat", IR_ADD, false, 's'},
	{"llvm.ssub.sat", IR_SUB, true, 's'},
	{"llvm.usub.sat", IR_SUB, false, 's'},
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Whether every value the intrinsic takes or returns has a bit-vector
 * form (a vector or a pointer argument has none). */
static bool scalar_operands(LLVMValueRef call)
{
	unsigned n = LLVMGetNumArgOperands(call);
	for (unsigned i = 0; i < n; i++) {
		unsigned w = lower_type_width(LLVMTypeOf(LLVMGetOperand(call, i)));
		if (!w || w > IR_MAX_WIDTH)
			return false;
	}
	LLVMTypeRef rt = LLVMTypeOf(call);
	unsigned w = lower_type_width(rt);
	return LLVMGetTypeKind(rt) == LLVMVoidTypeKind || (w && w <= IR_MAX_WIDTH);
}

static bool integer_intrinsic(struct lower *L, LLVMValueRef call, const char *name)
{
	struct ir_op *r = NULL;
	bool known = false;
	for (unsigned i = 0; i < N_OF(unary) && !known; i++)
		if (is(name, unary[i].name)) {
			struct ir_op *a = arg(L, call, 0);
			r = lower_op1(L, unary[i].opc, a->width, a);
			known = true;
		}
	for (unsigned i = 0; i < N_OF(binary) && !known; i++) {
		if (!is(name, binary[i].name))
			continue;
		known = true;
		if (binary[i].kind == 'n' || binary[i].kind == 'x')
			r = minmax(L, call, binary[i].opc, binary[i].kind == 'x');
		else if (binary[i].kind == 'o')
			r = with_overflow(L, call, binary[i].opc, binary[i].is_signed);
		else
			r = saturating(L, call, binary[i].opc, binary[i].is_signed);
	}
	if (!known) {
		known = true;
		if (is(name, "llvm.abs"))
			r = absval(L, call);
		else if (is(name, "llvm.fshl") || is(name, "llvm.fshr"))
			r = funnel(L, call, is(name, "llvm.fshl"));
		else if (is(name, "llvm.scmp") || is(name, "llvm.ucmp"))
			r = three_way(L, call, is(name, "llvm.scmp"));
		else
			known = false;
	}
	if (!known)
		return false;
	if (r)
		lower_bind(L, call, r);
	else
		lower_error(L, L->loc, "'%s' on values this wide is not supported",
			    name);
	return true;
}

/* fabs and copysign are bit operations on the sign; fmuladd (a * b + c,
 * which clang forms where C allows contraction) is a multiply and an add,
 * rounded each, as the CPU without FMA computes it. */
static bool fp_intrinsic(struct lower *L, LLVMValueRef call, const char *name)
{
	LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(call));
	if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
		return false;
	unsigned w = k == LLVMFloatTypeKind ? 32 : 64;
	uint64_t sign = UINT64_C(1) << (w - 1);
	struct ir_op *r;
	if (is(name, "llvm.fabs")) {
		r = lower_bin(L, IR_AND, arg(L, call, 0), lower_imm(L, w, sign - 1));
	} else if (is(name, "llvm.copysign")) {
		struct ir_op *mag = lower_bin(L, IR_AND, arg(L, call, 0), lower_imm(L, w, sign - 1));
		struct ir_op *sg = lower_bin(L, IR_AND, arg(L, call, 1), lower_imm(L, w, sign));
		r = lower_bin(L, IR_OR, mag, sg);
	} else if (is(name, "llvm.fmuladd")) {
		struct ir_op *p = lower_op2(L, IR_FMUL, w, arg(L, call, 0), arg(L, call, 1));
		r = lower_op2(L, IR_FADD, w, p, arg(L, call, 2));
	} else {
		return false; /* prepare.c has named it */
	}
	lower_bind(L, call, r);
	return true;
}

bool lower_intrinsic(struct lower *L, LLVMValueRef call, const char *name)
{
	for (unsigned i = 0; i < N_OF(dropped); i++)
		if (is(name, dropped[i]))
			return true;
	if (is(name, "llvm.memcpy") || is(name, "llvm.memmove") ||
	    is(name, "llvm.memcpy.inline") || is(name, "llvm.memset") ||
	    is(name, "llvm.memset.inline")) {
		lower_memory_access(L, LLVMGetOperand(call, 0));
		if (!is(name, "llvm.memset") && !is(name, "llvm.memset.inline"))
			lower_memory_access(L, LLVMGetOperand(call, 1));
		return true;
	}
	if (is(name, "llvm.stacksave") || is(name, "llvm.stackrestore")) {
		lower_error(L, L->loc, "variable-length arrays are not supported");
		return true;
	}
	if (is(name, "llvm.trap") || is(name, "llvm.debugtrap") ||
	    is(name, "llvm.ubsantrap")) {
		lower_error(L, L->loc, "traps (__builtin_trap, sanitizer checks) "
			    "are not supported");
		return true;
	}
	if (is(name, "llvm.is.constant")) {
		lower_bind(L, call, lower_imm(L, 1, 0));
		return true;
	}
	for (unsigned i = 0; i < N_OF(identity); i++) {
		unsigned w = lower_type_width(LLVMTypeOf(call));
		if (is(name, identity[i]) && w && w <= IR_MAX_WIDTH &&
		    LLVMTypeOf(call) == LLVMTypeOf(LLVMGetOperand(call, 0))) {
			lower_bind(L, call, arg(L, call, 0));
			return true;
		}
	}
	if (!scalar_operands(call))
		return false; /* vectors, pointers, fp80: lower_call reports */
	if (front_is_fp_type(LLVMTypeOf(call)))
		return fp_intrinsic(L, call, name);
	return integer_intrinsic(L, call, name);
}
