/*
 * regs.c -- the kernel's registers and its one clocked datapath block.
 *
 *   arg_<P>_reg   latched from arg_<P> when a start is taken in S_IDLE;
 *   <G>_q         kernel state G (a C global), reset to its initial value,
 *                 written by a state store at the end of its state, so it
 *                 survives from one invocation to the next;
 *   <v>_reg       value v, captured at the end of state (v's block,
 *                 v.valid) -- see values.c for who reads it;
 *   <phi>_reg     a phi, written on each edge into its block with the
 *                 incoming value of that edge: in the predecessor's last
 *                 state, when state_next is the phi block's first state.
 *                 All phis of a block are written by nonblocking
 *                 assignments on the same edge, which is the parallel copy
 *                 SSA asks for (a swap of two phis works).  A phi
 *                 of a loop of one block that is always written
 *                 (values.c) takes its value round the loop in the
 *                 block's last state whether it goes round or not; a
 *                 phi written early (share.c) takes its value from
 *                 that edge in the state that computes it.  A phi
 *                 read only in its block, whose value a phi of the one
 *                 block after it takes, lives in that phi's register
 *                 (share.c, plan_shared_regs), whose writes are then
 *                 one `if` for each value it takes (shared_writes).
 * In a pipelined loop each of these is written as the loop cycle that
 * computes it completes (pipeline.c), a value that lives longer than II
 * cycles through a chain <v>_reg_2, _3, ... (one more register per II
 * cycles), and a phi as the next iteration starts, or (a value carried
 * round that is ready late) in the cycle it is ready, when the loop goes
 * on: the next iteration reads the phi from its own cycle (schedule.h),
 * or, bypassed, from the cycle after (in its own cycle it reads the
 * value from its unit's output, datapath.c).
 * Every other write happens only when !stall.  Only <G>_q has a reset (control
 * state the program observes), and the phis of the loop an autorun kernel
 * is in from reset (pipeline.c), whose entry values are theirs; other
 * datapath registers need none, since SSA writes each before any read.
 */
#include "rtlgen_internal.h"

#include <string.h>

static bool sv_present(const struct kgen *kg, unsigned i)
{
	return bits_any(&kg->sv_bits[i]);
}

void regs_emit_decls(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	fputs("    // ---- registers ----\n", kg->f);
	for (unsigned i = 0; i < k->nparams; i++)
		if (kg->arg_reg[i])
			kgen_decl(kg, "    ", "reg", k->params[i].width, kg->arg_reg[i],
				  NULL, true,
				  arena_printf(&ctx->arena, "argument '%s', latched at start",
					       k->params[i].name));
	for (unsigned i = 0; i < kg->g->p->nspecs; i++)
		if (kg->spec_reg[i])
			kgen_decl(kg, "    ", "reg", kg->g->p->specs[i]->width, kg->spec_reg[i],
				  NULL, true,
				  arena_printf(&ctx->arena, "spec constant '%s', latched at start",
					       kg->g->p->specs[i]->name));
	for (unsigned i = 0; i < k->nstates; i++)
		if (sv_present(kg, i)) {
			const char *where = rtl_lines(ctx, &k->states[i]->loc, 1);
			kgen_decl(kg, "    ", "reg", k->states[i]->width, kg->sv_reg[i], NULL,
				  bits_full(&kg->sv_bits[i], k->states[i]->width),
				  arena_printf(&ctx->arena, "kernel state '%s'%s%s, kept across invocations",
					       k->states[i]->name, where ? ", " : "",
					       where ? where : ""));
		}
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			if (!v->needed || !v->reg || v->reg_of)
				continue;
			const char *c = op->opc == IR_PHI
				? arena_printf(&ctx->arena, "phi of block %s", kg->block_name[b])
				: arena_printf(&ctx->arena, "captured in %s",
					       fsm_state(kg, blk, v->valid));
			if (kg->loop[b])
				c = op->opc == IR_PHI
					? arena_printf(&ctx->arena, "phi of pipelined loop %s",
						       kg->block_name[b])
					: arena_printf(&ctx->arena, "taken in cycle %u of loop %s",
						       v->valid, kg->block_name[b]);
			bool full = bits_full(&v->reg_bits, op->width);
			if (v->reg_lent) {
				/* the bits that any phi living in it reads */
				struct rtl_bits u = {0};
				bits_or(ctx, &u, &v->reg_bits, op->width);
				const char *names = NULL, *last = NULL;
				for (unsigned bb = 0; bb < k->nblocks; bb++)
					for (unsigned m = 0; m < k->blocks[bb]->nops; m++) {
						const struct ir_op *p = k->blocks[bb]->ops[m];
						if (kg->val[p->id].reg_of != op)
							continue;
						bits_or(ctx, &u, &kg->val[p->id].reg_bits, op->width);
						if (last)
							names = names ? arena_printf(&ctx->arena, "%s, %s",
										     names, last) : last;
						last = kg->block_name[bb];
					}
				full = bits_full(&u, op->width);
				c = names ? arena_printf(&ctx->arena, "%s; at other times, of blocks %s and %s",
							 c, names, last)
					  : arena_printf(&ctx->arena, "%s; before it, of block %s", c, last);
			}
			kgen_decl(kg, "    ", "reg", op->width, v->reg, NULL, full, c);
			for (unsigned k = 1; k < v->nchain; k++)
				kgen_decl(kg, "    ", "reg", op->width, v->chain[k], NULL,
					  bits_full(&v->chain_bits[k], op->width),
					  arena_printf(&ctx->arena, "the same, %u cycles on",
						       k * kg->loop[b]->ii));
		}
	}
	fputc('\n', kg->f);
}

