/*
 * fission.c -- an autorun kernel whose endless loop does one thing after
 * another becomes kernels that do them at once.
 *
 * `for (;;) { for (j...) v[j] = read(x); for (i...) write(y, f(i, v)); }`
 * takes the reads and the writes in turn: even with both loops pipelined,
 * the writes of one block wait for its reads and the next block's reads
 * for its writes.  Cut after the reads, it is two kernels: the first reads
 * a block and hands v through a pipe of its own to the second, which
 * writes while the first reads the next block; the pipe (a register slice,
 * hls/rtlgen/fifo_size.c) is the second copy of v that a hand-written
 * design double-buffers in.
 *
 * A cut is an edge p -> q of the endless loop (no edge leaves
 * it, no return in it; header h) that every iteration passes once: the
 * blocks reached from h without it (S, h's side) and the others (T) are
 * apart but for it and T's edges back to h.  The cut is made where
 *   - no pipe, memory or kernel state is used on both sides (its accesses
 *     would lose their order), no fence or latency constraint is in the
 *     kernel (they order ops across the cut), and the kernel has no device
 *     memory;
 *   - T computes nothing that S uses: h's phis take the same value, from
 *     S or from before the loop, on all of T's edges back;
 *   - both sides take more than a cycle an iteration (a loop inside, or
 *     two accesses to one pipe or memory), else the kernel is as fast as
 *     it gets and the cut costs a pipe.
 * Then T's blocks move into a new autorun kernel, whose endless loop reads
 * the pipe first (the values of S and of before the loop that T uses, one
 * word; constants are made again), and whose edges back go to that read;
 * p writes the word before it goes back to h (on an edge out of an inner
 * loop, a block of its own between p and q does).  With no value to hand
 * over, the word is a bit, so that T still runs once for each time S has.
 *
 * Order: the spec lets accesses to one pipe be reordered with accesses to
 * another (DESIGN.md section 3), and orders them by data and control
 * dependences: S's next iteration depends on nothing of T's, and T's on
 * the word that S hands it, so the kernels keep every order the spec
 * keeps.  S may run ahead of T by what the pipe holds.  Each kernel is cut
 * again where it can be (oddeven: reads | sort | writes).
 */
#include "pass.h"

#include <stdlib.h>
#include <string.h>

struct cut {
	struct hls_ctx *ctx;
	struct ir_program *prog;
	struct ir_kernel *k;
	struct ir_block *h;
	bool *loop;		 /* by block id: in the endless loop */
	bool *s;		 /* by block id: h's side of the cut */
	struct ir_block *p, *q;
	struct ir_op **in;	 /* the values T takes from S or from before the loop */
	unsigned nin;
};

static bool in_t(const struct cut *c, const struct ir_block *b)
{
	return c->loop[b->id] && !c->s[b->id];
}

/* An op the second kernel makes again rather than takes through the pipe. */
static bool remade(const struct ir_op *op)
{
	return op->opc == IR_CONST || op->opc == IR_UNDEF || op->opc == IR_SPEC;
}

/* The endless loop of k: the loop of a back edge x -> h that no edge
 * leaves and no return ends, with h the first such header; false when
 * none. */
static bool endless_loop(struct cut *c)
{
	struct ir_kernel *k = c->k;
	for (unsigned hb = 1; hb < k->nblocks; hb++) {
		struct ir_block *h = k->blocks[hb];
		memset(c->loop, 0, k->nblocks * sizeof *c->loop);
		struct ir_block **work = malloc(k->nblocks * sizeof *work);
		unsigned nw = 0;
		c->loop[h->id] = true;
		for (unsigned i = 0; i < h->npreds; i++)
			if (h->preds[i]->id >= h->id && !c->loop[h->preds[i]->id]) {
				c->loop[h->preds[i]->id] = true;
				work[nw++] = h->preds[i];
			}
		bool any = nw > 0;
		while (nw) {
			struct ir_block *b = work[--nw];
			for (unsigned i = 0; i < b->npreds; i++)
				if (!c->loop[b->preds[i]->id]) {
					c->loop[b->preds[i]->id] = true;
					work[nw++] = b->preds[i];
				}
		}
		free(work);
		if (!any || c->loop[0])
			continue;
		bool closed = true;
		for (unsigned b = 0; b < k->nblocks && closed; b++) {
			struct ir_op *t = ir_terminator(k->blocks[b]);
			if (!c->loop[b])
				continue;
			closed = t->opc != IR_RET;
			for (unsigned s = 0; s < t->nsuccs; s++)
				closed &= c->loop[t->succs[s]->id];
		}
		if (closed) {
			c->h = h;
			return true;
		}
	}
	return false;
}

