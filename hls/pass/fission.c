/*
 * fission.c -- an autorun kernel that does one thing after another
 * becomes kernels that do them at once.
 *
 * `for (;;) { for (j...) v[j] = read(x); for (i...) write(y, f(i, v)); }`
 * takes the reads and the writes in turn: even with both loops pipelined,
 * the writes of one block wait for its reads and the next block's reads
 * for its writes.  Cut after the reads, it is two kernels: the first reads
 * a block and hands v through a pipe of its own to the second, which
 * writes while the first reads the next block; the pipe (a single
 * register, hls/rtlgen/fifo_size.c) is the second copy of v that a
 * hand-written design double-buffers in.
 *
 * A cut is an edge p -> q into the part T of the kernel that q dominates,
 * where T is entered by that edge only (and its own back edges), and left
 * from one block x only; S is the rest.  T becomes a kernel of its own
 * that runs once for each time the kernel passes the cut.  It is made
 * where
 *   - no pipe, memory or kernel state is used on both sides (its accesses
 *     would lose their order), no fence or latency constraint is in the
 *     kernel (they order ops across the cut), and the kernel has no device
 *     memory;
 *   - T computes nothing that S uses, but for where x goes and what x
 *     carries to the phis of its targets, computed from S's values by ops
 *     without effects (a counted loop's `b + 1 < n`): S computes those
 *     again itself; or what x carries to a phi of p that only T uses and
 *     that takes a constant from everywhere else, which T keeps (struct
 *     kept: bench/sha256_lead's state, carried from block to block of a
 *     message and set to H0 at the next);
 *   - both sides take more than a cycle each time the kernel passes the
 *     cut (a loop inside, or two accesses to one pipe or memory), and the
 *     shorter at least a sixteenth of the longer (pays), else running them
 *     at once saves little beside what the pipe costs;
 *   - the values handed over, with those of the kernel's other cuts, fit
 *     the target's cut_bits (a cut costs flip-flops: below).
 * Then T's blocks move into a new autorun kernel, whose endless loop reads
 * the pipe first (the values of S that T uses, one word; constants are
 * made again, and so are the slices of a value and the bitwise ops that
 * T computes at no more bits from what S has in registers or reads:
 * hand_over_less_logic) and then runs T, x going back to that read.  In
 * the kernel left, the edge p -> q goes to a block that writes the word
 * and goes where x went (x's branch and the values it carried, made
 * again).  With no value to hand over, the word is a bit, so that T still
 * runs once for each time S passes the cut.
 *
 * Order: the pipes spec: "accesses to one pipe may be reordered relative
 * to accesses to another pipe.  There is no expectation of program
 * ordering of pipe operations across different pipes, only for a single
 * pipe."  S's next steps depend on nothing of T's, and T's on the word S
 * hands it, so the two kernels keep the order of each pipe's accesses and
 * every data dependence; S may run ahead of T by what the pipe holds, and
 * never waits for T but for room in it.  Each kernel is cut again where
 * it can be (bench/aes128: reads | rounds | writes).
 */
#include "pass.h"

#include <stdlib.h>
#include <string.h>

#define MAX_REDO 64 /* ops that S computes again for x's branch */
/* The bits that the cuts of one kernel (of the user's) hand over, at
 * most, by target.  Each costs about a flip-flop, the pipe's register:
 * the second part keeps a word in the pipe while it uses it (kept reads,
 * skip_empty_blocks.c) or takes it straight into the registers of the
 * phis it goes to (rtlgen/share.c, plan_early_phis).  bench/oddeven,
 * which hands its 16 words (512 bits) over at each of two cuts, takes
 * 3012 LUT and 2647 FF so, and the UP5K (5280 cells) places it at 29.8
 * MHz, 1.12 cycles a word (its reference: 2944 LUT, 1551 FF, 25.8 MHz,
 * one word a clock); when each cut cost two flip-flops a bit (3042 LUT,
 * 3543 FF) it did not place.  Gowin's budget (GW1N-9, 8640 cells) is
 * still that of two flip-flops a bit, unmeasured since. */
static const unsigned cut_bits[HLS_NUM_TARGETS] = {
	[TARGET_SIM] = 1024, [TARGET_ICE40] = 1024, [TARGET_GOWIN] = 512, [TARGET_ECP5] = 1024,
};

struct cut {
	struct hls_ctx *ctx;
	struct ir_program *prog;
	struct ir_kernel *k;
	bool *t;		 /* by block id: in T */
	struct ir_block *p, *q;	 /* the cut */
	struct ir_block *x;	 /* T's one block with edges out of T */
	struct ir_block *out[2]; /* where they go */
	unsigned nout;
	struct ir_op **in;	 /* the values T takes from S */
	unsigned nin;
	unsigned budget;	 /* bits the cut may hand over (cut_bits) */
	bool *redo;		 /* by op id: T's ops that S computes again */
	unsigned nredo;
	struct ir_op **remat;	 /* S's ops that T computes again from the
				    values handed over, operands first */
	unsigned nremat;
	struct kept *kept;	 /* phis of p whose values T keeps */
	unsigned nkept;
	struct ir_op *fresh;	 /* S's bit for them (fresh_flag) */
};

