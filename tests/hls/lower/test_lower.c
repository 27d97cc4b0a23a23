/*
 * test_lower.c -- tests of hls/front/lower*.c: the intermediate LLVM form
 * -> sluice IR.
 *
 * Each tests/hls/lower/NAME.ll is a module in the intermediate form (hand
 * written, or compiled from NAME.c by regen.sh) whose comments say what
 * lowering it must give:
 *
 *   ; expect-op: TEXT        TEXT occurs in the printed IR (ir_print)
 *   ; expect-not: TEXT       TEXT does not occur in it
 *   ; expect-error: L: TEXT  an error at line L (or `*`: any) whose message
 *                            contains TEXT; then front_lower must fail
 *   ; expect-errors: N       exactly N errors
 *   ; expect-eval: A.. => W..  running the first kernel with arguments A..
 *                            (a small evaluator here, values of <= 64
 *                            bits; reads give 0, read_nb succeeds with 0;
 *                            memories start from their init)
 *                            writes the words W.. to its pipes, in order
 *
 * Without expect-error lines, front_lower must succeed with no error and
 * the IR must pass ir_verify.  Usage: test_lower [-v] [FILE.ll|DIR...];
 * with no file, the directory this source is in (as the compiler saw its
 * path: run from the top of the tree when `make` built it).  Prints one
 * line per failing file (all with -v, the IR too with -v -v) and
 * `N passed, N failed`.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../hls/front/front_internal.h"

static int verbose;

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	do {
		if (n + 4096 + 1 > cap) {
			cap = 2 * cap + 8192;
			buf = realloc(buf, cap);
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
	} while (got);
	fclose(f);
	buf[n] = 0;
	return buf;
}

/* Whether some error line of diag says `line` (0: any) and contains text. */
static bool has_error(const char *diag, unsigned line, const char *text)
{
	char pat[32];
	snprintf(pat, sizeof pat, ":%u:", line);
	for (const char *p = diag; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char *l = strndup(p, n);
		bool hit = strstr(l, "error: ") && strstr(l, text) &&
			   (!line || (strstr(l, pat) && strstr(l, pat) < strstr(l, "error: ")));
		free(l);
		if (hit)
			return true;
		p = e ? e + 1 : NULL;
	}
	return false;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
		s[--n] = 0;
	return s;
}

/* ---- a small evaluator of lowered IR (values of at most 64 bits) -------- */

struct eval {
	uint64_t *val; /* by op id */
	uint64_t out[64];
	unsigned nout;
	bool failed;
	const struct ir_kernel *k;
	uint64_t **mem; /* by index in k->mems: its words (of <= 64 bits) */
};

/* The word `idx` of memory m (NULL when idx is out of it). */
static uint64_t *mem_word(struct eval *e, const struct ir_mem *m, uint64_t idx)
{
	for (unsigned i = 0; i < e->k->nmems; i++)
		if (e->k->mems[i] == m)
			return idx < m->depth ? &e->mem[i][idx] : NULL;
	return NULL;
}

static uint64_t mask(uint64_t v, unsigned w)
{
	return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
}

static int64_t sx(uint64_t v, unsigned w)
{
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = UINT64_C(1) << (w - 1);
	return (int64_t)((mask(v, w) ^ m) - m);
}

