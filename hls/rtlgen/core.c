/*
 * core.c -- sluice_core.v: every kernel, one sluice_fifo per pipe, with
 * host pipes and kernel control as ports (what the test benches drive, and
 * what sluice_top puts behind the host bridge).
 *
 * Ports, in this order:
 *   clk, rst;
 *   per register-bound spec constant S (program order): input
 *   spec_S[w-1:0], wired to every kernel that reads S (sluice_top drives
 *   it from the bridge's spec register, a test bench with the manifest's
 *   value); a constant no kernel reads keeps its port, unread;
 *   per host pipe and I/O pipe NAME (program order): NAME_tdata[W-1:0],
 *   NAME_tvalid, NAME_tready -- for pipes into the design (h2d, in) tdata
 *   and tvalid are inputs and tready an output, for pipes out of it (d2h,
 *   out) the reverse; a host pipe (either direction) adds the output
 *   NAME_count[15:0], the number of words in its FIFO (zero-extended,
 *   saturated at 65535; 0 for a device-to-host pipe that no kernel
 *   writes, which has no FIFO): the bridge's credits count on an H2D
 *   pipe's, and a D2H pipe's tells it how many words wait to be sent;
 *   per host-started kernel K (program order): input K_start, outputs
 *   K_busy and K_done, input K_arg_P[w-1:0] per parameter.
 * Two ports of one name are an error (diagnosed, nothing written).
 *
 * Inside: per pipe with a FIFO (all but I/O pipes of MinCapacity 0) a
 * sluice_fifo #(WIDTH, DEPTH) instance fifo_<pipe>, its input side wired to
 * <pipe>_wr_* (or the port), its output side to <pipe>_rd_* (or the
 * port), its count (host pipes) to <pipe>_level, from which <pipe>_count
 * is made; an I/O pipe of MinCapacity 0 wires its port straight to the
 * kernel.  A pipe out of the design or an I/O pipe into it that no kernel
 * uses is tied off (never ready, never valid); a host-to-device pipe that
 * no kernel reads keeps its FIFO, never read, so that the host can fill
 * exactly its depth and no more.  Kernel instances are u_<kernel>.
 */
#include "rtlgen_internal.h"

#include <string.h>

struct tpipe {
	struct ir_kernel *reader, *writer;
	const struct kport *rport, *wport;
	const char *rd, *wr; /* signal prefix each end connects to */
	bool into, out_of;   /* into / out of the design (host or I/O) */
	bool host_in;	     /* a host-to-device pipe */
	bool counted;	     /* a host pipe, either way: has a count port */
};

struct core {
	struct rtl_gen *g;
	struct hls_ctx *ctx;
	FILE *f;
	struct rtl_names names;
	struct tpipe *tp; /* by pipe index */
	struct kport **kports;
	unsigned *nkports;
};

static const char *cat(struct core *t, const char *a, const char *b)
{
	return arena_printf(&t->ctx->arena, "%s_%s", a, b);
}