/* A phi of p that takes a value of T's from x, which S cannot compute
 * again, and a constant from every other block: state that only passes
 * through S (a hash's chaining value, set at a message's start and
 * updated by each block's rounds).  T keeps it in a register of its own
 * and S hands over, instead of it, whether p was entered from x. */
struct kept {
	struct ir_op *phi;
	struct ir_op *init; /* from S's blocks */
	struct ir_op *next; /* from x */
};

static bool in_t(const struct cut *c, const struct ir_block *b)
{
	return c->t[b->id];
}

/* An op the second kernel makes again rather than takes through the pipe
 * (a register-bound specialization constant: the kernel gets the port of
 * its register, hls/rtlgen/kernel.c). */
static bool remade(const struct ir_op *op)
{
	return op->opc == IR_CONST || op->opc == IR_UNDEF || op->opc == IR_SPEC;
}

/* T: the blocks that q dominates, those that the entry reaches only
 * through q. */
static void dominated(struct cut *c)
{
	struct ir_kernel *k = c->k;
	bool *seen = calloc(k->nblocks, sizeof *seen);
	struct ir_block **work = malloc(k->nblocks * sizeof *work);
	unsigned nw = 0;
	seen[0] = true;
	work[nw++] = k->blocks[0];
	while (nw) {
		struct ir_op *t = ir_terminator(work[--nw]);
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if (!seen[y->id] && y != c->q) {
				seen[y->id] = true;
				work[nw++] = y;
			}
		}
	}
	for (unsigned b = 0; b < k->nblocks; b++)
		c->t[b] = !seen[b];
	free(seen);
	free(work);
}

/* T for the cut p -> q, and its exit: false when it is not a cut. */
static bool sides(struct cut *c)
{
	struct ir_kernel *k = c->k;
	if (c->q == k->blocks[0] || c->q == c->p)
		return false;
	dominated(c);
	if (in_t(c, c->p))
		return false;
	for (unsigned i = 0; i < c->q->npreds; i++)
		if (c->q->preds[i] != c->p && !in_t(c, c->q->preds[i]))
			return false;
	c->x = NULL, c->nout = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		if (!c->t[b])
			continue;
		struct ir_op *t = ir_terminator(k->blocks[b]);
		if (t->opc == IR_RET)
			return false;
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *y = t->succs[s];
			if (in_t(c, y))
				continue;
			if (c->x && c->x != k->blocks[b])
				return false;
			c->x = k->blocks[b];
			if (c->nout && (c->out[0] == y || (c->nout == 2 && c->out[1] == y)))
				continue;
			if (c->nout == 2)
				return false;
			c->out[c->nout++] = y;
		}
	}
	if (!c->x)
		return false;
	/* two ways out: x's condbr decides between them */
	struct ir_op *xt = ir_terminator(c->x);
	return c->nout == 1 || (xt->opc == IR_CONDBR && !in_t(c, xt->succs[0]) &&
				!in_t(c, xt->succs[1]));
}

/* Can S compute v again (an op of T without effects, from S's values),
 * marking it and what it needs in c->redo? */
static bool can_redo(struct cut *c, struct ir_op *v)
{
	if (!in_t(c, v->block) || c->redo[v->id])
		return true;
	if (v->opc == IR_PHI || !v->width || ir_has_side_effect(v->opc) ||
	    v->opc == IR_MEM_LOAD || ++c->nredo > MAX_REDO)
		return false;
	c->redo[v->id] = true;
	for (unsigned a = 0; a < v->nargs; a++)
		if (!can_redo(c, v->args[a]))
			return false;
	return true;
}

/* can_redo, leaving c->redo and c->nredo as they were when it fails. */
static bool try_redo(struct cut *c, struct ir_op *v)
{
	unsigned n = c->k->nops_total, nredo = c->nredo;
	bool *was = malloc(n * sizeof *was);
	memcpy(was, c->redo, n * sizeof *was);
	bool ok = can_redo(c, v);
	if (!ok) {
		memcpy(c->redo, was, n * sizeof *was);
		c->nredo = nredo;
	}
	free(was);
	return ok;
}

static bool is_kept(const struct cut *c, const struct ir_op *v)
{
	for (unsigned i = 0; i < c->nkept; i++)
		if (c->kept[i].phi == v)
			return true;
	return false;
}

/* Whether T may keep phi (struct kept), whose value from x S cannot
 * compute again: a phi of p that only T's ops use, taking one value
 * made again (a constant) from every block but x.  Adds it to c->kept. */
