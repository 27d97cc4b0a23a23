/*
 * sdc_solve.c -- the least solution of a system of difference constraints.
 *
 * Longest paths from a virtual source with s_i >= 0, by Bellman-Ford:
 * the least s satisfying every  s_to >= s_from + w  is the longest-path
 * distance, and the system is infeasible exactly when the constraint graph
 * has a cycle of positive weight.
 *
 * Nearly every constraint points forward in program order (dependences,
 * chaining, pipe and state order, the terminator), so the constraints are
 * relaxed in order of their `from` op: an acyclic system settles in one
 * pass, and each backward constraint (a maximum or exact latency) costs at
 * most one more.  After every pass that changed something the predecessor
 * graph (the constraint that last raised each variable) is searched for a
 * cycle; any cycle there has positive weight (Cormen et al., lemma 24.16,
 * with the inequalities reversed), so infeasibility shows up as soon as the
 * relaxations have gone once around the cycle, not after nvars passes.
 * After nvars + 1 passes a positive cycle is certain to be in that graph.
 */
#include "sdc.h"

#include <assert.h>

/* A variable on a cycle of the predecessor graph, or -1. */
static int find_pred_cycle(const struct sdc_problem *pb, const int *pred,
			   unsigned *mark)
{
	unsigned n = pb->nvars;
	for (unsigned i = 0; i < n; i++)
		mark[i] = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned v = i;
		/* walk the predecessors, stamping with i + 1 */
		while (!mark[v]) {
			mark[v] = i + 1;
			if (pred[v] < 0)
				break;
			v = pb->cons[pred[v]].from;
		}
		/* back at a variable stamped on this walk: a cycle */
		if (mark[v] == i + 1 && pred[v] >= 0)
			return (int)v;
	}
	return -1;
}

int sdc_solve(const struct sdc_problem *pb, long *s, unsigned **cycle,
	      unsigned *ncycle)
{
	struct arena *ar = &pb->ctx->arena;
	unsigned n = pb->nvars, m = pb->ncons;
	int *pred = arena_alloc(ar, n * sizeof *pred);
	unsigned *mark = arena_alloc(ar, n * sizeof *mark);
	unsigned *order = arena_alloc(ar, (m ? m : 1) * sizeof *order);
	unsigned *start = arena_alloc(ar, (n + 1) * sizeof *start);

	/* counting sort of the constraints by their `from` variable */
	for (unsigned c = 0; c < m; c++)
		start[pb->cons[c].from + 1]++;
	for (unsigned i = 0; i < n; i++)
		start[i + 1] += start[i];
	for (unsigned c = 0; c < m; c++)
		order[start[pb->cons[c].from]++] = c;

	for (unsigned i = 0; i < n; i++)
		s[i] = 0, pred[i] = -1;
	*cycle = NULL;
	*ncycle = 0;
	for (unsigned pass = 0;; pass++) {
		bool changed = false;
		for (unsigned k = 0; k < m; k++) {
			const struct sdc_constraint *c = &pb->cons[order[k]];
			if (s[c->from] + c->weight > s[c->to]) {
				s[c->to] = s[c->from] + c->weight;
				pred[c->to] = (int)order[k];
				changed = true;
			}
		}
		if (!changed)
			return 0;
		int v = find_pred_cycle(pb, pred, mark);
		if (v < 0) {
			assert(pass <= n);
			continue;
		}
		/* collect the cycle backwards from v, then reverse it */
		unsigned len = 0, w = (unsigned)v;
		do {
			len++;
			w = pb->cons[pred[w]].from;
		} while (w != (unsigned)v);
		unsigned *cyc = arena_alloc(ar, len * sizeof *cyc);
		long sum = 0;
		w = (unsigned)v;
		for (unsigned k = len; k-- > 0;) {
			cyc[k] = (unsigned)pred[w];
			sum += pb->cons[pred[w]].weight;
			w = pb->cons[pred[w]].from;
		}
		assert(sum > 0);
		(void)sum;
		*cycle = cyc;
		*ncycle = len;
		return -1;
	}
}
