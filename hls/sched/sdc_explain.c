/*
 * sdc_explain.c -- an infeasible block schedule, in the user's words.
 *
 * A positive cycle of constraints is reported as one error at the op that
 * carries the latency constraint in the cycle, saying what that constraint
 * asks, what the other constraints of the cycle force instead and by how
 * many cycles they disagree (the slack that would make the system
 * feasible), then one note at each other op of the cycle:
 *
 *   k.c:8:5: error: cannot schedule: the write to 'out' (line 8) must be
 *   exactly 1 cycle after anchor 0 (the read from 'in', line 6), but the
 *   write to 'out' (line 7) must come between them in program order and
 *   operations on one pipe ('out') need distinct cycles; so it is at least 2
 *   cycles after the anchor, 1 more than the constraint allows
 *   k.c:6:5: note: anchor 0 is the read from 'in'
 *   k.c:7:5: note: the write to 'out' comes between them
 *
 * Other constraints read "the sdiv 'q' (line 7) uses the result of ...,
 * which takes 34 cycles", "X and Y do not fit in one 20.8 ns clock period
 * together (60.6 ns)", and so on.  Long lists are cut short (MAX_LISTED ops
 * per list, MAX_NOTES notes).
 *
 * Every positive cycle contains a latency constraint (all other constraints
 * point forward in program order); a cycle without one is reported
 * generically.
 */
#include "sdc.h"

#include <stdio.h>
#include <string.h>

#define MAX_LISTED 5 /* ops named in one list of a message */
#define MAX_NOTES 8  /* notes after one error */

struct sb {
	struct arena *ar;
	char *s;
	size_t len, cap;
};

