/*
 * lower_globals.c -- the module-level objects: pipes (from the descriptors
 * in section "sluice.pipes"), specialization constants (from the
 * descriptors in "sluice.specdesc") and the kernel state of each kernel
 * (the C globals named by @sluice.state.* calls).
 *
 * Pipes: one ir_pipe per distinct name, with the properties of the first
 * descriptor of that name in module order; every descriptor global maps to
 * its name's ir_pipe (L->pipes).  A first descriptor whose kind, direction,
 * capacity or size is impossible is reported here; descriptors of one name
 * that disagree were reported before (front_check_pipe_decls).
 *
 * Spec constants: one ir_spec_const per name, value = the bits of the
 * value global's initializer (the default, or what spec_bind.c set for
 * --spec; 8*size bits, zero-extended, at most 64); a second descriptor of
 * the same name with another type or default is an error.  front_compile
 * sets the binding afterwards.
 *
 * State: one ir_state per global per kernel, width 8*sizeof, init = the
 * initializer's bytes in host order (byte 0 in bits [7:0]); its name is
 * the C name made unique within the kernel.
 *
 * Memories: one ir_mem per array (a global, or a local's alloca) per
 * kernel, made at its first @sluice.mem.* call (promote_mems.c), with
 * the call's word width and depth = ceil(sizeof / word bytes); a constant
 * global is a ROM; a global's initializer gives the initial words (word i
 * from bytes [i*K, (i+1)*K), little-endian), NULL when all zero and for a
 * local.  Its name is the C name (a local's is its alloca's, which clang
 * names after the variable) made unique among the kernel's states and
 * memories.
 */
#include "lower.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool in_section(LLVMValueRef g, const char *sec)
{
	const char *s = LLVMGetSection(g);
	return s && !strcmp(s, sec);
}

static const char *kind_name(int kind)
{
	return kind == PIPE_HOST ? "host pipe" : kind == PIPE_IO ? "I/O pipe" : "pipe";
}

static bool dir_fits(int kind, int dir)
{
	switch (kind) {
	case PIPE_KERNEL:
		return dir == DIR_NONE;
	case PIPE_HOST:
		return dir == DIR_H2D || dir == DIR_D2H;
	case PIPE_IO:
		return dir == DIR_IN || dir == DIR_OUT;
	default:
		return false;
	}
}

static struct ir_pipe *new_pipe(struct lower *L, const struct front_pipe_desc *d)
{
	bool ok = true;
	if (d->kind < PIPE_KERNEL || d->kind > PIPE_IO) {
		lower_error(L, d->loc, "pipe '%s' has an invalid kind %d", d->name,
			    d->kind);
		ok = false;
	} else if (!dir_fits(d->kind, d->dir)) {
		lower_error(L, d->loc, "%s '%s' has an invalid direction %d%s",
			    kind_name(d->kind), d->name, d->dir,
			    d->kind == PIPE_HOST ? " (use SLUICE_H2D or SLUICE_D2H)" : "");
		ok = false;
	}
	if (d->min_capacity < 0) {
		lower_error(L, d->loc, "pipe '%s' has a negative MinCapacity (%d)",
			    d->name, d->min_capacity);
		ok = false;
	}
	if (d->size == 0 || d->size > IR_MAX_WIDTH / 8) {
		lower_error(L, d->loc, "pipe '%s' carries a type of %u bytes; "
			    "1 to %d bytes are supported", d->name, d->size,
			    IR_MAX_WIDTH / 8);
		ok = false;
	}
	if (!ok)
		return NULL;
	struct ir_pipe *p = arena_alloc(&L->ctx->arena, sizeof *p);
	p->name = d->name;
	p->type = d->type;
	p->width = 8 * d->size;
	p->min_capacity = d->min_capacity;
	p->kind = (enum ir_pipe_kind)d->kind;
	p->dir = (enum ir_pipe_dir)d->dir;
	p->loc = d->loc;
	VEC_PUSH(&L->ctx->arena, L->prog->pipes, L->prog->npipes, p);
	return p;
}

