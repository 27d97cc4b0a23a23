/*
 * arith.c -- the shape of integer arithmetic for hardware.
 *
 * pass_const_mul: a multiplication by a constant whose canonical signed
 * digit form (the non-adjacent form: digits -1, 0, 1, no two adjacent
 * non-zero) has at most MAX_DIGITS non-zero digits below the width becomes
 * shifts and adds (the plain binary digits where they are no more, so
 * that only additions appear: x * 3 = (x << 1) + x): x * 10 = (x << 3) + (x << 1), x * -6 = (x << 1) -
 * (x << 3), x * 84 = (x << 6) + (x << 4) + (x << 2).  A shift by a
 * constant is wiring, so the product costs one or two adders instead of a
 * multiplier, on every target (a DSP block is better spent on a product
 * of two variables).  Digits at or above the width drop out, since the
 * product is taken modulo 2^width.
 *
 * pass_balance_adds: a tree of adds and subtracts of one width in one
 * block, whose inner results have no other use (a + b + c + d as C and
 * LLVM leave it, a chain), is rebuilt as a tree of the least depth: the
 * terms, each with its sign, are paired earliest first (Huffman on the
 * number of adders before each term), so eight products sum in three
 * levels instead of seven.  Integer addition modulo 2^width is associative
 * and commutative, so the value is the same.
 *
 * pass_bit_tests: (x & 2^k) == 0 and (x & 2^k) != 0, the way C tests a
 * bit, become a bit of x (inverted for ==): wiring and at most one gate,
 * where the comparison of the whole width would cost a tree of LUT levels
 * in the delay model (and reach the scheduler as such).  So do the sign
 * tests x < 0 and x > -1 (and x <= -1, x >= 0): the top bit of x, as
 * LLVM leaves a test of it (xtime's (b >> 7) * 0x1b in AES is
 * select(b < 0, 0x1b, 0)), where the model charged a compare: 9.5 ns of
 * the UP5K's 20.8 for the 8 bits of b.
 *
 * All keep the op they rewrite (its id, name and location, so its users
 * and the report still name it) and insert the new ops just before it.
 */
#include "pass.h"

#include <stdlib.h>

#define MAX_DIGITS 3

/* ---- helpers ----------------------------------------------------------- */

/* Block b with e's ops inserted before ops[at], and `drop` (by op id
 * below ndrop, may be NULL) removed; ops of later ids, the pass's own, all
 * stay. */
static void splice(struct hls_ctx *ctx, struct ir_block *b, unsigned at,
		   const struct ir_edit *e, const bool *drop, unsigned ndrop)
{
	struct ir_op **ops = arena_alloc(&ctx->arena,
					 (b->nops + e->n + 1) * sizeof *ops);
	unsigned n = 0;
	for (unsigned i = 0; i < b->nops; i++) {
		if (i == at)
			for (unsigned j = 0; j < e->n; j++)
				ops[n++] = e->ops[j];
		if (!drop || b->ops[i]->id >= ndrop || !drop[b->ops[i]->id])
			ops[n++] = b->ops[i];
	}
	ir_block_set_ops(ctx, b, ops, n);
}

/* ---- constant multiplication -------------------------------------------- */

struct digit {
	int sign; /* +1, -1 */
	unsigned shift;
};

/* The non-zero digits of c's non-adjacent form below `width`; their
 * number, or MAX_DIGITS + 1 when there are more. */
static unsigned naf(uint64_t c, unsigned width, struct digit *d)
{
	unsigned __int128 n = c;
	unsigned k = 0;
	for (unsigned i = 0; n && i < width; i++, n >>= 1) {
		if (!(n & 1))
			continue;
		int s = (n & 3) == 1 ? 1 : -1;
		if (k == MAX_DIGITS)
			return MAX_DIGITS + 1;
		d[k++] = (struct digit){s, i};
		if (s > 0)
			n -= 1;
		else
			n += 1;
	}
	return k;
}

