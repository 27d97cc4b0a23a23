/*
 * if_convert.c -- a loop body with branches inside becomes one block, so
 * that the loop can be pipelined.
 *
 * The region: a loop's blocks (the header h, the block x whose branch goes
 * back to h, and every block that reaches x without passing h), or the
 * whole body of an autorun kernel without loops (it starts again when it
 * returns, so it is a loop too).  It is converted when its blocks other
 * than h are entered only from the region, x is the only one that goes
 * back to h, it has no loop inside and no switch, and every edge that
 * leaves it goes to one block E (or the autorun body ends in one return).
 *
 * Each block Y of the region gets a predicate P(Y), true when an iteration
 * passes through Y: P(h) = 1 and P(Y) = OR over the edges X -> Y of
 * P(X) AND (the branch condition that takes X to Y).  Then, in a
 * topological order of the region, every block's ops go into h:
 *   - ops without side effects run on every iteration (hardware has no
 *     traps: a division by zero gives a value nobody uses);
 *   - pipe operations and state stores get P(Y) as their guard
 *     (ir_guard): they take effect only on the iterations that pass
 *     through Y, in the same order as before;
 *   - a phi of Y becomes a select over its incoming edges' conditions;
 *   - the branch at the end is `condbr (the edge back to h), h, E`, and
 *     E's phis take, from h, the select of the values their exiting edges
 *     carried.
 * The ops keep their ids, names and locations.  Blocks other than h leave
 * the kernel; block ids are renumbered densely.
 *
 * A header with several back edges: a loop with a loop of its own block
 * inside, whose header skip_empty_blocks merged with the outer loop's
 * (`for (;;) { s = 0; for (i...) s += ...; write(s); }`: the inner loop
 * once converted is h going back to itself, and the block after it goes
 * back to h too; an outer header that holds phis, `for (;;) { for (i...)
 * ...; n++; }`, or a read, `for (;;) { g = read(a); for (i...) ...; }`,
 * moves into the inner loop first, outer_header()).  Its back edges are made one, through a new latch block
 * whose phis take what each edge carried, and the region is converted as
 * above: the loops become one loop, the inner loop's exit test a
 * condition on data, and the outer loop's ops run, guarded, in the
 * iteration where the inner loop's last runs.  So the next entry of the
 * inner loop starts while its last iterations are still in the
 * pipeline, instead of after them.  This is done only where it costs the
 * inner loop nothing (merge_pays): the ops outside h add no access to a
 * pipe or memory that h's iteration uses (each would take a cycle of the
 * II), and the values the outer loop carries back to h's phis are not
 * computed from h's ops (a recurrence that would pass through the outer
 * loop's ops in every iteration), and the outer loop is endless (an exit
 * test of the outer loop would come in every iteration, after the inner
 * loop's).  A pipeline(disable) pragma on either loop keeps them apart.
 */
#include "pass.h"

#include <stdlib.h>

#define MAX_REGION 32

struct conv {
	struct hls_ctx *ctx;
	struct ir_kernel *k;
	struct ir_block *h;
	bool *in;		 /* by block id: in the region */
	struct ir_block **order; /* the region, h first, topological */
	unsigned n;
	struct ir_op **pred;	 /* by block id: P(Y), NULL for true */
	bool *latch;		 /* by block id: goes back to h */
	struct ir_block *inner;	 /* a block of the region going back to itself,
				    which topo() passes over; NULL: none */
	struct ir_op **ops;	 /* the merged block being built */
	unsigned nops;
	struct edge { struct ir_block *x, *y; struct ir_op *cond; } *edges;
	unsigned nedges;	 /* the edge conditions made so far */
};

static void emit(struct conv *c, struct ir_op *op)
{
	op->block = c->h;
	VEC_PUSH(&c->ctx->arena, c->ops, c->nops, op);
}

