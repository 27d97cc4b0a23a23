/*
 * datapath.c -- the kernel's values as Verilog: one wire per value with its
 * combinational expression, a sluice_div instance per division (or per
 * x / y, x % y pair) and a sluice_mul instance per multiplication with a
 * latency, and the functions of ordered compares and bit counting.
 *
 * Every expression reads named signals only (wires, registers, ports), so
 * slices are always of identifiers; operands are chosen by val_ref for the
 * state the op starts in.  Semantics beyond C's:
 *   - shifts by >= the width give 0 (shl, lshr) or the sign (ashr): Verilog
 *     shifts do exactly that for any amount width;
 *   - signed ops go through $signed() and back through $unsigned(), so the
 *     signedness never leaks into the surrounding context; signed compares
 *     are unsigned compares of the operands with their sign bits flipped;
 *   - a combinational divide (latency 0 in the schedule) gives the results
 *     of rtl/sluice_div.v for x/0 and MIN/-1;
 *   - undef is 0.
 */
#include "rtlgen_internal.h"

#include <assert.h>

static const char *bin(struct kgen *kg, const struct ir_op *op, const char *o)
{
	return arena_printf(&kg->ctx->arena, "%s %s %s", arg_ref(kg, op, 0), o,
			    arg_ref(kg, op, 1));
}

/* An ordered compare (<, <=, >, >= of two values, signed or not) as the
 * borrow of a subtraction: sluice_ult_W(a, b), bit W of {1'b0, a} -
 * {1'b0, b}, is a < b; a > b is b < a, a >= b is !(a < b).  Yosys makes
 * its own $lt and $gt the subtraction of the operand that comes first in
 * its netlist's order from the other, a < b from its borrow and a > b as
 * !(a < b || a == b), an equality test more: which of the two a compare
 * gets depends on the names of its signals (32 bits on the iCE40: 33 LUTs
 * or 66; on the ECP5 1 or 34 next to its 16 carry cells; bench/oddeven's
 * sort took 2423 LUTs or 3190 as its names came), while a borrow is one
 * carry chain in either order (33 LUTs; 17 carry cells, no LUT).  A
 * constant goes in as a literal, as the subtrahend (C < x is !(x < C +
 * 1)), so that the carry chain needs no inverter for the other operand
 * (x < 123456: 1 LUT and 25 carries, where 123456 < x took 33 LUTs).
 * A signed compare is the unsigned compare of the operands with their
 * sign bits flipped, which orders them the same: synthesis makes that one
 * carry chain, where Yosys's signed $lt costs two more LUT levels after
 * it (nextpnr-ice40, 32 bits: 18.7 ns against 21.8). */
static bool ordered_compare(const struct ir_op *op)
{
	return ir_is_compare(op->opc) && op->opc != IR_EQ && op->opc != IR_NE;
}

bool dp_operand_inlined(const struct ir_op *op, unsigned i)
{
	return ordered_compare(op) && op->args[i]->opc == IR_CONST && !op->args[i]->imm_words;
}

/* Operand i of an ordered compare as an unsigned value of the same order. */
static const char *order_operand(struct kgen *kg, const struct ir_op *op, unsigned i,
				 uint64_t add)
{
	unsigned w = op->args[0]->width;
	bool flip = ir_is_signed_compare(op->opc);
	if (dp_operand_inlined(op, i)) {
		uint64_t v = op->args[i]->imm ^ (flip ? UINT64_C(1) << (w - 1) : 0);
		return rtl_literal64(kg->ctx, w, v + add);
	}
	const char *a = arg_ref(kg, op, i);
	if (!flip)
		return a;
	if (w == 1)
		return arena_printf(&kg->ctx->arena, "~%s", a);
	return arena_printf(&kg->ctx->arena, "{~%s[%u], %s[%u:0]}", a, w - 1, a, w - 2);
}

