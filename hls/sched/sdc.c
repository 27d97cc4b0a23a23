/*
 * sdc.c -- sched_program: every basic block of every kernel scheduled as a
 * system of difference constraints (Cong & Zhang 2006).
 *
 * Per block: sdc_build (sdc_problem.c) states the constraints, sdc_solve
 * (sdc_solve.c) finds the least solution, so that every op starts as early
 * as it can; the block's length is its terminator's cycle + 1.  An
 * infeasible block is explained by sdc_explain (sdc_explain.c); the latency
 * constraint it blamed is then dropped and the block solved again, so that
 * every conflicting constraint of the block is reported.  Phis have
 * no constraints pushing them later, so they stay in state 0.
 *
 * A loop of one block is then pipelined when that makes it faster
 * (modulo.c).
 *
 * Before that, every latency constraint is checked to name an anchor of the
 * same basic block; one that does not is reported (at the constrained op,
 * with a note at the anchor) and left out.  Every error of every kernel is
 * reported before sched_program returns -1.
 *
 * The schedule's arrays come from ctx->arena and are indexed by op id and
 * block id; arrival[] (reports only) is the time in ns, from the start of
 * the op's state, at which its result settles through the ops chained
 * before it in that state.
 */
#include "sdc.h"

#include <assert.h>

static void collect_anchors(struct hls_ctx *ctx, const struct ir_program *p,
			    struct sdc_anchor **out, unsigned *n)
{
	*out = NULL;
	*n = 0;
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *blk = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < blk->nops; i++) {
				const struct ir_op *op = blk->ops[i];
				if (!sdc_is_pipe_op(op) || op->lat.anchor < 0)
					continue;
				struct sdc_anchor a = {op->lat.anchor, op};
				VEC_PUSH(&ctx->arena, *out, *n, a);
			}
		}
}

/* Reports latency constraints whose anchor is missing or not in the same
 * basic block; returns how many. */
static unsigned check_latency_targets(struct hls_ctx *ctx,
				      const struct ir_kernel *k,
				      const struct sdc_anchor *anchors,
				      unsigned nanchors)
{
	unsigned bad = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		const struct ir_block *blk = k->blocks[b];
		for (unsigned i = 0; i < blk->nops; i++) {
			const struct ir_op *op = blk->ops[i];
			if (!sdc_is_pipe_op(op) || op->lat.kind == LAT_NONE)
				continue;
			const struct ir_op *a =
				sdc_find_anchor(anchors, nanchors, op->lat.target);
			const char *words = a ? sdc_op_words(&ctx->arena, a) : NULL;
			if (!a) {
				diag_error(&ctx->diag, op->loc,
					   "latency constraint refers to anchor %d, "
					   "which no pipe operation defines",
					   op->lat.target);
			} else if (a->block->kernel != k) {
				diag_error(&ctx->diag, op->loc,
					   "latency constraint between operations in "
					   "different kernels is not supported");
				diag_note(&ctx->diag, a->loc,
					  "anchor %d is %s, in kernel '%s'",
					  op->lat.target, words, a->block->kernel->name);
			} else if (a->block != blk) {
				diag_error(&ctx->diag, op->loc,
					   "latency constraint between operations in "
					   "different basic blocks is not supported");
				diag_note(&ctx->diag, a->loc,
					  "anchor %d is %s, in another basic block",
					  op->lat.target, words);
			} else {
				continue;
			}
			bad++;
		}
	}
	return bad;
}

