/*
 * test_rtlgen.c -- the Verilog back end on hand-built IR with hand-made
 * schedules: the output is lint-clean (verilator -Wall, iverilog, yosys),
 * has the documented ports, names and comments, and every error path is
 * diagnosed.  Behaviour in simulation: test_rtlgen_sim.c and
 * test_rtlgen_bits.c.
 */
#include "rtlgen_test.h"

/* One program under test: context, program, schedule, output directory. */
struct case_ {
	struct hls_ctx ctx;
	struct ir_program *p;
	struct hls_schedule s;
	char *dir;
	struct rtl_files files;
	char *diag_text;
	size_t diag_len;
	FILE *diag;
};

static void case_init(struct case_ *c, const char *name)
{
	memset(c, 0, sizeof *c);
	hls_ctx_init(&c->ctx);
	c->diag = open_memstream(&c->diag_text, &c->diag_len);
	c->ctx.diag.out = c->diag;
	c->p = ir_program_new(&c->ctx, name);
	const char *src = arena_printf(&c->ctx.arena, "%s.c", name);
	VEC_PUSH(&c->ctx.arena, c->p->sources, c->p->nsources, src);
	c->dir = tmp_dir(name);
}

/* Runs rtlgen with these options; returns its result. */
static int case_gen_opts(struct case_ *c, const struct rtl_opts *o)
{
	int rc = rtlgen_program(&c->ctx, c->p, &c->s, o, c->dir, &c->files);
	fflush(c->diag);
	return rc;
}

static int case_gen(struct case_ *c)
{
	return case_gen_opts(c, &(struct rtl_opts){0});
}

static void case_fini(struct case_ *c, bool keep)
{
	fflush(c->diag);
	if (keep)
		printf("  (files kept in %s)\n%s", c->dir, c->diag_text ? c->diag_text : "");
	else
		rm_dir(c->dir);
	free(c->dir);
	fclose(c->diag);
	free(c->diag_text);
	hls_ctx_fini(&c->ctx);
}

/* ---- a kernel with every opcode, wide values, partly used values ------ */