static uint64_t eval_op(struct eval *e, const struct ir_op *op,
			const uint64_t *args)
{
	uint64_t a = op->nargs > 0 ? e->val[op->args[0]->id] : 0;
	uint64_t b = op->nargs > 1 ? e->val[op->args[1]->id] : 0;
	unsigned w = op->width, aw = op->nargs ? op->args[0]->width : 0;
	switch (op->opc) {
	case IR_CONST: return op->imm;
	case IR_ARG: return args[op->index];
	case IR_UNDEF: return 0;
	case IR_ADD: return a + b;
	case IR_SUB: return a - b;
	case IR_MUL: return a * b;
	case IR_UDIV: return b ? a / b : ~UINT64_C(0);
	case IR_UREM: return b ? a % b : a;
	case IR_SDIV:
		if (!b) return ~UINT64_C(0);
		if (sx(b, w) == -1) return (uint64_t)-sx(a, w);
		return (uint64_t)(sx(a, w) / sx(b, w));
	case IR_SREM:
		if (!b) return a;
		if (sx(b, w) == -1) return 0;
		return (uint64_t)(sx(a, w) % sx(b, w));
	case IR_AND: return a & b;
	case IR_OR: return a | b;
	case IR_XOR: return a ^ b;
	case IR_SHL: return b >= w ? 0 : a << b;
	case IR_LSHR: return b >= w ? 0 : a >> b;
	case IR_ASHR: return (uint64_t)(sx(a, w) >> (b >= w ? w - 1 : b));
	case IR_EQ: return a == b;
	case IR_NE: return a != b;
	case IR_ULT: return a < b;
	case IR_ULE: return a <= b;
	case IR_UGT: return a > b;
	case IR_UGE: return a >= b;
	case IR_SLT: return sx(a, aw) < sx(b, aw);
	case IR_SLE: return sx(a, aw) <= sx(b, aw);
	case IR_SGT: return sx(a, aw) > sx(b, aw);
	case IR_SGE: return sx(a, aw) >= sx(b, aw);
	case IR_ZEXT: case IR_TRUNC: return a;
	case IR_SEXT: return (uint64_t)sx(a, aw);
	case IR_EXTRACT: return a >> op->index;
	case IR_CONCAT: {
		uint64_t v = 0;
		for (unsigned i = 0; i < op->nargs; i++)
			v = (op->args[i]->width >= 64 ? 0 : v << op->args[i]->width) |
			    e->val[op->args[i]->id];
		return v;
	}
	case IR_SELECT: return a ? b : e->val[op->args[2]->id];
	case IR_CTPOP: return (uint64_t)__builtin_popcountll(a);
	case IR_CTLZ: {
		unsigned n = 0;
		for (unsigned i = w; i-- > 0 && !(a >> i & 1);) n++;
		return n;
	}
	case IR_CTTZ: {
		unsigned n = 0;
		for (unsigned i = 0; i < w && !(a >> i & 1); i++) n++;
		return n;
	}
	case IR_BSWAP: {
		uint64_t v = 0;
		for (unsigned i = 0; i < w / 8; i++)
			v |= (a >> (8 * i) & 0xff) << (w - 8 - 8 * i);
		return v;
	}
	case IR_BITREV: {
		uint64_t v = 0;
		for (unsigned i = 0; i < w; i++)
			v |= (a >> i & 1) << (w - 1 - i);
		return v;
	}
	case IR_PIPE_WRITE:
	case IR_PIPE_WRITE_NB:
		if (e->nout < 64)
			e->out[e->nout++] = a;
		return 1;
	case IR_PIPE_READ: return 0;
	case IR_PIPE_READ_NB: return UINT64_C(1) << (w - 1);
	case IR_STATE_LOAD: return op->state->init[0];
	case IR_MEM_LOAD: {
		uint64_t *w = mem_word(e, op->mem, a);
		return w ? *w : 0;
	}
	case IR_MEM_STORE: {
		uint64_t *w = mem_word(e, op->mem, a);
		if (w)
			*w = b;
		return 0;
	}
	default: return 0;
	}
}