static struct ir_op *new_op(struct conv *c, enum ir_opcode opc, unsigned width,
			    unsigned nargs, struct ir_loc loc)
{
	struct ir_op *op = ir_op_new(c->ctx, c->k, NULL, opc, width, nargs);
	op->loc = loc;
	emit(c, op);
	return op;
}

static struct ir_op *bool_op(struct conv *c, enum ir_opcode opc, struct ir_op *a,
			     struct ir_op *b, struct ir_loc loc)
{
	struct ir_op *op = new_op(c, opc, 1, 2, loc);
	op->args[0] = a, op->args[1] = b;
	return op;
}

/* a AND b, where NULL is true */
static struct ir_op *and_of(struct conv *c, struct ir_op *a, struct ir_op *b,
			    struct ir_loc loc)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return bool_op(c, IR_AND, a, b, loc);
}

/* The condition under which an iteration takes the edge X -> Y (NULL:
 * whenever it passes through X). */
static struct ir_op *edge_cond(struct conv *c, struct ir_block *x, struct ir_block *y)
{
	struct ir_op *t = ir_terminator(x);
	struct ir_op *p = c->pred[x->id];
	if (t->opc == IR_BR || t->succs[0] == t->succs[1])
		return p;
	for (unsigned i = 0; i < c->nedges; i++)
		if (c->edges[i].x == x && c->edges[i].y == y)
			return c->edges[i].cond;
	struct ir_op *cond = t->args[0];
	struct ir_op *n = cond->opc == IR_XOR && cond->width == 1 ? cond->args[1] : NULL;
	if (t->succs[1] == y && n && n->opc == IR_CONST && n->imm == 1) {
		cond = cond->args[0]; /* the false edge of !a: a itself */
	} else if (t->succs[1] == y) {
		struct ir_op *one = ir_const(c->ctx, c->k, NULL, 1, 1);
		one->loc = t->loc;
		emit(c, one);
		cond = bool_op(c, IR_XOR, cond, one, t->loc);
	}
	struct edge e = {x, y, and_of(c, p, cond, t->loc)};
	VEC_PUSH(&c->ctx->arena, c->edges, c->nedges, e);
	return e.cond;
}

/* The blocks of the loop whose back edge is x -> h: h, and those that
 * reach x without passing h.  False when it is not a region to convert. */
static bool find_loop(struct conv *c, struct ir_block *x)
{
	return ir_loop_blocks(c->k, c->h, x, c->in, MAX_REGION) >= 2;
}

/* Topological order of the region from h, ignoring edges back to h;
 * false when some block is left (a loop inside). */
static bool topo(struct conv *c)
{
	unsigned nb = c->k->nblocks;
	unsigned *indeg = calloc(nb, sizeof *indeg);
	for (unsigned b = 0; b < nb; b++) {
		struct ir_block *blk = c->k->blocks[b];
		if (!c->in[b])
			continue;
		struct ir_op *t = ir_terminator(blk);
		for (unsigned s = 0; s < t->nsuccs; s++) {
			if (s && t->succs[s] == t->succs[s - 1])
				continue;
			if (c->in[t->succs[s]->id] && t->succs[s] != c->h &&
			    !(blk == c->inner && t->succs[s] == blk))
				indeg[t->succs[s]->id]++;
		}
	}
	c->order = arena_alloc(&c->ctx->arena, nb * sizeof *c->order);
	c->n = 0;
	c->order[c->n++] = c->h;
	for (unsigned i = 0; i < c->n; i++) {
		struct ir_op *t = ir_terminator(c->order[i]);
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if (s && y == t->succs[s - 1])
				continue;
			if (c->in[y->id] && y != c->h && !(y == c->inner && c->order[i] == y) &&
			    --indeg[y->id] == 0)
				c->order[c->n++] = y;
		}
	}
	unsigned total = 0;
	for (unsigned b = 0; b < nb; b++)
		total += c->in[b];
	free(indeg);
	return c->n == total;
}