/* Lines of the case arm of each state, built up as strings; and the
 * writes of registers that two phis share (share.c, plan_shared_regs),
 * written apart from the case (shared_writes). */
struct arms {
	const char **text; /* by state */
	struct shared_write {
		const char *reg, *cond, *src; /* cond: NULL, always */
		unsigned state;
		bool constant;
	} *w;
	unsigned nw;
};

static void arm_add(struct kgen *kg, struct arms *a, unsigned s, const char *line)
{
	a->text[s] = arena_printf(&kg->ctx->arena, "%s%s", a->text[s] ? a->text[s] : "",
				  line);
}

static const char *cond_and(struct kgen *kg, const char *a, const char *b)
{
	return !a ? b : !b ? a : arena_printf(&kg->ctx->arena, "(%s) && (%s)", a, b);
}

/* A write of a shared register, reg <= operand i of phi in state s when
 * cond holds.  A select computed as the edge is taken, c ? x : y, is two
 * writes, of x when c and of y when not, and a write of the register
 * itself none: bench/sha256_lead's rounds take H[] as `fresh ? H0 : H` from
 * the register H[] lives in, and from the block's last state `fresh' ?
 * H0 : H + a` or H + a, which is "H0 on these conditions, H + a on those"
 * (shared_writes), two inputs where the select's wire, which the rounds'
 * a to h read too, would be one more. */
static void shared_write(struct kgen *kg, struct arms *a, const struct ir_op *phi,
			 unsigned i, unsigned s, const char *cond)
{
	const struct ir_op *v = phi->args[i];
	const char *reg = kg->val[phi->id].reg, *src = arg_ref(kg, phi, i);
	struct shared_write w[2] = {{reg, cond, src, s, v->opc == IR_CONST}};
	unsigned n = 1;
	if (val_split_select(kg, phi, i)) {
		const char *c = arg_ref(kg, v, 0);
		w[0] = (struct shared_write){reg, cond_and(kg, cond, c), arg_ref(kg, v, 1), s,
					     v->args[1]->opc == IR_CONST};
		w[1] = (struct shared_write){reg,
					     cond_and(kg, cond, arena_printf(&kg->ctx->arena,
									     "!%s", c)),
					     arg_ref(kg, v, 2), s, v->args[2]->opc == IR_CONST};
		n = 2;
	}
	for (unsigned k = 0; k < n; k++)
		if (strcmp(w[k].src, reg))
			VEC_PUSH(&kg->ctx->arena, a->w, a->nw, w[k]);
}