static bool keep(struct cut *c, struct ir_op *phi)
{
	if (is_kept(c, phi))
		return true;
	if (phi->block != c->p)
		return false;
	struct kept kp = {.phi = phi};
	for (unsigned a = 0; a < phi->nargs; a++) {
		struct ir_op *v = phi->args[a];
		if (phi->phi_blocks[a] == c->x) {
			if (kp.next && kp.next != v)
				return false;
			kp.next = v;
		} else if (!remade(v) || (kp.init && !ir_same_value(kp.init, v))) {
			return false;
		} else {
			kp.init = v;
		}
	}
	if (!kp.init || !kp.next)
		return false;
	const struct ir_kernel *k = c->k;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; !in_t(c, k->blocks[b]) && i < k->blocks[b]->nops; i++)
			for (unsigned a = 0; a < k->blocks[b]->ops[i]->nargs; a++)
				if (k->blocks[b]->ops[i]->args[a] == phi)
					return false;
	VEC_PUSH(&c->ctx->arena, c->kept, c->nkept, kp);
	return true;
}

#define UNKNOWN_TRIP 16 /* iterations of a loop whose count is not known */

/* A constant's value, sign-extended from its width. */
static int64_t const_value(const struct ir_op *op)
{
	uint64_t v = op->imm;
	if (op->width && op->width < 64 && (v >> (op->width - 1) & 1))
		v |= ~UINT64_C(0) << op->width;
	return (int64_t)v;
}

/* The iterations of the loop whose back edge to h ends in branch t, when
 * it tests a count of h's (a phi of h, or it plus a constant, against a
 * constant, from a constant by a constant step): about |end - start| /
 * step; UNKNOWN_TRIP for another count; 0 for a loop that tests no count
 * of its own. */
static unsigned trip(const struct ir_op *t, const struct ir_block *h)
{
	const struct ir_op *cond = t->opc == IR_CONDBR ? t->args[0] : NULL;
	for (unsigned a = 0; cond && ir_is_compare(cond->opc) && a < 2; a++) {
		const struct ir_op *v = cond->args[a], *n = cond->args[1 - a];
		if (is_addsub(v) && v->args[1]->opc == IR_CONST)
			v = v->args[0];
		if (v->opc != IR_PHI || v->block != h)
			continue;
		const struct ir_op *start = NULL, *next = NULL;
		for (unsigned i = 0; i < v->nargs; i++)
			if (v->phi_blocks[i]->id < h->id)
				start = v->args[i];
			else
				next = v->args[i];
		if (n->opc != IR_CONST || n->imm_words || !start || start->opc != IR_CONST ||
		    start->imm_words || !next || !is_addsub(next) || next->args[0] != v ||
		    next->args[1]->opc != IR_CONST || next->args[1]->imm_words)
			return UNKNOWN_TRIP;
		int64_t step = const_value(next->args[1]);
		int64_t span = const_value(n) - const_value(start);
		step = step < 0 ? -step : step;
		span = span < 0 ? -span : span;
		if (!step)
			return UNKNOWN_TRIP;
		int64_t k = (span + step - 1) / step;
		return k < 1 ? 1 : k > 65536 ? 65536 : (unsigned)k;
	}
	return 0;
}

/* About how many cycles side `t` (T when true, else S) takes each time
 * the kernel passes the cut: the accesses to its busiest pipe or memory,
 * one each, and a cycle for each iteration of its loops.  In S only the
 * loops that test a count of their own count: S's other loops, such as
 * a loop of its own block taken when a count read is 0, need not run at
 * all. */
static unsigned cycles(const struct cut *c, bool t)
{
	const struct ir_kernel *k = c->k;
	unsigned most = 0, loops = 0;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		if (in_t(c, blk) != t)
			continue;
		const struct ir_op *term = ir_terminator(blk);
		for (unsigned s = 0; s < term->nsuccs; s++)
			if (term->succs[s]->id <= b && in_t(c, term->succs[s]) == t) {
				unsigned n = trip(term, term->succs[s]);
				loops += n ? n : t ? UNKNOWN_TRIP : 0;
			}
		for (unsigned i = 0; i < blk->nops; i++) {
			const void *r = ir_resource(blk->ops[i]);
			if (!r || blk->ops[i]->state)
				continue;
			unsigned n = 0;
			for (unsigned b2 = 0; b2 < k->nblocks; b2++) {
				const struct ir_block *o = k->blocks[b2];
				for (unsigned j = 0; in_t(c, o) == t && j < o->nops; j++)
					n += ir_resource(o->ops[j]) == r;
			}
			most = n > most ? n : most;
		}
	}
	return most + loops;
}

