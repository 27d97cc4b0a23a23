/*
 * front.h -- the front end: C sources -> clang-19 -> LLVM bitcode -> a
 * hardware-minded LLVM pass pipeline -> sluice IR.
 */
#ifndef SLUICE_FRONT_H
#define SLUICE_FRONT_H

#include "../ir/ir.h"

struct front_opts {
	const char **sources;	/* C files */
	unsigned nsources;
	const char **cflags;	/* extra clang flags (-D, -I) */
	unsigned ncflags;
	const char *clang;	/* clang executable; NULL: $SLUICE_CLANG or clang-19 */
	const char *include_dir; /* where sluice.h lives */
	const char *module_name;
	/* specialization constant bindings (sluice build --spec,
	 * --spec-register); any other constant is folded with its default */
	const struct front_spec_bind *spec_binds;
	unsigned nspec_binds;
};

/* `--spec NAME=VALUE` (value set, folded) or `--spec-register NAME`
 * (register; NAME "all" for every constant). */
struct front_spec_bind {
	const char *name;
	const char *value;	/* NULL for a register binding */
};

/* Compiles, links and lowers the sources.  Every unsupported construct is
 * reported as `file:line:col: error: ...`; returns NULL when any error was
 * reported (ctx->diag.errors > 0), never crashes on a C file. */
struct ir_program *front_compile(struct hls_ctx *ctx, const struct front_opts *o);

/* Link-time checks of DESIGN.md section 4 (hls/pass/link_check.c): fills
 * pipe->reader/writer and reports every violation naming the pipe and the
 * kernels.  Returns the number of errors reported. */
unsigned link_check(struct hls_ctx *ctx, struct ir_program *p);

#endif /* SLUICE_FRONT_H */
