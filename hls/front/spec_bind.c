/*
 * spec_bind.c -- binds each specialization constant before the pass
 * pipeline, as `sluice build` was asked (front_opts.spec_binds):
 *
 *   - folded (every constant not named by --spec-register): the value
 *     global becomes constant, with the default or, for --spec
 *     NAME=VALUE, VALUE as its initializer; SCCP/globalopt/instcombine
 *     then fold every read, as for any const table;
 *   - register (--spec-register NAME, or all): every load of the value
 *     global becomes
 *         %v = call iN @sluice.spec.NAME()
 *     a declared function with memory(none), nounwind, willreturn and
 *     nosync: LLVM may merge, hoist or drop such calls but never fold
 *     them to a value.  front_lower turns them into IR_SPEC, which reads
 *     the kernel's spec_NAME port.  The global keeps its initializer (the
 *     register's reset value) and its use by the descriptor.
 *
 * The value globals are found through the descriptors (section
 * "sluice.specdesc"); with several sources one name has one value global
 * per file, all bound alike.  Reports: a name that no source declares; a
 * VALUE that is not a number or does not fit the constant's C type; a
 * register-bound constant whose address is taken (it can only be read).
 * Descriptors that are malformed are left to lower_specs, which reports
 * them.  Runs after inlining (so every read is in a kernel) and before
 * lower_pipes and state.c (which leave "sluice.*" globals alone).
 */
#include "prepare.h"

#include <llvm-c/DebugInfo.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_unsigned_type(const char *t)
{
	return t[0] == 'u' || strstr(t, "unsigned") || !strcmp(t, "bool") ||
	       !strcmp(t, "_Bool");
}

/* VALUE for a constant of C type `type` and `size` bytes, checked against
 * the type's range; false (after an error) when it does not fit. */
static bool parse_value(struct hls_ctx *ctx, const struct front_spec_desc *s,
			const char *text, uint64_t *out)
{
	struct ir_loc none = {0};
	unsigned bits = 8 * s->size;
	bool is_bool = !strcmp(s->type, "bool") || !strcmp(s->type, "_Bool");
	if (is_bool && (!strcmp(text, "true") || !strcmp(text, "false"))) {
		*out = text[0] == 't';
		return true;
	}
	char *end;
	errno = 0;
	bool neg = text[0] == '-';
	long long sv = 0;
	unsigned long long uv = 0;
	if (neg)
		sv = strtoll(text, &end, 0);
	else
		uv = strtoull(text, &end, 0);
	if (!*text || *end || end == text) {
		diag_error(&ctx->diag, none, "--spec %s=%s: '%s' is not a number",
			   s->name, text, text);
		return false;
	}
	bool fits;
	if (errno == ERANGE)
		fits = false;
	else if (is_bool)
		fits = !neg && uv <= 1;
	else if (is_unsigned_type(s->type))
		fits = !neg && (bits >= 64 || uv < (1ull << bits));
	else if (neg)
		fits = bits >= 64 || sv >= -(1ll << (bits - 1));
	else
		fits = bits >= 64 ? uv <= (unsigned long long)INT64_MAX
				  : uv < (1ull << (bits - 1));
	if (!fits) {
		diag_error(&ctx->diag, none, "--spec %s=%s: the value does not fit "
			   "the constant's type %s (%u bits, %s)", s->name, text,
			   s->type, bits, is_bool ? "0 or 1" :
			   is_unsigned_type(s->type) ? "unsigned" : "signed");
		return false;
	}
	uint64_t v = neg ? (uint64_t)sv : (uint64_t)uv;
	*out = bits >= 64 ? v : v & ((1ull << bits) - 1);
	return true;
}

/* The binding asked for `name`: the index of its --spec bind (the last
 * one), or -1; *reg: whether it is register-bound. */
static int bind_of(const struct front_opts *o, const char *name, bool *reg)
{
	int value = -1;
	*reg = false;
	for (unsigned i = 0; i < o->nspec_binds; i++) {
		const struct front_spec_bind *b = &o->spec_binds[i];
		if (b->value && !strcmp(b->name, name))
			value = (int)i;
		else if (!b->value && (!strcmp(b->name, name) || !strcmp(b->name, "all")))
			*reg = true;
	}
	return value;
}

bool front_spec_register(const struct front_opts *o, const char *name)
{
	bool reg;
	bind_of(o, name, &reg);
	return reg;
}