/* The writes of each shared register, grouped by what it takes: one
 * `if` for each, the constants first, so that synthesis makes a constant
 * the flip-flop's synchronous set or reset; the conditions of the writes
 * exclude each other (states, and the edges of a state). */
static void shared_writes(struct kgen *kg, const struct arms *a)
{
	struct arena *ar = &kg->ctx->arena;
	bool *done = arena_alloc(ar, (a->nw + 1) * sizeof *done);
	for (unsigned i = 0; i < a->nw; i++) {
		if (done[i])
			continue;
		const char *reg = a->w[i].reg, *chain = "";
		for (int constant = 1; constant >= 0; constant--)
			for (unsigned j = i; j < a->nw; j++) {
				if (done[j] || strcmp(a->w[j].reg, reg) ||
				    a->w[j].constant != (bool)constant)
					continue;
				const char *conds = "";
				for (unsigned k = j; k < a->nw; k++) {
					const struct shared_write *w = &a->w[k];
					if (done[k] || strcmp(w->reg, reg) || strcmp(w->src, a->w[j].src))
						continue;
					done[k] = true;
					const char *st = arena_printf(ar, "state_reg == %s",
								      kg->state_name[w->state]);
					conds = arena_printf(ar, "%s%s(%s)", conds, *conds ? " || " : "",
							     w->cond ? cond_and(kg, st, w->cond) : st);
				}
				chain = arena_printf(ar, "%s        %sif (!stall && (%s)) %s <= %s;\n",
						     chain, *chain ? "else " : "", conds, reg,
						     a->w[j].src);
			}
		fprintf(kg->f, "        // %s: the register of phis one after another\n%s",
			reg, chain);
	}
}

static void phi_edges(struct kgen *kg, struct arms *a, struct ir_block *blk)
{
	struct hls_ctx *ctx = kg->ctx;
	/* the distinct predecessors named by the block's needed phis */
	struct ir_block **froms = NULL;
	unsigned nfroms = 0;
	for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
		struct ir_op *phi = blk->ops[j];
		if (!kg->val[phi->id].needed)
			continue;
		for (unsigned i = 0; i < phi->nargs; i++) {
			bool seen = false;
			for (unsigned f = 0; f < nfroms; f++)
				seen |= froms[f] == phi->phi_blocks[i];
			if (!seen)
				VEC_PUSH(&ctx->arena, froms, nfroms, phi->phi_blocks[i]);
		}
	}
	for (unsigned f = 0; f < nfroms; f++) {
		struct ir_block *from = froms[f];
		if (from == blk && kg->loop[blk->id])
			continue; /* round a pipelined loop: loop_regs() */
		if (kg->start_loop && kg->start_loop->block == blk)
			continue; /* entered at reset only: reset values */
		/* all phi copies of the edge from -> blk; round blk's own
		 * loop, those always written (values.c) whether it goes round
		 * or leaves */
		const char *body = "", *always = "";
		const char *when = fsm_goes_to(kg, from, blk); /* NULL: always */
		unsigned s = kg->state_base[from->id] +
			     (kg->loop[from->id] ? 0 : block_last(kg, from));
		for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++) {
			struct ir_op *phi = blk->ops[j];
			struct rtl_val *pv = &kg->val[phi->id];
			if (!pv->needed || !pv->reg)
				continue;
			for (unsigned i = 0; pv->early_from != from && i < phi->nargs; i++)
				if (phi->phi_blocks[i] == from) {
					bool aw = from == blk && pv->always_written;
					if (pv->reg_lent || pv->reg_of) {
						shared_write(kg, a, phi, i, s, aw ? NULL : when);
						break;
					}
					const char *l = arena_printf(&ctx->arena, "%s%s <= %s;%s\n",
						aw || !when ? "                "
							    : "                    ",
						pv->reg, arg_ref(kg, phi, i),
						aw ? " // round its loop or not" : "");
					if (aw)
						always = arena_printf(&ctx->arena, "%s%s", always, l);
					else
						body = arena_printf(&ctx->arena, "%s%s", body, l);
					break;
				}
		}
		if (*always)
			arm_add(kg, a, s, always);
		if (*body && when)
			arm_add(kg, a, s, arena_printf(&ctx->arena,
				"                if (%s) begin // edge %s -> %s\n"
				"%s                end\n",
				when, kg->block_name[from->id], kg->block_name[blk->id], body));
		else if (*body)
			arm_add(kg, a, s, arena_printf(&ctx->arena,
				"                // edge %s -> %s\n%s", kg->block_name[from->id],
				kg->block_name[blk->id], body));
	}
}

