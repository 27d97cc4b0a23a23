/*
 * print.c -- the textual form of the IR, for --dump-ir and for tests.
 *
 *   kernel scale(%n: i32 signed) started
 *   bb0 entry:                                   ; preds: -
 *     %3 = arg.32 #0 n                           ; vscale.c:6:20
 *     %5 = pipe.read.32 in anchor=0              ; vscale.c:8:17
 *     condbr %7, bb2, bb3
 *
 * Values print as %id (with their C name in the trailing comment); widths
 * follow the opcode.  The form is for people; nothing parses it back.
 */
#include "ir.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *pipe_kind_name(enum ir_pipe_kind k)
{
	return k == PIPE_HOST ? "host" : k == PIPE_IO ? "io" : k == PIPE_DEVMEM ? "devmem" : "kernel";
}

static const char *pipe_dir_name(enum ir_pipe_dir d)
{
	static const char *const names[] = {"none", "h2d", "d2h", "in", "out"};
	return d <= DIR_OUT ? names[d] : "?";
}

static void print_wide(FILE *f, unsigned width, const uint64_t *w)
{
	unsigned n = (width + 63) / 64;
	while (n > 1 && !w[n - 1])
		n--; /* leading zero words */
	fputs("0x", f);
	for (unsigned i = n; i-- > 0;)
		fprintf(f, i == n - 1 ? "%" PRIx64 : "%016" PRIx64, w[i]);
}

static void print_op(FILE *f, const struct ir_op *op)
{
	char lhs[32] = "";
	if (op->width)
		snprintf(lhs, sizeof lhs, "%%%u = ", op->id);
	int col = fprintf(f, "  %s%s", lhs, ir_opcode_name(op->opc));
	if (op->width)
		col += fprintf(f, ".%u", op->width);
	if (op->opc == IR_FCMP)
		col += fprintf(f, " %s", ir_fcmp_name(op->index));
	switch (op->opc) {
	case IR_CONST:
		col += fprintf(f, " ");
		if (op->imm_words)
			print_wide(f, op->width, op->imm_words), col += 18;
		else
			col += fprintf(f, "%" PRIu64, op->imm);
		break;
	case IR_ARG:
		col += fprintf(f, " #%u", op->index);
		break;
	case IR_SPEC:
		col += fprintf(f, " %s", op->spec ? op->spec->name : "?");
		break;
	case IR_EXTRACT:
		col += fprintf(f, " %%%u[%u +: %u]", op->args[0]->id, op->index,
			       op->width);
		break;
	case IR_PHI:
		for (unsigned i = 0; i < op->nargs; i++)
			col += fprintf(f, "%s [%%%u, bb%u]", i ? "," : "",
				       op->args[i]->id, op->phi_blocks[i]->id);
		break;
	default:
		if (op->pipe)
			col += fprintf(f, "%s %s", op->keep ? " keep" : "", op->pipe->name);
		if (op->state)
			col += fprintf(f, " %s", op->state->name);
		if (op->mem)
			col += fprintf(f, " %s", op->mem->name);
		for (unsigned i = 0; i < op->nargs; i++)
			col += fprintf(f, "%s %%%u", i || op->pipe || op->state || op->mem ? "," : "",
				       op->args[i]->id);
		for (unsigned i = 0; i < op->nsuccs; i++) {
			if (op->opc == IR_SWITCH && i > 0)
				col += fprintf(f, ", %" PRIu64 " -> bb%u",
					       op->case_vals[i - 1], op->succs[i]->id);
			else if (op->opc == IR_SWITCH)
				col += fprintf(f, ", default bb%u", op->succs[i]->id);
			else
				col += fprintf(f, "%s bb%u", i || op->nargs ? "," : "",
					       op->succs[i]->id);
		}
		break;
	}
	if (op->lat.anchor >= 0)
		col += fprintf(f, " anchor=%d", op->lat.anchor);
	if (op->lat.kind != LAT_NONE) {
		static const char *const kinds[] = {"none", "exact", "max", "min"};
		col += fprintf(f, " latency(%s %d after anchor %d)",
			       kinds[op->lat.kind], op->lat.cycles, op->lat.target);
	}
	if (op->name || op->loc.file) {
		fprintf(f, "%*s;", col < 44 ? 44 - col : 1, "");
		if (op->name)
			fprintf(f, " %s", op->name);
		if (op->loc.file)
			fprintf(f, " %s:%u:%u", op->loc.file, op->loc.line, op->loc.col);
	}
	fputc('\n', f);
}