void sdc_fill_arrival(const struct sdc_problem *pb, struct sched_kernel *sk)
{
	struct ir_block *b = pb->block;
	/* chain[i]: what op i leaves for the op chained after it */
	enum delay_chain *chain = arena_alloc(&pb->ctx->arena, (b->nops + 1) * sizeof *chain);
	/* E[i]: for a network op, the latest arrival of its leaves (bitnet.c) */
	double *E = arena_alloc(&pb->ctx->arena, (b->nops + 1) * sizeof *E);
	for (unsigned i = 0; i < b->nops; i++) {
		const struct ir_op *op = b->ops[i];
		double best = -1, leaves = 0;
		enum delay_chain in[4];
		unsigned nin = 0;
		for (unsigned k = 0; op->opc != IR_PHI && k < op->nargs; k++) {
			const struct ir_op *d = op->args[k];
			unsigned lat = sk->latency[d->id];
			if (d->block != b || sk->cycle[d->id] + lat != sk->cycle[op->id] ||
			    (lat && delay_result_ns(pb->target, d) <= 0))
				continue;
			unsigned j = (unsigned)pb->var[d->id];
			double from = lat ? delay_result_ns(pb->target, d)
					  : delay_word_ns(pb->target, d, sk->arrival[d->id]);
			double a = from + delay_step_ns(pb->target, op, k, lat ? CHAIN_NONE : chain[j]);
			double l = !lat && pb->nets.interior[j] ? E[j] : from;
			if (nin < 4)
				in[nin++] = chain[j];
			if (a > best)
				best = a;
			if (l > leaves)
				leaves = l;
		}
		double path = best >= 0 ? best : pb->delay[i];
		double at = op->opc == IR_PHI ? path
			  : delay_net_arrival(pb->target, &pb->nets, i, path, leaves);
		chain[i] = op->opc == IR_PHI || at < path ? CHAIN_NONE
			 : delay_chain_of(pb->target, op, in, op->nargs <= 4 ? nin : 0);
		E[i] = leaves;
		sk->arrival[op->id] = at;
	}
}

/* The bits of op's value (of at most 64 bits) that may be 1, as far as
 * `depth` more ops down tell. */
static uint64_t maybe_ones(const struct ir_op *op, int depth)
{
	uint64_t all = op->width >= 64 ? ~0ull : (1ull << op->width) - 1;
	if (op->width > 64 || depth <= 0)
		return all;
	const struct ir_op *a = op->nargs ? op->args[0] : NULL;
	bool k = op->nargs == 2 && op->args[1]->opc == IR_CONST && op->args[1]->width <= 64;
	uint64_t amount = k ? op->args[1]->imm : 0;
	switch (op->opc) {
	case IR_CONST:
		return op->imm & all;
	case IR_ZEXT: case IR_TRUNC:
		return a->width > 64 ? all : maybe_ones(a, depth - 1) & all;
	case IR_SHL:
		return k && amount < op->width ? (maybe_ones(a, depth - 1) << amount) & all : all;
	case IR_LSHR:
		return k && amount < op->width ? maybe_ones(a, depth - 1) >> amount : all;
	case IR_OR:
		return maybe_ones(a, depth - 1) | maybe_ones(op->args[1], depth - 1);
	case IR_AND:
		return maybe_ones(a, depth - 1) & maybe_ones(op->args[1], depth - 1);
	default:
		return all;
	}
}

/* Whether op only rewires its operands' bits (no logic at all). */
static bool is_wiring(enum hls_target target, const struct ir_op *op)
{
	switch (op->opc) {
	case IR_ZEXT: case IR_SEXT: case IR_TRUNC: case IR_EXTRACT:
	case IR_CONCAT: case IR_BSWAP: case IR_BITREV:
		return true;
	case IR_SHL: case IR_LSHR: case IR_ASHR:
		return delay_op_ns(target, op) == 0;
	default:
		return false;
	}
}

/* A gate or select whose only operand that is not a constant is no
 * wider than its result (~x, x & mask, c ? k1 : k2), or an or of fields:
 * at its users' cycle it needs its operands' registers, no wider than
 * its own would be. */
static bool is_narrow_gate(const struct ir_op *op)
{
	/* an or of fields that no bit of both can set (bytes assembled into
	 * a word, `b0 << 24 | b1 << 16 | ...`) is their concatenation */
	if (op->opc == IR_OR && op->width <= 64 &&
	    !(maybe_ones(op->args[0], 8) & maybe_ones(op->args[1], 8)))
		return true;
	if (op->opc != IR_AND && op->opc != IR_OR && op->opc != IR_XOR &&
	    op->opc != IR_SELECT)
		return false;
	unsigned live = 0;
	for (unsigned i = 0; i < op->nargs; i++) {
		const struct ir_op *a = op->args[i];
		if (a->opc == IR_CONST)
			continue;
		if (++live > 1 || a->width > op->width)
			return false;
	}
	return true;
}

/* Whether the paths of cycle c still fit: no op with logic there arrives
 * later than the budget and later than it did (`before`, by var). */