static uint64_t width_mask(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static const char *func_name(struct kgen *kg, enum ir_opcode opc, unsigned width)
{
	for (unsigned i = 0; i < kg->nfuncs; i++)
		if (kg->funcs[i].opc == opc && kg->funcs[i].width == width)
			return kg->funcs[i].name;
	assert(!"function not planned");
	return NULL;
}

static const char *ordered(struct kgen *kg, const struct ir_op *op)
{
	unsigned w = op->args[0]->width;
	/* a < b for lt, b < a for gt; negated for le and ge */
	bool swap = op->opc == IR_UGT || op->opc == IR_SGT || op->opc == IR_ULE ||
		    op->opc == IR_SLE;
	bool negate = op->opc == IR_ULE || op->opc == IR_SLE || op->opc == IR_UGE ||
		      op->opc == IR_SGE;
	unsigned m = swap ? 1 : 0, s = 1 - m; /* minuend, subtrahend */
	uint64_t add = 0;
	if (dp_operand_inlined(op, m) && !dp_operand_inlined(op, s)) {
		/* C < x as !(x < C + 1), unless C is the largest value */
		bool flip = ir_is_signed_compare(op->opc);
		uint64_t c = op->args[m]->imm ^ (flip ? UINT64_C(1) << (w - 1) : 0);
		if ((c & width_mask(w)) != width_mask(w)) {
			m = s, s = 1 - s;
			add = 1;
			negate = !negate;
		}
	}
	const char *a = order_operand(kg, op, m, 0), *b = order_operand(kg, op, s, add);
	return arena_printf(&kg->ctx->arena, "%s%s(%s, %s)", negate ? "!" : "",
			    func_name(kg, IR_ULT, w), a, b);
}

/* Combinational division with sluice_div's results for x/0 and MIN/-1. */
static const char *comb_div(struct kgen *kg, const struct ir_op *op)
{
	struct hls_ctx *ctx = kg->ctx;
	unsigned w = op->width;
	const char *a = arg_ref(kg, op, 0), *b = arg_ref(kg, op, 1);
	const char *zero = rtl_literal64(ctx, w, 0);
	const char *ones = arena_printf(&ctx->arena, "{%u{1'b1}}", w);
	switch (op->opc) {
	case IR_UDIV:
		return arena_printf(&ctx->arena, "(%s == %s) ? %s : %s / %s", b, zero,
				    ones, a, b);
	case IR_UREM:
		return arena_printf(&ctx->arena, "(%s == %s) ? %s : %s %% %s", b, zero,
				    a, a, b);
	case IR_SDIV:
		return arena_printf(&ctx->arena,
				    "(%s == %s) ? %s : (%s == %s) ? %s - %s : $unsigned($signed(%s) / $signed(%s))",
				    b, zero, ones, b, ones, zero, a, a, b);
	case IR_SREM:
		return arena_printf(&ctx->arena,
				    "(%s == %s) ? %s : (%s == %s) ? %s : $unsigned($signed(%s) %% $signed(%s))",
				    b, zero, a, b, ones, zero, a, b);
	default:
		assert(0);
		return NULL;
	}
}

static const char *concat(struct kgen *kg, const struct ir_op *op)
{
	const char *s = "{";
	for (unsigned i = 0; i < op->nargs; i++)
		s = arena_printf(&kg->ctx->arena, "%s%s%s", s, i ? ", " : "",
				 arg_ref(kg, op, i));
	return arena_printf(&kg->ctx->arena, "%s}", s);
}

static const char *bswap(struct kgen *kg, const struct ir_op *op)
{
	const char *a = arg_ref(kg, op, 0);
	if (op->width == 8)
		return a;
	const char *s = "{";
	for (unsigned i = 0; i < op->width / 8; i++)
		s = arena_printf(&kg->ctx->arena, "%s%s%s[%u:%u]", s, i ? ", " : "", a,
				 8 * i + 7, 8 * i);
	return arena_printf(&kg->ctx->arena, "%s}", s);
}

/* A select of a bypassed phi P in P's cycle (delay_select_on_bypass),
 * built into P's multiplexer: the logic that P takes from its iteration
 * ahead when that one is active and the select takes P, else the select
 * of its condition between the other value and P's register; one LUT
 * after the logic, as P's multiplexer alone.  Where the iteration ahead
 * is always there when the select takes P (rtl_val's bypass_reg), the
 * select of its condition between the other value and the logic.  NULL
 * when op is not such a select. */
static const char *bypass_select(struct kgen *kg, const struct ir_op *op)
{
	const struct rtl_val *v = &kg->val[op->id];
	const struct ir_op *p = v->bypass_of;
	if (!p)
		return NULL;
	unsigned w = phi_write_cycle(kg, p);
	const char *act = pipe_active(kg, p->block, w);
	const char *logic = val_ref(kg, sched_carried(p), p->block, w);
	const char *reg = kg->val[p->id].reg, *c = arg_ref(kg, op, 0);
	bool takes_p_on_0 = op->args[2] == p; /* c ? x : P */
	const char *x = arg_ref(kg, op, takes_p_on_0 ? 1 : 2);
	if (!v->bypass_reg)
		return takes_p_on_0 ? arena_printf(&kg->ctx->arena, "%s ? %s : %s", c, x, logic)
				    : arena_printf(&kg->ctx->arena, "%s ? %s : %s", c, logic, x);
	if (takes_p_on_0)
		return arena_printf(&kg->ctx->arena, "((%s) & !%s) ? %s : %s ? %s : %s", act, c,
				    logic, c, x, reg);
	return arena_printf(&kg->ctx->arena, "((%s) & %s) ? %s : %s ? %s : %s", act, c, logic,
			    c, reg, x);
}

/* The expression of a value op (not a phi, not a divider instance). */
static const char *expr(struct kgen *kg, const struct ir_op *op)
{
	struct hls_ctx *ctx = kg->ctx;
	unsigned w = op->width;
	const char *a = op->nargs ? arg_ref(kg, op, 0) : NULL;
	unsigned aw = op->nargs ? op->args[0]->width : 0;
	switch (op->opc) {
	case IR_CONST:
		if (w > 64 && op->imm_words)
			return rtl_literal(ctx, w, op->imm_words);
		return rtl_literal64(ctx, w, op->imm);
	case IR_UNDEF:
		return rtl_literal64(ctx, w, 0);
	case IR_ARG:
		return kg->arg_reg[op->index];
	case IR_SPEC: {
		int si = kgen_spec_index(kg, op->spec);
		return kg->k->kind == KERNEL_STARTED ? kg->spec_reg[si] : kg->spec_port[si];
	}
	case IR_ADD: return bin(kg, op, "+");
	case IR_SUB: return bin(kg, op, "-");
	case IR_MUL: return bin(kg, op, "*");
	case IR_AND: return bin(kg, op, "&");
	case IR_OR: return bin(kg, op, "|");
	case IR_XOR: return bin(kg, op, "^");
	case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
		return comb_div(kg, op);
	case IR_SHL: return bin(kg, op, "<<");
	case IR_LSHR: return bin(kg, op, ">>");
	case IR_ASHR:
		return arena_printf(&ctx->arena, "$unsigned($signed(%s) >>> %s)", a,
				    arg_ref(kg, op, 1));
	case IR_EQ: return bin(kg, op, "==");
	case IR_NE: return bin(kg, op, "!=");
	case IR_ULT: case IR_ULE: case IR_UGT: case IR_UGE:
	case IR_SLT: case IR_SLE: case IR_SGT: case IR_SGE:
		return ordered(kg, op);
	case IR_ZEXT:
		if (w == aw)
			return a;
		return arena_printf(&ctx->arena, "{{%u{1'b0}}, %s}", w - aw, a);
	case IR_SEXT:
		if (w == aw)
			return a;
		return arena_printf(&ctx->arena, "{{%u{%s[%u]}}, %s}", w - aw, a, aw - 1, a);
	case IR_TRUNC:
		if (w == aw)
			return a;
		return arena_printf(&ctx->arena, "%s[%u:0]", a, w - 1);
	case IR_EXTRACT:
		if (w == aw)
			return a;
		return arena_printf(&ctx->arena, "%s[%u:%u]", a, op->index + w - 1, op->index);
	case IR_CONCAT:
		return concat(kg, op);
	case IR_SELECT: {
		const char *merged = bypass_select(kg, op);
		if (merged)
			return merged;
		return arena_printf(&ctx->arena, "%s ? %s : %s", a, arg_ref(kg, op, 1),
				    arg_ref(kg, op, 2));
	}
	case IR_CTPOP: case IR_CTLZ: case IR_CTTZ: case IR_BITREV:
		return arena_printf(&ctx->arena, "%s(%s)", func_name(kg, op->opc, w), a);
	case IR_BSWAP:
		return bswap(kg, op);
	case IR_PIPE_READ:
		return kgen_port_of(kg, op)->tdata;
	case IR_PIPE_READ_NB: {
		struct kport *pt = kgen_port_of(kg, op);
		return arena_printf(&ctx->arena, "{%s, %s}", pt->tvalid, pt->tdata);
	}
	case IR_PIPE_WRITE_NB:
		return kgen_port_of(kg, op)->tready;
	case IR_STATE_LOAD:
		return kg->sv_reg[kgen_state_index(kg, op->state)];
	default:
		assert(!"op has no expression");
		return NULL;
	}
}

/* ---- functions ------------------------------------------------------- */

static unsigned count_bits(unsigned w)
{
	unsigned b = 1;
	while ((1ull << b) < (unsigned long long)w + 1)
		b++;
	return b;
}

static void emit_function(struct kgen *kg, const struct rtl_func *fn)
{
	FILE *f = kg->f;
	unsigned w = fn->width, cw = count_bits(w);
	if (fn->opc == IR_ULT) { /* ordered() */
		fprintf(f, "    function [0:0] %s;\n        input [%u:0] a;\n        input [%u:0] b;\n"
			   "        /* verilator lint_off UNUSEDSIGNAL */\n"
			   "        reg [%u:0] d; // its borrow alone is read\n"
			   "        /* verilator lint_on UNUSEDSIGNAL */\n        begin\n"
			   "            d = {1'b0, a} - {1'b0, b};\n"
			   "            %s = d[%u];\n        end\n    endfunction\n\n",
			fn->name, w - 1, w - 1, w, fn->name, w);
		return;
	}
	fprintf(f, "    function [%u:0] %s;\n        input [%u:0] v;\n        integer i;\n",
		w - 1, fn->name, w - 1);
	if (fn->opc == IR_BITREV) {
		fprintf(f, "        begin\n"
			   "            for (i = 0; i < %u; i = i + 1)\n"
			   "                %s[i] = v[%u - i];\n"
			   "        end\n    endfunction\n\n",
			w, fn->name, w - 1);
		return;
	}
	fprintf(f, "        reg [%u:0] c;\n", cw - 1);
	if (fn->opc != IR_CTPOP)
		fputs("        reg found;\n", f);
	fprintf(f, "        begin\n            c = %u'd0;\n", cw);
	switch (fn->opc) {
	case IR_CTPOP:
		fprintf(f, "            for (i = 0; i < %u; i = i + 1)\n"
			   "                if (v[i]) c = c + %u'd1;\n", w, cw);
		break;
	case IR_CTLZ:
	case IR_CTTZ:
		fputs("            found = 1'b0;\n", f);
		if (fn->opc == IR_CTLZ)
			fprintf(f, "            for (i = %u; i >= 0; i = i - 1) begin\n", w - 1);
		else
			fprintf(f, "            for (i = 0; i < %u; i = i + 1) begin\n", w);
		fprintf(f, "                if (v[i]) found = 1'b1;\n"
			   "                if (!found) c = c + %u'd1;\n"
			   "            end\n", cw);
		break;
	default:
		assert(0);
	}
	if (cw < w)
		fprintf(f, "            %s = {%u'd0, c};\n", fn->name, w - cw);
	else
		fprintf(f, "            %s = c;\n", fn->name);
	fputs("        end\n    endfunction\n\n", f);
}

void dp_emit_functions(struct kgen *kg)
{
	if (!kg->nfuncs)
		return;
	fputs("    // ---- functions: a < b as a borrow; bit counting (ctpop/ctlz/cttz of 0\n"
	      "    // count every bit) ----\n", kg->f);
	for (unsigned i = 0; i < kg->nfuncs; i++)
		emit_function(kg, &kg->funcs[i]);
}

/* ---- wires ------------------------------------------------------------ */

static bool is_quot(enum ir_opcode opc)
{
	return opc == IR_UDIV || opc == IR_SDIV;
}

/* The comment over a unit instance (its source lines, what it computes,
 * the states it starts and ends in) and the instance's name. */
static const char *unit_head(struct kgen *kg, struct ir_op *op, const char *what)
{
	struct hls_ctx *ctx = kg->ctx;
	unsigned c = kg->sk->cycle[op->id], lat = kg->sk->latency[op->id];
	const char *lines = rtl_lines(ctx, &op->loc, 1);
	fprintf(kg->f, "    // %s%s%s: starts in %s, result in %s\n", lines ? lines : "",
		lines ? ": " : "", what, fsm_state(kg, op->block, c),
		fsm_state(kg, op->block, c + lat));
	return names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "u_%s", kg->val[op->id].wire));
}

