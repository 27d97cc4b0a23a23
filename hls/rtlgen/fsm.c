/*
 * fsm.c -- the kernel's control: state encoding, stall, pipe strobes, next
 * state, busy/done.
 *
 * States are numbered S_IDLE = 0 (host-started kernels only), then every
 * (block, cycle) of the schedule in block order; binary encoding.  After
 * reset a host-started kernel sits in S_IDLE and an autorun kernel in the
 * entry block's first state, or in the loop its entry block only starts
 * (pipeline.c's plan_start).
 *
 * stall is high when the current state holds a blocking pipe op whose
 * handshake does not happen this cycle (or a pipelined loop that holds as
 * one is held); while it is high nothing in the kernel changes
 * (state_next = state_reg, every register and divider holds).  Pipe
 * strobes (tready of a read, tvalid of a write) come from pipeline.c: the
 * op's state or loop cycle, and no other op it completes with waiting, so
 * no kernel output depends combinationally on the partner signal of the
 * same port (AXI rule); a write's tdata is muxed by state.  A pipelined
 * loop is one state, left for its exit once its last iteration drained.  Transitions: inside a block to the next cycle; in a block's last
 * state by its terminator; IR_RET goes to S_IDLE (started: done pulses in
 * that state, busy falls after it) or back to the entry (autorun).
 */
#include "rtlgen_internal.h"

#include <assert.h>
#include <string.h>

static unsigned clog2(unsigned n)
{
	unsigned b = 0;
	while ((1u << b) < n)
		b++;
	return b;
}

/* FSM states of block b: one for a pipelined loop, whose cycles are
 * valid bits of their own (pipeline.c), else one per cycle. */
static unsigned block_states(const struct kgen *kg, unsigned b)
{
	return kg->sk->ii && kg->sk->ii[b] ? 1 : kg->sk->block_len[b];
}

void fsm_plan(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	unsigned n = k->kind == KERNEL_STARTED ? 1 : 0;
	kg->state_base = arena_alloc(&ctx->arena, k->nblocks * sizeof *kg->state_base);
	for (unsigned b = 0; b < k->nblocks; b++) {
		assert(kg->sk->block_len[b] >= 1);
		kg->state_base[b] = n;
		n += block_states(kg, b);
	}
	kg->nstates = n;
	kg->state_bits = n > 1 ? clog2(n) : 1;
	kg->state_name = arena_alloc(&ctx->arena, n * sizeof *kg->state_name);
	names_add(ctx, &kg->names, "state_reg");
	names_add(ctx, &kg->names, "state_next");
	names_add(ctx, &kg->names, "stall");
	if (k->kind == KERNEL_STARTED)
		kg->idle = kg->state_name[0] = names_fresh(ctx, &kg->names, "S_IDLE");
	struct rtl_names blocks = {0};
	kg->block_name = arena_alloc(&ctx->arena, k->nblocks * sizeof *kg->block_name);
	for (unsigned b = 0; b < k->nblocks; b++) {
		const char *fb = arena_printf(&ctx->arena, "bb%u", b);
		const char *base = names_fresh(ctx, &blocks,
					       rtl_sanitize(ctx, k->blocks[b]->name, fb));
		kg->block_name[b] = base;
		if (block_states(kg, b) == 1 && kg->sk->block_len[b] > 1)
			kg->state_name[kg->state_base[b]] = names_fresh(
				ctx, &kg->names, arena_printf(&ctx->arena, "S_%s_pipe", base));
		else
			for (unsigned c = 0; c < kg->sk->block_len[b]; c++)
				kg->state_name[kg->state_base[b] + c] = names_fresh(
					ctx, &kg->names, arena_printf(&ctx->arena, "S_%s_%u", base, c));
	}
	kg->reset_state = kg->state_base[0];
	if (k->kind == KERNEL_STARTED)
		kg->reset_state = 0;
}

const char *fsm_state(const struct kgen *kg, const struct ir_block *b,
		      unsigned cycle)
{
	assert(cycle < kg->sk->block_len[b->id]);
	if (block_states(kg, b->id) == 1)
		cycle = 0;
	return kg->state_name[kg->state_base[b->id] + cycle];
}

