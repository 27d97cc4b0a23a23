/*
 * memory.c -- the kernel's memories: each an array of registers in the
 * Verilog that synthesis maps to block RAM (Yosys: SB_RAM40_4K on iCE40,
 * DP16KD on ECP5) or, small, to LUT RAM, with one read port and one write
 * port, or a ROM with two or more read ports (op->port, chosen by
 * sched_program), in copies of mem->copy_reads read ports each (one
 * SB_RAM40_4K reads on one port, a DP16KD on two: Yosys keeps no copies
 * of a ROM itself, and maps a ROM of a few Kbit, or one read on more
 * ports than a block has, to logic; so each copy is an array of its own,
 * marked rom_style "block"):
 *
 *   reg [W-1:0] mem_<name> [0:D-1];          initialised from the C object
 *   reg [W-1:0] mem_<name>_q;                the read port's output register
 *   always @(posedge clk) begin
 *       if (mem_<name>_we) mem_<name>[mem_<name>_wa] <= mem_<name>_wd;
 *       if (mem_<name>_re) mem_<name>_q <= mem_<name>[mem_<name>_ra];
 *   end
 *   (+ the forwarding of a memory with stores, below)
 *
 * A load's address goes in in its cycle and its word comes out of _q in
 * the next (latency 1, values.c reads the port's word as the load's wire
 * there); a store writes at the end of its cycle.  A load in the cycle of
 * a store to the same address would read the old word from the array, so
 * a memory with stores forwards: the read also registers whether the
 * write port writes its address in that cycle (_hit) and the word written
 * (_fwd), and the port's word _rd is _fwd on a hit, else _q.  So a load
 * may share the cycle of a store before it (ir_access_gap), and a
 * read-modify-write carried round a pipelined loop runs at II 1.  The
 * cost: an address comparator and a multiplexer on the loaded word (one
 * LUT level, which the delay model counts after block RAM's late word:
 * delay_result_ns).
 *
 * In a pipelined loop a store may also write in the cycle after a load of
 * the next iteration reads, as the load's word comes out (a late forward,
 * sched_late_forward: bench/hist's add does not fit the cycle the word
 * comes out in, and at II 1 the next word is read before it is written).
 * The port then keeps the word's address (_ra_d), and where such a store
 * writes that address while the load's iteration is in the cycle its word
 * comes out (_lhit), the word is the store's (_rd takes _wd); as that
 * iteration may wait there while the one ahead goes on, _hit and _fwd
 * take the store's word too.  The load's users read the word's register a
 * cycle later, so the store's word reaches only that register's input.
 *
 * The schedule keeps the loads on one port on
 * distinct cycles (modulo the II in a pipelined loop), and the stores
 * too, so each port's address is a multiplexer of its ops'
 * operands by which op runs: its FSM state when nothing stalls, or its
 * pipelined loop cycle completing.  An index wider than the address takes
 * its low bits (an index past the end is undefined in C).
 */
#include "rtlgen_internal.h"

#include <assert.h>

static bool is_mem_op(const struct ir_op *op)
{
	return op->opc == IR_MEM_LOAD || op->opc == IR_MEM_STORE;
}

int kgen_mem_index(const struct kgen *kg, const struct ir_mem *m)
{
	for (unsigned i = 0; i < kg->k->nmems; i++)
		if (kg->k->mems[i] == m)
			return (int)i;
	return -1;
}

/* The op runs this clock and completes. */
static const char *enable_of(struct kgen *kg, const struct ir_op *op)
{
	unsigned c = op_cycle(kg, op);
	if (kg->loop[op->block->id])
		return pipe_adv(kg, op->block, c);
	return arena_printf(&kg->ctx->arena, "%s && !stall", fsm_in(kg, op->block, c));
}

/* A store runs this clock: its enable and guard. */
static const char *store_enable(struct kgen *kg, const struct ir_op *op)
{
	const char *en = enable_of(kg, op);
	if (ir_guard(op))
		en = arena_printf(&kg->ctx->arena, "%s && %s", en,
				  arg_ref(kg, op, ir_guard_index(op)));
	return en;
}

/* The condition that a store forwards late into memory m's word out
 * (sched_late_forward): the load's iteration is in the cycle its word
 * comes out, and the store of the iteration ahead runs; NULL: none. */