/* x << s as a new op (x itself for s == 0). */
static struct ir_op *shifted(struct hls_ctx *ctx, struct ir_kernel *k,
			     struct ir_op *mul, struct ir_op *x, unsigned s,
			     struct ir_edit *e)
{
	if (!s)
		return x;
	struct ir_op *amount = edit_const(ctx, k, e, 8, s);
	struct ir_op *sh = edit_op(ctx, k, e, IR_SHL, mul->width, 2);
	sh->args[0] = x;
	sh->args[1] = amount;
	return sh;
}

/* Rewrites mul (x * c) in place; false when it stays a multiplication. */
static bool expand_mul(struct hls_ctx *ctx, struct ir_kernel *k,
		       struct ir_op *mul, struct ir_edit *e)
{
	unsigned w = mul->width;
	if (mul->opc != IR_MUL || w > 64 || mul->nargs != 2)
		return false;
	int ci = mul->args[1]->opc == IR_CONST ? 1 : mul->args[0]->opc == IR_CONST ? 0 : -1;
	if (ci < 0)
		return false;
	struct ir_op *x = mul->args[1 - ci];
	uint64_t c = mul->args[ci]->imm;
	if (w < 64)
		c &= (UINT64_C(1) << w) - 1;
	struct digit d[MAX_DIGITS + 1];
	unsigned n = naf(c, w, d);
	/* as few adders as the NAF, but all adds: the plain binary digits
	 * (3 = 2 + 1 rather than 4 - 1; a subtract costs LUTs on iCE40) */
	unsigned ones = (unsigned)__builtin_popcountll(c);
	if (ones && ones <= n) {
		n = 0;
		for (unsigned i = 0; i < w; i++)
			if (c >> i & 1)
				d[n++] = (struct digit){1, i};
	}
	if (n == 0 || n > MAX_DIGITS || (n == 1 && d[0].sign > 0 && !d[0].shift))
		return false; /* x * 0 and x * 1 are LLVM's; many digits: a multiplier */
	/* a positive digit first, so that only the others subtract */
	for (unsigned i = 1; i < n; i++)
		if (d[0].sign < 0 && d[i].sign > 0) {
			struct digit t = d[0];
			d[0] = d[i], d[i] = t;
		}
	if (n == 1 && d[0].sign > 0) { /* x << s */
		mul->opc = IR_SHL;
		mul->args[0] = x;
		mul->args[1] = edit_const(ctx, k, e, 8, d[0].shift);
		return true;
	}
	struct ir_op *acc = shifted(ctx, k, mul, x, d[0].shift, e);
	int acc_sign = d[0].sign;
	for (unsigned i = 1; i + 1 < n; i++) {
		struct ir_op *t = shifted(ctx, k, mul, x, d[i].shift, e);
		struct ir_op *s = edit_op(ctx, k, e, acc_sign == d[i].sign ? IR_ADD : IR_SUB, w, 2);
		s->args[0] = acc, s->args[1] = t;
		acc = s; /* a negative acc_sign only when all digits are negative */
	}
	if (n == 1) { /* 0 - (x << s) */
		mul->opc = IR_SUB;
		mul->args[0] = edit_const(ctx, k, e, w, 0);
		mul->args[1] = acc;
		return true;
	}
	struct ir_op *last = shifted(ctx, k, mul, x, d[n - 1].shift, e);
	if (acc_sign < 0) { /* all negative: 0 - (acc + last) */
		struct ir_op *s = edit_op(ctx, k, e, IR_ADD, w, 2);
		s->args[0] = acc, s->args[1] = last;
		mul->opc = IR_SUB;
		mul->args[0] = edit_const(ctx, k, e, w, 0);
		mul->args[1] = s;
		return true;
	}
	mul->opc = d[n - 1].sign > 0 ? IR_ADD : IR_SUB;
	mul->args[0] = acc;
	mul->args[1] = last;
	return true;
}

/* Every op of p through `rewrite`, which changes it in place and lists
 * the ops to insert before it. */