/* The registers of pipelined loop b, each written as the cycle that
 * computes its value completes (pipeline.c's L_adv): values and their
 * chains, kernel state stores, and the phis as the next iteration
 * starts. */
static const char *loop_regs(struct kgen *kg, struct ir_block *blk)
{
	struct hls_ctx *ctx = kg->ctx;
	const struct rtl_loop *L = kg->loop[blk->id];
	const char *t = "";
	const char *phis = "";
	for (unsigned j = 0; j < blk->nops; j++) {
		struct ir_op *op = blk->ops[j];
		struct rtl_val *v = &kg->val[op->id];
		if (!v->needed)
			continue;
		long avail = val_reg_from(kg, op);
		if (v->reg && v->wire && op->opc != IR_PHI) /* a bypassed phi's: below */
			t = arena_printf(&ctx->arena, "%s        if (%s) %s <= %s;\n", t,
					 pipe_adv(kg, blk, v->valid), v->reg, v->wire);
		for (unsigned k = 1; k < v->nchain; k++)
			t = arena_printf(&ctx->arena, "%s        if (%s) %s <= %s;\n", t,
					 pipe_adv(kg, blk, (unsigned)(avail + (long)(k * L->ii))),
					 v->chain[k], v->chain[k - 1]);
		if (op->opc == IR_STATE_STORE) {
			int si = kgen_state_index(kg, op->state);
			const char *when = pipe_adv(kg, blk, op_cycle(kg, op));
			if (ir_guard(op))
				when = arena_printf(&ctx->arena, "%s && %s", when,
						    arg_ref(kg, op, ir_guard_index(op)));
			t = arena_printf(&ctx->arena, "%s        if (%s) %s <= %s; // store '%s'\n",
					 t, when, kg->sv_reg[si], arg_ref(kg, op, 0),
					 op->state->name);
		}
		/* a phi takes the next iteration's value as the next iteration
		 * starts, or, when that value is ready later, in the cycle it
		 * is ready (the next iteration reads the phi only from then);
		 * one that is always written (values.c) does so whether the
		 * loop goes on or not */
		for (unsigned i = 0; op->opc == IR_PHI && v->reg && i < op->nargs; i++) {
			if (op->phi_blocks[i] != blk || !strcmp(arg_ref(kg, op, i), v->reg))
				continue; /* a phi that keeps its value round the loop */
			unsigned c = phi_write_cycle(kg, op);
			if (c == L->ii - 1 && !v->always_written)
				phis = arena_printf(&ctx->arena, "%s            %s <= %s;\n",
						    phis, v->reg, arg_ref(kg, op, i));
			else if (v->always_written)
				t = arena_printf(&ctx->arena, "%s        if (%s) %s <= %s; "
						 "// for the next iteration\n", t,
						 pipe_adv(kg, blk, c), v->reg, arg_ref(kg, op, i));
			else
				t = arena_printf(&ctx->arena, "%s        if (%s && %s) %s <= %s; "
						 "// for the next iteration\n", t,
						 pipe_adv(kg, blk, c), pipe_goes_on_at(kg, L, c),
						 v->reg, arg_ref(kg, op, i));
		}
	}
	if (*phis)
		t = arena_printf(&ctx->arena, "%s        if (%s) begin // the next iteration starts\n"
				 "%s        end\n", t, L->next, phis);
	return t;
}