static bool cycle_fits(const struct sdc_problem *pb, const struct sched_kernel *sk,
		       unsigned c, const double *before)
{
	for (unsigned i = 0; i < pb->block->nops; i++) {
		const struct ir_op *op = pb->block->ops[i];
		double a = sk->arrival[op->id];
		if (sk->cycle[op->id] == c && !sk->latency[op->id] && pb->delay[i] > 0 &&
		    a > pb->budget_ns + 1e-9 && a > before[i] + 1e-9)
			return false;
	}
	return true;
}

void sdc_sink(const struct sdc_problem *pb, struct sched_kernel *sk)
{
	struct ir_block *b = pb->block;
	struct ir_kernel *k = b->kernel;
	struct arena *ar = &pb->ctx->arena;
	/* read from another block (or by a phi): stays where it is */
	bool *pinned = arena_alloc(ar, (b->nops + 1) * sizeof *pinned);
	for (unsigned bb = 0; bb < k->nblocks; bb++)
		for (unsigned j = 0; j < k->blocks[bb]->nops; j++) {
			const struct ir_op *u = k->blocks[bb]->ops[j];
			for (unsigned i = 0; i < u->nargs; i++) {
				const struct ir_op *d = u->args[i];
				if (d->block == b && (u->block != b || u->opc == IR_PHI))
					pinned[pb->var[d->id]] = true;
			}
		}
	sdc_fill_arrival(pb, sk);
	double *before = arena_alloc(ar, (b->nops + 1) * sizeof *before);
	/* users come after their operands in a block (phis aside) */
	for (unsigned i = b->nops; i-- > 0;) {
		const struct ir_op *op = b->ops[i];
		bool gate = is_narrow_gate(op);
		if (pinned[i] || sk->latency[op->id] || (!gate && !is_wiring(pb->target, op)))
			continue;
		unsigned first = ~0u, from = sk->cycle[op->id];
		for (unsigned j = i + 1; j < b->nops; j++) {
			const struct ir_op *u = b->ops[j];
			for (unsigned a = 0; a < u->nargs; a++)
				if (u->args[a] == op && sk->cycle[u->id] < first)
					first = sk->cycle[u->id];
		}
		if (first == ~0u || first <= from)
			continue;
		/* a gate lengthens the paths of its new cycle: only where they
		 * still fit (or get no longer than they are) */
		for (unsigned j = 0; gate && j < b->nops; j++)
			before[j] = sk->arrival[b->ops[j]->id];
		sk->cycle[op->id] = first;
		if (!gate)
			continue;
		sdc_fill_arrival(pb, sk);
		if (!cycle_fits(pb, sk, first, before)) {
			sk->cycle[op->id] = from;
			sdc_fill_arrival(pb, sk);
		}
	}
	sdc_fill_arrival(pb, sk);
}

static int schedule_block(struct hls_ctx *ctx, struct sched_kernel *sk,
			  struct ir_block *b, const int *var, double clock_ns,
			  const struct sdc_anchor *anchors, unsigned nanchors)
{
	struct sdc_problem pb;
	sdc_build(&pb, ctx, b, var, clock_ns, anchors, nanchors, 0, 0, false, false);
	long *s = arena_alloc(&ctx->arena, pb.nvars * sizeof *s);
	unsigned *cyc, ncyc;
	int rc = 0;
	/* after each conflict, drop the latency constraint blamed and look
	 * for more, so that every conflicting constraint is reported */
	while (sdc_solve(&pb, s, &cyc, &ncyc)) {
		const struct ir_op *blamed = sdc_explain(&pb, cyc, ncyc);
		rc = -1;
		if (!blamed || !sdc_drop_latency(&pb, blamed))
			return -1;
	}
	if (rc)
		return rc;
	for (unsigned i = 0; i < pb.nvars; i++) {
		const struct ir_op *op = b->ops[i];
		assert(s[i] >= 0 && s[i] < (long)(1u << 30));
		sk->cycle[op->id] = (unsigned)s[i];
		sk->latency[op->id] = pb.lat[i];
	}
	sk->block_len[b->id] = (unsigned)s[pb.nvars - 1] + 1;
	sdc_sink(&pb, sk);
	if (sched_is_loop_block(b))
		sched_modulo_block(ctx, sk, b, var, clock_ns, anchors, nanchors);
	return 0;
}

#define MAX_ROM_PORTS 32

/* The copies of m that block RAM of `reads` read ports a block keeps for
 * m's read ports (Yosys keeps a copy per `reads` ports). */