/* Which kernel reads and writes each pipe; direction checks. */
static int connect(struct core *t)
{
	struct ir_program *p = t->g->p;
	struct hls_ctx *ctx = t->ctx;
	unsigned errors = ctx->diag.errors;
	t->tp = arena_alloc(&ctx->arena, (p->npipes + 1) * sizeof *t->tp);
	t->kports = arena_alloc(&ctx->arena, (p->nkernels + 1) * sizeof *t->kports);
	t->nkports = arena_alloc(&ctx->arena, (p->nkernels + 1) * sizeof *t->nkports);
	for (unsigned k = 0; k < p->nkernels; k++) {
		int n = rtl_kernel_ports(ctx, p, p->kernels[k], &t->kports[k]);
		if (n < 0)
			return -1;
		t->nkports[k] = (unsigned)n;
		for (unsigned i = 0; i < t->nkports[k]; i++) {
			const struct kport *pt = &t->kports[k][i];
			unsigned pi = 0;
			while (p->pipes[pi] != pt->pipe)
				pi++;
			struct tpipe *tp = &t->tp[pi];
			struct ir_kernel **end = pt->is_read ? &tp->reader : &tp->writer;
			if (*end) {
				diag_error(&ctx->diag, pt->pipe->loc,
					   "pipe '%s' is %s by two kernels, '%s' and '%s'",
					   pt->pipe->name, pt->is_read ? "read" : "written",
					   (*end)->name, p->kernels[k]->name);
				continue;
			}
			*end = p->kernels[k];
			*(pt->is_read ? &tp->rport : &tp->wport) = pt;
		}
	}
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		struct tpipe *tp = &t->tp[i];
		tp->into = rtl_pipe_into(pipe);
		tp->out_of = rtl_pipe_out_of(pipe);
		tp->host_in = pipe->kind == PIPE_HOST && pipe->dir == DIR_H2D;
		tp->counted = tp->host_in || (pipe->kind == PIPE_HOST && pipe->dir == DIR_D2H);
		if (pipe->kind == PIPE_DEVMEM) {
			continue; /* one kernel and the device memory */
		} else if (pipe->kind == PIPE_KERNEL) {
			if (!tp->reader || !tp->writer)
				diag_error(&ctx->diag, pipe->loc,
					   "pipe '%s' has no %s kernel", pipe->name,
					   tp->reader ? "writing" : "reading");
		} else if (!tp->into && !tp->out_of) {
			diag_error(&ctx->diag, pipe->loc,
				   "%s pipe '%s' has no direction", 
				   pipe->kind == PIPE_HOST ? "host" : "I/O", pipe->name);
		} else if (tp->into && tp->writer) {
			diag_error(&ctx->diag, pipe->loc,
				   "kernel '%s' writes pipe '%s', which carries data into the design",
				   tp->writer->name, pipe->name);
		} else if (tp->out_of && tp->reader) {
			diag_error(&ctx->diag, pipe->loc,
				   "kernel '%s' reads pipe '%s', which carries data out of the design",
				   tp->reader->name, pipe->name);
		}
	}
	return ctx->diag.errors > errors ? -1 : 0;
}

static int reserve(struct core *t, const char *name, struct ir_loc loc)
{
	if (names_has(&t->names, name)) {
		diag_error(&t->ctx->diag, loc,
			   "two ports of sluice_core would be named '%s'; rename a pipe, kernel or parameter",
			   name);
		return -1;
	}
	names_add(t->ctx, &t->names, name);
	return 0;
}

/* A prefix P such that P_tdata, P_tvalid, P_tready are all free. */
static const char *fresh_prefix(struct core *t, const char *base)
{
	const char *pre = base;
	for (unsigned i = 2;; i++) {
		if (!names_has(&t->names, cat(t, pre, "tdata")) &&
		    !names_has(&t->names, cat(t, pre, "tvalid")) &&
		    !names_has(&t->names, cat(t, pre, "tready")))
			break;
		pre = arena_printf(&t->ctx->arena, "%s_%u", base, i);
	}
	names_add(t->ctx, &t->names, cat(t, pre, "tdata"));
	names_add(t->ctx, &t->names, cat(t, pre, "tvalid"));
	names_add(t->ctx, &t->names, cat(t, pre, "tready"));
	return pre;
}