static void rewrite_each(struct hls_ctx *ctx, struct ir_program *p,
			 bool (*rewrite)(struct hls_ctx *, struct ir_kernel *,
					 struct ir_op *, struct ir_edit *))
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		for (unsigned b = 0; b < k->nblocks; b++) {
			struct ir_block *blk = k->blocks[b];
			for (unsigned i = 0; i < blk->nops; i++) {
				struct ir_edit e = edit_at(blk->ops[i]);
				if (rewrite(ctx, k, blk->ops[i], &e) && e.n) {
					splice(ctx, blk, i, &e, NULL, 0);
					i += e.n;
				}
			}
		}
	}
}

void pass_const_mul(struct hls_ctx *ctx, struct ir_program *p)
{
	rewrite_each(ctx, p, expand_mul);
}

/* ---- bit tests ------------------------------------------------------------ */

static bool is_const(const struct ir_op *op, uint64_t v)
{
	return op->opc == IR_CONST && op->width <= 64 && op->imm == v;
}

/* eq/ne (and x, 2^k), 0 -> x[k] (xor 1 for eq), in place. */
static bool bit_test(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *op,
		     struct ir_edit *e)
{
	if ((op->opc != IR_EQ && op->opc != IR_NE) || op->nargs != 2)
		return false;
	int z = is_const(op->args[1], 0) ? 1 : is_const(op->args[0], 0) ? 0 : -1;
	if (z < 0)
		return false;
	struct ir_op *a = op->args[1 - z];
	if (a->opc != IR_AND || a->width > 64)
		return false;
	int m = a->args[1]->opc == IR_CONST ? 1 : a->args[0]->opc == IR_CONST ? 0 : -1;
	if (m < 0)
		return false;
	uint64_t mask = a->args[m]->imm;
	if (!mask || (mask & (mask - 1)))
		return false;
	unsigned bit = (unsigned)__builtin_ctzll(mask);
	struct ir_op *x = a->args[1 - m];
	struct ir_op *b = edit_op(ctx, k, e, IR_EXTRACT, 1, 1);
	b->args[0] = x;
	b->index = bit;
	if (op->opc == IR_NE) { /* x[k] itself: a copy */
		op->opc = IR_ZEXT;
		op->nargs = 1;
		op->args[0] = b;
		return true;
	}
	op->opc = IR_XOR;
	op->args[0] = b;
	op->args[1] = edit_const(ctx, k, e, 1, 1);
	return true;
}

/* slt x, 0 and sle x, -1 -> x[w-1]; sgt x, -1 and sge x, 0 -> x[w-1] xor
 * 1, in place (LLVM puts the constant second). */
static bool sign_test(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *op,
		      struct ir_edit *e)
{
	if (!ir_is_signed_compare(op->opc) || op->nargs != 2)
		return false;
	struct ir_op *x = op->args[0];
	unsigned w = x->width;
	if (w == 0 || w > 64)
		return false;
	uint64_t ones = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	const struct ir_op *c = op->args[1];
	bool neg; /* the result is the sign bit itself */
	if ((op->opc == IR_SLT && is_const(c, 0)) || (op->opc == IR_SLE && is_const(c, ones)))
		neg = true;
	else if ((op->opc == IR_SGT && is_const(c, ones)) || (op->opc == IR_SGE && is_const(c, 0)))
		neg = false;
	else
		return false;
	struct ir_op *b = edit_op(ctx, k, e, IR_EXTRACT, 1, 1);
	b->args[0] = x;
	b->index = w - 1;
	if (neg) {
		op->opc = IR_ZEXT;
		op->nargs = 1;
		op->args[0] = b;
		return true;
	}
	op->opc = IR_XOR;
	op->args[0] = b;
	op->args[1] = edit_const(ctx, k, e, 1, 1);
	return true;
}

static bool bit_or_sign_test(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *op,
			     struct ir_edit *e)
{
	return bit_test(ctx, k, op, e) || sign_test(ctx, k, op, e);
}

void pass_bit_tests(struct hls_ctx *ctx, struct ir_program *p)
{
	rewrite_each(ctx, p, bit_or_sign_test);
}