static void emit_divider(struct kgen *kg, struct ir_op *op)
{
	struct hls_ctx *ctx = kg->ctx;
	FILE *f = kg->f;
	struct rtl_val *v = &kg->val[op->id];
	struct ir_op *q = is_quot(op->opc) ? op : v->div_partner;
	struct ir_op *r = is_quot(op->opc) ? v->div_partner : op;
	unsigned w = op->width, lat = kg->sk->latency[op->id];
	bool sgn = op->opc == IR_SDIV || op->opc == IR_SREM;
	const char *inst = unit_head(kg, op, arena_printf(&ctx->arena, "%s%s%s",
		q ? ir_opcode_name(q->opc) : "", q && r ? " and " : "",
		r ? ir_opcode_name(r->opc) : ""));
	if (q)
		kgen_decl(kg, "    ", "wire", w, kg->val[q->id].wire, NULL,
			  bits_full(&kg->val[q->id].wire_bits, w), NULL);
	if (r)
		kgen_decl(kg, "    ", "wire", w, kg->val[r->id].wire, NULL,
			  bits_full(&kg->val[r->id].wire_bits, w), NULL);
	if (!q || !r)
		fputs("    /* verilator lint_off PINCONNECTEMPTY */\n", f);
	fprintf(f, "    sluice_div #(.WIDTH(%u), .SIGNED(%d), .LATENCY(%u)) %s (\n"
		   "        .clk(clk),\n"
		   "        .ce(%s),\n"
		   "        .a(%s),\n"
		   "        .b(%s),\n"
		   "        .quot(%s),\n"
		   "        .rem(%s)\n"
		   "    );\n",
		w, sgn, lat, inst, pipe_enable_of(kg, op), arg_ref(kg, op, 0), arg_ref(kg, op, 1),
		q ? kg->val[q->id].wire : "", r ? kg->val[r->id].wire : "");
	if (!q || !r)
		fputs("    /* verilator lint_on PINCONNECTEMPTY */\n", f);
}

