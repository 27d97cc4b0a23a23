/*
 * top.c -- sluice_top.v, the design's top level: sluice_core behind the
 * host bridge (rtl/sluice_host_bridge.v, whose header comment says how it
 * is to be instantiated).
 *
 * Parameter, when the design has a host link: LINK_W, the link's bytes per
 * beat (default 1, the byte link with its CRC framing; 8 to 64, plain
 * framing on beats of LINK_W bytes, runtime/link/proto.h section 2b),
 * handed to the bridge.  The simulator's model sets it (sim/build-model.sh
 * -w); a board's top level keeps the default.
 *
 * Ports, in this order:
 *   clk, rst;
 *   s_axis_link_tdata[8*LINK_W-1:0], s_axis_link_tvalid,
 *   s_axis_link_tready: the beats of the host link from the host (byte 0
 *   of a beat in bits [7:0]);
 *   m_axis_link_tdata[8*LINK_W-1:0], m_axis_link_tvalid,
 *   m_axis_link_tready: the beats to the host;
 *   kernels_busy: high while any host-started kernel runs, between its
 *   start and its done (0 in a design with none), for a board's busy LED;
 *   link_down: high while the transport under the link is down (a board's
 *   PHY says so; 0 where none can tell), the bridge's link_down
 *   (these four groups only when the design has a host link, see host.c:
 *   otherwise sluice_top is sluice_core with its I/O pipes and costs what
 *   the kernels and FIFOs cost);
 *   per I/O pipe NAME (program order): NAME_tdata, NAME_tvalid,
 *   NAME_tready, exactly as sluice_core has them.
 * An I/O pipe whose ports would take the name of another port is an error.
 *
 * Inside, in the numbering of host.c: u_bridge (sluice_host_bridge, its
 * parameters literal sized constants) and u_core (sluice_core, reset by
 * rst | core_rst, the host's reset of kernels and pipes; the bridge itself
 * is reset by rst only).  H2D pipe i takes the low W bits of the shared
 * h2d_tdata bus and bit i of h2d_tvalid/h2d_tready, and gives its FIFO's
 * count as word i of h2d_count; D2H pipe j puts its word, zero-extended,
 * in slot j of d2h_tdata and its FIFO's count (the core's NAME_count) in
 * word j of d2h_count; started kernel k takes bit k of kernel_start and
 * drives bit k of kernel_busy/kernel_done; parameter P of width w at
 * argument word a is kernel_args[32*a +: w]; register-bound spec constant
 * S of width w whose first spec word is s (manifest order) drives the
 * core's spec_S from spec_values[32*s +: w] (SPEC_INIT holds its value at
 * build, the default unless --spec set it).  The bridge's vectors of a
 * count 0 are 1 bit (one word) wide: their inputs are tied to 0.  Bits
 * that nothing reads (folded spec values, top bits of words) meet in
 * one wire inside a lint_off UNUSEDSIGNAL bracket.
 */
#include "rtlgen_internal.h"

#include <string.h>

struct top {
	struct rtl_gen *g;
	struct hls_ctx *ctx;
	struct rtl_host *h;
	FILE *f;
	struct rtl_names names;
	/* internal signals */
	const char *pipe_rst, *core_rst;
	const char *h2d_tdata, *h2d_tvalid, *h2d_tready, *h2d_count;
	const char *d2h_tdata, *d2h_tvalid, *d2h_tready, *d2h_count;
	const char *kstart, *kbusy, *kdone, *kargs, *spec;
	const char **d2h_q; /* by D2H pipe: its word out of sluice_core */
	unsigned h2d_maxw, d2h_maxw;
	const char *unused; /* "a, b[31:8], ..." of what nothing reads */
};

static const char *cat(struct top *t, const char *a, const char *b)
{
	return arena_printf(&t->ctx->arena, "%s_%s", a, b);
}

static const char *fresh(struct top *t, const char *base)
{
	return names_fresh(t->ctx, &t->names, base);
}

static int reserve(struct top *t, const char *name, struct ir_loc loc)
{
	if (names_has(&t->names, name)) {
		diag_error(&t->ctx->diag, loc,
			   "two ports of sluice_top would be named '%s'; rename the pipe", name);
		return -1;
	}
	names_add(t->ctx, &t->names, name);
	return 0;
}