/* Runs kernel k on args; the words written to any pipe land in e->out. */
static void eval_kernel(struct eval *e, struct ir_kernel *k, const uint64_t *args)
{
	e->val = calloc(k->nops_total + 1, sizeof *e->val);
	e->k = k;
	e->mem = calloc(k->nmems + 1, sizeof *e->mem);
	for (unsigned i = 0; i < k->nmems; i++) {
		const struct ir_mem *m = k->mems[i];
		e->mem[i] = calloc(m->depth + 1, sizeof **e->mem);
		if (m->width > 64)
			e->failed = true;
		for (unsigned j = 0; m->init && m->width <= 64 && j < m->depth; j++)
			e->mem[i][j] = m->init[j];
	}
	struct ir_block *b = k->blocks[0], *from = NULL;
	for (unsigned steps = 0; b && steps < 100000; steps++) {
		uint64_t phis[64];
		unsigned np = 0;
		for (unsigned i = 0; i < b->nops && b->ops[i]->opc == IR_PHI; i++) {
			const struct ir_op *op = b->ops[i];
			for (unsigned j = 0; j < op->nargs; j++)
				if (op->phi_blocks[j] == from && np < 64)
					phis[np] = e->val[op->args[j]->id];
			np++;
		}
		for (unsigned i = 0; i < np && i < 64; i++)
			e->val[b->ops[i]->id] = phis[i];
		struct ir_block *next = NULL;
		for (unsigned i = np; i < b->nops; i++) {
			const struct ir_op *op = b->ops[i];
			if (op->width > 64 || (op->nargs && op->args[0]->width > 64))
				e->failed = true;
			uint64_t a = op->nargs ? e->val[op->args[0]->id] : 0;
			if (op->opc == IR_BR)
				next = op->succs[0];
			else if (op->opc == IR_CONDBR)
				next = op->succs[a ? 0 : 1];
			else if (op->opc == IR_SWITCH) {
				next = op->succs[0];
				for (unsigned c = 1; c < op->nsuccs; c++)
					if (op->case_vals[c - 1] == a)
						next = op->succs[c];
			} else if (op->opc != IR_RET)
				e->val[op->id] = mask(eval_op(e, op, args), op->width);
		}
		from = b;
		b = next;
	}
	for (unsigned i = 0; i < k->nmems; i++)
		free(e->mem[i]);
	free(e->mem);
	free(e->val);
}

/* "; expect-eval: A0 A1 ... => W0 W1 ...": runs the first kernel. */
static bool check_eval(struct ir_program *p, char *spec, char *why, size_t nwhy)
{
	uint64_t args[16] = {0}, want[64];
	unsigned na = 0, nw = 0;
	char *arrow = strstr(spec, "=>");
	if (!arrow || !p || !p->nkernels) {
		snprintf(why, nwhy, "bad expect-eval line or no kernel");
		return false;
	}
	*arrow = 0;
	for (char *t = strtok(spec, " "); t && na < 16; t = strtok(NULL, " "))
		args[na++] = strtoull(t, NULL, 0);
	for (char *t = strtok(arrow + 2, " "); t && nw < 64; t = strtok(NULL, " "))
		want[nw++] = strtoull(t, NULL, 0);
	struct eval e = {0};
	eval_kernel(&e, p->kernels[0], args);
	bool ok = !e.failed && e.nout == nw;
	for (unsigned i = 0; ok && i < nw; i++)
		ok = e.out[i] == want[i];
	if (!ok) {
		int n = snprintf(why, nwhy, "eval%s gave", e.failed ? " (too wide)" : "");
		for (unsigned i = 0; i < e.nout && n > 0 && (size_t)n < nwhy; i++)
			n += snprintf(why + n, nwhy - (size_t)n, " %#llx",
				      (unsigned long long)e.out[i]);
	}
	return ok;
}

