/*
 * edit.c -- the ops a pass makes for one place of a block (struct ir_edit,
 * pass.h): each new op gets the block and source location of the op it
 * serves, so that the report and the diagnostics name its line.
 */
#include "pass.h"

#include <string.h>

struct ir_edit edit_at(const struct ir_op *op)
{
	return (struct ir_edit){.block = op->block, .loc = op->loc};
}

static struct ir_op *place(struct hls_ctx *ctx, struct ir_edit *e, struct ir_op *op)
{
	op->block = e->block;
	op->loc = e->loc;
	VEC_PUSH(&ctx->arena, e->ops, e->n, op);
	return op;
}

struct ir_op *edit_op(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
		      enum ir_opcode opc, unsigned width, unsigned nargs)
{
	return place(ctx, e, ir_op_new(ctx, k, NULL, opc, width, nargs));
}

struct ir_op *edit_const(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
			 unsigned width, uint64_t v)
{
	return place(ctx, e, ir_const(ctx, k, NULL, width, v));
}

void edit_put_first(struct hls_ctx *ctx, struct ir_block *b, struct ir_op *op)
{
	op->block = b;
	VEC_PUSH(&ctx->arena, b->ops, b->nops, op);
	memmove(b->ops + 1, b->ops, (b->nops - 1) * sizeof *b->ops);
	b->ops[0] = op;
}

void edit_phi_append(struct hls_ctx *ctx, struct ir_op *phi, struct ir_op *v,
		     struct ir_block *b)
{
	unsigned n = phi->nargs;
	phi->args = arena_realloc(&ctx->arena, phi->args, n * sizeof *phi->args,
				  (n + 1) * sizeof *phi->args);
	phi->phi_blocks = arena_realloc(&ctx->arena, phi->phi_blocks, n * sizeof *phi->phi_blocks,
					(n + 1) * sizeof *phi->phi_blocks);
	phi->args[n] = v;
	phi->phi_blocks[n] = b;
	phi->nargs = n + 1;
}

void edit_copy_attrs(struct ir_op *to, const struct ir_op *from)
{
	to->name = from->name;
	to->loc = from->loc;
	to->imm = from->imm;
	to->imm_words = from->imm_words;
	to->index = from->index;
	to->spec = from->spec;
	to->unit = from->unit;
}

void edit_replace_uses(struct ir_kernel *k, const struct ir_op *from, struct ir_op *to)
{
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *u = k->blocks[b]->ops[j];
			for (unsigned a = 0; u != to && a < u->nargs; a++)
				if (u->args[a] == from)
					u->args[a] = to;
		}
}

struct ir_op *edit_signed_add(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
			      unsigned w, struct ir_op *a, int sa, struct ir_op *b, int sb,
			      struct ir_op *into, int *sign)
{
	if (sa < 0 && sb > 0) {
		struct ir_op *t = a;
		a = b, b = t;
		sa = 1, sb = -1;
	}
	struct ir_op *op = into ? into : edit_op(ctx, k, e, IR_ADD, w, 2);
	op->opc = sa == sb ? IR_ADD : IR_SUB;
	op->args[0] = a;
	op->args[1] = b;
	*sign = sa > 0 || sb > 0 ? 1 : -1;
	return op;
}