/* S for the cut p -> q: the loop's blocks reached from h without it and
 * without going back to h; false when it is not a cut. */
static bool sides(struct cut *c)
{
	struct ir_kernel *k = c->k;
	memset(c->s, 0, k->nblocks * sizeof *c->s);
	struct ir_block **work = malloc(k->nblocks * sizeof *work);
	unsigned nw = 0;
	c->s[c->h->id] = true;
	work[nw++] = c->h;
	while (nw) {
		struct ir_block *b = work[--nw];
		struct ir_op *t = ir_terminator(b);
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if ((b == c->p && y == c->q) || y == c->h || c->s[y->id])
				continue;
			c->s[y->id] = true;
			work[nw++] = y;
		}
	}
	free(work);
	if (c->s[c->q->id])
		return false;
	/* T goes nowhere but T and h; S does not go back to h */
	for (unsigned b = 0; b < k->nblocks; b++) {
		if (!c->loop[b])
			continue;
		struct ir_op *t = ir_terminator(k->blocks[b]);
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if (c->s[b] ? y == c->h : y != c->h && c->s[y->id])
				return false;
		}
	}
	return true;
}

/* What an op uses that the other side must not: its pipe, memory or
 * state. */
static const void *resource_of(const struct ir_op *op)
{
	if (op->pipe)
		return op->pipe;
	if (op->mem)
		return op->mem;
	return op->state;
}

/* Does side `t` (T when true, else S and the blocks before the loop)
 * take more than a cycle an iteration: a loop inside, or two accesses to
 * one pipe or memory? */
static bool busy(const struct cut *c, bool t)
{
	const struct ir_kernel *k = c->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		if (!c->loop[b] || in_t(c, blk) != t)
			continue;
		const struct ir_op *term = ir_terminator(blk);
		for (unsigned s = 0; s < term->nsuccs; s++)
			if (term->succs[s]->id <= b && term->succs[s] != c->h)
				return true;
		for (unsigned i = 0; i < blk->nops; i++) {
			const void *r = resource_of(blk->ops[i]);
			if (!r || blk->ops[i]->state)
				continue;
			for (unsigned b2 = b; b2 < k->nblocks; b2++) {
				const struct ir_block *o = k->blocks[b2];
				if (!c->loop[b2] || in_t(c, o) != t)
					continue;
				for (unsigned j = b2 == b ? i + 1 : 0; j < o->nops; j++)
					if (resource_of(o->ops[j]) == r)
						return true;
			}
		}
	}
	return false;
}

/* The cut p -> q may be made (the head of the file); fills c->in. */
static bool cut_ok(struct cut *c)
{
	struct ir_kernel *k = c->k;
	if (!sides(c) || !busy(c, false) || !busy(c, true))
		return false;
	struct arena *ar = &c->ctx->arena;
	c->in = NULL, c->nin = 0;
	bool *taken = calloc(k->nops_total, sizeof *taken);
	bool ok = true;
	for (unsigned b = 0; b < k->nblocks && ok; b++) {
		struct ir_block *blk = k->blocks[b];
		bool t = in_t(c, blk);
		for (unsigned i = 0; i < blk->nops && ok; i++) {
			struct ir_op *op = blk->ops[i];
			const void *r = resource_of(op);
			/* a resource on both sides */
			for (unsigned b2 = 0; r && b2 < k->nblocks && ok; b2++) {
				struct ir_block *o = k->blocks[b2];
				if (in_t(c, o) == t)
					continue;
				for (unsigned j = 0; j < o->nops && ok; j++)
					ok = resource_of(o->ops[j]) != r;
			}
			for (unsigned a = 0; a < op->nargs && ok; a++) {
				struct ir_op *d = op->args[a];
				if (t && !in_t(c, d->block) && !taken[d->id]) {
					taken[d->id] = true;
					VEC_PUSH(ar, c->in, c->nin, d);
				}
				/* a value of T's in S (h's phis too): S would wait for T */
				if (!t && in_t(c, d->block))
					ok = false;
			}
			/* h's phis: one value on all of T's edges back */
			if (blk == c->h && op->opc == IR_PHI) {
				struct ir_op *v = NULL;
				for (unsigned a = 0; a < op->nargs && ok; a++) {
					if (!in_t(c, op->phi_blocks[a]))
						continue;
					ok = !v || v == op->args[a];
					v = op->args[a];
				}
			}
		}
	}
	free(taken);
	unsigned w = 0;
	for (unsigned i = 0; i < c->nin; i++)
		w += remade(c->in[i]) ? 0 : c->in[i]->width;
	return ok && w <= IR_MAX_WIDTH;
}

