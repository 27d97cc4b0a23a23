/*
 * narrow.c -- width narrowing: arithmetic at the width its values need.
 *
 * C computes in int and wider; hardware pays for every bit of an adder,
 * a comparator, a divider and of the registers between stages, and the
 * delay model charges a carry chain by its length.  This pass computes
 * three facts per op and rebuilds the arithmetic ops narrower where they
 * allow it:
 *
 *   z  the value's bits at and above z are zero (it is zext of its low z);
 *   s  the value is the sign extension of its low s bits;
 *   d  no user looks at bits at or above d (demanded bits: x >> 2
 *      truncated to 16 bits wants 18 bits of x, and so does the add that
 *      makes x, and the phi feeding the add, round a loop).
 *
 * z and s flow forward from constants, extensions, masks and shifts (an
 * add of two sign-extended 16-bit values has s = 17).  A phi is taken at
 * its full width, unless the largest value it can hold is known (below):
 * z is then that value's bits.
 *
 * The largest values (hi, ranges()): a fixed point of an upper bound per
 * op, phis starting at their smallest (0) and rising to the largest value
 * that comes in, round the loop too; a select's arm, and a phi's value
 * on an edge of a conditional branch, count with what the condition says
 * of them: the counter of `for (i = 0; i < 3; i++)` is at most 3 (it
 * goes round only while i + 1 < 3... or i < 2, whichever clang tests),
 * and that of a loop that if_convert made out of a loop with a counted
 * loop inside, i = i < 15 ? i + 1 : 0, at most 15.  Phis still rising after a few rounds are
 * taken whole.  d flows backward from the users to a fixed point
 * round loops; a value leaving the kernel (pipe write, state store,
 * compare, divide, variable shift) is demanded whole.
 *
 * An add, sub, mul, bitwise op, constant left shift or select of width w
 * whose n = min(z, s, d) is below w becomes op.n over its operands
 * truncated to n bits, extended back to w: zext when the bits above n are
 * zero or unobserved, sext when they are sign copies.  The low n bits of
 * these ops depend on the low n bits of their operands only, so the
 * result is the same in every bit anybody reads.  Divisions and
 * remainders, whose low bits depend on all bits, narrow only to the
 * width their operands fit: unsigned remainders to the larger z;
 * quotients, and signed remainders, one bit wider (the larger z or s plus
 * one) and sign-extended, so that INT_MIN / -1 cannot arise and x / 0
 * stays all ones (rtl/sluice_div.v, as RISC-V).  Compares take their
 * operands at the width both fit.  The op keeps its id, name and place
 * (it becomes the extension); the narrow op and the truncations go just
 * before it.  The extensions and truncations are wiring, so what changes
 * in hardware is the width of the carry chains, multipliers and dividers
 * the schedule is made for, and of the registers that hold them.
 */
#include "pass.h"

#include <stdlib.h>
#include <string.h>

struct facts {
	unsigned *z, *s, *d;
	unsigned *n; /* the width the op is computed at; 0: its own */
	bool *sx;    /* extended back by sign */
	uint64_t *hi; /* the largest value (ranges()) */
};

