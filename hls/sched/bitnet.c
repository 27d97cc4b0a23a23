/*
 * bitnet.c -- the bit-level model of a block's bitwise networks.
 *
 * A chain of bitwise ops is not what synthesis builds: ABC maps the whole
 * network between registers to LUTs, each output bit a tree of the input
 * bits it depends on.  Eight unrolled bit steps of a CRC-32 are 24 gates
 * in a row as ops, but each CRC bit is the XOR of at most 17 bits (8 of
 * the byte, 8 of the CRC and one more), three LUT4 levels.  The path
 * model of delay.c (a gate after a gate shares its level, and no more)
 * charges the chain; this file gives the network's own figure, and the
 * schedulers take the smaller of the two.
 *
 * A network op is a two-input bitwise op (and, or, xor), a select with a
 * constant arm (a gate on its condition), or wiring (extensions, slices,
 * concatenations, byte and bit reversal, shifts by a constant).  A
 * select of two variable words is not: its priority chains map worse
 * than a tree (bench.py's sel8x32, about three levels for 15 inputs),
 * so it is left to the path model, as every other op is; each of them
 * is a leaf of the networks it feeds, as are phis, values from other
 * blocks and ops with a latency.
 *
 * For each network op and output bit, the support is the set of leaf
 * bits the bit depends on (constants take none: x & 0 and x | ~0 are
 * constant bits, x ^ 1 needs x alone); the op's levels are the LUT levels
 * of its widest bit, ceil(log4(support)), 0 for wiring or one input.
 * Its arrival by the network is then the latest arrival of its leaves in
 * the cycle plus levels * net_level (delay.c; the tree's levels with the
 * routing between them).  The support is taken over the whole block's
 * network: where the schedule cuts a network, the ops after the cut see
 * registers instead of leaves, and the path model still bounds them.
 *
 * Not modelled (the path model alone): ops wider than NET_MAX_WIDTH bits
 * and networks whose leaves have more than NET_MAX_LEAF_BITS bits.
 */
#include "schedule.h"

#include <string.h>

#define NET_MAX_WIDTH 256
#define NET_MAX_LEAF_BITS 1024

static bool is_gate(const struct ir_op *op)
{
	return op->opc == IR_AND || op->opc == IR_OR || op->opc == IR_XOR;
}

static bool is_const(const struct ir_op *op)
{
	return op->opc == IR_CONST && !op->imm_words;
}

static bool is_wiring(const struct ir_op *op)
{
	switch (op->opc) {
	case IR_ZEXT: case IR_SEXT: case IR_TRUNC: case IR_EXTRACT:
	case IR_CONCAT: case IR_BSWAP: case IR_BITREV:
		return true;
	case IR_SHL: case IR_LSHR: case IR_ASHR:
		return is_const(op->args[1]);
	default:
		return false;
	}
}

/* Whether op is a node of a network (not a leaf of one). */
static bool is_net_op(const struct ir_op *op)
{
	if (op->opc == IR_SELECT)
		return op->args[0]->width == 1 && (is_const(op->args[1]) || is_const(op->args[2]));
	return is_gate(op) || is_wiring(op);
}

struct builder {
	const struct ir_block *b;
	int *var;	  /* by op id: index in b, or -1 */
	unsigned words;	  /* uint64 words of a support set */
	unsigned *slot;	  /* by op id: first leaf bit + 1, 0: none yet */
	unsigned nbits;	  /* leaf bits given out */
	uint64_t **sup;	  /* by op index: width sets of `words` words; NULL: not modelled */
	uint64_t *empty;  /* the empty set */
	uint64_t *tmp;
};

/* Whether a is a network op of the block (its users see its support,
 * not its bits). */
static bool is_node(const struct builder *bd, const struct ir_op *a)
{
	return a->block == bd->b && bd->var[a->id] >= 0 && is_net_op(a);
}

static bool const_bit(const struct ir_op *c, unsigned bit)
{
	return bit < 64 && (c->imm >> bit & 1);
}

/* The support of bit `bit` of operand a of a network op: NULL when it is
 * not modelled, else `words` words (b->tmp for a leaf's single bit). */
static const uint64_t *operand_bit(struct builder *bd, const struct ir_op *a, unsigned bit,
				   uint64_t *one)
{
	if (is_const(a))
		return bd->empty;
	if (bit >= a->width)
		return NULL;
	if (is_node(bd, a)) {
		const uint64_t *s = bd->sup[bd->var[a->id]];
		return s ? s + (size_t)bit * bd->words : NULL;
	}
	if (a->opc == IR_CONST)
		return NULL;
	unsigned base = bd->slot[a->id];
	if (!base)
		return NULL;
	memset(one, 0, bd->words * sizeof *one);
	unsigned k = base - 1 + bit;
	one[k / 64] |= UINT64_C(1) << (k % 64);
	return one;
}

/* Gives leaf a its bits in the universe, if there is room. */
static void place_leaf(struct builder *bd, const struct ir_op *a)
{
	if (a->opc == IR_CONST || bd->slot[a->id] || is_node(bd, a))
		return;
	if (bd->nbits + a->width > NET_MAX_LEAF_BITS)
		return;
	bd->slot[a->id] = bd->nbits + 1;
	bd->nbits += a->width;
}

static unsigned levels_of(unsigned n)
{
	unsigned l = 0;
	for (unsigned cover = 1; cover < n; cover *= 4)
		l++;
	return l;
}