static bool run_file(const char *path)
{
	char *src = slurp(path);
	if (!src) {
		printf("FAIL %s: cannot read\n", path);
		return false;
	}
	LLVMContextRef lc = LLVMContextCreate();
	LLVMMemoryBufferRef buf =
		LLVMCreateMemoryBufferWithMemoryRangeCopy(src, strlen(src), path);
	LLVMModuleRef m = NULL;
	char *err = NULL;
	if (LLVMParseIRInContext(lc, buf, &m, &err)) { /* consumes buf */
		printf("FAIL %s: LLVM cannot parse it: %s\n", path, err ? err : "?");
		LLVMDisposeMessage(err);
		LLVMContextDispose(lc);
		free(src);
		return false;
	}

	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	char *diag = NULL, *ir = NULL;
	size_t ndiag = 0, nir = 0;
	FILE *df = open_memstream(&diag, &ndiag);
	ctx.diag.out = df;
	struct ir_program *p = front_lower(&ctx, m, "test");
	unsigned problems = p ? ir_verify(&ctx, p, "lower") : 0;
	FILE *irf = open_memstream(&ir, &nir);
	if (p)
		ir_print(p, irf);
	fclose(irf);
	fclose(df);
	unsigned errors = ctx.diag.errors;

	bool ok = true, want_errors = false;
	char why[512] = "";
	long want_count = -1;
	char *save = NULL;
	for (char *l = strtok_r(src, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *c = strstr(l, "; expect-");
		if (!c)
			continue;
		c += 2;
		if (!strncmp(c, "expect-op:", 10)) {
			char *t = trim(c + 10);
			if (!strstr(ir, t)) {
				ok = false;
				snprintf(why, sizeof why, "no '%s' in the IR", t);
			}
		} else if (!strncmp(c, "expect-not:", 11)) {
			char *t = trim(c + 11);
			if (strstr(ir, t)) {
				ok = false;
				snprintf(why, sizeof why, "unexpected '%s' in the IR", t);
			}
		} else if (!strncmp(c, "expect-eval:", 12)) {
			char line[512];
			snprintf(line, sizeof line, "%s", c + 12);
			if (!check_eval(p, line, why, sizeof why))
				ok = false;
		} else if (!strncmp(c, "expect-errors:", 14)) {
			want_count = strtol(c + 14, NULL, 10);
		} else if (!strncmp(c, "expect-error:", 13)) {
			want_errors = true;
			char *t = trim(c + 13);
			unsigned line = (unsigned)strtoul(t, NULL, 10);
			char *colon = strchr(t, ':');
			char *text = trim(colon ? colon + 1 : t);
			if (!has_error(diag, line, text)) {
				ok = false;
				snprintf(why, sizeof why, "no error '%s' at line %s", text,
					 line ? t : "*");
			}
		}
	}
	if (want_errors && p) {
		ok = false;
		snprintf(why, sizeof why, "front_lower succeeded");
	}
	if (!want_errors && (errors || !p || problems)) {
		ok = false;
		snprintf(why, sizeof why, "unexpected errors (%u, verify %u)", errors,
			 problems);
	}
	if (want_count >= 0 && (long)errors != want_count) {
		ok = false;
		snprintf(why, sizeof why, "%u errors, expected %ld", errors, want_count);
	}
	if (!ok || verbose) {
		printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", path, ok ? "" : ": ", why);
		if (!ok || verbose > 1)
			printf("---- diagnostics\n%s---- IR\n%s----\n", diag, ir);
	}
	free(diag);
	free(ir);
	hls_ctx_fini(&ctx);
	LLVMDisposeModule(m);
	LLVMContextDispose(lc);
	free(src);
	return ok;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directory of this source file: the default test directory. */
static char *default_dir(void)
{
	char *dir = strdup(__FILE__);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		strcpy(dir, ".");
	return dir;
}

int main(int argc, char **argv)
{
	unsigned pass = 0, fail = 0, nfiles = 0;
	char *dflt = default_dir();
	for (int i = 1; i <= argc; i++) {
		const char *arg = i < argc ? argv[i] : nfiles ? NULL : dflt;
		if (!arg)
			break;
		if (!strcmp(arg, "-v")) {
			verbose++;
			continue;
		}
		nfiles++;
		DIR *d = opendir(arg);
		if (!d) {
			run_file(arg) ? pass++ : fail++;
			continue;
		}
		char **names = NULL;
		size_t n = 0;
		for (struct dirent *e; (e = readdir(d));) {
			size_t len = strlen(e->d_name);
			if (len > 3 && !strcmp(e->d_name + len - 3, ".ll")) {
				names = realloc(names, (n + 1) * sizeof *names);
				if (asprintf(&names[n], "%s/%s", arg, e->d_name) < 0)
					return 2;
				n++;
			}
		}
		closedir(d);
		qsort(names, n, sizeof *names, cmp_str);
		for (size_t j = 0; j < n; j++) {
			run_file(names[j]) ? pass++ : fail++;
			free(names[j]);
		}
		free(names);
	}
	free(dflt);
	printf("%u passed, %u failed\n", pass, fail);
	return fail ? 1 : 0;
}
