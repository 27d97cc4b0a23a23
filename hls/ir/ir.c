/*
 * ir.c -- building the IR: programs, kernels, blocks, ops; the opcode table.
 *
 * Builders append to arena-backed arrays and never free.  ir_op_new gives
 * each op the next id of its kernel, so ids are dense and can index the
 * per-op arrays of later stages (the schedule, the back end's names).
 */
#include "ir.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hls_ctx_init(struct hls_ctx *ctx)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->target = TARGET_SIM;
	ctx->clock_mhz = 0; /* 0: the target's or board's default */
#ifndef NDEBUG
	ctx->verify = true;
#endif
}

void hls_ctx_fini(struct hls_ctx *ctx)
{
	arena_free(&ctx->arena);
}

static const char *const opcode_names[IR_NUM_OPCODES] = {
	[IR_CONST] = "const", [IR_ARG] = "arg", [IR_UNDEF] = "undef", [IR_SPEC] = "spec",
	[IR_ADD] = "add", [IR_SUB] = "sub", [IR_MUL] = "mul",
	[IR_UDIV] = "udiv", [IR_SDIV] = "sdiv", [IR_UREM] = "urem",
	[IR_SREM] = "srem", [IR_AND] = "and", [IR_OR] = "or",
	[IR_XOR] = "xor", [IR_SHL] = "shl", [IR_LSHR] = "lshr",
	[IR_ASHR] = "ashr", [IR_EQ] = "eq", [IR_NE] = "ne",
	[IR_ULT] = "ult", [IR_ULE] = "ule", [IR_UGT] = "ugt",
	[IR_UGE] = "uge", [IR_SLT] = "slt", [IR_SLE] = "sle",
	[IR_SGT] = "sgt", [IR_SGE] = "sge", [IR_ZEXT] = "zext",
	[IR_SEXT] = "sext", [IR_TRUNC] = "trunc", [IR_EXTRACT] = "extract",
	[IR_CONCAT] = "concat", [IR_SELECT] = "select", [IR_PHI] = "phi",
	[IR_CTPOP] = "ctpop", [IR_CTLZ] = "ctlz", [IR_CTTZ] = "cttz",
	[IR_BSWAP] = "bswap", [IR_BITREV] = "bitrev",
	[IR_FADD] = "fadd", [IR_FSUB] = "fsub", [IR_FMUL] = "fmul", [IR_FDIV] = "fdiv",
	[IR_FCMP] = "fcmp", [IR_SITOFP] = "sitofp", [IR_UITOFP] = "uitofp",
	[IR_FPTOSI] = "fptosi", [IR_FPTOUI] = "fptoui", [IR_FPEXT] = "fpext",
	[IR_FPTRUNC] = "fptrunc",
	[IR_PIPE_READ] = "pipe.read", [IR_PIPE_WRITE] = "pipe.write",
	[IR_PIPE_READ_NB] = "pipe.read_nb",
	[IR_PIPE_WRITE_NB] = "pipe.write_nb",
	[IR_STATE_LOAD] = "state.load", [IR_STATE_STORE] = "state.store",
	[IR_MEM_LOAD] = "mem.load", [IR_MEM_STORE] = "mem.store",
	[IR_FENCE] = "fence",
	[IR_BR] = "br", [IR_CONDBR] = "condbr", [IR_SWITCH] = "switch",
	[IR_RET] = "ret",
};

const char *hls_target_name(enum hls_target t)
{
	static const char *const names[HLS_NUM_TARGETS] = {"sim", "ice40", "ecp5", "gowin"};
	return (unsigned)t < HLS_NUM_TARGETS ? names[t] : "?";
}

const char *ir_opcode_name(enum ir_opcode opc)
{
	assert(opc < IR_NUM_OPCODES && opcode_names[opc]);
	return opcode_names[opc];
}

bool ir_is_terminator(enum ir_opcode opc)
{
	return opc == IR_BR || opc == IR_CONDBR || opc == IR_SWITCH ||
	       opc == IR_RET;
}

bool ir_is_compare(enum ir_opcode opc)
{
	return opc >= IR_EQ && opc <= IR_SGE;
}

bool ir_is_signed_compare(enum ir_opcode opc)
{
	return opc >= IR_SLT && opc <= IR_SGE;
}

bool ir_is_float_op(enum ir_opcode opc)
{
	return opc >= IR_FADD && opc <= IR_FPTRUNC;
}

const char *ir_fcmp_name(unsigned pred)
{
	static const char *const names[FCMP_NUM] = {
		"oeq", "ogt", "oge", "olt", "ole", "one", "ord",
		"ueq", "ugt", "uge", "ult", "ule", "une", "uno",
	};
	return pred < FCMP_NUM ? names[pred] : "?";
}

