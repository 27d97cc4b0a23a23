/*
 * pass.h -- IR -> IR transforms, in the order the driver runs them.
 * Each takes a verified program and leaves a verified program.
 */
#ifndef SLUICE_PASS_H
#define SLUICE_PASS_H

#include "../ir/ir.h"

/* edit.c: the ops a pass makes in one place of a block, in the order they
 * go in, with the block and source location of the op they serve. */
struct ir_edit {
	struct ir_block *block;
	struct ir_loc loc;
	struct ir_op **ops;
	unsigned n;
};

/* An empty edit for ops in op's block, with op's location. */
struct ir_edit edit_at(const struct ir_op *op);
/* A new op (a constant) appended to e, in e's block with e's location;
 * the caller fills its operands and puts e's ops into the block. */
struct ir_op *edit_op(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
		      enum ir_opcode opc, unsigned width, unsigned nargs);
struct ir_op *edit_const(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
			 unsigned width, uint64_t v);
/* a (+/-) b (signs sa, sb) as one add or subtract of width w, into `into`
 * or a new op of e: a - b, b - a, or a + b, which is the negated sum when
 * both are negative; *sign the result's sign. */
struct ir_op *edit_signed_add(struct hls_ctx *ctx, struct ir_kernel *k, struct ir_edit *e,
			      unsigned w, struct ir_op *a, int sa, struct ir_op *b, int sb,
			      struct ir_op *into, int *sign);
/* Puts op, made without a block, at the front of block b: a phi, or a
 * constant of the entry block, which dominates every block. */
void edit_put_first(struct hls_ctx *ctx, struct ir_block *b, struct ir_op *op);
/* phi takes v when arriving from block b too. */
void edit_phi_append(struct hls_ctx *ctx, struct ir_op *phi, struct ir_op *v,
		     struct ir_block *b);
/* What makes an op of `from`'s opcode the value it is, but its operands
 * (name, location, constant, bit index, spec constant, unit), copied to
 * `to`: an op made again elsewhere. */
void edit_copy_attrs(struct ir_op *to, const struct ir_op *from);
/* Every use of `from` in k (phis too) reads `to` instead, but in `to`
 * itself (a multiplexer of `from` and others that replaces it). */
void edit_replace_uses(struct ir_kernel *k, const struct ir_op *from, struct ir_op *to);

static inline bool is_addsub(const struct ir_op *op)
{
	return op->opc == IR_ADD || op->opc == IR_SUB;
}

/* cse.c: an op that computes what an earlier op of its block computes
 * (the same opcode over the same operands) is that op. */
void pass_cse(struct hls_ctx *ctx, struct ir_program *p);

/* dce.c: removes ops without users or side effects. */
void pass_dce(struct hls_ctx *ctx, struct ir_program *p);

/* arith.c: products by one constant in a sum multiplied once
 * (a*x + a*y = a*(x + y)); multiplications by constants of few signed digits as shifts
 * and adds; chains of adds and subtracts as balanced trees; tests of one
 * bit ((x & 2^k) == 0) and of the sign (x < 0) as that bit. */
void pass_factor_products(struct hls_ctx *ctx, struct ir_program *p);
void pass_const_mul(struct hls_ctx *ctx, struct ir_program *p);
void pass_balance_adds(struct hls_ctx *ctx, struct ir_program *p);
void pass_bit_tests(struct hls_ctx *ctx, struct ir_program *p);

/* recur_adds.c: the sums a loop carries round to its next iteration
 * rebuilt with the terms that wait for the last iterations added last. */
void pass_recurrence_adds(struct hls_ctx *ctx, struct ir_program *p);

/* fission.c: an autorun kernel whose endless loop does one thing after
 * another (read a block, then write its results) becomes kernels that do
 * them at once, each handing the next what it needs through a pipe of
 * its own. */
void pass_fission(struct hls_ctx *ctx, struct ir_program *p);

/* if_convert.c: a loop body with branches inside (or an autorun body
 * without loops) becomes one block, its pipe operations and state stores
 * guarded by the predicate of the block they came from. */
void pass_if_convert(struct hls_ctx *ctx, struct ir_program *p);

/* skip_empty_blocks.c: when e holds phis, ops without effects, pipe ops
 * without latency constraints and a branch into a loop of one block that
 * only e enters, e's ops move into that loop (its phis carrying
 * themselves round it, its pipe ops taking effect in the loop's first
 * iteration after each entry, or a cut pipe's word kept in its pipe until
 * the last; a phi of the loop that took one of e's ops coming in reads it
 * through a select on the first iteration), e's predecessors go to it
 * directly (the loop's own exit to e through a new block, the kernel's
 * last), and e
 * is left empty (no ops), for the caller to drop; false when e is not
 * such a block.  For if_convert, which makes a loop with a loop inside
 * one loop. */
bool pass_header_into_loop(struct hls_ctx *ctx, struct ir_block *e);

/* exit_test.c: a counted loop whose add, compare and branch do not fit
 * one clock decides on its next iteration one iteration ahead. */
void pass_exit_test(struct hls_ctx *ctx, struct ir_program *p);
/* mem_cse.c: a second read of a memory word in a block, with no write
 * to that memory between, is the first read. */
void pass_mem_cse(struct hls_ctx *ctx, struct ir_program *p);
/* partition.c: a memory whose ports keep a pipelined loop from its II is
 * split cyclically into 2, 4 or 8 banks, where the loop's accesses fall
 * in banks known at compile time. */
void pass_partition_memories(struct hls_ctx *ctx, struct ir_program *p);

/* narrow.c: adds, multiplies, bitwise ops, divides and compares at the
 * width their values need (known zero or sign bits, bits nobody reads). */
void pass_narrow(struct hls_ctx *ctx, struct ir_program *p);

/* skip_empty_blocks.c: sends control around blocks holding only a jump. */
void pass_skip_empty_blocks(struct hls_ctx *ctx, struct ir_program *p);

/* read_ahead.c: a loop entered from a block that reads the word it starts
 * with, whose exit block goes back there: the exit block tries for the
 * next word without waiting (a non-blocking read) and, when it has one,
 * enters the loop itself, one state sooner; and runs in the loop's last
 * cycle where that does not lengthen the loop. */
void pass_read_ahead(struct hls_ctx *ctx, struct ir_program *p);

#endif