static void emit_multiplier(struct kgen *kg, struct ir_op *op)
{
	struct rtl_val *v = &kg->val[op->id];
	unsigned w = op->width;
	const char *inst = unit_head(kg, op, "mul");
	kgen_decl(kg, "    ", "wire", w, v->wire, NULL, bits_full(&v->wire_bits, w), NULL);
	unsigned ext = delay_mul_ext(kg->g->s->target, op);
	fprintf(kg->f, "    sluice_mul #(.WIDTH(%u), .SPLIT(%u)%s) %s (\n"
		   "        .clk(clk),\n"
		   "        .ce(%s),\n"
		   "        .a(%s),\n"
		   "        .b(%s),\n"
		   "        .p(%s)\n"
		   "    );\n",
		w, kg->g->s->mul_split, ext ? arena_printf(&kg->ctx->arena, ", .EXT(%u)", ext) : "",
		inst, pipe_enable_of(kg, op),
		arg_ref(kg, op, 0), arg_ref(kg, op, 1), v->wire);
}

/* The exponent and mantissa widths of a float (32) or double (64). */
static void fp_format(unsigned w, unsigned *ew, unsigned *mw)
{
	*ew = w == 64 ? 11 : 8;
	*mw = w == 64 ? 52 : 23;
}

/* A floating-point op with a latency: its rtl/sluice_f*.v unit. */
static void emit_fp_unit(struct kgen *kg, struct ir_op *op)
{
	struct hls_ctx *ctx = kg->ctx;
	struct rtl_val *v = &kg->val[op->id];
	unsigned lat = kg->sk->latency[op->id], aw = op->args[0]->width, ew, mw;
	const char *unit, *params, *ports;
	const char *a = arg_ref(kg, op, 0), *b = op->nargs > 1 ? arg_ref(kg, op, 1) : NULL;
	switch (op->opc) {
	case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV:
		fp_format(op->width, &ew, &mw);
		unit = op->opc == IR_FMUL ? "sluice_fmul" : op->opc == IR_FDIV ? "sluice_fdiv"
		       : "sluice_fadd";
		params = arena_printf(&ctx->arena, ".EW(%u), .MW(%u)", ew, mw);
		ports = arena_printf(&ctx->arena, "        .a(%s),\n        .b(%s),\n%s", a, b,
				     op->opc == IR_FADD ? "        .sub(1'b0),\n"
				     : op->opc == IR_FSUB ? "        .sub(1'b1),\n" : "");
		break;
	case IR_SITOFP: case IR_UITOFP:
		fp_format(op->width, &ew, &mw);
		unit = "sluice_fcvt_i2f";
		params = arena_printf(&ctx->arena, ".EW(%u), .MW(%u), .IW(%u), .SIGNED(%d)", ew, mw,
				      aw, op->opc == IR_SITOFP);
		ports = arena_printf(&ctx->arena, "        .a(%s),\n", a);
		break;
	case IR_FPTOSI: case IR_FPTOUI:
		fp_format(aw, &ew, &mw);
		unit = "sluice_fcvt_f2i";
		params = arena_printf(&ctx->arena, ".EW(%u), .MW(%u), .IW(%u), .SIGNED(%d)", ew, mw,
				      op->width, op->opc == IR_FPTOSI);
		ports = arena_printf(&ctx->arena, "        .a(%s),\n", a);
		break;
	default: { /* fpext, fptrunc */
		unsigned ewo, mwo;
		fp_format(aw, &ew, &mw);
		fp_format(op->width, &ewo, &mwo);
		unit = "sluice_fcvt_f2f";
		params = arena_printf(&ctx->arena, ".EWI(%u), .MWI(%u), .EWO(%u), .MWO(%u)", ew, mw,
				      ewo, mwo);
		ports = arena_printf(&ctx->arena, "        .a(%s),\n", a);
		break;
	}
	}
	const char *inst = unit_head(kg, op, ir_opcode_name(op->opc));
	kgen_decl(kg, "    ", "wire", op->width, v->wire, NULL, bits_full(&v->wire_bits, op->width),
		  NULL);
	/* the adder's second output register: a select of its result and +0
	 * (values.c, plan_zeroed), or nothing */
	const char *y0 = "", *open = "", *shut = "";
	if (op->opc == IR_FADD || op->opc == IR_FSUB) {
		const struct ir_op *s = v->zeroed;
		if (s) {
			struct rtl_val *sv = &kg->val[s->id];
			const char *c = val_ref(kg, s->args[0], op->block, op_cycle(kg, s) - 1);
			kgen_decl(kg, "    ", "wire", s->width, sv->wire, NULL,
				  bits_full(&sv->wire_bits, s->width), rtl_lines(ctx, &s->loc, 1));
			y0 = arena_printf(&ctx->arena, "        .clr(%s%s),\n        .y0(%s),\n",
					  v->zero_on ? "" : "!", c, sv->wire);
		} else {
			y0 = "        .clr(1'b0),\n        .y0(),\n";
			open = "    /* verilator lint_off PINCONNECTEMPTY */\n";
			shut = "    /* verilator lint_on PINCONNECTEMPTY */\n";
		}
	}
	fprintf(kg->f, "%s    %s #(%s, .LATENCY(%u)) %s (\n"
		       "        .clk(clk),\n"
		       "        .ce(%s),\n"
		       "%s%s"
		       "        .y(%s)\n"
		       "    );\n%s",
		open, unit, params, lat, inst, pipe_enable_of(kg, op), ports, y0, v->wire, shut);
}

