/*
 * link_check.c -- the link-time checks of DESIGN.md section 4: pipe
 * connectivity and latency anchors, over the whole program.
 *
 * Needs: a lowered program (any number of kernels; pipe ops point at
 * entries of p->pipes).  Guarantees when it reports no error:
 *   - p->pipes has one entry per name: same-name entries that agree on
 *     (type, width, MinCapacity, kind, dir) are merged into the first and
 *     the ops retargeted; entries that disagree are an error at the later
 *     declaration with a note at the other;
 *   - pipes that no kernel uses are dropped from p->pipes with a warning
 *     (there is nothing to build for them);
 *   - every remaining pipe has pipe->reader / pipe->writer set (NULL for
 *     the host or the outside world) and read_loc / write_loc at the first
 *     operation of that kernel on it:
 *       kernel pipe:       one reader kernel and one writer kernel;
 *       host pipe H2D:     one reader kernel, no writer kernel (the host);
 *       host pipe D2H:     one writer kernel, no reader kernel (the host);
 *       I/O pipe IN:       one reader kernel, never written by a kernel;
 *       I/O pipe OUT:      one writer kernel, never read by a kernel;
 *     (one kernel may read and write a kernel pipe: a loop-back pipe);
 *   - anchor ids are unique in the program, and every latency constraint
 *     names an anchor of its own kernel.
 * Every violation is reported (error at the offending operation, with a
 * note at the other party), not only the first.  Returns the number of
 * errors reported.
 */
#include "../front/front.h"

#include <string.h>

struct use {
	bool r, w;
	struct ir_loc rloc, wloc; /* first read / write of this kernel */
};

static const char *pipe_kind_text(const struct ir_pipe *pp)
{
	switch (pp->kind) {
	case PIPE_KERNEL: return "kernel pipe";
	case PIPE_HOST:
		return pp->dir == DIR_H2D ? "host pipe, host to device"
		     : pp->dir == DIR_D2H ? "host pipe, device to host" : "host pipe";
	case PIPE_IO:
		return pp->dir == DIR_IN ? "I/O pipe in" : pp->dir == DIR_OUT
		     ? "I/O pipe out" : "I/O pipe";
	case PIPE_DEVMEM:
		return "device memory channel";
	}
	return "pipe";
}

static const char *describe(struct hls_ctx *ctx, const struct ir_pipe *pp)
{
	return arena_printf(&ctx->arena, "%s, %u bits, MinCapacity %d, %s",
			    pp->type ? pp->type : "?", pp->width, pp->min_capacity,
			    pipe_kind_text(pp));
}

static bool same_decl(const struct ir_pipe *a, const struct ir_pipe *b)
{
	return !strcmp(a->type ? a->type : "", b->type ? b->type : "") &&
	       a->width == b->width && a->min_capacity == b->min_capacity &&
	       a->kind == b->kind && a->dir == b->dir;
}

static bool is_read(enum ir_opcode opc)
{
	return opc == IR_PIPE_READ || opc == IR_PIPE_READ_NB;
}

static bool is_write(enum ir_opcode opc)
{
	return opc == IR_PIPE_WRITE || opc == IR_PIPE_WRITE_NB;
}

/* Merges same-name pipes into the first; canon[i] = index of the entry
 * pipes[i] merges into. */
static void merge_same_names(struct hls_ctx *ctx, struct ir_program *p,
			     unsigned *canon)
{
	for (unsigned i = 0; i < p->npipes; i++) {
		canon[i] = i;
		for (unsigned j = 0; j < i; j++) {
			if (canon[j] != j || strcmp(p->pipes[i]->name, p->pipes[j]->name))
				continue;
			canon[i] = j;
			if (!same_decl(p->pipes[i], p->pipes[j])) {
				diag_error(&ctx->diag, p->pipes[i]->loc,
					   "pipe '%s' is declared with a different type "
					   "here (%s) than elsewhere (%s); one name is one pipe",
					   p->pipes[i]->name, describe(ctx, p->pipes[i]),
					   describe(ctx, p->pipes[j]));
				diag_note(&ctx->diag, p->pipes[j]->loc,
					  "the other declaration of '%s' is here",
					  p->pipes[j]->name);
			}
			break;
		}
	}
}

static int pipe_index(const struct ir_program *p, const struct ir_pipe *pp)
{
	for (unsigned i = 0; i < p->npipes; i++)
		if (p->pipes[i] == pp)
			return (int)i;
	return -1;
}

/* Reports every kernel after the first that reads (or writes) pipe pp. */
static void check_single_end(struct hls_ctx *ctx, const struct ir_program *p,
			     const struct ir_pipe *pp, const struct use *u,
			     bool reads)
{
	int first = -1;
	for (unsigned k = 0; k < p->nkernels; k++) {
		if (!(reads ? u[k].r : u[k].w))
			continue;
		if (first < 0) {
			first = (int)k;
			continue;
		}
		const char *verb = reads ? "read" : "written";
		diag_error(&ctx->diag, reads ? u[k].rloc : u[k].wloc,
			   "pipe '%s' is %s by kernels '%s' and '%s'; a pipe has one "
			   "reader and one writer", pp->name, verb,
			   p->kernels[first]->name, p->kernels[k]->name);
		diag_note(&ctx->diag, reads ? u[first].rloc : u[first].wloc,
			  "'%s' %s '%s' here", p->kernels[first]->name,
			  reads ? "reads" : "writes", pp->name);
	}
}