static const char *late_forward(struct kgen *kg, const struct ir_mem *m)
{
	const char *late = NULL;
	for (unsigned b = 0; b < kg->k->nblocks; b++) {
		const struct rtl_loop *L = kg->loop[b];
		const struct ir_block *blk = kg->k->blocks[b];
		for (unsigned i = 0; L && i < blk->nops; i++) {
			const struct ir_op *x = blk->ops[i];
			for (unsigned j = 0; x->mem == m && j < i; j++) {
				const struct ir_op *y = blk->ops[j];
				if (!kg->val[x->id].needed || !kg->val[y->id].needed ||
				    !sched_late_forward(x, y, op_cycle(kg, x), op_cycle(kg, y),
							L->ii))
					continue;
				const char *t = arena_printf(&kg->ctx->arena, "(%s && %s)",
							     pipe_active(kg, blk, op_cycle(kg, y) + 1),
							     store_enable(kg, x));
				late = late ? arena_printf(&kg->ctx->arena, "%s || %s", late, t) : t;
			}
		}
	}
	return late;
}

void mem_plan(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct hls_ctx *ctx = kg->ctx;
	kg->mem = arena_alloc(&ctx->arena, (k->nmems + 1) * sizeof *kg->mem);
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			struct ir_op *op = k->blocks[b]->ops[j];
			if (!is_mem_op(op) || !kg->val[op->id].needed)
				continue;
			int mi = kgen_mem_index(kg, op->mem);
			assert(mi >= 0);
			struct kmem *km = &kg->mem[mi];
			if (op->opc == IR_MEM_STORE)
				km->stored = true;
			else if (op->port + 1 > km->nread)
				km->nread = op->port + 1;
		}
	for (unsigned i = 0; i < k->nmems; i++) {
		struct kmem *km = &kg->mem[i];
		if (!km->nread)
			continue; /* nothing reads it: no memory at all */
		assert(km->nread == 1 || !km->stored);
		const char *base = arena_printf(&ctx->arena, "mem_%s", k->mems[i]->name);
		km->arr = names_fresh(ctx, &kg->names, base);
		km->copy_reads = k->mems[i]->copy_reads ? k->mems[i]->copy_reads : km->nread;
		km->ncopies = (km->nread + km->copy_reads - 1) / km->copy_reads;
		km->copy = arena_alloc(&ctx->arena, km->ncopies * sizeof *km->copy);
		km->copy[0] = km->arr;
		for (unsigned c = 1; c < km->ncopies; c++)
			km->copy[c] = names_fresh(ctx, &kg->names,
						  arena_printf(&ctx->arena, "%s_c%u", base, c));
		km->q = arena_alloc(&ctx->arena, km->nread * sizeof *km->q);
		km->re = arena_alloc(&ctx->arena, km->nread * sizeof *km->re);
		km->ra = arena_alloc(&ctx->arena, km->nread * sizeof *km->ra);
		for (unsigned r = 0; r < km->nread; r++) {
			const char *sfx = r ? arena_printf(&ctx->arena, "r%u_", r) : "";
			km->q[r] = names_fresh(ctx, &kg->names,
					       arena_printf(&ctx->arena, "%s_%sq", km->arr, sfx));
			km->re[r] = names_fresh(ctx, &kg->names,
						arena_printf(&ctx->arena, "%s_%sre", km->arr, sfx));
			km->ra[r] = names_fresh(ctx, &kg->names,
						arena_printf(&ctx->arena, "%s_%sra", km->arr, sfx));
		}
		km->rd = km->q[0];
		if (km->stored) {
			km->we = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_we", km->arr));
			km->wa = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_wa", km->arr));
			km->wd = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_wd", km->arr));
			km->hit = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_hit", km->arr));
			km->fwd = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_fwd", km->arr));
			km->rd = names_fresh(ctx, &kg->names, arena_printf(&ctx->arena, "%s_rd", km->arr));
			km->late = late_forward(kg, k->mems[i]);
		}
		if (km->late) {
			km->ra_d = names_fresh(ctx, &kg->names,
					       arena_printf(&ctx->arena, "%s_ra_d", km->arr));
			km->lhit = names_fresh(ctx, &kg->names,
					       arena_printf(&ctx->arena, "%s_lhit", km->arr));
		}
	}
}

const char *mem_q_of(const struct kgen *kg, const struct ir_op *op)
{
	int mi = kgen_mem_index(kg, op->mem);
	assert(mi >= 0 && kg->mem[mi].rd && op->port < kg->mem[mi].nread);
	return op->port ? kg->mem[mi].q[op->port] : kg->mem[mi].rd;
}