static void sb_printf(struct sb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = 2 * (b->len + (size_t)n + 1);
		b->s = arena_realloc(b->ar, b->s, b->cap, cap);
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* "'hist'", or for a bank of a split memory "'coef' (bank 0 of 2)". */
static const char *mem_words(struct arena *a, const struct ir_mem *m)
{
	if (m->part.whole)
		return arena_printf(a, "'%s' (bank %u of %u)", m->part.whole, m->part.bank,
				    m->part.banks);
	return arena_printf(a, "'%s'", m->name);
}

const char *sdc_op_words(struct arena *a, const struct ir_op *op)
{
	switch (op->opc) {
	case IR_PIPE_READ:
		return arena_printf(a, "the read from '%s'", op->pipe->name);
	case IR_PIPE_READ_NB:
		return arena_printf(a, "the non-blocking read from '%s'", op->pipe->name);
	case IR_PIPE_WRITE:
		return arena_printf(a, "the write to '%s'", op->pipe->name);
	case IR_PIPE_WRITE_NB:
		return arena_printf(a, "the non-blocking write to '%s'", op->pipe->name);
	case IR_STATE_LOAD:
		return arena_printf(a, "the load of '%s'", op->state->name);
	case IR_STATE_STORE:
		return arena_printf(a, "the store to '%s'", op->state->name);
	case IR_MEM_LOAD:
		return arena_printf(a, "the read of %s", mem_words(a, op->mem));
	case IR_MEM_STORE:
		return arena_printf(a, "the write to %s", mem_words(a, op->mem));
	case IR_RET:
		return "the return";
	case IR_BR: case IR_CONDBR: case IR_SWITCH:
		return arena_printf(a, "the branch ending block '%s'", op->block->name);
	default:
		if (op->name && *op->name)
			return arena_printf(a, "the %s '%s'", ir_opcode_name(op->opc),
					    op->name);
		return arena_printf(a, "the %s %%%u", ir_opcode_name(op->opc), op->id);
	}
}

/* op words with "(line N)" when the line is known */
static const char *at(struct arena *a, const struct ir_op *op)
{
	const char *w = sdc_op_words(a, op);
	return op->loc.line ? arena_printf(a, "%s (line %u)", w, op->loc.line) : w;
}

static const char *cycles(long n)
{
	return n == 1 || n == -1 ? "cycle" : "cycles";
}

static const char *kind_words(enum ir_latency_kind k)
{
	return k == LAT_EXACT ? "exactly" : k == LAT_MAX ? "at most" : "at least";
}

static bool is_upper(enum sdc_kind k)
{
	return k == SDC_LAT_MAX || k == SDC_LAT_EXACT_MAX;
}

static bool is_lower(enum sdc_kind k)
{
	return k == SDC_LAT_MIN || k == SDC_LAT_EXACT_MIN;
}

/* One constraint in words. */
static void phrase(const struct sdc_problem *pb, struct sb *b,
		   const struct sdc_constraint *c)
{
	struct arena *ar = b->ar;
	const char *A = c->a ? at(ar, c->a) : "", *B = c->b ? at(ar, c->b) : "";
	switch (c->kind) {
	case SDC_DEP:
		sb_printf(b, "%s uses the result of %s", B, A);
		if (c->weight > 0)
			sb_printf(b, ", which takes %ld %s", c->weight, cycles(c->weight));
		break;
	case SDC_CHAIN:
		sb_printf(b, "%s and %s do not fit in one %.1f ns clock period "
			  "together (%.1f ns of logic, where the registers leave %.1f)",
			  A, B, pb->clock_ns, c->ns, pb->budget_ns);
		break;
	case SDC_PIPE_ORDER:
		sb_printf(b, "%s comes after %s in program order and operations "
			  "on one pipe need distinct cycles", B, A);
		break;
	case SDC_FENCE:
		sb_printf(b, "%s comes after %s across a sluice_fence()", B, A);
		break;
	case SDC_STATE_ORDER:
		if (c->weight == 0)
			sb_printf(b, "%s may not come before %s, which reads the "
				  "value it replaces", B, A);
		else if (c->b->mem && c->a->opc == IR_MEM_LOAD && c->b->opc == IR_MEM_LOAD)
			sb_printf(b, "%s comes after %s: memory %s reads one word "
				  "per cycle", B, A, mem_words(b->ar, c->b->mem));
		else
			sb_printf(b, "%s must come after %s (both access %s %s)",
				  B, A, c->b->mem ? "memory" : "state",
				  c->b->mem ? mem_words(b->ar, c->b->mem)
					    : arena_printf(b->ar, "'%s'", c->b->state->name));
		break;
	case SDC_TERM:
		sb_printf(b, "%s ends the block after %s is done", B, A);
		break;
	case SDC_AT_END:
		sb_printf(b, "%s takes the next entry's word in the cycle %s decides on it",
			  B, A);
		break;
	case SDC_LAT_MIN: case SDC_LAT_MAX:
	case SDC_LAT_EXACT_MIN: case SDC_LAT_EXACT_MAX:
		sb_printf(b, "%s must be %s %d %s after anchor %d (%s)", B,
			  kind_words(c->b->lat.kind), c->b->lat.cycles,
			  cycles(c->b->lat.cycles), c->b->lat.target, A);
		break;
	case SDC_ORIGIN:
		sb_printf(b, "the iteration starts before %s", B);
		break;
	case SDC_ISSUE:
		sb_printf(b, "%s decides on the next iteration within %u %s",
			  B, pb->ii, cycles(pb->ii));
		break;
	case SDC_RECUR:
		sb_printf(b, "%s goes round to the next iteration (%s)", A, B);
		break;
	case SDC_PIPE_II:
		sb_printf(b, "%s and %s use one pipe, so they lie within %u %s",
			  A, B, pb->ii, cycles(pb->ii));
		break;
	case SDC_STATE_II:
		sb_printf(b, "%s of the next iteration must follow %s", B, A);
		break;
	case SDC_FENCE_II:
		sb_printf(b, "%s of a later iteration comes after %s across a "
			  "sluice_fence()", B, A);
		break;
	case SDC_BYPASS:
		sb_printf(b, "%s goes round to the next iteration as it is computed, "
			  "so it comes a cycle after %s", B, A);
		break;
	case SDC_BYPASS_SELECT:
		sb_printf(b, "%s is built into the multiplexer of %s, so it lies in "
			  "that phi's cycle", A, B);
		break;
	case SDC_LATE_USE:
		sb_printf(b, "%s reads the word of %s a cycle after it comes out, "
			  "when a store of the iteration ahead may forward it", B, A);
		break;
	case SDC_LATE_ADDR:
		sb_printf(b, "%s compares its address %s with a read's, from a register",
			  B, A);
		break;
	case SDC_TAP:
		sb_printf(b, "%s uses %s, at most %ld %s before its cycle (from the "
			  "register that hands the value on to it)", B, A, -c->weight,
			  cycles(-c->weight));
		break;
	case SDC_HAND_ON:
		sb_printf(b, "%s hands its value on to %s, which is in its cycle", A, B);
		break;
	}
}

/* The ops a cycle passes, in order, each once. */
static void cycle_ops(const struct sdc_problem *pb, struct sb *b,
		      const unsigned *cyc, unsigned n)
{
	const struct ir_op **ops = arena_alloc(b->ar, (2 * n + 1) * sizeof *ops);
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct sdc_constraint *c = &pb->cons[cyc[i]];
		const struct ir_op *two[2] = {c->a, c->b};
		for (unsigned k = 0; k < 2; k++) {
			bool seen = !two[k] || two[k]->opc == IR_CONST;
			for (unsigned j = 0; j < m && !seen; j++)
				seen = ops[j] == two[k];
			if (!seen)
				ops[m++] = two[k];
		}
	}
	/* a run of three or more phis is a value handed from register to
	 * register (a shift window): one item, so that the ops that take
	 * time are named */
	const char **items = arena_alloc(b->ar, (m + 1) * sizeof *items);
	unsigned nitems = 0;
	for (unsigned i = 0; i < m;) {
		unsigned j = i;
		while (j < m && ops[j]->opc == IR_PHI)
			j++;
		if (j - i >= 3) {
			items[nitems++] = arena_printf(b->ar, "%u phis handing the value on, %s to %s",
						       j - i, at(b->ar, ops[i]), at(b->ar, ops[j - 1]));
			i = j;
		} else {
			items[nitems++] = at(b->ar, ops[i++]);
		}
	}
	unsigned shown = nitems > MAX_LISTED ? MAX_LISTED - 1 : nitems;
	for (unsigned i = 0; i < shown; i++)
		sb_printf(b, "%s%s", i ? " -> " : "", items[i]);
	if (shown < nitems)
		sb_printf(b, " and %u more", nitems - shown);
}