static int plan_names(struct core *t)
{
	struct ir_program *p = t->g->p;
	int err = reserve(t, "clk", (struct ir_loc){0}) | reserve(t, "rst", (struct ir_loc){0});
	for (unsigned i = 0; i < p->nspecs; i++)
		if (p->specs[i]->binding == SPEC_REGISTER)
			err |= reserve(t, rtl_spec_port(t->ctx, p->specs[i]), p->specs[i]->loc);
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		if (!t->tp[i].into && !t->tp[i].out_of)
			continue;
		err |= reserve(t, cat(t, pipe->name, "tdata"), pipe->loc) |
		       reserve(t, cat(t, pipe->name, "tvalid"), pipe->loc) |
		       reserve(t, cat(t, pipe->name, "tready"), pipe->loc);
		if (t->tp[i].counted)
			err |= reserve(t, cat(t, pipe->name, "count"), pipe->loc);
	}
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		if (kn->kind != KERNEL_STARTED)
			continue;
		err |= reserve(t, cat(t, kn->name, "start"), kn->loc) |
		       reserve(t, cat(t, kn->name, "busy"), kn->loc) |
		       reserve(t, cat(t, kn->name, "done"), kn->loc);
		for (unsigned i = 0; i < kn->nparams; i++)
			err |= reserve(t, cat(t, kn->name, rtl_arg_port(t->ctx, &kn->params[i])),
				       kn->loc);
	}
	if (err)
		return -1;
	/* internal wires */
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		struct tpipe *tp = &t->tp[i];
		bool fifo = ir_pipe_has_fifo(pipe);
		tp->wr = tp->into ? pipe->name : NULL;
		tp->rd = tp->out_of ? pipe->name : NULL;
		if (pipe->kind == PIPE_DEVMEM && !fifo)
			tp->wr = tp->rd = fresh_prefix(t, pipe->name);
		else if (!fifo)
			tp->wr = tp->rd = pipe->name;
		if (!tp->wr && (tp->writer || pipe->devmem))
			tp->wr = fresh_prefix(t, cat(t, pipe->name, "wr"));
		if (!tp->rd && (tp->reader || tp->host_in || pipe->devmem))
			tp->rd = fresh_prefix(t, cat(t, pipe->name, "rd"));
	}
	return 0;
}

static void port(struct core *t, const char *dir, unsigned width, const char *name,
		 bool read, bool last)
{
	if (!read)
		fputs("    /* verilator lint_off UNUSEDSIGNAL */\n", t->f);
	fprintf(t->f, "    %-6s wire %-10s %s%s\n", dir,
		width ? arena_printf(&t->ctx->arena, "[%u:0]", width - 1) : "", name,
		last ? "" : ",");
	if (!read)
		fputs("    /* verilator lint_on UNUSEDSIGNAL */\n", t->f);
}

static const char *pipe_desc(struct core *t, const struct ir_pipe *pipe,
			     const struct tpipe *tp)
{
	static const char *const dirs[] = {"kernel to kernel", "host to device",
					   "device to host", "input", "output"};
	static const char *const kinds[] = {"kernel", "host", "I/O", "device memory"};
	const char *depth = pipe->ready_through
		? "register slice (one word, its ready passed through)"
		: ir_pipe_has_fifo(pipe)
		? arena_printf(&t->ctx->arena, "FIFO depth %u", pipe->depth)
		: pipe->direct
		? "no FIFO: the first part of the kernel wired to the second, which takes each word at once"
		: "no FIFO: port wired to the kernel";
	if (pipe->devmem && ir_pipe_has_fifo(pipe))
		depth = arena_printf(&t->ctx->arena, "FIFO depth %u, to the device memory",
				     pipe->depth);
	else if (pipe->kind == PIPE_DEVMEM)
		depth = "no FIFO: wired to the device memory";
	else if (tp->host_in && !tp->reader)
		depth = arena_printf(&t->ctx->arena, "FIFO depth %u, which no kernel reads",
				     pipe->depth);
	else if ((tp->into && !tp->reader) || (tp->out_of && !tp->writer))
		depth = "no kernel uses it: tied off";
	return arena_printf(&t->ctx->arena, "%s pipe '%s' (%s, %s, MinCapacity %d): %s",
			    pipe->kind <= PIPE_DEVMEM ? kinds[pipe->kind] : "?",
			    pipe->name, pipe->type ? pipe->type : "?",
			    pipe->dir <= DIR_OUT ? dirs[pipe->dir] : "?", pipe->min_capacity, depth);
}

