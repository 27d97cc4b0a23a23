/*
 * lower_util.c -- small helpers of the lowering: value names made into
 * Verilog identifiers, debug locations, error reporting, bit
 * widths of LLVM types, and the op builders.
 *
 * Guarantees: names are [A-Za-z_][A-Za-z0-9_]* (or NULL); a debug file name
 * is copied into the arena once per distinct file; an error repeated with
 * the same text at the same line (one C construct that produced several
 * LLVM instructions) is reported once.
 */
#include "lower.h"

#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names, locations, errors ----------------------------------------- */

const char *lower_sanitize(struct lower *L, const char *s, size_t len)
{
	if (!s || !len)
		return NULL;
	bool digit = s[0] >= '0' && s[0] <= '9';
	char *out = arena_alloc(&L->ctx->arena, len + 2);
	size_t n = 0;
	if (digit)
		out[n++] = '_';
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '_';
		out[n++] = ok ? c : '_';
	}
	out[n] = 0;
	return out;
}

const char *lower_value_name(struct lower *L, LLVMValueRef v)
{
	size_t len = 0;
	const char *s = LLVMGetValueName2(v, &len);
	return lower_sanitize(L, s, len);
}

static const char *intern_file(struct lower *L, const char *raw, unsigned len)
{
	for (unsigned i = 0; i < L->nfiles; i++)
		if (L->files[i].len == len &&
		    (L->files[i].raw == raw || !memcmp(L->files[i].raw, raw, len)))
			return L->files[i].name;
	struct lower_file f = {raw, len,
			       arena_printf(&L->ctx->arena, "%.*s", (int)len, raw)};
	VEC_PUSH(&L->ctx->arena, L->files, L->nfiles, f);
	return f.name;
}

struct ir_loc lower_inst_loc(struct lower *L, LLVMValueRef inst)
{
	struct ir_loc loc = {0};
	if (!inst || !LLVMIsAInstruction(inst) || !LLVMInstructionGetDebugLoc(inst))
		return loc;
	unsigned len = 0;
	const char *file = LLVMGetDebugLocFilename(inst, &len);
	loc.line = LLVMGetDebugLocLine(inst);
	loc.col = LLVMGetDebugLocColumn(inst);
	if (!loc.line) /* line 0: a value merged from several lines */
		return (struct ir_loc){0};
	if (file && len)
		loc.file = intern_file(L, file, len);
	return loc;
}

void lower_error(struct lower *L, struct ir_loc loc, const char *fmt, ...)
{
	char msg[sizeof L->last_err];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct ir_loc *p = &L->last_err_loc;
	bool same_file = p->file == loc.file ||
			 (p->file && loc.file && !strcmp(p->file, loc.file));
	if (L->last_err[0] && same_file && p->line == loc.line &&
	    !strcmp(L->last_err, msg))
		return;
	memcpy(L->last_err, msg, sizeof msg);
	*p = loc;
	diag_error(&L->ctx->diag, loc, "%s", msg);
}

/* ---- types ------------------------------------------------------------ */

unsigned lower_type_width(LLVMTypeRef t)
{
	const unsigned too_wide = IR_MAX_WIDTH + 1;
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind: {
		unsigned w = LLVMGetIntTypeWidth(t);
		return w > IR_MAX_WIDTH ? too_wide : w;
	}
	case LLVMHalfTypeKind:
	case LLVMBFloatTypeKind:
		return 16;
	case LLVMFloatTypeKind:
		return 32;
	case LLVMDoubleTypeKind:
		return 64;
	case LLVMFP128TypeKind:
		return 128;
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(t), sum = 0;
		for (unsigned i = 0; i < n; i++) {
			unsigned w = lower_type_width(LLVMStructGetTypeAtIndex(t, i));
			if (!w)
				return 0;
			sum += w;
			if (sum > IR_MAX_WIDTH)
				return too_wide;
		}
		return sum;
	}
	case LLVMArrayTypeKind: {
		uint64_t n = LLVMGetArrayLength2(t);
		unsigned w = lower_type_width(LLVMGetElementType(t));
		if (!w || !n)
			return 0;
		return n * w > IR_MAX_WIDTH ? too_wide : (unsigned)(n * w);
	}
	default:
		return 0;
	}
}

const char *lower_callee_name(LLVMValueRef call)
{
	LLVMValueRef callee = LLVMGetCalledValue(call);
	if (!callee || !LLVMIsAFunction(callee))
		return NULL;
	size_t len = 0;
	const char *s = LLVMGetValueName2(callee, &len);
	return s ? s : "";
}

/* ---- op builders -------------------------------------------------------- */

struct ir_op *lower_op(struct lower *L, enum ir_opcode opc, unsigned width,
		       unsigned nargs)
{
	struct ir_op *op = ir_op_new(L->ctx, L->k, L->b, opc, width, nargs);
	op->loc = L->loc;
	return op;
}

struct ir_op *lower_op1(struct lower *L, enum ir_opcode opc, unsigned width,
			struct ir_op *a)
{
	struct ir_op *op = lower_op(L, opc, width, 1);
	op->args[0] = a;
	return op;
}

struct ir_op *lower_op2(struct lower *L, enum ir_opcode opc, unsigned width,
			struct ir_op *a, struct ir_op *b)
{
	struct ir_op *op = lower_op(L, opc, width, 2);
	op->args[0] = a;
	op->args[1] = b;
	return op;
}

struct ir_op *lower_bin(struct lower *L, enum ir_opcode opc, struct ir_op *a,
			struct ir_op *b)
{
	return lower_op2(L, opc, a->width, a, b);
}

struct ir_op *lower_cmp(struct lower *L, enum ir_opcode opc, struct ir_op *a,
			struct ir_op *b)
{
	return lower_op2(L, opc, 1, a, b);
}

struct ir_op *lower_select(struct lower *L, struct ir_op *c, struct ir_op *t,
			   struct ir_op *f)
{
	struct ir_op *op = lower_op(L, IR_SELECT, t->width, 3);
	op->args[0] = c;
	op->args[1] = t;
	op->args[2] = f;
	return op;
}

struct ir_op *lower_resize(struct lower *L, enum ir_opcode opc,
			   struct ir_op *a, unsigned width)
{
	if (a->width == width)
		return a;
	return lower_op1(L, opc, width, a);
}

struct ir_op *lower_extract(struct lower *L, struct ir_op *a, unsigned lo,
			    unsigned width)
{
	if (lo == 0 && width == a->width)
		return a;
	struct ir_op *op = lower_op1(L, IR_EXTRACT, width, a);
	op->index = lo;
	return op;
}

struct ir_op *lower_concat(struct lower *L, struct ir_op *hi, struct ir_op *lo)
{
	return lower_op2(L, IR_CONCAT, hi->width + lo->width, hi, lo);
}

struct ir_op *lower_imm(struct lower *L, unsigned width, uint64_t v)
{
	struct ir_op *op = ir_const(L->ctx, L->k, L->b, width, v);
	op->loc = L->loc;
	return op;
}
