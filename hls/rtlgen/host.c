/*
 * host.c -- the design's host interface as the host bridge sees it: the
 * numbering of host pipes, started kernels and argument words, what the
 * bridge cannot carry, and the design's identity.
 *
 * Numbering, in program order (= manifest order, which runtime/manifest.c
 * counts the same way):
 *   H2D pipe i        the i-th host pipe from the host to the device;
 *   D2H pipe j        the j-th host pipe from the device to the host;
 *   started kernel k  the k-th kernel of kind started;
 *   argument words    through the started kernels' parameters in order,
 *                     each parameter taking ceil(width/32) words;
 *   spec words        through p->specs likewise.
 *
 * Limits of rtl/sluice_host_bridge.v with its default frame sizes, each an
 * error at the pipe or kernel concerned (rtlgen then writes nothing; so is
 * an I/O pipe named s_axis_link or m_axis_link, whose ports would clash
 * with the link's in sluice_top):
 * at most 64 host pipes each way and 255 started kernels; host pipe words
 * of whole bytes, at most 1008 bits towards the device and 60 bytes
 * towards the host; at most 4096 argument words and 4096 spec words.
 *
 * A design that has no host pipe, no started kernel and no register-bound
 * spec constant gives the host nothing to reach: its sluice_top has no
 * host link (h->link false), only clk, rst and the I/O pipes.
 *
 * The design id is the 32-bit FNV-1a hash of this text (after the FIFO
 * depths are chosen), one line per item, numbers in decimal but the spec
 * value in hex:
 *   sluice-host-interface 1
 *   pipe NAME WIDTH DEPTH KIND DIR       every pipe, program order; KIND
 *                                        kernel|host|io, DIR
 *                                        none|h2d|d2h|in|out
 *   kernel NAME KIND                     every kernel; KIND started|autorun
 *   param NAME WIDTH                     its parameters, in order
 *   spec NAME WIDTH VALUE[ register]     every specialization constant
 * Any change to what the host addresses (a pipe's name, width, depth or
 * direction, a kernel's parameters, a spec constant) changes the id, so
 * the runtime can tell a device image from another build of the design.
 */
#include "rtlgen_internal.h"

#include <string.h>

#define HOST_MAX_PIPES 64	  /* per direction */
#define HOST_MAX_KERNELS 255
#define HOST_MAX_H2D_BITS 1008
#define HOST_MAX_D2H_BYTES 60	  /* 2**TX_SLOT_AW - 4, TX_SLOT_AW = 6 */
#define HOST_MAX_WORDS 4096	  /* argument words, spec words */
#define HOST_RETX_DEFAULT 4096
#define HOST_RETX_MIN 64
#define HOST_RETX_MAX (1u << 30)

static unsigned words32(unsigned width)
{
	return (width + 31) / 32;
}

/* ---- the design id ------------------------------------------------------ */