static void emit_ports(struct core *t)
{
	struct ir_program *p = t->g->p;
	FILE *f = t->f;
	/* the last port, to end the list without a comma */
	int last_pipe = -1, last_kernel = -1;
	for (unsigned i = 0; i < p->npipes; i++)
		if (t->tp[i].into || t->tp[i].out_of)
			last_pipe = (int)i;
	for (unsigned k = 0; k < p->nkernels; k++)
		if (p->kernels[k]->kind == KERNEL_STARTED)
			last_kernel = (int)k;
	int last_spec = -1;
	for (unsigned i = 0; i < p->nspecs; i++)
		if (p->specs[i]->binding == SPEC_REGISTER)
			last_spec = (int)i;
	fputs("module sluice_core (\n", f);
	port(t, "input", 0, "clk", true, false);
	port(t, "input", 0, "rst", true, last_pipe < 0 && last_kernel < 0 && last_spec < 0);
	if (last_spec >= 0)
		fputs("\n    // register-bound specialization constants\n", f);
	for (unsigned i = 0; i < p->nspecs; i++) {
		if (p->specs[i]->binding != SPEC_REGISTER)
			continue;
		bool read = false;
		for (unsigned k = 0; k < p->nkernels && !read; k++)
			read = rtl_kernel_uses_spec(p->kernels[k], p->specs[i]);
		port(t, "input", p->specs[i]->width, rtl_spec_port(t->ctx, p->specs[i]), read,
		     (int)i == last_spec && last_pipe < 0 && last_kernel < 0);
	}
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		struct tpipe *tp = &t->tp[i];
		if (!tp->into && !tp->out_of)
			continue;
		bool last = (int)i == last_pipe && last_kernel < 0;
		bool used = tp->into ? tp->reader || tp->host_in : tp->writer || pipe->devmem;
		fprintf(f, "\n    // %s\n", pipe_desc(t, pipe, tp));
		const char *in = tp->into ? "input" : "output";
		const char *out = tp->into ? "output" : "input";
		port(t, in, pipe->width, cat(t, pipe->name, "tdata"), used || !tp->into, false);
		port(t, in, 0, cat(t, pipe->name, "tvalid"), used || !tp->into, false);
		port(t, out, 0, cat(t, pipe->name, "tready"), used || tp->into,
		     last && !tp->counted);
		if (tp->counted)
			port(t, "output", 16, cat(t, pipe->name, "count"), true, last);
	}
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		if (kn->kind != KERNEL_STARTED)
			continue;
		fprintf(f, "\n    // kernel '%s': start, busy, done, arguments\n", kn->name);
		port(t, "input", 0, cat(t, kn->name, "start"), true, false);
		port(t, "output", 0, cat(t, kn->name, "busy"), true, false);
		port(t, "output", 0, cat(t, kn->name, "done"), true,
		     (int)k == last_kernel && !kn->nparams);
		for (unsigned i = 0; i < kn->nparams; i++)
			port(t, "input", kn->params[i].width,
			     cat(t, kn->name, rtl_arg_port(t->ctx, &kn->params[i])), true,
			     (int)k == last_kernel && i + 1 == kn->nparams);
	}
	fputs(");\n\n", f);
}

static void wires(struct core *t, const char *pre, unsigned width, bool read)
{
	if (!read)
		fputs("    /* verilator lint_off UNUSEDSIGNAL */\n", t->f);
	fprintf(t->f, "    wire [%u:0] %s_tdata;\n    wire %s_tvalid;\n", width - 1, pre, pre);
	if (!read)
		fputs("    /* verilator lint_on UNUSEDSIGNAL */\n", t->f);
	fprintf(t->f, "    wire %s_tready;\n", pre);
}

/* Whether a FIFO shallower than sluice_fifo's RAM_MIN_DEPTH (32) is still
 * kept in a memory rather than in flip-flops: from 16 words and 512 bits.
 * Measured with Yosys 0.23 synth_ice40, 16 words of 32 bits take 528 FFs
 * and 417 LUTs in flip-flops, 2 SB_RAM40_4K, 51 FFs and 40 LUTs as a
 * memory (which the ECP5 and Gowin flows put in distributed RAM); below
 * 512 bits a block RAM holds too little for what it saves. */
static bool fifo_in_memory(unsigned width, unsigned depth)
{
	return depth >= 16 && depth < 32 && (unsigned long long)width * depth >= 512;
}

