/*
 * sched_print.c -- the schedule for people (--dump-ir, `sluice report`).
 *
 *   schedule: target sim, clock period 10.00 ns
 *
 *   kernel scale: 4 states in 2 blocks
 *     bb0 entry: 1 state
 *       state 0
 *         %0 = arg.32 #0                        @ 0.0ns  (vscale.c:6)
 *         br bb1                                @ 0.0ns
 *     bb1 loop: 3 states
 *       state 0
 *         %5 = pipe.read.32 in anchor=0         @ 0.5ns  (vscale.c:8)
 *         %7 = mul.32 %5, 3                     @ 3.0ns  (vscale.c:9)
 *       state 1: no op starts
 *       state 2
 *         pipe.write out, %7 exact 2 after anchor 0  @ 0.5ns  (vscale.c:9)
 *
 * Ops are listed by state, in program order within a state; `@` gives the
 * arrival time of the result in its state (ns from the clock edge), and a
 * pipelined op shows the state its result is ready in.  Constants are not
 * listed: their values appear in place of their uses (small magnitudes in
 * decimal, negative when the top bit is set; others in hex).  States in which no
 * op starts are summarised as a range.
 */
#include "schedule.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *target_name(enum hls_target t)
{
	switch (t) {
	case TARGET_SIM: return "sim";
	case TARGET_ICE40: return "ice40";
	case TARGET_ECP5: return "ecp5";
	case TARGET_GOWIN: return "gowin";
	}
	return "?";
}

/* A constant as people read it: small magnitudes in decimal (negative when
 * the top bit is set: -6 rather than 4294967290), others in hex. */
static int constant(FILE *f, const struct ir_op *d)
{
	uint64_t v = d->imm, w = d->width;
	if (w > 1 && w <= 64 && v >> (w - 1) & 1) {
		uint64_t mag = (w == 64 ? 0 : UINT64_C(1) << w) - v;
		if (mag <= 65536)
			return fprintf(f, "-%" PRIu64, mag);
	}
	if (v <= 65536)
		return fprintf(f, "%" PRIu64, v);
	return fprintf(f, "0x%" PRIx64, v);
}

static int op_text(FILE *f, const struct ir_op *op);

static int operand(FILE *f, const struct ir_op *d)
{
	if (d->opc == IR_CONST && !d->imm_words)
		return constant(f, d);
	if (d->opc == IR_CONST)
		return fprintf(f, "0x%" PRIx64 "...", d->imm_words[0]);
	if (d->opc == IR_UNDEF)
		return fprintf(f, "undef");
	return fprintf(f, "%%%u", d->id);
}

/* The op as in print.c, constants inline; returns the columns printed. */
int sched_op_text(void *file, const struct ir_op *op)
{
	FILE *f = file;
	return op_text(f, op);
}

