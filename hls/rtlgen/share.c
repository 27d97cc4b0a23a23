/*
 * share.c -- registers that values and phis share.
 *
 * A value that a phi of another block takes may be computed straight
 * into the phi's register (plan_early_phis), and a phi may live in the
 * register of a phi that takes it (plan_shared_regs, plan_shared_exits):
 * one register where there were two, and no copy from one into the
 * other.  Each rule holds only where nothing reads the register while
 * it holds the other value; the uses it asks about are values.c's
 * (val_phi_reg_read).  regs.c writes a shared register on the edges of
 * all the phis that live in it.
 */
#include "rtlgen_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- phis written early ------------------------------------------------ */

struct before_h {
	const bool *seen;	  /* blocks B reaches without an edge into H */
	const struct ir_block *from; /* B */
	unsigned c;
};

static bool read_before_h_at(const void *env, const struct ir_block *b, unsigned c)
{
	const struct before_h *e = env;
	return e->seen[b->id] || (b == e->from && (c == RTL_AFTER_LOOP || c > e->c));
}

/* Whether phi P's register is read where the edge B -> H (H: P's block)
 * would not have written it yet if P took V at the end of state c of B:
 * in B after c, or in a block that B reaches without an edge into H
 * (every edge into H writes P). */
static bool read_before_h(const struct kgen *kg, const struct ir_op *phi,
			  struct ir_block *from, unsigned c)
{
	const struct ir_kernel *k = kg->k;
	const struct ir_block *h = phi->block;
	bool *seen = calloc(k->nblocks, sizeof *seen);
	struct ir_block **work = calloc(k->nblocks, sizeof *work);
	unsigned n = 0;
	const struct ir_op *t = ir_terminator(from);
	for (unsigned s = 0; s < t->nsuccs; s++)
		if (t->succs[s] != h && !seen[t->succs[s]->id]) {
			seen[t->succs[s]->id] = true;
			work[n++] = t->succs[s];
		}
	while (n) {
		const struct ir_op *tt = ir_terminator(work[--n]);
		for (unsigned s = 0; tt && s < tt->nsuccs; s++)
			if (tt->succs[s] != h && !seen[tt->succs[s]->id]) {
				seen[tt->succs[s]->id] = true;
				work[n++] = tt->succs[s];
			}
	}
	free(work);
	struct before_h env = {seen, from, c};
	bool read = val_phi_reg_read(kg, phi, read_before_h_at, &env);
	free(seen);
	return read;
}

/* A value V of a block B that is not a pipelined loop, which B's edge
 * to block H carries to a phi P of H: P's register is written at the end
 * of B's last state, when B goes to H, and V kept till then in a
 * register of its own.  Where nothing reads P from V's state on until B
 * has gone to H (read_before_h), P takes V as V is computed, and B's later
 * states read V from P's register: one register, not two.  bench/sha256_lead's
 * 16 message words go straight into the window of its rounds, and each
 * block's digest words into H[], which the writes read. */
void plan_early_phis(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *from = k->blocks[b];
		const struct ir_op *t = ir_terminator(from);
		if (kg->loop[b] || !t)
			continue;
		for (unsigned s = 0; s < t->nsuccs; s++) {
			struct ir_block *h = t->succs[s];
			if (h == from || (kg->start_loop && kg->start_loop->block == h))
				continue;
			for (unsigned j = 0; j < h->nops && h->ops[j]->opc == IR_PHI; j++) {
				struct ir_op *phi = h->ops[j];
				struct rtl_val *pv = &kg->val[phi->id];
				if (!pv->needed || pv->early_from)
					continue;
				for (unsigned i = 0; i < phi->nargs; i++) {
					struct ir_op *v = phi->args[i];
					struct rtl_val *rv = &kg->val[v->id];
					if (phi->phi_blocks[i] != from || v->block != from ||
					    v->opc == IR_PHI || rv->stable || rv->carrier ||
					    rv->early || rv->wire_until >= 0 ||
					    rv->valid >= block_last(kg, from) ||
					    read_before_h(kg, phi, from, rv->valid))
						continue;
					rv->early = phi;
					pv->early_from = from;
				}
			}
		}
	}
}

/* ---- phis sharing a register ------------------------------------------- */

struct in_block {
	const struct ir_block *b;
	bool in;
};

static bool in_block_at(const void *env, const struct ir_block *b, unsigned c)
{
	const struct in_block *e = env;
	(void)c;
	return (b == e->b) == e->in;
}

/* Whether phi p's register is read in block b, or, !in, outside b. */
static bool phi_read(const struct kgen *kg, const struct ir_op *p,
		     const struct ir_block *b, bool in)
{
	return val_phi_reg_read(kg, p, in_block_at, &(struct in_block){b, in});
}

/* Whether phi p takes from block h's edge a value other than q (q itself
 * is Q's register when P lives in it: no write). */
