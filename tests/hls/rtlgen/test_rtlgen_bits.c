/*
 * test_rtlgen_bits.c -- operator semantics and kernel-to-kernel pipes in
 * simulation (Icarus), against values computed here in C.
 *
 *   bits   an autorun kernel over I/O pipes without FIFOs: for each (x, s)
 *          it writes 20 results -- ctpop/ctlz/cttz of 0 and of ones,
 *          bswap, bitreverse, shifts by 0..200 (>= width gives 0 or the
 *          sign), sign/zero extension, extract, concat, multiply, all ten
 *          comparisons, 128-bit multiply/shift/ctlz with a wide constant,
 *          combinational udiv/srem/sdiv including x/0 and MIN/-1; every
 *          port handshake is checked to the cycle.
 *   chain  producer -> FIFO (kernel pipe) -> consumer, both autorun: exact
 *          cycles while the output is ready, then back-pressure through the
 *          FIFO with no word lost.
 */
#include "rtlgen_test.h"

#include <stdint.h>

/* ---- bits ------------------------------------------------------------- */

enum { NRES = 20 };
static const uint64_t C128_LO = 0x0123456789abcdefull, C128_HI = 0xfedcba9876543210ull;

static void build_bits(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *sched)
{
	struct ir_pipe *bx = mk_pipe(ctx, p, "bx", "uint64_t", 64, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *bs = mk_pipe(ctx, p, "bs", "uint8_t", 8, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *bo = mk_pipe(ctx, p, "bo", "uint64_t", 64, 0, PIPE_IO, DIR_OUT);
	struct tk t = mk_kernel(ctx, p, "bits", KERNEL_AUTORUN, "bits.c");
	struct tk *k = &t;
	struct ir_block *b = ir_block_new(ctx, t.k, "entry");
	t.line = 5;
	struct ir_op *x = k_read(k, b, bx, "x");
	struct ir_op *s8 = k_read(k, b, bs, "s8");
	t.line = 6;
	struct ir_op *s = OP1(k, b, IR_ZEXT, 64, "s", s8);
	struct ir_op *zero = k_const(k, b, 64, 0);
	struct ir_op *y = OP2(k, b, IR_ADD, 64, "y", x, s);
	struct ir_op *xx = OP2(k, b, IR_CONCAT, 128, "xx", x, x);
	struct ir_op *c128 = ir_const(ctx, t.k, b, 128, C128_LO);
	c128->imm_words[1] = C128_HI;
	struct ir_op *wm = OP2(k, b, IR_MUL, 128, "wm", xx, c128);
	struct ir_op *ws = OP2(k, b, IR_LSHR, 128, "ws", wm, OP1(k, b, IR_ZEXT, 128, NULL, s));
	struct ir_op *cmp[10];
	static const enum ir_opcode cmps[10] = {IR_EQ, IR_NE, IR_ULT, IR_ULE, IR_UGT,
						IR_UGE, IR_SLT, IR_SLE, IR_SGT, IR_SGE};
	for (int i = 0; i < 10; i++)
		cmp[i] = OP2(k, b, cmps[i], 1, NULL, x, y);
	struct ir_op *flags = op_n(k, b, IR_CONCAT, 10, "flags", 10, cmp[0], cmp[1], cmp[2],
				   cmp[3], cmp[4], cmp[5], cmp[6], cmp[7], cmp[8], cmp[9]);
	struct ir_op *r[NRES] = {
		OP1(k, b, IR_CTPOP, 64, NULL, x),
		OP1(k, b, IR_CTLZ, 64, NULL, x),
		OP1(k, b, IR_CTTZ, 64, NULL, x),
		OP1(k, b, IR_BSWAP, 64, NULL, x),
		OP1(k, b, IR_BITREV, 64, NULL, x),
		OP2(k, b, IR_SHL, 64, NULL, x, s),
		OP2(k, b, IR_LSHR, 64, NULL, x, s8),
		OP2(k, b, IR_ASHR, 64, NULL, x, s),
		OP3(k, b, IR_SELECT, 64, "abs", OP2(k, b, IR_SLT, 1, NULL, x, zero),
		    OP2(k, b, IR_SUB, 64, NULL, zero, x), x),
		OP1(k, b, IR_SEXT, 64, NULL, OP1(k, b, IR_TRUNC, 16, NULL, x)),
		OP1(k, b, IR_ZEXT, 64, NULL, k_extract(k, b, x, 33, 8)),
		OP2(k, b, IR_CONCAT, 64, NULL, k_extract(k, b, x, 0, 32), k_extract(k, b, x, 32, 32)),
		OP2(k, b, IR_MUL, 64, NULL, x, x),
		OP1(k, b, IR_ZEXT, 64, NULL, flags),
		OP1(k, b, IR_TRUNC, 64, NULL, ws),
		k_extract(k, b, ws, 64, 64),
		OP1(k, b, IR_TRUNC, 64, NULL, OP1(k, b, IR_CTLZ, 128, NULL, wm)),
		OP2(k, b, IR_UDIV, 64, NULL, x, s),
		OP2(k, b, IR_SREM, 64, NULL, x, s),
		OP2(k, b, IR_SDIV, 64, NULL, x, OP1(k, b, IR_SEXT, 64, NULL, s8)),
	};
	t.line = 7;
	struct ir_op *w[NRES];
	for (int i = 0; i < NRES; i++)
		w[i] = k_write(k, b, bo, r[i]);
	K_RET(k, b);
	struct sched_kernel *sk = sched_new(ctx, sched, p, t.k);
	/* x in cycle 0; s8 and every computation in cycle 1; writes 2.. */
	for (unsigned i = 0; i < b->nops; i++)
		if (b->ops[i] != x)
			AT(sk, b->ops[i], 1, 0);
	for (int i = 0; i < NRES; i++)
		AT(sk, w[i], 2 + (unsigned)i, 0);
	sched_done(sk);
}

static uint64_t bitrev64(uint64_t v)
{
	uint64_t r = 0;
	for (int i = 0; i < 64; i++)
		r |= (v >> i & 1) << (63 - i);
	return r;
}

static unsigned clz128(unsigned __int128 v)
{
	unsigned n = 0;
	for (int i = 127; i >= 0 && !(v >> i & 1); i--)
		n++;
	return n;
}

/* What the kernel computes for (x, s8), result i. */
static uint64_t ref(int i, uint64_t x, uint8_t s8)
{
	uint64_t s = s8, y = x + s;
	int64_t sx = (int64_t)x, sy = (int64_t)y;
	unsigned __int128 xx = ((unsigned __int128)x << 64) | x;
	unsigned __int128 c = ((unsigned __int128)C128_HI << 64) | C128_LO;
	unsigned __int128 wm = xx * c, ws = s >= 128 ? 0 : wm >> s;
	int64_t sd = (int8_t)s8;
	switch (i) {
	case 0: return (uint64_t)__builtin_popcountll(x);
	case 1: return x ? (uint64_t)__builtin_clzll(x) : 64;
	case 2: return x ? (uint64_t)__builtin_ctzll(x) : 64;
	case 3: return __builtin_bswap64(x);
	case 4: return bitrev64(x);
	case 5: return s >= 64 ? 0 : x << s;
	case 6: return s >= 64 ? 0 : x >> s;
	case 7: return s >= 64 ? (sx < 0 ? ~0ull : 0) : (uint64_t)(sx >> s);
	case 8: return sx < 0 ? 0 - x : x;
	case 9: return (uint64_t)(int64_t)(int16_t)(uint16_t)x;
	case 10: return x >> 33 & 0xff;
	case 11: return x << 32 | x >> 32;
	case 12: return x * x;
	case 13: /* {eq, ne, ult, ule, ugt, uge, slt, sle, sgt, sge}, eq the MSB */
		return (uint64_t)(x == y) << 9 | (uint64_t)(x != y) << 8 | (uint64_t)(x < y) << 7 |
		       (uint64_t)(x <= y) << 6 | (uint64_t)(x > y) << 5 | (uint64_t)(x >= y) << 4 |
		       (uint64_t)(sx < sy) << 3 | (uint64_t)(sx <= sy) << 2 |
		       (uint64_t)(sx > sy) << 1 | (uint64_t)(sx >= sy);
	case 14: return (uint64_t)ws;
	case 15: return (uint64_t)(ws >> 64);
	case 16: return clz128(wm);
	case 17: return s ? x / s : ~0ull;
	case 18: return s ? (uint64_t)(sx % (int64_t)s) : x;
	case 19:
		if (!sd)
			return ~0ull;
		if (sd == -1)
			return 0 - x;
		return (uint64_t)(sx / sd);
	}
	return 0;
}

static char *tb_bits(void)
{
	static const uint64_t X[] = {0, 1, 0x8000000000000000ull, ~0ull, 0x0123456789abcdefull,
				     0xdeadbeefcafebabeull, 0x8000000000000000ull, 0xfffffffffffff000ull,
				     12345};
	static const uint8_t S[] = {0, 1, 63, 64, 100, 4, 0xff, 200, 7};
	enum { N = sizeof X / sizeof *X };
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	fprintf(f,
		"`timescale 1ns / 1ps\n"
		"module tb;\n"
		"    reg clk = 1'b0, rst = 1'b1;\n"
		"    always #5 clk = ~clk;\n"
		"    reg [63:0] bx_tdata = 0; reg bx_tvalid = 0; wire bx_tready;\n"
		"    reg [7:0] bs_tdata = 0; reg bs_tvalid = 0; wire bs_tready;\n"
		"    wire [63:0] bo_tdata; wire bo_tvalid; reg bo_tready = 1;\n"
		"    sluice_core dut (.clk(clk), .rst(rst), .bx_tdata(bx_tdata), .bx_tvalid(bx_tvalid),\n"
		"        .bx_tready(bx_tready), .bs_tdata(bs_tdata), .bs_tvalid(bs_tvalid),\n"
		"        .bs_tready(bs_tready), .bo_tdata(bo_tdata), .bo_tvalid(bo_tvalid),\n"
		"        .bo_tready(bo_tready));\n"
		"    localparam N = %d, R = %d, P = R + 2;\n"
		"    integer cyc = 0, nx = 0, ns = 0, no = 0, t0 = -1, errors = 0;\n"
		"    reg [63:0] X [0:N-1]; reg [7:0] S [0:N-1]; reg [63:0] E [0:N*R-1];\n"
		"    initial begin\n", N, NRES);
	for (int v = 0; v < N; v++) {
		fprintf(f, "        X[%d] = 64'h%016llx; S[%d] = 8'h%02x;\n", v,
			(unsigned long long)X[v], v, S[v]);
		for (int i = 0; i < NRES; i++)
			fprintf(f, "        E[%d] = 64'h%016llx;\n", v * NRES + i,
				(unsigned long long)ref(i, X[v], S[v]));
	}
	fprintf(f,
		"    end\n"
		"    always @(negedge clk) begin\n"
		"        #1;\n"
		"        bx_tvalid = !rst && nx < N; bx_tdata = X[nx %% N];\n"
		"        bs_tvalid = !rst && ns < N; bs_tdata = S[ns %% N];\n"
		"    end\n"
		"    // x read in state 0, s in state 1, result i written in state 2 + i\n"
		"    always @(posedge clk) begin\n"
		"        cyc <= cyc + 1;\n"
		"        if (bx_tvalid && bx_tready) begin\n"
		"            if (nx == 0) t0 = cyc;\n"
		"            else if (cyc != t0 + P * nx) begin errors = errors + 1;\n"
		"                $display(\"FAIL x %%0d read at %%0d, expected %%0d\", nx, cyc, t0 + P * nx); end\n"
		"            nx <= nx + 1;\n"
		"        end\n"
		"        if (bs_tvalid && bs_tready) begin\n"
		"            if (cyc != t0 + P * ns + 1) begin errors = errors + 1;\n"
		"                $display(\"FAIL s %%0d read at %%0d\", ns, cyc); end\n"
		"            ns <= ns + 1;\n"
		"        end\n"
		"        if (bo_tvalid && bo_tready) begin\n"
		"            if (bo_tdata !== E[no] || cyc != t0 + P * (no / R) + 2 + no %% R) begin\n"
		"                errors = errors + 1;\n"
		"                $display(\"FAIL vector %%0d result %%0d = %%h at %%0d, expected %%h at %%0d\",\n"
		"                         no / R, no %% R, bo_tdata, cyc, E[no], t0 + P * (no / R) + 2 + no %% R);\n"
		"            end\n"
		"            no <= no + 1;\n"
		"        end\n"
		"    end\n"
		"    initial begin\n"
		"        #200000 $display(\"FAIL timeout\"); $finish;\n"
		"    end\n"
		"    initial begin\n"
		"        repeat (3) @(negedge clk); rst = 0;\n"
		"        while (no < N * R) @(negedge clk);\n"
		"        repeat (30) @(negedge clk);\n"
		"        if (no != N * R) begin errors = errors + 1; $display(\"FAIL extra results\"); end\n"
		"        if (errors == 0) $display(\"TB PASS\"); else $display(\"FAIL: %%0d errors\", errors);\n"
		"        $finish;\n"
		"    end\n"
		"endmodule\n");
	fclose(f);
	return buf;
}

/* ---- chain ------------------------------------------------------------ */

static void build_chain(struct hls_ctx *ctx, struct ir_program *p, struct hls_schedule *s)
{
	struct ir_pipe *ci = mk_pipe(ctx, p, "ci", "uint16_t", 16, 0, PIPE_IO, DIR_IN);
	struct ir_pipe *mid = mk_pipe(ctx, p, "mid", "uint16_t", 16, 3, PIPE_KERNEL, DIR_NONE);
	struct ir_pipe *co = mk_pipe(ctx, p, "co", "uint16_t", 16, 0, PIPE_IO, DIR_OUT);
	struct tk a = mk_kernel(ctx, p, "prod", KERNEL_AUTORUN, "chain.c");
	struct tk b = mk_kernel(ctx, p, "cons", KERNEL_AUTORUN, "chain.c");
	struct ir_block *ab = ir_block_new(ctx, a.k, "entry");
	struct ir_op *v = k_read(&a, ab, ci, "v");
	struct ir_op *wa = k_write(&a, ab, mid, v);
	K_RET(&a, ab);
	struct ir_block *bb = ir_block_new(ctx, b.k, "entry");
	struct ir_op *m = k_read(&b, bb, mid, "m");
	struct ir_op *m3 = OP2(&b, bb, IR_MUL, 16, "m3", m, k_const(&b, bb, 16, 3));
	struct ir_op *m31 = OP2(&b, bb, IR_ADD, 16, "m31", m3, k_const(&b, bb, 16, 1));
	struct ir_op *wb = k_write(&b, bb, co, m31);
	K_RET(&b, bb);
	struct sched_kernel *ska = sched_new(ctx, s, p, a.k);
	AT(ska, wa, 1, 0);
	sched_done(ska);
	struct sched_kernel *skb = sched_new(ctx, s, p, b.k);
	AT(skb, wb, 1, 0);
	sched_done(skb);
}

static const char *tb_chain =
	"`timescale 1ns / 1ps\n"
	"module tb;\n"
	"    reg clk = 1'b0, rst = 1'b1;\n"
	"    always #5 clk = ~clk;\n"
	"    reg [15:0] ci_tdata = 0; reg ci_tvalid = 0; wire ci_tready;\n"
	"    wire [15:0] co_tdata; wire co_tvalid; reg co_tready = 1;\n"
	"    sluice_core dut (.clk(clk), .rst(rst), .ci_tdata(ci_tdata), .ci_tvalid(ci_tvalid),\n"
	"        .ci_tready(ci_tready), .co_tdata(co_tdata), .co_tvalid(co_tvalid),\n"
	"        .co_tready(co_tready));\n"
	"    localparam N = 16, FAST = 6;\n"
	"    integer cyc = 0, ni = 0, no = 0, t0 = -1, errors = 0;\n"
	"    always @(negedge clk) begin\n"
	"        #1;\n"
	"        ci_tvalid = !rst && ni < N; ci_tdata = 16'd1000 + ni * 16'd77;\n"
	"        co_tready = no < FAST || cyc % 5 == 0; // then back-pressure\n"
	"    end\n"
	"    // prod: read ci (state 0), write mid (1); the FIFO adds a cycle;\n"
	"    // cons: read mid (0), write co (1): word k in at t0+2k, out at t0+3+2k\n"
	"    always @(posedge clk) begin\n"
	"        cyc <= cyc + 1;\n"
	"        if (ci_tvalid && ci_tready) begin\n"
	"            if (ni == 0) t0 = cyc;\n"
	"            else if (ni < FAST && cyc != t0 + 2 * ni) begin errors = errors + 1;\n"
	"                $display(\"FAIL in %0d at %0d\", ni, cyc); end\n"
	"            ni <= ni + 1;\n"
	"        end\n"
	"        if (co_tvalid && co_tready) begin\n"
	"            if (co_tdata !== (16'd1000 + no * 16'd77) * 16'd3 + 16'd1 ||\n"
	"                (no < FAST && cyc != t0 + 3 + 2 * no)) begin errors = errors + 1;\n"
	"                $display(\"FAIL out %0d = %0d at %0d\", no, co_tdata, cyc); end\n"
	"            no <= no + 1;\n"
	"        end\n"
	"        if (ni - no > 3 + 1 + 1 + 1) begin errors = errors + 1;\n"
	"            $display(\"FAIL %0d words in flight: more than the FIFO and the kernels hold\", ni - no); end\n"
	"    end\n"
	"    initial begin\n"
	"        #100000 $display(\"FAIL timeout\"); $finish;\n"
	"    end\n"
	"    initial begin\n"
	"        repeat (3) @(negedge clk); rst = 0;\n"
	"        while (no < N) @(negedge clk);\n"
	"        repeat (20) @(negedge clk);\n"
	"        if (no != N || ni != N) begin errors = errors + 1; $display(\"FAIL counts\"); end\n"
	"        if (errors == 0) $display(\"TB PASS\"); else $display(\"FAIL: %0d errors\", errors);\n"
	"        $finish;\n"
	"    end\n"
	"endmodule\n";

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
	int ok = !ir_verify(&ctx, p, "test") && !rtlgen_program(&ctx, p, &s, &(struct rtl_opts){0}, dir, &files) &&
		 !lint_design(dir, &files) && !simulate(dir, &files, tb);
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
	char *tb = tb_bits();
	sim_test(&r, "bits", build_bits, tb);
	free(tb);
	sim_test(&r, "chain", build_chain, tb_chain);
	return finish(&r);
}
