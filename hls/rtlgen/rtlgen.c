/*
 * rtlgen.c -- the Verilog back end's entry point and its small utilities:
 * writing files, Verilog identifiers and literals, source-line comments.
 *
 * rtlgen_program chooses the FIFO depths, checks that the names which
 * become Verilog ports are identifiers and that the host link can carry the
 * host interface (host.c), then writes kernel_<name>.v for every kernel,
 * sluice_core.v and sluice_top.v, and lists the generated files and the
 * rtl/ library files the design instantiates.  Nothing is written when a
 * name or the host interface is rejected.  It writes nothing into the IR
 * but pipe->depth.
 */
#include "rtlgen_internal.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- identifier sets -------------------------------------------------- */

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

bool names_has(const struct rtl_names *t, const char *s)
{
	if (!t->cap)
		return false;
	for (unsigned i = name_hash(s) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
		if (!t->slot[i])
			return false;
		if (!strcmp(t->slot[i], s))
			return true;
	}
}

static void names_insert(struct rtl_names *t, const char *s)
{
	unsigned i = name_hash(s) & (t->cap - 1);
	while (t->slot[i])
		i = (i + 1) & (t->cap - 1);
	t->slot[i] = s;
	t->n++;
}

void names_add(struct hls_ctx *ctx, struct rtl_names *t, const char *s)
{
	assert(!names_has(t, s));
	if (2 * (t->n + 1) > t->cap) {
		struct rtl_names old = *t;
		t->cap = old.cap ? 2 * old.cap : 64;
		t->slot = arena_alloc(&ctx->arena, t->cap * sizeof *t->slot);
		t->n = 0;
		for (unsigned i = 0; i < old.cap; i++)
			if (old.slot[i])
				names_insert(t, old.slot[i]);
	}
	names_insert(t, s);
}

const char *names_fresh(struct hls_ctx *ctx, struct rtl_names *t,
			const char *base)
{
	const char *s = base;
	for (unsigned i = 2; names_has(t, s); i++)
		s = arena_printf(&ctx->arena, "%s_%u", base, i);
	names_add(ctx, t, s);
	return s;
}

/* ---- identifiers and literals ----------------------------------------- */

static bool ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

bool rtl_is_ident(const char *s)
{
	if (!s || !*s || !ident_char(*s, true))
		return false;
	for (s++; *s; s++)
		if (!ident_char(*s, false))
			return false;
	return true;
}

#define NAME_MAX_CHARS 40

const char *rtl_sanitize(struct hls_ctx *ctx, const char *raw,
			 const char *fallback)
{
	if (!raw || !*raw)
		raw = fallback;
	size_t n = strlen(raw);
	if (n > NAME_MAX_CHARS)
		n = NAME_MAX_CHARS;
	char *s = arena_alloc(&ctx->arena, n + 3);
	char *d = s;
	if (!ident_char(raw[0], true) && raw[0] >= '0' && raw[0] <= '9') {
		*d++ = 'v';
		*d++ = '_';
	}
	for (size_t i = 0; i < n; i++)
		*d++ = ident_char(raw[i], false) ? raw[i] : '_';
	*d = 0;
	return s;
}

const char *rtl_literal(struct hls_ctx *ctx, unsigned width,
			const uint64_t *words)
{
	assert(width >= 1);
	unsigned ndig = (width + 3) / 4;
	char *s = arena_alloc(&ctx->arena, ndig + 16);
	int len = sprintf(s, "%u'h", width);
	for (unsigned d = ndig; d-- > 0;) {
		unsigned bit = 4 * d;
		unsigned nib = words ? (unsigned)(words[bit / 64] >> (bit % 64)) & 15 : 0;
		if (bit + 4 > width) /* top digit: only the bits inside the width */
			nib &= (1u << (width - bit)) - 1;
		s[len++] = "0123456789abcdef"[nib];
	}
	s[len] = 0;
	return s;
}