static const char *const link_ports[] = {
	"s_axis_link_tdata", "s_axis_link_tvalid", "s_axis_link_tready",
	"m_axis_link_tdata", "m_axis_link_tvalid", "m_axis_link_tready", "kernels_busy",
	"link_down",
};

static int plan_names(struct top *t)
{
	struct rtl_host *h = t->h;
	struct ir_loc none = {0};
	int err = reserve(t, "clk", none) | reserve(t, "rst", none);
	for (unsigned i = 0; i < sizeof link_ports / sizeof *link_ports; i++)
		err |= reserve(t, link_ports[i], none);
	for (unsigned i = 0; i < h->nio; i++)
		err |= reserve(t, cat(t, h->io[i]->name, "tdata"), h->io[i]->loc) |
		       reserve(t, cat(t, h->io[i]->name, "tvalid"), h->io[i]->loc) |
		       reserve(t, cat(t, h->io[i]->name, "tready"), h->io[i]->loc);
	if (err)
		return -1;
	fresh(t, "sluice_core");
	fresh(t, "sluice_host_bridge");
	names_add(t->ctx, &t->names, "LINK_W"); /* no port is named so: all end in _t* */
	t->pipe_rst = fresh(t, "pipe_rst");
	t->core_rst = fresh(t, "core_rst");
	t->h2d_tdata = fresh(t, "h2d_tdata");
	t->h2d_tvalid = fresh(t, "h2d_tvalid");
	t->h2d_tready = fresh(t, "h2d_tready");
	t->h2d_count = fresh(t, "h2d_count");
	t->d2h_tdata = fresh(t, "d2h_tdata");
	t->d2h_tvalid = fresh(t, "d2h_tvalid");
	t->d2h_tready = fresh(t, "d2h_tready");
	t->d2h_count = fresh(t, "d2h_count");
	t->kstart = fresh(t, "kernel_start");
	t->kbusy = fresh(t, "kernel_busy");
	t->kdone = fresh(t, "kernel_done");
	t->kargs = fresh(t, "kernel_args");
	t->spec = fresh(t, "spec_values");
	t->d2h_q = arena_alloc(&t->ctx->arena, (h->nd2h + 1) * sizeof *t->d2h_q);
	for (unsigned j = 0; j < h->nd2h; j++)
		t->d2h_q[j] = fresh(t, cat(t, h->d2h[j]->name, "q"));
	t->h2d_maxw = t->d2h_maxw = 8; /* the bus of no pipe: one byte, unused */
	for (unsigned i = 0; i < h->nh2d; i++)
		if (h->h2d[i]->width > t->h2d_maxw)
			t->h2d_maxw = h->h2d[i]->width;
	for (unsigned j = 0; j < h->nd2h; j++)
		if (h->d2h[j]->width > t->d2h_maxw)
			t->d2h_maxw = h->d2h[j]->width;
	return 0;
}

/* "[hi:lo]" */
static const char *bits(struct top *t, unsigned hi, unsigned lo)
{
	return arena_printf(&t->ctx->arena, "[%u:%u]", hi, lo);
}

/* range: "[hi:lo]" or "" */
static void port_range(struct top *t, const char *dir, const char *range, const char *name,
		       bool last)
{
	fprintf(t->f, "    %-6s wire %-10s %s%s\n", dir, range, name, last ? "" : ",");
}

static void port(struct top *t, const char *dir, unsigned width, const char *name, bool last)
{
	port_range(t, dir, width ? bits(t, width - 1, 0) : "", name, last);
}