/* Bits of sluice_fifo's count for `depth`: $clog2(depth + 1). */
static unsigned count_bits(unsigned depth)
{
	unsigned n = 0;
	while (n < 32 && (1ull << n) <= depth)
		n++;
	return n;
}

/* NAME_count[15:0] from the FIFO's count wire `level` of `cw` bits. */
static void emit_count(struct core *t, const char *pipe, const char *level, unsigned cw)
{
	if (cw < 16)
		fprintf(t->f, "    assign %s_count = {%u'd0, %s};\n", pipe, 16 - cw, level);
	else if (cw == 16)
		fprintf(t->f, "    assign %s_count = %s;\n", pipe, level);
	else
		fprintf(t->f, "    assign %s_count = |%s[%u:16] ? 16'hffff : %s[15:0];\n",
			pipe, level, cw - 1, level);
}

static void emit_pipes(struct core *t)
{
	struct ir_program *p = t->g->p;
	struct hls_ctx *ctx = t->ctx;
	FILE *f = t->f;
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pipe = p->pipes[i];
		struct tpipe *tp = &t->tp[i];
		unsigned w = pipe->width;
		bool connected = tp->into ? tp->reader || tp->host_in
			       : tp->out_of ? tp->writer || pipe->devmem : true;
		fprintf(f, "    // %s\n", pipe_desc(t, pipe, tp));
		if (!connected) {
			if (tp->into)
				fprintf(f, "    assign %s_tready = 1'b0;\n", pipe->name);
			else
				fprintf(f, "    assign %s_tdata = %s;\n    assign %s_tvalid = 1'b0;\n",
					pipe->name, rtl_literal64(ctx, w, 0), pipe->name);
			if (tp->counted)
				fprintf(f, "    assign %s_count = 16'd0;\n", pipe->name);
			fputc('\n', f);
			continue;
		}
		if (pipe->kind == PIPE_DEVMEM && !ir_pipe_has_fifo(pipe)) {
			wires(t, tp->rd, w, true);
			fputc('\n', f);
			continue;
		}
		if (!ir_pipe_has_fifo(pipe)) {
			if (pipe->direct) /* the two kernels' ports */
				wires(t, tp->rd, w, true);
			fputc('\n', f);
			continue;
		}
		t->g->uses_fifo = true;
		if (!tp->into)
			wires(t, tp->wr, w, true);
		if (!tp->out_of)
			wires(t, tp->rd, w, tp->reader || pipe->devmem);
		if (tp->host_in && !tp->reader && !pipe->devmem)
			fprintf(f, "    assign %s_tready = 1'b0;\n", tp->rd);
		const char *level = NULL;
		unsigned cw = count_bits(pipe->depth);
		if (tp->counted) {
			level = names_fresh(ctx, &t->names, cat(t, pipe->name, "level"));
			fprintf(f, "    wire [%u:0] %s;\n", cw - 1, level);
			emit_count(t, pipe->name, level, cw);
		}
		const char *inst = names_fresh(ctx, &t->names, cat(t, "fifo", pipe->name));
		if (!level)
			fputs("    /* verilator lint_off PINCONNECTEMPTY */\n", f);
		fprintf(f, "    sluice_fifo #(.WIDTH(%u), .DEPTH(%u)%s%s) %s (\n"
			   "        .clk(clk),\n"
			   "        .rst(rst),\n"
			   "        .s_axis_tdata(%s_tdata),\n"
			   "        .s_axis_tvalid(%s_tvalid),\n"
			   "        .s_axis_tready(%s_tready),\n"
			   "        .m_axis_tdata(%s_tdata),\n"
			   "        .m_axis_tvalid(%s_tvalid),\n"
			   "        .m_axis_tready(%s_tready),\n"
			   "        .count(%s)\n"
			   "    );\n",
			w, pipe->depth, pipe->ready_through ? ", .READY_THROUGH(1)" : "",
			fifo_in_memory(w, pipe->depth) ? ", .RAM_MIN_DEPTH(16)" : "", inst,
			tp->wr, tp->wr, tp->wr, tp->rd, tp->rd, tp->rd,
			level ? level : "");
		if (!level)
			fputs("    /* verilator lint_on PINCONNECTEMPTY */\n", f);
		fputc('\n', f);
	}
}

