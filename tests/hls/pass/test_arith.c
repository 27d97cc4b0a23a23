/*
 * test_arith.c -- hls/pass/arith.c: common constant factors taken out of
 * sums, constant multiplications as shifts and adds, chains of adds as
 * balanced trees, bit tests as bits.
 *
 * Each case builds a kernel of one block over arguments, runs the pass,
 * checks the IR with ir_verify, and evaluates the block before and after
 * on random arguments with the small evaluator below (the ops the passes
 * make and read): the values must agree bit for bit
 * at the op's width.  It also checks the shape: how many multiplications
 * are left, and the depth of the add tree.
 *
 * Prints one line per test and "N passed, N failed".
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include "ir/ir.h"
#include "pass/pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fx {
	struct hls_ctx ctx;
	struct ir_program *p;
	struct ir_kernel *k;
	struct ir_block *b;
	char *diag;
	size_t ndiag;
	FILE *dout;
};

static void fx_init(struct fx *f)
{
	memset(f, 0, sizeof *f);
	hls_ctx_init(&f->ctx);
	f->dout = open_memstream(&f->diag, &f->ndiag);
	f->ctx.diag.out = f->dout;
	f->p = ir_program_new(&f->ctx, "t");
	f->k = ir_kernel_new(&f->ctx, f->p, "k", KERNEL_STARTED);
	f->b = ir_block_new(&f->ctx, f->k, "entry");
}

static void fx_fini(struct fx *f)
{
	fclose(f->dout);
	free(f->diag);
	hls_ctx_fini(&f->ctx);
}

static struct ir_op *arg(struct fx *f, unsigned w, unsigned i)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, IR_ARG, w, 0);
	op->index = i;
	return op;
}

static struct ir_op *bin(struct fx *f, enum ir_opcode opc, struct ir_op *a, struct ir_op *b)
{
	struct ir_op *op = ir_op_new(&f->ctx, f->k, f->b, opc, a->width, 2);
	op->args[0] = a, op->args[1] = b;
	return op;
}

static void ret(struct fx *f)
{
	ir_op_new(&f->ctx, f->k, f->b, IR_RET, 0, 0);
}

static uint64_t mask(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* The value of op with argument values `args`; -1: an op it cannot do. */
static int eval(const struct ir_op *op, const uint64_t *args, uint64_t *out)
{
	uint64_t a = 0, b = 0;
	if (op->nargs >= 1 && eval(op->args[0], args, &a))
		return -1;
	if (op->nargs >= 2 && eval(op->args[1], args, &b))
		return -1;
	switch (op->opc) {
	case IR_CONST: *out = op->imm; break;
	case IR_ARG: *out = args[op->index]; break;
	case IR_ADD: *out = a + b; break;
	case IR_SUB: *out = a - b; break;
	case IR_MUL: *out = a * b; break;
	case IR_SHL: *out = b >= op->width ? 0 : a << b; break;
	case IR_AND: *out = a & b; break;
	case IR_XOR: *out = a ^ b; break;
	case IR_EQ: *out = a == b; break;
	case IR_NE: *out = a != b; break;
	case IR_LSHR: *out = b >= op->width ? 0 : a >> b; break;
	case IR_ZEXT: case IR_TRUNC: *out = a; break;
	case IR_EXTRACT: *out = a >> op->index; break;
	default: return -1;
	}
	*out &= mask(op->width);
	return 0;
}

static unsigned count(const struct ir_block *b, enum ir_opcode opc)
{
	unsigned n = 0;
	for (unsigned i = 0; i < b->nops; i++)
		n += b->ops[i]->opc == opc;
	return n;
}

