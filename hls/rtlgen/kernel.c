/*
 * kernel.c -- one kernel module, kernel_<name>.v: its ports and the order
 * of its sections.
 *
 * Ports, in this order:
 *   clk, rst;
 *   host-started kernels: start, busy, done, then arg_<P> per parameter;
 *   spec_<S> per register-bound spec constant S the kernel reads (program
 *   order): a started kernel latches it at start like an argument, so
 *   one run sees one value; an autorun kernel reads the port as it is;
 *   per pipe the kernel uses (program pipe order): for a pipe it reads
 *   <pipe>_tdata, <pipe>_tvalid (inputs), <pipe>_tready (output); for a
 *   pipe it writes <pipe>_tdata, <pipe>_tvalid (outputs), <pipe>_tready
 *   (input).  A pipe the kernel both reads and writes (a loop-back through
 *   its own FIFO) gets <pipe>_rd_* and <pipe>_wr_*.
 * Input ports the kernel never reads (an argument it ignores) are declared
 * inside a lint_off UNUSEDSIGNAL bracket, which is also how any signal of
 * which only some bits are read is declared (kgen_decl).
 */
#include "rtlgen_internal.h"

#include <assert.h>
#include <string.h>

static bool is_read_op(enum ir_opcode opc)
{
	return opc == IR_PIPE_READ || opc == IR_PIPE_READ_NB;
}

static bool is_pipe_op(enum ir_opcode opc)
{
	return opc >= IR_PIPE_READ && opc <= IR_PIPE_WRITE_NB;
}

const char *rtl_arg_port(struct hls_ctx *ctx, const struct ir_param *param)
{
	return arena_printf(&ctx->arena, "arg_%s", param->name);
}

const char *rtl_spec_port(struct hls_ctx *ctx, const struct ir_spec_const *s)
{
	return arena_printf(&ctx->arena, "spec_%s", s->name);
}

bool rtl_kernel_uses_spec(const struct ir_kernel *k, const struct ir_spec_const *s)
{
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++)
			if (k->blocks[b]->ops[j]->opc == IR_SPEC &&
			    k->blocks[b]->ops[j]->spec == s)
				return true;
	return false;
}

int rtl_kernel_ports(struct hls_ctx *ctx, struct ir_program *p,
		     struct ir_kernel *k, struct kport **out)
{
	/* per pipe: [0] read port, [1] write port */
	struct kport *pp = arena_alloc(&ctx->arena, (2 * p->npipes + 1) * sizeof *pp);
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (!is_pipe_op(op->opc))
				continue;
			unsigned i = 0;
			while (i < p->npipes && p->pipes[i] != op->pipe)
				i++;
			if (i == p->npipes) {
				diag_error(&ctx->diag, op->loc,
					   "internal error: kernel '%s' uses pipe '%s' that is not in the program",
					   k->name, op->pipe ? op->pipe->name : "?");
				return -1;
			}
			struct kport *port = &pp[2 * i + (is_read_op(op->opc) ? 0 : 1)];
			port->pipe = op->pipe;
			port->is_read = is_read_op(op->opc);
			VEC_PUSH(&ctx->arena, port->ops, port->nops, op);
		}
	}
	struct kport *v = NULL;
	unsigned n = 0;
	for (unsigned i = 0; i < p->npipes; i++) {
		bool both = pp[2 * i].pipe && pp[2 * i + 1].pipe;
		for (unsigned d = 0; d < 2; d++) {
			struct kport port = pp[2 * i + d];
			if (!port.pipe)
				continue;
			const char *pre = port.pipe->name;
			if (both)
				pre = arena_printf(&ctx->arena, "%s_%s", pre, d ? "wr" : "rd");
			port.tdata = arena_printf(&ctx->arena, "%s_tdata", pre);
			port.tvalid = arena_printf(&ctx->arena, "%s_tvalid", pre);
			port.tready = arena_printf(&ctx->arena, "%s_tready", pre);
			VEC_PUSH(&ctx->arena, v, n, port);
		}
	}
	*out = v;
	return (int)n;
}

struct kport *kgen_port_of(struct kgen *kg, const struct ir_op *op)
{
	for (unsigned i = 0; i < kg->nports; i++)
		if (kg->ports[i].pipe == op->pipe &&
		    kg->ports[i].is_read == is_read_op(op->opc))
			return &kg->ports[i];
	assert(!"pipe op without a port");
	return NULL;
}

int kgen_spec_index(const struct kgen *kg, const struct ir_spec_const *s)
{
	const struct ir_program *p = kg->g->p;
	for (unsigned i = 0; i < p->nspecs; i++)
		if (p->specs[i] == s)
			return (int)i;
	return -1;
}