/* Whether k may be cut at all: no fence, no latency constraint, no device
 * memory. */
static bool cuttable(const struct ir_kernel *k)
{
	if (k->kind != KERNEL_AUTORUN || k->ndmem_chans || k->nblocks < 3)
		return false;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			const struct ir_op *op = k->blocks[b]->ops[i];
			if (op->opc == IR_FENCE || (op->pipe && (op->lat.kind != LAT_NONE ||
								 op->lat.anchor >= 0 ||
								 op->lat.target >= 0)))
				return false;
		}
	return true;
}

static const char *fresh_kernel_name(struct cut *c)
{
	for (unsigned n = 2;; n++) {
		const char *name = arena_printf(&c->ctx->arena, "%s_%u", c->k->name, n);
		bool used = ir_pipe_find(c->prog, name) != NULL;
		for (unsigned i = 0; i < c->prog->nkernels && !used; i++)
			used = !strcmp(c->prog->kernels[i]->name, name);
		if (!used)
			return name;
	}
}

/* Moves the states (or memories) that T's ops use from k to k2. */
static void move_objects(struct cut *c, struct ir_kernel *k2, bool mems)
{
	struct ir_kernel *k = c->k;
	void **objs = mems ? (void **)k->mems : (void **)k->states;
	unsigned n = mems ? k->nmems : k->nstates, kept = 0;
	for (unsigned i = 0; i < n; i++) {
		bool used = false;
		for (unsigned b = 0; b < k2->nblocks && !used; b++)
			for (unsigned j = 0; j < k2->blocks[b]->nops && !used; j++) {
				const struct ir_op *op = k2->blocks[b]->ops[j];
				used = mems ? op->mem == objs[i] : op->state == objs[i];
			}
		if (!used) {
			objs[kept++] = objs[i];
		} else if (mems) {
			VEC_PUSH(&c->ctx->arena, k2->mems, k2->nmems, objs[i]);
		} else {
			VEC_PUSH(&c->ctx->arena, k2->states, k2->nstates, objs[i]);
		}
	}
	if (mems)
		k->nmems = kept;
	else
		k->nstates = kept;
}

static struct ir_op *branch(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_block *b,
			    struct ir_block *to, struct ir_loc loc)
{
	struct ir_op *br = ir_op_new(ctx, k, b, IR_BR, 0, 0);
	br->loc = loc;
	br->succs = arena_alloc(&ctx->arena, sizeof *br->succs);
	br->succs[0] = to;
	br->nsuccs = 1;
	return br;
}

/* Makes the cut (cut_ok said yes): T into a new kernel, which it returns. */
static struct ir_kernel *make_cut(struct cut *c)
{
	struct hls_ctx *ctx = c->ctx;
	struct arena *ar = &ctx->arena;
	struct ir_kernel *k = c->k;
	struct ir_loc loc = ir_terminator(c->p)->loc;
	struct ir_loc at = c->q->nops ? c->q->ops[0]->loc : loc;
	struct ir_kernel *k2 = ir_kernel_new(ctx, c->prog, fresh_kernel_name(c), KERNEL_AUTORUN);
	k2->loc = at;
	k2->nops_total = k->nops_total;
	k2->split_from = k;