/* The support of every bit of op i; false when some bit is not modelled. */
static bool build_op(struct builder *bd, unsigned i, uint64_t *out)
{
	const struct ir_op *op = bd->b->ops[i];
	unsigned W = bd->words, w = op->width;
	uint64_t *one = bd->tmp, *two = bd->tmp + W, *three = bd->tmp + 2 * W;
	for (unsigned bit = 0; bit < w; bit++) {
		uint64_t *o = out + (size_t)bit * W;
		const uint64_t *s[3] = {NULL, NULL, NULL};
		unsigned ns = 0;
		const struct ir_op *a = op->args[0];
		switch (op->opc) {
		case IR_AND: case IR_OR: case IR_XOR: {
			const struct ir_op *x = op->args[0], *y = op->args[1];
			if (is_const(x)) {
				const struct ir_op *t = x;
				x = y;
				y = t;
			}
			if (is_const(y) && ((op->opc == IR_AND && !const_bit(y, bit)) ||
					    (op->opc == IR_OR && const_bit(y, bit)))) {
				ns = 0; /* a constant bit */
				break;
			}
			s[ns++] = operand_bit(bd, x, bit, one);
			s[ns++] = operand_bit(bd, y, bit, two);
			break;
		}
		case IR_SELECT: {
			const struct ir_op *t = op->args[1], *f = op->args[2];
			if (is_const(t) && is_const(f) && const_bit(t, bit) == const_bit(f, bit))
				break;
			s[ns++] = operand_bit(bd, op->args[0], 0, one);
			s[ns++] = operand_bit(bd, t, bit, two);
			s[ns++] = operand_bit(bd, f, bit, three);
			break;
		}
		case IR_ZEXT:
			if (bit < a->width)
				s[ns++] = operand_bit(bd, a, bit, one);
			break;
		case IR_SEXT:
			s[ns++] = operand_bit(bd, a, bit < a->width ? bit : a->width - 1, one);
			break;
		case IR_TRUNC:
			s[ns++] = operand_bit(bd, a, bit, one);
			break;
		case IR_EXTRACT:
			s[ns++] = operand_bit(bd, a, op->index + bit, one);
			break;
		case IR_CONCAT: {
			/* args[0] is the most significant */
			unsigned lo = 0;
			for (unsigned k = op->nargs; k-- > 0;) {
				const struct ir_op *p = op->args[k];
				if (bit < lo + p->width) {
					s[ns++] = operand_bit(bd, p, bit - lo, one);
					break;
				}
				lo += p->width;
			}
			break;
		}
		case IR_BSWAP:
			s[ns++] = operand_bit(bd, a, (w / 8 - 1 - bit / 8) * 8 + bit % 8, one);
			break;
		case IR_BITREV:
			s[ns++] = operand_bit(bd, a, w - 1 - bit, one);
			break;
		case IR_SHL: case IR_LSHR: case IR_ASHR: {
			uint64_t k = op->args[1]->imm;
			if (op->opc == IR_SHL) {
				if (k <= bit)
					s[ns++] = operand_bit(bd, a, bit - (unsigned)k, one);
			} else if (k < w && bit + k < w) {
				s[ns++] = operand_bit(bd, a, bit + (unsigned)k, one);
			} else if (op->opc == IR_ASHR) {
				s[ns++] = operand_bit(bd, a, w - 1, one);
			}
			break;
		}
		default:
			return false;
		}
		memset(o, 0, W * sizeof *o);
		for (unsigned k = 0; k < ns; k++) {
			if (!s[k])
				return false;
			for (unsigned j = 0; j < W; j++)
				o[j] |= s[k][j];
		}
	}
	return true;
}

void delay_nets_init(struct arena *ar, const struct ir_block *b, struct delay_nets *nets)
{
	unsigned n = b->nops, nids = b->kernel->nops_total;
	nets->levels = arena_alloc(ar, (n + 1) * sizeof *nets->levels);
	nets->interior = arena_alloc(ar, n + 1);
	struct builder bd = {.b = b};
	bd.slot = arena_alloc(ar, (nids + 1) * sizeof *bd.slot);
	bd.sup = arena_alloc(ar, (n + 1) * sizeof *bd.sup);
	bd.var = arena_alloc(ar, (nids + 1) * sizeof *bd.var);
	for (unsigned i = 0; i < nids; i++)
		bd.var[i] = -1;
	for (unsigned i = 0; i < n; i++)
		bd.var[b->ops[i]->id] = (int)i;
	for (unsigned i = 0; i < n; i++) {
		const struct ir_op *op = b->ops[i];
		nets->levels[i] = DELAY_NET_NONE;
		nets->interior[i] = is_net_op(op);
		if (!nets->interior[i] || op->width > NET_MAX_WIDTH)
			continue;
		for (unsigned k = 0; k < op->nargs; k++)
			if (op->args[k]->id < nids)
				place_leaf(&bd, op->args[k]);
	}
	bd.words = (bd.nbits + 63) / 64;
	if (!bd.words)
		bd.words = 1;
	bd.empty = arena_alloc(ar, bd.words * sizeof *bd.empty);
	bd.tmp = arena_alloc(ar, 3 * bd.words * sizeof *bd.tmp);
	for (unsigned i = 0; i < n; i++) {
		const struct ir_op *op = b->ops[i];
		if (!nets->interior[i] || op->width > NET_MAX_WIDTH || !op->width)
			continue;
		uint64_t *out = arena_alloc(ar, (size_t)op->width * bd.words * sizeof *out);
		if (!build_op(&bd, i, out))
			continue;
		bd.sup[i] = out;
		unsigned widest = 0;
		for (unsigned bit = 0; bit < op->width; bit++) {
			unsigned c = 0;
			for (unsigned j = 0; j < bd.words; j++)
				c += (unsigned)__builtin_popcountll(out[(size_t)bit * bd.words + j]);
			if (c > widest)
				widest = c;
		}
		nets->levels[i] = levels_of(widest);
	}
}