/* A floating-point compare: rtl/sluice_fcmp.v's less, equal and
 * unordered, combinational, and the predicate of them (when unordered,
 * less and equal are both 0). */
static void emit_fcmp(struct kgen *kg, struct ir_op *op)
{
	struct hls_ctx *ctx = kg->ctx;
	struct rtl_val *v = &kg->val[op->id];
	unsigned ew, mw;
	fp_format(op->args[0]->width, &ew, &mw);
	/* the outputs each predicate reads: 1 lt, 2 eq, 4 unordered */
	static const unsigned char uses[FCMP_NUM] = {
		[FCMP_OEQ] = 2, [FCMP_OGT] = 7, [FCMP_OGE] = 5, [FCMP_OLT] = 1,
		[FCMP_OLE] = 3, [FCMP_ONE] = 6, [FCMP_ORD] = 4, [FCMP_UEQ] = 6,
		[FCMP_UGT] = 3, [FCMP_UGE] = 1, [FCMP_ULT] = 5, [FCMP_ULE] = 7,
		[FCMP_UNE] = 2, [FCMP_UNO] = 4,
	};
	unsigned u = op->index < FCMP_NUM ? uses[op->index] : 7;
	const char *out[3], *tag[3] = {"lt", "eq", "un"};
	for (unsigned i = 0; i < 3; i++) {
		out[i] = "";
		if (!(u >> i & 1))
			continue;
		out[i] = names_fresh(ctx, &kg->names,
				     arena_printf(&ctx->arena, "%s_%s", v->wire, tag[i]));
		fprintf(kg->f, "    wire %s;\n", out[i]);
	}
	const char *lt = out[0], *eq = out[1], *un = out[2];
	const char *inst = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "u_%s", v->wire));
	if (u != 7)
		fputs("    /* verilator lint_off PINCONNECTEMPTY */\n", kg->f);
	fprintf(kg->f, "    sluice_fcmp #(.EW(%u), .MW(%u)) %s (.a(%s), .b(%s), .lt(%s), .eq(%s), .unord(%s));\n",
		ew, mw, inst, arg_ref(kg, op, 0), arg_ref(kg, op, 1), lt, eq, un);
	if (u != 7)
		fputs("    /* verilator lint_on PINCONNECTEMPTY */\n", kg->f);
	const char *e;
	switch (op->index) {
	case FCMP_OEQ: e = eq; break;
	case FCMP_OGT: e = arena_printf(&ctx->arena, "!(%s | %s | %s)", lt, eq, un); break;
	case FCMP_OGE: e = arena_printf(&ctx->arena, "!(%s | %s)", lt, un); break;
	case FCMP_OLT: e = lt; break;
	case FCMP_OLE: e = arena_printf(&ctx->arena, "%s | %s", lt, eq); break;
	case FCMP_ONE: e = arena_printf(&ctx->arena, "!(%s | %s)", eq, un); break;
	case FCMP_ORD: e = arena_printf(&ctx->arena, "!%s", un); break;
	case FCMP_UEQ: e = arena_printf(&ctx->arena, "%s | %s", eq, un); break;
	case FCMP_UGT: e = arena_printf(&ctx->arena, "!(%s | %s)", lt, eq); break;
	case FCMP_UGE: e = arena_printf(&ctx->arena, "!%s", lt); break;
	case FCMP_ULT: e = arena_printf(&ctx->arena, "%s | %s", lt, un); break;
	case FCMP_ULE: e = arena_printf(&ctx->arena, "%s | %s | %s", lt, eq, un); break;
	case FCMP_UNE: e = arena_printf(&ctx->arena, "!%s", eq); break;
	default: e = un; break; /* uno */
	}
	kgen_decl(kg, "    ", "wire", 1, v->wire, e, bits_full(&v->wire_bits, 1),
		  rtl_lines(ctx, &op->loc, 1));
}