static void check_pipe(struct hls_ctx *ctx, struct ir_program *p,
		       struct ir_pipe *pp, const struct use *u)
{
	int reader = -1, writer = -1;
	for (unsigned k = 0; k < p->nkernels; k++) {
		if (u[k].r && reader < 0)
			reader = (int)k;
		if (u[k].w && writer < 0)
			writer = (int)k;
	}
	if (reader >= 0) {
		pp->reader = p->kernels[reader];
		pp->read_loc = u[reader].rloc;
	}
	if (writer >= 0) {
		pp->writer = p->kernels[writer];
		pp->write_loc = u[writer].wloc;
	}
	check_single_end(ctx, p, pp, u, true);
	check_single_end(ctx, p, pp, u, false);
	if (pp->min_capacity < 0)
		diag_error(&ctx->diag, pp->loc, "pipe '%s' has a negative MinCapacity (%d)",
			   pp->name, pp->min_capacity);

	switch (pp->kind) {
	case PIPE_KERNEL:
		if (reader < 0)
			diag_error(&ctx->diag, u[writer].wloc,
				   "pipe '%s' is written by kernel '%s' but no kernel "
				   "reads it", pp->name, p->kernels[writer]->name);
		if (writer < 0)
			diag_error(&ctx->diag, u[reader].rloc,
				   "pipe '%s' is read by kernel '%s' but no kernel "
				   "writes it", pp->name, p->kernels[reader]->name);
		break;
	case PIPE_HOST:
		if (pp->dir != DIR_H2D && pp->dir != DIR_D2H) {
			diag_error(&ctx->diag, pp->loc, "host pipe '%s' needs the "
				   "direction SLUICE_H2D or SLUICE_D2H", pp->name);
			break;
		}
		for (unsigned k = 0; k < p->nkernels; k++) {
			if (u[k].r && u[k].w) {
				diag_error(&ctx->diag, pp->dir == DIR_H2D ? u[k].wloc : u[k].rloc,
					   "kernel '%s' both reads and writes host pipe "
					   "'%s'; the host also uses it",
					   p->kernels[k]->name, pp->name);
				diag_note(&ctx->diag, pp->dir == DIR_H2D ? u[k].rloc : u[k].wloc,
					  "'%s' %s '%s' here", p->kernels[k]->name,
					  pp->dir == DIR_H2D ? "reads" : "writes", pp->name);
			} else if (pp->dir == DIR_H2D && u[k].w) {
				diag_error(&ctx->diag, u[k].wloc,
					   "kernel '%s' writes host pipe '%s', which "
					   "carries data from the host to the device "
					   "(SLUICE_H2D): only the host writes it",
					   p->kernels[k]->name, pp->name);
			} else if (pp->dir == DIR_D2H && u[k].r) {
				diag_error(&ctx->diag, u[k].rloc,
					   "kernel '%s' reads host pipe '%s', which "
					   "carries data from the device to the host "
					   "(SLUICE_D2H): only the host reads it",
					   p->kernels[k]->name, pp->name);
			}
		}
		if (pp->dir == DIR_H2D)
			pp->writer = NULL;
		else
			pp->reader = NULL;
		if (pp->devmem)
			break; /* the device memory's own */
		if (pp->dir == DIR_H2D && reader < 0)
			diag_error(&ctx->diag, pp->loc, "host pipe '%s' (host to "
				   "device) is not read by any kernel", pp->name);
		if (pp->dir == DIR_D2H && writer < 0)
			diag_error(&ctx->diag, pp->loc, "host pipe '%s' (device to "
				   "host) is not written by any kernel", pp->name);
		break;
	case PIPE_IO:
		if (pp->dir != DIR_IN && pp->dir != DIR_OUT) {
			diag_error(&ctx->diag, pp->loc, "I/O pipe '%s' needs a "
				   "direction, in or out", pp->name);
			break;
		}
		for (unsigned k = 0; k < p->nkernels; k++) {
			if (pp->dir == DIR_IN && u[k].w)
				diag_error(&ctx->diag, u[k].wloc,
					   "kernel '%s' writes I/O pipe '%s', which is "
					   "an input port (SLUICE_IO_PIPE_IN)",
					   p->kernels[k]->name, pp->name);
			if (pp->dir == DIR_OUT && u[k].r)
				diag_error(&ctx->diag, u[k].rloc,
					   "kernel '%s' reads I/O pipe '%s', which is "
					   "an output port (SLUICE_IO_PIPE_OUT)",
					   p->kernels[k]->name, pp->name);
		}
		if (pp->dir == DIR_IN)
			pp->writer = NULL;
		else
			pp->reader = NULL;
		if (pp->dir == DIR_IN && reader < 0)
			diag_error(&ctx->diag, pp->loc, "I/O pipe '%s' (input port) "
				   "is not read by any kernel", pp->name);
		if (pp->dir == DIR_OUT && writer < 0)
			diag_error(&ctx->diag, pp->loc, "I/O pipe '%s' (output port) "
				   "is not written by any kernel", pp->name);
		break;
	case PIPE_DEVMEM:
		break; /* one kernel's own channel (lower_call.c) */
	}
}

