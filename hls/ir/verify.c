/*
 * verify.c -- checks the invariants stated in ir.h.
 *
 * Run after every pass in debug builds (ir_after_pass) and by tests.  A
 * violation is a bug in sluice, never in the user's program, so it is
 * reported as "internal error" naming the pass that ran last.
 * Dominance is computed with the iterative algorithm of Cooper, Harvey and
 * Kennedy over a reverse post-order.
 */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vctx {
	struct hls_ctx *ctx;
	const char *after;
	unsigned problems;
};

static void problem(struct vctx *v, const struct ir_kernel *k,
		    const struct ir_op *op, const char *what)
{
	struct ir_loc loc = op ? op->loc : k->loc;
	diag_error(&v->ctx->diag, loc,
		   "internal error: IR invalid after '%s': kernel '%s'%s%s: %s",
		   v->after, k->name, op ? ", op " : "",
		   op ? ir_opcode_name(op->opc) : "", what);
	v->problems++;
}

/* Dominator tree: idom[] by block id, rpo numbers; unreachable blocks get
 * rpo = -1 and are exempt from dominance checks. */
static void dfs(struct ir_block *b, int *seen, struct ir_block **post,
		unsigned *npost)
{
	seen[b->id] = 1;
	struct ir_op *t = ir_terminator(b);
	for (unsigned i = 0; t && i < t->nsuccs; i++)
		if (!seen[t->succs[i]->id])
			dfs(t->succs[i], seen, post, npost);
	post[(*npost)++] = b;
}

static int intersect(const int *idom, const int *rpo, int a, int b)
{
	while (a != b) {
		while (rpo[a] > rpo[b])
			a = idom[a];
		while (rpo[b] > rpo[a])
			b = idom[b];
	}
	return a;
}

static void dominators(struct ir_kernel *k, int *idom, int *rpo)
{
	unsigned n = k->nblocks, npost = 0;
	int *seen = calloc(n, sizeof *seen);
	struct ir_block **post = calloc(n, sizeof *post);
	dfs(k->blocks[0], seen, post, &npost);
	for (unsigned i = 0; i < n; i++)
		rpo[i] = -1, idom[i] = -1;
	for (unsigned i = 0; i < npost; i++)
		rpo[post[i]->id] = (int)(npost - 1 - i);
	idom[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = npost; i-- > 0;) {
			struct ir_block *b = post[i];
			if (b->id == 0)
				continue;
			int nd = -1;
			for (unsigned j = 0; j < b->npreds; j++) {
				int p = (int)b->preds[j]->id;
				if (idom[p] < 0)
					continue;
				nd = nd < 0 ? p : intersect(idom, rpo, p, nd);
			}
			if (nd != idom[b->id])
				idom[b->id] = nd, changed = true;
		}
	}
	free(seen);
	free(post);
}

static bool dominates(const int *idom, int a, int b)
{
	for (;;) {
		if (a == b)
			return true;
		if (b == 0 || idom[b] < 0)
			return false;
		b = idom[b];
	}
}

static bool is_fp_width(unsigned w)
{
	return w == 32 || w == 64;
}

/* The operand and result widths of a floating-point op (ir.h). */
static bool float_op_ok(const struct ir_op *op)
{
	unsigned n = op->opc == IR_FADD || op->opc == IR_FSUB || op->opc == IR_FMUL ||
		     op->opc == IR_FDIV || op->opc == IR_FCMP ? 2 : 1;
	if (op->nargs != n)
		return false;
	unsigned a = op->args[0]->width, w = op->width;
	switch (op->opc) {
	case IR_FCMP:
		return w == 1 && is_fp_width(a) && op->args[1]->width == a && op->index < FCMP_NUM;
	case IR_FPEXT:
		return a == 32 && w == 64;
	case IR_FPTRUNC:
		return a == 64 && w == 32;
	case IR_SITOFP: case IR_UITOFP: case IR_FPTOSI: case IR_FPTOUI:
		return is_fp_width(a) && is_fp_width(w);
	default:
		return is_fp_width(w) && a == w && op->args[1]->width == w;
	}
}