static unsigned mem_copies(const struct ir_mem *m, unsigned reads)
{
	return (m->read_ports + reads - 1) / reads;
}

/* The bits m takes in the target's block RAM: each copy in whole blocks
 * where the target has blocks. */
static unsigned long mem_bits(const struct ir_mem *m, unsigned long block, unsigned reads)
{
	unsigned long bits = (unsigned long)m->width * m->depth;
	if (block)
		bits = (bits + block - 1) / block * block;
	return bits * mem_copies(m, reads);
}

static unsigned long program_mem_bits(const struct ir_program *p, unsigned long block,
				      unsigned reads, struct ir_mem **widest_rom)
{
	unsigned long total = 0;
	*widest_rom = NULL;
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned i = 0; i < p->kernels[k]->nmems; i++) {
			struct ir_mem *m = p->kernels[k]->mems[i];
			total += mem_bits(m, block, reads);
			if (m->rom && m->read_ports > 2 &&
			    (!*widest_rom || mem_copies(m, reads) > mem_copies(*widest_rom, reads)))
				*widest_rom = m;
		}
	return total;
}

/* The read ports of each memory.  A memory that is written reads on one
 * port, the one that forwards.  A ROM reads on two (block RAM has two
 * read ports: the ECP5's DP16KD reads on both; on iCE40, whose
 * SB_RAM40_4K reads on one, Yosys keeps a copy per read port), and on as
 * many as a loop of one block loads from it, so that a pipelined loop
 * that reads a table n times an iteration (AES's rounds read their S-box
 * 20 times) is not held to n/2 cycles an iteration by the table: each
 * read port a copy of the table in block RAM, as a careful engineer
 * builds it.  While the copies do not fit the part's block RAM, the ROM
 * with the most loses one block's ports, down to two. */
static void choose_read_port_counts(struct hls_ctx *ctx, struct ir_program *p)
{
	unsigned reads;
	unsigned long block = delay_ram_block_bits(ctx->target, &reads);
	unsigned long cap = delay_ram_bits(ctx->target);
	for (unsigned k = 0; k < p->nkernels; k++) {
		struct ir_kernel *kn = p->kernels[k];
		for (unsigned i = 0; i < kn->nmems; i++) {
			kn->mems[i]->read_ports = kn->mems[i]->rom ? 2 : 1;
			kn->mems[i]->copy_reads = reads;
		}
		for (unsigned b = 0; b < kn->nblocks; b++) {
			const struct ir_block *blk = kn->blocks[b];
			if (!sched_is_loop_block(blk))
				continue;
			for (unsigned i = 0; i < kn->nmems; i++) {
				struct ir_mem *m = kn->mems[i];
				unsigned n = 0;
				for (unsigned j = 0; j < blk->nops; j++)
					n += blk->ops[j]->opc == IR_MEM_LOAD && blk->ops[j]->mem == m;
				n = (n + reads - 1) / reads * reads;
				if (m->rom && n > m->read_ports)
					m->read_ports = n < MAX_ROM_PORTS ? n : MAX_ROM_PORTS;
			}
		}
	}
	struct ir_mem *widest;
	while (cap && program_mem_bits(p, block, reads, &widest) > cap && widest)
		widest->read_ports = widest->read_ports - 2 > reads ? widest->read_ports - reads : 2;
}

/* The memories of all kernels fit the target's block RAM; an error at
 * the largest when they do not. */
static int check_ram(struct hls_ctx *ctx, const struct ir_program *p)
{
	unsigned reads;
	unsigned long block = delay_ram_block_bits(ctx->target, &reads);
	unsigned long cap = delay_ram_bits(ctx->target), total = 0;
	const struct ir_mem *big = NULL;
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned i = 0; i < p->kernels[k]->nmems; i++) {
			const struct ir_mem *m = p->kernels[k]->mems[i];
			total += mem_bits(m, block, reads);
			if (!big || mem_bits(m, block, reads) > mem_bits(big, block, reads))
				big = m;
		}
	if (!cap || total <= cap)
		return 0;
	diag_error(&ctx->diag, big->loc, "the kernels' arrays in memory take %lu Kbit, "
		   "more than the %lu Kbit of block RAM the target's part has ('%s' "
		   "alone takes %lu)", (total + 1023) / 1024, cap / 1024, big->name,
		   (mem_bits(big, block, reads) + 1023) / 1024);
	return -1;
}