int kgen_state_index(const struct kgen *kg, const struct ir_state *st)
{
	for (unsigned i = 0; i < kg->k->nstates; i++)
		if (kg->k->states[i] == st)
			return (int)i;
	return -1;
}

static const char *range(struct hls_ctx *ctx, unsigned width)
{
	return width ? arena_printf(&ctx->arena, "[%u:0] ", width - 1) : "";
}

void kgen_decl(struct kgen *kg, const char *indent, const char *kind,
	       unsigned width, const char *name, const char *init,
	       bool fully_read, const char *comment)
{
	FILE *f = kg->f;
	if (!fully_read)
		fprintf(f, "%s/* verilator lint_off UNUSEDSIGNAL */\n", indent);
	fprintf(f, "%s%s %s%s%s%s;", indent, kind, range(kg->ctx, width), name,
		init ? " = " : "", init ? init : "");
	if (comment)
		fprintf(f, " // %s", comment);
	fputc('\n', f);
	if (!fully_read)
		fprintf(f, "%s/* verilator lint_on UNUSEDSIGNAL */\n", indent);
}

/* Reserves a port name; two ports of one name are an error. */
static int reserve_port(struct kgen *kg, const char *name)
{
	if (names_has(&kg->names, name)) {
		diag_error(&kg->ctx->diag, kg->k->loc,
			   "kernel '%s': two ports would be named '%s'", kg->k->name, name);
		return -1;
	}
	names_add(kg->ctx, &kg->names, name);
	return 0;
}

static int plan_ports(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	int n = rtl_kernel_ports(kg->ctx, kg->g->p, k, &kg->ports);
	if (n < 0)
		return -1;
	kg->nports = (unsigned)n;
	int err = reserve_port(kg, "clk") | reserve_port(kg, "rst");
	if (k->kind == KERNEL_STARTED)
		err |= reserve_port(kg, "start") | reserve_port(kg, "busy") |
		       reserve_port(kg, "done");
	kg->arg_port = arena_alloc(&kg->ctx->arena, (k->nparams + 1) * sizeof(char *));
	kg->arg_reg = arena_alloc(&kg->ctx->arena, (k->nparams + 1) * sizeof(char *));
	for (unsigned i = 0; i < k->nparams; i++) {
		kg->arg_port[i] = rtl_arg_port(kg->ctx, &k->params[i]);
		err |= reserve_port(kg, kg->arg_port[i]);
	}
	struct ir_program *p = kg->g->p;
	kg->spec_port = arena_alloc(&kg->ctx->arena, (p->nspecs + 1) * sizeof(char *));
	kg->spec_reg = arena_alloc(&kg->ctx->arena, (p->nspecs + 1) * sizeof(char *));
	kg->spec_read = arena_alloc(&kg->ctx->arena, (p->nspecs + 1) * sizeof(bool));
	for (unsigned i = 0; i < p->nspecs; i++) {
		if (!rtl_kernel_uses_spec(k, p->specs[i]))
			continue;
		kg->spec_port[i] = rtl_spec_port(kg->ctx, p->specs[i]);
		err |= reserve_port(kg, kg->spec_port[i]);
	}
	for (unsigned i = 0; i < kg->nports; i++)
		err |= reserve_port(kg, kg->ports[i].tdata) |
		       reserve_port(kg, kg->ports[i].tvalid) |
		       reserve_port(kg, kg->ports[i].tready);
	return err ? -1 : 0;
}

/* One port line; `last` ends the list without a comma. */
static void port_line(struct kgen *kg, const char *dir, unsigned width,
		      const char *name, bool read, bool last)
{
	FILE *f = kg->f;
	if (!read)
		fputs("    /* verilator lint_off UNUSEDSIGNAL */\n", f);
	fprintf(f, "    %-6s wire %-10s %s%s\n", dir,
		width ? arena_printf(&kg->ctx->arena, "[%u:0]", width - 1) : "",
		name, last ? "" : ",");
	if (!read)
		fputs("    /* verilator lint_on UNUSEDSIGNAL */\n", f);
}

static const char *pipe_kind_name(const struct ir_pipe *pipe)
{
	static const char *const kinds[] = {"kernel", "host", "I/O", "device memory"};
	return pipe->kind <= PIPE_DEVMEM ? kinds[pipe->kind] : "?";
}

