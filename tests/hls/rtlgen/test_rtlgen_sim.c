/*
 * test_rtlgen_sim.c -- the generated Verilog behaves as the execution model
 * says: self-checking Icarus simulations of hand-built kernels with
 * hand-made schedules, checking values AND the cycle of every handshake at
 * the ports of sluice_core.
 *
 *   addk   host-started loop over I/O pipes without FIFOs: reads n words,
 *          adds 5, writes them; stalls on an empty input and a full output;
 *          a start while busy is ignored; n = 0.
 *   divk   autorun kernel with host pipes through FIFOs: signed x / y and
 *          x % y on one sluice_div (x/0, MIN/-1), a kernel state counter
 *          that survives the restarts.
 *   swp    phis swapped in a one-cycle loop (parallel copy), Fibonacci,
 *          a switch, arguments latched at start.
 * Each design is also linted (verilator -Wall, iverilog, yosys).
 */
#include "rtlgen_test.h"

#include <stdint.h>

static int build(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *s,
		 const char *dir, struct rtl_files *files)
{
	if (ir_verify(ctx, p, "test"))
		return -1;
	if (rtlgen_program(ctx, p, s, &(struct rtl_opts){0}, dir, files) || ctx->diag.errors)
		return -1;
	return lint_design(dir, files);
}

/* ---- addk ------------------------------------------------------------- */

