/*
 * lower_const.c -- LLVM constants as sluice values and as memory images.
 *
 * Values (lower_constant): a ConstantInt of any width becomes IR_CONST
 * (imm_words above 64 bits); undef and poison become IR_UNDEF; half, float
 * and double constants become their IEEE bits; constant structs and arrays
 * (and zeroinitializer) are packed as lower.h describes, an undef element
 * reading as zero.  Pointers and constant expressions are errors.
 *
 * Wide integers: LLVMConstIntGetZExtValue only holds 64 bits and LLVM 19
 * has no constant lshr to take a wide constant apart, so a constant wider
 * than 64 bits is read back from its textual form (LLVMPrintValueToString,
 * "i128 -5": LLVM prints the signed decimal value) and converted to two's
 * complement words here.
 *
 * Memory images (lower_init_bytes): a global's initializer laid out as the
 * host lays it out, using the module's data layout (struct member offsets,
 * array strides, byte order), padding as zero.
 */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

static unsigned nwords(unsigned width)
{
	return (width + 63) / 64;
}

static void mask_top(uint64_t *w, unsigned width)
{
	if (width % 64)
		w[nwords(width) - 1] &= (UINT64_C(1) << (width % 64)) - 1;
}

/* w = w * 10 + digit over n words, with 32-bit halves (no 128-bit type). */
static void mul10_add(uint64_t *w, unsigned n, unsigned digit)
{
	uint64_t carry = digit;
	for (unsigned i = 0; i < n; i++) {
		uint64_t lo = (w[i] & 0xffffffffu) * 10 + carry;
		uint64_t hi = (w[i] >> 32) * 10 + (lo >> 32);
		carry = hi >> 32;
		w[i] = (hi << 32) | (lo & 0xffffffffu);
	}
}

/* Parses the decimal in "iN [-]digits" into words; false when it is not
 * of that form. */
static bool parse_printed_int(const char *s, uint64_t *w, unsigned width)
{
	const char *p = strchr(s, ' ');
	if (!p)
		return false;
	p++;
	bool neg = *p == '-';
	if (neg)
		p++;
	if (*p < '0' || *p > '9')
		return false;
	unsigned n = nwords(width);
	memset(w, 0, n * sizeof *w);
	for (; *p >= '0' && *p <= '9'; p++)
		mul10_add(w, n, (unsigned)(*p - '0'));
	if (neg) { /* two's complement: ~w + 1 */
		uint64_t carry = 1;
		for (unsigned i = 0; i < n; i++) {
			w[i] = ~w[i] + carry;
			carry = carry && w[i] == 0;
		}
	}
	mask_top(w, width);
	return true;
}

uint64_t *lower_const_words(struct lower *L, LLVMValueRef c, unsigned width)
{
	uint64_t *w = arena_alloc(&L->ctx->arena, nwords(width) * sizeof *w);
	if (width <= 64) {
		w[0] = LLVMConstIntGetZExtValue(c);
		mask_top(w, width);
		return w;
	}
	char *s = LLVMPrintValueToString(c);
	bool ok = parse_printed_int(s, w, width);
	LLVMDisposeMessage(s);
	return ok ? w : NULL;
}

struct ir_op *lower_wide_imm(struct lower *L, unsigned width,
			     const uint64_t *words)
{
	if (width <= 64)
		return lower_imm(L, width, words[0]);
	struct ir_op *op = lower_op(L, IR_CONST, width, 0);
	op->imm_words = arena_alloc(&L->ctx->arena, nwords(width) * sizeof(uint64_t));
	memcpy(op->imm_words, words, nwords(width) * sizeof(uint64_t));
	mask_top(op->imm_words, width);
	op->imm = op->imm_words[0];
	return op;
}

/* The IEEE bits of a half/bfloat/float/double constant. */
static bool fp_bits(LLVMValueRef c, uint64_t *out)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	LLVMBool loses = 0;
	switch (LLVMGetTypeKind(t)) {
	case LLVMFloatTypeKind: {
		float f = (float)LLVMConstRealGetDouble(c, &loses);
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		*out = u;
		return true;
	}
	case LLVMDoubleTypeKind: {
		double d = LLVMConstRealGetDouble(c, &loses);
		memcpy(out, &d, sizeof d);
		return true;
	}
	case LLVMHalfTypeKind:
	case LLVMBFloatTypeKind: { /* printed as "half 0xH3C00" / "0xR3F80" */
		char *s = LLVMPrintValueToString(c);
		const char *p = strstr(s, " 0x");
		bool ok = p && (p[3] == 'H' || p[3] == 'R');
		if (ok)
			*out = strtoull(p + 4, NULL, 16) & 0xffff;
		LLVMDisposeMessage(s);
		return ok;
	}
	default:
		return false;
	}
}

static void set_bits(uint64_t *dst, unsigned off, const uint64_t *src,
		     unsigned width)
{
	for (unsigned i = 0; i < width; i++)
		if (src[i / 64] >> (i % 64) & 1)
			dst[(off + i) / 64] |= UINT64_C(1) << ((off + i) % 64);
}

static bool is_zero_like(LLVMValueRef c)
{
	return LLVMIsAUndefValue(c) || LLVMIsAConstantAggregateZero(c) ||
	       LLVMIsAConstantPointerNull(c);
}