/* The initial contents of arr, an array of memory m. */
static void emit_init(struct kgen *kg, const struct ir_mem *m, const char *arr)
{
	FILE *f = kg->f;
	if (!m->init) { /* a C global starts zeroed; a local's zeros do no harm */
		const char *i = names_fresh(kg->ctx, &kg->names,
					    arena_printf(&kg->ctx->arena, "%s_i", arr));
		fprintf(f, "    integer %s;\n"
			   "    initial for (%s = 0; %s < %u; %s = %s + 1) %s[%s] = %u'd0;\n",
			i, i, i, m->depth, i, i, arr, i, m->width);
		return;
	}
	unsigned nw = (m->width + 63) / 64;
	fputs("    initial begin\n", f);
	for (unsigned d = 0; d < m->depth; d++) {
		uint64_t *w = m->init + (size_t)d * nw;
		fprintf(f, "        %s[%u] = %s;\n", arr, d,
			m->width <= 64 ? rtl_literal64(kg->ctx, m->width, w[0])
				       : rtl_literal(kg->ctx, m->width, w));
	}
	fputs("    end\n", f);
}

void mem_emit_decls(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	FILE *f = kg->f;
	for (unsigned i = 0; i < k->nmems; i++) {
		const struct kmem *km = &kg->mem[i];
		const struct ir_mem *m = k->mems[i];
		if (!km->arr)
			continue;
		const char *where = rtl_lines(kg->ctx, &m->loc, 1);
		fprintf(f, "    // memory '%s': %u words of %u bits%s%s%s\n", m->name, m->depth,
			m->width, m->rom ? ", read only" : "", where ? ", " : "",
			where ? where : "");
		if (km->ncopies > 1)
			fprintf(f, "    // in %u copies, one per %u read port%s\n", km->ncopies,
				km->copy_reads, km->copy_reads == 1 ? "" : "s");
		for (unsigned c = 0; c < km->ncopies; c++) {
			/* Yosys maps a small ROM, or one read on more ports than
			 * a block has, to logic unless asked for block RAM */
			fprintf(f, "    %sreg [%u:0] %s [0:%u];\n",
				m->rom ? "(* rom_style = \"block\" *) " : "", m->width - 1,
				km->copy[c], m->depth - 1);
			emit_init(kg, m, km->copy[c]);
		}
		for (unsigned r = 0; r < km->nread; r++)
			fprintf(f, "    reg [%u:0] %s;\n", m->width - 1, km->q[r]);
		if (km->stored) {
			fprintf(f, "    reg %s; // the read took the word written in its cycle\n",
				km->hit);
			fprintf(f, "    reg [%u:0] %s;\n", m->width - 1, km->fwd);
			if (km->late) /* _rd: mem_emit_ports, after the write port */
				fprintf(f, "    reg [%u:0] %s; // the word's address\n"
					   "    wire [%u:0] %s;\n",
					ir_mem_addr_bits(m) - 1, km->ra_d, m->width - 1, km->rd);
			else
				fprintf(f, "    wire [%u:0] %s = %s ? %s : %s;\n", m->width - 1,
					km->rd, km->hit, km->fwd, km->q[0]);
		}
	}
}

/* Operand 0 of a memory op (the index) as an address of `bits` bits. */
static const char *address(struct kgen *kg, const struct ir_op *op, unsigned bits)
{
	const char *a = arg_ref(kg, op, 0);
	unsigned w = op->args[0]->width;
	if (w > bits)
		return arena_printf(&kg->ctx->arena, "%s[%u:0]", a, bits - 1);
	if (w < bits)
		return arena_printf(&kg->ctx->arena, "{%u'd0, %s}", bits - w, a);
	return a;
}

struct port {
	const char *en, *addr, *data;
};

/* A port's signals from its ops: the enable is any op's, the address and
 * data those of the op that runs (the last op's when none does). */