const char *sdc_limit_words(const struct sdc_problem *pb,
			    const unsigned *cyc, unsigned n)
{
	struct sb b = {.ar = &pb->ctx->arena};
	const struct sdc_constraint *pipe = NULL, *state = NULL, *recur = NULL,
				    *lat = NULL, *fence = NULL;
	for (unsigned i = 0; i < n; i++) {
		const struct sdc_constraint *c = &pb->cons[cyc[i]];
		if (c->kind == SDC_PIPE_II && !pipe)
			pipe = c;
		else if (c->kind == SDC_FENCE_II && !fence)
			fence = c;
		else if (c->kind == SDC_STATE_II && !state)
			state = c;
		else if (c->kind == SDC_RECUR && !recur)
			recur = c;
		else if ((is_upper(c->kind) || is_lower(c->kind)) && !lat)
			lat = c;
	}
	if (pipe) {
		unsigned k = 0;
		for (unsigned i = 0; i < pb->block->nops; i++)
			k += sdc_is_pipe_op(pb->block->ops[i]) &&
			     pb->block->ops[i]->pipe == pipe->a->pipe;
		sb_printf(&b, "pipe '%s': %u operations per iteration, at most one "
			  "per cycle: ", pipe->a->pipe->name, k);
	} else if (fence) {
		sb_printf(&b, "sluice_fence(): the pipe operations of one iteration "
			  "complete before those of the next: ");
	} else if (state && state->a->mem) {
		unsigned k = 0;
		for (unsigned i = 0; i < pb->block->nops; i++)
			k += pb->block->ops[i]->mem == state->a->mem;
		sb_printf(&b, "memory %s (%u accesses per iteration; each of its "
			  "ports takes one a cycle): ", mem_words(b.ar, state->a->mem), k);
	} else if (state) {
		sb_printf(&b, "kernel state '%s' carried from one iteration to the "
			  "next: ", state->a->state->name);
	} else if (recur) {
		sb_printf(&b, "recurrence through %s: ", at(b.ar, recur->b));
	} else if (lat) {
		sb_printf(&b, "latency constraint of %s: ", at(b.ar, lat->b));
	} else {
		sb_printf(&b, "the loop's exit test: ");
	}
	cycle_ops(pb, &b, cyc, n);
	long sum = 0;
	for (unsigned i = 0; i < n; i++)
		sum += pb->cons[cyc[i]].weight;
	sb_printf(&b, " (%ld %s over at II %u)", sum, cycles(sum), pb->ii);
	return b.s;
}