/* Every block but h entered only from the region, only the latches going
 * back to h, no switch, all exits to one block (*exit, NULL when none) or, for an
 * autorun body, one return. */
static bool shape_ok(struct conv *c, struct ir_block *x, struct ir_block **exit)
{
	*exit = NULL;
	unsigned rets = 0;
	for (unsigned i = 0; i < c->n; i++) {
		struct ir_block *b = c->order[i];
		if (b != c->h)
			for (unsigned p = 0; p < b->npreds; p++)
				if (!c->in[b->preds[p]->id])
					return false;
		struct ir_op *t = ir_terminator(b);
		if (t->opc == IR_SWITCH)
			return false;
		if (t->opc == IR_RET) {
			rets++;
			continue;
		}
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if (y == c->h && !c->latch[b->id])
				return false;
			if (c->in[y->id])
				continue;
			if (*exit && *exit != y)
				return false;
			*exit = y;
		}
	}
	return x ? rets == 0 : rets == 1 && !*exit;
}

/* Can an iteration leave the region (or go back to h) from b without
 * passing through `avoid`?  seen: by block id. */
static bool escapes(struct conv *c, struct ir_block *b, struct ir_block *avoid, bool *seen)
{
	if (b == avoid || seen[b->id])
		return false;
	seen[b->id] = true;
	struct ir_op *t = ir_terminator(b);
	if (t->opc == IR_RET)
		return true;
	for (unsigned s = 0; s < t->nsuccs; s++) {
		struct ir_block *y = t->succs[s];
		if (!c->in[y->id] || y == c->h || escapes(c, y, avoid, seen))
			return true;
	}
	return false;
}

/* Every iteration passes through y (it joins all the ways through the
 * region): its predicate is true. */
static bool always(struct conv *c, struct ir_block *y)
{
	bool *seen = arena_alloc(&c->ctx->arena, (c->k->nblocks + 1) * sizeof *seen);
	return !escapes(c, c->h, y, seen);
}

static void add_guard(struct conv *c, struct ir_op *op, struct ir_op *g)
{
	struct ir_op *old = ir_guard(op);
	if (old)
		g = and_of(c, old, g, op->loc);
	unsigned gi = ir_guard_index(op);
	struct ir_op **args = arena_alloc(&c->ctx->arena, (gi + 1) * sizeof *args);
	for (unsigned a = 0; a < gi; a++)
		args[a] = op->args[a];
	args[gi] = g;
	op->args = args;
	op->nargs = gi + 1;
}

/* The value phi (of block y) takes on the edge into y an iteration takes,
 * over its edges from the region: a chain of selects on the edges'
 * conditions, the last edge the default (NULL: no edge from the region).
 * An edge that carries undef takes any other's value: no select for it
 * (the loops that pass_header_into_loop made one, whose phis take undef
 * from the outer loop's latch, keep their recurrences as they were). */
static struct ir_op *edge_select(struct conv *c, struct ir_op *phi, struct ir_block *y)
{
	struct ir_op *v = NULL;
	bool defined = false;
	for (unsigned a = 0; a < phi->nargs; a++)
		defined |= c->in[phi->phi_blocks[a]->id] && phi->args[a]->opc != IR_UNDEF;
	for (unsigned a = phi->nargs; a-- > 0;) {
		struct ir_block *x = phi->phi_blocks[a];
		if (!c->in[x->id] || (defined && phi->args[a]->opc == IR_UNDEF))
			continue;
		struct ir_op *cond = v ? edge_cond(c, x, y) : NULL;
		if (!cond) { /* the default, or the only way in: always taken */
			v = phi->args[a];
			continue;
		}
		struct ir_op *s = new_op(c, IR_SELECT, phi->width, 3, phi->loc);
		s->args[0] = cond, s->args[1] = phi->args[a], s->args[2] = v;
		v = s;
	}
	return v;
}