const char *fsm_in(struct kgen *kg, const struct ir_block *b, unsigned cycle)
{
	return arena_printf(&kg->ctx->arena, "(state_reg == %s)",
			    fsm_state(kg, b, cycle));
}

static const char *pipe_op_word(enum ir_opcode opc)
{
	switch (opc) {
	case IR_PIPE_READ: return "reads";
	case IR_PIPE_WRITE: return "writes";
	case IR_PIPE_READ_NB: return "tries to read";
	case IR_PIPE_WRITE_NB: return "tries to write";
	default: return NULL;
	}
}

void fsm_emit_decls(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	unsigned nb = kg->state_bits;

	/* the source lines and the pipe op of each state */
	struct ir_loc **locs = arena_alloc(&ctx->arena, kg->nstates * sizeof *locs);
	unsigned *nlocs = arena_alloc(&ctx->arena, kg->nstates * sizeof *nlocs);
	const char **what = arena_alloc(&ctx->arena, kg->nstates * sizeof *what);
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			if (!kg->val[op->id].needed)
				continue;
			unsigned s = kg->state_base[b] +
				     (block_states(kg, b) == 1 ? 0 : op_cycle(kg, op));
			VEC_PUSH(&ctx->arena, locs[s], nlocs[s], op->loc);
			if (pipe_op_word(op->opc))
				what[s] = arena_printf(&ctx->arena, "%s%s%s '%s'",
						       what[s] ? what[s] : "", what[s] ? ", " : "",
						       pipe_op_word(op->opc), op->pipe->name);
		}
	}

	fputs("    // ---- FSM: one state per (block, cycle) of the schedule ----\n", f);
	for (unsigned s = 0; s < kg->nstates; s++) {
		const char *lines = rtl_lines(ctx, locs[s], nlocs[s]);
		const char *c = s == 0 && kg->idle ? "waiting for start" : lines;
		if (what[s])
			c = arena_printf(&ctx->arena, "%s%s%s", c ? c : "", c ? "; " : "", what[s]);
		fprintf(f, "    localparam [%u:0] %s = %u'd%u;%s%s\n", nb - 1,
			kg->state_name[s], nb, s, c ? " // " : "", c ? c : "");
	}
	fprintf(f, "\n    reg [%u:0] state_reg;\n", nb - 1);
	fprintf(f, "    reg [%u:0] state_next;\n", nb - 1);
	fputs("    wire stall; // the state's blocking pipe op is waiting for its handshake\n\n", f);
}

/* The port's strobe: any of its ops' (pipeline.c). */
static const char *strobe(struct kgen *kg, const struct kport *pt)
{
	const char *s = "";
	for (unsigned i = 0; i < pt->nops; i++)
		s = arena_printf(&kg->ctx->arena, "%s%s%s", s, i ? " ||\n        " : "",
				 pipe_strobe_of(kg, pt->ops[i]));
	return s;
}

/* A write port's tdata: the word of the op that runs, the last op's word
 * when none does; a chain of `cond ? word :`, one for each op in program
 * order.  Where the ops of FSM states write TDATA_CASE_MIN words or more
 * besides the last, those are chosen by a case on state_reg instead,
 * which Yosys makes a parallel multiplexer, where the chain stays a
 * priority chain, a level a state after ABC.  bench/oddeven's writer, 16
 * words of the sorted block in 16 states, was the critical path of the
 * whole design: 29.2 -> 34.1 MHz on the UP5K, 2973 -> 2620 LUTs on the
 * ECP5.  Below four words the chain is as small or smaller (synth_ice40
 * of tests/kernels, one to three: -24 to +26 LUTs; bench/aes128's
 * writer, three, +32 LUTs on the ECP5); from four on the case saves up
 * to 86 LUTs (sha256_digest's seven: 2766 -> 2690).  In the case, states
 * that write the last op's word are left to the default and states that
 * write the same word share an arm; the ops of pipelined loops, whose
 * stage valid bits say which runs, stay a chain in front of it. */
#define TDATA_CASE_MIN 4