static void emit_ports(struct top *t)
{
	struct rtl_host *h = t->h;
	FILE *f = t->f;
	if (h->link)
		fputs("// LINK_W: bytes per beat of the host link (1: the byte link, CRC framing;\n"
		      "// 8 to 64: plain framing on beats of LINK_W bytes)\n"
		      "module sluice_top #(parameter LINK_W = 1) (\n", f);
	else
		fputs("module sluice_top (\n", f);
	port(t, "input", 0, "clk", false);
	if (h->link)
		port(t, "input", 0, "rst", false);
	if (h->link) {
		fputs("\n    // host link: beats of LINK_W bytes from the host (byte 0 in [7:0])\n", f);
		port_range(t, "input", "[8*LINK_W-1:0]", "s_axis_link_tdata", false);
		port(t, "input", 0, "s_axis_link_tvalid", false);
		port(t, "output", 0, "s_axis_link_tready", false);
		fputs("\n    // host link: beats to the host\n", f);
		port_range(t, "output", "[8*LINK_W-1:0]", "m_axis_link_tdata", false);
		port(t, "output", 0, "m_axis_link_tvalid", false);
		port(t, "input", 0, "m_axis_link_tready", false);
		fputs("\n    // high while a host-started kernel runs (a board's busy LED)\n", f);
		port(t, "output", 0, "kernels_busy", false);
		fputs("\n    // high while the transport under the link is down (0: it cannot tell)\n", f);
		port(t, "input", 0, "link_down", h->nio == 0);
	} else {
		fputs("\n    // no host link: no host pipe, started kernel or spec register\n", f);
		port(t, "input", 0, "rst", h->nio == 0);
	}
	for (unsigned i = 0; i < h->nio; i++) {
		const struct ir_pipe *pp = h->io[i];
		bool in = pp->dir == DIR_IN;
		fprintf(f, "\n    // I/O pipe '%s' (%s, %s)\n", pp->name, pp->type ? pp->type : "?",
			in ? "input" : "output");
		port(t, in ? "input" : "output", pp->width, cat(t, pp->name, "tdata"), false);
		port(t, in ? "input" : "output", 0, cat(t, pp->name, "tvalid"), false);
		port(t, in ? "output" : "input", 0, cat(t, pp->name, "tready"), i + 1 == h->nio);
	}
	fputs(");\n\n", f);
}

static void unused(struct top *t, const char *what)
{
	t->unused = t->unused ? arena_printf(&t->ctx->arena, "%s, %s", t->unused, what) : what;
}