/* A phi of a block of the region: the value of the edge taken. */
static void phi_to_select(struct conv *c, struct ir_op *phi, struct ir_block *y)
{
	struct ir_op *v = edge_select(c, phi, y);
	/* the phi becomes a copy of v (its users keep their operand) */
	phi->opc = IR_ZEXT;
	phi->nargs = 1;
	phi->args = arena_alloc(&c->ctx->arena, sizeof *phi->args);
	phi->args[0] = v;
	phi->phi_blocks = NULL;
	emit(c, phi);
}

/* E's phis: the values of the edges from the region, as one from h. */
static void fix_exit_phis(struct conv *c, struct ir_block *e)
{
	for (unsigned i = 0; i < e->nops && e->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = e->ops[i];
		struct ir_op *v = edge_select(c, phi, e);
		unsigned kept = 0;
		for (unsigned a = 0; a < phi->nargs; a++) {
			if (c->in[phi->phi_blocks[a]->id])
				continue;
			phi->args[kept] = phi->args[a];
			phi->phi_blocks[kept++] = phi->phi_blocks[a];
		}
		if (v) {
			phi->args[kept] = v;
			phi->phi_blocks[kept++] = c->h;
		}
		phi->nargs = kept;
	}
}

static void convert(struct conv *c, struct ir_block *x, struct ir_block *e)
{
	struct ir_block *h = c->h;
	/* h's phis, their back edge now from h itself */
	for (unsigned i = 0; i < h->nops && h->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = h->ops[i];
		for (unsigned a = 0; a < phi->nargs; a++)
			if (phi->phi_blocks[a] == x)
				phi->phi_blocks[a] = h;
		emit(c, phi);
	}
	for (unsigned j = 0; j < c->n; j++) {
		struct ir_block *y = c->order[j];
		if (y != h && !always(c, y)) {
			struct ir_op *p = NULL;
			bool any = false;
			for (unsigned i = 0; i < y->npreds && !any; i++) {
				struct ir_op *ec = edge_cond(c, y->preds[i], y);
				if (!ec)
					any = true;
				else
					p = p ? bool_op(c, IR_OR, p, ec, y->loc) : ec;
			}
			c->pred[y->id] = any ? NULL : p;
		}
		for (unsigned i = 0; i < y->nops; i++) {
			struct ir_op *op = y->ops[i];
			if (ir_is_terminator(op->opc))
				break;
			if (op->opc == IR_PHI && y != h) {
				phi_to_select(c, op, y);
				continue;
			}
			if (op->opc == IR_PHI)
				continue; /* h's, above */
			bool effect = (op->opc >= IR_PIPE_READ && op->opc <= IR_PIPE_WRITE_NB) ||
				      op->opc == IR_STATE_STORE || op->opc == IR_MEM_STORE;
			emit(c, op);
			if (effect && c->pred[y->id])
				add_guard(c, op, c->pred[y->id]);
		}
	}
	if (e)
		fix_exit_phis(c, e);
	/* the branch: back to h on x's edge to h, else out to e */
	struct ir_op *t = x ? ir_terminator(x) : NULL;
	if (x) {
		struct ir_op *back = edge_cond(c, x, h);
		if (!e || !back) {
			t->opc = IR_BR;
			t->nargs = 0;
			t->nsuccs = 1;
			t->succs[0] = h;
		} else {
			t->opc = IR_CONDBR;
			t->nargs = 1;
			t->args = arena_alloc(&c->ctx->arena, sizeof *t->args);
			t->args[0] = back;
			t->succs = arena_alloc(&c->ctx->arena, 2 * sizeof *t->succs);
			t->succs[0] = h, t->succs[1] = e, t->nsuccs = 2;
		}
		if (x->hint.present)
			h->hint = x->hint;
	} else {
		for (unsigned j = 0; j < c->n && !t; j++)
			if (ir_terminator(c->order[j])->opc == IR_RET)
				t = ir_terminator(c->order[j]);
	}
	emit(c, t);
	ir_block_set_ops(c->ctx, h, c->ops, c->nops);
	/* the other blocks leave */
	c->in[h->id] = false;
	ir_drop_blocks(c->k, c->in);
}