void regs_emit_always(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	struct arms a = {arena_alloc(&ctx->arena, kg->nstates * sizeof(char *)), NULL, 0};

	if (kg->idle) {
		const char *l = "";
		for (unsigned i = 0; i < k->nparams; i++)
			if (kg->arg_reg[i])
				l = arena_printf(&ctx->arena, "%s                    %s <= %s;\n",
						 l, kg->arg_reg[i], kg->arg_port[i]);
		for (unsigned i = 0; i < kg->g->p->nspecs; i++)
			if (kg->spec_reg[i])
				l = arena_printf(&ctx->arena, "%s                    %s <= %s;\n",
						 l, kg->spec_reg[i], kg->spec_port[i]);
		if (*l)
			arm_add(kg, &a, 0, arena_printf(&ctx->arena,
				"                if (start) begin\n%s                end\n", l));
	}
	const char *loops = "";
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		if (kg->loop[b]) {
			loops = arena_printf(&ctx->arena, "%s%s", loops, loop_regs(kg, blk));
			phi_edges(kg, &a, blk);
			continue;
		}
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			if (!v->needed)
				continue;
			if (v->reg && v->wire)
				arm_add(kg, &a, kg->state_base[b] + v->valid,
					arena_printf(&ctx->arena, "                %s <= %s;\n",
						     v->reg, v->wire));
			if (v->early)
				arm_add(kg, &a, kg->state_base[b] + v->valid,
					arena_printf(&ctx->arena, "                %s <= %s; "
						     "// for the edge to %s\n",
						     kg->val[v->early->id].reg, v->wire,
						     kg->block_name[v->early->block->id]));
			if (op->opc == IR_STATE_STORE) {
				int si = kgen_state_index(kg, op->state);
				const char *g = ir_guard(op)
					? arena_printf(&ctx->arena, "if (%s) ",
						       arg_ref(kg, op, ir_guard_index(op)))
					: "";
				arm_add(kg, &a, kg->state_base[b] + op_cycle(kg, op),
					arena_printf(&ctx->arena, "                %s%s <= %s; // store '%s'\n",
						     g, kg->sv_reg[si], arg_ref(kg, op, 0),
						     op->state->name));
			}
		}
		phi_edges(kg, &a, blk);
	}

	/* the phis of the loop entered at reset: their entry values */
	const char *phi_resets = "";
	const struct ir_block *sb = kg->start_loop ? kg->start_loop->block : NULL;
	for (unsigned j = 0; sb && j < sb->nops && sb->ops[j]->opc == IR_PHI; j++) {
		struct ir_op *phi = sb->ops[j];
		for (unsigned i = 0; kg->val[phi->id].needed && kg->val[phi->id].reg && i < phi->nargs;
		     i++)
			if (phi->phi_blocks[i] != sb && phi->args[i]->opc == IR_CONST)
				phi_resets = arena_printf(&ctx->arena, "%s            %s <= %s;\n",
							  phi_resets, kg->val[phi->id].reg,
							  arg_ref(kg, phi, i));
	}
	bool any_arm = false, any_reset = *phi_resets != 0;
	for (unsigned s = 0; s < kg->nstates; s++)
		any_arm |= a.text[s] != NULL;
	for (unsigned i = 0; i < k->nstates; i++)
		any_reset |= sv_present(kg, i);
	if (!any_arm && !a.nw && !any_reset && !*loops)
		return;
	fputs("    always @(posedge clk) begin\n", f);
	if (any_arm) {
		fputs("        if (!stall) begin\n            case (state_reg)\n", f);
		for (unsigned s = 0; s < kg->nstates; s++)
			if (a.text[s])
				fprintf(f, "            %s: begin\n%s            end\n",
					kg->state_name[s], a.text[s]);
		fputs("            default: ;\n            endcase\n        end\n", f);
	}
	shared_writes(kg, &a);
	if (*loops)
		fprintf(f, "        // pipelined loops: as each cycle completes\n%s", loops);
	if (any_reset) {
		fputs("        if (rst) begin\n", f);
		for (unsigned i = 0; i < k->nstates; i++) {
			struct ir_state *st = k->states[i];
			if (sv_present(kg, i))
				fprintf(f, "            %s <= %s;\n", kg->sv_reg[i],
					rtl_literal(ctx, st->width, st->init));
		}
		fputs(phi_resets, f);
		fputs("        end\n", f);
	}
	fputs("    end\n\n", f);
}