const char *rtl_literal64(struct hls_ctx *ctx, unsigned width, uint64_t v)
{
	unsigned nw = (width + 63) / 64;
	uint64_t *w = arena_alloc(&ctx->arena, nw * sizeof *w);
	w[0] = v;
	return rtl_literal(ctx, width, w);
}

static int loc_cmp(const void *a, const void *b)
{
	const struct ir_loc *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	return (x->line > y->line) - (x->line < y->line);
}

const char *rtl_lines(struct hls_ctx *ctx, const struct ir_loc *locs,
		      unsigned n)
{
	struct ir_loc *v = arena_alloc(&ctx->arena, (n ? n : 1) * sizeof *v);
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++)
		if (locs[i].file && locs[i].line)
			v[m++] = locs[i];
	if (!m)
		return NULL;
	qsort(v, m, sizeof *v, loc_cmp);
	const char *s = "";
	for (unsigned i = 0; i < m; i++) {
		if (i && v[i].line == v[i - 1].line && !strcmp(v[i].file, v[i - 1].file))
			continue;
		const char *base = strrchr(v[i].file, '/');
		base = base ? base + 1 : v[i].file;
		if (i && !strcmp(v[i].file, v[i - 1].file))
			s = arena_printf(&ctx->arena, "%s, %u", s, v[i].line);
		else
			s = arena_printf(&ctx->arena, "%s%s%s:%u", s, i ? "; " : "",
					 base, v[i].line);
	}
	return s;
}

/* ---- files ------------------------------------------------------------ */

FILE *rtl_open(struct rtl_gen *g, const char *fname)
{
	const char *path = arena_printf(&g->ctx->arena, "%s/%s", g->dir, fname);
	FILE *f = fopen(path, "w");
	if (!f)
		diag_error(&g->ctx->diag, (struct ir_loc){0}, "cannot write '%s': %s",
			   path, strerror(errno));
	return f;
}

int rtl_close(struct rtl_gen *g, FILE *f, const char *fname)
{
	bool bad = ferror(f);
	if (fclose(f) || bad) {
		diag_error(&g->ctx->diag, (struct ir_loc){0},
			   "cannot write '%s/%s'", g->dir, fname);
		return -1;
	}
	VEC_PUSH(&g->ctx->arena, g->out->generated, g->out->ngenerated,
		 arena_strdup(&g->ctx->arena, fname));
	return 0;
}

void rtl_file_header(struct rtl_gen *g, FILE *f, const char *what)
{
	fputs("// Generated by sluice from ", f);
	if (!g->p->nsources)
		fputs(g->p->name ? g->p->name : "(unknown)", f);
	for (unsigned i = 0; i < g->p->nsources; i++)
		fprintf(f, "%s%s", i ? ", " : "", g->p->sources[i]);
	fprintf(f, "; do not edit.\n//\n// %s\n\n", what);
	fputs("`resetall\n`timescale 1ns / 1ps\n`default_nettype none\n\n", f);
}

/* ---- entry ------------------------------------------------------------ */

/* Names that become parts of port and module names must be identifiers. */
static int check_names(struct rtl_gen *g)
{
	struct hls_ctx *ctx = g->ctx;
	unsigned errors = ctx->diag.errors;
	for (unsigned i = 0; i < g->p->npipes; i++) {
		struct ir_pipe *pipe = g->p->pipes[i];
		if (!rtl_is_ident(pipe->name))
			diag_error(&ctx->diag, pipe->loc,
				   "pipe name '%s' is not a Verilog identifier",
				   pipe->name ? pipe->name : "");
		if (!pipe->width)
			diag_error(&ctx->diag, pipe->loc, "pipe '%s' has no width",
				   pipe->name);
	}
	for (unsigned i = 0; i < g->p->nkernels; i++) {
		struct ir_kernel *k = g->p->kernels[i];
		if (!rtl_is_ident(k->name))
			diag_error(&ctx->diag, k->loc,
				   "kernel name '%s' is not a Verilog identifier",
				   k->name ? k->name : "");
		for (unsigned j = 0; j < k->nparams; j++)
			if (!rtl_is_ident(k->params[j].name))
				diag_error(&ctx->diag, k->loc,
					   "parameter name '%s' of kernel '%s' is not a Verilog identifier",
					   k->params[j].name ? k->params[j].name : "", k->name);
		for (unsigned j = 0; j < k->nstates; j++)
			if (!rtl_is_ident(k->states[j]->name))
				diag_error(&ctx->diag, k->states[j]->loc,
					   "state name '%s' of kernel '%s' is not a Verilog identifier",
					   k->states[j]->name ? k->states[j]->name : "", k->name);
		if (k->kind == KERNEL_AUTORUN && k->nparams)
			diag_error(&ctx->diag, k->loc,
				   "autorun kernel '%s' cannot take arguments", k->name);
		if (!k->nblocks)
			diag_error(&ctx->diag, k->loc, "kernel '%s' has no body", k->name);
	}
	return ctx->diag.errors > errors ? -1 : 0;
}