/* The bridge's vectors, and the ties of those whose count is 0. */
static void emit_wires(struct top *t)
{
	struct rtl_host *h = t->h;
	FILE *f = t->f;
	unsigned nh = h->nh2d ? h->nh2d : 1, nd = h->nd2h ? h->nd2h : 1;
	unsigned nk = h->nstarted ? h->nstarted : 1;
	unsigned na = h->arg_words ? h->arg_words : 1, ns = h->spec_words ? h->spec_words : 1;
	fprintf(f, "    // the host bridge's side of the pipes and of kernel control\n");
	fprintf(f, "    wire [%u:0] %s;\n", t->h2d_maxw - 1, t->h2d_tdata);
	fprintf(f, "    wire [%u:0] %s;\n    wire [%u:0] %s;\n", nh - 1, t->h2d_tvalid, nh - 1,
		t->h2d_tready);
	fprintf(f, "    wire [%u:0] %s;\n", 16 * nh - 1, t->h2d_count);
	fprintf(f, "    wire [%u:0] %s;\n", t->d2h_maxw * nd - 1, t->d2h_tdata);
	fprintf(f, "    wire [%u:0] %s;\n    wire [%u:0] %s;\n", nd - 1, t->d2h_tvalid, nd - 1,
		t->d2h_tready);
	fprintf(f, "    wire [%u:0] %s;\n", 16 * nd - 1, t->d2h_count);
	fprintf(f, "    wire [%u:0] %s;\n    wire [%u:0] %s;\n    wire [%u:0] %s;\n", nk - 1,
		t->kstart, nk - 1, t->kbusy, nk - 1, t->kdone);
	fprintf(f, "    wire [%u:0] %s;\n", 32 * na - 1, t->kargs);
	fprintf(f, "    wire [%u:0] %s;\n", 32 * ns - 1, t->spec);
	fprintf(f, "    wire %s;\n", t->core_rst);
	fprintf(f, "    wire %s = rst | %s;\n", t->pipe_rst, t->core_rst);
	for (unsigned j = 0; j < h->nd2h; j++)
		fprintf(f, "    wire [%u:0] %s;\n", h->d2h[j]->width - 1, t->d2h_q[j]);
	fputc('\n', f);
	if (!h->nh2d) {
		fprintf(f, "    // no host pipe to the device\n"
			   "    assign %s = 1'b0;\n    assign %s = 16'd0;\n", t->h2d_tready, t->h2d_count);
		unused(t, t->h2d_tdata);
		unused(t, t->h2d_tvalid);
	}
	if (!h->nd2h) {
		fprintf(f, "    // no host pipe to the host\n"
			   "    assign %s = 8'd0;\n    assign %s = 1'b0;\n    assign %s = 16'd0;\n",
			t->d2h_tdata, t->d2h_tvalid, t->d2h_count);
		unused(t, t->d2h_tready);
	}
	if (!h->nstarted) {
		fprintf(f, "    // no kernel started by the host\n"
			   "    assign %s = 1'b0;\n    assign %s = 1'b0;\n", t->kbusy, t->kdone);
		unused(t, t->kstart);
	}
	if (!h->arg_words)
		unused(t, t->kargs);
	/* spec words: a register-bound constant's low bits go to sluice_core,
	 * a folded constant's words are only readable by the host */
	if (!h->spec_words)
		unused(t, t->spec);
	for (unsigned i = 0, wd = 0; i < t->g->p->nspecs; i++) {
		const struct ir_spec_const *sc = t->g->p->specs[i];
		unsigned n = (sc->width + 31) / 32, lo = 32 * wd;
		unsigned used = sc->binding == SPEC_REGISTER ? sc->width : 0;
		if (used < 32 * n)
			unused(t, arena_printf(&t->ctx->arena, "%s%s", t->spec,
					       bits(t, lo + 32 * n - 1, lo + used)));
		wd += n;
	}
	for (unsigned j = 0; j < h->nd2h; j++) {
		unsigned w = h->d2h[j]->width, lo = t->d2h_maxw * j;
		fprintf(f, "    assign %s%s = ", t->d2h_tdata, bits(t, lo + t->d2h_maxw - 1, lo));
		if (w < t->d2h_maxw)
			fprintf(f, "{%u'd0, %s};\n", t->d2h_maxw - w, t->d2h_q[j]);
		else
			fprintf(f, "%s;\n", t->d2h_q[j]);
	}
	for (unsigned k = 0; k < h->nstarted; k++) {
		const struct ir_kernel *kn = h->started[k];
		for (unsigned i = 0; i < kn->nparams; i++) {
			unsigned lo = 32 * h->arg_word[k][i], w = kn->params[i].width;
			unsigned top = lo + 32 * ((w + 31) / 32);
			if (lo + w < top)
				unused(t, arena_printf(&t->ctx->arena, "%s%s", t->kargs,
						       bits(t, top - 1, lo + w)));
		}
	}
	fputc('\n', f);
}

/* {W'dX_last, ..., W'dX_0} of n values, eight to a line. */
static const char *vector(struct top *t, unsigned n, unsigned width, const uint64_t *v,
			  bool hex)
{
	const char *s = "{";
	for (unsigned i = n; i-- > 0;) {
		const char *sep = i + 1 == n ? "" : (n - 1 - i) % 8 ? ", " : ",\n            ";
		s = arena_printf(&t->ctx->arena, hex ? "%s%s%u'h%08llx" : "%s%s%u'd%llu", s, sep,
				 width, (unsigned long long)v[i]);
	}
	return arena_printf(&t->ctx->arena, "%s}", s);
}