/* Adders between the arguments and op. */
static unsigned depth(const struct ir_op *op)
{
	unsigned d = 0;
	for (unsigned i = 0; i < op->nargs; i++) {
		unsigned x = depth(op->args[i]);
		if (x > d)
			d = x;
	}
	return d + (op->opc == IR_ADD || op->opc == IR_SUB);
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

static int passed, failed;

static void report(const char *name, bool ok)
{
	printf("%s %s\n", ok ? "PASS" : "FAIL", name);
	if (ok)
		passed++;
	else
		failed++;
}

/* x * c at width w: same values after the pass; `left` multiplications
 * stay (0: expanded, 1: too many digits). */
static bool const_mul_case(unsigned w, uint64_t c, unsigned left)
{
	struct fx f;
	fx_init(&f);
	struct ir_op *x = arg(&f, w, 0);
	struct ir_op *m = bin(&f, IR_MUL, x, ir_const(&f.ctx, f.k, f.b, w, c));
	ret(&f);
	uint64_t want[64], xs[64];
	for (unsigned i = 0; i < 64; i++) {
		xs[i] = i < 4 ? (uint64_t[]){0, 1, mask(w), mask(w) >> 1}[i] : rnd() & mask(w);
		eval(m, &xs[i], &want[i]);
	}
	pass_const_mul(&f.ctx, f.p); /* (no dce: nothing uses m) */
	bool ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_MUL) == left;
	for (unsigned i = 0; ok && i < 64; i++) {
		uint64_t got;
		ok = eval(m, &xs[i], &got) == 0 && got == want[i];
		if (!ok)
			printf("  w %u, c 0x%llx, x 0x%llx: 0x%llx, want 0x%llx\n", w,
			       (unsigned long long)c, (unsigned long long)xs[i],
			       (unsigned long long)got, (unsigned long long)want[i]);
	}
	fx_fini(&f);
	return ok;
}

static void test_const_mul(void)
{
	/* the digits of the non-adjacent form: 10 = 8 + 2, -6 = 2 - 8,
	 * 84 = 64 + 16 + 4, 7 = 8 - 1, 255 = 256 - 1, 0x80000000 = 1 << 31 */
	static const struct { unsigned w; uint64_t c; unsigned left; } cases[] = {
		{32, 10, 0}, {32, (uint32_t)-6, 0}, {32, 84, 0}, {32, 7, 0},
		{32, 255, 0}, {32, 0x80000000u, 0}, {32, (uint32_t)-1, 0},
		{32, (uint32_t)-3, 0}, {32, (uint32_t)-11, 0}, {16, 0xfff9, 0},
		{8, 0xab, 1}, {32, 0x9e3779b9u, 1}, {64, 0xbf58476d1ce4e5b9u, 1},
		{64, UINT64_C(1) << 63, 0}, {64, ~UINT64_C(0) - 4, 0}, {24, 0xfffffa, 0},
		{1, 1, 1}, {12, 3, 0},
	};
	bool ok = true;
	for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++)
		if (!const_mul_case(cases[i].w, cases[i].c, cases[i].left)) {
			printf("  w %u, c 0x%llx: wrong values or %s\n", cases[i].w,
			       (unsigned long long)cases[i].c,
			       cases[i].left ? "expanded" : "not expanded");
			ok = false;
		}
	report("const_mul_cases", ok);
	/* every constant of 10 bits at widths 10 and 7 */
	ok = true;
	for (uint64_t c = 0; c < 1024 && ok; c++)
		for (unsigned w = 7; w <= 10 && ok; w += 3) {
			struct fx f;
			fx_init(&f);
			struct ir_op *x = arg(&f, w, 0);
			struct ir_op *m = bin(&f, IR_MUL, x, ir_const(&f.ctx, f.k, f.b, w, c));
			ret(&f);
			pass_const_mul(&f.ctx, f.p);
			ok = ir_verify(&f.ctx, f.p, "test") == 0;
			for (uint64_t v = 0; ok && v < (UINT64_C(1) << w); v++) {
				uint64_t got;
				ok = eval(m, &v, &got) == 0 && got == ((v * c) & mask(w));
				if (!ok)
					printf("  w %u, c %llu, x %llu: %llu\n", w,
					       (unsigned long long)c, (unsigned long long)v,
					       (unsigned long long)got);
			}
			fx_fini(&f);
		}
	report("const_mul_exhaustive_10_bits", ok);
}

/* A chain of n terms with random signs: a0 + a1 - a2 + ...; balanced to
 * depth ceil(log2 n), the same values. */