static bool takes_from(const struct ir_op *p, const struct ir_block *h, const struct ir_op *q)
{
	for (unsigned i = 0; i < p->nargs; i++)
		if (p->phi_blocks[i] == h && p->args[i] != q)
			return true;
	return false;
}

/* Phi p, and the phis that live in its register, live in phi o's: they
 * join the end of o's members. */
static void live_in(struct kgen *kg, struct ir_op *p, const struct ir_op *o)
{
	struct rtl_val *ov = &kg->val[o->id], *pv = &kg->val[p->id];
	pv->reg_next = pv->reg_lent;
	pv->reg_lent = NULL;
	for (const struct ir_op *m = p; m; m = kg->val[m->id].reg_next) {
		kg->val[m->id].reg = ov->reg;
		kg->val[m->id].reg_of = o;
	}
	const struct ir_op **end = &ov->reg_lent;
	while (*end)
		end = &kg->val[(*end)->id].reg_next;
	*end = p;
}

/* A phi P of a block B that is no loop and goes only to block H, read
 * nowhere but in B, whose value a phi Q of H takes from B's edge (Q <-
 * P, or an op of B on P: bench/sha256_lead's rounds take the state H[] of the
 * block loop's phis as `fresh ? H0 : H`) lives in Q's register.  P is
 * live from the edge into B that writes it to the end of B, where the
 * edge B -> H writes Q; Q is dead there when nothing in B reads it (B
 * goes only to H, which writes Q), and nothing else writes Q's register
 * in the meantime: not Q's own loop (no edge into B comes from H; the
 * FSM leaves a pipelined loop only once it is empty, pipeline.c) and not
 * an early write of Q in B (plan_early_phis); P is written on its edges
 * at the end of their blocks, not early.  So Q's copy of P is no copy,
 * and a register less.  An edge from H into B may give P nothing but Q
 * (which writes nothing then): a loop over messages whose block loop
 * does not run for none carries an array round both (`for (;;) { n =
 * read(); for (b < n) ... }`: the exit of the block loop, B, is entered
 * from its body and from the test of n, in H). Phis of loops entered
 * at reset keep their own (their reset values). */
static void plan_shared_regs(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	const struct ir_block *sb = kg->start_loop ? kg->start_loop->block : NULL;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		const struct ir_op *t = ir_terminator(blk);
		if (kg->loop[b] || !t || !t->nsuccs || blk == sb)
			continue;
		struct ir_block *h = t->succs[0];
		bool one = h != blk && h != sb;
		for (unsigned s = 1; s < t->nsuccs; s++)
			one &= t->succs[s] == h;
		for (unsigned j = 0; one && j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
			struct ir_op *p = blk->ops[j];
			struct rtl_val *pv = &kg->val[p->id];
			if (!pv->needed || !pv->reg || pv->early_from || pv->reg_of ||
			    pv->reg_lent || phi_read(kg, p, blk, false))
				continue;
			for (unsigned q = 0; q < h->nops && h->ops[q]->opc == IR_PHI; q++) {
				struct ir_op *qp = h->ops[q];
				struct rtl_val *qv = &kg->val[qp->id];
				if (!qv->needed || !qv->reg || qv->reg_of || qv->reg_lent ||
				    qp->width != p->width || phi_bypassed(kg, qp) ||
				    qv->early_from == blk || phi_read(kg, qp, blk, true) ||
				    takes_from(p, h, qp))
					continue;
				bool takes = false;
				for (unsigned i = 0; i < qp->nargs; i++) {
					const struct ir_op *a = qp->args[i];
					if (qp->phi_blocks[i] != blk)
						continue;
					takes |= a == p;
					for (unsigned m = 0; a->block == blk && m < a->nargs; m++)
						takes |= a->args[m] == p;
				}
				if (!takes)
					continue;
				live_in(kg, p, qp);
				break;
			}
		}
	}
}

/* The phi whose register phi p lives in: p's owner, or p. */
static const struct ir_op *reg_owner(const struct kgen *kg, const struct ir_op *p)
{
	const struct ir_op *o = kg->val[p->id].reg_of;
	return o ? o : p;
}

/* Whether a phi that lives in o's register (o too) is read in block b
 * or takes its value early from b (plan_early_phis). */
static bool class_used_in(const struct kgen *kg, const struct ir_op *o, const struct ir_block *b)
{
	for (const struct ir_op *m = o; m;
	     m = m == o ? kg->val[o->id].reg_lent : kg->val[m->id].reg_next)
		if (kg->val[m->id].needed &&
		    (kg->val[m->id].early_from == b || phi_read(kg, m, b, true)))
			return true;
	return false;
}

/* Whether the phis that live in p's register all are phis of block x
 * that take p itself from p's block, and are read nowhere but in x. */