/* Does the cut pay: both sides take more than a cycle each pass, else
 * the kernel is as fast as it gets, and the shorter side at least a
 * sixteenth of the longer, else running them at once saves little beside
 * what the pipe costs.  SHA-256 with its words taken as the rounds run
 * (bench/sha256.c) passes: its 8 digest writes beside 17
 * reads and 64 rounds, cut off, save 8 of 81 cycles a block, and its
 * hand-written reference does the same (an output register of 8 words
 * that shifts out while the next block runs): on the UP5K at 26 MHz
 * 9.49 -> 8.63 cycles per digest word (the reference's 8.17), 1764 ->
 * 1782 LUT, 1369 -> 1625 FF (its 1388 with the 256 of its output). */
static bool pays(const struct cut *c)
{
	unsigned s = cycles(c, false), t = cycles(c, true);
	unsigned lo = s < t ? s : t, hi = s < t ? t : s;
	return lo >= 2 && 16 * lo >= hi;
}

/* Whether v is among the values handed over. */
static bool handed(const struct cut *c, const struct ir_op *v)
{
	for (unsigned i = 0; i < c->nin; i++)
		if (c->in[i] == v)
			return true;
	return false;
}

/* Hands v over instead of old (either may be NULL: only the other). */
static void hand_instead(struct cut *c, struct ir_op *old, struct ir_op *v)
{
	unsigned n = 0;
	for (unsigned i = 0; i < c->nin; i++)
		if (c->in[i] != old)
			c->in[n++] = c->in[i];
	c->nin = n;
	if (v && !remade(v) && !handed(c, v))
		VEC_PUSH(&c->ctx->arena, c->in, c->nin, v);
}

/* Marks S's op d for T to compute again, after its operands up to `to`
 * (those T has: handed over, made again, or marked before). */
static void remat(struct cut *c, struct ir_op *d, const struct ir_op *to)
{
	if (d == to || remade(d) || handed(c, d))
		return;
	for (unsigned i = 0; i < c->nremat; i++)
		if (c->remat[i] == d)
			return;
	for (unsigned a = 0; a < d->nargs; a++)
		remat(c, d->args[a], to);
	VEC_PUSH(&c->ctx->arena, c->remat, c->nremat, d);
}

/* The value that slice d takes bits of (a truncation, an extract or a
 * shift right by a constant of it, or of such a slice), or NULL. */
static struct ir_op *slice_root(struct ir_op *d)
{
	bool slice = d->opc == IR_TRUNC || d->opc == IR_EXTRACT ||
		     (d->opc == IR_LSHR && d->args[1]->opc == IR_CONST);
	if (!slice)
		return NULL;
	struct ir_op *r = slice_root(d->args[0]);
	return r ? r : d->args[0];
}

/* A value S has in a register or as it reads it: no logic of S's. */
static bool bare(const struct ir_op *v)
{
	return v->opc == IR_PHI || v->opc == IR_PIPE_READ || remade(v);
}

/* Values handed over that T computes again, at no more bits, from what S
 * has with less logic: the slices of one value, when the value itself is
 * no wider than they are together (the 16 bytes of AES's state, taken
 * from its 4 words), and a bitwise op whose other operands are handed
 * over anyway or S reads them as they are (a word XORed with the key as
 * it is read).  S hands over a register or the word it reads; T's logic
 * takes the op into its own LUTs (bench/aes128's rounds: the XOR into the
 * multiplexer of their first round, 128 LUTs). */
static void hand_over_less_logic(struct cut *c)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = 0; i < c->nin && !changed; i++) {
			struct ir_op *d = c->in[i];
			if (remade(d) || in_t(c, d->block))
				continue;
			struct ir_op *root = slice_root(d);
			if (root && !in_t(c, root->block) && !remade(root)) {
				unsigned bits = 0;
				for (unsigned j = 0; j < c->nin; j++)
					if (!in_t(c, c->in[j]->block) && slice_root(c->in[j]) == root)
						bits += c->in[j]->width;
				if ((handed(c, root) ? 0 : root->width) > bits)
					continue;
				for (unsigned j = c->nin; j-- > 0;)
					if (j < c->nin && !in_t(c, c->in[j]->block) &&
					    slice_root(c->in[j]) == root) {
						struct ir_op *g = c->in[j];
						hand_instead(c, g, root);
						remat(c, g, root);
					}
				changed = true;
				continue;
			}
			bool gate = (d->opc == IR_AND || d->opc == IR_OR || d->opc == IR_XOR) &&
				    d->nargs == 2;
			for (unsigned a = 0; gate && a < d->nargs; a++)
				gate = !in_t(c, d->args[a]->block) &&
				       (handed(c, d->args[a]) || bare(d->args[a]));
			unsigned added = 0;
			for (unsigned a = 0; gate && a < d->nargs; a++)
				added += handed(c, d->args[a]) || remade(d->args[a]) ? 0
									: d->args[a]->width;
			if (!gate || added > d->width)
				continue;
			hand_instead(c, d, NULL);
			for (unsigned a = 0; a < d->nargs; a++)
				hand_instead(c, NULL, d->args[a]);
			remat(c, d, NULL);
			changed = true;
		}
	}
}