static void emit_bridge(struct top *t)
{
	struct rtl_host *h = t->h;
	struct ir_program *p = t->g->p;
	struct hls_ctx *ctx = t->ctx;
	FILE *f = t->f;
	unsigned nh = h->nh2d ? h->nh2d : 1, nd = h->nd2h ? h->nd2h : 1;
	unsigned ns = h->spec_words ? h->spec_words : 1;
	uint64_t *hw = arena_alloc(&ctx->arena, nh * sizeof *hw);
	uint64_t *hd = arena_alloc(&ctx->arena, nh * sizeof *hd);
	uint64_t *dw = arena_alloc(&ctx->arena, nd * sizeof *dw);
	uint64_t *dd = arena_alloc(&ctx->arena, nd * sizeof *dd);
	uint64_t *sv = arena_alloc(&ctx->arena, ns * sizeof *sv);
	hw[0] = dw[0] = 8, hd[0] = dd[0] = 1; /* placeholders of no pipe */
	for (unsigned i = 0; i < h->nh2d; i++)
		hw[i] = h->h2d[i]->width, hd[i] = h->h2d[i]->depth;
	for (unsigned j = 0; j < h->nd2h; j++)
		dw[j] = h->d2h[j]->width, dd[j] = h->d2h[j]->depth;
	for (unsigned i = 0, wd = 0; i < p->nspecs; i++) {
		const struct ir_spec_const *sc = p->specs[i];
		uint64_t v = sc->width < 64 ? sc->value & ((1ull << sc->width) - 1) : sc->value;
		for (unsigned j = 0; j < (sc->width + 31) / 32; j++, wd++)
			sv[wd] = j < 2 ? (v >> (32 * j)) & 0xffffffffu : 0;
	}
	uint64_t hz = h->clock_hz > 0xffffffffu ? 0xffffffffu : h->clock_hz;

	fputs("    // numbering (the manifest's):", f);
	for (unsigned i = 0; i < h->nh2d; i++)
		fprintf(f, "\n    //   H2D pipe %u: '%s', %u bits, depth %u", i, h->h2d[i]->name,
			h->h2d[i]->width, h->h2d[i]->depth);
	for (unsigned j = 0; j < h->nd2h; j++)
		fprintf(f, "\n    //   D2H pipe %u: '%s', %u bits, depth %u", j, h->d2h[j]->name,
			h->d2h[j]->width, h->d2h[j]->depth);
	for (unsigned k = 0; k < h->nstarted; k++) {
		const struct ir_kernel *kn = h->started[k];
		fprintf(f, "\n    //   kernel %u: '%s'", k, kn->name);
		for (unsigned i = 0; i < kn->nparams; i++) {
			unsigned a = h->arg_word[k][i], n = (kn->params[i].width + 31) / 32;
			fprintf(f, "%s%s (%u bit%s) in word%s %u", i ? ", " : ", arguments ",
				kn->params[i].name, kn->params[i].width,
				kn->params[i].width == 1 ? "" : "s", n > 1 ? "s" : "", a);
			if (n > 1)
				fprintf(f, "-%u", a + n - 1);
		}
	}
	if (!h->nh2d && !h->nd2h && !h->nstarted)
		fputs(" no host pipe, no started kernel", f);
	fputs("\n", f);
	fprintf(f, "    sluice_host_bridge #(\n"
		   "        .CLOCK_HZ(32'd%llu),\n"
		   "        .DESIGN_ID(32'h%08x),\n"
		   "        .N_H2D(%u),\n"
		   "        .H2D_WIDTHS(%s),\n"
		   "        .H2D_DEPTHS(%s),\n"
		   "        .H2D_MAXW(%u),\n"
		   "        .N_D2H(%u),\n"
		   "        .D2H_WIDTHS(%s),\n"
		   "        .D2H_DEPTHS(%s),\n"
		   "        .D2H_MAXW(%u),\n"
		   "        .N_KERNELS(%u),\n"
		   "        .ARG_WORDS(%u),\n"
		   "        .SPEC_WORDS(%u),\n"
		   "        .SPEC_INIT(%s),\n"
		   "        .RETX_TIMEOUT(32'd%u)%s%s,\n"
		   "        .LINK_W(LINK_W)\n"
		   "    ) %s (\n",
		(unsigned long long)hz, (unsigned)t->g->out->design_id, h->nh2d,
		vector(t, nh, 16, hw, false), vector(t, nh, 32, hd, false), t->h2d_maxw, h->nd2h,
		vector(t, nd, 16, dw, false), vector(t, nd, 32, dd, false), t->d2h_maxw,
		h->nstarted, h->arg_words, h->spec_words, vector(t, ns, 32, sv, true),
		h->retx_timeout,
		/* frames of 256 bytes to the host when pipes stream that way:
		 * a frame's header, CRC and the window's acknowledgements are
		 * paid per 252 bytes, not per 60 (measured on the virtual board
		 * at 3 Mbaud: 82.9 -> 94.3 percent of the line's payload
		 * ceiling), for 3 block RAMs more in the send buffer; and a
		 * receive buffer of 1 KiB when pipes stream to the device, room
		 * for the host's frames of 263 bytes while the first ones are
		 * acknowledged (with the registered bridge, 91.5 -> 94.0
		 * percent), for one block RAM more */
		h->nd2h ? ",\n        .TX_SLOT_AW(8)" : "",
		h->nh2d ? ",\n        .RX_AW(10)" : "", fresh(t, "u_bridge"));
	fprintf(f, "        .clk(clk),\n"
		   "        .rst(rst),\n"
		   "        .s_axis_link_tdata(s_axis_link_tdata),\n"
		   "        .s_axis_link_tvalid(s_axis_link_tvalid),\n"
		   "        .s_axis_link_tready(s_axis_link_tready),\n"
		   "        .m_axis_link_tdata(m_axis_link_tdata),\n"
		   "        .m_axis_link_tvalid(m_axis_link_tvalid),\n"
		   "        .m_axis_link_tready(m_axis_link_tready),\n"
		   "        .h2d_tdata(%s),\n"
		   "        .h2d_tvalid(%s),\n"
		   "        .h2d_tready(%s),\n"
		   "        .h2d_count(%s),\n"
		   "        .d2h_tdata(%s),\n"
		   "        .d2h_tvalid(%s),\n"
		   "        .d2h_tready(%s),\n"
		   "        .d2h_count(%s),\n"
		   "        .kernel_start(%s),\n"
		   "        .kernel_busy(%s),\n"
		   "        .kernel_done(%s),\n"
		   "        .kernel_args(%s),\n"
		   "        .spec_values(%s),\n"
		   "        .core_rst(%s),\n"
		   "        .link_down(link_down)\n"
		   "    );\n\n",
		t->h2d_tdata, t->h2d_tvalid, t->h2d_tready, t->h2d_count, t->d2h_tdata,
		t->d2h_tvalid, t->d2h_tready, t->d2h_count, t->kstart, t->kbusy, t->kdone,
		t->kargs, t->spec, t->core_rst);
}