void lower_pipes(struct lower *L)
{
	for (LLVMValueRef g = LLVMGetFirstGlobal(L->m); g; g = LLVMGetNextGlobal(g)) {
		if (!in_section(g, "sluice.pipes") || LLVMIsDeclaration(g))
			continue;
		struct front_pipe_desc d;
		if (!front_pipe_desc_read(L->ctx, g, &d)) {
			lower_error(L, front_loc(L->ctx, g),
				    "'%s' in section \"sluice.pipes\" is not a pipe "
				    "descriptor (declare pipes with SLUICE_PIPE)",
				    front_c_name(L->ctx, g));
			continue;
		}
		struct ir_pipe *p = ir_pipe_find(L->prog, d.name);
		if (!p)
			p = new_pipe(L, &d);
		if (p)
			pmap_put(&L->pipes, g, p);
	}
}

/* ---- specialization constants ------------------------------------------- */

static void lower_spec(struct lower *L, LLVMValueRef g)
{
	struct ir_loc loc = front_loc(L->ctx, g);
	struct front_spec_desc d;
	if (!front_spec_desc_read(L->ctx, g, &d)) {
		lower_error(L, loc, "'%s' in section \"sluice.specdesc\" is not a "
			    "specialization constant descriptor (use "
			    "SLUICE_SPEC_CONSTANT)", front_c_name(L->ctx, g));
		return;
	}
	const char *name = d.name, *type = d.type;
	LLVMValueRef val = d.value;
	unsigned long long n = d.size;
	if (n == 0 || n > 8) {
		lower_error(L, loc, "specialization constant '%s' has a type of "
			    "%llu bytes; 1 to 8 bytes are supported", name, n);
		return;
	}
	uint8_t bytes[8];
	if (!lower_init_bytes(L, LLVMGetInitializer(val), bytes, n, name, loc))
		return;
	uint64_t value = 0;
	for (unsigned i = 0; i < n; i++)
		value |= (uint64_t)bytes[i] << (8 * i);

	struct ir_program *p = L->prog;
	for (unsigned i = 0; i < p->nspecs; i++) {
		struct ir_spec_const *s = p->specs[i];
		if (strcmp(s->name, name))
			continue;
		if (s->width != 8 * n || s->value != value || strcmp(s->type, type)) {
			lower_error(L, loc, "specialization constant '%s' is declared "
				    "here as %s = %llu but elsewhere as %s = %llu",
				    name, type, (unsigned long long)value, s->type,
				    (unsigned long long)s->value);
			diag_note(&L->ctx->diag, s->loc, "the other declaration of '%s'",
				  name);
		}
		return;
	}
	struct ir_spec_const *s = arena_alloc(&L->ctx->arena, sizeof *s);
	s->name = name;
	s->type = type;
	s->width = 8 * (unsigned)n;
	s->value = value;
	s->loc = loc;
	VEC_PUSH(&L->ctx->arena, p->specs, p->nspecs, s);
}

void lower_specs(struct lower *L)
{
	for (LLVMValueRef g = LLVMGetFirstGlobal(L->m); g; g = LLVMGetNextGlobal(g))
		if (in_section(g, "sluice.specdesc") && !LLVMIsDeclaration(g))
			lower_spec(L, g);
}

/* ---- kernel state --------------------------------------------------------- */

/* base, or base_2, base_3...: a name no state or memory of the kernel has
 * (a local array may have the name of a global, and both become
 * hardware named after them) */
static const char *unique_name(struct lower *L, const char *base)
{
	const char *name = base;
	for (unsigned n = 2;; n++) {
		bool clash = false;
		for (unsigned i = 0; i < L->k->nstates && !clash; i++)
			clash = !strcmp(L->k->states[i]->name, name);
		for (unsigned i = 0; i < L->k->nmems && !clash; i++)
			clash = !strcmp(L->k->mems[i]->name, name);
		if (!clash)
			return name;
		name = arena_printf(&L->ctx->arena, "%s_%u", base, n);
	}
}

