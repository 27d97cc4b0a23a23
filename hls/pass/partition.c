/*
 * partition.c -- a memory whose ports keep a pipelined loop from its II
 * becomes banks (cyclic partitioning), where the loop's accesses fall in
 * banks known at compile time.
 *
 * A memory has one read and one write port (a ROM two read ports), so a
 * loop body that reads a[2i] and a[2i+1] takes two cycles an iteration.
 * Split cyclically into F banks (element e in bank e mod F, at address
 * e / F), those reads go to banks 0 and 1, one each, and the loop runs at
 * II 1.  For each single-block loop that accesses a memory more times an
 * iteration than its ports take in a cycle, the smallest F of 2, 4 and 8
 * is chosen for which every access of the loop has an index whose value
 * mod F is known (constants, sums, multiples and shifts of them, and
 * phis whose values all agree mod F: i stepping by 2 from 0 is even) and
 * no bank gets more accesses than its ports take.  The memory is then
 * split for the whole kernel: an access elsewhere whose bank is not known
 * reads every bank and selects by the index's low bits, or writes every
 * bank with the write enabled in the one the index names; no bank ever
 * takes more accesses than the memory did, so no loop gets slower.
 *
 * Each bank is a memory of its own (ir_mem.part says which), with its
 * share of the initial contents; the order of accesses to each bank is the
 * program's, so the scheduler's ordering and the read port's forwarding
 * hold bank by bank.
 */
#include "pass.h"

#include <string.h>

#define MAX_BANKS 8
#define UNKNOWN (-1)
#define PENDING (-2)
#define NOT_YET (-3)

struct residues {
	unsigned mask;	  /* F - 1 */
	int *memo;	  /* by op id: residue, UNKNOWN, or NOT_YET */
	int *assumed;	  /* by op id: a phi's assumed residue while it is solved */
	unsigned pending; /* phis being solved: what is found meanwhile is not kept */
};

/* The value of `op` mod F (F = mask + 1), or UNKNOWN. */
static int residue(struct residues *r, const struct ir_op *op, unsigned depth)
{
	if (r->assumed[op->id] != NOT_YET)
		return r->assumed[op->id] == PENDING ? UNKNOWN : r->assumed[op->id];
	if (r->memo[op->id] != NOT_YET)
		return r->memo[op->id];
	if (depth > 32)
		return UNKNOWN;
	int res = UNKNOWN, a = UNKNOWN, b = UNKNOWN;
	unsigned m = r->mask, need = 0;
	while ((1u << need) <= m)
		need++;
	if (op->nargs >= 1 && op->opc != IR_PHI)
		a = residue(r, op->args[0], depth + 1);
	if (op->nargs >= 2 && op->opc != IR_PHI)
		b = residue(r, op->args[1], depth + 1);
	bool known2 = a >= 0 && b >= 0;
	switch (op->opc) {
	case IR_CONST:
		res = op->imm_words ? (int)(op->imm_words[0] & m) : (int)(op->imm & m);
		break;
	case IR_ZEXT: case IR_SEXT:
		res = op->args[0]->width >= need ? a : UNKNOWN;
		break;
	case IR_TRUNC:
		res = op->width >= need ? a : UNKNOWN;
		break;
	case IR_ADD:
		res = known2 ? (int)((unsigned)(a + b) & m) : UNKNOWN;
		break;
	case IR_SUB:
		res = known2 ? (int)((unsigned)(a - b) & m) : UNKNOWN;
		break;
	case IR_MUL:
		res = a == 0 || b == 0 ? 0 : known2 ? (int)((unsigned)(a * b) & m) : UNKNOWN;
		break;
	case IR_AND:
		res = a == 0 || b == 0 ? 0 : known2 ? a & b : UNKNOWN;
		break;
	case IR_OR:
		res = known2 ? a | b : UNKNOWN;
		break;
	case IR_XOR:
		res = known2 ? a ^ b : UNKNOWN;
		break;
	case IR_SHL:
		if (op->args[1]->opc == IR_CONST && !op->args[1]->imm_words) {
			uint64_t k = op->args[1]->imm;
			res = k >= need ? 0 : a >= 0 ? (int)(((unsigned)a << k) & m) : UNKNOWN;
		}
		break;
	case IR_PHI: {
		/* every incoming value agrees mod F, the phi's own value
		 * assumed for the ones that go round the loop */
		r->assumed[op->id] = PENDING;
		r->pending++;
		int cand = UNKNOWN;
		for (unsigned i = 0; i < op->nargs && cand < 0; i++)
			cand = residue(r, op->args[i], depth + 1);
		if (cand >= 0) {
			r->assumed[op->id] = cand;
			res = cand;
			for (unsigned i = 0; i < op->nargs && res >= 0; i++)
				if (residue(r, op->args[i], depth + 1) != cand)
					res = UNKNOWN;
		}
		r->assumed[op->id] = NOT_YET;
		r->pending--;
		break;
	}
	default:
		break;
	}
	if (!r->pending)
		r->memo[op->id] = res;
	return res;
}

