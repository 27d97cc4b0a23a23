/*
 * cse.c -- an op that computes what an earlier op of its block computes
 * is that op.
 *
 * LLVM's GVN leaves no two such ops in the IR the front end reads, but the
 * lowering makes them: llvm.smax and llvm.smin of one pair, the two halves
 * of a compare-and-swap, are a select each over a compare of its own
 * (hls/front/lower_intrinsic.c), and so is every other intrinsic lowered
 * to a compare and a select.  Synthesis does not reliably merge the twins:
 * bench/oddeven's sort has fifteen pairs of 32-bit signed compares, and
 * Yosys 0.23 merged them in one build and, with a 4-bit counter written
 * otherwise, turned them into a subtraction and an equality test each in
 * the next (480 XORs more; 3765 LUTs against 2423).
 *
 * Two ops are the same when they have no side effect and are not phis,
 * and their opcodes, widths, bit indexes (extract, fcmp's predicate),
 * choices of unit (a multiply) and operands agree, an operand being the
 * same op or a constant of the same value.  The operands of add, mul,
 * and, or, xor, eq and ne may come in either order, and a > b is b < a
 * (>=, <= the same, signed or not).  The later op's users read the
 * earlier, and it goes.  Within a block only: the earlier op then
 * dominates every use of the later.
 */
#include "pass.h"

#include <stdlib.h>

static bool commutes(enum ir_opcode opc)
{
	switch (opc) {
	case IR_ADD: case IR_MUL: case IR_AND: case IR_OR: case IR_XOR:
	case IR_EQ: case IR_NE:
		return true;
	default:
		return false;
	}
}

/* The opcode op is taken as, and whether its two operands are swapped
 * for it: a < b as b > a. */
static enum ir_opcode canon_opc(const struct ir_op *op, bool *swap)
{
	static const struct {
		enum ir_opcode from, to;
	} mirror[] = {
		{IR_ULT, IR_UGT}, {IR_ULE, IR_UGE}, {IR_SLT, IR_SGT}, {IR_SLE, IR_SGE},
	};
	*swap = false;
	for (unsigned i = 0; i < sizeof mirror / sizeof mirror[0]; i++)
		if (op->opc == mirror[i].from) {
			*swap = true;
			return mirror[i].to;
		}
	return op->opc;
}

static bool narrow_const(const struct ir_op *v)
{
	return v->opc == IR_CONST && !v->imm_words;
}

/* An order of values in which the same values are equal: constants by
 * width and value first, then ops by id. */
static int order(const struct ir_op *a, const struct ir_op *b)
{
	bool ca = narrow_const(a), cb = narrow_const(b);
	if (ca != cb)
		return ca ? -1 : 1;
	if (ca) {
		if (a->width != b->width)
			return a->width < b->width ? -1 : 1;
		return a->imm < b->imm ? -1 : a->imm > b->imm;
	}
	return a->id < b->id ? -1 : a->id > b->id;
}

/* Operand i of op in its canonical order. */
static const struct ir_op *operand(const struct ir_op *op, unsigned i)
{
	bool swap;
	canon_opc(op, &swap);
	if (op->nargs == 2 && commutes(op->opc))
		swap = order(op->args[0], op->args[1]) > 0;
	return op->args[swap && op->nargs == 2 ? 1 - i : i];
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
	return h;
}

static uint64_t hash(const struct ir_op *op)
{
	bool swap;
	uint64_t h = mix(canon_opc(op, &swap), op->width);
	h = mix(mix(h, op->index), op->unit);
	for (unsigned i = 0; i < op->nargs; i++) {
		const struct ir_op *v = operand(op, i);
		h = narrow_const(v) ? mix(mix(h, v->width), v->imm) : mix(h, ~(uint64_t)v->id);
	}
	return h;
}

static bool same(const struct ir_op *a, const struct ir_op *b)
{
	bool sa, sb;
	if (canon_opc(a, &sa) != canon_opc(b, &sb) || a->width != b->width ||
	    a->index != b->index || a->unit != b->unit || a->nargs != b->nargs)
		return false;
	for (unsigned i = 0; i < a->nargs; i++)
		if (!ir_same_value(operand(a, i), operand(b, i)))
			return false;
	return true;
}

static bool candidate(const struct ir_op *op)
{
	return op->nargs && op->width && op->opc != IR_PHI && !ir_has_side_effect(op->opc);
}

/* Merges the ops of b that an earlier op of b computes; repl[id] gets the
 * op that stands for a merged one.  Returns how many were merged. */
static unsigned cse_block(struct ir_block *b, struct ir_op **repl)
{
	unsigned size = 16;
	while (size < 2 * b->nops)
		size *= 2;
	struct ir_op **table = calloc(size, sizeof *table);
	unsigned merged = 0, kept = 0;
	for (unsigned j = 0; j < b->nops; j++) {
		struct ir_op *op = b->ops[j];
		for (unsigned a = 0; a < op->nargs; a++)
			if (repl[op->args[a]->id])
				op->args[a] = repl[op->args[a]->id];
		if (candidate(op)) {
			unsigned slot = (unsigned)hash(op) & (size - 1);
			while (table[slot] && !same(table[slot], op))
				slot = (slot + 1) & (size - 1);
			if (table[slot]) {
				repl[op->id] = table[slot];
				merged++;
				continue;
			}
			table[slot] = op;
		}
		b->ops[kept++] = op;
	}
	b->nops = kept;
	free(table);
	return merged;
}

void pass_cse(struct hls_ctx *ctx, struct ir_program *p)
{
	(void)ctx;
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		struct ir_op **repl = calloc(k->nops_total ? k->nops_total : 1, sizeof *repl);
		unsigned merged = 0;
		for (unsigned bi = 0; bi < k->nblocks; bi++)
			merged += cse_block(k->blocks[bi], repl);
		/* the uses in blocks before the op's own, and phis' */
		for (unsigned bi = 0; merged && bi < k->nblocks; bi++)
			for (unsigned j = 0; j < k->blocks[bi]->nops; j++) {
				struct ir_op *u = k->blocks[bi]->ops[j];
				for (unsigned a = 0; a < u->nargs; a++)
					if (repl[u->args[a]->id])
						u->args[a] = repl[u->args[a]->id];
			}
		free(repl);
	}
}