/* rtl/ files of the host bridge, sluice_host_bridge.v and its parts: those
 * of the byte link, then those of the plain link on beats (LINK_W > 1). */
static const char *const bridge_files[] = {
	"sluice_host_bridge.v", "sluice_crc.v", "sluice_link_rx.v", "sluice_link_tx.v",
	"sluice_link_ring.v", "sluice_link_dispatch.v", "sluice_csr.v",
	"sluice_link_txbuf.v", "sluice_link_sender.v", "sluice_plain_rx.v",
	"sluice_plain_tx.v",
};

int rtlgen_program(struct hls_ctx *ctx, struct ir_program *p,
		   const struct hls_schedule *s, const struct rtl_opts *opts,
		   const char *dir, struct rtl_files *out)
{
	memset(out, 0, sizeof *out);
	struct rtl_gen g = {.ctx = ctx, .p = p, .s = s, .dir = dir, .out = out};
	if (s->nkernels != p->nkernels) {
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "internal error: schedule has %u kernels, program %u",
			   s->nkernels, p->nkernels);
		return -1;
	}
	rtl_choose_depths(p, s);
	if (check_names(&g) || rtl_host_plan(&g, opts))
		return -1;
	for (unsigned i = 0; i < p->nkernels; i++)
		if (rtl_emit_kernel(&g, i))
			return -1;
	if (rtl_emit_core(&g) || rtl_emit_top(&g))
		return -1;
	if (g.uses_fifo || g.uses_devmem) /* the device memory's answers wait in FIFOs */
		VEC_PUSH(&ctx->arena, out->library, out->nlibrary, "sluice_fifo.v");
	if (g.uses_devmem)
		VEC_PUSH(&ctx->arena, out->library, out->nlibrary, "sluice_devmem.v");
	if (g.uses_div)
		VEC_PUSH(&ctx->arena, out->library, out->nlibrary, "sluice_div.v");
	if (g.uses_mul)
		VEC_PUSH(&ctx->arena, out->library, out->nlibrary, "sluice_mul.v");
	static const char *const fp_files[RTL_FP_UNITS] = {
		[RTL_FADD] = "sluice_fadd.v", [RTL_FMUL] = "sluice_fmul.v",
		[RTL_FDIV] = "sluice_fdiv.v", [RTL_FCMP] = "sluice_fcmp.v",
		[RTL_FI2F] = "sluice_fcvt_i2f.v", [RTL_FF2I] = "sluice_fcvt_f2i.v",
		[RTL_FF2F] = "sluice_fcvt_f2f.v",
	};
	for (unsigned u = 0; u < RTL_FP_UNITS; u++)
		if (g.uses_fp >> u & 1)
			VEC_PUSH(&ctx->arena, out->library, out->nlibrary, fp_files[u]);
	for (unsigned i = 0; g.host.link && i < sizeof bridge_files / sizeof *bridge_files; i++)
		VEC_PUSH(&ctx->arena, out->library, out->nlibrary, bridge_files[i]);
	return 0;
}