static void emit_port(struct kgen *kg, const struct port *ops, unsigned n,
		      const char *en, const char *addr, unsigned abits,
		      const char *data, unsigned dbits)
{
	struct arena *ar = &kg->ctx->arena;
	const char *e = "1'b0", *a = NULL, *d = NULL;
	for (unsigned i = n; i-- > 0;) {
		e = i + 1 == n ? ops[i].en : arena_printf(ar, "(%s) || %s", ops[i].en, e);
		a = i + 1 == n ? ops[i].addr
			       : arena_printf(ar, "(%s) ? %s : %s", ops[i].en, ops[i].addr, a);
		if (data)
			d = i + 1 == n ? ops[i].data
				       : arena_printf(ar, "(%s) ? %s : %s", ops[i].en, ops[i].data, d);
	}
	kgen_decl(kg, "    ", "wire", 0, en, e, true, NULL);
	kgen_decl(kg, "    ", "wire", abits, addr, a, true, NULL);
	if (data)
		kgen_decl(kg, "    ", "wire", dbits, data, d, true, NULL);
}

void mem_emit_ports(struct kgen *kg)
{
	struct ir_kernel *k = kg->k;
	struct arena *ar = &kg->ctx->arena;
	FILE *f = kg->f;
	for (unsigned i = 0; i < k->nmems; i++) {
		const struct kmem *km = &kg->mem[i];
		const struct ir_mem *m = k->mems[i];
		if (!km->arr)
			continue;
		unsigned abits = ir_mem_addr_bits(m);
		struct port **rd = arena_alloc(ar, km->nread * sizeof *rd), *wr = NULL;
		unsigned *nrd = arena_alloc(ar, km->nread * sizeof *nrd), nwr = 0, nloads = 0;
		for (unsigned r = 0; r < km->nread; r++)
			rd[r] = NULL, nrd[r] = 0;
		for (unsigned b = 0; b < k->nblocks; b++)
			for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
				struct ir_op *op = k->blocks[b]->ops[j];
				if (!is_mem_op(op) || op->mem != m || !kg->val[op->id].needed)
					continue;
				struct port p = {enable_of(kg, op), address(kg, op, abits), NULL};
				if (op->opc == IR_MEM_LOAD) {
					VEC_PUSH(ar, rd[op->port], nrd[op->port], p);
					nloads++;
					continue;
				}
				p.en = store_enable(kg, op);
				p.data = arg_ref(kg, op, 1);
				VEC_PUSH(ar, wr, nwr, p);
			}
		fprintf(f, "\n    // memory '%s': %u read%s on %u port%s, %u write%s\n", m->name,
			nloads, nloads == 1 ? "" : "s", km->nread,
			km->nread == 1 ? "" : "s", nwr, nwr == 1 ? "" : "s");
		for (unsigned r = 0; r < km->nread; r++)
			emit_port(kg, rd[r], nrd[r], km->re[r], km->ra[r], abits, NULL, 0);
		if (nwr)
			emit_port(kg, wr, nwr, km->we, km->wa, abits, km->wd, m->width);
		if (km->late) {
			fprintf(f, "    // a store of the iteration ahead writes the word's address as it comes out\n");
			kgen_decl(kg, "    ", "wire", 0, km->lhit,
				  arena_printf(ar, "(%s) && %s == %s", km->late, km->wa, km->ra_d),
				  true, NULL);
			fprintf(f, "    assign %s = %s ? %s : %s ? %s : %s;\n", km->rd, km->lhit,
				km->wd, km->hit, km->fwd, km->q[0]);
		}
		fputs("    always @(posedge clk) begin\n", f);
		if (nwr)
			fprintf(f, "        if (%s) %s[%s] <= %s;\n", km->we, km->arr, km->wa, km->wd);
		if (nwr)
			fprintf(f, "        if (%s) begin\n"
				   "            %s <= %s[%s];\n"
				   "            %s <= %s && %s == %s;\n"
				   "            %s <= %s;\n",
				km->re[0], km->q[0], km->arr, km->ra[0], km->hit, km->we, km->wa,
				km->ra[0], km->fwd, km->wd);
		if (km->late)
			fprintf(f, "            %s <= %s;\n"
				   "        end else if (%s) begin\n"
				   "            %s <= 1'b1;\n"
				   "            %s <= %s;\n",
				km->ra_d, km->ra[0], km->lhit, km->hit, km->fwd, km->wd);
		if (nwr)
			fputs("        end\n", f);
		else
			for (unsigned r = 0; r < km->nread; r++)
				fprintf(f, "        if (%s) %s <= %s[%s];\n", km->re[r], km->q[r],
					km->copy[r / km->copy_reads], km->ra[r]);
		fputs("    end\n", f);
	}
}