/* The cut p -> q may be made (the head of the file); fills c->redo and
 * c->in: the values that T's ops use (but those S computes again, and
 * x's branch when S makes it) from S, and those that S computes again,
 * which T takes from S rather than computing them twice. */
static bool cut_ok(struct cut *c)
{
	struct ir_kernel *k = c->k;
	if (!sides(c) || !pays(c))
		return false;
	struct arena *ar = &c->ctx->arena;
	c->in = NULL, c->nin = 0, c->nredo = 0;
	c->kept = NULL, c->nkept = 0;
	memset(c->redo, 0, k->nops_total * sizeof *c->redo);
	struct ir_op *xt = ir_terminator(c->x);
	bool ok = c->nout == 1 || can_redo(c, xt->args[0]);
	for (unsigned b = 0; b < k->nblocks && ok; b++) {
		struct ir_block *blk = k->blocks[b];
		bool t = in_t(c, blk);
		for (unsigned i = 0; i < blk->nops && ok; i++) {
			struct ir_op *op = blk->ops[i];
			const void *r = ir_resource(op);
			/* a resource on both sides */
			for (unsigned b2 = 0; r && b2 < k->nblocks && ok; b2++) {
				struct ir_block *o = k->blocks[b2];
				if (in_t(c, o) == t)
					continue;
				for (unsigned j = 0; j < o->nops && ok; j++)
					ok = ir_resource(o->ops[j]) != r;
			}
			/* a value of T's in S: only what x carries out, which S
			 * computes again */
			for (unsigned a = 0; !t && a < op->nargs && ok; a++)
				if (in_t(c, op->args[a]->block))
					ok = op->opc == IR_PHI && op->phi_blocks[a] == c->x &&
					     (try_redo(c, op->args[a]) || keep(c, op));
		}
	}
	/* what S computes again uses no value that T keeps */
	for (unsigned b = 0; b < k->nblocks && ok; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops && ok; i++) {
			const struct ir_op *op = k->blocks[b]->ops[i];
			for (unsigned a = 0; c->redo[op->id] && a < op->nargs && ok; a++)
				ok = !is_kept(c, op->args[a]);
		}
	bool *taken = calloc(k->nops_total, sizeof *taken);
	for (unsigned b = 0; b < k->nblocks && ok; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned i = 0; in_t(c, blk) && i < blk->nops; i++) {
			struct ir_op *op = blk->ops[i];
			if (c->redo[op->id] || (op == xt && c->nout == 2))
				continue;
			for (unsigned a = 0; a < op->nargs; a++) {
				struct ir_op *d = op->args[a];
				if ((!in_t(c, d->block) || c->redo[d->id]) && !taken[d->id] &&
				    !is_kept(c, d)) {
					taken[d->id] = true;
					VEC_PUSH(ar, c->in, c->nin, d);
				}
			}
		}
	}
	free(taken);
	c->remat = NULL, c->nremat = 0;
	if (ok)
		hand_over_less_logic(c);
	/* the flag that fresh_flag makes; the registers in which T keeps
	 * its values cost no more than S's phis of them did */
	unsigned w = c->nkept ? 1 : 0;
	for (unsigned i = 0; i < c->nin; i++)
		w += remade(c->in[i]) ? 0 : c->in[i]->width;
	return ok && w <= c->budget;
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
		bool used = ir_pipe_find(c->prog, name) ||
			    ir_pipe_find(c->prog, arena_printf(&c->ctx->arena, "%s_in", name));
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

/* Puts the new op n into block b, before its terminator. */
static void put(struct hls_ctx *ctx, struct ir_block *b, struct ir_op *n)
{
	n->block = b;
	VEC_PUSH(&ctx->arena, b->ops, b->nops, n);
	b->ops[b->nops - 1] = b->ops[b->nops - 2];
	b->ops[b->nops - 2] = n;
}

/* The values that T keeps (struct kept) go from S; in their place S
 * hands over a bit, a new phi of p: 1 when p is entered from one of S's
 * blocks (the values start again from their constants), 0 from x (T goes
 * on from the values it made last: S passes the cut in order, and T runs
 * once for each pass).  Returns the bit. */