static void residues_init(struct hls_ctx *ctx, struct residues *r, const struct ir_kernel *k,
			  unsigned banks)
{
	r->mask = banks - 1;
	r->memo = arena_alloc(&ctx->arena, (k->nops_total + 1) * sizeof *r->memo);
	r->assumed = arena_alloc(&ctx->arena, (k->nops_total + 1) * sizeof *r->assumed);
	r->pending = 0;
	for (unsigned i = 0; i <= k->nops_total; i++)
		r->memo[i] = r->assumed[i] = NOT_YET;
}

static bool is_mem_op(const struct ir_op *op)
{
	return op->opc == IR_MEM_LOAD || op->opc == IR_MEM_STORE;
}

static bool is_loop_block(const struct ir_block *b)
{
	const struct ir_op *t = b->nops ? b->ops[b->nops - 1] : NULL;
	for (unsigned i = 0; t && i < t->nsuccs; i++)
		if (t->succs[i] == b)
			return true;
	return false;
}

/* Cycles an iteration of b needs for m's accesses: reads over the read
 * ports, writes one a cycle. */
static unsigned port_bound(const struct ir_mem *m, unsigned reads, unsigned writes)
{
	unsigned rp = m->rom ? 2 : 1;
	unsigned r = (reads + rp - 1) / rp;
	return r > writes ? r : writes;
}

/* Whether F banks give every access of m in loop b a known bank and each
 * bank at most what its ports take in a cycle. */
static bool banks_fit(struct hls_ctx *ctx, const struct ir_kernel *k, const struct ir_block *b,
		      const struct ir_mem *m, unsigned F)
{
	struct residues r;
	residues_init(ctx, &r, k, F);
	unsigned reads[MAX_BANKS] = {0}, writes[MAX_BANKS] = {0};
	for (unsigned j = 0; j < b->nops; j++) {
		const struct ir_op *op = b->ops[j];
		if (!is_mem_op(op) || op->mem != m)
			continue;
		int bank = residue(&r, op->args[0], 0);
		if (bank < 0)
			return false;
		if (op->opc == IR_MEM_LOAD)
			reads[bank]++;
		else
			writes[bank]++;
	}
	for (unsigned i = 0; i < F; i++)
		if (port_bound(m, reads[i], writes[i]) > 1)
			return false;
	return true;
}

/* The banks m is split into (1: none). */
static unsigned choose_banks(struct hls_ctx *ctx, const struct ir_kernel *k, const struct ir_mem *m)
{
	unsigned best = 1;
	for (unsigned bi = 0; bi < k->nblocks; bi++) {
		const struct ir_block *b = k->blocks[bi];
		if (!is_loop_block(b))
			continue;
		unsigned reads = 0, writes = 0;
		for (unsigned j = 0; j < b->nops; j++)
			if (is_mem_op(b->ops[j]) && b->ops[j]->mem == m) {
				reads += b->ops[j]->opc == IR_MEM_LOAD;
				writes += b->ops[j]->opc == IR_MEM_STORE;
			}
		if (port_bound(m, reads, writes) <= 1)
			continue;
		for (unsigned F = 2; F <= MAX_BANKS && F <= m->depth; F *= 2)
			if (banks_fit(ctx, k, b, m, F)) {
				if (F > best)
					best = F;
				break;
			}
	}
	return best;
}

static struct ir_mem *make_bank(struct hls_ctx *ctx, const struct ir_mem *m, unsigned F,
				unsigned i)
{
	struct ir_mem *bk = arena_alloc(&ctx->arena, sizeof *bk);
	*bk = *m;
	bk->name = arena_printf(&ctx->arena, "%s_bank%u", m->name, i);
	bk->depth = (m->depth - i + F - 1) / F;
	if (!bk->depth)
		bk->depth = 1;
	bk->part = (struct ir_mem_part){m->part.whole ? m->part.whole : m->name, i, F};
	if (m->init) {
		unsigned words = (m->width + 63) / 64;
		bk->init = arena_alloc(&ctx->arena, (size_t)bk->depth * words * sizeof *bk->init);
		for (unsigned a = 0; a < bk->depth && a * F + i < m->depth; a++)
			for (unsigned w = 0; w < words; w++)
				bk->init[(size_t)a * words + w] = m->init[(size_t)(a * F + i) * words + w];
	}
	return bk;
}

