/*
 * clang.c -- C sources -> LLVM bitcode (clang-19) -> one linked module.
 *
 * Each source is compiled by running clang (o->clang, else $SLUICE_CLANG,
 * else "clang-19"; fork/exec, no shell) with the kernel flags of the brief:
 *
 *   -std=gnu11 -D__SLUICE_HLS__ -I INCLUDE [user -D/-I/-U] -g -O1
 *   -Xclang -disable-llvm-passes -fno-discard-value-names -funroll-loops
 *   -emit-llvm -c
 *
 * -funroll-loops only stops clang from tagging every loop with
 * llvm.loop.unroll.disable (its -O1 default), so that front_optimize may
 * fully unroll small loops; `#pragma nounroll` still works.
 * into a private temporary directory (mkdtemp; removed before returning).
 * clang's stderr is captured and copied to the diagnostics stream as it is
 * (it is already `file:line:col: error: ...` with the source line and
 * caret), except its closing "N errors generated." line, since the driver
 * prints its own count; each clang error or warning counts in ctx->diag.
 * A compile that fails without a message of its own is reported too.
 *
 * Every source is compiled (so the user sees the errors of all files), then
 * the bitcode files are read (LLVMParseBitcodeInContext2) and linked into
 * the first (LLVMLinkModules2).  Pipe descriptors are `internal` statics,
 * so the linker renames clashing ones ("samples.1"); a pipe's identity is
 * the name string in its descriptor, not the symbol.  Link errors (a
 * function defined in two files) arrive through the LLVM context's
 * diagnostic handler, which front.c installs.
 */
#include "front_internal.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *clang_path(const struct front_opts *o)
{
	if (o->clang && *o->clang)
		return o->clang;
	const char *env = getenv("SLUICE_CLANG");
	return env && *env ? env : "clang-19";
}

/* Copies clang's stderr to the diagnostics stream, counting its errors and
 * warnings and dropping its own summary line. */
static void relay_line(struct hls_ctx *ctx, const char *line, unsigned *nerr)
{
	FILE *out = ctx->diag.out ? ctx->diag.out : stderr;
	unsigned a, b;
	char w1[16], w2[16];
	if (strstr(line, " generated.") &&
	    (sscanf(line, "%u %15s generated.", &a, w1) == 2 ||
	     sscanf(line, "%u %15s and %u %15s generated.", &a, w1, &b, w2) == 4))
		return;
	if (strstr(line, ": error: ") || strstr(line, ": fatal error: ")) {
		ctx->diag.errors++;
		(*nerr)++;
	} else if (strstr(line, ": warning: ")) {
		ctx->diag.warnings++;
	}
	fputs(line, out);
}

static void relay_output(struct hls_ctx *ctx, int fd, unsigned *nerr)
{
	FILE *f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return;
	}
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0)
		relay_line(ctx, line, nerr);
	free(line);
	fclose(f);
}

/* Runs argv; returns its exit status, or -1 when it could not be started
 * (reported). */