/* The device-memory answers that kernel k may have accepted and not yet
 * taken, at most: per load, the iterations in flight between its request
 * and its answer (one outside pipelined loops).  Its port's answer FIFO
 * holds that many, so a request never waits for an answer that only a
 * later cycle of the same iteration takes. */
static unsigned dmem_outstanding(struct core *t, unsigned k, const struct ir_pipe *rsp)
{
	const struct sched_kernel *sk = &t->g->s->kernels[k];
	const struct ir_kernel *kn = t->g->p->kernels[k];
	unsigned n = 0;
	for (unsigned b = 0; b < kn->nblocks; b++) {
		const struct ir_block *blk = kn->blocks[b];
		unsigned ii = sk->ii[blk->id];
		for (unsigned i = 0; i < blk->nops; i++) {
			const struct ir_op *rd = blk->ops[i];
			if (!rsp || rd->pipe != rsp || rd->opc != IR_PIPE_READ)
				continue;
			unsigned req = 0;
			for (unsigned j = 0; j < blk->nops; j++)
				if (blk->ops[j]->lat.anchor == rd->lat.target && blk->ops[j]->pipe)
					req = sk->cycle[blk->ops[j]->id];
			unsigned d = sk->cycle[rd->id] > req ? sk->cycle[rd->id] - req : 0;
			n += ii ? d / ii + 1 : 1;
		}
	}
	return n;
}

/* rtl/sluice_devmem.v, when a kernel takes pointer arguments: port i is
 * the i-th such kernel's channel (program order), the host port is fed by
 * the FIFOs of the host pipes sluice_devmem_cmd / sluice_devmem_data.
 * SLUICE_DEVMEM_CHECK (the simulator defines it) turns on its check of
 * each access against the buffers the host allocated. */