static void emit_wire(struct kgen *kg, struct ir_op *op)
{
	struct rtl_val *v = &kg->val[op->id];
	if (!v->needed || !v->wire)
		return;
	if (v->unit_inst && op->opc == IR_MUL) {
		emit_multiplier(kg, op);
		return;
	}
	if (v->unit_inst && ir_is_float_op(op->opc)) {
		emit_fp_unit(kg, op);
		return;
	}
	if (op->opc == IR_FCMP) {
		emit_fcmp(kg, op);
		return;
	}
	if (v->zeroed && op->opc == IR_SELECT)
		return; /* its adder's y0, declared with the adder */
	if (op->opc == IR_MEM_LOAD) { /* the word out of the read port */
		kgen_decl(kg, "    ", "wire", op->width, v->wire, mem_q_of(kg, op),
			  bits_full(&v->wire_bits, op->width), rtl_lines(kg->ctx, &op->loc, 1));
		return;
	}
	if (v->unit_inst) {
		/* one instance for a pair: emitted at the pair's first op */
		if (!v->emitted)
			emit_divider(kg, op);
		v->emitted = true;
		if (v->div_partner)
			kg->val[v->div_partner->id].emitted = true;
		return;
	}
	bool keep = (op->opc == IR_ADD || op->opc == IR_SUB) && !v->merged_sum &&
		    delay_adds_apart(kg->g->s->target);
	kgen_decl(kg, "    ", keep ? "(* keep *) wire" : "wire", op->width, v->wire, expr(kg, op),
		  bits_full(&v->wire_bits, op->width),
		  rtl_lines(kg->ctx, &op->loc, 1));
}