static void emit_ports(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	FILE *f = kg->f;
	struct ir_program *p = kg->g->p;
	unsigned nspec = 0, spec_left;
	for (unsigned i = 0; i < p->nspecs; i++)
		nspec += kg->spec_port[i] != NULL;
	fprintf(f, "module kernel_%s (\n", k->name);
	bool more = k->kind == KERNEL_STARTED || kg->nports || nspec;
	bool started = k->kind == KERNEL_STARTED;
	port_line(kg, "input", 0, "clk", true, false);
	port_line(kg, "input", 0, "rst", true, !more);
	if (started) {
		fputs("\n    // control: a start is taken in S_IDLE; done pulses as the kernel returns\n", f);
		port_line(kg, "input", 0, "start", true, false);
		port_line(kg, "output", 0, "busy", true, false);
		port_line(kg, "output", 0, "done", true, !k->nparams && !kg->nports && !nspec);
		for (unsigned i = 0; i < k->nparams; i++)
			port_line(kg, "input", k->params[i].width, kg->arg_port[i],
				  kg->arg_reg[i] != NULL,
				  i + 1 == k->nparams && !kg->nports && !nspec);
	}
	if (nspec)
		fprintf(f, "\n    // register-bound specialization constants%s\n",
			started ? ", latched at start" : "");
	spec_left = nspec;
	for (unsigned i = 0; i < p->nspecs; i++) {
		if (!kg->spec_port[i])
			continue;
		spec_left--;
		port_line(kg, "input", p->specs[i]->width, kg->spec_port[i],
			  started ? kg->spec_reg[i] != NULL : kg->spec_read[i],
			  !spec_left && !kg->nports);
	}
	for (unsigned i = 0; i < kg->nports; i++) {
		struct kport *pt = &kg->ports[i];
		bool last = i + 1 == kg->nports;
		fprintf(f, "\n    // %s %s pipe '%s' (%s, %u bits)\n",
			pt->is_read ? "reads" : "writes", pipe_kind_name(pt->pipe),
			pt->pipe->name, pt->pipe->type ? pt->pipe->type : "?",
			pt->pipe->width);
		if (pt->is_read) {
			port_line(kg, "input", pt->pipe->width, pt->tdata, pt->tdata_read, false);
			port_line(kg, "input", 0, pt->tvalid, pt->tvalid_read, false);
			port_line(kg, "output", 0, pt->tready, true, last);
		} else {
			port_line(kg, "output", pt->pipe->width, pt->tdata, true, false);
			port_line(kg, "output", 0, pt->tvalid, true, false);
			port_line(kg, "input", 0, pt->tready, pt->tready_read, last);
		}
	}
	fputs(");\n\n", f);
}

static const char *describe(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	const char *where = rtl_lines(kg->ctx, &k->loc, 1);
	return arena_printf(&kg->ctx->arena,
			    "kernel_%s: %s kernel '%s'%s%s%s, %u FSM states.",
			    k->name,
			    k->kind == KERNEL_STARTED ? "host-started" : "autorun",
			    k->name, where ? " (" : "", where ? where : "",
			    where ? ")" : "", kg->nstates);
}

int rtl_emit_kernel(struct rtl_gen *g, unsigned ki)
{
	struct kgen kgs = {
		.g = g, .ctx = g->ctx, .k = g->p->kernels[ki],
		.sk = &g->s->kernels[ki],
	};
	struct kgen *kg = &kgs;
	if (kg->sk->kernel && kg->sk->kernel != kg->k) {
		diag_error(&g->ctx->diag, kg->k->loc,
			   "internal error: schedule of kernel '%s' is for another kernel",
			   kg->k->name);
		return -1;
	}
	if (plan_ports(kg))
		return -1;
	fsm_plan(kg);
	pipe_plan(kg);
	if (values_plan(kg))
		return -1;
	mem_plan(kg);

	const char *fname = arena_printf(&g->ctx->arena, "kernel_%s.v", kg->k->name);
	kg->f = rtl_open(g, fname);
	if (!kg->f)
		return -1;
	rtl_file_header(g, kg->f, describe(kg));
	emit_ports(kg);
	fsm_emit_decls(kg);
	pipe_emit_decls(kg);
	regs_emit_decls(kg);
	mem_emit_decls(kg);
	dp_emit_functions(kg);
	window_emit_wires(kg);
	dp_emit_wires(kg);
	mem_emit_ports(kg);
	fsm_emit_pipes(kg);
	regs_emit_always(kg);
	pipe_emit_logic(kg);
	fsm_emit_logic(kg);
	fputs("endmodule\n\n`resetall\n", kg->f);
	return rtl_close(g, kg->f, fname);
}