static void emit_devmem(struct core *t)
{
	struct ir_program *p = t->g->p;
	FILE *f = t->f;
	if (!p->dmem_bytes)
		return;
	const char *req_d = "", *req_v = "", *req_r = "", *rsp_d = "", *rsp_v = "", *rsp_r = "";
	unsigned nports = 0, depth = 2;
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		for (unsigned c = 0; c < kn->ndmem_chans; c++) {
			const struct ir_dmem_chan *ch = &kn->dmem_chans[c];
			unsigned ri = 0, si = 0;
			while (p->pipes[ri] != ch->req)
				ri++;
			const char *rq = t->tp[ri].rd, *rs = NULL;
			if (ch->rsp) {
				while (p->pipes[si] != ch->rsp)
					si++;
				rs = t->tp[si].rd;
			}
			const char *sep = nports ? ", " : "";
			req_d = arena_printf(&t->ctx->arena, "%s_tdata%s%s", rq, sep, req_d);
			req_v = arena_printf(&t->ctx->arena, "%s_tvalid%s%s", rq, sep, req_v);
			req_r = arena_printf(&t->ctx->arena, "%s_tready%s%s", rq, sep, req_r);
			if (rs) {
				rsp_d = arena_printf(&t->ctx->arena, "%s_tdata%s%s", rs, sep, rsp_d);
				rsp_v = arena_printf(&t->ctx->arena, "%s_tvalid%s%s", rs, sep, rsp_v);
				rsp_r = arena_printf(&t->ctx->arena, "%s_tready%s%s", rs, sep, rsp_r);
			} else {
				const char *w = names_fresh(t->ctx, &t->names, cat(t, ch->req->name, "unanswered"));
				fprintf(f, "    // '%s' only stores: no answers\n"
					   "    /* verilator lint_off UNUSEDSIGNAL */\n"
					   "    wire [64:0] %s;\n"
					   "    /* verilator lint_on UNUSEDSIGNAL */\n", ch->req->name, w);
				rsp_d = arena_printf(&t->ctx->arena, "%s[63:0]%s%s", w, sep, rsp_d);
				rsp_v = arena_printf(&t->ctx->arena, "%s[64]%s%s", w, sep, rsp_v);
				rsp_r = arena_printf(&t->ctx->arena, "1'b1%s%s", sep, rsp_r);
			}
			unsigned n = dmem_outstanding(t, k, ch->rsp);
			if (n > depth)
				depth = n;
			nports++;
		}
	}
	unsigned ci = 0, di = 0;
	while (!(p->pipes[ci]->devmem && p->pipes[ci]->kind == PIPE_HOST &&
		 p->pipes[ci]->dir == DIR_H2D))
		ci++;
	while (!(p->pipes[di]->devmem && p->pipes[di]->kind == PIPE_HOST &&
		 p->pipes[di]->dir == DIR_D2H))
		di++;
	const char *inst = names_fresh(t->ctx, &t->names, "u_devmem");
	fprintf(f, "    // device memory: %llu bytes, %u kernel port(s), answers in flight per port "
		   "at most %u\n"
		   "`ifdef SLUICE_DEVMEM_CHECK\n"
		   "    localparam DEVMEM_CHECK = 1;\n"
		   "`else\n"
		   "    localparam DEVMEM_CHECK = 0;\n"
		   "`endif\n"
		   "    sluice_devmem #(.NPORTS(%u), .AW(32), .BYTES(%llu), .TAGW(%u), "
		   ".RSP_DEPTH(%u), .CHECK(DEVMEM_CHECK)) %s (\n"
		   "        .clk(clk),\n"
		   "        .rst(rst),\n"
		   "        .req_tdata({%s}),\n"
		   "        .req_tvalid({%s}),\n"
		   "        .req_tready({%s}),\n"
		   "        .rsp_tdata({%s}),\n"
		   "        .rsp_tvalid({%s}),\n"
		   "        .rsp_tready({%s}),\n"
		   "        .host_cmd_tdata(%s_tdata),\n"
		   "        .host_cmd_tvalid(%s_tvalid),\n"
		   "        .host_cmd_tready(%s_tready),\n"
		   "        .host_data_tdata(%s_tdata),\n"
		   "        .host_data_tvalid(%s_tvalid),\n"
		   "        .host_data_tready(%s_tready)\n"
		   "    );\n\n",
		(unsigned long long)p->dmem_bytes, nports, depth, nports,
		(unsigned long long)p->dmem_bytes, IR_DMEM_TAG_BITS, depth, inst,
		req_d, req_v, req_r, rsp_d, rsp_v, rsp_r,
		t->tp[ci].rd, t->tp[ci].rd, t->tp[ci].rd, t->tp[di].wr, t->tp[di].wr, t->tp[di].wr);
	t->g->uses_devmem = true;
}

/* A kernel with device-memory channels is done when its last store has
 * left for the memory, not when its last state is: its requests wait in
 * the FIFOs of its channels until the memory takes them, and a host that
 * reads the memory after the done, or a kernel started after it, must see
 * them.  So K_done is the kernel's done held until those FIFOs are empty
 * (a request written in the kernel's last cycle is in them a cycle later:
 * the hold starts there), and K_busy covers the wait.  The memory applies
 * requests in the order it takes them, so a later access sees the stores.
 * *busy and *done become the wires the kernel instance drives. */