void ir_print_kernel(struct ir_kernel *k, void *file)
{
	FILE *f = file;
	fprintf(f, "kernel %s(", k->name);
	for (unsigned i = 0; i < k->nparams; i++)
		fprintf(f, "%s%s: i%u %s @%u", i ? ", " : "", k->params[i].name,
			k->params[i].width,
			k->params[i].is_signed ? "signed" : "unsigned",
			k->params[i].offset);
	fprintf(f, ") %s, args %u bytes\n",
		k->kind == KERNEL_AUTORUN ? "autorun" : "started", k->args_size);
	for (unsigned i = 0; i < k->nstates; i++) {
		struct ir_state *s = k->states[i];
		fprintf(f, "  state %s: %u bits, init ", s->name, s->width);
		print_wide(f, s->width, s->init);
		fputc('\n', f);
	}
	for (unsigned i = 0; i < k->nmems; i++) {
		struct ir_mem *m = k->mems[i];
		fprintf(f, "  mem %s: %u x %u bits%s%s\n", m->name, m->depth, m->width,
			m->rom ? ", rom" : "", m->init ? ", initialised" : "");
	}
	for (unsigned i = 0; i < k->nblocks; i++) {
		struct ir_block *b = k->blocks[i];
		int col = fprintf(f, "bb%u %s:", b->id, b->name);
		fprintf(f, "%*s; preds:", col < 46 ? 46 - col : 1, "");
		if (!b->npreds)
			fputs(" -", f);
		for (unsigned j = 0; j < b->npreds; j++)
			fprintf(f, " bb%u", b->preds[j]->id);
		fputc('\n', f);
		for (unsigned j = 0; j < b->nops; j++)
			print_op(f, b->ops[j]);
	}
}

void ir_print(struct ir_program *p, void *file)
{
	FILE *f = file;
	fprintf(f, "program %s\n", p->name);
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pp = p->pipes[i];
		fprintf(f, "pipe %s: %s, %u bits, %s %s, min_capacity %d", pp->name,
			pp->type ? pp->type : "?", pp->width, pipe_kind_name(pp->kind),
			pipe_dir_name(pp->dir), pp->min_capacity);
		if (pp->depth)
			fprintf(f, ", depth %u", pp->depth);
		if (pp->writer || pp->reader)
			fprintf(f, ", %s -> %s", pp->writer ? pp->writer->name : "host/port",
				pp->reader ? pp->reader->name : "host/port");
		fputc('\n', f);
	}
	for (unsigned i = 0; i < p->nspecs; i++)
		fprintf(f, "spec %s: %s, %u bits = %" PRIu64 "\n", p->specs[i]->name,
			p->specs[i]->type, p->specs[i]->width, p->specs[i]->value);
	for (unsigned i = 0; i < p->nkernels; i++) {
		fputc('\n', f);
		ir_print_kernel(p->kernels[i], f);
	}
}

void ir_after_pass(struct hls_ctx *ctx, struct ir_program *p, const char *pass)
{
	ctx->dump_seq++;
	if (ctx->dump_dir) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%02u-%s.ir", ctx->dump_dir,
			 ctx->dump_seq, pass);
		FILE *f = fopen(path, "w");
		if (f) {
			ir_print(p, f);
			fclose(f);
		} else {
			diag_error(&ctx->diag, (struct ir_loc){0},
				   "cannot write '%s'", path);
		}
	} else if (ctx->dump_stdout) {
		printf(";; ---- after %02u-%s ----\n", ctx->dump_seq, pass);
		ir_print(p, stdout);
		putchar('\n');
	}
	if (ctx->verify)
		ir_verify(ctx, p, pass);
}