/* Does value v, computed in an iteration of the region, depend on an op
 * of block `inner` other than a phi (one of h's, or of inner's)?  seen:
 * by op id. */
static bool from_inner_ops(struct conv *c, const struct ir_block *inner,
			   const struct ir_op *v, bool *seen)
{
	if (!v->block || !c->in[v->block->id] || seen[v->id])
		return false;
	seen[v->id] = true;
	if (v->opc == IR_PHI && (v->block == c->h || v->block == inner))
		return false;
	if (v->block == inner)
		return true;
	for (unsigned a = 0; a < v->nargs; a++)
		if (from_inner_ops(c, inner, v->args[a], seen))
			return true;
	return false;
}

/* The ops of the region's blocks other than `inner` (outside: true) or
 * of inner that use r. */
static unsigned uses_of(struct conv *c, const struct ir_block *inner, const void *r,
			bool outside)
{
	unsigned n = 0;
	for (unsigned b = 0; b < c->k->nblocks; b++) {
		struct ir_block *blk = c->k->blocks[b];
		if (c->in[b] && (blk != inner) == outside)
			for (unsigned i = 0; i < blk->nops; i++)
				n += ir_resource(blk->ops[i]) == r;
	}
	return n;
}

static const char *resource_name(const struct ir_op *op)
{
	return op->pipe ? op->pipe->name : op->mem ? op->mem->name : op->state->name;
}

/* Making the region, with `inner` inside it going back to itself (an
 * inner loop, pipelined on its own), one loop costs that loop nothing:
 * see the head of the file.  out: where the region exits, or NULL.
 * Where it would, and the user may want to know why (not for an outer
 * loop that exits, the common case), inner->apart says. */
static bool merge_pays(struct conv *c, struct ir_block *inner, const struct ir_block *out)
{
	struct arena *ar = &c->ctx->arena;
	if (out || inner->hint.no_pipeline)
		return false; /* an exit test in every iteration, after the inner loop's */
	for (unsigned b = 0; b < c->k->nblocks; b++) {
		struct ir_block *blk = c->k->blocks[b];
		if (!c->in[b])
			continue;
		if (c->latch[b] && blk->hint.no_pipeline) {
			inner->apart = "a pragma asks for it not to be pipelined";
			return false;
		}
		for (unsigned i = 0; blk != inner && i < blk->nops; i++) {
			const void *r = ir_resource(blk->ops[i]);
			if (!r)
				continue;
			if (uses_of(c, inner, r, false))
				inner->apart = arena_printf(ar, "'%s' is used in this loop and at line %u "
							    "outside it, which would take a cycle more "
							    "an iteration", resource_name(blk->ops[i]),
							    blk->ops[i]->loc.line);
			else if (uses_of(c, inner, r, true) > 1)
				inner->apart = arena_printf(ar, "'%s' is used more than once outside "
							    "this loop", resource_name(blk->ops[i]));
			else
				continue;
			return false;
		}
	}
	/* what the outer loop carries back to h's phis */
	bool *seen = arena_alloc(ar, c->k->nops_total * sizeof *seen);
	struct ir_block *h = c->h;
	for (unsigned i = 0; i < h->nops && h->ops[i]->opc == IR_PHI; i++) {
		const struct ir_op *phi = h->ops[i];
		for (unsigned a = 0; a < phi->nargs; a++)
			if (phi->phi_blocks[a] != inner && c->latch[phi->phi_blocks[a]->id] &&
			    from_inner_ops(c, inner, phi->args[a], seen)) {
				inner->apart = arena_printf(ar, "%s%s%s (line %u), which goes round "
							    "the loop around, is computed from this "
							    "loop's ops", phi->name ? "'" : "a value",
							    phi->name ? phi->name : "", phi->name ? "'" : "",
							    phi->loc.line);
				return false;
			}
	}
	return true;
}