static void verify_kernel(struct vctx *v, struct ir_kernel *k)
{
	if (!k->nblocks) {
		problem(v, k, NULL, "no blocks");
		return;
	}
	unsigned n = k->nblocks;
	int *idom = malloc(n * sizeof *idom), *rpo = malloc(n * sizeof *rpo);
	/* position of each op: block id and index, by op id */
	int *blk = malloc(k->nops_total * sizeof *blk);
	int *pos = malloc(k->nops_total * sizeof *pos);
	for (unsigned i = 0; i < k->nops_total; i++)
		blk[i] = -1, pos[i] = -1;
	for (unsigned i = 0; i < n; i++) {
		struct ir_block *b = k->blocks[i];
		if (b->id != i || b->kernel != k)
			problem(v, k, NULL, "block id or kernel link wrong");
		for (unsigned j = 0; j < b->nops; j++) {
			struct ir_op *op = b->ops[j];
			if (op->id >= k->nops_total || blk[op->id] >= 0) {
				problem(v, k, op, "op id out of range or repeated");
				continue;
			}
			blk[op->id] = (int)i, pos[op->id] = (int)j;
		}
	}
	if (k->blocks[0]->npreds)
		problem(v, k, NULL, "entry block has predecessors");
	dominators(k, idom, rpo);

	for (unsigned i = 0; i < n; i++) {
		struct ir_block *b = k->blocks[i];
		bool past_phis = false;
		if (!b->nops || !ir_terminator(b)) {
			problem(v, k, NULL, "block without terminator");
			continue;
		}
		for (unsigned j = 0; j < b->nops; j++) {
			struct ir_op *op = b->ops[j];
			if (op->block != b)
				problem(v, k, op, "op's block link is wrong");
			if (op->opc == IR_PHI) {
				if (past_phis)
					problem(v, k, op, "phi after a non-phi");
				if (i == 0)
					problem(v, k, op, "phi in the entry block");
				if (op->nargs != b->npreds)
					problem(v, k, op, "phi arity differs from predecessor count");
			} else {
				past_phis = true;
			}
			if (ir_is_terminator(op->opc) != (j == b->nops - 1))
				problem(v, k, op, "terminator not last, or last op not a terminator");
			if (op->width > IR_MAX_WIDTH)
				problem(v, k, op, "width too large");
			if ((op->opc >= IR_PIPE_READ && op->opc <= IR_PIPE_WRITE_NB) && !op->pipe)
				problem(v, k, op, "pipe op without pipe");
			if ((op->opc == IR_STATE_LOAD || op->opc == IR_STATE_STORE) && !op->state)
				problem(v, k, op, "state op without state");
			if ((op->opc == IR_MEM_LOAD || op->opc == IR_MEM_STORE) &&
			    (!op->mem || op->nargs < 1 + (op->opc == IR_MEM_STORE) ||
			     (op->opc == IR_MEM_LOAD ? op->width != op->mem->width || op->nargs != 1
						     : op->args[1]->width != op->mem->width)))
				problem(v, k, op, "memory op without its memory, or of another width");
			if (op->opc == IR_MEM_STORE && op->mem && op->mem->rom)
				problem(v, k, op, "store into a ROM");
			if (op->opc == IR_SPEC &&
			    (!op->spec || op->spec->binding != SPEC_REGISTER ||
			     op->width != op->spec->width || op->nargs))
				problem(v, k, op, "spec op without a register-bound constant of its width");
			for (unsigned a = 0; a < op->nargs; a++) {
				struct ir_op *d = op->args[a];
				if (!d || d->id >= k->nops_total || blk[d->id] < 0) {
					problem(v, k, op, "operand is not an op of this kernel");
					continue;
				}
				if (!d->width) {
					problem(v, k, op, "operand produces no value");
					continue;
				}
				if (op->opc == IR_PHI) {
					int from = (int)op->phi_blocks[a]->id;
					if (rpo[from] >= 0 && rpo[blk[d->id]] >= 0 &&
					    !dominates(idom, blk[d->id], from))
						problem(v, k, op, "phi operand does not dominate its incoming edge");
				} else if (blk[d->id] == (int)i) {
					if (pos[d->id] >= (int)j)
						problem(v, k, op, "operand defined after its use");
				} else if (rpo[i] >= 0 &&
					   !dominates(idom, blk[d->id], (int)i)) {
					problem(v, k, op, "operand does not dominate its use");
				}
			}
			/* width rules of the common opcodes */
			if (op->opc >= IR_ADD && op->opc <= IR_XOR &&
			    (op->nargs != 2 || op->args[0]->width != op->width ||
			     op->args[1]->width != op->width))
				problem(v, k, op, "binary op widths differ");
			if (ir_is_compare(op->opc) &&
			    (op->width != 1 || op->nargs != 2 ||
			     op->args[0]->width != op->args[1]->width))
				problem(v, k, op, "comparison widths wrong");
			if (ir_is_float_op(op->opc) && !float_op_ok(op))
				problem(v, k, op, "floating-point op of other widths or "
					"operands than its own");
			if (op->opc == IR_SELECT &&
			    (op->nargs != 3 || op->args[0]->width != 1 ||
			     op->args[1]->width != op->width ||
			     op->args[2]->width != op->width))
				problem(v, k, op, "select widths wrong");
			if (op->opc == IR_EXTRACT &&
			    (op->nargs != 1 || op->index + op->width > op->args[0]->width))
				problem(v, k, op, "extract out of range");
			if ((op->opc == IR_ZEXT || op->opc == IR_SEXT) &&
			    (op->nargs != 1 || op->args[0]->width > op->width))
				problem(v, k, op, "extension narrows");
			if (op->opc == IR_TRUNC &&
			    (op->nargs != 1 || op->args[0]->width < op->width))
				problem(v, k, op, "truncation widens");
			if (op->opc == IR_PIPE_READ && op->pipe && op->width != op->pipe->width)
				problem(v, k, op, "pipe read width differs from the pipe");
			if (op->keep && (op->opc != IR_PIPE_READ || op->nargs < 1 ||
					 op->args[0]->width != 1))
				problem(v, k, op, "a kept read without its take of width 1");
			if (op->opc == IR_PIPE_READ_NB && op->pipe && op->width != op->pipe->width + 1)
				problem(v, k, op, "pipe read_nb width is not pipe width + 1");
			if ((op->opc == IR_PIPE_WRITE || op->opc == IR_PIPE_WRITE_NB) && op->pipe &&
			    (op->nargs < 1 || op->args[0]->width != op->pipe->width))
				problem(v, k, op, "pipe write data width differs from the pipe");
			if ((op->opc >= IR_PIPE_READ && op->opc <= IR_PIPE_WRITE_NB) ||
			    op->opc == IR_STATE_STORE || op->opc == IR_MEM_STORE) {
				unsigned g = ir_guard_index(op);
				if (op->nargs != g && (op->nargs != g + 1 || op->args[g]->width != 1))
					problem(v, k, op, "operands are not the op's own and a guard of width 1");
			}
			if (op->opc == IR_CONDBR && (op->nargs != 1 || op->args[0]->width != 1 || op->nsuccs != 2))
				problem(v, k, op, "condbr malformed");
			if (op->opc == IR_BR && op->nsuccs != 1)
				problem(v, k, op, "br malformed");
			if (op->opc == IR_SWITCH && (op->nargs != 1 || op->nsuccs < 1))
				problem(v, k, op, "switch malformed");
		}
	}
	free(idom);
	free(rpo);
	free(blk);
	free(pos);
}

unsigned ir_verify(struct hls_ctx *ctx, struct ir_program *p, const char *after)
{
	struct vctx v = {ctx, after ? after : "?", 0};
	for (unsigned i = 0; i < p->nkernels; i++)
		verify_kernel(&v, p->kernels[i]);
	return v.problems;
}