/* Each block's loads of a memory take its read ports in turn, in program
 * order. */
static void choose_read_ports(struct ir_program *p)
{
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *blk = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < blk->nops; i++) {
				struct ir_op *op = blk->ops[i];
				if (op->opc != IR_MEM_LOAD)
					continue;
				unsigned n = 0; /* its memory's loads before it */
				for (unsigned j = 0; j < i; j++)
					n += blk->ops[j]->opc == IR_MEM_LOAD &&
					     blk->ops[j]->mem == op->mem;
				op->port = n % op->mem->read_ports;
			}
		}
}

/* sk's arrays for kernel k; returns the index of each op in its block,
 * by op id. */
static int *kernel_arrays(struct arena *ar, struct ir_kernel *k, struct sched_kernel *sk)
{
	size_t nops = k->nops_total ? k->nops_total : 1;
	sk->kernel = k;
	sk->cycle = arena_alloc(ar, nops * sizeof *sk->cycle);
	sk->latency = arena_alloc(ar, nops * sizeof *sk->latency);
	sk->arrival = arena_alloc(ar, nops * sizeof *sk->arrival);
	size_t nb = k->nblocks ? k->nblocks : 1;
	sk->block_len = arena_alloc(ar, nb * sizeof *sk->block_len);
	sk->ii = arena_alloc(ar, nb * sizeof *sk->ii);
	sk->seq_len = arena_alloc(ar, nb * sizeof *sk->seq_len);
	sk->limit = arena_alloc(ar, nb * sizeof *sk->limit);
	sk->ii_asked = arena_alloc(ar, nb * sizeof *sk->ii_asked);
	sk->bypass = arena_alloc(ar, nops * sizeof *sk->bypass);
	int *var = arena_alloc(ar, nops * sizeof *var);
	for (size_t i = 0; i < nops; i++)
		var[i] = -1;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++)
			var[k->blocks[b]->ops[i]->id] = (int)i;
	return var;
}

double sched_clock_mhz(const struct hls_ctx *ctx)
{
	return ctx->clock_mhz > 0 ? ctx->clock_mhz : delay_default_clock_mhz(ctx->target);
}

unsigned sched_block_length(struct hls_ctx *ctx, struct ir_program *p, struct ir_block *b,
			    unsigned *ii)
{
	double mhz = sched_clock_mhz(ctx);
	struct sched_kernel sk;
	delay_choose_units(ctx->target, mhz, p);
	int *var = kernel_arrays(&ctx->arena, b->kernel, &sk);
	for (unsigned i = 0; i < b->nops; i++) /* b's, if a pass lists one in two blocks */
		var[b->ops[i]->id] = (int)i;
	*ii = 0;
	ctx->diag.quiet++;
	int rc = schedule_block(ctx, &sk, b, var, 1000.0 / mhz, NULL, 0);
	ctx->diag.quiet--;
	if (rc)
		return 0;
	*ii = sk.ii[b->id];
	return sk.block_len[b->id];
}

int sched_program(struct hls_ctx *ctx, struct ir_program *p,
		  struct hls_schedule *out)
{
	choose_read_port_counts(ctx, p);
	if (check_ram(ctx, p))
		return -1;
	choose_read_ports(p);
	struct arena *ar = &ctx->arena;
	double mhz = sched_clock_mhz(ctx);
	out->clock_ns = 1000.0 / mhz;
	out->target = ctx->target;
	out->mul_split = delay_mul_split(ctx->target);
	delay_choose_units(ctx->target, mhz, p);
	out->nkernels = p->nkernels;
	out->kernels = arena_alloc(ar, (p->nkernels ? p->nkernels : 1) *
					       sizeof *out->kernels);

	struct sdc_anchor *anchors;
	unsigned nanchors;
	collect_anchors(ctx, p, &anchors, &nanchors);

	int rc = 0;
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		struct sched_kernel *sk = &out->kernels[kk];
		int *var = kernel_arrays(ar, k, sk);
		if (check_latency_targets(ctx, k, anchors, nanchors))
			rc = -1;
		for (unsigned b = 0; b < k->nblocks; b++)
			if (schedule_block(ctx, sk, k->blocks[b], var,
					   out->clock_ns, anchors, nanchors))
				rc = -1;
	}
	return rc;
}