static int op_text(FILE *f, const struct ir_op *op)
{
	int col = 0;
	if (op->width)
		col += fprintf(f, "%%%u = ", op->id);
	col += fprintf(f, "%s", ir_opcode_name(op->opc));
	if (op->width)
		col += fprintf(f, ".%u", op->width);
	if (op->opc == IR_FCMP)
		col += fprintf(f, " %s", ir_fcmp_name(op->index));
	switch (op->opc) {
	case IR_ARG:
		col += fprintf(f, " #%u", op->index);
		break;
	case IR_SPEC:
		col += fprintf(f, " %s", op->spec ? op->spec->name : "?");
		break;
	case IR_EXTRACT:
		col += fprintf(f, " ");
		col += operand(f, op->args[0]);
		col += fprintf(f, "[%u +: %u]", op->index, op->width);
		break;
	case IR_PHI:
		for (unsigned i = 0; i < op->nargs; i++) {
			col += fprintf(f, "%s [", i ? "," : "");
			col += operand(f, op->args[i]);
			col += fprintf(f, ", bb%u]", op->phi_blocks[i]->id);
		}
		break;
	default: {
		bool first = true;
		if (op->pipe)
			col += fprintf(f, " %s", op->pipe->name), first = false;
		if (op->state)
			col += fprintf(f, " %s", op->state->name), first = false;
		if (op->mem)
			col += fprintf(f, " %s", op->mem->name), first = false;
		for (unsigned i = 0; i < op->nargs; i++) {
			col += fprintf(f, "%s ", first ? "" : ",");
			col += operand(f, op->args[i]);
			first = false;
		}
		for (unsigned i = 0; i < op->nsuccs; i++) {
			if (op->opc == IR_SWITCH && i > 0)
				col += fprintf(f, ", %" PRIu64 " -> bb%u",
					       op->case_vals[i - 1], op->succs[i]->id);
			else
				col += fprintf(f, "%s%s bb%u", first ? "" : ",",
					       op->opc == IR_SWITCH ? " default" : "",
					       op->succs[i]->id);
			first = false;
		}
		break;
	}
	}
	/* a device-memory load: its request and answer (the compiler's own
	 * anchor between them) */
	if (op->pipe && op->lat.anchor >= IR_ANCHOR_INTERNAL)
		return col + fprintf(f, " (load %d)", op->lat.anchor - IR_ANCHOR_INTERNAL);
	if (op->pipe && op->lat.target >= IR_ANCHOR_INTERNAL)
		return col + fprintf(f, " (answer of load %d, %d or more cycles after it)",
				     op->lat.target - IR_ANCHOR_INTERNAL, op->lat.cycles);
	if (op->pipe && op->lat.anchor >= 0)
		col += fprintf(f, " anchor=%d", op->lat.anchor);
	if (op->pipe && op->lat.kind != LAT_NONE) {
		static const char *const kinds[] = {"none", "exact", "max", "min"};
		col += fprintf(f, " %s %d after anchor %d", kinds[op->lat.kind],
			       op->lat.cycles, op->lat.target);
	}
	return col;
}

static void print_loc(FILE *f, struct ir_loc loc)
{
	if (loc.file) {
		const char *base = strrchr(loc.file, '/');
		fprintf(f, "  (%s:%u)", base ? base + 1 : loc.file, loc.line);
	} else if (loc.line) {
		fprintf(f, "  (line %u)", loc.line);
	}
}

struct slot {
	unsigned cycle, index;
};