static void conn(struct top *t, bool *first, const char *port, const char *sig)
{
	fprintf(t->f, "%s        .%s(%s)", *first ? "" : ",\n", port, sig);
	*first = false;
}

/* sluice_core's ports in its order (core.c): host and I/O pipes in program
 * order, then the started kernels. */
static void emit_core(struct top *t)
{
	struct rtl_host *h = t->h;
	struct ir_program *p = t->g->p;
	FILE *f = t->f;
	bool first = true;
	fprintf(f, "    sluice_core %s (\n", fresh(t, "u_core"));
	conn(t, &first, "clk", "clk");
	conn(t, &first, "rst", t->h->link ? t->pipe_rst : "rst");
	for (unsigned n = 0, wd = 0; n < p->nspecs; n++) {
		const struct ir_spec_const *sc = p->specs[n];
		if (sc->binding == SPEC_REGISTER)
			conn(t, &first, rtl_spec_port(t->ctx, sc), arena_printf(&t->ctx->arena,
				"%s%s", t->spec, bits(t, 32 * wd + sc->width - 1, 32 * wd)));
		wd += (sc->width + 31) / 32;
	}
	unsigned i = 0, j = 0;
	for (unsigned n = 0; n < p->npipes; n++) {
		const struct ir_pipe *pp = p->pipes[n];
		const char *nm = pp->name;
		if (pp->kind == PIPE_HOST && pp->dir == DIR_H2D) {
			conn(t, &first, cat(t, nm, "tdata"), arena_printf(&t->ctx->arena, "%s%s",
				t->h2d_tdata, bits(t, pp->width - 1, 0)));
			conn(t, &first, cat(t, nm, "tvalid"),
			     arena_printf(&t->ctx->arena, "%s[%u]", t->h2d_tvalid, i));
			conn(t, &first, cat(t, nm, "tready"),
			     arena_printf(&t->ctx->arena, "%s[%u]", t->h2d_tready, i));
			conn(t, &first, cat(t, nm, "count"), arena_printf(&t->ctx->arena, "%s%s",
				t->h2d_count, bits(t, 16 * i + 15, 16 * i)));
			i++;
		} else if (pp->kind == PIPE_HOST && pp->dir == DIR_D2H) {
			conn(t, &first, cat(t, nm, "tdata"), t->d2h_q[j]);
			conn(t, &first, cat(t, nm, "tvalid"),
			     arena_printf(&t->ctx->arena, "%s[%u]", t->d2h_tvalid, j));
			conn(t, &first, cat(t, nm, "tready"),
			     arena_printf(&t->ctx->arena, "%s[%u]", t->d2h_tready, j));
			conn(t, &first, cat(t, nm, "count"), arena_printf(&t->ctx->arena, "%s%s",
				t->d2h_count, bits(t, 16 * j + 15, 16 * j)));
			j++;
		} else if (pp->kind == PIPE_IO && (rtl_pipe_into(pp) || rtl_pipe_out_of(pp))) {
			conn(t, &first, cat(t, nm, "tdata"), cat(t, nm, "tdata"));
			conn(t, &first, cat(t, nm, "tvalid"), cat(t, nm, "tvalid"));
			conn(t, &first, cat(t, nm, "tready"), cat(t, nm, "tready"));
		}
	}
	for (unsigned k = 0; k < h->nstarted; k++) {
		const struct ir_kernel *kn = h->started[k];
		conn(t, &first, cat(t, kn->name, "start"),
		     arena_printf(&t->ctx->arena, "%s[%u]", t->kstart, k));
		conn(t, &first, cat(t, kn->name, "busy"),
		     arena_printf(&t->ctx->arena, "%s[%u]", t->kbusy, k));
		conn(t, &first, cat(t, kn->name, "done"),
		     arena_printf(&t->ctx->arena, "%s[%u]", t->kdone, k));
		for (unsigned n = 0; n < kn->nparams; n++) {
			unsigned lo = 32 * h->arg_word[k][n];
			conn(t, &first, cat(t, kn->name, rtl_arg_port(t->ctx, &kn->params[n])),
			     arena_printf(&t->ctx->arena, "%s%s", t->kargs,
					  bits(t, lo + kn->params[n].width - 1, lo)));
		}
	}
	fputs("\n    );\n\n", f);
}

