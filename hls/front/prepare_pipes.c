/*
 * prepare_pipes.c -- every declaration of one pipe name agrees.
 *
 * A pipe's identity is its name; its type is (data type, MinCapacity) and
 * its kind and direction come with the declaring macro.  The same name
 * declared in two files (or twice in one) must agree on the type string
 * (as written, blanks ignored), the size, MinCapacity, kind and direction;
 * otherwise the later declaration gets an error naming both and a note
 * points at the earlier one.  This is the C counterpart of the pipes
 * spec's "different template arguments make a different pipe", made a
 * diagnostic instead of a silent second pipe.
 *
 * Also: a global in section "sluice.pipes" that is not a well-formed
 * descriptor is an error (someone put their own variable there).
 * After this check front_lower may build one ir_pipe per name.
 */
#include "prepare.h"

#include <ctype.h>
#include <string.h>

static const char *kind_text(int kind, int dir)
{
	switch (kind) {
	case 0: return "kernel pipe";
	case 1: return dir == 1 ? "host pipe, host to device"
		: dir == 2 ? "host pipe, device to host" : "host pipe";
	case 2: return dir == 3 ? "I/O pipe in" : dir == 4 ? "I/O pipe out"
			 : "I/O pipe";
	default: return "pipe of unknown kind";
	}
}

static bool same_type_text(const char *a, const char *b)
{
	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

static const char *describe(struct hls_ctx *ctx, const struct front_pipe_desc *d)
{
	return arena_printf(&ctx->arena, "%s, MinCapacity %d, %s", d->type,
			    d->min_capacity, kind_text(d->kind, d->dir));
}

unsigned front_check_pipe_decls(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	struct front_pipe_desc *seen = NULL;
	unsigned nseen = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		const char *sec = LLVMGetSection(g);
		if (!sec || strcmp(sec, "sluice.pipes"))
			continue;
		struct front_pipe_desc d;
		if (!front_pipe_desc_read(ctx, g, &d)) {
			diag_error(&ctx->diag, front_loc(ctx, g),
				   "'%s' is in section \"sluice.pipes\" but is not a "
				   "pipe declared with SLUICE_PIPE and friends",
				   front_c_name(ctx, g));
			continue;
		}
		const struct front_pipe_desc *prev = NULL;
		for (unsigned i = 0; i < nseen && !prev; i++)
			if (!strcmp(seen[i].name, d.name))
				prev = &seen[i];
		if (!prev) {
			VEC_PUSH(&ctx->arena, seen, nseen, d);
			continue;
		}
		if (same_type_text(prev->type, d.type) && prev->size == d.size &&
		    prev->min_capacity == d.min_capacity &&
		    prev->kind == d.kind && prev->dir == d.dir)
			continue;
		diag_error(&ctx->diag, d.loc,
			   "pipe '%s' is declared with a different type here (%s) "
			   "than elsewhere (%s); one name is one pipe",
			   d.name, describe(ctx, &d), describe(ctx, prev));
		diag_note(&ctx->diag, prev->loc, "the other declaration of '%s' is here",
			  d.name);
	}
	return ctx->diag.errors - errors0;
}