static bool bypass_read(const struct kgen *kg, const struct ir_op *op)
{
	const struct rtl_val *v = &kg->val[op->id];
	return op->opc == IR_PHI && v->needed && v->wire && bits_any(&v->wire_bits);
}

/* A bypassed phi (schedule.h): in its cycle r, the value carried round
 * from its unit's output, or the wire of the logic that computes it, when
 * the iteration ahead is in the cycle it comes out, r + II (then the two
 * complete that cycle together), else
 * from the phi's register, which took it as that iteration left, or
 * holds the value from outside the loop for the first iteration.  It is
 * declared before the block's wires (a unit's operand) and assigned after
 * them (it reads a unit's output). */
static void emit_bypass(struct kgen *kg, struct ir_op *phi, bool decl)
{
	struct rtl_val *v = &kg->val[phi->id];
	unsigned w = phi_write_cycle(kg, phi);
	if (decl) {
		kgen_decl(kg, "    ", "wire", phi->width, v->wire, NULL,
			  bits_full(&v->wire_bits, phi->width),
			  arena_printf(&kg->ctx->arena, "%s; from its unit in cycle %u "
				       "(a bypass), else its register",
				       rtl_lines(kg->ctx, &phi->loc, 1), w));
		return;
	}
	fprintf(kg->f, "    assign %s = %s ? %s : %s;\n", v->wire,
		pipe_active(kg, phi->block, w),
		val_ref(kg, sched_carried(phi), phi->block, w), v->reg);
}