static struct ir_op *fresh_flag(struct cut *c)
{
	struct hls_ctx *ctx = c->ctx;
	struct ir_kernel *k = c->k;
	struct ir_block *p = c->p;
	const struct ir_op *phi = c->kept[0].phi;
	struct ir_op *v[2];
	for (unsigned b = 0; b < 2; b++) {
		v[b] = ir_const(ctx, k, NULL, 1, b);
		v[b]->loc = phi->loc;
		put(ctx, k->blocks[0], v[b]);
	}
	struct ir_op *f = ir_op_new(ctx, k, NULL, IR_PHI, 1, 0);
	f->name = "fresh", f->loc = phi->loc;
	for (unsigned a = 0; a < phi->nargs; a++)
		edit_phi_append(ctx, f, v[phi->phi_blocks[a] != c->x], phi->phi_blocks[a]);
	edit_put_first(ctx, p, f);
	/* the kept phis no longer take T's values: nothing of S's uses them,
	 * and dce takes them away */
	for (unsigned i = 0; i < c->nkept; i++)
		for (unsigned a = 0; a < c->kept[i].phi->nargs; a++)
			if (c->kept[i].phi->phi_blocks[a] == c->x)
				c->kept[i].phi->args[a] = c->kept[i].init;
	return f;
}

/* v as block b of S has it: v itself, or for one of T's ops (c->redo) a
 * copy put into b, its args first; map: by op id, the copies made. */
static struct ir_op *redo(struct cut *c, struct ir_op *v, struct ir_block *b, struct ir_op **map)
{
	if (!in_t(c, v->block))
		return v;
	if (map[v->id])
		return map[v->id];
	struct ir_op *n = ir_op_new(c->ctx, c->k, NULL, v->opc, v->width, v->nargs);
	for (unsigned a = 0; a < v->nargs; a++)
		n->args[a] = redo(c, v->args[a], b, map);
	edit_copy_attrs(n, v);
	put(c->ctx, b, n);
	return map[v->id] = n;
}

/* The new pipe from k to k2, of w bits (1 when there is nothing to hand
 * over). */
static struct ir_pipe *new_pipe(struct cut *c, struct ir_kernel *k2, unsigned w,
				struct ir_loc loc)
{
	struct arena *ar = &c->ctx->arena;
	struct ir_pipe *pipe = arena_alloc(ar, sizeof *pipe);
	pipe->name = arena_printf(ar, "%s_in", k2->name);
	pipe->width = w ? w : 1;
	pipe->type = arena_printf(ar, "unsigned _BitInt(%u)", pipe->width);
	pipe->min_capacity = 1;
	pipe->kind = PIPE_KERNEL;
	pipe->dir = DIR_NONE;
	pipe->cut = true;
	pipe->loc = k2->loc;
	pipe->writer = c->k, pipe->reader = k2;
	pipe->write_loc = loc, pipe->read_loc = k2->loc;
	VEC_PUSH(ar, c->prog->pipes, c->prog->npipes, pipe);
	return pipe;
}

/* Block wb of S, on the edge p -> q: hands T's values over through pipe
 * and goes where x went, carrying what x carried. */
static void hand_over(struct cut *c, struct ir_block *wb, struct ir_pipe *pipe)
{
	struct hls_ctx *ctx = c->ctx;
	struct ir_kernel *k = c->k;
	struct ir_op *t = ir_terminator(wb);
	struct ir_op **map = calloc(k->nops_total, sizeof *map);
	struct ir_op *word = NULL;
	for (unsigned i = 0; i < c->nin; i++) {
		if (remade(c->in[i]))
			continue;
		struct ir_op *v = redo(c, c->in[i], wb, map);
		if (!word) {
			word = v;
			continue;
		}
		struct ir_op *cat = ir_op_new(ctx, k, NULL, IR_CONCAT, word->width + v->width, 2);
		cat->args[0] = v, cat->args[1] = word, cat->loc = t->loc;
		put(ctx, wb, cat);
		word = cat;
	}
	if (!word) {
		word = ir_const(ctx, k, NULL, 1, 1);
		word->loc = t->loc;
		put(ctx, wb, word);
	}
	struct ir_op *wr = ir_op_new(ctx, k, NULL, IR_PIPE_WRITE, 0, 1);
	wr->args[0] = word, wr->pipe = pipe, wr->loc = t->loc;
	wr->lat = (struct ir_latency){.anchor = -1, .target = -1};
	put(ctx, wb, wr);
	/* where x went, with what it carried */
	struct ir_op *xt = ir_terminator(c->x);
	if (c->nout == 2) {
		struct ir_op *cond = redo(c, xt->args[0], wb, map);
		t->opc = IR_CONDBR;
		t->args = arena_alloc(&ctx->arena, sizeof *t->args);
		t->args[0] = cond;
		t->nargs = 1;
		t->succs = arena_alloc(&ctx->arena, 2 * sizeof *t->succs);
		t->succs[0] = xt->succs[0], t->succs[1] = xt->succs[1];
		t->nsuccs = 2;
	} else {
		t->succs[0] = c->out[0];
	}
	for (unsigned o = 0; o < c->nout; o++) {
		struct ir_block *y = c->out[o];
		for (unsigned i = 0; i < y->nops && y->ops[i]->opc == IR_PHI; i++)
			for (unsigned a = 0; a < y->ops[i]->nargs; a++)
				if (y->ops[i]->phi_blocks[a] == c->x) {
					y->ops[i]->args[a] = redo(c, y->ops[i]->args[a], wb, map);
					y->ops[i]->phi_blocks[a] = wb;
				}
	}
	free(map);
}