/* ---- balanced add trees ------------------------------------------------- */

struct term {
	struct ir_op *op;
	int sign;
	unsigned depth; /* adders before the term is ready */
};

struct tree {
	struct term *t;
	unsigned n;
	struct ir_op **inner; /* the adds and subs inside, rebuilt */
	unsigned ninner;
	unsigned nold; /* ops of ids >= nold are the pass's own */
};

/* An add or sub whose only use is `user`, an add or sub of its width and
 * block: part of user's tree. */
static bool inner(const struct ir_op *op, const struct ir_op *user,
		  const unsigned *uses)
{
	return is_addsub(op) && op->block == user->block && op->width == user->width &&
	       uses[op->id] == 1;
}

/* The terms of op's tree into tr, its inner ops into tr->inner. */
static void collect(struct hls_ctx *ctx, struct ir_op *op, int sign,
		    const unsigned *uses, const unsigned *depth, unsigned nold,
		    struct tree *tr)
{
	for (unsigned a = 0; a < 2; a++) {
		struct ir_op *x = op->args[a];
		int s = op->opc == IR_SUB && a == 1 ? -sign : sign;
		if (x->id < nold && inner(x, op, uses)) {
			VEC_PUSH(&ctx->arena, tr->inner, tr->ninner, x);
			collect(ctx, x, s, uses, depth, nold, tr);
			continue;
		}
		struct term t = {x, s, depth[x->id]};
		VEC_PUSH(&ctx->arena, tr->t, tr->n, t);
	}
}

/* Index of the term of least depth among n (ties: the earliest). */
static unsigned least(const struct term *t, unsigned n)
{
	unsigned m = 0;
	for (unsigned i = 1; i < n; i++)
		if (t[i].depth < t[m].depth)
			m = i;
	return m;
}

/* a (+/-) b as a term: positive unless both are negative. */
static struct term combine(struct hls_ctx *ctx, struct ir_kernel *k,
			   struct ir_op *root, struct term a, struct term b,
			   struct ir_op *into, struct ir_edit *e)
{
	int sign;
	struct ir_op *op = edit_signed_add(ctx, k, e, root->width, a.op, a.sign, b.op, b.sign,
					   into, &sign);
	unsigned d = (a.depth > b.depth ? a.depth : b.depth) + 1;
	return (struct term){op, sign, d};
}

static void balance(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *root,
		    struct tree *tr, struct ir_edit *e)
{
	struct term *t = tr->t;
	unsigned n = tr->n;
	while (n > 2) {
		unsigned i = least(t, n);
		struct term a = t[i];
		t[i] = t[--n];
		unsigned j = least(t, n);
		struct term b = t[j];
		t[j] = t[--n];
		t[n++] = combine(ctx, k, root, a, b, NULL, e);
	}
	if (t[0].sign < 0 && t[1].sign < 0) { /* 0 - (a + b) */
		struct term s = combine(ctx, k, root, t[0], t[1], NULL, e);
		root->opc = IR_SUB;
		root->args[0] = edit_const(ctx, k, e, root->width, 0);
		root->args[1] = s.op;
		return;
	}
	combine(ctx, k, root, t[0], t[1], root, e);
}

static unsigned op_depth(const struct ir_op *op, const unsigned *depth)
{
	unsigned d = 0;
	for (unsigned a = 0; op->opc != IR_PHI && a < op->nargs; a++)
		if (op->args[a]->block == op->block && depth[op->args[a]->id] > d)
			d = depth[op->args[a]->id];
	bool wiring = op->opc == IR_CONST || op->opc == IR_ZEXT || op->opc == IR_SEXT ||
		      op->opc == IR_TRUNC || op->opc == IR_EXTRACT || op->opc == IR_CONCAT ||
		      ((op->opc == IR_SHL || op->opc == IR_LSHR || op->opc == IR_ASHR) &&
		       op->args[1]->opc == IR_CONST);
	return d + (op->width && !wiring && op->opc != IR_PHI);
}

/* ---- common factors ------------------------------------------------------ */