static bool chain_case(unsigned n, unsigned w)
{
	struct fx f;
	fx_init(&f);
	struct ir_op *acc = arg(&f, w, 0);
	for (unsigned i = 1; i < n; i++)
		acc = bin(&f, rnd() & 1 ? IR_SUB : IR_ADD, acc, arg(&f, w, i));
	if (rnd() & 1) /* a negative first term: 0 - (...) */
		acc = bin(&f, IR_SUB, ir_const(&f.ctx, f.k, f.b, w, 0), acc);
	ret(&f);
	struct ir_op *root = acc;
	uint64_t args[32][16], want[16];
	for (unsigned t = 0; t < 16; t++) {
		for (unsigned i = 0; i < n; i++)
			args[i][t] = rnd() & mask(w);
	}
	for (unsigned t = 0; t < 16; t++) {
		uint64_t a[32];
		for (unsigned i = 0; i < n; i++)
			a[i] = args[i][t];
		eval(root, a, &want[t]);
	}
	pass_balance_adds(&f.ctx, f.p);
	unsigned lg = 0;
	while ((1u << lg) < n)
		lg++;
	bool ok = ir_verify(&f.ctx, f.p, "test") == 0 && depth(root) <= lg + 1;
	if (!ok)
		printf("  %u terms: depth %u, want at most %u\n", n, depth(root), lg + 1);
	for (unsigned t = 0; ok && t < 16; t++) {
		uint64_t a[32], got;
		for (unsigned i = 0; i < n; i++)
			a[i] = args[i][t];
		ok = eval(root, a, &got) == 0 && got == want[t];
		if (!ok)
			printf("  %u terms, width %u: 0x%llx, want 0x%llx\n", n, w,
			       (unsigned long long)got, (unsigned long long)want[t]);
	}
	fx_fini(&f);
	return ok;
}

static void test_balance(void)
{
	bool ok = true;
	for (unsigned n = 2; n <= 20; n++)
		for (unsigned r = 0; r < 20; r++)
			ok &= chain_case(n, n % 3 ? 32 : 13);
	report("balance_chains", ok);

	/* an inner sum that is used twice stays as it is */
	struct fx f;
	fx_init(&f);
	struct ir_op *a = arg(&f, 32, 0), *b = arg(&f, 32, 1), *c = arg(&f, 32, 2);
	struct ir_op *ab = bin(&f, IR_ADD, a, b);
	struct ir_op *abc = bin(&f, IR_ADD, ab, c);
	struct ir_op *abcd = bin(&f, IR_ADD, abc, arg(&f, 32, 3));
	struct ir_op *twice = bin(&f, IR_ADD, abcd, ab);
	(void)twice;
	ret(&f);
	unsigned n0 = f.b->nops;
	pass_balance_adds(&f.ctx, f.p);
	ok = ir_verify(&f.ctx, f.p, "test") == 0 && f.b->nops == n0 && abc->args[0] == ab;
	report("balance_keeps_shared_sums", ok);
	fx_fini(&f);

	/* the FIR shape: eight products by constants summed in a chain
	 * become a tree of depth 4 (the products' own adds, then three) */
	fx_init(&f);
	static const int64_t taps[8] = {-6, 10, 40, 84, 84, 40, 10, -6};
	struct ir_op *x[8], *sum = NULL;
	for (unsigned i = 0; i < 8; i++) {
		x[i] = arg(&f, 32, i);
		struct ir_op *p = bin(&f, IR_MUL, x[i],
				      ir_const(&f.ctx, f.k, f.b, 32, (uint64_t)taps[i]));
		sum = sum ? bin(&f, IR_ADD, sum, p) : p;
	}
	ret(&f);
	uint64_t v[8] = {1, 2, 3, 0xffff, 0x8000, 7, 11, 0xfffffff0}, want, got;
	eval(sum, v, &want);
	pass_const_mul(&f.ctx, f.p);
	pass_balance_adds(&f.ctx, f.p);
	ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_MUL) == 0 &&
	     eval(sum, v, &got) == 0 && got == want && depth(sum) <= 5;
	if (!ok)
		printf("  FIR: %u muls, depth %u, 0x%llx want 0x%llx\n", count(f.b, IR_MUL),
		       depth(sum), (unsigned long long)got, (unsigned long long)want);
	report("fir_products_and_sum", ok);
	fx_fini(&f);
}

/* Sums of products by constants drawn from a few, some equal modulo the
 * bits the sum's user keeps (-6 and 0xfffffa under (s >> 8) truncated to
 * 16 bits), with random signs: the same values, and one multiplication
 * per constant left. */