/* v as T has it: taken from the word or made again (map), or for one of
 * S's ops that T computes again (c->remat) a copy put into r, its
 * operands first. */
static struct ir_op *t_value(struct cut *c, struct ir_kernel *k2, struct ir_block *r,
			     struct ir_op *v, struct ir_op **map)
{
	if (map[v->id])
		return map[v->id];
	struct ir_op *n;
	if (remade(v)) {
		n = ir_op_new(c->ctx, k2, k2->blocks[0], v->opc, v->width, 0);
	} else {
		for (unsigned a = 0; a < v->nargs; a++) /* operands first */
			t_value(c, k2, r, v->args[a], map);
		n = ir_op_new(c->ctx, k2, r, v->opc, v->width, v->nargs);
		for (unsigned a = 0; a < v->nargs; a++)
			n->args[a] = map[v->args[a]->id];
	}
	edit_copy_attrs(n, v);
	return map[v->id] = n;
}

/* The new kernel's first blocks: its entry, with the constants T uses
 * made again, and r, which reads the word of pipe and takes T's other
 * values from it; map: by op id, what T's ops use instead of them. */
static void take_over(struct cut *c, struct ir_kernel *k2, struct ir_block *r,
		      struct ir_pipe *pipe, struct ir_op **map)
{
	struct hls_ctx *ctx = c->ctx;
	struct ir_block *entry = k2->blocks[0];
	/* the registers of the values T keeps: what x made last */
	struct ir_op **held = calloc(c->nkept + 1, sizeof *held);
	for (unsigned i = 0; i < c->nkept; i++) {
		const struct kept *kp = &c->kept[i];
		held[i] = ir_op_new(ctx, k2, r, IR_PHI, kp->phi->width, 0);
		held[i]->name = kp->phi->name, held[i]->loc = kp->phi->loc;
		edit_phi_append(ctx, held[i], t_value(c, k2, r, kp->init, map), entry);
		edit_phi_append(ctx, held[i], kp->next, c->x);
	}
	struct ir_op *rd = ir_op_new(ctx, k2, r, IR_PIPE_READ, pipe->width, 0);
	rd->pipe = pipe, rd->loc = k2->loc;
	rd->lat = (struct ir_latency){.anchor = -1, .target = -1};
	unsigned off = 0;
	for (unsigned i = 0; i < c->nin; i++) {
		struct ir_op *d = c->in[i];
		if (remade(d)) {
			t_value(c, k2, r, d, map);
			continue;
		}
		struct ir_op *n = ir_op_new(ctx, k2, r, IR_EXTRACT, d->width, 1);
		n->args[0] = rd, n->index = off;
		off += d->width;
		n->loc = d->loc, n->name = d->name;
		map[d->id] = n;
	}
	/* what T computes again from them (hand_over_less_logic) */
	for (unsigned i = 0; i < c->nremat; i++)
		t_value(c, k2, r, c->remat[i], map);
	/* a kept value: its constant when S says p was entered afresh, else
	 * its register */
	for (unsigned i = 0; i < c->nkept; i++) {
		const struct kept *kp = &c->kept[i];
		struct ir_op *sel = ir_op_new(ctx, k2, r, IR_SELECT, kp->phi->width, 3);
		sel->args[0] = map[c->fresh->id];
		sel->args[1] = map[kp->init->id];
		sel->args[2] = held[i];
		sel->name = kp->phi->name, sel->loc = kp->phi->loc;
		map[kp->phi->id] = sel;
	}
	free(held);
	ir_br(ctx, entry, r, k2->loc);
	ir_br(ctx, r, c->q, k2->loc);
}

/* Makes the cut (cut_ok said yes): T into a new kernel, which it returns. */
static struct ir_kernel *make_cut(struct cut *c)
{
	struct hls_ctx *ctx = c->ctx;
	struct arena *ar = &ctx->arena;
	struct ir_kernel *k = c->k;
	struct ir_loc loc = ir_terminator(c->p)->loc;
	if (c->nkept) { /* before k2 takes k's op count */
		c->fresh = fresh_flag(c);
		VEC_PUSH(ar, c->in, c->nin, c->fresh);
	}
	struct ir_kernel *k2 = ir_kernel_new(ctx, c->prog, fresh_kernel_name(c), KERNEL_AUTORUN);
	k2->loc = c->q->nops ? c->q->ops[0]->loc : loc;
	k2->nops_total = k->nops_total;
	k2->split_from = k;
	unsigned w = 0;
	for (unsigned i = 0; i < c->nin; i++)
		w += remade(c->in[i]) ? 0 : c->in[i]->width;
	struct ir_pipe *pipe = new_pipe(c, k2, w, loc);
	k2->split_in = pipe;