bool ir_has_side_effect(enum ir_opcode opc)
{
	return (opc >= IR_PIPE_READ && opc <= IR_FENCE) ||
	       ir_is_terminator(opc);
}

int ir_access_gap(const struct ir_op *first, const struct ir_op *second)
{
	bool state = (first->opc == IR_STATE_LOAD || first->opc == IR_STATE_STORE) &&
		     (second->opc == IR_STATE_LOAD || second->opc == IR_STATE_STORE) &&
		     first->state == second->state;
	bool mem = (first->opc == IR_MEM_LOAD || first->opc == IR_MEM_STORE) &&
		   (second->opc == IR_MEM_LOAD || second->opc == IR_MEM_STORE) &&
		   first->mem == second->mem;
	if (!state && !mem)
		return -1;
	bool load1 = first->opc == IR_STATE_LOAD || first->opc == IR_MEM_LOAD;
	bool load2 = second->opc == IR_STATE_LOAD || second->opc == IR_MEM_LOAD;
	if (load1 && load2)
		return mem && first->port == second->port ? 1 : -1;
	if (mem) /* the read port forwards the word written in its cycle */
		return load2 ? 0 : 1;
	return load1 ? 0 : 1;
}

bool ir_same_value(const struct ir_op *a, const struct ir_op *b)
{
	return a == b || (a->opc == IR_CONST && b->opc == IR_CONST && a->width == b->width &&
			  !a->imm_words && !b->imm_words && a->imm == b->imm);
}

unsigned ir_mem_addr_bits(const struct ir_mem *m)
{
	unsigned b = 1;
	while ((1ull << b) < m->depth)
		b++;
	return b;
}

unsigned ir_guard_index(const struct ir_op *op)
{
	switch (op->opc) {
	case IR_PIPE_READ:
		return op->keep; /* after a kept read's take */
	case IR_PIPE_READ_NB:
		return 0;
	case IR_PIPE_WRITE: case IR_PIPE_WRITE_NB: case IR_STATE_STORE:
		return 1;
	case IR_MEM_STORE:
		return 2;
	default:
		return op->nargs;
	}
}

const void *ir_resource(const struct ir_op *op)
{
	if (op->pipe)
		return op->pipe;
	if (op->mem)
		return op->mem;
	return op->state;
}

struct ir_op *ir_guard(const struct ir_op *op)
{
	unsigned g = ir_guard_index(op);
	return op->nargs == g + 1 ? op->args[g] : NULL;
}

struct ir_program *ir_program_new(struct hls_ctx *ctx, const char *name)
{
	struct ir_program *p = arena_alloc(&ctx->arena, sizeof *p);
	p->name = arena_strdup(&ctx->arena, name);
	return p;
}

struct ir_kernel *ir_kernel_new(struct hls_ctx *ctx, struct ir_program *p,
				const char *name, enum ir_kernel_kind kind)
{
	struct ir_kernel *k = arena_alloc(&ctx->arena, sizeof *k);
	k->name = arena_strdup(&ctx->arena, name);
	k->kind = kind;
	if (p)
		VEC_PUSH(&ctx->arena, p->kernels, p->nkernels, k);
	return k;
}

struct ir_block *ir_block_new(struct hls_ctx *ctx, struct ir_kernel *k,
			      const char *name)
{
	struct ir_block *b = arena_alloc(&ctx->arena, sizeof *b);
	b->id = k->nblocks;
	b->name = arena_strdup(&ctx->arena, name ? name : "");
	b->kernel = k;
	VEC_PUSH(&ctx->arena, k->blocks, k->nblocks, b);
	return b;
}

struct ir_op *ir_op_new(struct hls_ctx *ctx, struct ir_kernel *k,
			struct ir_block *b, enum ir_opcode opc, unsigned width,
			unsigned nargs)
{
	struct ir_op *op = arena_alloc(&ctx->arena, sizeof *op);
	op->id = k->nops_total++;
	op->opc = opc;
	op->width = width;
	op->nargs = nargs;
	if (nargs)
		op->args = arena_alloc(&ctx->arena, nargs * sizeof *op->args);
	op->lat.anchor = -1;
	op->lat.target = -1;
	op->block = b;
	if (b)
		VEC_PUSH(&ctx->arena, b->ops, b->nops, op);
	return op;
}