	/* the pipe between them */
	unsigned w = 0;
	for (unsigned i = 0; i < c->nin; i++)
		w += remade(c->in[i]) ? 0 : c->in[i]->width;
	struct ir_pipe *pipe = arena_alloc(ar, sizeof *pipe);
	pipe->name = arena_printf(ar, "%s_in", k2->name);
	pipe->width = w ? w : 1;
	pipe->type = arena_printf(ar, "unsigned _BitInt(%u)", pipe->width);
	pipe->min_capacity = 1;
	pipe->kind = PIPE_KERNEL;
	pipe->dir = DIR_NONE;
	pipe->loc = at;
	pipe->writer = k, pipe->reader = k2;
	pipe->write_loc = loc, pipe->read_loc = at;
	VEC_PUSH(ar, c->prog->pipes, c->prog->npipes, pipe);
	k2->split_in = pipe;

	/* p hands the values over and goes back to h */
	struct ir_op *word = NULL;
	struct ir_op **pops = NULL;
	unsigned np = 0;
	for (unsigned i = 0; i + 1 < c->p->nops; i++)
		VEC_PUSH(ar, pops, np, c->p->ops[i]);
	for (unsigned i = 0; i < c->nin; i++) {
		if (remade(c->in[i]))
			continue;
		if (!word) {
			word = c->in[i];
			continue;
		}
		struct ir_op *cat = ir_op_new(ctx, k, NULL, IR_CONCAT, word->width + c->in[i]->width, 2);
		cat->args[0] = c->in[i], cat->args[1] = word;
		cat->loc = loc, cat->block = c->p;
		VEC_PUSH(ar, pops, np, cat);
		word = cat;
	}
	if (!word) {
		word = ir_const(ctx, k, NULL, 1, 1);
		word->loc = loc, word->block = c->p;
		VEC_PUSH(ar, pops, np, word);
	}
	struct ir_op *wr = ir_op_new(ctx, k, NULL, IR_PIPE_WRITE, 0, 1);
	wr->args[0] = word, wr->pipe = pipe, wr->loc = loc, wr->block = c->p;
	wr->lat = (struct ir_latency){.anchor = -1, .target = -1};
	VEC_PUSH(ar, pops, np, wr);
	struct ir_op *pt = ir_terminator(c->p);
	pt->succs[0] = c->h;
	VEC_PUSH(ar, pops, np, pt);
	ir_block_set_ops(ctx, c->p, pops, np);
	/* h's phis: from T's edges back, the one value they took, now from p */
	for (unsigned i = 0; i < c->h->nops && c->h->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = c->h->ops[i];
		unsigned kept = 0;
		struct ir_op *v = NULL;
		for (unsigned a = 0; a < phi->nargs; a++) {
			if (in_t(c, phi->phi_blocks[a])) {
				v = phi->args[a];
				continue;
			}
			phi->args[kept] = phi->args[a];
			phi->phi_blocks[kept++] = phi->phi_blocks[a];
		}
		phi->args[kept] = v;
		phi->phi_blocks[kept++] = c->p;
		phi->nargs = kept;
	}

