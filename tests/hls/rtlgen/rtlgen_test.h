/*
 * rtlgen_test.h -- helpers shared by the back end's test programs
 * (test_rtlgen.c, test_rtlgen_sim.c): IR building shortcuts, a hand-made
 * schedule, running rtlgen into a temporary directory, and running
 * verilator / iverilog / yosys on the result.
 *
 * Static functions in a header: each test program is one translation unit
 * linked against the compiler's objects.
 */
#ifndef SLUICE_RTLGEN_TEST_H
#define SLUICE_RTLGEN_TEST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/ir.h"
#include "rtlgen/rtlgen.h"
#include "sched/schedule.h"

/* ---- results ---------------------------------------------------------- */

struct results {
	unsigned passed, failed;
};

static inline void report(struct results *r, const char *name, int ok)
{
	printf("%s %s\n", ok ? "PASS" : "FAIL", name);
	fflush(stdout);
	if (ok)
		r->passed++;
	else
		r->failed++;
}

static inline int finish(struct results *r)
{
	printf("%u passed, %u failed\n", r->passed, r->failed);
	return r->failed ? 1 : 0;
}

/* ---- building IR ------------------------------------------------------ */

struct tk {
	struct hls_ctx *ctx;
	struct ir_kernel *k;
	const char *file; /* source file named in locations */
	unsigned line;	  /* line given to the next ops */
};

static inline struct ir_pipe *mk_pipe(struct hls_ctx *ctx, struct ir_program *p,
			       const char *name, const char *type, unsigned width,
			       int mincap, enum ir_pipe_kind kind, enum ir_pipe_dir dir)
{
	struct ir_pipe *pipe = arena_alloc(&ctx->arena, sizeof *pipe);
	pipe->name = name;
	pipe->type = type;
	pipe->width = width;
	pipe->min_capacity = mincap;
	pipe->kind = kind;
	pipe->dir = dir;
	VEC_PUSH(&ctx->arena, p->pipes, p->npipes, pipe);
	return pipe;
}

static inline struct tk mk_kernel(struct hls_ctx *ctx, struct ir_program *p,
			   const char *name, enum ir_kernel_kind kind, const char *file)
{
	struct tk t = {ctx, ir_kernel_new(ctx, p, name, kind), file, 1};
	t.k->loc = (struct ir_loc){file, 1, 1};
	return t;
}

static inline void mk_param(struct tk *t, const char *name, unsigned width, bool sgn)
{
	struct ir_param prm = {.name = name, .width = width, .is_signed = sgn,
			       .size = (width + 7) / 8};
	VEC_PUSH(&t->ctx->arena, t->k->params, t->k->nparams, prm);
}

static inline struct ir_state *mk_state(struct tk *t, const char *name, unsigned width,
				 uint64_t init)
{
	struct ir_state *st = arena_alloc(&t->ctx->arena, sizeof *st);
	st->name = name;
	st->width = width;
	st->init = arena_alloc(&t->ctx->arena, ((width + 63) / 64) * 8);
	st->init[0] = init;
	VEC_PUSH(&t->ctx->arena, t->k->states, t->k->nstates, st);
	return st;
}

static inline struct ir_op *op_n(struct tk *t, struct ir_block *b, enum ir_opcode opc,
			  unsigned width, const char *name, unsigned nargs, ...)
{
	struct ir_op *op = ir_op_new(t->ctx, t->k, b, opc, width, nargs);
	va_list ap;
	va_start(ap, nargs);
	for (unsigned i = 0; i < nargs; i++)
		op->args[i] = va_arg(ap, struct ir_op *);
	va_end(ap);
	op->name = name;
	op->loc = (struct ir_loc){t->file, t->line, 1};
	return op;
}

#define OP0(t, b, opc, w, name) op_n(t, b, opc, w, name, 0)
#define OP1(t, b, opc, w, name, a) op_n(t, b, opc, w, name, 1, a)
#define OP2(t, b, opc, w, name, a, c) op_n(t, b, opc, w, name, 2, a, c)
#define OP3(t, b, opc, w, name, a, c, d) op_n(t, b, opc, w, name, 3, a, c, d)