static void done_after_stores(struct core *t, const struct ir_kernel *kn, const char *inst,
			      const char **busy, const char **done)
{
	struct ir_program *p = t->g->p;
	FILE *f = t->f;
	const char *kb = names_fresh(t->ctx, &t->names, cat(t, inst, "busy"));
	const char *kd = names_fresh(t->ctx, &t->names, cat(t, inst, "done"));
	const char *wait = names_fresh(t->ctx, &t->names, cat(t, kn->name, "done_wait"));
	const char *gone = names_fresh(t->ctx, &t->names, cat(t, kn->name, "reqs_gone"));
	const char *any = "";
	for (unsigned c = 0; c < kn->ndmem_chans; c++) {
		unsigned ri = 0;
		while (p->pipes[ri] != kn->dmem_chans[c].req)
			ri++;
		any = arena_printf(&t->ctx->arena, "%s%s%s_tvalid", any, c ? " || " : "",
				   t->tp[ri].rd);
	}
	fprintf(f, "    // '%s' is done once its requests have left for the device memory\n"
		   "    wire %s, %s;\n"
		   "    wire %s = !(%s);\n"
		   "    reg %s = 1'b0;\n"
		   "    always @(posedge clk) begin\n"
		   "        if (rst || (%s && %s))\n"
		   "            %s <= 1'b0;\n"
		   "        else if (%s)\n"
		   "            %s <= 1'b1;\n"
		   "    end\n"
		   "    assign %s_done = %s && %s;\n"
		   "    assign %s_busy = %s || %s;\n\n",
		kn->name, kb, kd, gone, any, wait, wait, gone, wait, kd, wait, kn->name, wait, gone,
		kn->name, kb, wait);
	*busy = kb;
	*done = kd;
}

static void emit_kernels(struct core *t)
{
	struct ir_program *p = t->g->p;
	FILE *f = t->f;
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		const char *inst = names_fresh(t->ctx, &t->names, cat(t, "u", kn->name));
		const char *busy = cat(t, kn->name, "busy"), *done = cat(t, kn->name, "done");
		if (kn->kind == KERNEL_STARTED && kn->ndmem_chans)
			done_after_stores(t, kn, inst, &busy, &done);
		fprintf(f, "    kernel_%s %s (\n        .clk(clk),\n        .rst(rst)", kn->name, inst);
		for (unsigned i = 0; i < p->nspecs; i++)
			if (rtl_kernel_uses_spec(kn, p->specs[i])) {
				const char *sp = rtl_spec_port(t->ctx, p->specs[i]);
				fprintf(f, ",\n        .%s(%s)", sp, sp);
			}
		if (kn->kind == KERNEL_STARTED) {
			fprintf(f, ",\n        .start(%s_start),\n        .busy(%s),\n"
				   "        .done(%s)", kn->name, busy, done);
			for (unsigned i = 0; i < kn->nparams; i++) {
				const char *a = rtl_arg_port(t->ctx, &kn->params[i]);
				fprintf(f, ",\n        .%s(%s_%s)", a, kn->name, a);
			}
		}
		for (unsigned i = 0; i < t->nkports[k]; i++) {
			const struct kport *pt = &t->kports[k][i];
			unsigned pi = 0;
			while (p->pipes[pi] != pt->pipe)
				pi++;
			const char *pre = pt->is_read ? t->tp[pi].rd : t->tp[pi].wr;
			fprintf(f, ",\n        .%s(%s_tdata),\n        .%s(%s_tvalid),\n"
				   "        .%s(%s_tready)",
				pt->tdata, pre, pt->tvalid, pre, pt->tready, pre);
		}
		fputs("\n    );\n\n", f);
	}
}

int rtl_emit_core(struct rtl_gen *g)
{
	struct core cores = {.g = g, .ctx = g->ctx};
	struct core *t = &cores;
	if (connect(t) || plan_names(t))
		return -1;
	for (unsigned k = 0; k < g->p->nkernels; k++)
		names_fresh(t->ctx, &t->names, arena_printf(&t->ctx->arena, "kernel_%s",
							    g->p->kernels[k]->name));
	names_fresh(t->ctx, &t->names, "sluice_fifo");
	const char *fname = "sluice_core.v";
	t->f = rtl_open(g, fname);
	if (!t->f)
		return -1;
	rtl_file_header(g, t->f,
			arena_printf(&g->ctx->arena,
				     "sluice_core: %u kernel(s), %u pipe(s), one sluice_fifo per pipe "
				     "but I/O pipes of MinCapacity 0; host pipes and kernel control "
				     "are ports (sluice_top puts the host bridge in front of them).",
				     g->p->nkernels, g->p->npipes));
	emit_ports(t);
	emit_pipes(t);
	emit_devmem(t);
	emit_kernels(t);
	fputs("endmodule\n\n`resetall\n", t->f);
	return rtl_close(g, t->f, fname);
}