struct ir_state *lower_state(struct lower *L, LLVMValueRef g, unsigned width)
{
	struct ir_state *st = pmap_get(&L->states, g);
	if (st) {
		if (st->width != width) {
			lower_error(L, L->loc, "internal error: kernel state '%s' "
				    "used with %u and %u bits", st->name, st->width,
				    width);
			return NULL;
		}
		return st;
	}
	if (!LLVMIsAGlobalVariable(g)) {
		lower_error(L, L->loc, "internal error: kernel state is not a "
			    "global variable");
		return NULL;
	}
	const char *cname = front_c_name(L->ctx, g);
	const char *base = lower_sanitize(L, cname, strlen(cname));
	st = arena_alloc(&L->ctx->arena, sizeof *st);
	st->name = unique_name(L, base ? base : "state");
	st->width = width;
	st->loc = front_loc(L->ctx, g);
	st->init = arena_alloc(&L->ctx->arena, (width + 63) / 64 * sizeof(uint64_t));
	LLVMValueRef init = LLVMGetInitializer(g);
	if (LLVMIsDeclaration(g) || !init) {
		lower_error(L, L->loc, "global variable '%s' is declared but not "
			    "defined in the kernel sources", cname);
	} else {
		uint64_t nbytes = (width + 7) / 8;
		uint8_t *bytes = arena_alloc(&L->ctx->arena, nbytes);
		struct ir_loc where = st->loc.file ? st->loc : L->loc;
		if (lower_init_bytes(L, init, bytes, nbytes, cname, where))
			for (uint64_t i = 0; i < nbytes; i++)
				st->init[i / 8] |= (uint64_t)bytes[i] << (8 * (i % 8));
		if (width % 64)
			st->init[(width - 1) / 64] &= (UINT64_C(1) << (width % 64)) - 1;
	}
	VEC_PUSH(&L->ctx->arena, L->k->states, L->k->nstates, st);
	pmap_put(&L->states, g, st);
	return st;
}

/* ---- memories --------------------------------------------------------------- */

/* A global's initializer as `depth` words of `width` bits, word i from
 * bytes [i * width/8, (i+1) * width/8) little-endian; NULL when every bit
 * is zero (or after an error, reported). */
static uint64_t *mem_init(struct lower *L, LLVMValueRef g, unsigned width, unsigned depth,
			  const char *what, struct ir_loc loc)
{
	unsigned wb = width / 8, nw = (width + 63) / 64;
	uint64_t nbytes = (uint64_t)depth * wb;
	uint8_t *bytes = arena_alloc(&L->ctx->arena, nbytes);
	if (!lower_init_bytes(L, LLVMGetInitializer(g), bytes, nbytes, what, loc))
		return NULL;
	bool zero = true;
	for (uint64_t i = 0; i < nbytes && zero; i++)
		zero = !bytes[i];
	if (zero)
		return NULL;
	uint64_t *init = arena_alloc(&L->ctx->arena, (uint64_t)depth * nw * sizeof *init);
	for (uint64_t i = 0; i < nbytes; i++)
		init[i / wb * nw + i % wb / 8] |= (uint64_t)bytes[i] << (8 * (i % wb % 8));
	return init;
}

/* The C name of a local's alloca: clang names it after the variable, and
 * inlining adds ".i" (NULL when it has no name). */
static const char *local_name(struct lower *L, LLVMValueRef alloca)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(alloca, &len);
	const char *dot = len ? memchr(name, '.', len) : NULL;
	if (dot && dot > name)
		len = (size_t)(dot - name);
	return len ? arena_printf(&L->ctx->arena, "%.*s", (int)len, name) : NULL;
}

/* "sluice.partition=N" of SLUICE_PARTITION(N) on obj, at loc. */
static void partition_request(struct lower *L, LLVMValueRef obj, LLVMValueRef str,
			      struct ir_loc loc)
{
	str = front_strip_casts(str);
	LLVMValueRef init = str && LLVMIsAGlobalVariable(str) ? LLVMGetInitializer(str) : NULL;
	size_t len = 0;
	const char *text = init && LLVMIsAConstantDataSequential(init) &&
			   LLVMIsConstantString(init) ? LLVMGetAsString(init, &len) : NULL;
	static const char key[] = "sluice.partition=";
	obj = front_strip_casts(obj);
	if (!text || len < sizeof key - 1 || strncmp(text, key, sizeof key - 1) || !obj)
		return;
	char buf[32] = "";
	size_t n = len - (sizeof key - 1);
	memcpy(buf, text + sizeof key - 1, n < sizeof buf - 1 ? n : sizeof buf - 1);
	char *end;
	unsigned long banks = strtoul(buf, &end, 10);
	if (*end || !banks || banks > 64 || (banks & (banks - 1))) {
		diag_error(&L->ctx->diag, loc, "SLUICE_PARTITION(%s): the banks are 1, 2, 4, "
			   "... 64", buf);
		return;
	}
	pmap_put(&L->banks, obj, (void *)(uintptr_t)banks);
}