static void emit_tdata(struct kgen *kg, const struct kport *pt)
{
	struct arena *ar = &kg->ctx->arena;
	FILE *f = kg->f;
	const char *dflt = arg_ref(kg, pt->ops[pt->nops - 1], 0), *chain = "", *all = "";
	const char **arm = arena_alloc(ar, pt->nops * sizeof *arm);
	const char **word = arena_alloc(ar, pt->nops * sizeof *word);
	struct rtl_names seen = {0}; /* the states of the arms so far */
	unsigned narms = 0;
	for (unsigned j = 0; j + 1 < pt->nops; j++) {
		const struct ir_op *op = pt->ops[j];
		const char *w = arg_ref(kg, op, 0);
		const char *link = arena_printf(ar, "%s ? %s :\n        ",
						pipe_active(kg, op->block, op_cycle(kg, op)), w);
		all = arena_printf(ar, "%s%s", all, link);
		if (kg->loop[op->block->id]) {
			if (strcmp(w, dflt))
				chain = arena_printf(ar, "%s%s", chain, link);
			continue;
		}
		/* a state's first op wins, as in the chain (the schedule puts
		 * one op of a pipe in a cycle, so there is no second) */
		const char *st = fsm_state(kg, op->block, op_cycle(kg, op));
		if (names_has(&seen, st))
			continue;
		names_add(kg->ctx, &seen, st);
		if (!strcmp(w, dflt))
			continue;
		unsigned a = 0;
		while (a < narms && strcmp(word[a], w))
			a++;
		if (a == narms)
			word[narms] = w, arm[narms++] = st;
		else
			arm[a] = arena_printf(ar, "%s, %s", arm[a], st);
	}
	if (narms < TDATA_CASE_MIN) {
		fprintf(f, "    assign %s = %s%s;\n", pt->tdata, all, dflt);
		return;
	}
	const char *r = names_fresh(kg->ctx, &kg->names,
				    arena_printf(ar, "%s_by_state", pt->tdata));
	fprintf(f, "    reg [%u:0] %s;\n    always @* begin\n"
		   "        case (state_reg)\n", pt->pipe->width - 1, r);
	for (unsigned a = 0; a < narms; a++)
		fprintf(f, "        %s: %s = %s;\n", arm[a], r, word[a]);
	fprintf(f, "        default: %s = %s;\n        endcase\n    end\n", r, dflt);
	fprintf(f, "    assign %s = %s%s;\n", pt->tdata, chain, r);
}

void fsm_emit_pipes(struct kgen *kg)
{
	FILE *f = kg->f;
	fputs("    // ---- pipe handshakes: an op's strobe when it runs and nothing else holds it ----\n", f);
	for (unsigned i = 0; i < kg->nports; i++) {
		struct kport *pt = &kg->ports[i];
		if (pt->is_read) {
			fprintf(f, "    assign %s = %s;\n", pt->tready, strobe(kg, pt));
		} else {
			fprintf(f, "    assign %s = %s;\n", pt->tvalid, strobe(kg, pt));
			emit_tdata(kg, pt);
		}
	}
	const char *stall = pipe_kernel_stall(kg);
	fprintf(f, "    assign stall = %s;\n\n", stall ? stall : "1'b0");
}

const char *fsm_goes_to(struct kgen *kg, struct ir_block *from, const struct ir_block *to)
{
	const struct ir_op *t = ir_terminator(from);
	if (!kg->loop[from->id] && t->opc == IR_BR && t->succs[0] == to)
		return NULL;
	if (!kg->loop[from->id] && t->opc == IR_CONDBR) {
		bool taken = t->succs[0] == to, not_taken = t->succs[1] == to;
		if (taken && not_taken)
			return NULL;
		if (taken)
			return arg_ref(kg, t, 0);
		if (not_taken)
			return arena_printf(&kg->ctx->arena, "!%s", arg_ref(kg, t, 0));
	}
	return arena_printf(&kg->ctx->arena, "state_next == %s", fsm_state(kg, to, 0));
}