static unsigned umin(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

static unsigned umax(unsigned a, unsigned b)
{
	return a > b ? a : b;
}

static bool const_amount(const struct ir_op *op, unsigned *k)
{
	if (op->args[1]->opc != IR_CONST || op->args[1]->width > 64)
		return false;
	uint64_t v = op->args[1]->imm;
	*k = v > op->width ? op->width : (unsigned)v;
	return true;
}

/* ---- z and s, forward ------------------------------------------------------ */

static void forward(const struct ir_op *op, struct facts *f)
{
	unsigned w = op->width, z = w, s = w;
	const unsigned *Z = f->z, *S = f->s;
#define ZA Z[op->args[0]->id]
#define ZB Z[op->args[1]->id]
#define SA S[op->args[0]->id]
#define SB S[op->args[1]->id]
	unsigned k;
	switch (op->opc) {
	case IR_CONST:
		if (w <= 64) {
			uint64_t v = op->imm;
			z = v ? 64 - (unsigned)__builtin_clzll(v) : 0;
			if (w && v >> (w - 1) & 1) { /* negative: count the leading ones */
				uint64_t inv = ~v & (w < 64 ? (UINT64_C(1) << w) - 1 : ~UINT64_C(0));
				s = (inv ? 64 - (unsigned)__builtin_clzll(inv) : 0) + 1;
			} else {
				s = z + 1;
			}
		}
		break;
	case IR_ZEXT:
		z = ZA;
		s = ZA + 1;
		break;
	case IR_SEXT:
		s = SA;
		z = ZA < op->args[0]->width ? ZA : w;
		break;
	case IR_TRUNC:
		z = ZA;
		s = SA;
		break;
	case IR_EXTRACT:
		z = ZA > op->index ? ZA - op->index : 0;
		s = SA > op->index ? SA - op->index : 1;
		break;
	case IR_AND:
		z = umin(ZA, ZB);
		s = umax(SA, SB);
		break;
	case IR_OR: case IR_XOR:
		z = umax(ZA, ZB);
		s = umax(SA, SB);
		break;
	case IR_ADD:
		z = umax(ZA, ZB) + 1;
		s = umax(SA, SB) + 1;
		break;
	case IR_SUB:
		s = umax(SA, SB) + 1;
		break;
	case IR_MUL:
		z = ZA + ZB;
		s = SA + SB;
		break;
	case IR_SHL:
		if (const_amount(op, &k)) {
			z = k < w ? ZA + k : 0;
			s = k < w ? SA + k : 1;
		}
		break;
	case IR_LSHR:
		if (const_amount(op, &k)) {
			z = ZA > k ? ZA - k : 0;
			if (k)
				z = umin(z, w - k);
		}
		break;
	case IR_ASHR:
		if (const_amount(op, &k)) {
			s = SA > k ? SA - k : 1;
			z = ZA < w ? (ZA > k ? ZA - k : 0) : w;
		}
		break;
	case IR_SELECT:
		z = umax(Z[op->args[1]->id], Z[op->args[2]->id]);
		s = umax(S[op->args[1]->id], S[op->args[2]->id]);
		break;
	case IR_UDIV: /* at most a, but a / 0 is all ones */
		if (op->args[1]->opc == IR_CONST && op->args[1]->width <= 64 && op->args[1]->imm)
			z = ZA;
		break;
	case IR_UREM: /* at most a (a % 0 = a) */
		z = ZA;
		break;
	default:
		break;
	}
#undef ZA
#undef ZB
#undef SA
#undef SB
	if (w <= 64) { /* the largest value's bits */
		uint64_t h = f->hi[op->id];
		z = umin(z, h ? 64 - (unsigned)__builtin_clzll(h) : 0);
	}
	z = umin(z, w);
	s = umin(umax(s, 1), w);
	if (z < w)
		s = umin(s, z + 1);
	f->z[op->id] = z;
	f->s[op->id] = s;
}

/* ---- hi, the largest value ------------------------------------------------ */

#define RANGE_ROUNDS 4

static uint64_t mask_of(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static uint64_t sat_add(uint64_t a, uint64_t b, unsigned w)
{
	uint64_t r = a + b;
	return r < a || r > mask_of(w) ? mask_of(w) : r;
}

/* The largest value of v when cond is `holds`: what cond says of v (v <
 * K, v == K, ...), or of x in v = x + c; else hi[v]. */
static uint64_t hi_when(const struct ir_op *v, const struct ir_op *cond, bool holds,
			const uint64_t *hi)
{
	while (cond->opc == IR_XOR && cond->width == 1 && cond->args[1]->opc == IR_CONST &&
	       cond->args[1]->imm == 1)
		cond = cond->args[0], holds = !holds;
	uint64_t h = hi[v->id];
	if (v->opc == IR_ADD && v->args[1]->opc == IR_CONST && v->width <= 64) {
		uint64_t hx = hi_when(v->args[0], cond, holds, hi);
		uint64_t r = sat_add(hx, v->args[1]->imm, v->width);
		return r < h ? r : h;
	}
	if (cond->nargs != 2 || cond->args[0] != v || cond->args[1]->opc != IR_CONST ||
	    v->width > 64)
		return h;
	uint64_t k = cond->args[1]->imm, b = h;
	switch (cond->opc) {
	case IR_ULT: /* v < k, or v >= k */
		if (holds && k)
			b = k - 1;
		break;
	case IR_ULE:
		if (holds)
			b = k;
		break;
	case IR_UGE:
		if (!holds && k)
			b = k - 1;
		break;
	case IR_UGT:
		if (!holds)
			b = k;
		break;
	case IR_EQ:
		if (holds)
			b = k;
		break;
	case IR_NE:
		if (!holds)
			b = k;
		break;
	default:
		break;
	}
	return b < h ? b : h;
}

/* The largest value of phi i of a counted loop (block->trip, from
 * exit_test.c: iterations per entry): i = phi [init, before], [i + C,
 * loop], the same constant init from every block before the loop, takes
 * init, init + C, ..., init + (trip - 1) C on each entry.  All ones when
 * the phi is not of that form or the last value would wrap.  The loop's
 * own exit test may no longer read i (exit_test.c counts the iterations
 * left instead), so this is all that bounds it: aes128's round counter
 * `for (r = 1; r <= 10; r++)` would otherwise stay 32 bits wide. */
static uint64_t counted_hi(const struct ir_op *i)
{
	uint64_t m = mask_of(i->width);
	const struct ir_block *loop = i->block;
	if (!loop->trip || i->width > 64)
		return m;
	const struct ir_op *init = NULL, *inc = NULL;
	for (unsigned a = 0; a < i->nargs; a++) {
		const struct ir_op *x = i->args[a];
		if (i->phi_blocks[a] == loop) {
			if (inc)
				return m;
			inc = x;
		} else if (x->opc != IR_CONST || (init && x->imm != init->imm)) {
			return m;
		} else {
			init = x;
		}
	}
	if (!init || !inc || inc->opc != IR_ADD)
		return m;
	unsigned at = inc->args[0] == i ? 1 : 0; /* the step's operand */
	if (inc->args[1 - at] != i || inc->args[at]->opc != IR_CONST)
		return m;
	uint64_t c = inc->args[at]->imm, steps = loop->trip - 1;
	if (c > m / 2 || (c && steps > (m - init->imm) / c))
		return m; /* counts down, or wraps */
	return init->imm + steps * c;
}

static uint64_t hi_of(const struct ir_op *op, const uint64_t *hi)
{
	unsigned w = op->width, k;
	uint64_t m = mask_of(w);
	if (w > 64 || (op->nargs && op->opc != IR_PHI && op->args[0]->width > 64))
		return m;
#define HA hi[op->args[0]->id]
#define HB hi[op->args[1]->id]
	switch (op->opc) {
	case IR_CONST:
		return op->imm;
	case IR_ZEXT:
		return HA;
	case IR_TRUNC:
		return HA <= m ? HA : m;
	case IR_AND:
		return HA < HB ? HA : HB;
	case IR_OR: case IR_XOR: {
		uint64_t x = HA | HB;
		return x ? mask_of(64 - (unsigned)__builtin_clzll(x)) & m : 0;
	}
	case IR_ADD:
		return sat_add(HA, HB, w);
	case IR_LSHR:
		return const_amount(op, &k) ? (k < 64 ? HA >> k : 0) : HA;
	case IR_UREM:
		return op->args[1]->opc == IR_CONST && op->args[1]->imm && op->args[1]->imm - 1 < HA
			       ? op->args[1]->imm - 1 : HA;
	case IR_UDIV:
		return op->args[1]->opc == IR_CONST && op->args[1]->imm ? HA : m;
	case IR_SELECT: {
		uint64_t a = hi_when(op->args[1], op->args[0], true, hi);
		uint64_t b = hi_when(op->args[2], op->args[0], false, hi);
		return a > b ? a : b;
	}
	case IR_PHI: {
		/* a value comes in on an edge of a condbr only when its
		 * condition says so: i + 1 on `condbr i < 2, loop, out` */
		uint64_t x = 0, counted = counted_hi(op);
		if (counted != m)
			return counted;
		for (unsigned a = 0; a < op->nargs; a++) {
			const struct ir_block *from = op->phi_blocks[a];
			const struct ir_op *t = from->nops ? from->ops[from->nops - 1] : NULL;
			uint64_t v = hi[op->args[a]->id];
			if (t && t->opc == IR_CONDBR && (t->succs[0] == op->block) != (t->succs[1] == op->block))
				v = hi_when(op->args[a], t->args[0], t->succs[0] == op->block, hi);
			if (v > x)
				x = v;
		}
		return x;
	}
	default:
		return m;
	}
#undef HA
#undef HB
}

/* hi[] by op id: the largest value of each op (see the head of the
 * file); ops wider than 64 bits get all ones.  Rising from 0, a phi
 * still rising after RANGE_ROUNDS rounds is widened to all ones; then,
 * from that sound bound, a few rounds more bring such a phi down to what
 * comes in (i = i < 15 ? i + 1 : 0: all ones, then 15). */
static void ranges(const struct ir_kernel *k, uint64_t *hi)
{
	bool *whole = calloc(k->nops_total + 1, sizeof *whole);
	bool changed = true;
	for (unsigned round = 0; changed && round < 4 * RANGE_ROUNDS; round++) {
		changed = false;
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
				const struct ir_op *op = k->blocks[b]->ops[i];
				if (!op->width)
					continue;
				uint64_t h = whole[op->id] ? mask_of(op->width) : hi_of(op, hi);
				if (h == hi[op->id])
					continue;
				if (op->opc == IR_PHI && round >= RANGE_ROUNDS) {
					whole[op->id] = true;
					h = mask_of(op->width);
				}
				hi[op->id] = h;
				changed = true;
			}
	}
	free(whole);
	for (unsigned b = 0; changed && b < k->nblocks; b++) /* cannot be */
		for (unsigned i = 0; i < k->blocks[b]->nops; i++)
			hi[k->blocks[b]->ops[i]->id] = mask_of(k->blocks[b]->ops[i]->width);
	/* each op's bound from bounds that hold stays one that holds */
	for (unsigned round = 0; round < RANGE_ROUNDS; round++)
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
				const struct ir_op *op = k->blocks[b]->ops[i];
				if (op->width)
					hi[op->id] = hi_of(op, hi);
			}
}