static inline struct ir_op *k_const(struct tk *t, struct ir_block *b, unsigned w, uint64_t v)
{
	struct ir_op *op = ir_const(t->ctx, t->k, b, w, v);
	op->loc = (struct ir_loc){t->file, t->line, 1};
	return op;
}

static inline struct ir_op *k_arg(struct tk *t, struct ir_block *b, unsigned index)
{
	struct ir_op *op = OP0(t, b, IR_ARG, t->k->params[index].width,
			       t->k->params[index].name);
	op->index = index;
	return op;
}

static inline struct ir_op *k_extract(struct tk *t, struct ir_block *b, struct ir_op *a,
			       unsigned lo, unsigned w)
{
	struct ir_op *op = OP1(t, b, IR_EXTRACT, w, NULL, a);
	op->index = lo;
	return op;
}

static inline struct ir_op *k_read(struct tk *t, struct ir_block *b, struct ir_pipe *p,
			    const char *name)
{
	struct ir_op *op = OP0(t, b, IR_PIPE_READ, p->width, name);
	op->pipe = p;
	return op;
}

static inline struct ir_op *k_read_nb(struct tk *t, struct ir_block *b, struct ir_pipe *p,
			       const char *name)
{
	struct ir_op *op = OP0(t, b, IR_PIPE_READ_NB, p->width + 1, name);
	op->pipe = p;
	return op;
}

static inline struct ir_op *k_write(struct tk *t, struct ir_block *b, struct ir_pipe *p,
			     struct ir_op *v)
{
	struct ir_op *op = OP1(t, b, IR_PIPE_WRITE, 0, NULL, v);
	op->pipe = p;
	return op;
}

static inline struct ir_op *k_write_nb(struct tk *t, struct ir_block *b, struct ir_pipe *p,
				struct ir_op *v, const char *name)
{
	struct ir_op *op = OP1(t, b, IR_PIPE_WRITE_NB, 1, name, v);
	op->pipe = p;
	return op;
}

/* A phi with `n` incoming slots; fill with phi_in. */
static inline struct ir_op *k_phi(struct tk *t, struct ir_block *b, unsigned w,
			   const char *name, unsigned n)
{
	struct ir_op *op = ir_op_new(t->ctx, t->k, b, IR_PHI, w, n);
	op->name = name;
	op->loc = (struct ir_loc){t->file, t->line, 1};
	op->phi_blocks = arena_alloc(&t->ctx->arena, n * sizeof *op->phi_blocks);
	return op;
}

static inline void phi_in(struct ir_op *phi, unsigned i, struct ir_op *v, struct ir_block *from)
{
	phi->args[i] = v;
	phi->phi_blocks[i] = from;
}

static inline struct ir_op *k_term(struct tk *t, struct ir_block *b, enum ir_opcode opc,
			    struct ir_op *cond, unsigned nsuccs, ...)
{
	struct ir_op *op = ir_op_new(t->ctx, t->k, b, opc, 0, cond ? 1 : 0);
	if (cond)
		op->args[0] = cond;
	op->loc = (struct ir_loc){t->file, t->line, 1};
	op->nsuccs = nsuccs;
	op->succs = arena_alloc(&t->ctx->arena, (nsuccs + 1) * sizeof *op->succs);
	va_list ap;
	va_start(ap, nsuccs);
	for (unsigned i = 0; i < nsuccs; i++)
		op->succs[i] = va_arg(ap, struct ir_block *);
	va_end(ap);
	return op;
}

#define K_BR(t, b, to) k_term(t, b, IR_BR, NULL, 1, to)
#define K_CONDBR(t, b, c, yes, no) k_term(t, b, IR_CONDBR, c, 2, yes, no)
#define K_RET(t, b) k_term(t, b, IR_RET, NULL, 0)

/* ---- schedules by hand ------------------------------------------------ */

/* Every op in cycle 0 with latency 0; set cycles with AT, then sched_done
 * sizes the blocks and puts each terminator in its block's last state. */