static bool is_order(enum sdc_kind k)
{
	return k == SDC_PIPE_ORDER || k == SDC_FENCE;
}

static bool all_pipe_order(const struct sdc_problem *pb, const unsigned *path,
			   unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (!is_order(pb->cons[path[i]].kind))
			return false;
	return n > 0;
}

/* Why a run of order constraints path[i..j] keeps its ops apart. */
static const char *order_words(const struct sdc_problem *pb,
			       const unsigned *path, unsigned i, unsigned j)
{
	bool pipe = false, fence = false;
	for (unsigned m = i; m <= j; m++) {
		pipe |= pb->cons[path[m]].kind == SDC_PIPE_ORDER;
		fence |= pb->cons[path[m]].kind == SDC_FENCE;
	}
	if (pipe && fence)
		return "operations on one pipe, and pipe operations on either side "
		       "of a sluice_fence(), need distinct cycles";
	if (fence)
		return "pipe operations on either side of a sluice_fence() need "
		       "distinct cycles";
	return arena_printf(&pb->ctx->arena, "operations on one pipe ('%s') need "
			    "distinct cycles", pb->cons[path[i]].b->pipe->name);
}


/* "X", "X and Y", "X, Y and Z", "X, Y, Z and 7 other pipe operations" */
static void op_list(struct sb *b, const struct ir_op *const *ops, unsigned n)
{
	unsigned shown = n > MAX_LISTED ? MAX_LISTED - 2 : n;
	for (unsigned i = 0; i < shown; i++)
		sb_printf(b, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ",
			  at(b->ar, ops[i]));
	if (shown < n)
		sb_printf(b, " and %u other pipe operations", n - shown);
}

/* the ops a pipe-order path passes between its ends */
static void between_list(const struct sdc_problem *pb, struct sb *b,
			 const unsigned *path, unsigned n)
{
	const struct ir_op **ops = arena_alloc(b->ar, n * sizeof *ops);
	for (unsigned i = 0; i + 1 < n; i++)
		ops[i] = pb->cons[path[i]].b;
	op_list(b, ops, n - 1);
}

/* The constraints of a path, joined with commas and a final "and"; a run
 * of pipe-order constraints becomes one phrase. */
static void path_words(const struct sdc_problem *pb, struct sb *b,
		       const unsigned *path, unsigned n)
{
	unsigned nphrases = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned j = i;
		while (is_order(pb->cons[path[i]].kind) && j + 1 < n &&
		       is_order(pb->cons[path[j + 1]].kind))
			j++;
		nphrases++;
		i = j;
	}
	unsigned k = 0;
	for (unsigned i = 0; i < n; i++, k++) {
		if (k)
			sb_printf(b, k + 1 == nphrases ? ", and " : ", ");
		unsigned j = i;
		while (is_order(pb->cons[path[i]].kind) && j + 1 < n &&
		       is_order(pb->cons[path[j + 1]].kind))
			j++;
		if (j == i) {
			phrase(pb, b, &pb->cons[path[i]]);
			continue;
		}
		const struct ir_op **ops =
			arena_alloc(b->ar, (j - i + 2) * sizeof *ops);
		ops[0] = pb->cons[path[i]].a;
		for (unsigned m = i; m <= j; m++)
			ops[m - i + 1] = pb->cons[path[m]].b;
		op_list(b, ops, j - i + 2);
		sb_printf(b, " follow one another in program order and %s",
			  order_words(pb, path, i, j));
		i = j;
	}
}

static void explain_generic(const struct sdc_problem *pb, const unsigned *cyc,
			    unsigned n)
{
	struct sb b = {.ar = &pb->ctx->arena};
	long sum = 0;
	sb_printf(&b, "cannot schedule block '%s': ", pb->block->name);
	path_words(pb, &b, cyc, n);
	for (unsigned i = 0; i < n; i++)
		sum += pb->cons[cyc[i]].weight;
	sb_printf(&b, "; these contradict each other by %ld %s", sum, cycles(sum));
	diag_error(&pb->ctx->diag, pb->cons[cyc[0]].b->loc, "%s", b.s);
}