static int run_clang(struct hls_ctx *ctx, char *const argv[], unsigned *nerr)
{
	int out[2], err[2];
	if (pipe(out))
		goto fail;
	if (pipe2(err, O_CLOEXEC)) {
		close(out[0]);
		close(out[1]);
		goto fail;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(out[0]);
		close(out[1]);
		close(err[0]);
		close(err[1]);
		goto fail;
	}
	if (pid == 0) {
		close(out[0]);
		close(err[0]);
		dup2(out[1], 1);
		dup2(out[1], 2);
		if (out[1] > 2)
			close(out[1]);
		execvp(argv[0], argv);
		int e = errno;
		ssize_t r = write(err[1], &e, sizeof e);
		(void)r;
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	relay_output(ctx, out[0], nerr);
	int e = 0;
	ssize_t got = read(err[0], &e, sizeof e);
	close(err[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got == (ssize_t)sizeof e) {
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "cannot run '%s': %s (set SLUICE_CLANG to a clang-19)",
			   argv[0], strerror(e));
		return -1;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	diag_error(&ctx->diag, (struct ir_loc){0}, "'%s' was killed by signal %d",
		   argv[0], WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return -1;
fail:
	diag_error(&ctx->diag, (struct ir_loc){0}, "cannot start '%s': %s",
		   argv[0], strerror(errno));
	return -1;
}

/* Compiles one source to `bc`; 0 on success. */
static int compile_one(struct hls_ctx *ctx, const struct front_opts *o,
		       const char *src, const char *bc)
{
	struct arena *a = &ctx->arena;
	const char **argv = NULL;
	unsigned n = 0;
	static const char *const fixed[] = {
		"-g", "-O1", "-Xclang", "-disable-llvm-passes",
		"-fno-discard-value-names", "-funroll-loops", "-emit-llvm", "-c",
		/* each float operation rounded on its own, as the host
		 * computes it (x86-64 without FMA): no a * b + c fused */
		"-ffp-contract=off",
	};
	VEC_PUSH(a, argv, n, clang_path(o));
	VEC_PUSH(a, argv, n, "-std=gnu11");
	VEC_PUSH(a, argv, n, "-D__SLUICE_HLS__");
	VEC_PUSH(a, argv, n, ctx->diag.color ? "-fcolor-diagnostics"
					     : "-fno-color-diagnostics");
	if (o->include_dir) {
		VEC_PUSH(a, argv, n, "-I");
		VEC_PUSH(a, argv, n, o->include_dir);
	}
	for (unsigned i = 0; i < o->ncflags; i++)
		VEC_PUSH(a, argv, n, o->cflags[i]);
	for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++)
		VEC_PUSH(a, argv, n, fixed[i]);
	VEC_PUSH(a, argv, n, src);
	VEC_PUSH(a, argv, n, "-o");
	VEC_PUSH(a, argv, n, bc);
	VEC_PUSH(a, argv, n, NULL);
	if (ctx->verbose) {
		FILE *out = ctx->diag.out ? ctx->diag.out : stderr;
		for (unsigned i = 0; argv[i]; i++)
			fprintf(out, "%s%s", i ? " " : "", argv[i]);
		fputc('\n', out);
	}

	unsigned nerr = 0;
	int rc = run_clang(ctx, (char *const *)argv, &nerr);
	if (rc < 0)
		return -1;
	if (rc != 0) {
		if (!nerr)
			diag_error(&ctx->diag, (struct ir_loc){.file = src},
				   "clang failed (exit status %d)", rc);
		return -1;
	}
	return 0;
}

static LLVMModuleRef read_bitcode(struct hls_ctx *ctx, LLVMContextRef lc,
				  const struct front_opts *o, const char *src,
				  const char *bc)
{
	LLVMMemoryBufferRef buf = NULL;
	char *msg = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(bc, &buf, &msg)) {
		diag_error(&ctx->diag, (struct ir_loc){.file = src},
			   "cannot read clang's output: %s", msg ? msg : "?");
		LLVMDisposeMessage(msg);
		return NULL;
	}
	LLVMModuleRef m = NULL;
	if (LLVMParseBitcodeInContext2(lc, buf, &m)) {
		diag_error(&ctx->diag, (struct ir_loc){.file = src},
			   "cannot parse clang's bitcode (is '%s' clang 19?)",
			   clang_path(o));
		m = NULL;
	}
	LLVMDisposeMemoryBuffer(buf);
	return m;
}

unsigned front_clang(struct hls_ctx *ctx, LLVMContextRef lc,
		     const struct front_opts *o, LLVMModuleRef *out)
{
	unsigned errors0 = ctx->diag.errors;
	*out = NULL;
	const char *tmp = getenv("TMPDIR");
	char *dir = arena_printf(&ctx->arena, "%s/sluice-XXXXXX",
				 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "cannot create a temporary directory '%s': %s", dir,
			   strerror(errno));
		return ctx->diag.errors - errors0;
	}
	const char **bcs = arena_alloc(&ctx->arena, (o->nsources + 1) * sizeof *bcs);
	bool ok = true;
	for (unsigned i = 0; i < o->nsources; i++) {
		bcs[i] = arena_printf(&ctx->arena, "%s/%u.bc", dir, i);
		if (compile_one(ctx, o, o->sources[i], bcs[i]))
			ok = false;
	}

	LLVMModuleRef linked = NULL;
	for (unsigned i = 0; ok && i < o->nsources; i++) {
		LLVMModuleRef m = read_bitcode(ctx, lc, o, o->sources[i], bcs[i]);
		if (!m) {
			ok = false;
			break;
		}
		if (!linked) {
			linked = m;
		} else if (LLVMLinkModules2(linked, m)) { /* consumes m */
			if (ctx->diag.errors == errors0)
				diag_error(&ctx->diag, (struct ir_loc){.file = o->sources[i]},
					   "cannot link this file with the others");
			else
				diag_note(&ctx->diag, (struct ir_loc){.file = o->sources[i]},
					  "while linking this file with the files before it "
					  "(give helpers that two files define 'static')");
			ok = false;
		}
	}
	for (unsigned i = 0; i < o->nsources; i++)
		unlink(bcs[i]);
	rmdir(dir);

	if (!ok || ctx->diag.errors > errors0) {
		if (linked)
			LLVMDisposeModule(linked);
		if (ctx->diag.errors == errors0)
			diag_error(&ctx->diag, (struct ir_loc){0}, "compilation failed");
		return ctx->diag.errors - errors0;
	}
	if (!linked) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "no input files");
		return ctx->diag.errors - errors0;
	}
	*out = linked;
	return 0;
}