/* The access `op` of a memory split into banks[F]: its ops, in e. */
static void rewrite(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
		    struct ir_op *op, struct ir_mem **banks, unsigned F, struct residues *r,
		    struct ir_op **mux_of)
{
	unsigned s = 0;
	while ((1u << s) < F)
		s++;
	struct ir_op *idx = op->args[0];
	/* constants before their users: an edit's ops go in in order */
	struct ir_op *shift = edit_const(ctx, k, e, idx->width, s);
	struct ir_op *addr = edit_op(ctx, k, e, IR_LSHR, idx->width, 2);
	addr->args[0] = idx;
	addr->args[1] = shift;
	int bank = residue(r, idx, 0);
	struct ir_op *low = NULL;
	if (bank < 0) {
		struct ir_op *mask = edit_const(ctx, k, e, idx->width, F - 1);
		low = edit_op(ctx, k, e, IR_AND, idx->width, 2);
		low->args[0] = idx;
		low->args[1] = mask;
	}
	if (op->opc == IR_MEM_LOAD) {
		struct ir_op *res = NULL;
		for (unsigned i = 0; i < F; i++) {
			if (bank >= 0 && (unsigned)bank != i)
				continue;
			struct ir_op *ld = edit_op(ctx, k, e, IR_MEM_LOAD, op->width, 1);
			ld->mem = banks[i];
			ld->args[0] = addr;
			if (!res) {
				res = ld;
				continue;
			}
			struct ir_op *ki = edit_const(ctx, k, e, idx->width, i);
			struct ir_op *is = edit_op(ctx, k, e, IR_EQ, 1, 2);
			is->args[0] = low;
			is->args[1] = ki;
			struct ir_op *sel = edit_op(ctx, k, e, IR_SELECT, op->width, 3);
			sel->args[0] = is, sel->args[1] = ld, sel->args[2] = res;
			res = sel;
		}
		*mux_of = res;
		return;
	}
	struct ir_op *guard = ir_guard(op);
	for (unsigned i = 0; i < F; i++) {
		if (bank >= 0 && (unsigned)bank != i)
			continue;
		struct ir_op *g = guard;
		if (bank < 0) {
			struct ir_op *ki = edit_const(ctx, k, e, idx->width, i);
			struct ir_op *is = edit_op(ctx, k, e, IR_EQ, 1, 2);
			is->args[0] = low;
			is->args[1] = ki;
			g = is;
			if (guard) {
				g = edit_op(ctx, k, e, IR_AND, 1, 2);
				g->args[0] = guard, g->args[1] = is;
			}
		}
		struct ir_op *st = edit_op(ctx, k, e, IR_MEM_STORE, 0, g ? 3 : 2);
		st->mem = banks[i];
		st->args[0] = addr;
		st->args[1] = op->args[1];
		if (g)
			st->args[2] = g;
	}
}

static void split(struct hls_ctx *ctx, struct ir_kernel *k, unsigned mi, unsigned F)
{
	struct ir_mem *m = k->mems[mi];
	struct ir_mem **banks = arena_alloc(&ctx->arena, F * sizeof *banks);
	for (unsigned i = 0; i < F; i++)
		banks[i] = make_bank(ctx, m, F, i);
	struct residues r;
	residues_init(ctx, &r, k, F);
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		struct ir_op **ops = NULL;
		unsigned nops = 0;
		bool changed = false;
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (!is_mem_op(op) || op->mem != m) {
				VEC_PUSH(&ctx->arena, ops, nops, op);
				continue;
			}
			struct ir_edit e = edit_at(op);
			struct ir_op *mux = NULL;
			rewrite(ctx, k, &e, op, banks, F, &r, &mux);
			for (unsigned i = 0; i < e.n; i++)
				VEC_PUSH(&ctx->arena, ops, nops, e.ops[i]);
			if (mux)
				edit_replace_uses(k, op, mux);
			changed = true;
		}
		if (changed)
			ir_block_set_ops(ctx, blk, ops, nops);
	}
	/* the banks take m's place in the kernel's list */
	struct ir_mem **mems = NULL;
	unsigned n = 0;
	for (unsigned i = 0; i < k->nmems; i++) {
		if (i != mi) {
			VEC_PUSH(&ctx->arena, mems, n, k->mems[i]);
			continue;
		}
		for (unsigned j = 0; j < F; j++)
			VEC_PUSH(&ctx->arena, mems, n, banks[j]);
	}
	k->mems = mems;
	k->nmems = n;
}

/* The user's request for memory m (--partition), or NULL. */
static struct hls_partition *request(struct hls_ctx *ctx, const struct ir_mem *m)
{
	for (unsigned i = 0; i < ctx->npartitions; i++)
		if (!strcmp(ctx->partitions[i].name, m->name))
			return &ctx->partitions[i];
	return NULL;
}

void pass_partition_memories(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		for (unsigned mi = 0; mi < k->nmems; mi++) {
			if (k->mems[mi]->part.banks)
				continue; /* a bank already */
			/* --partition, then SLUICE_PARTITION, then the loops' need */
			struct hls_partition *req = request(ctx, k->mems[mi]);
			unsigned F = req ? req->banks : k->mems[mi]->banks_asked
				   ? k->mems[mi]->banks_asked : choose_banks(ctx, k, k->mems[mi]);
			if (req)
				req->used = true;
			if (F > k->mems[mi]->depth) {
				diag_error(&ctx->diag, k->mems[mi]->loc, "%u banks of memory '%s', "
					   "which has %u words", F, k->mems[mi]->name,
					   k->mems[mi]->depth);
				continue;
			}
			if (F > 1) {
				split(ctx, k, mi, F);
				mi += F - 1;
			}
		}
	}
	for (unsigned i = 0; i < ctx->npartitions; i++)
		if (!ctx->partitions[i].used)
			diag_warning(&ctx->diag, (struct ir_loc){0}, "--partition %s: no memory "
				     "of that name (`sluice report` lists them; arrays of at "
				     "most 512 bytes are registers)", ctx->partitions[i].name);
}