int rtl_emit_top(struct rtl_gen *g)
{
	struct top tops = {.g = g, .ctx = g->ctx, .h = &g->host};
	struct top *t = &tops;
	if (plan_names(t))
		return -1;
	const char *fname = "sluice_top.v";
	t->f = rtl_open(g, fname);
	if (!t->f)
		return -1;
	if (!g->host.link)
		rtl_file_header(g, t->f,
				arena_printf(&g->ctx->arena,
					     "sluice_top: sluice_core and its I/O pipes; no host link "
					     "(no host pipe, started kernel or spec register); design "
					     "id 0x%08x.", (unsigned)g->out->design_id));
	else
		rtl_file_header(g, t->f,
				arena_printf(&g->ctx->arena,
					     "sluice_top: sluice_core behind the host bridge (%u host "
					     "pipe(s) to the device, %u to the host, %u started "
					     "kernel(s)); design id 0x%08x.", g->host.nh2d,
					     g->host.nd2h, g->host.nstarted,
					     (unsigned)g->out->design_id));
	emit_ports(t);
	if (g->host.link) {
		emit_wires(t);
		emit_bridge(t);
		fprintf(t->f, "    assign kernels_busy = |%s;\n\n", t->kbusy);
	}
	emit_core(t);
	if (g->host.link)
		fprintf(t->f, "    // what nothing reads (spec_values of folded constants among them)\n"
			      "    /* verilator lint_off UNUSEDSIGNAL */\n"
			      "    wire %s = &{1'b0, %s};\n"
			      "    /* verilator lint_on UNUSEDSIGNAL */\n\n",
			fresh(t, "unused_bits"), t->unused);
	fputs("endmodule\n\n`resetall\n", t->f);
	return rtl_close(g, t->f, fname);
}