static uint32_t fnv1a(uint32_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static uint32_t design_id(struct hls_ctx *ctx, const struct ir_program *p)
{
	static const char *const kinds[] = {"kernel", "host", "io", "devmem"};
	static const char *const dirs[] = {"none", "h2d", "d2h", "in", "out"};
	uint32_t h = fnv1a(2166136261u, "sluice-host-interface 1\n");
	for (unsigned i = 0; i < p->npipes; i++) {
		const struct ir_pipe *pp = p->pipes[i];
		h = fnv1a(h, arena_printf(&ctx->arena, "pipe %s %u %u %s %s\n", pp->name,
					  pp->width, pp->depth,
					  pp->kind <= PIPE_DEVMEM ? kinds[pp->kind] : "?",
					  pp->dir <= DIR_OUT ? dirs[pp->dir] : "?"));
	}
	for (unsigned k = 0; k < p->nkernels; k++) {
		const struct ir_kernel *kn = p->kernels[k];
		h = fnv1a(h, arena_printf(&ctx->arena, "kernel %s %s\n", kn->name,
					  kn->kind == KERNEL_STARTED ? "started" : "autorun"));
		for (unsigned i = 0; i < kn->nparams; i++)
			h = fnv1a(h, arena_printf(&ctx->arena, "param %s %u\n",
						  kn->params[i].name, kn->params[i].width));
	}
	for (unsigned i = 0; i < p->nspecs; i++) {
		const struct ir_spec_const *sc = p->specs[i];
		h = fnv1a(h, arena_printf(&ctx->arena, "spec %s %u %llx%s\n", sc->name, sc->width,
					  (unsigned long long)sc->value,
					  sc->binding == SPEC_REGISTER ? " register" : ""));
	}
	return h;
}

/* ---- numbering and limits ---------------------------------------------- */

static void check_pipe(struct hls_ctx *ctx, const struct ir_pipe *pp, unsigned index)
{
	bool h2d = pp->dir == DIR_H2D;
	if (index == HOST_MAX_PIPES)
		diag_error(&ctx->diag, pp->loc,
			   "host pipe '%s' is host pipe %u %s the host; the host link carries "
			   "at most %u each way", pp->name, index + 1, h2d ? "from" : "to",
			   HOST_MAX_PIPES);
	if (pp->width % 8)
		diag_error(&ctx->diag, pp->loc,
			   "host pipe '%s' carries %u-bit words; the host link carries whole bytes",
			   pp->name, pp->width);
	else if (h2d && pp->width > HOST_MAX_H2D_BITS)
		diag_error(&ctx->diag, pp->loc,
			   "host pipe '%s' carries %u-byte words to the device; the host link "
			   "carries at most %u bytes a word that way", pp->name, pp->width / 8,
			   HOST_MAX_H2D_BITS / 8);
	else if (!h2d && pp->width / 8 > HOST_MAX_D2H_BYTES)
		diag_error(&ctx->diag, pp->loc,
			   "host pipe '%s' carries %u-byte words to the host; the host link "
			   "carries at most %u bytes a word that way", pp->name, pp->width / 8,
			   HOST_MAX_D2H_BYTES);
}

int rtl_host_plan(struct rtl_gen *g, const struct rtl_opts *opts)
{
	struct hls_ctx *ctx = g->ctx;
	struct ir_program *p = g->p;
	struct rtl_host *h = &g->host;
	unsigned errors = ctx->diag.errors;
	struct rtl_files *out = g->out;
	memset(h, 0, sizeof *h);
	out->link_id = arena_alloc(&ctx->arena, (p->npipes + 1) * sizeof *out->link_id);
	out->ctrl = arena_alloc(&ctx->arena, (p->nkernels + 1) * sizeof *out->ctrl);
	out->arg_word = arena_alloc(&ctx->arena, (p->nkernels + 1) * sizeof *out->arg_word);
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pp = p->pipes[i];
		out->link_id[i] = -1;
		if (pp->kind == PIPE_HOST && pp->dir == DIR_H2D) {
			check_pipe(ctx, pp, h->nh2d);
			out->link_id[i] = (int)h->nh2d;
			VEC_PUSH(&ctx->arena, h->h2d, h->nh2d, pp);
		} else if (pp->kind == PIPE_HOST && pp->dir == DIR_D2H) {
			check_pipe(ctx, pp, h->nd2h);
			out->link_id[i] = (int)h->nd2h;
			VEC_PUSH(&ctx->arena, h->d2h, h->nd2h, pp);
		} else if (pp->kind == PIPE_IO && (rtl_pipe_into(pp) || rtl_pipe_out_of(pp))) {
			if (!strcmp(pp->name, "s_axis_link") || !strcmp(pp->name, "m_axis_link"))
				diag_error(&ctx->diag, pp->loc,
					   "the ports of I/O pipe '%s' would take the names of the "
					   "host link's ports of sluice_top; rename the pipe", pp->name);
			VEC_PUSH(&ctx->arena, h->io, h->nio, pp);
		}
	}
	h->arg_word = arena_alloc(&ctx->arena, (p->nkernels + 1) * sizeof *h->arg_word);
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		out->ctrl[k] = -1;
		out->arg_word[k] = NULL;
		if (kn->kind != KERNEL_STARTED)
			continue;
		if (h->nstarted == HOST_MAX_KERNELS)
			diag_error(&ctx->diag, kn->loc,
				   "kernel '%s' is the 256th started kernel; the host link starts "
				   "at most %u", kn->name, HOST_MAX_KERNELS);
		unsigned *w = arena_alloc(&ctx->arena, (kn->nparams + 1) * sizeof *w);
		unsigned before = h->arg_words;
		for (unsigned i = 0; i < kn->nparams; i++) {
			w[i] = h->arg_words;
			h->arg_words += words32(kn->params[i].width);
		}
		if (before <= HOST_MAX_WORDS && h->arg_words > HOST_MAX_WORDS)
			diag_error(&ctx->diag, kn->loc,
				   "the arguments of the started kernels up to '%s' take %u 32-bit "
				   "words; the host link addresses at most %u", kn->name,
				   h->arg_words, HOST_MAX_WORDS);
		h->arg_word[h->nstarted] = w;
		out->ctrl[k] = (int)h->nstarted;
		out->arg_word[k] = w;
		VEC_PUSH(&ctx->arena, h->started, h->nstarted, kn);
	}
	for (unsigned i = 0; i < p->nspecs; i++) {
		unsigned before = h->spec_words;
		h->spec_words += words32(p->specs[i]->width);
		if (before <= HOST_MAX_WORDS && h->spec_words > HOST_MAX_WORDS)
			diag_error(&ctx->diag, p->specs[i]->loc,
				   "the specialization constants up to '%s' take %u 32-bit words; "
				   "the host link addresses at most %u", p->specs[i]->name,
				   h->spec_words, HOST_MAX_WORDS);
	}
	h->clock_hz = opts ? opts->clock_hz : 0;
	h->retx_timeout = opts && opts->retx_timeout ? opts->retx_timeout : HOST_RETX_DEFAULT;
	if (h->retx_timeout < HOST_RETX_MIN || h->retx_timeout > HOST_RETX_MAX)
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "the host link's retransmit timeout of %u cycles is outside %u..%u",
			   h->retx_timeout, HOST_RETX_MIN, HOST_RETX_MAX);
	if (ctx->diag.errors > errors)
		return -1;
	/* A host program reaches a design through its host pipes, by starting
	 * kernels and by setting spec registers; with none of these the
	 * bridge would be logic that nothing uses, so sluice_top has none. */
	h->link = h->nh2d || h->nd2h || h->nstarted;
	for (unsigned i = 0; i < p->nspecs; i++)
		h->link |= p->specs[i]->binding == SPEC_REGISTER;
	g->out->host_link = h->link;
	g->out->design_id = design_id(ctx, p);
	return 0;
}