void ir_block_set_ops(struct hls_ctx *ctx, struct ir_block *b, struct ir_op *const *ops,
		      unsigned n)
{
	unsigned cap = 1;
	while (cap < n)
		cap *= 2;
	struct ir_op **a = arena_alloc(&ctx->arena, cap * sizeof *a);
	for (unsigned i = 0; i < n; i++)
		a[i] = ops[i];
	b->ops = a;
	b->nops = n;
}

struct ir_op *ir_const(struct hls_ctx *ctx, struct ir_kernel *k,
		       struct ir_block *b, unsigned width, uint64_t value)
{
	struct ir_op *op = ir_op_new(ctx, k, b, IR_CONST, width, 0);
	if (width < 64)
		value &= (UINT64_C(1) << width) - 1;
	if (width > 64) {
		unsigned n = (width + 63) / 64;
		op->imm_words = arena_alloc(&ctx->arena, n * sizeof(uint64_t));
		op->imm_words[0] = value;
	}
	op->imm = value;
	return op;
}

struct ir_pipe *ir_pipe_find(struct ir_program *p, const char *name)
{
	for (unsigned i = 0; i < p->npipes; i++)
		if (!strcmp(p->pipes[i]->name, name))
			return p->pipes[i];
	return NULL;
}

struct ir_op *ir_terminator(struct ir_block *b)
{
	if (!b->nops)
		return NULL;
	struct ir_op *last = b->ops[b->nops - 1];
	return ir_is_terminator(last->opc) ? last : NULL;
}

void ir_drop_blocks(struct ir_kernel *k, const bool *drop)
{
	unsigned kept = 0;
	for (unsigned b = 0; b < k->nblocks; b++)
		if (!drop[b])
			k->blocks[kept++] = k->blocks[b];
	k->nblocks = kept;
	for (unsigned b = 0; b < kept; b++)
		k->blocks[b]->id = b;
}

struct ir_op *ir_br(struct hls_ctx *ctx, struct ir_block *b, struct ir_block *to,
		    struct ir_loc loc)
{
	struct ir_op *br = ir_op_new(ctx, b->kernel, b, IR_BR, 0, 0);
	br->loc = loc;
	br->succs = arena_alloc(&ctx->arena, sizeof *br->succs);
	br->succs[0] = to;
	br->nsuccs = 1;
	return br;
}

struct ir_block *ir_split_edge(struct hls_ctx *ctx, struct ir_block *x, struct ir_block *y)
{
	struct ir_kernel *k = x->kernel;
	struct ir_op *t = ir_terminator(x);
	struct ir_block *l = ir_block_new(ctx, k, arena_printf(&ctx->arena, "%s_exit", x->name));
	l->loc = t->loc;
	ir_br(ctx, l, y, t->loc);
	for (unsigned s = 0; s < t->nsuccs; s++)
		if (t->succs[s] == y)
			t->succs[s] = l;
	for (unsigned i = 0; i < y->nops && y->ops[i]->opc == IR_PHI; i++)
		for (unsigned a = 0; a < y->ops[i]->nargs; a++)
			if (y->ops[i]->phi_blocks[a] == x)
				y->ops[i]->phi_blocks[a] = l;
	ir_compute_preds(ctx, k);
	return l;
}

void ir_compute_preds(struct hls_ctx *ctx, struct ir_kernel *k)
{
	for (unsigned i = 0; i < k->nblocks; i++) {
		k->blocks[i]->preds = NULL;
		k->blocks[i]->npreds = 0;
	}
	for (unsigned i = 0; i < k->nblocks; i++) {
		struct ir_block *b = k->blocks[i];
		struct ir_op *t = ir_terminator(b);
		if (!t)
			continue;
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *succ = t->succs[s];
			bool seen = false;
			for (unsigned j = 0; j < succ->npreds; j++)
				seen |= succ->preds[j] == b;
			if (!seen)
				VEC_PUSH(&ctx->arena, succ->preds, succ->npreds, b);
		}
	}
}

unsigned ir_loop_blocks(const struct ir_kernel *k, const struct ir_block *head,
			struct ir_block *latch, bool *in, unsigned max)
{
	struct ir_block **work = malloc((k->nblocks + 1) * sizeof *work);
	unsigned nw = 0, count = 1;
	in[head->id] = true;
	if (!in[latch->id]) {
		in[latch->id] = true;
		count++;
		work[nw++] = latch;
	}
	while (nw) {
		struct ir_block *b = work[--nw];
		for (unsigned i = 0; i < b->npreds; i++) {
			struct ir_block *p = b->preds[i];
			if (in[p->id])
				continue;
			if (p == k->blocks[0] || ++count > max) {
				free(work);
				return 0;
			}
			in[p->id] = true;
			work[nw++] = p;
		}
	}
	free(work);
	return count;
}