const struct ir_op *sdc_explain(const struct sdc_problem *pb,
				const unsigned *cyc, unsigned n)
{
	struct arena *ar = &pb->ctx->arena;
	unsigned p = n;
	for (unsigned i = 0; i < n && p == n; i++)
		if (is_upper(pb->cons[cyc[i]].kind))
			p = i;
	for (unsigned i = 0; i < n && p == n; i++)
		if (is_lower(pb->cons[cyc[i]].kind))
			p = i;
	if (p == n) {
		explain_generic(pb, cyc, n);
		return NULL;
	}
	const struct sdc_constraint *pc = &pb->cons[cyc[p]];
	const struct ir_op *t = pc->b, *a = pc->a;
	bool upper = is_upper(pc->kind);
	/* the rest of the cycle, from pc's `to` around to its `from` */
	unsigned *path = arena_alloc(ar, n * sizeof *path), np = n - 1;
	long W = 0;
	for (unsigned i = 0; i < np; i++) {
		path[i] = cyc[(p + 1 + i) % n];
		W += pb->cons[path[i]].weight;
	}
	long c = t->lat.cycles;
	long slack = upper ? W - c : c + W;

	struct sb b = {.ar = ar};
	sb_printf(&b, "cannot schedule: %s must be %s %ld %s after anchor %d (%s",
		  at(ar, t), kind_words(t->lat.kind), c, cycles(c), t->lat.target,
		  sdc_op_words(ar, a));
	if (a->loc.line)
		sb_printf(&b, ", line %u", a->loc.line);
	sb_printf(&b, "), but ");
	if (a == t) {
		sb_printf(&b, "that anchor is the operation itself");
	} else if (all_pipe_order(pb, path, np)) {
		const char *why = order_words(pb, path, 0, np - 1);
		if (upper && np == 1) {
			sb_printf(&b, "%s", why);
		} else if (upper) {
			between_list(pb, &b, path, np);
			sb_printf(&b, " must come between them in program order "
				  "and %s", why);
		} else {
			sb_printf(&b, "it comes before the anchor in program order");
			if (np > 1) {
				sb_printf(&b, ", with ");
				between_list(pb, &b, path, np);
				sb_printf(&b, " between them,");
			}
			sb_printf(&b, " and %s", why);
		}
	} else {
		path_words(pb, &b, path, np);
	}
	if (upper)
		sb_printf(&b, "; so it is at least %ld %s after the anchor, %ld "
			  "more than the constraint allows", W, cycles(W), slack);
	else if (W <= 0)
		sb_printf(&b, "; so it is at most %ld %s after the anchor, %ld "
			  "fewer than the constraint requires", -W, cycles(W), slack);
	else
		sb_printf(&b, "; so it is at least %ld %s before the anchor, %ld "
			  "fewer than the constraint requires", W, cycles(W), slack);
	diag_error(&pb->ctx->diag, t->loc, "%s", b.s);

	/* notes at the other ops of the cycle, along the path */
	bool pipes = all_pipe_order(pb, path, np);
	const struct ir_op *prev_noted = NULL;
	unsigned notes = 0, hidden = 0;
	for (unsigned i = 0; i <= np; i++) {
		/* node i of the path: its start, then each constraint's end */
		unsigned v = i == 0 ? (np ? pb->cons[path[0]].from : pc->to)
				    : pb->cons[path[i - 1]].to;
		const struct ir_op *op = pb->block->ops[v];
		if (op == t || op == prev_noted)
			continue;
		prev_noted = op;
		if (notes++ >= MAX_NOTES) {
			hidden++;
			continue;
		}
		if (op == a) {
			diag_note(&pb->ctx->diag, op->loc, "anchor %d is %s",
				  t->lat.target, sdc_op_words(ar, op));
		} else if (pipes) {
			diag_note(&pb->ctx->diag, op->loc, "%s comes between them",
				  sdc_op_words(ar, op));
		} else if (is_order(pb->cons[path[i - 1]].kind)) {
			diag_note(&pb->ctx->diag, op->loc, "%s comes here in program "
				  "order", sdc_op_words(ar, op));
		} else {
			struct sb nb = {.ar = ar};
			phrase(pb, &nb, &pb->cons[path[i - 1]]);
			diag_note(&pb->ctx->diag, op->loc, "%s", nb.s);
		}
	}
	if (hidden)
		diag_note(&pb->ctx->diag, (struct ir_loc){0},
			  "%u more operations of the cycle are not shown", hidden);
	return t;
}