/* The low bits of op that anything uses: all of them, unless every user
 * is a trunc, or a logical shift right by a constant whose own users
 * want fewer (acc >> 8 truncated to 16 bits wants 24). */
static unsigned demanded_width(const struct ir_block *blk, const struct ir_op *op,
			       unsigned depth)
{
	if (depth > 2 || op->width > 64)
		return op->width;
	unsigned d = 0;
	for (unsigned i = 0; i < blk->nops; i++) {
		const struct ir_op *u = blk->ops[i];
		for (unsigned a = 0; a < u->nargs; a++) {
			if (u->args[a] != op)
				continue;
			unsigned w = op->width;
			if (u->opc == IR_TRUNC)
				w = u->width;
			else if (u->opc == IR_LSHR && a == 0 && u->args[1]->opc == IR_CONST &&
				 u->args[1]->imm < op->width)
				w = (unsigned)u->args[1]->imm + demanded_width(blk, u, depth + 1);
			if (w > d)
				d = w;
		}
	}
	/* a value used in another block, or nowhere here: all of it */
	for (unsigned b = 0; b < blk->kernel->nblocks && d < op->width; b++) {
		const struct ir_block *o = blk->kernel->blocks[b];
		for (unsigned i = 0; o != blk && i < o->nops; i++)
			for (unsigned a = 0; a < o->ops[i]->nargs; a++)
				if (o->ops[i]->args[a] == op)
					return op->width;
	}
	return d && d < op->width ? d : op->width;
}

/* A term x * c of a tree, c taken modulo 2^dw as a positive constant and
 * a sign: (x * -6) is -(x * 6). */
struct product {
	struct ir_op *x;
	uint64_t c;
	int sign;
	unsigned term;
};

static bool as_product(const struct term *t, const struct ir_op *root, unsigned dw,
		       const unsigned *uses, unsigned nold, struct product *p)
{
	const struct ir_op *m = t->op;
	if (m->opc != IR_MUL || m->nargs != 2 || m->block != root->block ||
	    m->width > 64 || m->id >= nold || uses[m->id] != 1)
		return false;
	int ci = m->args[1]->opc == IR_CONST ? 1 : m->args[0]->opc == IR_CONST ? 0 : -1;
	if (ci < 0)
		return false;
	uint64_t mask = dw < 64 ? (UINT64_C(1) << dw) - 1 : ~UINT64_C(0);
	uint64_t c = m->args[ci]->imm & mask;
	int sign = t->sign;
	if (c >> (dw - 1) & 1) {
		c = (0 - c) & mask;
		sign = -sign;
	}
	*p = (struct product){m->args[1 - ci], c, sign, 0};
	return true;
}

/* In the tree at root: the products by one constant summed first and
 * multiplied once, a*x + a*y = a*(x + y) (a symmetric filter's taps);
 * true when it changed the tree. */