static LLVMValueRef spec_function(struct hls_ctx *ctx, LLVMModuleRef m,
				  const struct front_spec_desc *s, LLVMTypeRef t)
{
	const char *fname = arena_printf(&ctx->arena, "sluice.spec.%s", s->name);
	LLVMValueRef fn = LLVMGetNamedFunction(m, fname);
	if (fn)
		return fn;
	LLVMContextRef lc = LLVMGetModuleContext(m);
	fn = LLVMAddFunction(m, fname, LLVMFunctionType(t, NULL, 0, false));
	static const char *const attrs[] = {"nounwind", "willreturn", "nosync", "memory"};
	for (unsigned i = 0; i < 4; i++) {
		unsigned kind = LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i]));
		/* memory(none): the encoded MemoryEffects 0 */
		LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
					LLVMCreateEnumAttribute(lc, kind, 0));
	}
	return fn;
}

/* Every load of s->value becomes a call of @sluice.spec.NAME. */
static unsigned to_register(struct hls_ctx *ctx, LLVMModuleRef m, LLVMBuilderRef b,
			    const struct front_spec_desc *s)
{
	unsigned errors = 0;
	LLVMTypeRef t = LLVMGlobalGetValueType(s->value);
	LLVMValueRef fn = spec_function(ctx, m, s, t);
	LLVMUseRef u = LLVMGetFirstUse(s->value);
	while (u) {
		LLVMValueRef user = LLVMGetUser(u);
		u = LLVMGetNextUse(u);
		if (LLVMIsALoadInst(user) && LLVMTypeOf(user) == t) {
			LLVMPositionBuilderBefore(b, user);
			LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn,
							   NULL, 0, "");
			LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(user));
			LLVMReplaceAllUsesWith(user, call);
			LLVMInstructionEraseFromParent(user);
		} else if (LLVMIsAInstruction(user)) {
			diag_error(&ctx->diag, front_loc(ctx, user),
				   "specialization constant '%s' is bound to a register "
				   "(--spec-register) and can only be read here", s->name);
			errors++;
		}
		/* constants (the descriptor) keep their use */
	}
	return errors;
}

unsigned front_bind_specs(struct hls_ctx *ctx, LLVMModuleRef m, const struct front_opts *o)
{
	unsigned errors = 0;
	struct front_spec_desc *specs = NULL;
	unsigned n = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		const char *sec = LLVMGetSection(g);
		struct front_spec_desc s;
		if (sec && !strcmp(sec, "sluice.specdesc") && !LLVMIsDeclaration(g) &&
		    front_spec_desc_read(ctx, g, &s))
			VEC_PUSH(&ctx->arena, specs, n, s);
	}
	/* each bind names a declared constant; each VALUE fits its type */
	uint64_t *values = arena_alloc(&ctx->arena, (o->nspec_binds + 1) * sizeof *values);
	for (unsigned i = 0; i < o->nspec_binds; i++) {
		const struct front_spec_bind *b = &o->spec_binds[i];
		int found = -1;
		for (unsigned j = 0; j < n && found < 0; j++)
			if (!strcmp(specs[j].name, b->name))
				found = (int)j;
		if (found >= 0 || (!b->value && !strcmp(b->name, "all"))) {
			if (b->value && !parse_value(ctx, &specs[found], b->value, &values[i]))
				errors++;
			continue;
		}
		const char *list = "";
		for (unsigned j = 0; j < n; j++) {
			bool dup = false;
			for (unsigned k = 0; k < j && !dup; k++)
				dup = !strcmp(specs[k].name, specs[j].name);
			if (!dup)
				list = arena_printf(&ctx->arena, "%s%s'%s'", list,
						    *list ? ", " : "", specs[j].name);
		}
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "%s %s: no specialization constant named '%s' in the "
			   "sources (%s%s)", b->value ? "--spec" : "--spec-register",
			   b->value ? arena_printf(&ctx->arena, "%s=%s", b->name, b->value)
				    : b->name, b->name,
			   n ? "they declare " : "they declare none", list);
		errors++;
	}
	if (errors)
		return errors;

	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
	for (unsigned i = 0; i < n; i++) {
		const struct front_spec_desc *s = &specs[i];
		bool reg;
		int set = bind_of(o, s->name, &reg);
		LLVMTypeRef t = LLVMGlobalGetValueType(s->value);
		if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
		    LLVMGetIntTypeWidth(t) != 8 * s->size) {
			if (set >= 0 || reg) {
				diag_error(&ctx->diag, front_loc(ctx, s->value),
					   "specialization constant '%s' of type %s: only "
					   "integer constants can be set or bound to a "
					   "register", s->name, s->type);
				errors++;
			}
			LLVMSetGlobalConstant(s->value, true);
			continue;
		}
		if (set >= 0)
			LLVMSetInitializer(s->value, LLVMConstInt(t, values[set], false));
		if (reg)
			errors += to_register(ctx, m, b, s);
		else
			LLVMSetGlobalConstant(s->value, true);
	}
	LLVMDisposeBuilder(b);
	return errors;
}