/* ---- d, backward --------------------------------------------------------- */

/* The low bits of operand i that u's low `dem` bits depend on. */
static unsigned operand_demand(const struct ir_op *u, unsigned i, unsigned dem)
{
	unsigned aw = u->args[i]->width, k;
	if ((u->opc == IR_MEM_LOAD || u->opc == IR_MEM_STORE) && i == 0)
		return umin(ir_mem_addr_bits(u->mem), aw); /* the address */
	if (!u->width) /* pipe writes, stores, terminators: all of it */
		return aw;
	switch (u->opc) {
	case IR_ADD: case IR_SUB: case IR_MUL:
	case IR_AND: case IR_OR: case IR_XOR:
	case IR_TRUNC: case IR_ZEXT: case IR_SEXT: case IR_PHI:
		return umin(dem, aw);
	case IR_SELECT:
		return i == 0 ? aw : umin(dem, aw);
	case IR_SHL:
		if (i == 1 || !const_amount(u, &k))
			return aw;
		return dem > k ? umin(dem - k, aw) : 0;
	case IR_LSHR:
		if (i == 1 || !const_amount(u, &k))
			return aw;
		return dem ? umin(dem + k, aw) : 0;
	case IR_ASHR:
		if (i == 1 || !const_amount(u, &k))
			return aw;
		return !dem ? 0 : dem + k < aw ? dem + k : aw;
	case IR_EXTRACT:
		return dem ? umin(u->index + dem, aw) : 0;
	default:
		return aw;
	}
}