void lower_partition_requests(struct lower *L)
{
	LLVMValueRef ga = LLVMGetNamedGlobal(L->m, "llvm.global.annotations");
	LLVMValueRef arr = ga ? LLVMGetInitializer(ga) : NULL;
	unsigned n = arr && LLVMIsAConstantArray(arr) ? (unsigned)LLVMGetNumOperands(arr) : 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef e = LLVMGetOperand(arr, i);
		if (!e || LLVMGetNumOperands(e) < 2)
			continue;
		LLVMValueRef g = front_strip_casts(LLVMGetOperand(e, 0));
		partition_request(L, g, LLVMGetOperand(e, 1),
				  g && LLVMIsAGlobalVariable(g) ? front_loc(L->ctx, g) : (struct ir_loc){0});
	}
	for (LLVMValueRef fn = LLVMGetFirstFunction(L->m); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (LLVMIsACallInst(in) &&
				    !strncmp(front_callee_name(in), "llvm.var.annotation", 19))
					partition_request(L, LLVMGetOperand(in, 0),
							  LLVMGetOperand(in, 1), front_loc(L->ctx, in));
}

struct ir_mem *lower_mem(struct lower *L, LLVMValueRef obj, unsigned width)
{
	struct ir_mem *mem = pmap_get(&L->mems, obj);
	if (mem) {
		if (mem->width != width) {
			lower_error(L, L->loc, "internal error: memory '%s' used with "
				    "%u-bit and %u-bit words", mem->name, mem->width, width);
			return NULL;
		}
		return mem;
	}
	bool global = LLVMIsAGlobalVariable(obj);
	LLVMTypeRef t = global ? LLVMGlobalGetValueType(obj)
		      : LLVMIsAAllocaInst(obj) ? LLVMGetAllocatedType(obj) : NULL;
	LLVMValueRef count = LLVMIsAAllocaInst(obj) ? LLVMGetOperand(obj, 0) : NULL;
	if (!t || !LLVMTypeIsSized(t) || (count && !LLVMIsAConstantInt(count))) {
		lower_error(L, L->loc, "internal error: a memory operation on something "
			    "that is not an array");
		return NULL;
	}
	uint64_t bytes = LLVMABISizeOfType(L->td, t);
	if (count)
		bytes *= LLVMConstIntGetZExtValue(count);
	uint64_t depth = (bytes + width / 8 - 1) / (width / 8);
	const char *cname = global ? front_c_name(L->ctx, obj) : local_name(L, obj);
	const char *base = cname ? lower_sanitize(L, cname, strlen(cname)) : NULL;
	if (depth > UINT32_MAX) {
		lower_error(L, L->loc, "array '%s' of %llu bytes is too large for a memory",
			    cname ? cname : "?", (unsigned long long)bytes);
		return NULL;
	}
	mem = arena_alloc(&L->ctx->arena, sizeof *mem);
	mem->name = unique_name(L, base ? base : "mem");
	mem->width = width;
	mem->depth = (unsigned)depth;
	mem->banks_asked = (unsigned)(uintptr_t)pmap_get(&L->banks, obj);
	/* a global's declaration; a local's first use (an alloca has no
	 * location of its own) */
	mem->loc = global ? front_loc(L->ctx, obj) : L->loc;
	if (!mem->loc.file)
		mem->loc = L->loc;
	if (global) {
		mem->rom = LLVMIsGlobalConstant(obj);
		if (LLVMIsDeclaration(obj) || !LLVMGetInitializer(obj))
			lower_error(L, L->loc, "global variable '%s' is declared but not "
				    "defined in the kernel sources", cname);
		else
			mem->init = mem_init(L, obj, width, mem->depth, cname, mem->loc);
	}
	VEC_PUSH(&L->ctx->arena, L->k->mems, L->k->nmems, mem);
	pmap_put(&L->mems, obj, mem);
	return mem;
}