void dp_emit_wires(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	FILE *f = kg->f;
	fputs("    // ---- datapath: one wire per value ----\n", f);
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *op = k->blocks[b]->ops[j];
			if (delay_add_of_constant(op))
				for (unsigned i = 0; i < op->nargs; i++)
					kg->val[op->args[i]->id].merged_sum = true;
		}
	/* stable values first: any block may read them */
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *op = k->blocks[b]->ops[j];
			if (kg->val[op->id].stable)
				emit_wire(kg, op);
		}
	for (unsigned b = 0; b < k->nblocks; b++) {
		struct ir_block *blk = k->blocks[b];
		bool header = false;
		for (unsigned j = 0; j < blk->nops; j++) {
			struct ir_op *op = blk->ops[j];
			struct rtl_val *v = &kg->val[op->id];
			if (v->stable || !v->wire || !v->needed ||
			    (op->opc == IR_PHI && !bypass_read(kg, op)))
				continue;
			if (!header) {
				fprintf(f, "\n    // block %s\n", kg->block_name[b]);
				header = true;
			}
			if (op->opc == IR_PHI)
				emit_bypass(kg, op, true);
			else
				emit_wire(kg, op);
		}
		for (unsigned j = 0; j < blk->nops && blk->ops[j]->opc == IR_PHI; j++)
			if (bypass_read(kg, blk->ops[j]))
				emit_bypass(kg, blk->ops[j], false);
	}
	fputc('\n', f);
}