static void backward(const struct ir_kernel *k, struct facts *f)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = k->nblocks; b-- > 0;) {
			const struct ir_block *blk = k->blocks[b];
			for (unsigned i = blk->nops; i-- > 0;) {
				const struct ir_op *u = blk->ops[i];
				/* ops with effects see all of their operands */
				unsigned dem = u->width ? f->d[u->id] : 0;
				for (unsigned a = 0; a < u->nargs; a++) {
					unsigned x = operand_demand(u, a, dem);
					if (x > f->d[u->args[a]->id]) {
						f->d[u->args[a]->id] = x;
						changed = true;
					}
				}
			}
		}
	}
}

/* ---- rewriting ------------------------------------------------------------ */

/* x at n bits (n <= x's width): a narrower constant, the extension's
 * source, or a truncation. */
static struct ir_op *low_bits(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *x,
			      unsigned n, struct ir_edit *e)
{
	if (x->width == n)
		return x;
	if (x->opc == IR_CONST && x->width <= 64)
		return edit_const(ctx, k, e, n, x->imm);
	if ((x->opc == IR_ZEXT || x->opc == IR_SEXT || x->opc == IR_TRUNC) &&
	    x->args[0]->width >= n)
		return low_bits(ctx, k, x->args[0], n, e);
	if ((x->opc == IR_ZEXT || x->opc == IR_SEXT) && x->args[0]->width < n) {
		struct ir_op *ext = edit_op(ctx, k, e, x->opc, n, 1);
		ext->args[0] = x->args[0];
		return ext;
	}
	struct ir_op *t = edit_op(ctx, k, e, IR_TRUNC, n, 1);
	t->args[0] = x;
	return t;
}