	/* S: the edge p -> q goes to wb (p itself, or a block of its own
	 * when p branches elsewhere too, next to p), which hands over */
	struct ir_block *p = c->p;
	struct ir_block *wb = ir_terminator(p)->opc == IR_BR ? p : ir_split_edge(ctx, p, c->q);
	c->t[wb->id] = false; /* cut_kernel made room */
	hand_over(c, wb, pipe);

	/* the new kernel */
	struct ir_block *entry = ir_block_new(ctx, k2, "entry");
	struct ir_block *r = ir_block_new(ctx, k2, arena_printf(ar, "%s_in", c->q->name));
	entry->loc = r->loc = k2->loc;
	struct ir_op **map = calloc(k->nops_total, sizeof *map);
	take_over(c, k2, r, pipe, map);
	unsigned nb = k->nblocks, nm = 0;
	struct ir_block **moved = calloc(nb, sizeof *moved);
	for (unsigned b = 0; b < nb; b++)
		if (c->t[b])
			moved[nm++] = k->blocks[b];
	for (unsigned i = 0; i < nm; i++) {
		struct ir_block *b = moved[i];
		for (unsigned j = 0; j < b->nops; j++) {
			struct ir_op *op = b->ops[j];
			for (unsigned a = 0; a < op->nargs; a++)
				if (map[op->args[a]->id])
					op->args[a] = map[op->args[a]->id];
			for (unsigned a = 0; op->opc == IR_PHI && a < op->nargs; a++)
				if (!in_t(c, op->phi_blocks[a]))
					op->phi_blocks[a] = r; /* q's, from the cut */
			for (unsigned s = 0; s < op->nsuccs; s++)
				if (!in_t(c, op->succs[s]))
					op->succs[s] = r; /* x's */
			if (op->opc == IR_CONDBR && op->succs[0] == r && op->succs[1] == r)
				op->opc = IR_BR, op->nargs = 0, op->nsuccs = 1;
		}
	}
	free(map);
	ir_drop_blocks(k, c->t);
	for (unsigned i = 0; i < nm; i++) {
		moved[i]->id = k2->nblocks;
		moved[i]->kernel = k2;
		VEC_PUSH(ar, k2->blocks, k2->nblocks, moved[i]);
	}
	free(moved);
	/* wb next to p, so that the blocks stay in program order */
	if (wb != p) {
		unsigned at = p->id + 1;
		memmove(k->blocks + at + 1, k->blocks + at,
			(k->nblocks - 1 - at) * sizeof *k->blocks);
		k->blocks[at] = wb;
		for (unsigned b = 0; b < k->nblocks; b++)
			k->blocks[b]->id = b;
	}
	move_objects(c, k2, true);
	move_objects(c, k2, false);
	for (unsigned i = 0; i < c->prog->npipes; i++) {
		struct ir_pipe *pp = c->prog->pipes[i];
		for (unsigned b = 0; pp != pipe && b < k2->nblocks; b++)
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
	/* T's ops that S computes again, now taken from the word, and x's
	 * test, when S makes it, go: nothing uses them */
	pass_dce(ctx, c->prog);
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
	struct cut c = {.ctx = ctx, .prog = prog, .k = k, .budget = cut_bits[ctx->target]};
	/* what the cuts of the user's kernel that k is part of hand over */
	const struct ir_kernel *root = k;
	while (root->split_from)
		root = root->split_from;
	for (unsigned i = 0; i < prog->nkernels; i++) {
		const struct ir_kernel *r = prog->kernels[i];
		if (!r->split_from)
			continue;
		unsigned bits = r->split_in->width;
		while (r->split_from)
			r = r->split_from;
		c.budget -= r == root ? (bits < c.budget ? bits : c.budget) : 0;
	}
	c.t = calloc(k->nblocks + 1, sizeof *c.t); /* and make_cut's block */
	c.redo = calloc(k->nops_total, sizeof *c.redo);
	struct ir_kernel *k2 = NULL;
	unsigned nb = k->nblocks;
	for (unsigned b = 0; b < nb && !k2; b++) {
		struct ir_block *p = k->blocks[b];
		struct ir_op *t = ir_terminator(p);
		for (unsigned s = 0; s < t->nsuccs && !k2; s++) {
			c.p = p, c.q = t->succs[s];
			if ((s && c.q == t->succs[s - 1]) || !cut_ok(&c))
				continue;
			k2 = make_cut(&c);
		}
	}
	free(c.t);
	free(c.redo);
	return k2;
}

void pass_fission(struct hls_ctx *ctx, struct ir_program *p)
{
	/* p->nkernels grows as the kernels are cut; each new one is tried too */
	for (unsigned i = 0; i < p->nkernels; i++)
		while (cut_kernel(ctx, p, p->kernels[i]))
			;
}