/* A new block that every latch goes back to h through instead, with a
 * phi for each of h's, of what the latches carried; it is the region's
 * latch now.  last: the last latch in program order. */
static struct ir_block *one_latch(struct conv *c, struct ir_block *last)
{
	struct hls_ctx *ctx = c->ctx;
	struct ir_block *h = c->h;
	struct ir_block *l = ir_block_new(ctx, c->k, arena_printf(&ctx->arena, "%s_latch", h->name));
	struct ir_op *lt = ir_terminator(last);
	l->loc = lt->loc;
	for (unsigned b = 0; b < l->id; b++) {
		if (!c->latch[b])
			continue;
		struct ir_block *x = c->k->blocks[b];
		struct ir_op *t = ir_terminator(x);
		for (unsigned s = 0; s < t->nsuccs; s++)
			if (t->succs[s] == h)
				t->succs[s] = l;
		/* the inner loop's pragma is the loop's */
		if (x->hint.present && (!l->hint.present || x == h))
			l->hint = x->hint;
	}
	for (unsigned i = 0; i < h->nops && h->ops[i]->opc == IR_PHI; i++) {
		struct ir_op *phi = h->ops[i];
		unsigned n = 0;
		for (unsigned a = 0; a < phi->nargs; a++)
			n += c->latch[phi->phi_blocks[a]->id];
		struct ir_op *lp = ir_op_new(ctx, c->k, l, IR_PHI, phi->width, n);
		lp->name = phi->name;
		lp->loc = phi->loc;
		lp->phi_blocks = arena_alloc(&ctx->arena, n * sizeof *lp->phi_blocks);
		unsigned kept = 0;
		n = 0;
		for (unsigned a = 0; a < phi->nargs; a++) {
			struct ir_block *from = phi->phi_blocks[a];
			if (c->latch[from->id]) {
				lp->args[n] = phi->args[a];
				lp->phi_blocks[n++] = from;
			} else {
				phi->args[kept] = phi->args[a];
				phi->phi_blocks[kept++] = from;
			}
		}
		phi->args[kept] = lp;
		phi->phi_blocks[kept++] = l;
		phi->nargs = kept;
	}
	ir_br(ctx, l, h, lt->loc);
	ir_compute_preds(ctx, c->k);
	c->in[l->id] = true;
	c->latch[l->id] = true;
	return l;
}

/* The loop of header h with several back edges, converted as one (the
 * head of the file); false when it is not a region to convert. */
static bool convert_latches(struct conv *c)
{
	struct ir_block *h = c->h, *last = NULL;
	unsigned n = 0;
	for (unsigned i = 0; i < h->npreds; i++) {
		struct ir_block *x = h->preds[i];
		if (x->id < h->id || c->latch[x->id])
			continue;
		c->latch[x->id] = true;
		n++;
		if (x != h && !find_loop(c, x))
			return false;
		if (!last || x->id > last->id)
			last = x;
	}
	struct ir_block *e;
	if (n < 2 || !topo(c) || !shape_ok(c, last, &e) ||
	    (c->latch[h->id] && !merge_pays(c, h, e)))
		return false;
	struct ir_loc inner = c->latch[h->id] ? ir_terminator(h)->loc : (struct ir_loc){0};
	struct ir_block *l = one_latch(c, last);
	for (unsigned b = 0; b < l->id; b++)
		c->latch[b] = false;
	c->latch[l->id] = true;
	topo(c); /* true: the region is as it was, l going back to h */
	convert(c, l, e);
	h->inner = inner;
	return true;
}

/* The loop of back edge x -> h, where h holds phis (and ops without
 * effects, and pipe ops, which take effect in the inner loop's first
 * iteration of each entry) and goes to a loop of its own block that only h enters (`for
 * (;;) { t = n << 24; for (i...) ...; n++; }`, whose header
 * skip_empty_blocks left, as it holds the phi of n): where the two may be
 * one loop (merge_pays), h's ops move into the inner loop
 * (pass_header_into_loop), which then has both back edges, and h leaves;
 * convert_latches does the rest.  False when it does not. */