static void build_kitchen(struct case_ *c)
{
	struct hls_ctx *ctx = &c->ctx;
	struct ir_program *p = c->p;
	struct ir_pipe *in = mk_pipe(ctx, p, "in", "struct wide", 128, 4, PIPE_HOST, DIR_H2D);
	struct ir_pipe *nb = mk_pipe(ctx, p, "nbin", "uint8_t", 8, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *out = mk_pipe(ctx, p, "out", "uint64_t", 64, 8, PIPE_HOST, DIR_D2H);
	struct ir_pipe *nbo = mk_pipe(ctx, p, "nbout", "uint16_t", 16, 3, PIPE_IO, DIR_OUT);
	mk_pipe(ctx, p, "spare", "int32_t", 32, 2, PIPE_HOST, DIR_H2D); /* unused */
	mk_pipe(ctx, p, "spare_out", "int32_t", 32, 0, PIPE_IO, DIR_OUT); /* unused */
	struct tk t = mk_kernel(ctx, p, "kitchen", KERNEL_STARTED, "kitchen.c");
	mk_param(&t, "sel", 8, false);
	mk_param(&t, "ignored", 16, true); /* never read */
	mk_param(&t, "flag", 1, false);
	struct ir_state *st = mk_state(&t, "acc", 96, 0x1234);
	struct ir_state *dead = mk_state(&t, "never_loaded", 8, 3);
	struct ir_block *b0 = ir_block_new(ctx, t.k, "entry");
	struct ir_block *b1 = ir_block_new(ctx, t.k, "sw.a");
	struct ir_block *b2 = ir_block_new(ctx, t.k, "sw_a"); /* sanitizes to the same name */
	struct ir_block *b3 = ir_block_new(ctx, t.k, "");
	struct ir_block *bx = ir_block_new(ctx, t.k, "exit");

	t.line = 10;
	struct ir_op *sel = k_arg(&t, b0, 0), *flag = k_arg(&t, b0, 2);
	struct ir_op *acc = OP0(&t, b0, IR_STATE_LOAD, 96, "acc");
	acc->state = st;
	struct ir_op *w = k_read(&t, b0, in, "w.val"); /* 128 bits */
	t.line = 11;
	struct ir_op *lo = OP1(&t, b0, IR_TRUNC, 64, "lo", w);
	struct ir_op *mid = k_extract(&t, b0, w, 64, 32); /* bits 95:64 only */
	/* bits 127:96 of w are never read: w is declared with lint_off */
	struct ir_op *wide = OP2(&t, b0, IR_MUL, 128, "1wide", OP2(&t, b0, IR_CONCAT, 128, NULL,
		mid, OP1(&t, b0, IR_ZEXT, 96, NULL, lo)), OP0(&t, b0, IR_UNDEF, 128, NULL));
	struct ir_op *big = ir_const(ctx, t.k, b0, 300, 0);
	big->imm_words[0] = 0x0123456789abcdefull;
	big->imm_words[1] = 0xfedcba9876543210ull;
	big->imm_words[2] = 0x5555aaaa5555aaaaull;
	big->imm_words[3] = 0xffffffffffffffffull;
	big->imm_words[4] = 0xfffffffffffull;
	struct ir_op *bigx = OP2(&t, b0, IR_XOR, 300, NULL, big,
				 OP1(&t, b0, IR_SEXT, 300, "s.ext", wide));
	struct ir_op *hi = k_extract(&t, b0, bigx, 236, 64);
	t.line = 12;
	struct ir_op *s64 = OP1(&t, b0, IR_ZEXT, 64, NULL, sel);
	struct ir_op *ops[] = {
		OP2(&t, b0, IR_ADD, 64, NULL, lo, hi), OP2(&t, b0, IR_SUB, 64, NULL, lo, hi),
		OP2(&t, b0, IR_AND, 64, NULL, lo, hi), OP2(&t, b0, IR_OR, 64, NULL, lo, hi),
		OP2(&t, b0, IR_SHL, 64, NULL, lo, s64), OP2(&t, b0, IR_LSHR, 64, NULL, lo, sel),
		OP2(&t, b0, IR_ASHR, 64, NULL, lo, s64),
		OP2(&t, b0, IR_UDIV, 64, "q", lo, hi), /* combinational (latency 0) */
		OP2(&t, b0, IR_SREM, 64, "r", lo, hi),
		OP1(&t, b0, IR_CTPOP, 64, NULL, lo), OP1(&t, b0, IR_CTLZ, 64, NULL, lo),
		OP1(&t, b0, IR_CTTZ, 64, NULL, hi), OP1(&t, b0, IR_BSWAP, 64, NULL, lo),
		OP1(&t, b0, IR_BITREV, 64, NULL, hi),
		OP1(&t, b0, IR_TRUNC, 64, NULL, OP1(&t, b0, IR_CTLZ, 128, NULL, wide)),
		OP1(&t, b0, IR_ZEXT, 64, NULL, OP1(&t, b0, IR_BSWAP, 16, NULL, k_extract(&t, b0, lo, 8, 16))),
		OP1(&t, b0, IR_SEXT, 64, NULL, OP1(&t, b0, IR_CTPOP, 1, NULL, flag)),
		OP1(&t, b0, IR_ZEXT, 64, NULL, OP1(&t, b0, IR_BITREV, 1, NULL,
			OP2(&t, b0, IR_SLE, 1, NULL, lo, hi))),
		OP3(&t, b0, IR_SELECT, 64, NULL, OP2(&t, b0, IR_UGE, 1, NULL, lo, hi), lo, hi),
		OP1(&t, b0, IR_ZEXT, 64, NULL, OP3(&t, b0, IR_CONCAT, 3, NULL,
			OP2(&t, b0, IR_EQ, 1, NULL, lo, hi), OP2(&t, b0, IR_NE, 1, NULL, lo, hi),
			OP2(&t, b0, IR_ULT, 1, NULL, lo, hi))),
	};
	struct ir_op *div = OP2(&t, b0, IR_SDIV, 64, "sd", lo, hi); /* pipelined, no rem partner */
	struct ir_op *urem = OP2(&t, b0, IR_UREM, 8, "ur", sel, OP1(&t, b0, IR_TRUNC, 8, NULL, hi));
	t.line = 13;
	struct ir_op *x = ops[0];
	for (unsigned i = 1; i < sizeof ops / sizeof *ops; i++)
		x = OP2(&t, b0, IR_XOR, 64, NULL, x, ops[i]);
	struct ir_op *wx = k_write(&t, b0, out, x);
	struct ir_op *wd = k_write(&t, b0, out, div);
	t.line = 14;
	struct ir_op *rnb = k_read_nb(&t, b0, nb, "nbv");
	struct ir_op *ok = k_extract(&t, b0, rnb, 8, 1);
	struct ir_op *uz = OP1(&t, b0, IR_ZEXT, 16, NULL, urem);
	struct ir_op *wnb = k_write_nb(&t, b0, nbo, uz, "ok2");
	struct ir_op *both = OP2(&t, b0, IR_AND, 1, NULL, ok, wnb);
	struct ir_op *acc2 = OP2(&t, b0, IR_ADD, 96, NULL, acc,
				 OP1(&t, b0, IR_ZEXT, 96, NULL, OP2(&t, b0, IR_SGT, 1, NULL, lo, hi)));
	struct ir_op *gt = OP2(&t, b0, IR_SLT, 1, NULL, sel, k_const(&t, b0, 8, 0x80));
	struct ir_op *sw = k_term(&t, b0, IR_SWITCH, sel, 4, bx, b1, b2, b1);
	sw->case_vals = arena_alloc(&ctx->arena, 3 * sizeof(uint64_t));
	sw->case_vals[0] = 1, sw->case_vals[1] = 2, sw->case_vals[2] = 0xff;
	t.line = 15;
	K_CONDBR(&t, b1, both, b3, bx);
	K_CONDBR(&t, b2, gt, b3, b3);
	t.line = 16;
	struct ir_op *dead_st = OP1(&t, b3, IR_STATE_STORE, 0, NULL, k_const(&t, b3, 8, 9));
	dead_st->state = dead;
	K_BR(&t, b3, bx);
	t.line = 17;
	struct ir_op *ph = k_phi(&t, bx, 96, "accp", 3);
	phi_in(ph, 0, acc2, b0), phi_in(ph, 1, acc, b1), phi_in(ph, 2, acc2, b3);
	k_write(&t, bx, out, OP1(&t, bx, IR_TRUNC, 64, NULL, ph)); /* observes the state */
	struct ir_op *store = OP1(&t, bx, IR_STATE_STORE, 0, NULL, ph);
	store->state = st;
	K_RET(&t, bx);
	ir_compute_preds(ctx, t.k);

	struct sched_kernel *sk = sched_new(ctx, &c->s, p, t.k);
	AT(sk, wx, 1, 0);
	AT(sk, div, 1, 64 + 2);
	AT(sk, wd, 1 + 66, 0);
	AT(sk, rnb, 2, 0), AT(sk, ok, 2, 0), AT(sk, urem, 2, 10);
	AT(sk, uz, 12, 0), AT(sk, wnb, 12, 0), AT(sk, both, 12, 0);
	sched_done(sk);
}

/* A kernel-to-kernel pipe, a kernel feeding its own pipe, an autorun
 * kernel, an I/O pipe with a FIFO. */
static void build_kpipes(struct case_ *c)
{
	struct hls_ctx *ctx = &c->ctx;
	struct ir_program *p = c->p;
	struct ir_pipe *src = mk_pipe(ctx, p, "src", "uint16_t", 16, 4, PIPE_IO, DIR_IN);
	struct ir_pipe *mid = mk_pipe(ctx, p, "mid", "uint16_t", 16, 16, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *loopq = mk_pipe(ctx, p, "loopq", "uint16_t", 16, 1, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *dst = mk_pipe(ctx, p, "dst", "uint16_t", 16, 0, PIPE_HOST, DIR_D2H);
	struct tk a = mk_kernel(ctx, p, "prod", KERNEL_AUTORUN, "kp.c");
	struct ir_block *ab = ir_block_new(ctx, a.k, "entry");
	struct ir_op *v = k_read(&a, ab, src, "v");
	struct ir_op *w = k_write(&a, ab, mid, v);
	K_RET(&a, ab);
	struct sched_kernel *ska = sched_new(ctx, &c->s, p, a.k);
	AT(ska, w, 1, 0);
	sched_done(ska);

	struct tk b = mk_kernel(ctx, p, "cons", KERNEL_STARTED, "kp.c");
	struct ir_block *bb = ir_block_new(ctx, b.k, "entry");
	struct ir_op *m = k_read(&b, bb, mid, "m");
	struct ir_op *w1 = k_write(&b, bb, loopq, m);
	struct ir_op *m2 = k_read(&b, bb, loopq, "m2");
	struct ir_op *w2 = k_write(&b, bb, dst, m2);
	K_RET(&b, bb);
	struct sched_kernel *skb = sched_new(ctx, &c->s, p, b.k);
	AT(skb, w1, 1, 0), AT(skb, m2, 2, 0), AT(skb, w2, 3, 0);
	sched_done(skb);
}

/* Three autorun kernels a -> b -> c with a pipe a -> c beside them:
 * which kernel pipes become register slices (fifo_size.c). */
static void build_slices(struct case_ *c)
{
	struct hls_ctx *ctx = &c->ctx;
	struct ir_program *p = c->p;
	struct ir_pipe *in = mk_pipe(ctx, p, "in", "uint16_t", 16, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *ab = mk_pipe(ctx, p, "ab", "uint16_t", 16, 0, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *bc = mk_pipe(ctx, p, "bc", "uint16_t", 16, 0, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *ac = mk_pipe(ctx, p, "ac", "uint16_t", 16, 1, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *ab2 = mk_pipe(ctx, p, "ab2", "uint16_t", 16, 2, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *out = mk_pipe(ctx, p, "out", "uint16_t", 16, 0, PIPE_IO, DIR_OUT);
	struct tk a = mk_kernel(ctx, p, "a", KERNEL_AUTORUN, "sl.c");
	struct tk b = mk_kernel(ctx, p, "b", KERNEL_AUTORUN, "sl.c");
	struct tk k = mk_kernel(ctx, p, "c", KERNEL_AUTORUN, "sl.c");
	ab->writer = ac->writer = ab2->writer = a.k, ab->reader = ab2->reader = b.k;
	bc->writer = b.k, bc->reader = ac->reader = k.k;
	struct ir_block *ba = ir_block_new(ctx, a.k, "entry");
	struct ir_op *v = k_read(&a, ba, in, "v");
	k_write(&a, ba, ab, v), k_write(&a, ba, ac, v), k_write(&a, ba, ab2, v);
	K_RET(&a, ba);
	struct ir_block *bb = ir_block_new(ctx, b.k, "entry");
	struct ir_op *x = k_read(&b, bb, ab, "x"), *y = k_read(&b, bb, ab2, "y");
	k_write(&b, bb, bc, OP2(&b, bb, IR_XOR, 16, "xy", x, y));
	K_RET(&b, bb);
	struct ir_block *bk = ir_block_new(ctx, k.k, "entry");
	struct ir_op *u = k_read(&k, bk, bc, "u"), *w = k_read(&k, bk, ac, "w");
	k_write(&k, bk, out, OP2(&k, bk, IR_ADD, 16, "uw", u, w));
	K_RET(&k, bk);
	sched_done(sched_new(ctx, &c->s, p, a.k));
	sched_done(sched_new(ctx, &c->s, p, b.k));
	sched_done(sched_new(ctx, &c->s, p, k.k));
}

/* ---- structure checks ------------------------------------------------- */

/* The port names of `module NAME (...)` in file text, space separated. */
static char *port_names(const char *text, const char *module)
{
	char head[128];
	snprintf(head, sizeof head, "module %s ", module); /* "(" or "#(...) (" */
	const char *s = strstr(text, head);
	if (!s)
		return strdup("");
	const char *end = strstr(s, ");");
	char *out = calloc(1, (size_t)(end - s) + 1);
	for (const char *l = strchr(s, '\n'); l && l < end; l = strchr(l + 1, '\n')) {
		const char *nl = strchr(l + 1, '\n');
		char line[512];
		size_t n = (size_t)(nl - l - 1);
		if (n >= sizeof line)
			continue;
		memcpy(line, l + 1, n);
		line[n] = 0;
		if (!strstr(line, " wire ") || strstr(line, "//") || strstr(line, "/*"))
			continue;
		char *name = strrchr(line, ' ') + 1;
		size_t k = strlen(name);
		if (k && name[k - 1] == ',')
			name[k - 1] = 0;
		sprintf(out + strlen(out), "%s%s", *out ? " " : "", name);
	}
	return out;
}

static bool has(const char *text, const char *what)
{
	bool ok = text && strstr(text, what);
	if (!ok)
		printf("  missing: %s\n", what);
	return ok;
}

static bool same(const char *got, const char *want)
{
	if (strcmp(got, want)) {
		printf("  got:  %s\n  want: %s\n", got, want);
		return false;
	}
	return true;
}

static void test_kitchen(struct results *r)
{
	struct case_ c;
	case_init(&c, "kitchen");
	build_kitchen(&c);
	bool ok = ir_verify(&c.ctx, c.p, "test") == 0 && case_gen(&c) == 0;
	report(r, "kitchen_generates", ok);
	report(r, "kitchen_lint_verilator_iverilog_yosys", ok && !lint_design(c.dir, &c.files));
	char *k = gen_text(c.dir, "kernel_kitchen.v"), *core = gen_text(c.dir, "sluice_core.v");
	char *top = gen_text(c.dir, "sluice_top.v");
	bool names = k && core && top &&
		has(k, "// Generated by sluice from kitchen.c; do not edit.") &&
		has(k, "`default_nettype none") && has(k, "`resetall") &&
		has(k, "localparam [6:0] S_sw_a_0") && has(k, "S_sw_a_2_0") && has(k, "S_bb3_0") &&
		has(k, "// kitchen.c:12, 13; writes 'out'") &&
		has(k, "wire [127:0] w_val_") && has(k, "wide_") &&
		has(k, "reg [95:0] acc_q;") && has(k, "acc_q <= 96'h000000000000000000001234;") &&
		!strstr(k, "never_loaded_q") &&
		has(k, "300'h"
		    "fffffffffffffffffffffffffff5555aaaa5555aaaafedcba98765432100123456789abcdef") &&
		has(k, "sluice_div #(.WIDTH(64), .SIGNED(1), .LATENCY(66))") &&
		has(k, "/* verilator lint_off PINCONNECTEMPTY */") &&
		has(k, "function [63:0] sluice_ctpop_64;") && has(k, "sluice_bitrev_1(") &&
		has(k, "{nbin_tvalid, nbin_tdata}") &&
		/* a host pipe no kernel reads keeps its FIFO (the bridge's credits
		 * count on it); an unused I/O pipe is tied off */
		has(core, "sluice_fifo #(.WIDTH(32), .DEPTH(2)) fifo_spare") &&
		has(core, "assign spare_rd_tready = 1'b0;") &&
		has(core, "assign spare_out_tvalid = 1'b0;") &&
		has(core, "sluice_fifo #(.WIDTH(16), .DEPTH(3)) fifo_nbout") &&
		has(core, "assign in_count = {13'd0, in_level};") && has(core, ".count(in_level)") &&
		has(core, "assign spare_count = {14'd0, spare_level};");
	report(r, "kitchen_names_comments_literals", names);
	/* sluice_top: the bridge's numbering of the kitchen's host interface */
	names = top && has(top, ".N_H2D(2),") && has(top, ".H2D_WIDTHS({16'd32, 16'd128}),") &&
		has(top, ".H2D_DEPTHS({32'd2, 32'd4}),") && has(top, ".H2D_MAXW(128),") &&
		has(top, ".D2H_WIDTHS({16'd64}),") && has(top, ".N_KERNELS(1),") &&
		has(top, ".ARG_WORDS(3),") && has(top, ".SPEC_WORDS(0),") &&
		has(top, ".kitchen_arg_flag(kernel_args[64:64])") &&
		has(top, ".spare_tdata(h2d_tdata[31:0])") && has(top, ".spare_count(h2d_count[31:16])") &&
		has(top, "assign d2h_tdata[63:0] = out_q;") && has(top, ".rst(pipe_rst)") &&
		has(top, "kernel_args[31:8], kernel_args[63:48], kernel_args[95:65]");
	report(r, "kitchen_top_bridge_wiring", names);
	char *kp = k ? port_names(k, "kernel_kitchen") : strdup("");
	report(r, "kitchen_kernel_ports",
	       same(kp, "clk rst start busy done arg_sel arg_ignored arg_flag in_tdata in_tvalid "
			"in_tready nbin_tdata nbin_tvalid nbin_tready out_tdata out_tvalid out_tready "
			"nbout_tdata nbout_tvalid nbout_tready"));
	char *cp = core ? port_names(core, "sluice_core") : strdup("");
	report(r, "kitchen_core_ports",
	       same(cp, "clk rst in_tdata in_tvalid in_tready in_count nbin_tdata nbin_tvalid "
			"nbin_tready out_tdata out_tvalid out_tready out_count nbout_tdata nbout_tvalid "
			"nbout_tready spare_tdata spare_tvalid spare_tready spare_count "
			"spare_out_tdata spare_out_tvalid spare_out_tready kitchen_start kitchen_busy "
			"kitchen_done kitchen_arg_sel kitchen_arg_ignored kitchen_arg_flag"));
	char *tp = top ? port_names(top, "sluice_top") : strdup("");
	report(r, "kitchen_top_ports",
	       same(tp, "clk rst s_axis_link_tdata s_axis_link_tvalid s_axis_link_tready "
			"m_axis_link_tdata m_axis_link_tvalid m_axis_link_tready kernels_busy link_down nbin_tdata "
			"nbin_tvalid nbin_tready nbout_tdata nbout_tvalid nbout_tready "
			"spare_out_tdata spare_out_tvalid spare_out_tready"));
	/* depths: host pipes and I/O pipes with MinCapacity > 0 get max(min, 2) */
	struct ir_program *p = c.p;
	report(r, "fifo_depths_max_mincap_2",
	       p->pipes[0]->depth == 4 && p->pipes[1]->depth == 0 && p->pipes[2]->depth == 8 &&
		       p->pipes[3]->depth == 3 && p->pipes[4]->depth == 2 && p->pipes[5]->depth == 0);
	report(r, "file_lists",
	       c.files.ngenerated == 3 && !strcmp(c.files.generated[0], "kernel_kitchen.v") &&
		       !strcmp(c.files.generated[1], "sluice_core.v") &&
		       !strcmp(c.files.generated[2], "sluice_top.v") && c.files.nlibrary == 13 &&
		       !strcmp(c.files.library[0], "sluice_fifo.v") &&
		       !strcmp(c.files.library[1], "sluice_div.v") &&
		       !strcmp(c.files.library[2], "sluice_host_bridge.v") &&
		       !strcmp(c.files.library[10], "sluice_link_sender.v") &&
		       !strcmp(c.files.library[12], "sluice_plain_tx.v"));
	free(kp), free(cp), free(tp), free(k), free(core), free(top);
	case_fini(&c, !ok || r->failed);
}

/* a -> b is a register slice; b -> c is not (b reads a slice: the readies
 * of a, b and c would be one path); a -> c is (MinCapacity 1 is what it
 * holds), a -> b of MinCapacity 2 is not. */
static void test_slices(struct results *r)
{
	struct case_ c;
	case_init(&c, "slices");
	build_slices(&c);
	bool ok = ir_verify(&c.ctx, c.p, "test") == 0 && case_gen(&c) == 0;
	report(r, "slices_lint", ok && !lint_design(c.dir, &c.files));
	char *core = gen_text(c.dir, "sluice_core.v");
	struct ir_pipe **pp = c.p->pipes;
	report(r, "slices_chosen",
	       pp[1]->ready_through && pp[1]->depth == 1 && !pp[2]->ready_through &&
		       pp[2]->depth == 2 && pp[3]->ready_through && pp[3]->depth == 1 &&
		       !pp[4]->ready_through && pp[4]->depth == 2 && core &&
		       has(core, "sluice_fifo #(.WIDTH(16), .DEPTH(1), .READY_THROUGH(1)) fifo_ab (") &&
		       has(core, "sluice_fifo #(.WIDTH(16), .DEPTH(2)) fifo_bc (") &&
		       has(core, "sluice_fifo #(.WIDTH(16), .DEPTH(1), .READY_THROUGH(1)) fifo_ac (") &&
		       has(core, "kernel pipe 'ab' (uint16_t, kernel to kernel, MinCapacity 0): "
			    "register slice"));
	free(core);
	case_fini(&c, !ok || r->failed);
}

static void test_kpipes(struct results *r)
{
	struct case_ c;
	case_init(&c, "kpipes");
	build_kpipes(&c);
	bool ok = ir_verify(&c.ctx, c.p, "test") == 0 && case_gen(&c) == 0;
	report(r, "kernel_pipes_lint", ok && !lint_design(c.dir, &c.files));
	char *k = gen_text(c.dir, "kernel_cons.v"), *top = gen_text(c.dir, "sluice_core.v");
	char *kp = k ? port_names(k, "kernel_cons") : strdup("");
	report(r, "loopback_pipe_rd_wr_ports",
	       same(kp, "clk rst start busy done mid_tdata mid_tvalid mid_tready loopq_rd_tdata "
			"loopq_rd_tvalid loopq_rd_tready loopq_wr_tdata loopq_wr_tvalid "
			"loopq_wr_tready dst_tdata dst_tvalid dst_tready"));
	report(r, "kernel_pipe_fifo_between_kernels",
	       top && has(top, "sluice_fifo #(.WIDTH(16), .DEPTH(16)) fifo_mid") &&
		       has(top, ".mid_tdata(mid_wr_tdata)") && has(top, ".mid_tdata(mid_rd_tdata)") &&
		       has(top, ".loopq_rd_tdata(loopq_rd_tdata)") &&
		       has(top, "sluice_fifo #(.WIDTH(16), .DEPTH(2)) fifo_loopq") &&
		       has(top, "sluice_fifo #(.WIDTH(16), .DEPTH(2)) fifo_dst") &&
		       c.files.nlibrary == 12 && !strcmp(c.files.library[0], "sluice_fifo.v"));
	free(k), free(top), free(kp);
	case_fini(&c, !ok || r->failed);
}

/* ---- sluice_top: the host bridge ------------------------------------- */

/* Host pipes a (32 bits) and b (16 bits) into the design, res (64 bits)
 * out of it; started kernels first(n: 32 bits, big: 64 bits) and
 * second(m: 32 bits) around the autorun kernel mid; an I/O pipe obs; spec
 * constants of 32 and 48 bits.  `a_cap` is a's MinCapacity. */
static void build_host(struct case_ *c, int a_cap)
{
	struct hls_ctx *ctx = &c->ctx;
	struct ir_program *p = c->p;
	struct ir_pipe *a = mk_pipe(ctx, p, "a", "int32_t", 32, a_cap, PIPE_HOST, DIR_H2D);
	struct ir_pipe *res = mk_pipe(ctx, p, "res", "uint64_t", 64, 4, PIPE_HOST, DIR_D2H);
	struct ir_pipe *b = mk_pipe(ctx, p, "b", "int16_t", 16, 0, PIPE_HOST, DIR_H2D);
	struct ir_pipe *link = mk_pipe(ctx, p, "link", "int16_t", 16, 2, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *obs = mk_pipe(ctx, p, "obs", "int16_t", 16, 0, PIPE_IO, DIR_OUT);

	struct tk t1 = mk_kernel(ctx, p, "first", KERNEL_STARTED, "host.c");
	mk_param(&t1, "n", 32, false);
	mk_param(&t1, "big", 64, false);
	struct ir_block *b1 = ir_block_new(ctx, t1.k, "entry");
	struct ir_op *v = k_read(&t1, b1, a, "v");
	struct ir_op *sum = OP2(&t1, b1, IR_ADD, 64, "sum", k_arg(&t1, b1, 1),
				OP1(&t1, b1, IR_ZEXT, 64, NULL,
				    OP2(&t1, b1, IR_ADD, 32, NULL, v, k_arg(&t1, b1, 0))));
	struct ir_op *w1 = k_write(&t1, b1, res, sum);
	K_RET(&t1, b1);
	struct sched_kernel *sk1 = sched_new(ctx, &c->s, p, t1.k);
	AT(sk1, w1, 1, 0);
	sched_done(sk1);

	struct tk t2 = mk_kernel(ctx, p, "mid", KERNEL_AUTORUN, "host.c");
	struct ir_block *b2 = ir_block_new(ctx, t2.k, "entry");
	struct ir_op *w2 = k_write(&t2, b2, link, k_read(&t2, b2, b, "x"));
	K_RET(&t2, b2);
	struct sched_kernel *sk2 = sched_new(ctx, &c->s, p, t2.k);
	AT(sk2, w2, 1, 0);
	sched_done(sk2);

	struct tk t3 = mk_kernel(ctx, p, "second", KERNEL_STARTED, "host.c");
	mk_param(&t3, "m", 32, false);
	struct ir_block *b3 = ir_block_new(ctx, t3.k, "entry");
	struct ir_op *y = k_read(&t3, b3, link, "y");
	struct ir_op *w3 = k_write(&t3, b3, obs, OP2(&t3, b3, IR_XOR, 16, NULL, y,
						      OP1(&t3, b3, IR_TRUNC, 16, NULL,
							  k_arg(&t3, b3, 0))));
	K_RET(&t3, b3);
	struct sched_kernel *sk3 = sched_new(ctx, &c->s, p, t3.k);
	AT(sk3, w3, 1, 0);
	sched_done(sk3);

	static const struct { const char *name; unsigned width; uint64_t value; } specs[] = {
		{"gain", 32, 0x12345678}, {"offset", 48, 0xabcdef012345ull},
	};
	for (unsigned i = 0; i < 2; i++) {
		struct ir_spec_const *sc = arena_alloc(&ctx->arena, sizeof *sc);
		sc->name = specs[i].name, sc->type = "long";
		sc->width = specs[i].width, sc->value = specs[i].value;
		VEC_PUSH(&ctx->arena, p->specs, p->nspecs, sc);
	}
}

static void test_host_top(struct results *r)
{
	struct case_ c;
	case_init(&c, "host");
	build_host(&c, 8);
	struct rtl_opts o = {.clock_hz = 48000000, .retx_timeout = 0 /* default 4096 */};
	bool ok = ir_verify(&c.ctx, c.p, "test") == 0 && case_gen_opts(&c, &o) == 0;
	report(r, "host_top_generates", ok);
	report(r, "host_top_lint_core_and_top", ok && !lint_design(c.dir, &c.files));
	char *top = gen_text(c.dir, "sluice_top.v"), *core = gen_text(c.dir, "sluice_core.v");
	char id[64];
	snprintf(id, sizeof id, ".DESIGN_ID(32'h%08x),", (unsigned)c.files.design_id);
	/* H2D: a = 0, b = 1; D2H: res = 0; kernels: first = 0, second = 1;
	 * argument words: n 0, big 1-2, m 3; spec words: gain 0, offset 1-2 */
	bool params = top && has(top, ".CLOCK_HZ(32'd48000000),") && has(top, id) &&
		has(top, ".N_H2D(2),") && has(top, ".H2D_WIDTHS({16'd16, 16'd32}),") &&
		has(top, ".H2D_DEPTHS({32'd2, 32'd8}),") && has(top, ".H2D_MAXW(32),") &&
		has(top, ".N_D2H(1),") && has(top, ".D2H_WIDTHS({16'd64}),") &&
		has(top, ".D2H_DEPTHS({32'd4}),") && has(top, ".D2H_MAXW(64),") &&
		has(top, ".N_KERNELS(2),") && has(top, ".ARG_WORDS(4),") &&
		has(top, ".SPEC_WORDS(3),") &&
		has(top, ".SPEC_INIT({32'h0000abcd, 32'hef012345, 32'h12345678}),") &&
		has(top, ".RETX_TIMEOUT(32'd4096)");
	report(r, "host_top_bridge_parameters", params);
	bool wiring = top && has(top, ".rst(pipe_rst),") && has(top, "wire pipe_rst = rst | core_rst;") &&
		has(top, ".a_tdata(h2d_tdata[31:0]),") && has(top, ".a_tvalid(h2d_tvalid[0]),") &&
		has(top, ".a_count(h2d_count[15:0]),") && has(top, ".b_tdata(h2d_tdata[15:0]),") &&
		has(top, ".b_tready(h2d_tready[1]),") && has(top, ".b_count(h2d_count[31:16]),") &&
		has(top, ".res_tdata(res_q),") && has(top, "assign d2h_tdata[63:0] = res_q;") &&
		has(top, ".res_tready(d2h_tready[0]),") &&
		has(top, ".res_count(d2h_count[15:0]),") && has(top, ".d2h_count(d2h_count),") &&
		has(top, "module sluice_top #(parameter LINK_W = 1) (") &&
		has(top, "input  wire [8*LINK_W-1:0] s_axis_link_tdata,") &&
		has(top, "output wire [8*LINK_W-1:0] m_axis_link_tdata,") &&
		has(top, ".LINK_W(LINK_W)") &&
		has(top, ".first_start(kernel_start[0]),") && has(top, ".first_busy(kernel_busy[0]),") &&
		has(top, ".first_arg_n(kernel_args[31:0]),") &&
		has(top, ".first_arg_big(kernel_args[95:32]),") &&
		has(top, ".second_done(kernel_done[1]),") &&
		has(top, ".second_arg_m(kernel_args[127:96])") &&
		has(top, "assign kernels_busy = |kernel_busy;") &&
		has(top, ".obs_tdata(obs_tdata),") && !strstr(top, "mid_start") &&
		core && has(core, "output wire [15:0]     a_count,") &&
		has(core, "output wire [15:0]     res_count,") &&
		has(core, "assign res_count = {13'd0, res_level};") &&
		has(core, "sluice_fifo #(.WIDTH(16), .DEPTH(2)) fifo_b");
	report(r, "host_top_core_wiring", wiring);
	char *tp = top ? port_names(top, "sluice_top") : strdup("");
	report(r, "host_top_ports",
	       same(tp, "clk rst s_axis_link_tdata s_axis_link_tvalid s_axis_link_tready "
			"m_axis_link_tdata m_axis_link_tvalid m_axis_link_tready kernels_busy link_down obs_tdata obs_tvalid "
			"obs_tready"));
	uint32_t id8 = c.files.design_id;
	free(tp), free(top), free(core);
	case_fini(&c, !ok || r->failed);

	/* the same program again: the same id; a's depth 16 instead of 8: another */
	uint32_t again = 0, deeper = 0;
	for (int i = 0; i < 2; i++) {
		case_init(&c, "host_id");
		build_host(&c, i ? 16 : 8);
		bool gen = case_gen_opts(&c, &o) == 0;
		char *t = gen_text(c.dir, "sluice_top.v");
		if (gen && i == 1 && !has(t, ".H2D_DEPTHS({32'd2, 32'd16}),"))
			gen = false;
		*(i ? &deeper : &again) = gen ? c.files.design_id : 0;
		free(t);
		case_fini(&c, !gen);
	}
	printf("  design ids: 0x%08x, again 0x%08x, a of depth 16 0x%08x\n", (unsigned)id8,
	       (unsigned)again, (unsigned)deeper);
	report(r, "design_id_stable_and_follows_depth",
	       again == id8 && deeper && deeper != id8 && id8 != 0);
}

/* No host pipe, no started kernel: I/O in -> two autorun kernels -> I/O out. */
static void test_no_host(struct results *r)
{
	struct case_ c;
	case_init(&c, "nohost");
	struct hls_ctx *ctx = &c.ctx;
	struct ir_pipe *in = mk_pipe(ctx, c.p, "din", "uint8_t", 8, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *mid = mk_pipe(ctx, c.p, "mid", "uint8_t", 8, 4, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *out = mk_pipe(ctx, c.p, "dout", "uint8_t", 8, 2, PIPE_IO, DIR_OUT);
	struct ir_pipe *ends[][2] = {{in, mid}, {mid, out}};
	for (unsigned i = 0; i < 2; i++) {
		struct tk t = mk_kernel(ctx, c.p, i ? "back" : "front", KERNEL_AUTORUN, "nohost.c");
		struct ir_block *b = ir_block_new(ctx, t.k, "entry");
		struct ir_op *w = k_write(&t, b, ends[i][1], k_read(&t, b, ends[i][0], "v"));
		K_RET(&t, b);
		struct sched_kernel *sk = sched_new(ctx, &c.s, c.p, t.k);
		AT(sk, w, 1, 0);
		sched_done(sk);
	}
	bool ok = case_gen(&c) == 0;
	report(r, "no_host_lint_core_and_top", ok && !lint_design(c.dir, &c.files));
	char *top = gen_text(c.dir, "sluice_top.v");
	/* nothing for a host to reach: sluice_top is the core and its ports */
	report(r, "no_host_no_bridge",
	       top && !has(top, "sluice_host_bridge") && !has(top, "s_axis_link") &&
		       !has(top, "m_axis_link") && has(top, "no host link") &&
		       has(top, "module sluice_top (") && !has(top, "LINK_W") &&
		       has(top, ".rst(rst),") && has(top, ".din_tdata(din_tdata),") &&
		       !c.files.host_link);
	bool bridge_file = false;
	for (unsigned i = 0; i < c.files.nlibrary; i++)
		bridge_file |= strstr(c.files.library[i], "link") ||
			       strstr(c.files.library[i], "bridge") ||
			       strstr(c.files.library[i], "plain");
	report(r, "no_host_no_bridge_files", !bridge_file);
	free(top);
	case_fini(&c, !ok || r->failed);
}

/* What the bridge cannot carry: an error at the pipe or kernel, no file. */
static void limit_case(struct results *r, const char *name, int which, const char *msg)
{
	struct case_ c;
	case_init(&c, name);
	struct hls_ctx *ctx = &c.ctx;
	unsigned nkernels = 1;
	if (which == 0) /* 65 host pipes to the device */
		for (unsigned i = 0; i < 65; i++)
			mk_pipe(ctx, c.p, arena_printf(&ctx->arena, "h%u", i), "int", 32, 2,
				PIPE_HOST, DIR_H2D)->loc = (struct ir_loc){"lim.c", 10 + i, 1};
	if (which == 1) /* 61-byte words to the host */
		mk_pipe(ctx, c.p, "wide", "struct s", 488, 2, PIPE_HOST, DIR_D2H)->loc =
			(struct ir_loc){"lim.c", 7, 1};
	if (which == 2) /* 127-byte words to the device */
		mk_pipe(ctx, c.p, "wide", "struct s", 1016, 2, PIPE_HOST, DIR_H2D)->loc =
			(struct ir_loc){"lim.c", 7, 1};
	if (which == 3)
		nkernels = 256;
	if (which == 4) /* ports s_axis_link_*, as the host link's of sluice_top */
		mk_pipe(ctx, c.p, "s_axis_link", "uint8_t", 8, 0, PIPE_IO, DIR_IN)->loc =
			(struct ir_loc){"lim.c", 5, 1};
	for (unsigned k = 0; k < nkernels; k++) {
		struct tk t = mk_kernel(ctx, c.p, arena_printf(&ctx->arena, "k%u", k),
					KERNEL_STARTED, "lim.c");
		t.k->loc.line = 100 + k;
		struct ir_block *b = ir_block_new(ctx, t.k, "entry");
		K_RET(&t, b);
		sched_done(sched_new(ctx, &c.s, c.p, t.k));
	}
	int rc = case_gen(&c);
	char *listing = NULL;
	size_t len = 0;
	FILE *ls = open_memstream(&listing, &len);
	char cmd[512];
	snprintf(cmd, sizeof cmd, "ls -A '%s'", c.dir);
	FILE *pp = popen(cmd, "r");
	for (int ch; pp && (ch = fgetc(pp)) != EOF;)
		fputc(ch, ls);
	if (pp)
		pclose(pp);
	fclose(ls);
	bool ok = rc == -1 && strstr(c.diag_text, msg) && listing && !*listing;
	if (!ok)
		printf("  rc %d, files: %s, diagnostics:\n%s", rc, listing ? listing : "?",
		       c.diag_text);
	report(r, name, ok);
	free(listing);
	case_fini(&c, false);
}

/* ---- errors ----------------------------------------------------------- */

/* A one-block kernel reading pipe `a` and writing pipe `b`. */
static struct sched_kernel *simple(struct case_ *c, struct ir_pipe *a, struct ir_pipe *b,
				   struct ir_op **rd, struct ir_op **wr)
{
	struct tk t = mk_kernel(&c->ctx, c->p, "k", KERNEL_STARTED, "err.c");
	mk_param(&t, "x_tdata", 32, false);
	struct ir_block *blk = ir_block_new(&c->ctx, t.k, "entry");
	*rd = k_read(&t, blk, a, "v");
	*wr = k_write(&t, blk, b, *rd);
	K_RET(&t, blk);
	struct sched_kernel *sk = sched_new(&c->ctx, &c->s, c->p, t.k);
	AT(sk, *wr, 1, 0);
	return sk;
}

static void error_case(struct results *r, const char *name, int which, const char *msg)
{
	struct case_ c;
	case_init(&c, name);
	struct hls_ctx *ctx = &c.ctx;
	struct ir_pipe *a = mk_pipe(ctx, c.p, "a", "int", 32, 2, PIPE_HOST, DIR_H2D);
	struct ir_pipe *b = mk_pipe(ctx, c.p, which == 0 ? "k_arg_x" : "b", "int", 32, 0,
				    PIPE_IO, DIR_OUT);
	struct ir_op *rd, *wr;
	if (which == 1)
		b->kind = PIPE_KERNEL, b->dir = DIR_NONE;
	if (which == 4)
		a->name = "a b";
	if (which == 5)
		b->dir = DIR_IN;
	struct sched_kernel *sk = simple(&c, a, b, &rd, &wr);
	if (which == 2) /* a read and a write of one pipe in one cycle */
		AT(sk, wr, 0, 0), rd->pipe = b;
	sched_done(sk);
	if (which == 3) /* read in cycle 1, its value used in cycle 0 */
		sk->cycle[rd->id] = 1, sk->cycle[wr->id] = 0, sk->block_len[0] = 2;
	int rc = case_gen(&c);
	bool ok = rc == -1 && c.ctx.diag.errors > 0 && strstr(c.diag_text, msg);
	if (!ok)
		printf("  rc %d, diagnostics:\n%s", rc, c.diag_text);
	report(r, name, ok);
	case_fini(&c, false);
}

static void test_div_latency_error(struct results *r)
{
	struct case_ c;
	case_init(&c, "error_divider_latency");
	struct ir_pipe *a = mk_pipe(&c.ctx, c.p, "a", "int", 32, 2, PIPE_HOST, DIR_H2D);
	struct tk t = mk_kernel(&c.ctx, c.p, "k", KERNEL_AUTORUN, "err.c");
	struct ir_block *blk = ir_block_new(&c.ctx, t.k, "entry");
	struct ir_op *v = k_read(&t, blk, a, "v");
	struct ir_op *q = OP2(&t, blk, IR_UDIV, 32, "q", v, v);
	struct ir_op *w = k_write(&t, blk, a, q);
	a->kind = PIPE_KERNEL, a->dir = DIR_NONE;
	K_RET(&t, blk);
	struct sched_kernel *sk = sched_new(&c.ctx, &c.s, c.p, t.k);
	AT(sk, q, 0, 5), AT(sk, w, 5, 0);
	sched_done(sk);
	int rc = case_gen(&c);
	bool ok = rc == -1 && strstr(c.diag_text, "divider latency 5; sluice_div has 34");
	if (!ok)
		printf("  rc %d, diagnostics:\n%s", rc, c.diag_text);
	report(r, "error_divider_latency", ok);
	case_fini(&c, false);
}

int main(void)
{
	struct results r = {0};
	if (!rtl_dir()) {
		printf("FAIL rtl_library_found (rtl/sluice_fifo.v not found; set SLUICE_HOME)\n");
		return 1;
	}
	test_kitchen(&r);
	test_kpipes(&r);
	test_slices(&r);
	error_case(&r, "error_top_port_clash", 0,
		   "two ports of sluice_core would be named 'k_arg_x_tdata'");
	error_case(&r, "error_kernel_pipe_without_reader", 1, "pipe 'b' has no reading kernel");
	error_case(&r, "error_two_ops_on_one_pipe_in_one_state", 2,
		   "two ops on one pipe in one cycle");
	error_case(&r, "error_value_used_before_available", 3,
		   "operand 0 used in cycle 0, available in cycle 1");
	error_case(&r, "error_pipe_name_not_identifier", 4,
		   "pipe name 'a b' is not a Verilog identifier");
	error_case(&r, "error_kernel_writes_input_pipe", 5,
		   "kernel 'k' writes pipe 'b', which carries data into the design");
	test_div_latency_error(&r);
	test_host_top(&r);
	test_no_host(&r);
	limit_case(&r, "error_65_host_pipes_to_device", 0,
		   "lim.c:74:1: error: host pipe 'h64' is host pipe 65 from the host; the host "
		   "link carries at most 64 each way");
	limit_case(&r, "error_d2h_word_over_60_bytes", 1,
		   "lim.c:7:1: error: host pipe 'wide' carries 61-byte words to the host; the host "
		   "link carries at most 60 bytes a word that way");
	limit_case(&r, "error_h2d_word_over_1008_bits", 2,
		   "lim.c:7:1: error: host pipe 'wide' carries 127-byte words to the device; the "
		   "host link carries at most 126 bytes a word that way");
	limit_case(&r, "error_256_started_kernels", 3,
		   "lim.c:355:1: error: kernel 'k255' is the 256th started kernel; the host link "
		   "starts at most 255");
	limit_case(&r, "error_io_pipe_named_as_link", 4,
		   "lim.c:5:1: error: the ports of I/O pipe 's_axis_link' would take the names of "
		   "the host link's ports of sluice_top");
	return finish(&r);
}
