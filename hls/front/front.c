/*
 * front.c -- front_compile(): the front end from C files to a checked
 * sluice IR program.
 *
 *   clang + link (clang.c) -> pipe declarations agree (prepare_pipes.c) and
 *   the C is supported (prepare.c) -> always-inline (optimize.c) ->
 *   spec constants bound (spec_bind.c) ->
 *   lower_pipes.c -> pointers.c -> state.c -> the hardware pass pipeline
 *   (optimize.c) ->
 *   front_lower (lower*.c) -> link_check (hls/pass/link_check.c)
 *
 * Each stage reports every error it finds; the first stage that reported
 * any stops the compilation, and front_compile returns NULL.  LLVM's own
 * diagnostics (a symbol defined in two files, a pass warning) arrive
 * through the context's diagnostic handler and become sluice diagnostics.
 * The LLVM context lives only inside this call: the returned program is in
 * the ctx arena.  With --dump-ir the intermediate LLVM module (the input of
 * front_lower) is written as NN-front.ll (or printed).
 */
#include "prepare.h"

#include <stdio.h>
#include <string.h>

static void on_llvm_diag(LLVMDiagnosticInfoRef di, void *arg)
{
	struct hls_ctx *ctx = arg;
	LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
	if (sev != LLVMDSError && sev != LLVMDSWarning)
		return;
	char *desc = LLVMGetDiagInfoDescription(di);
	if (sev == LLVMDSError)
		diag_error(&ctx->diag, (struct ir_loc){0}, "%s", desc ? desc : "?");
	else
		diag_warning(&ctx->diag, (struct ir_loc){0}, "%s", desc ? desc : "?");
	LLVMDisposeMessage(desc);
}

static void dump_module(struct hls_ctx *ctx, LLVMModuleRef m)
{
	if (ctx->dump_stdout) {
		char *s = LLVMPrintModuleToString(m);
		printf(";; ---- after front (intermediate LLVM form) ----\n%s", s);
		LLVMDisposeMessage(s);
	} else if (ctx->dump_dir) {
		const char *path = arena_printf(&ctx->arena, "%s/%02u-front.ll",
						ctx->dump_dir, ++ctx->dump_seq);
		char *err = NULL;
		if (LLVMPrintModuleToFile(m, path, &err))
			diag_warning(&ctx->diag, (struct ir_loc){0}, "cannot write '%s': %s",
				     path, err ? err : "?");
		LLVMDisposeMessage(err);
	}
}

struct ir_program *front_compile(struct hls_ctx *ctx, const struct front_opts *o)
{
	unsigned errors0 = ctx->diag.errors;
	struct ir_program *p = NULL;
	LLVMContextRef lc = LLVMContextCreate();
	LLVMContextSetDiagnosticHandler(lc, on_llvm_diag, ctx);
	LLVMModuleRef m = NULL;

	if (front_clang(ctx, lc, o, &m) || !m)
		goto out;
	/* both checks report everything before stopping */
	unsigned bad = front_check_pipe_decls(ctx, m);
	bad += front_prepare(ctx, m);
	if (bad)
		goto out;
	if (front_inline(ctx, m) || front_bind_specs(ctx, m, o))
		goto out;
	bad = front_lower_pipes(ctx, m);
	bad += front_pointers(ctx, m); /* independent: report all three */
	bad += front_state(ctx, m);
	if (bad || front_optimize(ctx, m))
		goto out;
	if (ctx->dump_dir || ctx->dump_stdout)
		dump_module(ctx, m);

	p = front_lower(ctx, m, o->module_name ? o->module_name : "sluice");
	if (!p || ctx->diag.errors > errors0)
		goto out;
	for (unsigned i = 0; i < p->nspecs; i++)
		if (front_spec_register(o, p->specs[i]->name))
			p->specs[i]->binding = SPEC_REGISTER;
	if (!p->nsources) {
		for (unsigned i = 0; i < o->nsources; i++)
			VEC_PUSH(&ctx->arena, p->sources, p->nsources,
				 arena_strdup(&ctx->arena, o->sources[i]));
	}
	link_check(ctx, p);
out:
	if (m)
		LLVMDisposeModule(m);
	LLVMContextDispose(lc);
	return ctx->diag.errors > errors0 ? NULL : p;
}