static bool outer_header(struct conv *c, struct ir_block *x)
{
	struct ir_block *h = c->h;
	struct ir_op *t = ir_terminator(h);
	struct ir_block *in = t->opc == IR_BR ? t->succs[0] : NULL, *e;
	if (!in || in == h || h->nops < 2)
		return false;
	for (unsigned i = 0; i < in->npreds; i++)
		if (in->preds[i] != h && in->preds[i] != in)
			return false;
	if (ir_terminator(in)->opc != IR_CONDBR || in->npreds != 2)
		return false;
	c->inner = in;
	bool ok = find_loop(c, x) && c->in[in->id] && topo(c) && shape_ok(c, x, &e) &&
		  merge_pays(c, in, e);
	c->inner = NULL;
	ok = ok && pass_header_into_loop(c->ctx, h);
	if (!ok) {
		for (unsigned b = 0; b < c->k->nblocks; b++)
			c->in[b] = false;
		return false;
	}
	for (unsigned b = 0; b < c->k->nblocks; b++)
		c->in[b] = c->k->blocks[b] == h;
	ir_drop_blocks(c->k, c->in);
	ir_compute_preds(c->ctx, c->k);
	return true;
}

/* One region of kernel k converted; false when none is left. */
static bool convert_one(struct hls_ctx *ctx, struct ir_kernel *k)
{
	ir_compute_preds(ctx, k);
	unsigned nb = k->nblocks;
	struct conv c = {.ctx = ctx, .k = k};
	c.in = arena_alloc(&ctx->arena, (nb + 1) * sizeof *c.in);
	c.pred = arena_alloc(&ctx->arena, (nb + 1) * sizeof *c.pred);
	c.latch = arena_alloc(&ctx->arena, (nb + 1) * sizeof *c.latch);
	/* an autorun body without loops */
	if (k->kind == KERNEL_AUTORUN && nb >= 2 && nb <= MAX_REGION) {
		c.h = k->blocks[0];
		for (unsigned b = 0; b < nb; b++)
			c.in[b] = true;
		struct ir_block *e;
		if (topo(&c) && shape_ok(&c, NULL, &e)) {
			convert(&c, NULL, NULL);
			return true;
		}
	}
	/* loops: a back edge x -> h, or several to one h */
	for (unsigned b = 0; b < nb; b++) {
		struct ir_block *x = k->blocks[b];
		struct ir_op *t = ir_terminator(x);
		for (unsigned s = 0; t && s < t->nsuccs; s++) {
			struct ir_block *h = t->succs[s];
			if (h->id > x->id)
				continue; /* blocks are in program order: a back edge goes up */
			for (unsigned i = 0; i < nb; i++)
				c.in[i] = false, c.pred[i] = NULL, c.latch[i] = false;
			c.h = h;
			c.ops = NULL, c.nops = 0;
			c.edges = NULL, c.nedges = 0;
			unsigned latches = 0;
			for (unsigned i = 0; i < h->npreds; i++)
				latches += h->preds[i]->id >= h->id;
			if (latches > 1) {
				if (convert_latches(&c))
					return true;
				continue;
			}
			if (h == x)
				continue; /* one block already */
			c.latch[x->id] = true;
			if (outer_header(&c, x))
				return true;
			struct ir_block *e;
			if (find_loop(&c, x) && topo(&c) && shape_ok(&c, x, &e)) {
				convert(&c, x, e);
				return true;
			}
		}
	}
	return false;
}

void pass_if_convert(struct hls_ctx *ctx, struct ir_program *p)
{
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		struct ir_kernel *k = p->kernels[kk];
		while (convert_one(ctx, k))
			;
		ir_compute_preds(ctx, k);
	}
}