static void build_addk(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *s)
{
	struct ir_pipe *src = mk_pipe(ctx, p, "src", "int32_t", 32, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *dst = mk_pipe(ctx, p, "dst", "int32_t", 32, 0, PIPE_IO, DIR_OUT);
	struct tk t = mk_kernel(ctx, p, "addk", KERNEL_STARTED, "addk.c");
	mk_param(&t, "n", 32, true);
	struct ir_block *entry = ir_block_new(ctx, t.k, "entry");
	struct ir_block *cond = ir_block_new(ctx, t.k, "for.cond");
	struct ir_block *body = ir_block_new(ctx, t.k, "for.body");
	struct ir_block *exit = ir_block_new(ctx, t.k, "for.end");
	t.line = 3;
	struct ir_op *n = k_arg(&t, entry, 0);
	struct ir_op *zero = k_const(&t, entry, 32, 0);
	K_BR(&t, entry, cond);
	t.line = 4;
	struct ir_op *i = k_phi(&t, cond, 32, "i", 2);
	struct ir_op *c = OP2(&t, cond, IR_SLT, 1, "cmp", i, n);
	K_CONDBR(&t, cond, c, body, exit);
	t.line = 5;
	struct ir_op *x = k_read(&t, body, src, "x");
	t.line = 6;
	struct ir_op *y = OP2(&t, body, IR_ADD, 32, "add", x, k_const(&t, body, 32, 5));
	struct ir_op *w = k_write(&t, body, dst, y);
	t.line = 4;
	struct ir_op *i1 = OP2(&t, body, IR_ADD, 32, "inc", i, k_const(&t, body, 32, 1));
	K_BR(&t, body, cond);
	t.line = 8;
	K_RET(&t, exit);
	phi_in(i, 0, zero, entry);
	phi_in(i, 1, i1, body);
	ir_compute_preds(ctx, t.k);
	struct sched_kernel *sk = sched_new(ctx, s, p, t.k);
	AT(sk, w, 1, 0);
	sched_done(sk);
}

static const char *tb_addk =
	"`timescale 1ns / 1ps\n"
	"module tb;\n"
	"    reg clk = 1'b0, rst = 1'b1;\n"
	"    always #5 clk = ~clk;\n"
	"    reg [31:0] src_tdata = 0; reg src_tvalid = 0; wire src_tready;\n"
	"    wire [31:0] dst_tdata; wire dst_tvalid; reg dst_tready = 0;\n"
	"    reg addk_start = 0; wire addk_busy, addk_done; reg [31:0] addk_arg_n = 0;\n"
	"    sluice_core dut (.clk(clk), .rst(rst), .src_tdata(src_tdata), .src_tvalid(src_tvalid),\n"
	"        .src_tready(src_tready), .dst_tdata(dst_tdata), .dst_tvalid(dst_tvalid),\n"
	"        .dst_tready(dst_tready), .addk_start(addk_start), .addk_busy(addk_busy),\n"
	"        .addk_done(addk_done), .addk_arg_n(addk_arg_n));\n"
	"    integer cyc = 0, S = -1, n = 0, nrd = 0, nwr = 0, ndone = 0, errors = 0, k;\n"
	"    integer src_from = 0, stall_lo = -1, stall_hi = -2, exp_done = 0;\n"
	"    integer exp_rd [0:7]; integer exp_wr [0:7]; reg [31:0] data [0:7];\n"
	"    always @(negedge clk) begin\n"
	"        #1;\n"
	"        src_tvalid = S >= 0 && cyc >= S + src_from && nrd < n;\n"
	"        src_tdata = src_tvalid ? data[nrd] : 32'hxxxxxxxx;\n"
	"        dst_tready = !(S >= 0 && cyc >= S + stall_lo && cyc <= S + stall_hi);\n"
	"    end\n"
	"    always @(posedge clk) begin\n"
	"        cyc <= cyc + 1;\n"
	"        if (addk_start && !addk_busy) S <= cyc;\n"
	"        if (src_tvalid && src_tready) begin\n"
	"            if (cyc - S != exp_rd[nrd]) begin errors = errors + 1;\n"
	"                $display(\"FAIL read %0d at cycle S+%0d, expected S+%0d\", nrd, cyc - S, exp_rd[nrd]); end\n"
	"            nrd <= nrd + 1;\n"
	"        end\n"
	"        if (dst_tvalid && dst_tready) begin\n"
	"            if (cyc - S != exp_wr[nwr] || dst_tdata !== data[nwr] + 32'd5) begin errors = errors + 1;\n"
	"                $display(\"FAIL write %0d = %h at cycle S+%0d, expected %h at S+%0d\", nwr, dst_tdata,\n"
	"                         cyc - S, data[nwr] + 32'd5, exp_wr[nwr]); end\n"
	"            nwr <= nwr + 1;\n"
	"        end\n"
	"        if (addk_done) begin\n"
	"            if (cyc - S != exp_done) begin errors = errors + 1;\n"
	"                $display(\"FAIL done at S+%0d, expected S+%0d\", cyc - S, exp_done); end\n"
	"            ndone <= ndone + 1;\n"
	"        end\n"
	"        if (S >= 0 && cyc > S && addk_busy !== (cyc <= S + exp_done)) begin errors = errors + 1;\n"
	"            $display(\"FAIL busy = %b at S+%0d\", addk_busy, cyc - S); end\n"
	"    end\n"
	"    task run(input integer nn, input integer from, input integer lo, input integer hi,\n"
	"             input integer done_at, input [31:0] base);\n"
	"        begin\n"
	"            n = nn; src_from = from; stall_lo = lo; stall_hi = hi; exp_done = done_at;\n"
	"            nrd = 0; nwr = 0; ndone = 0; S = -1;\n"
	"            for (k = 0; k < 8; k = k + 1) data[k] = base + k;\n"
	"            addk_arg_n = nn; addk_start = 1;\n"
	"            @(negedge clk); addk_start = 0; addk_arg_n = 32'hdead;\n"
	"            @(negedge clk); addk_start = 1; // in S+2, while busy: ignored\n"
	"            @(negedge clk); addk_start = 0;\n"
	"            while (ndone == 0) @(negedge clk);\n"
	"            repeat (4) @(negedge clk);\n"
	"            if (nrd != nn || nwr != nn || ndone != 1) begin errors = errors + 1;\n"
	"                $display(\"FAIL run n=%0d: %0d reads, %0d writes, %0d done\", nn, nrd, nwr, ndone); end\n"
	"            S = -1;\n"
	"        end\n"
	"    endtask\n"
	"    initial begin\n"
	"        #100000 $display(\"FAIL timeout\"); $finish;\n"
	"    end\n"
	"    initial begin\n"
	"        repeat (3) @(negedge clk); rst = 0; @(negedge clk);\n"
	"        // n = 4, no waiting: reads S+3+3k, writes S+4+3k, done S+3+3n\n"
	"        exp_rd[0] = 3; exp_rd[1] = 6; exp_rd[2] = 9; exp_rd[3] = 12;\n"
	"        exp_wr[0] = 4; exp_wr[1] = 7; exp_wr[2] = 10; exp_wr[3] = 13;\n"
	"        run(4, 0, -1, -2, 15, 32'd100);\n"
	"        // n = 3: input valid from S+10, output not ready in S+14..S+16\n"
	"        exp_rd[0] = 10; exp_rd[1] = 13; exp_rd[2] = 19;\n"
	"        exp_wr[0] = 11; exp_wr[1] = 17; exp_wr[2] = 20;\n"
	"        run(3, 10, 14, 16, 22, 32'hfffffff0);\n"
	"        // n = 0: the loop never runs\n"
	"        run(0, 0, -1, -2, 3, 32'd0);\n"
	"        if (errors == 0) $display(\"TB PASS\"); else $display(\"FAIL: %0d errors\", errors);\n"
	"        $finish;\n"
	"    end\n"
	"endmodule\n";

/* ---- divk ------------------------------------------------------------- */

#define DIV_LAT (32 + 2)

static void build_divk(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *s)
{
	struct ir_pipe *num = mk_pipe(ctx, p, "num", "int32_t", 32, 4, PIPE_HOST, DIR_H2D);
	struct ir_pipe *den = mk_pipe(ctx, p, "den", "int32_t", 32, 0, PIPE_HOST, DIR_H2D);
	struct ir_pipe *out = mk_pipe(ctx, p, "out", "int32_t", 32, 2, PIPE_HOST, DIR_D2H);
	struct tk t = mk_kernel(ctx, p, "divk", KERNEL_AUTORUN, "divk.c");
	struct ir_state *g = mk_state(&t, "count", 32, 41);
	struct ir_block *b = ir_block_new(ctx, t.k, "entry");
	t.line = 10;
	struct ir_op *cnt = OP0(&t, b, IR_STATE_LOAD, 32, "count");
	cnt->state = g;
	t.line = 11;
	struct ir_op *a = k_read(&t, b, num, "a");
	struct ir_op *d = k_read(&t, b, den, "b");
	t.line = 12;
	struct ir_op *q = OP2(&t, b, IR_SDIV, 32, "div", a, d);
	struct ir_op *r = OP2(&t, b, IR_SREM, 32, "rem", a, d);
	t.line = 13;
	struct ir_op *c1 = OP2(&t, b, IR_ADD, 32, "inc", cnt, k_const(&t, b, 32, 1));
	t.line = 14;
	struct ir_op *wq = k_write(&t, b, out, q);
	struct ir_op *wr = k_write(&t, b, out, r);
	struct ir_op *wc = k_write(&t, b, out, c1);
	struct ir_op *st = OP1(&t, b, IR_STATE_STORE, 0, NULL, c1);
	st->state = g;
	K_RET(&t, b);
	struct sched_kernel *sk = sched_new(ctx, s, p, t.k);
	AT(sk, d, 1, 0);
	AT(sk, q, 1, DIV_LAT);
	AT(sk, r, 1, DIV_LAT);
	AT(sk, wq, 1 + DIV_LAT, 0);
	AT(sk, wr, 2 + DIV_LAT, 0);
	AT(sk, wc, 3 + DIV_LAT, 0);
	AT(sk, st, 3 + DIV_LAT, 0);
	sched_done(sk);
}

static char *tb_divk(void)
{
	static const int32_t A[] = {100, -100, 100, -100, 5, -5, INT32_MIN, 0, 7, 123456789, -7};
	static const int32_t B[] = {7, 7, -7, -7, 0, 0, -1, 3, 100, 1000, 2};
	enum { N = sizeof A / sizeof *A };
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	fprintf(f,
		"`timescale 1ns / 1ps\n"
		"module tb;\n"
		"    reg clk = 1'b0, rst = 1'b1;\n"
		"    always #5 clk = ~clk;\n"
		"    reg [31:0] num_tdata = 0; reg num_tvalid = 0; wire num_tready;\n"
		"    reg [31:0] den_tdata = 0; reg den_tvalid = 0; wire den_tready;\n"
		"    wire [31:0] out_tdata; wire out_tvalid; reg out_tready = 1;\n"
		"    sluice_core dut (.clk(clk), .rst(rst), .num_tdata(num_tdata), .num_tvalid(num_tvalid),\n"
		"        .num_tready(num_tready), .den_tdata(den_tdata), .den_tvalid(den_tvalid),\n"
		"        .den_tready(den_tready), .out_tdata(out_tdata), .out_tvalid(out_tvalid),\n"
		"        .out_tready(out_tready));\n"
		"    localparam N = %d;\n"
		"    integer cyc = 0, ni = 0, di = 0, no = 0, tn = -1, td = -1, errors = 0, t0, want;\n"
		"    reg [31:0] A [0:N-1]; reg [31:0] B [0:N-1]; reg [31:0] E [0:3*N-1];\n"
		"    initial begin\n", N);
	for (int i = 0; i < N; i++) {
		int32_t a = A[i], b = B[i], q, r;
		if (b == 0)
			q = -1, r = a;
		else if (a == INT32_MIN && b == -1)
			q = INT32_MIN, r = 0;
		else
			q = a / b, r = a % b;
		fprintf(f, "        A[%d] = 32'h%08x; B[%d] = 32'h%08x; E[%d] = 32'h%08x; "
			   "E[%d] = 32'h%08x; E[%d] = 32'h%08x;\n",
			i, (uint32_t)a, i, (uint32_t)b, 3 * i, (uint32_t)q, 3 * i + 1,
			(uint32_t)r, 3 * i + 2, 42u + (unsigned)i);
	}
	fprintf(f,
		"    end\n"
		"    always @(negedge clk) begin\n"
		"        #1;\n"
		"        num_tvalid = !rst && ni < N; num_tdata = A[ni %% N];\n"
		"        den_tvalid = !rst && di < N; den_tdata = B[di %% N];\n"
		"    end\n"
		"    always @(posedge clk) begin\n"
		"        cyc <= cyc + 1;\n"
		"        if (num_tvalid && num_tready) begin if (ni == 0) tn = cyc; ni <= ni + 1; end\n"
		"        if (den_tvalid && den_tready) begin if (di == 0) td = cyc; di <= di + 1; end\n"
		"        if (out_tvalid && out_tready) begin\n"
		"            t0 = tn > td ? tn : td;\n"
		"            // kernel reads a in t0+1, b in t0+2 (the divider's start), writes in\n"
		"            // states %d.. of its %d; the out FIFO adds one cycle\n"
		"            want = t0 + %d + %d * (no / 3) + (no %% 3);\n"
		"            if (out_tdata !== E[no] || cyc != want) begin errors = errors + 1;\n"
		"                $display(\"FAIL word %%0d = %%h at cycle %%0d, expected %%h at %%0d\",\n"
		"                         no, out_tdata, cyc, E[no], want); end\n"
		"            no <= no + 1;\n"
		"        end\n"
		"    end\n"
		"    initial begin\n"
		"        #100000 $display(\"FAIL timeout\"); $finish;\n"
		"    end\n"
		"    initial begin\n"
		"        repeat (3) @(negedge clk); rst = 0;\n"
		"        while (no < 3 * N) @(negedge clk);\n"
		"        repeat (50) @(negedge clk);\n"
		"        if (no != 3 * N) begin errors = errors + 1; $display(\"FAIL extra words\"); end\n"
		"        if (errors == 0) $display(\"TB PASS\"); else $display(\"FAIL: %%0d errors\", errors);\n"
		"        $finish;\n"
		"    end\n"
		"endmodule\n",
		1 + DIV_LAT, 4 + DIV_LAT, 1 + 1 + DIV_LAT + 1, 4 + DIV_LAT);
	fclose(f);
	return buf;
}

/* ---- swp -------------------------------------------------------------- */

static void build_swp(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *s)
{
	struct ir_pipe *res = mk_pipe(ctx, p, "res", "uint32_t", 32, 8, PIPE_HOST, DIR_D2H);
	struct tk t = mk_kernel(ctx, p, "swp", KERNEL_STARTED, "swp.c");
	mk_param(&t, "a", 32, false);
	mk_param(&t, "b", 32, false);
	mk_param(&t, "n", 32, false);
	struct ir_block *entry = ir_block_new(ctx, t.k, "entry");
	struct ir_block *loop = ir_block_new(ctx, t.k, "loop");
	struct ir_block *post = ir_block_new(ctx, t.k, "post");
	struct ir_block *cs = ir_block_new(ctx, t.k, "case.s");
	struct ir_block *ci = ir_block_new(ctx, t.k, "case.i");
	struct ir_block *cd = ir_block_new(ctx, t.k, "case.default");
	struct ir_block *fin = ir_block_new(ctx, t.k, "fin");
	t.line = 20;
	struct ir_op *A = k_arg(&t, entry, 0), *B = k_arg(&t, entry, 1), *N = k_arg(&t, entry, 2);
	struct ir_op *zero = k_const(&t, entry, 32, 0);
	K_BR(&t, entry, loop);
	t.line = 21;
	struct ir_op *x = k_phi(&t, loop, 32, "x", 2), *y = k_phi(&t, loop, 32, "y", 2);
	struct ir_op *u = k_phi(&t, loop, 32, "u", 2), *v = k_phi(&t, loop, 32, "v", 2);
	struct ir_op *i = k_phi(&t, loop, 32, "i", 2);
	t.line = 22;
	struct ir_op *sum = OP2(&t, loop, IR_ADD, 32, "s", x, y);
	struct ir_op *i1 = OP2(&t, loop, IR_ADD, 32, "inc", i, k_const(&t, loop, 32, 1));
	struct ir_op *c = OP2(&t, loop, IR_ULT, 1, "cmp", i1, N);
	K_CONDBR(&t, loop, c, loop, post);
	phi_in(x, 0, A, entry), phi_in(x, 1, y, loop);
	phi_in(y, 0, B, entry), phi_in(y, 1, sum, loop);
	phi_in(u, 0, A, entry), phi_in(u, 1, v, loop);
	phi_in(v, 0, B, entry), phi_in(v, 1, u, loop);
	phi_in(i, 0, zero, entry), phi_in(i, 1, i1, loop);
	t.line = 24;
	struct ir_op *w0 = k_write(&t, post, res, x), *w1 = k_write(&t, post, res, y);
	struct ir_op *w2 = k_write(&t, post, res, u), *w3 = k_write(&t, post, res, v);
	t.line = 25;
	struct ir_op *m = OP2(&t, post, IR_AND, 32, "m", N, k_const(&t, post, 32, 3));
	struct ir_op *sw = k_term(&t, post, IR_SWITCH, m, 3, cd, cs, ci);
	sw->case_vals = arena_alloc(&ctx->arena, 2 * sizeof(uint64_t));
	sw->case_vals[0] = 0;
	sw->case_vals[1] = 1;
	t.line = 26;
	k_write(&t, cs, res, sum);
	K_BR(&t, cs, fin);
	t.line = 27;
	k_write(&t, ci, res, i1);
	K_BR(&t, ci, fin);
	t.line = 28;
	k_write(&t, cd, res, k_const(&t, cd, 32, 0xabcd));
	K_BR(&t, cd, fin);
	t.line = 29;
	K_RET(&t, fin);
	ir_compute_preds(ctx, t.k);
	struct sched_kernel *sk = sched_new(ctx, s, p, t.k);
	AT(sk, w1, 1, 0);
	AT(sk, w2, 2, 0);
	AT(sk, w3, 3, 0);
	AT(sk, m, 3, 0);
	(void)w0;
	sched_done(sk);
}

static char *tb_swp(void)
{
	static const uint32_t ra[] = {3, 0xffffffff, 1, 7}, rb[] = {5, 2, 1, 9}, rn[] = {5, 6, 4, 0};
	enum { R = 4 };
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	fprintf(f,
		"`timescale 1ns / 1ps\n"
		"module tb;\n"
		"    reg clk = 1'b0, rst = 1'b1;\n"
		"    always #5 clk = ~clk;\n"
		"    wire [31:0] res_tdata; wire res_tvalid; reg res_tready = 1;\n"
		"    reg swp_start = 0; wire swp_busy, swp_done;\n"
		"    reg [31:0] swp_arg_a = 0, swp_arg_b = 0, swp_arg_n = 0;\n"
		"    sluice_core dut (.clk(clk), .rst(rst), .res_tdata(res_tdata), .res_tvalid(res_tvalid),\n"
		"        .res_tready(res_tready), .swp_start(swp_start), .swp_busy(swp_busy),\n"
		"        .swp_done(swp_done), .swp_arg_a(swp_arg_a), .swp_arg_b(swp_arg_b),\n"
		"        .swp_arg_n(swp_arg_n));\n"
		"    integer cyc = 0, S = -1, no = 0, ndone = 0, errors = 0, r;\n"
		"    reg [31:0] E [0:%d]; integer EC [0:%d]; integer ED [0:%d];\n"
		"    reg [31:0] RA [0:%d]; reg [31:0] RB [0:%d]; reg [31:0] RN [0:%d];\n"
		"    initial begin\n",
		5 * R - 1, 5 * R - 1, R - 1, R - 1, R - 1, R - 1);
	for (int r = 0; r < R; r++) {
		uint32_t n = rn[r], J = n >= 1 ? n - 1 : 0, x = ra[r], y = rb[r];
		for (uint32_t j = 0; j < J; j++) {
			uint32_t nx = y, ny = x + y;
			x = nx, y = ny;
		}
		uint32_t u = J & 1 ? rb[r] : ra[r], v = J & 1 ? ra[r] : rb[r];
		uint32_t last = (n & 3) == 0 ? x + y : (n & 3) == 1 ? J + 1 : 0xabcd;
		uint32_t w[5] = {x, y, u, v, last};
		/* writes in S+3+J+k (k < 4) and S+7+J; the FIFO adds one cycle */
		unsigned when[5] = {4 + J, 5 + J, 6 + J, 7 + J, 8 + J};
		fprintf(f, "        RA[%d] = %u; RB[%d] = %u; RN[%d] = %u; ED[%d] = %u;\n", r, ra[r],
			r, rb[r], r, n, r, 8 + J);
		for (int k = 0; k < 5; k++)
			fprintf(f, "        E[%d] = 32'h%08x; EC[%d] = %u;\n", 5 * r + k, w[k],
				5 * r + k, when[k]);
	}
	fprintf(f,
		"    end\n"
		"    always @(posedge clk) begin\n"
		"        cyc <= cyc + 1;\n"
		"        if (swp_start && !swp_busy) S <= cyc;\n"
		"        if (res_tvalid && res_tready) begin\n"
		"            if (res_tdata !== E[no] || cyc - S != EC[no]) begin errors = errors + 1;\n"
		"                $display(\"FAIL word %%0d = %%h at S+%%0d, expected %%h at S+%%0d\",\n"
		"                         no, res_tdata, cyc - S, E[no], EC[no]); end\n"
		"            no <= no + 1;\n"
		"        end\n"
		"        if (swp_done) begin\n"
		"            if (cyc - S != ED[r]) begin errors = errors + 1;\n"
		"                $display(\"FAIL run %%0d done at S+%%0d, expected S+%%0d\", r, cyc - S, ED[r]); end\n"
		"            ndone <= ndone + 1;\n"
		"        end\n"
		"    end\n"
		"    initial begin\n"
		"        #100000 $display(\"FAIL timeout\"); $finish;\n"
		"    end\n"
		"    initial begin\n"
		"        repeat (3) @(negedge clk); rst = 0; repeat (2) @(negedge clk);\n"
		"        for (r = 0; r < %d; r = r + 1) begin\n"
		"            swp_arg_a = RA[r]; swp_arg_b = RB[r]; swp_arg_n = RN[r]; swp_start = 1;\n"
		"            @(negedge clk); swp_start = 0;\n"
		"            swp_arg_a = 32'hbad; swp_arg_b = 32'hbad; swp_arg_n = 32'hbad; // latched already\n"
		"            while (ndone == r) @(negedge clk);\n"
		"            repeat (3) @(negedge clk);\n"
		"            if (no != 5 * (r + 1)) begin errors = errors + 1;\n"
		"                $display(\"FAIL run %%0d: %%0d words\", r, no); end\n"
		"        end\n"
		"        if (errors == 0) $display(\"TB PASS\"); else $display(\"FAIL: %%0d errors\", errors);\n"
		"        $finish;\n"
		"    end\n"
		"endmodule\n",
		R);
	fclose(f);
	return buf;
}

/* ---- driver ----------------------------------------------------------- */

typedef void build_fn(struct hls_ctx *, struct ir_program *, struct hls_schedule *);

static void sim_test(struct results *res, const char *name, build_fn *fn, const char *tb)
{
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct ir_program *p = ir_program_new(&ctx, name);
	const char *src = arena_printf(&ctx.arena, "%s.c", name);
	VEC_PUSH(&ctx.arena, p->sources, p->nsources, src);
	struct hls_schedule s = {0};
	fn(&ctx, p, &s);
	char *dir = tmp_dir(name);
	struct rtl_files files;
	int ok = !build(&ctx, p, &s, dir, &files) && !simulate(dir, &files, tb);
	char title[128];
	snprintf(title, sizeof title, "sim_%s_values_and_cycles", name);
	report(res, title, ok);
	if (ok)
		rm_dir(dir);
	else
		printf("  (files kept in %s)\n", dir);
	free(dir);
	hls_ctx_fini(&ctx);
}

int main(void)
{
	struct results r = {0};
	if (!rtl_dir()) {
		printf("FAIL rtl_library_found (rtl/sluice_fifo.v not found; set SLUICE_HOME)\n");
		return 1;
	}
	sim_test(&r, "addk", build_addk, tb_addk);
	char *tb = tb_divk();
	sim_test(&r, "divk", build_divk, tb);
	free(tb);
	tb = tb_swp();
	sim_test(&r, "swp", build_swp, tb);
	free(tb);
	return finish(&r);
}