static inline struct sched_kernel *sched_new(struct hls_ctx *ctx, struct hls_schedule *s,
				      struct ir_program *p, struct ir_kernel *k)
{
	if (s->nkernels < p->nkernels) { /* kernels added since the last call */
		struct sched_kernel *v = arena_alloc(&ctx->arena, p->nkernels * sizeof *v);
		if (s->nkernels)
			memcpy(v, s->kernels, s->nkernels * sizeof *v);
		s->kernels = v;
		s->nkernels = p->nkernels;
		s->clock_ns = 10;
	}
	unsigned i = 0;
	while (p->kernels[i] != k)
		i++;
	struct sched_kernel *sk = &s->kernels[i];
	sk->kernel = k;
	sk->cycle = arena_alloc(&ctx->arena, k->nops_total * sizeof(unsigned));
	sk->latency = arena_alloc(&ctx->arena, k->nops_total * sizeof(unsigned));
	sk->arrival = arena_alloc(&ctx->arena, k->nops_total * sizeof(double));
	sk->block_len = arena_alloc(&ctx->arena, k->nblocks * sizeof(unsigned));
	sk->ii = arena_alloc(&ctx->arena, k->nblocks * sizeof(unsigned));
	sk->seq_len = arena_alloc(&ctx->arena, k->nblocks * sizeof(unsigned));
	sk->limit = arena_alloc(&ctx->arena, k->nblocks * sizeof(char *));
	sk->bypass = arena_alloc(&ctx->arena, (k->nops_total + 1) * sizeof(bool));
	sk->ii_asked = arena_alloc(&ctx->arena, k->nblocks * sizeof(unsigned));
	return sk;
}

static inline void AT(struct sched_kernel *sk, struct ir_op *op, unsigned cycle, unsigned lat)
{
	sk->cycle[op->id] = cycle;
	sk->latency[op->id] = lat;
}

static inline void sched_done(struct sched_kernel *sk)
{
	struct ir_kernel *k = sk->kernel;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		unsigned len = 1;
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (op->opc == IR_PHI || ir_is_terminator(op->opc))
				continue;
			unsigned end = sk->cycle[op->id] + sk->latency[op->id] + 1;
			if (end > len)
				len = end;
		}
		sk->block_len[b] = len;
		sk->cycle[ir_terminator(blk)->id] = len - 1;
	}
}

/* ---- files and tools -------------------------------------------------- */

static inline char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	size_t got = fread(s, 1, (size_t)n, f);
	s[got] = 0;
	fclose(f);
	return s;
}

static inline void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* The directory holding the rtl/ library (sluice_fifo.v, the bridge, ...). */
static inline const char *rtl_dir(void)
{
	static char buf[4096];
	const char *home = getenv("SLUICE_HOME");
	if (home) {
		snprintf(buf, sizeof buf, "%s/rtl", home);
		return buf;
	}
	const char *up[] = {".", "..", "../..", "../../..", "../../../.."};
	for (unsigned i = 0; i < sizeof up / sizeof *up; i++) {
		snprintf(buf, sizeof buf, "%s/rtl/sluice_fifo.v", up[i]);
		if (!access(buf, R_OK)) {
			snprintf(buf, sizeof buf, "%s/rtl", up[i]);
			return buf;
		}
	}
	return NULL;
}

/* Runs a shell command with its output in `log`; 0 when it exits 0 and
 * (if `quiet`) prints nothing. On failure the log goes to stdout. */
static inline int run(const char *cmd, const char *log, bool quiet)
{
	char *full = malloc(strlen(cmd) + strlen(log) + 32);
	sprintf(full, "(%s) >%s 2>&1", cmd, log);
	int rc = system(full);
	free(full);
	char *out = read_text(log);
	bool ok = rc == 0 && (!quiet || !out || !*out);
	if (!ok) {
		printf("  command failed: %s\n%s", cmd, out ? out : "");
	}
	free(out);
	return ok ? 0 : -1;
}

/* A fresh temporary directory for one test. */
static inline char *tmp_dir(const char *name)
{
	char *d = malloc(256);
	snprintf(d, 256, "/tmp/sluice-rtlgen-%s-XXXXXX", name);
	if (!mkdtemp(d)) {
		perror("mkdtemp");
		exit(2);
	}
	return d;
}