	/* the new kernel: its entry (the constants made again), the read of
	 * the word (its endless loop's header), then T */
	struct ir_block *entry = ir_block_new(ctx, k2, "entry");
	struct ir_block *r = ir_block_new(ctx, k2, arena_printf(ar, "%s_in", c->h->name));
	entry->loc = r->loc = at;
	struct ir_op **map = calloc(k->nops_total, sizeof *map);
	struct ir_op *rd = ir_op_new(ctx, k2, r, IR_PIPE_READ, pipe->width, 0);
	rd->pipe = pipe, rd->loc = at;
	rd->lat = (struct ir_latency){.anchor = -1, .target = -1};
	unsigned off = 0;
	for (unsigned i = 0; i < c->nin; i++) {
		struct ir_op *d = c->in[i], *n;
		if (remade(d)) {
			n = ir_op_new(ctx, k2, entry, d->opc, d->width, 0);
			n->imm = d->imm, n->imm_words = d->imm_words, n->spec = d->spec;
		} else {
			n = ir_op_new(ctx, k2, r, IR_EXTRACT, d->width, 1);
			n->args[0] = rd, n->index = off;
			off += d->width;
		}
		n->loc = d->loc, n->name = d->name;
		map[d->id] = n;
	}
	branch(ctx, k2, entry, r, at);
	branch(ctx, k2, r, c->q, at);
	bool *drop = calloc(k->nblocks, sizeof *drop);
	struct ir_block **moved = calloc(k->nblocks, sizeof *moved);
	unsigned nm = 0;
	for (unsigned b = 0; b < k->nblocks; b++)
		if (in_t(c, k->blocks[b]))
			drop[b] = true, moved[nm++] = k->blocks[b];
	for (unsigned i = 0; i < nm; i++) {
		struct ir_block *b = moved[i];
		for (unsigned j = 0; j < b->nops; j++) {
			struct ir_op *op = b->ops[j];
			for (unsigned a = 0; a < op->nargs; a++)
				if (map[op->args[a]->id] && op->args[a]->block->kernel == k &&
				    !in_t(c, op->args[a]->block))
					op->args[a] = map[op->args[a]->id];
			if (op->opc == IR_PHI)
				for (unsigned a = 0; a < op->nargs; a++)
					if (op->phi_blocks[a] == c->p)
						op->phi_blocks[a] = r;
			for (unsigned s = 0; s < op->nsuccs; s++)
				if (op->succs[s] == c->h)
					op->succs[s] = r;
		}
	}
	ir_drop_blocks(k, drop);
	for (unsigned i = 0; i < nm; i++) {
		moved[i]->id = k2->nblocks;
		moved[i]->kernel = k2;
		VEC_PUSH(ar, k2->blocks, k2->nblocks, moved[i]);
	}
	free(drop);
	free(moved);
	free(map);
	move_objects(c, k2, true);
	move_objects(c, k2, false);
	for (unsigned i = 0; i < c->prog->npipes; i++) {
		struct ir_pipe *pp = c->prog->pipes[i];
		if (pp == pipe)
			continue;
		for (unsigned b = 0; b < k2->nblocks; b++)
			for (unsigned j = 0; j < k2->blocks[b]->nops; j++)
				if (k2->blocks[b]->ops[j]->pipe == pp) {
					if (pp->reader == k)
						pp->reader = k2;
					if (pp->writer == k)
						pp->writer = k2;
				}
	}
	ir_compute_preds(ctx, k);
	ir_compute_preds(ctx, k2);
	return k2;
}

/* Cuts k where it can (the first cut in block order); returns the new
 * kernel, or NULL. */
static struct ir_kernel *cut_kernel(struct hls_ctx *ctx, struct ir_program *prog,
				    struct ir_kernel *k)
{
	if (!cuttable(k))
		return NULL;
	ir_compute_preds(ctx, k);
	struct cut c = {.ctx = ctx, .prog = prog, .k = k};
	/* one more block: split_edge's */
	c.loop = calloc(k->nblocks + 1, sizeof *c.loop);
	c.s = calloc(k->nblocks + 1, sizeof *c.s);
	struct ir_kernel *k2 = NULL;
	unsigned nb = k->nblocks;
	if (endless_loop(&c))
		for (unsigned b = 0; b < nb && !k2; b++) {
			struct ir_block *p = k->blocks[b];
			struct ir_op *t = ir_terminator(p);
			for (unsigned s = 0; c.loop[b] && s < t->nsuccs && !k2; s++) {
				c.p = p, c.q = t->succs[s];
				if (c.q == c.h || (s && c.q == t->succs[s - 1]) || !cut_ok(&c))
					continue;
				if (t->opc != IR_BR) {
					/* a block of its own for the write */
					c.p = ir_split_edge(ctx, p, c.q);
					c.loop[c.p->id] = c.s[c.p->id] = true;
				}
				k2 = make_cut(&c);
			}
		}
	free(c.loop);
	free(c.s);
	return k2;
}

void pass_fission(struct hls_ctx *ctx, struct ir_program *p)
{
	/* p->nkernels grows as the kernels are cut; each new one is tried too */
	for (unsigned i = 0; i < p->nkernels; i++)
		while (cut_kernel(ctx, p, p->kernels[i]))
			;
}