static bool factor_case(unsigned n, bool narrow)
{
	static const uint64_t cs[] = {6, 0xfffffffa, 0xfffffa, 10, 0xfffffff6, 84, 3};
	struct fx f;
	fx_init(&f);
	struct ir_op *sum = NULL;
	uint64_t used[8];
	unsigned nused = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t c = cs[rnd() % (sizeof cs / sizeof cs[0])];
		struct ir_op *p = bin(&f, IR_MUL, arg(&f, 32, i), ir_const(&f.ctx, f.k, f.b, 32, c));
		sum = !sum ? p : bin(&f, rnd() & 1 ? IR_SUB : IR_ADD, sum, p);
		/* the constants that stay apart: c and -c together, and
		 * 0xfffffa with -6 only when 24 bits are all that count */
		uint64_t key = c == 0xfffffa && narrow ? 6 : c >> 31 ? (0 - c) & 0xffffffff : c;
		bool seen = false;
		for (unsigned j = 0; j < nused; j++)
			seen |= used[j] == key;
		if (!seen)
			used[nused++] = key;
	}
	struct ir_op *out = sum;
	if (narrow) {
		struct ir_op *sh = bin(&f, IR_LSHR, sum, ir_const(&f.ctx, f.k, f.b, 32, 8));
		out = ir_op_new(&f.ctx, f.k, f.b, IR_TRUNC, 16, 1);
		out->args[0] = sh;
	}
	ret(&f);
	uint64_t args[8][8], want[8];
	for (unsigned t = 0; t < 8; t++) {
		for (unsigned i = 0; i < n; i++)
			args[t][i] = rnd() & 0xffffffff;
		eval(out, args[t], &want[t]);
	}
	pass_factor_products(&f.ctx, f.p);
	bool ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_MUL) == nused;
	if (!ok)
		printf("  %u products: %u muls, want %u\n", n, count(f.b, IR_MUL), nused);
	for (unsigned t = 0; ok && t < 8; t++) {
		uint64_t got;
		ok = eval(out, args[t], &got) == 0 && got == want[t];
		if (!ok)
			printf("  %u products%s: 0x%llx, want 0x%llx\n", n, narrow ? " (24 bits)" : "",
			       (unsigned long long)got, (unsigned long long)want[t]);
	}
	fx_fini(&f);
	return ok;
}

static void test_factor(void)
{
	bool ok = true;
	for (unsigned n = 2; n <= 8; n++)
		for (unsigned r = 0; r < 30; r++)
			ok &= factor_case(n, r & 1);
	report("factor_common_constants", ok);
}

/* (x & 2^k) == 0 and != 0, with the constants either side: the same
 * values, and no compare left. */
static void test_bit_tests(void)
{
	bool ok = true;
	for (unsigned k = 0; k < 32 && ok; k += 3)
		for (unsigned form = 0; form < 4 && ok; form++) {
			struct fx f;
			fx_init(&f);
			struct ir_op *x = arg(&f, 32, 0);
			struct ir_op *m = ir_const(&f.ctx, f.k, f.b, 32, UINT64_C(1) << k);
			struct ir_op *zero = ir_const(&f.ctx, f.k, f.b, 32, 0);
			struct ir_op *a = form & 1 ? bin(&f, IR_AND, m, x) : bin(&f, IR_AND, x, m);
			struct ir_op *t = ir_op_new(&f.ctx, f.k, f.b, form & 2 ? IR_NE : IR_EQ, 1, 2);
			t->args[0] = a, t->args[1] = zero;
			ret(&f);
			uint64_t xs[4] = {0, UINT64_C(1) << k, 0xffffffffu, rnd() & 0xffffffffu}, want[4];
			for (unsigned i = 0; i < 4; i++)
				eval(t, &xs[i], &want[i]);
			pass_bit_tests(&f.ctx, f.p);
			ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_EQ) == 0 &&
			     count(f.b, IR_NE) == 0;
			for (unsigned i = 0; ok && i < 4; i++) {
				uint64_t got;
				ok = eval(t, &xs[i], &got) == 0 && got == want[i];
			}
			if (!ok)
				printf("  bit %u, form %u\n", k, form);
			fx_fini(&f);
		}
	report("bit_tests", ok);
}

int main(void)
{
	test_factor();
	test_const_mul();
	test_balance();
	test_bit_tests();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
