/*
 * test_arith.c -- the arithmetic passes: hls/pass/arith.c (common constant
 * factors taken out of sums, constant multiplications as shifts and adds,
 * chains of adds as balanced trees, bit and sign tests as bits) and
 * hls/pass/narrow.c (width narrowing), hls/pass/cse.c (an op that an
 * earlier op of its block computes is that op), and what the loop passes
 * leave to them: exit_test.c's count of a counted loop's iterations, and dce.c's
 * removal of a dead induction variable.
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

static int64_t sx(uint64_t v, unsigned w)
{
	return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}

/* The value of op with argument values `args`; -1: an op it cannot do. */
static int eval(const struct ir_op *op, const uint64_t *args, uint64_t *out)
{
	uint64_t a = 0, b = 0, c = 0;
	if (op->nargs >= 1 && eval(op->args[0], args, &a))
		return -1;
	if (op->nargs >= 2 && eval(op->args[1], args, &b))
		return -1;
	if (op->nargs >= 3 && eval(op->args[2], args, &c))
		return -1;
	unsigned aw = op->nargs ? op->args[0]->width : 0;
	int64_t sa = sx(a, aw), sb = op->nargs >= 2 ? sx(b, op->args[1]->width) : 0;
	switch (op->opc) {
	case IR_OR: *out = a | b; break;
	case IR_ASHR: *out = (uint64_t)(b >= aw ? sa >> 63 : sa >> b); break;
	case IR_SEXT: *out = (uint64_t)sa; break;
	case IR_SELECT: *out = a ? b : c; break;
	case IR_UDIV: *out = b ? a / b : ~UINT64_C(0); break;
	case IR_UREM: *out = b ? a % b : a; break;
	case IR_SDIV: *out = !b ? ~UINT64_C(0) : sb == -1 ? (uint64_t)0 - (uint64_t)sa : (uint64_t)(sa / sb); break;
	case IR_SREM: *out = !b ? a : sb == -1 ? 0 : (uint64_t)(sa % sb); break;
	case IR_ULT: *out = a < b; break;
	case IR_UGT: *out = a > b; break;
	case IR_SLT: *out = sa < sb; break;
	case IR_SLE: *out = sa <= sb; break;
	case IR_SGT: *out = sa > sb; break;
	case IR_SGE: *out = sa >= sb; break;
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

/* ---- width narrowing ------------------------------------------------------- */

/* A random value of width w over the arguments (each 8, 16 or 32 bits):
 * extensions, truncations, constant shifts and masks, arithmetic,
 * selects, divisions; depth-limited. */
static struct ir_op *rand_value(struct fx *f, unsigned w, unsigned depth)
{
	unsigned pick = (unsigned)(rnd() % (depth ? 14 : 3));
	switch (pick) {
	case 0: case 1: { /* an argument brought to w */
		static const unsigned ws[3] = {8, 16, 32};
		unsigned aw = ws[rnd() % 3];
		struct ir_op *x = arg(f, aw, (unsigned)(rnd() % 4) * 3 + aw / 16);
		if (aw == w)
			return x;
		struct ir_op *e = ir_op_new(&f->ctx, f->k, f->b,
					    aw > w ? IR_TRUNC : rnd() & 1 ? IR_SEXT : IR_ZEXT, w, 1);
		e->args[0] = x;
		return e;
	}
	case 2: /* a constant: small, negative or any */
		return ir_const(&f->ctx, f->k, f->b, w,
				rnd() % 3 == 0 ? (uint64_t)-(int64_t)(rnd() % 100) :
				rnd() & 1 ? rnd() % 300 : rnd());
	case 3: { /* a narrower value extended */
		unsigned n = 1 + (unsigned)(rnd() % (w > 1 ? w - 1 : 1));
		if (n >= w)
			return rand_value(f, w, depth - 1);
		struct ir_op *x = rand_value(f, n, depth - 1);
		struct ir_op *e = ir_op_new(&f->ctx, f->k, f->b, rnd() & 1 ? IR_SEXT : IR_ZEXT, w, 1);
		e->args[0] = x;
		return e;
	}
	case 4: { /* constant shifts */
		static const enum ir_opcode sh[3] = {IR_SHL, IR_LSHR, IR_ASHR};
		struct ir_op *x = rand_value(f, w, depth - 1);
		return bin(f, sh[rnd() % 3], x, ir_const(&f->ctx, f->k, f->b, 8, rnd() % (w + 2)));
	}
	case 5: /* a mask */
		struct ir_op *x = rand_value(f, w, depth - 1);
		return bin(f, IR_AND, x, ir_const(&f->ctx, f->k, f->b, w, (UINT64_C(1) << (rnd() % w)) - 1));
	case 6: {
		struct ir_op *a = rand_value(f, w, depth - 1), *b = rand_value(f, w, depth - 1);
		struct ir_op *c = ir_op_new(&f->ctx, f->k, f->b, IR_SLT, 1, 2);
		c->args[0] = a, c->args[1] = b;
		struct ir_op *t = rand_value(f, w, depth - 1), *e = rand_value(f, w, depth - 1);
		struct ir_op *s = ir_op_new(&f->ctx, f->k, f->b, IR_SELECT, w, 3);
		s->args[0] = c, s->args[1] = t, s->args[2] = e;
		return s;
	}
	default: {
		static const enum ir_opcode ops[] = {IR_ADD, IR_SUB, IR_MUL, IR_XOR, IR_OR,
						     IR_UDIV, IR_UREM, IR_SDIV, IR_SREM};
		enum ir_opcode o = ops[rnd() % (sizeof ops / sizeof ops[0])];
		struct ir_op *a = rand_value(f, w, depth - 1), *b = rand_value(f, w, depth - 1);
		return bin(f, o, a, b);
	}
	}
}

/* Random values compared whole with a constant (a use that reads every
 * bit), some through a shift and a truncation (a use that reads a few):
 * after pass_narrow the same values on random arguments, including all
 * zeros and ones; and narrower ops than before, over all cases. */
static void test_narrow(void)
{
	bool ok = true;
	unsigned narrowed = 0, cases = 4000;
	for (unsigned t = 0; t < cases && ok; t++) {
		struct fx f;
		fx_init(&f);
		unsigned w = rnd() & 1 ? 32 : 16;
		struct ir_op *v = rand_value(&f, w, 1 + (unsigned)(rnd() % 4));
		struct ir_op *seen = v;
		if (rnd() & 1) { /* (v >> k) truncated: the low bits only */
			struct ir_op *k = ir_const(&f.ctx, f.k, f.b, 8, rnd() % 4);
			struct ir_op *sh = bin(&f, IR_LSHR, v, k);
			seen = ir_op_new(&f.ctx, f.k, f.b, IR_TRUNC, 4 + (unsigned)(rnd() % 8), 1);
			seen->args[0] = sh;
		}
		struct ir_op *five = ir_const(&f.ctx, f.k, f.b, seen->width, 5);
		struct ir_op *cmp = ir_op_new(&f.ctx, f.k, f.b, IR_SLT, 1, 2);
		cmp->args[0] = seen, cmp->args[1] = five;
		ret(&f);
		uint64_t args[8][16], want[8], wcmp[8];
		for (unsigned r = 0; r < 8; r++) {
			for (unsigned i = 0; i < 16; i++)
				args[r][i] = r == 0 ? 0 : r == 1 ? ~UINT64_C(0) : rnd() >> (rnd() % 64);
			for (unsigned i = 0; i < 16; i++)
				args[r][i] &= mask(i % 3 == 0 ? 8 : i % 3 == 1 ? 16 : 32);
			eval(seen, args[r], &want[r]);
			eval(cmp, args[r], &wcmp[r]);
		}
		unsigned before = 0, after = 0;
		for (unsigned i = 0; i < f.b->nops; i++)
			before += f.b->ops[i]->width;
		ok = ir_verify(&f.ctx, f.p, "test") == 0;
		pass_narrow(&f.ctx, f.p);
		ok = ok && ir_verify(&f.ctx, f.p, "test") == 0;
		if (!ok) {
			fflush(f.dout);
			printf("  case %u: %s\n", t, f.diag);
		}
		for (unsigned r = 0; ok && r < 8; r++) {
			uint64_t got, gcmp;
			ok = eval(seen, args[r], &got) == 0 && got == want[r] &&
			     eval(cmp, args[r], &gcmp) == 0 && gcmp == wcmp[r];
			if (!ok) {
				printf("  case %u, arguments %u: 0x%llx, want 0x%llx\n", t, r,
				       (unsigned long long)got, (unsigned long long)want[r]);
				ir_print(f.p, stdout);
			}
		}
		for (unsigned i = 0; i < f.b->nops; i++)
			if (f.b->ops[i]->opc != IR_ZEXT && f.b->ops[i]->opc != IR_SEXT &&
			    f.b->ops[i]->opc != IR_TRUNC && f.b->ops[i]->opc != IR_CONST)
				after += f.b->ops[i]->width;
		narrowed += after < before;
		fx_fini(&f);
	}
	report("narrow_random_values", ok);
	report("narrow_narrows", ok && narrowed > cases / 4);
	if (narrowed <= cases / 4)
		printf("  narrower in %u of %u cases\n", narrowed, cases);

	/* the running sum of a moving average: sum += x - y round a loop,
	 * (sum >> 2) truncated to 16 bits: 18 bits of the sum are read, so
	 * the add is 18 bits wide; x - y of two 16-bit values, 17 */
	struct fx f;
	fx_init(&f);
	struct ir_block *entry = f.b;
	struct ir_block *loop = ir_block_new(&f.ctx, f.k, "loop");
	struct ir_op *zero = ir_const(&f.ctx, f.k, entry, 32, 0);
	struct ir_op *br = ir_op_new(&f.ctx, f.k, entry, IR_BR, 0, 0);
	br->succs = arena_alloc(&f.ctx.arena, sizeof *br->succs);
	br->succs[0] = loop, br->nsuccs = 1;
	VEC_PUSH(&f.ctx.arena, loop->preds, loop->npreds, entry);
	VEC_PUSH(&f.ctx.arena, loop->preds, loop->npreds, loop);
	f.b = loop;
	struct ir_op *sum = ir_op_new(&f.ctx, f.k, loop, IR_PHI, 32, 2);
	struct ir_op *x16 = arg(&f, 16, 0), *y16 = arg(&f, 16, 1);
	struct ir_op *x = ir_op_new(&f.ctx, f.k, loop, IR_SEXT, 32, 1);
	x->args[0] = x16;
	struct ir_op *y = ir_op_new(&f.ctx, f.k, loop, IR_SEXT, 32, 1);
	y->args[0] = y16;
	struct ir_op *d = bin(&f, IR_SUB, x, y);
	struct ir_op *next = bin(&f, IR_ADD, sum, d);
	sum->args[0] = zero, sum->args[1] = next;
	sum->phi_blocks = arena_alloc(&f.ctx.arena, 2 * sizeof *sum->phi_blocks);
	sum->phi_blocks[0] = entry, sum->phi_blocks[1] = loop;
	struct ir_op *two = ir_const(&f.ctx, f.k, loop, 32, 2);
	struct ir_op *shifted = bin(&f, IR_LSHR, next, two);
	struct ir_op *avg = ir_op_new(&f.ctx, f.k, loop, IR_TRUNC, 16, 1);
	avg->args[0] = shifted;
	struct ir_op *z16 = ir_const(&f.ctx, f.k, loop, 16, 0);
	struct ir_op *neg = ir_op_new(&f.ctx, f.k, loop, IR_SLT, 1, 2);
	neg->args[0] = avg, neg->args[1] = z16;
	struct ir_op *back = ir_op_new(&f.ctx, f.k, loop, IR_BR, 0, 0);
	back->succs = arena_alloc(&f.ctx.arena, sizeof *back->succs);
	back->succs[0] = loop, back->nsuccs = 1;
	ok = ir_verify(&f.ctx, f.p, "test") == 0;
	pass_narrow(&f.ctx, f.p);
	ok = ok && ir_verify(&f.ctx, f.p, "test") == 0 && next->opc == IR_ZEXT &&
	     next->args[0]->opc == IR_ADD && next->args[0]->width == 18 &&
	     d->opc == IR_SEXT && d->args[0]->opc == IR_SUB && d->args[0]->width <= 18;
	if (!ok)
		ir_print(f.p, stdout);
	report("narrow_running_sum", ok);
	fx_fini(&f);

	/* a counter that a select wraps, i = i < 15 ? i + 1 : 0 (a loop with
	 * a counted loop inside, made one): at most 15, so its add and its
	 * compare are 5 and 4 bits; without the compare, j = j + 1 rises
	 * without bound and stays whole */
	for (int bounded = 1; bounded >= 0; bounded--) {
		fx_init(&f);
		entry = f.b;
		loop = ir_block_new(&f.ctx, f.k, "loop");
		zero = ir_const(&f.ctx, f.k, entry, 32, 0);
		struct ir_op *one = ir_const(&f.ctx, f.k, entry, 32, 1);
		struct ir_op *fifteen = ir_const(&f.ctx, f.k, entry, 32, 15);
		br = ir_op_new(&f.ctx, f.k, entry, IR_BR, 0, 0);
		br->succs = arena_alloc(&f.ctx.arena, sizeof *br->succs);
		br->succs[0] = loop, br->nsuccs = 1;
		VEC_PUSH(&f.ctx.arena, loop->preds, loop->npreds, entry);
		VEC_PUSH(&f.ctx.arena, loop->preds, loop->npreds, loop);
		f.b = loop;
		struct ir_op *i = ir_op_new(&f.ctx, f.k, loop, IR_PHI, 32, 2);
		struct ir_op *inc = bin(&f, IR_ADD, i, one);
		struct ir_op *more = ir_op_new(&f.ctx, f.k, loop, IR_ULT, 1, 2);
		more->args[0] = i, more->args[1] = fifteen;
		struct ir_op *wrap = ir_op_new(&f.ctx, f.k, loop, IR_SELECT, 32, 3);
		wrap->args[0] = more, wrap->args[1] = inc, wrap->args[2] = zero;
		i->args[0] = zero, i->args[1] = bounded ? wrap : inc;
		i->phi_blocks = arena_alloc(&f.ctx.arena, 2 * sizeof *i->phi_blocks);
		i->phi_blocks[0] = entry, i->phi_blocks[1] = loop;
		struct ir_op *cont = ir_op_new(&f.ctx, f.k, loop, IR_CONDBR, 0, 1);
		cont->args[0] = more;
		cont->succs = arena_alloc(&f.ctx.arena, 2 * sizeof *cont->succs);
		cont->succs[0] = loop, cont->succs[1] = loop, cont->nsuccs = 2;
		ok = ir_verify(&f.ctx, f.p, "test") == 0;
		pass_narrow(&f.ctx, f.p);
		ok = ok && ir_verify(&f.ctx, f.p, "test") == 0;
		if (bounded)
			ok = ok && inc->opc == IR_ZEXT && inc->args[0]->width == 5 &&
			     more->args[0]->width == 4;
		else
			ok = ok && inc->opc == IR_ADD && more->args[0]->width == 32;
		if (!ok)
			ir_print(f.p, stdout);
		report(bounded ? "narrow_wrapped_counter" : "narrow_rising_counter_whole", ok);
		fx_fini(&f);
	}

	/* (x & 0xffff) read as 16 bits: the mask made whole is no op at all */
	fx_init(&f);
	struct ir_op *x32 = arg(&f, 32, 0);
	struct ir_op *m = bin(&f, IR_AND, x32, ir_const(&f.ctx, f.k, f.b, 32, 0xffff));
	struct ir_op *t16 = ir_op_new(&f.ctx, f.k, f.b, IR_TRUNC, 16, 1);
	t16->args[0] = m;
	struct ir_op *z = ir_const(&f.ctx, f.k, f.b, 16, 0);
	struct ir_op *lt = ir_op_new(&f.ctx, f.k, f.b, IR_SLT, 1, 2);
	lt->args[0] = t16, lt->args[1] = z;
	ret(&f);
	pass_narrow(&f.ctx, f.p);
	ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_AND) == 0;
	uint64_t xv = 0x12348765, got = 0;
	ok = ok && eval(lt, &xv, &got) == 0 && got == 1;
	report("narrow_whole_mask_is_wiring", ok);
	fx_fini(&f);
}

/* ---- counted loops ------------------------------------------------------- */

/* A loop of one block, entered from `entry` and left to an exit block:
 * i = phi [init, entry], [i + step, loop], and condbr on `cond` (NULL:
 * the compare of i + step with n, operand `at` of it being i + step). */
struct counted {
	struct ir_block *entry, *loop;
	struct ir_op *i, *inc, *cmp, *t;
};

static struct counted counted_loop(struct fx *f, unsigned w, struct ir_op *init, uint64_t step,
				   enum ir_opcode pred, uint64_t n, unsigned at,
				   struct ir_op *cond)
{
	struct counted c = {.entry = f->b};
	c.loop = ir_block_new(&f->ctx, f->k, "loop");
	struct ir_block *out = ir_block_new(&f->ctx, f->k, "out");
	struct ir_op *nv = ir_const(&f->ctx, f->k, c.entry, w, n);
	struct ir_op *br = ir_op_new(&f->ctx, f->k, c.entry, IR_BR, 0, 0);
	br->succs = arena_alloc(&f->ctx.arena, sizeof *br->succs);
	br->succs[0] = c.loop, br->nsuccs = 1;
	f->b = c.loop;
	c.i = ir_op_new(&f->ctx, f->k, c.loop, IR_PHI, w, 2);
	c.inc = bin(f, IR_ADD, c.i, ir_const(&f->ctx, f->k, c.loop, w, step & mask(w)));
	c.i->args[0] = init, c.i->args[1] = c.inc;
	c.i->phi_blocks = arena_alloc(&f->ctx.arena, 2 * sizeof *c.i->phi_blocks);
	c.i->phi_blocks[0] = c.entry, c.i->phi_blocks[1] = c.loop;
	if (!cond) {
		c.cmp = ir_op_new(&f->ctx, f->k, c.loop, pred, 1, 2);
		c.cmp->args[at] = c.inc, c.cmp->args[1 - at] = nv;
		cond = c.cmp;
	}
	c.t = ir_op_new(&f->ctx, f->k, c.loop, IR_CONDBR, 0, 1);
	c.t->args[0] = cond;
	c.t->succs = arena_alloc(&f->ctx.arena, 2 * sizeof *c.t->succs);
	c.t->succs[0] = c.loop, c.t->succs[1] = out, c.t->nsuccs = 2;
	f->b = out;
	ret(f);
	ir_compute_preds(&f->ctx, f->k);
	return c;
}

/* exit_test's count of the iterations left, where the loop's bounds are
 * constants, is as wide as the count needs, and runs the loop exactly as
 * often as its compare did: x < n counted by one, x > n counted down,
 * signed and unsigned, either operand order, 8 and 32 bits, bounds near
 * 0, the signed and the unsigned extremes, and first values past the
 * bound (the loop runs once). */
static void test_exit_count(void)
{
	bool ok = true;
	unsigned cases = 0;
	for (unsigned t = 0; t < 3000 && ok; t++) {
		unsigned w = t & 1 ? 32 : 8;
		static const enum ir_opcode preds[4] = {IR_ULT, IR_SLT, IR_UGT, IR_SGT};
		enum ir_opcode pred = preds[rnd() % 4];
		bool up = pred == IR_ULT || pred == IR_SLT;
		uint64_t m = mask(w), half = UINT64_C(1) << (w - 1);
		static const uint64_t bases[4] = {0, 0, 1, 2};
		uint64_t base = rnd() % 4 == 0 ? rnd() : bases[rnd() % 4] * half - 40;
		uint64_t init = (base + rnd() % 80) & m;
		uint64_t dist = rnd() % 4 == 0 ? rnd() % 8 : rnd() % 300;
		uint64_t n = (up ? init + dist - 3 : init - dist + 3) & m;
		unsigned at = (unsigned)(rnd() & 1);
		enum ir_opcode asked = pred;
		if (at) /* n > x for x < n */
			asked = pred == IR_ULT ? IR_UGT : pred == IR_UGT ? IR_ULT :
				pred == IR_SLT ? IR_SGT : IR_SLT;
		/* what the loop does: runs once, then while x = i + step
		 * stands to n as pred says */
		uint64_t trips = 1, i = init, step = up ? 1 : m;
		for (;; trips++) {
			uint64_t x = (i + step) & m;
			bool go = pred == IR_ULT ? x < n : pred == IR_UGT ? x > n :
				  pred == IR_SLT ? sx(x, w) < sx(n, w) : sx(x, w) > sx(n, w);
			if (!go)
				break;
			i = x;
		}
		struct fx f;
		fx_init(&f);
		f.ctx.target = TARGET_ICE40;
		f.ctx.clock_mhz = 1000; /* no compare fits: the pass rewrites */
		struct counted c = counted_loop(&f, w, ir_const(&f.ctx, f.k, f.b, w, init), step,
						asked, n, at, NULL);
		ok = ir_verify(&f.ctx, f.p, "test") == 0;
		pass_exit_test(&f.ctx, f.p);
		ok = ok && ir_verify(&f.ctx, f.p, "test") == 0;
		/* go = xor(r[sign], 1), r = phi [r0, entry], [r - 1, loop] */
		const struct ir_op *go = c.t->args[0];
		const struct ir_op *sign = go->opc == IR_XOR ? go->args[0] : NULL;
		const struct ir_op *r = sign && sign->opc == IR_EXTRACT ? sign->args[0] : NULL;
		const struct ir_op *r0 = r && r->opc == IR_PHI ? r->args[r->phi_blocks[0] == c.loop] : NULL;
		ok = ok && r0 && r0->opc == IR_CONST && sign->index == r->width - 1;
		uint64_t got = 0;
		if (ok) {
			uint64_t v = r0->imm, rm = mask(r->width);
			for (got = 1; !(v >> sign->index & 1) && got <= trips; got++)
				v = (v - 1) & rm;
			unsigned need = 2;
			while ((UINT64_C(1) << (need - 1)) < trips)
				need++;
			ok = got == trips && r->width <= need;
		}
		if (!ok) {
			printf("  %u bits, i from 0x%llx by %s1 while x %s 0x%llx: %llu iterations, "
			       "counted %llu\n", w, (unsigned long long)init, up ? "+" : "-",
			       ir_opcode_name(pred), (unsigned long long)n,
			       (unsigned long long)trips, (unsigned long long)got);
			ir_print(f.p, stdout);
		}
		cases += trips > 1;
		fx_fini(&f);
	}
	report("exit_count_constant_bounds", ok && cases > 1000);
}

/* The induction variable of a counted loop whose exit test no longer
 * reads it (exit_test's count): i = phi [1, i + 1] over 10 iterations is
 * at most 10, so i + 1 is 4 bits and so is i == 10; unknown trips, a
 * first value not constant, or one that would wrap keep i whole.  And
 * an induction variable nothing reads is removed, its add with it. */
static void test_counted_narrow(void)
{
	for (unsigned form = 0; form < 4; form++) {
		struct fx f;
		fx_init(&f);
		unsigned w = form == 3 ? 64 : 32; /* 2^64 - 6 + 9 wraps to 3 */
		struct ir_op *go = arg(&f, 1, 0);
		struct ir_op *init = form == 2 ? arg(&f, w, 1) :
				     ir_const(&f.ctx, f.k, f.b, w, form == 3 ? mask(w) - 5 : 1);
		struct counted c = counted_loop(&f, w, init, 1, IR_ULT, 0, 0, go);
		c.loop->trip = form == 1 ? 0 : 10;
		f.b = c.loop;
		struct ir_op *ten = ir_const(&f.ctx, f.k, c.loop, w, 10);
		struct ir_op *last = ir_op_new(&f.ctx, f.k, c.loop, IR_EQ, 1, 2);
		last->args[0] = c.i, last->args[1] = ten;
		/* last must be used: it chooses what the loop writes */
		struct ir_op *pipe_w = ir_op_new(&f.ctx, f.k, c.loop, IR_SELECT, w, 3);
		pipe_w->args[0] = last, pipe_w->args[1] = c.inc, pipe_w->args[2] = ten;
		/* the branch last again */
		unsigned at = 0;
		while (c.loop->ops[at] != c.t)
			at++;
		memmove(&c.loop->ops[at], &c.loop->ops[at + 1],
			(c.loop->nops - at - 1) * sizeof *c.loop->ops);
		c.loop->ops[c.loop->nops - 1] = c.t;
		bool ok = ir_verify(&f.ctx, f.p, "test") == 0;
		pass_narrow(&f.ctx, f.p);
		ok = ok && ir_verify(&f.ctx, f.p, "test") == 0;
		if (form == 0)
			ok = ok && c.inc->opc == IR_ZEXT && c.inc->args[0]->width == 4 &&
			     last->args[0]->width == 4;
		else
			ok = ok && c.inc->opc == IR_ADD && last->args[0]->width == w;
		if (!ok)
			ir_print(f.p, stdout);
		static const char *names[4] = {"narrow_counted_phi", "narrow_uncounted_phi_whole",
					       "narrow_counted_phi_from_value_whole",
					       "narrow_counted_phi_wrapping_whole"};
		report(names[form], ok);
		fx_fini(&f);
	}

	struct fx f;
	fx_init(&f);
	struct ir_op *go = arg(&f, 1, 0);
	struct counted c = counted_loop(&f, 32, ir_const(&f.ctx, f.k, f.b, 32, 0), 1, IR_ULT, 0, 0,
					go);
	unsigned before = c.loop->nops;
	pass_dce(&f.ctx, f.p);
	bool ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(c.loop, IR_PHI) == 0 &&
		  count(c.loop, IR_ADD) == 0 && count(c.loop, IR_CONDBR) == 1 &&
		  c.loop->nops < before;
	if (!ok)
		ir_print(f.p, stdout);
	report("dce_dead_induction_variable", ok);
	fx_fini(&f);
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

/* x < 0, x <= -1, x > -1, x >= 0 become x's sign bit (inverted for the
 * last two) at every width, with the same values; x < 1 and x > 0 stay
 * compares. */
static void test_sign_tests(void)
{
	static const unsigned widths[] = {1, 8, 32, 64};
	static const struct { enum ir_opcode opc; int c; bool bit; } forms[] = {
		{IR_SLT, 0, true}, {IR_SLE, -1, true}, {IR_SGT, -1, true}, {IR_SGE, 0, true},
		{IR_SLT, 1, false}, {IR_SGT, 0, false},
	};
	bool ok = true;
	for (unsigned wi = 0; wi < 4 && ok; wi++)
		for (unsigned fi = 0; fi < sizeof forms / sizeof forms[0] && ok; fi++) {
			unsigned w = widths[wi];
			struct fx f;
			fx_init(&f);
			struct ir_op *x = arg(&f, w, 0);
			struct ir_op *c = ir_const(&f.ctx, f.k, f.b, w, (uint64_t)(int64_t)forms[fi].c);
			struct ir_op *t = ir_op_new(&f.ctx, f.k, f.b, forms[fi].opc, 1, 2);
			t->args[0] = x, t->args[1] = c;
			ret(&f);
			uint64_t xs[5] = {0, 1, UINT64_C(1) << (w - 1), mask(w), rnd() & mask(w)}, want[5];
			for (unsigned i = 0; i < 5; i++)
				eval(t, &xs[i], &want[i]);
			pass_bit_tests(&f.ctx, f.p);
			ok = ir_verify(&f.ctx, f.p, "test") == 0 &&
			     (count(f.b, forms[fi].opc) == 0) == forms[fi].bit;
			for (unsigned i = 0; ok && i < 5; i++) {
				uint64_t got;
				ok = eval(t, &xs[i], &got) == 0 && got == want[i];
			}
			if (!ok)
				printf("  width %u, form %u\n", w, fi);
			fx_fini(&f);
		}
	report("sign_tests", ok);
}

/* A compare-and-swap as lowering makes it (two compares of one pair), a
 * mirrored compare, operands in either order, equal constants: one op
 * each, and the same values, in the block and in the block after it; and
 * what differs stays apart (x - y and y - x, the constants 5 and 6, bits
 * 0 and 8, a signed and an unsigned compare). */
static void test_cse(void)
{
	struct fx f;
	fx_init(&f);
	struct ir_op *x = arg(&f, 32, 0), *y = arg(&f, 32, 1);
	struct ir_op *c1 = bin(&f, IR_SGT, x, y), *c2 = bin(&f, IR_SGT, x, y);
	c1->width = c2->width = 1;
	struct ir_op *c3 = bin(&f, IR_SLT, y, x), *c4 = bin(&f, IR_UGT, x, y);
	c3->width = c4->width = 1;
	struct ir_op *five = ir_const(&f.ctx, f.k, f.b, 32, 5);
	struct ir_op *five2 = ir_const(&f.ctx, f.k, f.b, 32, 5);
	struct ir_op *six = ir_const(&f.ctx, f.k, f.b, 32, 6);
	struct ir_op *use[] = {
		NULL, NULL, /* the selects of c1 and c2 */
		bin(&f, IR_ADD, x, y), bin(&f, IR_ADD, y, x),
		bin(&f, IR_SUB, x, y), bin(&f, IR_SUB, y, x),
		bin(&f, IR_MUL, x, five), bin(&f, IR_MUL, five2, x), bin(&f, IR_MUL, x, six),
		NULL, NULL, /* the selects of c3 and c4 */
		NULL, NULL, /* extracts */
	};
	struct ir_op *cmp[4] = {c1, c2, c3, c4};
	for (unsigned i = 0; i < 4; i++) {
		struct ir_op *sel = ir_op_new(&f.ctx, f.k, f.b, IR_SELECT, 32, 3);
		sel->args[0] = cmp[i];
		sel->args[1] = i & 1 ? y : x, sel->args[2] = i & 1 ? x : y;
		use[i < 2 ? i : 7 + i] = sel;
	}
	for (unsigned i = 0; i < 2; i++) {
		use[11 + i] = ir_op_new(&f.ctx, f.k, f.b, IR_EXTRACT, 8, 1);
		use[11 + i]->args[0] = x, use[11 + i]->index = 8 * i;
	}
	struct ir_block *next = ir_block_new(&f.ctx, f.k, "next");
	ir_br(&f.ctx, f.b, next, (struct ir_loc){0});
	struct ir_op *later = ir_op_new(&f.ctx, f.k, next, IR_SELECT, 32, 3);
	later->args[0] = c2, later->args[1] = x, later->args[2] = y;
	ir_op_new(&f.ctx, f.k, next, IR_RET, 0, 0);
	ir_compute_preds(&f.ctx, f.k);
	enum { N = sizeof use / sizeof use[0] };
	uint64_t xs[4][2] = {{3, 5}, {5, 3}, {7, 7}, {0x80000000u, 1}}, want[4][N + 1];
	for (unsigned t = 0; t < 4; t++) {
		for (unsigned i = 0; i < N; i++)
			eval(use[i], xs[t], &want[t][i]);
		eval(later, xs[t], &want[t][N]);
	}
	pass_cse(&f.ctx, f.p);
	bool ok = ir_verify(&f.ctx, f.p, "test") == 0 && count(f.b, IR_SGT) + count(f.b, IR_SLT) == 1 &&
		  count(f.b, IR_UGT) == 1 && count(f.b, IR_ADD) == 1 && count(f.b, IR_SUB) == 2 &&
		  count(f.b, IR_MUL) == 2 && count(f.b, IR_EXTRACT) == 2 && later->args[0] == c1;
	for (unsigned t = 0; ok && t < 4; t++)
		for (unsigned i = 0; ok && i <= N; i++) {
			uint64_t got;
			ok = eval(i < N ? use[i] : later, xs[t], &got) == 0 && got == want[t][i];
		}
	fx_fini(&f);
	report("cse", ok);
}

int main(void)
{
	test_narrow();
	test_exit_count();
	test_counted_narrow();
	test_factor();
	test_const_mul();
	test_balance();
	test_bit_tests();
	test_sign_tests();
	test_cse();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