/* state_next assignment(s) for the terminator of block b. */
static void emit_transition(struct kgen *kg, struct ir_block *b)
{
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	struct ir_op *t = ir_terminator(b);
	assert(t);
	switch (t->opc) {
	case IR_BR:
		fprintf(f, "state_next = %s;\n", fsm_state(kg, t->succs[0], 0));
		break;
	case IR_CONDBR:
		fprintf(f, "state_next = %s ? %s : %s;\n", arg_ref(kg, t, 0),
			fsm_state(kg, t->succs[0], 0), fsm_state(kg, t->succs[1], 0));
		break;
	case IR_SWITCH: {
		unsigned w = t->args[0]->width;
		fprintf(f, "begin\n                case (%s)\n", arg_ref(kg, t, 0));
		/* one arm per target, listing its case values */
		for (unsigned i = 1; i < t->nsuccs; i++) {
			bool first = true;
			for (unsigned j = 1; j < i; j++)
				first &= t->succs[j] != t->succs[i];
			if (!first || t->succs[i] == t->succs[0])
				continue;
			const char *items = "";
			for (unsigned j = i; j < t->nsuccs; j++)
				if (t->succs[j] == t->succs[i])
					items = arena_printf(&ctx->arena, "%s%s%s", items,
							     *items ? ", " : "",
							     rtl_literal64(ctx, w, t->case_vals[j - 1]));
			fprintf(f, "                %s: state_next = %s;\n", items,
				fsm_state(kg, t->succs[i], 0));
		}
		fprintf(f, "                default: state_next = %s;\n"
			   "                endcase\n            end\n",
			fsm_state(kg, t->succs[0], 0));
		break;
	}
	case IR_RET:
		fprintf(f, "state_next = %s; // return\n",
			kg->idle ? kg->idle : fsm_state(kg, kg->k->blocks[0], 0));
		break;
	default:
		assert(!"not a terminator");
	}
}

void fsm_emit_logic(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	const char *reset = kg->state_name[kg->reset_state];

	fputs("    // ---- control ----\n", f);
	if (kg->idle) {
		const char *ret = NULL;
		for (unsigned b = 0; b < k->nblocks; b++)
			if (ir_terminator(k->blocks[b])->opc == IR_RET) {
				const char *in = fsm_in(kg, k->blocks[b], block_last(kg, k->blocks[b]));
				ret = ret ? arena_printf(&ctx->arena, "%s || %s", ret, in) : in;
			}
		fprintf(f, "    assign busy = (state_reg != %s);\n", kg->idle);
		if (ret)
			fprintf(f, "    assign done = (%s) && !stall;\n\n", ret);
		else
			fputs("    assign done = 1'b0; // the kernel never returns\n\n", f);
	}

	fputs("    always @* begin\n"
	      "        state_next = state_reg;\n"
	      "        if (!stall) begin\n"
	      "            case (state_reg)\n", f);
	if (kg->idle)
		fprintf(f, "            %s: if (start) state_next = %s;\n", kg->idle,
			fsm_state(kg, k->blocks[0], 0));
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		unsigned last = block_last(kg, blk);
		if (kg->loop[b]) {
			/* leave once the last iteration has drained */
			const char *out = pipe_exit_state(kg, kg->loop[b]);
			if (out)
				fprintf(f, "            %s: if (%s == 0) state_next = %s;\n",
					fsm_state(kg, blk, 0), kg->loop[b]->v, out);
			else
				fprintf(f, "            %s: state_next = %s; // the loop never ends\n",
					fsm_state(kg, blk, 0), fsm_state(kg, blk, 0));
			continue;
		}
		for (unsigned c = 0; c < last; c++)
			fprintf(f, "            %s: state_next = %s;\n", fsm_state(kg, blk, c),
				fsm_state(kg, blk, c + 1));
		fprintf(f, "            %s: ", fsm_state(kg, blk, last));
		emit_transition(kg, blk);
	}
	fprintf(f, "            default: state_next = %s;\n"
		   "            endcase\n"
		   "        end\n"
		   "    end\n\n",
		reset);
	fprintf(f, "    always @(posedge clk) begin\n"
		   "        state_reg <= state_next;\n"
		   "        if (rst) begin\n"
		   "            state_reg <= %s;\n"
		   "        end\n"
		   "    end\n\n",
		reset);
}