static int slot_cmp(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;
	if (a->cycle != b->cycle)
		return a->cycle < b->cycle ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static void print_block(FILE *f, const struct sched_kernel *sk,
			const struct ir_block *b)
{
	unsigned len = sk->block_len[b->id], ii = sk->ii[b->id];
	if (ii)
		fprintf(f, "  bb%u %s: pipelined loop, II %u, %u cycle%s per "
			"iteration in %u stage%s (sequential: %u)\n", b->id, b->name,
			ii, len, len == 1 ? "" : "s", (len + ii - 1) / ii,
			(len + ii - 1) / ii == 1 ? "" : "s", sk->seq_len[b->id]);
	else
		fprintf(f, "  bb%u %s: %u state%s\n", b->id, b->name, len,
			len == 1 ? "" : "s");
	if (sk->limit[b->id])
		fprintf(f, "    %s%s\n", ii ? "II limited by " : "",
			sk->limit[b->id]);
	struct slot *slots = malloc((b->nops ? b->nops : 1) * sizeof *slots);
	if (!slots)
		return;
	unsigned n = 0;
	for (unsigned i = 0; i < b->nops; i++)
		if (b->ops[i]->opc != IR_CONST)
			slots[n++] = (struct slot){sk->cycle[b->ops[i]->id], i};
	qsort(slots, n, sizeof *slots, slot_cmp);
	unsigned next_state = 0;
	for (unsigned k = 0; k < n; k++) {
		const struct ir_op *op = b->ops[slots[k].index];
		unsigned c = slots[k].cycle;
		if (k == 0 || c != slots[k - 1].cycle) {
			if (c == next_state + 1)
				fprintf(f, "    state %u: no op starts\n", next_state);
			else if (c > next_state + 1)
				fprintf(f, "    states %u-%u: no op starts\n",
					next_state, c - 1);
			fprintf(f, "    state %u\n", c);
			next_state = c + 1;
		}
		fputs("      ", f);
		int col = op_text(f, op);
		fprintf(f, "%*s@ %.1fns", col < 38 ? 40 - col : 2, "",
			sk->arrival[op->id]);
		if (sk->latency[op->id])
			fprintf(f, ", ready in state %u", c + sk->latency[op->id]);
		if (sk->bypass[op->id] && sched_carried(op))
			fprintf(f, ", %%%u from its %s", sched_carried(op)->id,
				sk->latency[sched_carried(op)->id] ? "unit" : "logic as it is computed");
		print_loc(f, op->loc);
		fputc('\n', f);
	}
	if (next_state + 1 == len)
		fprintf(f, "    state %u: no op starts\n", next_state);
	else if (next_state + 1 < len)
		fprintf(f, "    states %u-%u: no op starts\n", next_state, len - 1);
	free(slots);
}

void sched_print_loops(const struct ir_program *p, const struct hls_schedule *s,
		       void *file)
{
	FILE *f = file;
	unsigned n = 0;
	for (unsigned kk = 0; kk < s->nkernels && kk < p->nkernels; kk++) {
		const struct ir_kernel *k = p->kernels[kk];
		const struct sched_kernel *sk = &s->kernels[kk];
		for (unsigned b = 0; b < k->nblocks; b++) {
			const struct ir_block *blk = k->blocks[b];
			if (!sched_is_loop_block(blk))
				continue;
			if (!n++)
				fputs("loops:\n", f);
			unsigned ii = sk->ii[b], len = sk->block_len[b];
			fprintf(f, "  %s, loop %s", k->name, blk->name);
			print_loc(f, blk->hint.loc.line ? blk->hint.loc : blk->ops[blk->nops - 1]->loc);
			char asked[48] = "";
			if (sk->ii_asked[b])
				snprintf(asked, sizeof asked, " (requested %u)", sk->ii_asked[b]);
			if (ii)
				fprintf(f, ": II %u%s, %u cycle%s per iteration in %u stage%s "
					"(unpipelined: %u cycles per iteration)\n", ii, asked,
					len, len == 1 ? "" : "s", (len + ii - 1) / ii,
					(len + ii - 1) / ii == 1 ? "" : "s", sk->seq_len[b]);
			else
				fprintf(f, ": %u cycle%s per iteration\n", len, len == 1 ? "" : "s");
			if (blk->trip)
				fprintf(f, "    trip count %llu per entry\n",
					(unsigned long long)blk->trip);
			if (blk->apart)
				fprintf(f, "    not one loop with the loop around it: %s\n", blk->apart);
			if (blk->read_ahead && blk->exit_folded)
				fprintf(f, "    its exit block runs in its last cycle and takes the word "
					"of pipe '%s' that the next entry starts with, when it is "
					"there (read ahead): two states less per entry\n",
					blk->read_ahead->name);
			else if (blk->read_ahead)
				fprintf(f, "    its exit block takes the word of pipe '%s' that the next "
					"entry starts with, when it is there (read ahead): a state "
					"less per entry\n", blk->read_ahead->name);
			if (blk->inner.line)
				fprintf(f, "    with the loop at line %u inside it, as one loop: the inner "
					"loop enters again while its last iterations are in the pipeline\n",
					blk->inner.line);
			if (sk->limit[b])
				fprintf(f, "    %s%s\n", ii ? "II limited by " : "", sk->limit[b]);
			/* the device memory serves one access a clock, whatever the
			 * channels: more per iteration than the II stall the loop */
			unsigned dm = 0;
			for (unsigned i = 0; i < blk->nops; i++)
				dm += blk->ops[i]->pipe && blk->ops[i]->pipe->kind == PIPE_DEVMEM &&
				      blk->ops[i]->opc == IR_PIPE_WRITE;
			if (dm > (ii ? ii : len))
				fprintf(f, "    device memory: %u accesses per iteration, one a cycle: "
					"%u cycles per iteration at best\n", dm, dm);
		}
	}
	if (n)
		fputc('\n', f);
}

struct sched_mem_use sched_mem_use(const struct sched_kernel *sk, const struct ir_mem *m)
{
	const struct ir_kernel *k = sk->kernel;
	struct sched_mem_use u = {0};
	for (unsigned b = 0; b < k->nblocks; b++)
		for (unsigned j = 0; j < k->blocks[b]->nops; j++) {
			const struct ir_op *op = k->blocks[b]->ops[j];
			if (op->mem != m)
				continue;
			u.loads += op->opc == IR_MEM_LOAD;
			u.stores += op->opc == IR_MEM_STORE;
			if (op->opc == IR_MEM_LOAD && op->port + 1 > u.ports)
				u.ports = op->port + 1;
			for (unsigned i = 0; i < j; i++) {
				const struct ir_op *y = k->blocks[b]->ops[i];
				u.late += sched_late_forward(op, y, sk->cycle[op->id],
							     sk->cycle[y->id], sk->ii[b]);
			}
		}
	u.copies = m->copy_reads ? (u.ports + m->copy_reads - 1) / m->copy_reads : 1;
	return u;
}

void sched_print_memories(const struct ir_program *p, const struct hls_schedule *s,
			  void *file)
{
	FILE *f = file;
	unsigned n = 0;
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		const struct ir_kernel *k = p->kernels[kk];
		for (unsigned i = 0; i < k->nmems; i++) {
			const struct ir_mem *m = k->mems[i];
			unsigned long bits = (unsigned long)m->width * m->depth;
			struct sched_mem_use u = sched_mem_use(&s->kernels[kk], m);
			unsigned loads = u.loads, stores = u.stores, ports = u.ports;
			if (!n++)
				fputs("memories:\n", f);
			if (m->part.whole)
				fprintf(f, "  %s, '%s' bank %u of %u (its elements %u mod %u)", k->name,
					m->part.whole, m->part.bank, m->part.banks, m->part.bank,
					m->part.banks);
			else
				fprintf(f, "  %s, '%s'", k->name, m->name);
			print_loc(f, m->loc);
			unsigned copies = u.copies;
			fprintf(f, ": %u words of %u bits (%lu bits), %s, %u read%s on %u port%s, "
				"%u write%s%s", m->depth, m->width, bits,
				m->rom ? "ROM" : m->init ? "RAM with initial contents" : "RAM",
				loads, loads == 1 ? "" : "s", ports, ports == 1 ? "" : "s",
				stores, stores == 1 ? "" : "s",
				!stores || !loads ? ""
				: u.late ? " (a read forwards the word written in its cycle, and the "
					   "word the iteration ahead writes as it comes out)"
				: " (a read forwards the word written in its cycle)");
			if (copies > 1)
				fprintf(f, ", in %u copies of %u read port%s each", copies,
					m->copy_reads, m->copy_reads == 1 ? "" : "s");
			fputc('\n', f);
		}
	}
	if (n)
		fputc('\n', f);
}

void sched_print(const struct ir_program *p, const struct hls_schedule *s,
		 void *file)
{
	FILE *f = file;
	fprintf(f, "schedule: target %s, clock period %.2f ns (%.1f MHz)\n",
		target_name(s->target), s->clock_ns, 1000.0 / s->clock_ns);
	for (unsigned kk = 0; kk < s->nkernels && kk < p->nkernels; kk++) {
		const struct ir_kernel *k = p->kernels[kk];
		const struct sched_kernel *sk = &s->kernels[kk];
		unsigned total = 0;
		for (unsigned b = 0; b < k->nblocks; b++)
			total += sk->block_len[b];
		fprintf(f, "\nkernel %s: %u state%s in %u block%s\n", k->name, total,
			total == 1 ? "" : "s", k->nblocks, k->nblocks == 1 ? "" : "s");
		for (unsigned b = 0; b < k->nblocks; b++)
			print_block(f, sk, k->blocks[b]);
	}
}