static bool factor_tree(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *root,
			struct tree *tr, const unsigned *uses, bool *drop, struct ir_edit *e)
{
	unsigned dw = demanded_width(root->block, root, 0);
	struct product *pr = calloc(tr->n + 1, sizeof *pr);
	bool *grouped = calloc(tr->n + 1, sizeof *grouped);
	unsigned np = 0;
	for (unsigned i = 0; i < tr->n; i++)
		if (as_product(&tr->t[i], root, dw, uses, tr->nold, &pr[np])) {
			pr[np].term = i;
			np++;
		}
	struct term *out = NULL;
	unsigned nout = 0;
	for (unsigned i = 0; i < np; i++) {
		if (grouped[pr[i].term])
			continue;
		struct ir_op *sum = pr[i].x;
		unsigned depth = tr->t[pr[i].term].depth;
		for (unsigned j = i + 1; j < np; j++) {
			if (grouped[pr[j].term] || pr[j].c != pr[i].c)
				continue;
			struct ir_op *s = edit_op(ctx, k, e, pr[j].sign == pr[i].sign ? IR_ADD : IR_SUB, root->width, 2);
			s->args[0] = sum;
			s->args[1] = pr[j].x;
			sum = s;
			grouped[pr[j].term] = true;
			drop[tr->t[pr[j].term].op->id] = true;
		}
		if (sum == pr[i].x)
			continue;
		grouped[pr[i].term] = true;
		drop[tr->t[pr[i].term].op->id] = true;
		struct ir_op *c = edit_const(ctx, k, e, root->width, pr[i].c);
		struct ir_op *m = edit_op(ctx, k, e, IR_MUL, root->width, 2);
		m->args[0] = sum;
		m->args[1] = c;
		struct term t = {m, pr[i].sign, depth + 1};
		VEC_PUSH(&ctx->arena, out, nout, t);
	}
	bool changed = nout > 0;
	for (unsigned i = 0; changed && i < tr->n; i++)
		if (!grouped[i])
			VEC_PUSH(&ctx->arena, out, nout, tr->t[i]);
	free(pr);
	free(grouped);
	if (!changed)
		return false;
	tr->t = out;
	tr->n = nout;
	if (nout == 1) { /* the whole tree was one constant's: 0 +/- product */
		struct term z = {edit_const(ctx, k, e, root->width, 0), 1, 0};
		VEC_PUSH(&ctx->arena, tr->t, tr->n, z);
	}
	return true;
}

/* ---- the trees of a kernel ---------------------------------------------- */

/* Every add tree of k through `shape`, which rebuilds it (from its terms,
 * with root the last of its ops) and tells whether it did. */
static void each_tree(struct hls_ctx *ctx, struct ir_kernel *k,
		      bool (*shape)(struct hls_ctx *, struct ir_kernel *, struct ir_op *,
				    struct tree *, const unsigned *, bool *, struct ir_edit *))
{
	unsigned n = k->nops_total; /* ops of ids >= n are this pass's */
	unsigned *uses = calloc(n + 1, sizeof *uses), *depth = calloc(n + 1, sizeof *depth);
	bool *drop = calloc(n + 1, sizeof *drop), *seen = calloc(n + 1, sizeof *seen);
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			const struct ir_op *op = k->blocks[b]->ops[i];
			for (unsigned a = 0; a < op->nargs; a++)
				uses[op->args[a]->id]++;
		}
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned i = 0; i < blk->nops; i++)
			depth[blk->ops[i]->id] = op_depth(blk->ops[i], depth);
		/* roots from the last op up: an inner op is never a root */
		for (unsigned i = blk->nops; i-- > 0;) {
			struct ir_op *root = blk->ops[i];
			if (root->id >= n || !is_addsub(root) || seen[root->id])
				continue;
			struct tree tr = {.nold = n};
			collect(ctx, root, 1, uses, depth, n, &tr);
			for (unsigned j = 0; j < tr.ninner; j++)
				seen[tr.inner[j]->id] = true;
			struct ir_edit e = edit_at(root);
			if (!shape(ctx, k, root, &tr, uses, drop, &e))
				continue;
			for (unsigned j = 0; j < tr.ninner; j++)
				drop[tr.inner[j]->id] = true;
			balance(ctx, k, root, &tr, &e);
			splice(ctx, blk, i, &e, drop, n + 1);
			/* on from the root's new place, below the new ops */
			for (i = 0; blk->ops[i] != root; i++)
				;
			i -= e.n;
		}
	}
	free(uses);
	free(depth);
	free(drop);
	free(seen);
}

/* Three adds or more, deeper than they need be: rebuilt as they are. */
static bool too_deep(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *root,
		     struct tree *tr, const unsigned *uses, bool *drop, struct ir_edit *e)
{
	(void)ctx, (void)k, (void)root, (void)uses, (void)drop, (void)e;
	unsigned lg = 0;
	while ((1u << lg) < tr->n)
		lg++;
	return tr->ninner >= 2 && tr->ninner + 1 > lg;
}

void pass_factor_products(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++)
		each_tree(ctx, p->kernels[kk], factor_tree);
}

void pass_balance_adds(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++)
		each_tree(ctx, p->kernels[kk], too_deep);
}