static bool lenders_in(const struct kgen *kg, const struct ir_op *p, const struct ir_block *x)
{
	for (const struct ir_op *m = kg->val[p->id].reg_lent; m; m = kg->val[m->id].reg_next)
		if (m->block != x || kg->val[m->id].early_from || takes_from(m, p->block, p) ||
		    phi_read(kg, m, x, false))
			return false;
	return true;
}

/* A phi P of a block B that goes to H or to a block X that goes only
 * back to B (a loop over messages, `for (;;) { n = read(); for (b < n)
 * { ... } }`: B the test of n, X the exit of the block loop, H its
 * header), where a phi Q of H takes P itself: P, and the phis of X that
 * live in P's register (X's phis take P from B, plan_shared_regs), live
 * in Q's register (Q's own, or the one Q lives in).  P's register is live
 * from the edges into X and B to B's edges out, where nothing of Q's is
 * read (no phi of Q's register is read in X or B, none is written early
 * there), and Q's register is written nowhere in X and B but by B -> H,
 * which takes P (no write then); X's and B's own edges write nothing
 * either (each takes the other's phi).  So one register holds what two
 * held, and the edges that wrote the one from the other go: an array
 * that the message loop and the block loop carry round (SHA-256's
 * message window) is one set of registers, not two. */
static void plan_shared_exits(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	const struct ir_block *sb = kg->start_loop ? kg->start_loop->block : NULL;
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		const struct ir_op *t = ir_terminator(blk);
		if (kg->loop[b] || !t || t->nsuccs != 2 || blk == sb)
			continue;
		for (unsigned x = 0; x < 2; x++) {
			struct ir_block *xb = t->succs[x], *h = t->succs[1 - x];
			const struct ir_op *xt = ir_terminator(xb);
			bool back = xt && xt->nsuccs && xb != blk && h != blk && h != xb &&
				    h != sb && xb != sb && !kg->loop[xb->id];
			for (unsigned s = 0; back && s < xt->nsuccs; s++)
				back &= xt->succs[s] == blk;
			for (unsigned j = 0; back && j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
				struct ir_op *p = blk->ops[j];
				struct rtl_val *pv = &kg->val[p->id];
				if (!pv->needed || !pv->reg || pv->early_from || pv->reg_of ||
				    phi_read(kg, p, blk, false) || !lenders_in(kg, p, xb))
					continue;
				for (unsigned q = 0; q < h->nops && h->ops[q]->opc == IR_PHI; q++) {
					struct ir_op *qp = h->ops[q];
					const struct ir_op *o = reg_owner(kg, qp);
					struct rtl_val *ov = &kg->val[o->id];
					if (!kg->val[qp->id].needed || !ov->needed || !ov->reg || o == p ||
					    qp->width != p->width || phi_bypassed(kg, qp) ||
					    phi_bypassed(kg, o) || takes_from(qp, blk, p) ||
					    class_used_in(kg, o, blk) || class_used_in(kg, o, xb))
						continue;
					bool takes = false;
					for (unsigned i = 0; i < qp->nargs; i++)
						takes |= qp->phi_blocks[i] == blk && qp->args[i] == p;
					if (!takes)
						continue;
					live_in(kg, p, o);
					break;
				}
			}
		}
	}
}

bool val_split_select(struct kgen *kg, const struct ir_op *phi, unsigned i)
{
	const struct rtl_val *pv = &kg->val[phi->id];
	const struct ir_op *v = phi->args[i];
	const struct rtl_val *sv = &kg->val[v->id];
	return (pv->reg_of || pv->reg_lent) && v->opc == IR_SELECT && !sv->bypass_of &&
	       !sv->zeroed && sv->wire && !strcmp(arg_ref(kg, phi, i), sv->wire);
}

/* A select that the writes of shared registers take as two values, and
 * nothing else reads (not its register either), leaves its wire unread:
 * declared so (tests/kernels/exit_in_loop.c's counted, n's register
 * shared with the sort's count, whose fold selects n + 1 or n). */
static void unread_split_selects(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	/* per op: 1 read by a split write only, 2 read otherwise too */
	unsigned char *read = arena_alloc(&kg->ctx->arena, k->nops_total ? k->nops_total : 1);
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			const struct ir_op *u = k->blocks[b]->ops[j];
			for (unsigned i = 0; kg->val[u->id].needed && i < u->nargs; i++) {
				unsigned id = u->args[i]->id;
				bool split = u->opc == IR_PHI && val_split_select(kg, u, i);
				read[id] = split && read[id] != 2 ? 1 : 2;
			}
		}
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			const struct ir_op *v = k->blocks[b]->ops[j];
			struct rtl_val *sv = &kg->val[v->id];
			if (v->opc == IR_SELECT && sv->needed && !sv->reg && !sv->early &&
			    read[v->id] == 1)
				sv->wire_bits = (struct rtl_bits){0};
		}
}

void share_plan(struct kgen *kg)
{
	plan_shared_regs(kg);
	plan_shared_exits(kg);
	unread_split_selects(kg);
}