/* ---- anchors ------------------------------------------------------------ */

struct anchor {
	int id;
	struct ir_op *op;
	struct ir_kernel *k;
};

static void check_anchors(struct hls_ctx *ctx, struct ir_program *p)
{
	struct anchor *an = NULL;
	unsigned n = 0;
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *bl = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < bl->nops; i++) {
				struct ir_op *op = bl->ops[i];
				if (!op->pipe || op->lat.anchor < 0)
					continue;
				struct anchor *dup = NULL;
				for (unsigned j = 0; j < n && !dup; j++)
					if (an[j].id == op->lat.anchor)
						dup = &an[j];
				if (dup) {
					diag_error(&ctx->diag, op->loc,
						   "anchor id %d is defined twice; anchor "
						   "ids are unique in the program", op->lat.anchor);
					diag_note(&ctx->diag, dup->op->loc,
						  "anchor %d is first defined here (kernel '%s')",
						  dup->id, dup->k->name);
					continue;
				}
				struct anchor a = {op->lat.anchor, op, p->kernels[k]};
				VEC_PUSH(&ctx->arena, an, n, a);
			}
		}
	for (unsigned k = 0; k < p->nkernels; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *bl = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < bl->nops; i++) {
				struct ir_op *op = bl->ops[i];
				if (!op->pipe || op->lat.target < 0)
					continue;
				const struct anchor *t = NULL;
				for (unsigned j = 0; j < n && !t; j++)
					if (an[j].id == op->lat.target)
						t = &an[j];
				if (!t) {
					diag_error(&ctx->diag, op->loc,
						   "latency constraint refers to anchor %d, "
						   "which no pipe operation defines",
						   op->lat.target);
				} else if (t->k != p->kernels[k]) {
					diag_error(&ctx->diag, op->loc,
						   "latency constraint refers to anchor %d "
						   "of kernel '%s'; a constraint relates two "
						   "operations of one kernel", op->lat.target,
						   t->k->name);
					diag_note(&ctx->diag, t->op->loc, "anchor %d is defined here",
						  t->id);
				}
			}
		}
}

unsigned link_check(struct hls_ctx *ctx, struct ir_program *p)
{
	unsigned errors0 = ctx->diag.errors;
	struct arena *a = &ctx->arena;
	unsigned np = p->npipes, nk = p->nkernels;
	unsigned *canon = arena_alloc(a, (np + 1) * sizeof *canon);
	merge_same_names(ctx, p, canon);

	/* who reads and writes what: use[pipe * nk + kernel] */
	struct use *use = arena_alloc(a, ((size_t)np * nk + 1) * sizeof *use);
	for (unsigned k = 0; k < nk; k++)
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++) {
			struct ir_block *bl = p->kernels[k]->blocks[b];
			for (unsigned i = 0; i < bl->nops; i++) {
				struct ir_op *op = bl->ops[i];
				if (!op->pipe || (!is_read(op->opc) && !is_write(op->opc)))
					continue;
				int pi = pipe_index(p, op->pipe);
				if (pi < 0) {
					diag_error(&ctx->diag, op->loc, "internal error: "
						   "pipe '%s' is not in the program",
						   op->pipe->name);
					continue;
				}
				unsigned c = canon[pi];
				op->pipe = p->pipes[c];
				struct use *u = &use[(size_t)c * nk + k];
				if (is_read(op->opc) && !u->r) {
					u->r = true;
					u->rloc = op->loc;
				}
				if (is_write(op->opc) && !u->w) {
					u->w = true;
					u->wloc = op->loc;
				}
			}
		}

	struct ir_pipe **keep = NULL;
	unsigned nkeep = 0;
	for (unsigned i = 0; i < np; i++) {
		struct ir_pipe *pp = p->pipes[i];
		if (canon[i] != i)
			continue;
		pp->reader = pp->writer = NULL;
		bool used = false;
		for (unsigned k = 0; k < nk; k++)
			used |= use[(size_t)i * nk + k].r || use[(size_t)i * nk + k].w;
		if (!used && pp->devmem) {
			VEC_PUSH(a, keep, nkeep, pp); /* the device memory's host port */
			continue;
		}
		if (!used) {
			diag_warning(&ctx->diag, pp->loc, "pipe '%s' is declared but no "
				     "kernel uses it; it is left out of the design",
				     pp->name);
			continue;
		}
		check_pipe(ctx, p, pp, &use[(size_t)i * nk]);
		VEC_PUSH(a, keep, nkeep, pp);
	}
	p->pipes = keep;
	p->npipes = nkeep;

	check_anchors(ctx, p);
	return ctx->diag.errors - errors0;
}
