/*
 * window.c -- shift windows read early (taps) in loops pipelined at II 1.
 *
 * A run of phis p1 <- d, p2 <- p1, ..., pK <- pK-1 round a loop (the
 * window of SHA-256's message schedule, a delay line) is a chain of
 * registers that shift as each iteration completes the window's cycle r,
 * all in one cycle (schedule.h).  Iteration t reads pk's value, pk(t),
 * from pk's register in cycles r .. r + II - 1.  Before r, pk(t) is
 * pk-1(t - 1), which pk-1's register holds until iteration t - 1
 * completes cycle r and shifts the window on: a user in cycle r - j reads
 * pk(t) from the register of pk-i, i the number of iterations ahead of t
 * that have not yet completed cycle r.  Those are the iterations in
 * cycles r - j + 1 .. r (an iteration further ahead is past r, iterations
 * keep II = 1 cycle apart at least, and an iteration held never holds
 * the ones ahead of it: pipeline.c), so i is the count of the loop's
 * valid bits there, and the tap is a multiplexer of the registers of
 * pk .. pk-j on those bits.  The first iteration has none ahead and
 * reads pk's own register, which holds its entry value, as do iterations
 * that come after a gap.
 *
 *   <phi>_tap<j>   the tap wire of phi read j cycles early
 */
#include "rtlgen_internal.h"

#include <assert.h>

/* The phi i places before p in its window. */
static const struct ir_op *back(const struct ir_op *p, unsigned i)
{
	while (i--) {
		p = sched_chain_pred(p);
		assert(p);
	}
	return p;
}

unsigned window_room(const struct kgen *kg, const struct ir_op *p)
{
	unsigned pos;
	const struct ir_op *h = p->opc == IR_PHI ? sched_chain_head(p, &pos) : NULL;
	const struct rtl_loop *L = kg->loop[p->block->id];
	return h && L && L->ii == 1 ? sched_tap_room(p, phi_bypassed(kg, h)) : 0;
}

const char *window_tap_wire(struct kgen *kg, const struct ir_op *p, unsigned j)
{
	struct rtl_val *pv = &kg->val[p->id];
	assert(j >= 1 && j <= window_room(kg, p));
	if (!pv->tap[j])
		pv->tap[j] = names_fresh(kg->ctx, &kg->names,
					 arena_printf(&kg->ctx->arena, "%s_tap%u", pv->reg, j));
	return pv->tap[j];
}

void window_tap_use(struct kgen *kg, const struct ir_op *p, unsigned j, unsigned lo,
		    unsigned n)
{
	window_tap_wire(kg, p, j);
	bits_mark(kg->ctx, &kg->val[p->id].tap_bits[j], p->width, lo, n);
	for (unsigned i = 0; i <= j; i++)
		bits_mark(kg->ctx, &kg->val[back(p, i)->id].reg_bits, p->width, lo, n);
}

/* The multiplexer of tap j of p: the register of the phi as many places
 * back as iterations are in cycles r - j + 1 .. r. */
static const char *tap_expr(struct kgen *kg, const struct ir_op *p, unsigned j)
{
	struct arena *ar = &kg->ctx->arena;
	unsigned r = op_cycle(kg, p);
	assert(r >= j);
	const char *e = kg->val[p->id].reg;
	if (j == 1)
		return arena_printf(ar, "%s ? %s : %s", pipe_active(kg, p->block, r),
				    kg->val[back(p, 1)->id].reg, e);
	assert(j == 2);
	const char *a = pipe_active(kg, p->block, r - 1), *b = pipe_active(kg, p->block, r);
	return arena_printf(ar, "(%s & %s) ? %s : (%s | %s) ? %s : %s", a, b,
			    kg->val[back(p, 2)->id].reg, a, b, kg->val[back(p, 1)->id].reg, e);
}

void window_emit_wires(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	bool any = false;
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned i = 0; i < k->blocks[b]->nops; i++) {
			const struct ir_op *p = k->blocks[b]->ops[i];
			if (p->opc != IR_PHI)
				continue;
			struct rtl_val *pv = &kg->val[p->id];
			for (unsigned j = 1; j <= SCHED_MAX_TAP; j++) {
				if (!pv->tap[j])
					continue;
				if (!any)
					fputs("    // ---- shift windows read early (taps) ----\n", kg->f);
				any = true;
				kgen_decl(kg, "    ", "wire", p->width, pv->tap[j], tap_expr(kg, p, j),
					  bits_full(&pv->tap_bits[j], p->width),
					  arena_printf(&kg->ctx->arena, "%s %u %s early",
						       pv->reg, j, j == 1 ? "cycle" : "cycles"));
			}
		}
	if (any)
		fputc('\n', kg->f);
}