/* Packs constant c (of type t) at bit `off` of words (already zero). */
static bool pack_bits(struct lower *L, LLVMValueRef c, LLVMTypeRef t,
		      uint64_t *words, unsigned off)
{
	if (!c)
		return false;
	if (is_zero_like(c))
		return true;
	unsigned w = lower_type_width(t);
	if (LLVMIsAConstantInt(c)) {
		uint64_t *v = lower_const_words(L, c, w);
		if (!v)
			return false;
		set_bits(words, off, v, w);
		return true;
	}
	if (LLVMIsAConstantFP(c)) {
		uint64_t v;
		if (!fp_bits(c, &v))
			return false;
		set_bits(words, off, &v, w);
		return true;
	}
	LLVMTypeKind kind = LLVMGetTypeKind(t);
	if (kind == LLVMStructTypeKind) {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++) {
			LLVMTypeRef et = LLVMStructGetTypeAtIndex(t, i);
			if (!pack_bits(L, LLVMGetAggregateElement(c, i), et, words, off))
				return false;
			off += lower_type_width(et);
		}
		return true;
	}
	if (kind == LLVMArrayTypeKind) {
		LLVMTypeRef et = LLVMGetElementType(t);
		unsigned ew = lower_type_width(et);
		uint64_t n = LLVMGetArrayLength2(t);
		for (uint64_t i = 0; i < n; i++, off += ew)
			if (!pack_bits(L, LLVMGetAggregateElement(c, (unsigned)i), et,
				       words, off))
				return false;
		return true;
	}
	return false;
}

struct ir_op *lower_constant(struct lower *L, LLVMValueRef c)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	unsigned w = lower_type_width(t);
	if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
		lower_error(L, L->loc, "the address of %s is used as a value; "
			    "pointers are not supported yet",
			    LLVMIsAGlobalValue(c) ? "a global" : "an object");
		return NULL;
	}
	if (!w || w > IR_MAX_WIDTH) {
		lower_error(L, L->loc, w ? "constant wider than %d bits" :
			    "constant of an unsupported type (vector or "
			    "extended-precision floating point)", IR_MAX_WIDTH);
		return NULL;
	}
	if (LLVMIsAUndefValue(c))
		return lower_op(L, IR_UNDEF, w, 0);
	uint64_t *words = arena_alloc(&L->ctx->arena, nwords(w) * sizeof *words);
	if (LLVMIsAConstantExpr(c) || !pack_bits(L, c, t, words, 0)) {
		lower_error(L, L->loc, "constant expression is not supported "
			    "(it involves an address or a floating-point "
			    "conversion)");
		return NULL;
	}
	return lower_wide_imm(L, w, words);
}

/* ---- memory images ------------------------------------------------------ */

struct image {
	struct lower *L;
	uint8_t *bytes;
	uint64_t size;
	bool big_endian;
	const char *what;
	struct ir_loc loc;
};

static bool put_scalar(struct image *im, uint64_t off, const uint64_t *v,
		       unsigned width, uint64_t nbytes)
{
	if (off + nbytes > im->size)
		return false;
	for (uint64_t b = 0; b < nbytes; b++) {
		uint8_t byte = b / 8 < nwords(width) ? (uint8_t)(v[b / 8] >> (8 * (b % 8))) : 0;
		im->bytes[off + (im->big_endian ? nbytes - 1 - b : b)] = byte;
	}
	return true;
}

static bool image_rec(struct image *im, LLVMValueRef c, LLVMTypeRef t,
		      uint64_t off)
{
	LLVMTargetDataRef td = im->L->td;
	if (!c)
		return false;
	if (is_zero_like(c))
		return true;
	if (LLVMIsAConstantInt(c)) {
		unsigned w = LLVMGetIntTypeWidth(t);
		uint64_t *v = lower_const_words(im->L, c, w);
		return v && put_scalar(im, off, v, w, LLVMStoreSizeOfType(td, t));
	}
	if (LLVMIsAConstantFP(c)) {
		uint64_t v;
		if (!fp_bits(c, &v)) {
			lower_error(im->L, im->loc, "the initial value of '%s' has "
				    "a floating-point type that is not supported",
				    im->what);
			return false;
		}
		return put_scalar(im, off, &v, lower_type_width(t),
				  LLVMStoreSizeOfType(td, t));
	}
	switch (LLVMGetTypeKind(t)) {
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++)
			if (!image_rec(im, LLVMGetAggregateElement(c, i),
				       LLVMStructGetTypeAtIndex(t, i),
				       off + LLVMOffsetOfElement(td, t, i)))
				return false;
		return true;
	}
	case LLVMArrayTypeKind:
	case LLVMVectorTypeKind: {
		LLVMTypeRef et = LLVMGetElementType(t);
		uint64_t n = LLVMGetTypeKind(t) == LLVMArrayTypeKind
				     ? LLVMGetArrayLength2(t)
				     : LLVMGetVectorSize(t);
		uint64_t stride = LLVMABISizeOfType(td, et);
		for (uint64_t i = 0; i < n; i++)
			if (!image_rec(im, LLVMGetAggregateElement(c, (unsigned)i),
				       et, off + i * stride))
				return false;
		return true;
	}
	default:
		break;
	}
	if (LLVMIsAGlobalValue(c) || LLVMIsAConstantExpr(c) ||
	    LLVMGetTypeKind(t) == LLVMPointerTypeKind)
		lower_error(im->L, im->loc, "the initial value of '%s' holds an "
			    "address; pointers are not supported yet", im->what);
	return false;
}

bool lower_init_bytes(struct lower *L, LLVMValueRef c, uint8_t *bytes,
		      uint64_t size, const char *what, struct ir_loc loc)
{
	struct image im = {L, bytes, size,
			   LLVMByteOrder(L->td) == LLVMBigEndian, what, loc};
	unsigned errors = L->ctx->diag.errors;
	memset(bytes, 0, size);
	if (image_rec(&im, c, LLVMTypeOf(c), 0))
		return true;
	if (L->ctx->diag.errors == errors)
		lower_error(L, loc, "cannot read the initial value of '%s'", what);
	return false;
}