/* The width op can be computed at, and whether the bits above it are
 * sign copies; 0 when it stays as it is. */
static unsigned narrow_width(const struct ir_op *op, const struct facts *f, bool *sext)
{
	unsigned w = op->width, n, za, zb, sa, sb;
	*sext = false;
	switch (op->opc) {
	case IR_ADD: case IR_SUB: case IR_MUL:
	case IR_AND: case IR_OR: case IR_XOR: case IR_SELECT:
		break;
	case IR_SHL:
		if (op->args[1]->opc != IR_CONST)
			return 0;
		break;
	case IR_UREM: /* a % b < b, and a % 0 = a */
		za = f->z[op->args[0]->id], zb = f->z[op->args[1]->id];
		n = umax(umax(za, zb), 1);
		return n < w ? n : 0;
	case IR_UDIV: /* one bit more, sign-extended: a / 0 stays all ones */
		za = f->z[op->args[0]->id], zb = f->z[op->args[1]->id];
		n = umax(za, zb) + 1;
		*sext = true;
		return n < w ? n : 0;
	case IR_SDIV: case IR_SREM:
		sa = f->s[op->args[0]->id], sb = f->s[op->args[1]->id];
		n = umax(sa, sb) + 1;
		*sext = true;
		return n < w ? n : 0;
	default:
		return 0;
	}
	unsigned d = f->d[op->id], z = f->z[op->id], s = f->s[op->id];
	if (!d) /* nobody looks at it: dce's */
		return 0;
	n = umin(d, umin(z, s));
	if (!n)
		n = 1;
	*sext = n == s && n < z && n < d;
	return n < w ? n : 0;
}

/* The width both operands of a compare fit, as the compare needs it; 0
 * when that is their own. */
static unsigned compare_width(const struct ir_op *op, const struct facts *f)
{
	unsigned aw = op->args[0]->width;
	unsigned z = umax(f->z[op->args[0]->id], f->z[op->args[1]->id]);
	unsigned s = umax(f->s[op->args[0]->id], f->s[op->args[1]->id]);
	/* both non-negative: unsigned order at z bits, signed at z + 1 */
	unsigned n = ir_is_signed_compare(op->opc) ? z + 1 : umax(z, 1);
	/* both sign-extended from s bits: signed and unsigned order, and
	 * equality, are those of the low s bits */
	n = umin(n, s);
	return n < aw ? n : 0;
}

static bool is_const_of(const struct ir_op *x, uint64_t v, unsigned n)
{
	uint64_t m = n < 64 ? (UINT64_C(1) << n) - 1 : ~UINT64_C(0);
	return x->opc == IR_CONST && x->width == n && (x->imm & m) == (v & m);
}

/* The operand an op at n bits would only copy: x & all ones (a mask the
 * narrowing made whole: (w & 0xffff) at 16 bits), x | 0, x ^ 0, x + 0,
 * x - 0, x * 1; NULL when there is none. */
static struct ir_op *identity_operand(enum ir_opcode opc, struct ir_op **args,
				      unsigned nargs, unsigned n)
{
	if (nargs != 2)
		return NULL;
	for (unsigned a = 0; a < 2; a++) {
		struct ir_op *c = args[a], *x = args[1 - a];
		bool id = (opc == IR_AND && is_const_of(c, ~UINT64_C(0), n)) ||
			  ((opc == IR_OR || opc == IR_XOR || opc == IR_ADD) && is_const_of(c, 0, n)) ||
			  (opc == IR_SUB && a == 1 && is_const_of(c, 0, n)) ||
			  (opc == IR_MUL && is_const_of(c, 1, n));
		if (id && x->width == n)
			return x;
	}
	return NULL;
}