static inline void rm_dir(const char *d)
{
	if (getenv("SLUICE_KEEP_TMP"))
		return;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
	if (system(cmd)) {
	}
}

/* "dir/a.v dir/b.v rtl/sluice_fifo.v ..." for the design just written. */
static inline char *design_files(const char *dir, const struct rtl_files *files)
{
	const char *rtl = rtl_dir();
	size_t n = 64;
	for (unsigned i = 0; i < files->ngenerated; i++)
		n += strlen(dir) + strlen(files->generated[i]) + 4;
	for (unsigned i = 0; i < files->nlibrary; i++)
		n += (rtl ? strlen(rtl) : 0) + strlen(files->library[i]) + 4;
	char *s = calloc(1, n);
	for (unsigned i = 0; i < files->ngenerated; i++)
		sprintf(s + strlen(s), "%s/%s ", dir, files->generated[i]);
	for (unsigned i = 0; i < files->nlibrary; i++)
		sprintf(s + strlen(s), "%s/%s ", rtl ? rtl : "rtl", files->library[i]);
	return s;
}

/* verilator -Wall (sluice_core and sluice_top each as the top module),
 * iverilog and yosys all accept the design silently. */
static inline int lint_design(const char *dir, const struct rtl_files *files)
{
	char *fl = design_files(dir, files);
	size_t n = strlen(fl) + 512;
	char *cmd = malloc(n), *log = malloc(strlen(dir) + 32);
	int rc = 0;
	snprintf(cmd, n, "verilator --lint-only -Wall --top-module sluice_core %s", fl);
	sprintf(log, "%s/verilator_core.log", dir);
	rc |= run(cmd, log, true);
	snprintf(cmd, n, "verilator --lint-only -Wall --top-module sluice_top %s", fl);
	sprintf(log, "%s/verilator.log", dir);
	rc |= run(cmd, log, true);
	snprintf(cmd, n, "iverilog -g2012 -s sluice_top -s sluice_core -o %s/a.out %s", dir, fl);
	sprintf(log, "%s/iverilog.log", dir);
	rc |= run(cmd, log, true);
	/* yosys -q still prints warnings; both they and a failure fail */
	snprintf(cmd, n, "out=$(yosys -q -p 'read_verilog %s; hierarchy -check -top sluice_top; "
		 "proc; opt_clean' 2>&1); rc=$?; printf %%s \"$out\"; "
		 "test $rc -eq 0 && ! echo \"$out\" | grep -qi -e warning -e error", fl);
	sprintf(log, "%s/yosys.log", dir);
	rc |= run(cmd, log, true);
	free(fl);
	free(cmd);
	free(log);
	return rc;
}

/* Simulates tb.v (module tb) with the design in Icarus; passes when the
 * output has "TB PASS" and no "FAIL". */
static inline int simulate(const char *dir, const struct rtl_files *files, const char *tb)
{
	char *fl = design_files(dir, files);
	size_t n = strlen(fl) + 1024;
	char *cmd = malloc(n), *log = malloc(strlen(dir) + 32);
	char tbpath[512];
	snprintf(tbpath, sizeof tbpath, "%s/tb.v", dir);
	write_text(tbpath, tb);
	snprintf(cmd, n, "iverilog -g2012 -s tb -o %s/sim.vvp %s %s && vvp -n %s/sim.vvp",
		 dir, tbpath, fl, dir);
	sprintf(log, "%s/sim.log", dir);
	int rc = run(cmd, log, false);
	char *out = read_text(log);
	if (!rc && (!out || !strstr(out, "TB PASS") || strstr(out, "FAIL"))) {
		printf("  simulation did not pass:\n%s", out ? out : "");
		rc = -1;
	}
	free(out);
	free(fl);
	free(cmd);
	free(log);
	return rc;
}

/* Text of a generated file, or NULL. */
static inline char *gen_text(const char *dir, const char *fname)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, fname);
	return read_text(path);
}

#endif /* SLUICE_RTLGEN_TEST_H */