static bool narrow_op(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_op *op,
		      const struct facts *f, struct ir_edit *e)
{
	if (op->width > 64 || (op->nargs && op->args[0]->width > 64))
		return false;
	if (ir_is_compare(op->opc) && op->nargs == 2) {
		unsigned n = compare_width(op, f);
		if (!n)
			return false;
		op->args[0] = low_bits(ctx, k, op->args[0], n, e);
		op->args[1] = low_bits(ctx, k, op->args[1], n, e);
		return true;
	}
	bool sext = f->sx[op->id];
	unsigned n = f->n[op->id];
	if (!n)
		return false;
	struct ir_op *args[3];
	unsigned nargs = op->nargs;
	for (unsigned a = 0; a < nargs; a++) {
		bool keep = (op->opc == IR_SELECT && a == 0) || (op->opc == IR_SHL && a == 1);
		args[a] = keep ? op->args[a] : low_bits(ctx, k, op->args[a], n, e);
	}
	struct ir_op *nw = identity_operand(op->opc, args, nargs, n);
	if (!nw) {
		nw = edit_op(ctx, k, e, op->opc, n, nargs);
		for (unsigned a = 0; a < nargs; a++)
			nw->args[a] = args[a];
		nw->name = op->name;
	}
	op->opc = sext ? IR_SEXT : IR_ZEXT;
	op->nargs = 1;
	op->args[0] = nw;
	return true;
}

/* An add or subtract whose users are all adds and subtracts is computed
 * at the widest of their widths: Yosys merges such a tree into one
 * multi-operand add (one carry-save level and one carry chain) only when
 * no extension stands between its adds, and a chain of two ripple adds
 * is slower than the merged one by most of a chain (nextpnr: a - b
 * feeding an 18-bit running sum, 17.5 ns against 12.3).  Still exact: a
 * wider n keeps every fact the narrower one rested on. */
static void widen_trees(const struct ir_kernel *k, struct facts *f, unsigned nold)
{
	unsigned *want = calloc(nold + 1, sizeof *want);
	bool *other = calloc(nold + 1, sizeof *other);
	for (bool changed = true; changed;) {
		changed = false;
		memset(want, 0, (nold + 1) * sizeof *want);
		memset(other, 0, (nold + 1) * sizeof *other);
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
				const struct ir_op *u = k->blocks[b]->ops[i];
				for (unsigned a = 0; a < u->nargs; a++) {
					unsigned x = u->args[a]->id;
					if (!is_addsub(u))
						other[x] = true;
					else
						want[x] = umax(want[x], f->n[u->id] ? f->n[u->id] : u->width);
				}
			}
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
				const struct ir_op *x = k->blocks[b]->ops[i];
				unsigned id = x->id;
				if (!f->n[id] || !is_addsub(x) || other[id] || want[id] <= f->n[id])
					continue;
				f->n[id] = want[id] < x->width ? want[id] : 0;
				changed = true;
			}
	}
	free(want);
	free(other);
}

static void narrow_kernel(struct hls_ctx *ctx, struct ir_kernel *k)
{
	unsigned n = k->nops_total;
	struct facts f = {calloc(n + 1, sizeof(unsigned)), calloc(n + 1, sizeof(unsigned)),
			  calloc(n + 1, sizeof(unsigned)), calloc(n + 1, sizeof(unsigned)),
			  calloc(n + 1, sizeof(bool)), NULL};
	/* z and s in block order: an op's operands come first, but for phis
	 * (taken whole) and values of blocks later in the list (whole, until
	 * they are seen: a second round settles them) */
	f.hi = calloc(n + 1, sizeof *f.hi);
	ranges(k, f.hi);
	for (unsigned i = 0; i < n; i++)
		f.z[i] = f.s[i] = IR_MAX_WIDTH;
	for (unsigned round = 0; round < 2; round++)
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned i = 0; i < k->blocks[b]->nops; i++)
				forward(k->blocks[b]->ops[i], &f);
	backward(k, &f);
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			const struct ir_op *op = k->blocks[b]->ops[i];
			if (op->width <= 64 && (!op->nargs || op->args[0]->width <= 64))
				f.n[op->id] = narrow_width(op, &f, &f.sx[op->id]);
		}
	widen_trees(k, &f, n);
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		struct ir_op **ops = NULL;
		unsigned nops = 0;
		for (unsigned i = 0; i < blk->nops; i++) {
			struct ir_op *op = blk->ops[i];
			struct ir_edit e = edit_at(op);
			if (op->id < n && narrow_op(ctx, k, op, &f, &e))
				for (unsigned j = 0; j < e.n; j++)
					VEC_PUSH(&ctx->arena, ops, nops, e.ops[j]);
			VEC_PUSH(&ctx->arena, ops, nops, op);
		}
		ir_block_set_ops(ctx, blk, ops, nops);
	}
	free(f.z);
	free(f.s);
	free(f.d);
	free(f.n);
	free(f.sx);
	free(f.hi);
}

void pass_narrow(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++)
		narrow_kernel(ctx, p->kernels[kk]);
}
