/*
 * lower_call.c -- call instructions: the pipe and state operations of the
 * intermediate form, intrinsics (lower_intrinsic.c), and the calls that
 * cannot be hardware.
 *
 *   %v  = call iN @sluice.pipe.read.iN(ptr @desc, i32 anchor, target, kind, cycles)
 *   call void @sluice.pipe.write.iN(ptr @desc, iN %v, i32 x4)
 *   %r  = call {iN, i1} @sluice.pipe.read_nb.iN(ptr @desc, i32 x4)
 *   %ok = call i1 @sluice.pipe.write_nb.iN(ptr @desc, iN %v, i32 x4)
 *   call void @sluice.pipe.fence()                 (IR_FENCE)
 *   %s  = call iN @sluice.state.load.iN(ptr @g)
 *   call void @sluice.state.store.iN(ptr @g, iN %s)
 *   %w  = call iW @sluice.mem.load.iW(ptr @a, i64 %i)      (IR_MEM_LOAD)
 *   call void @sluice.mem.store.iW(ptr @a, i64 %i, iW %w)  (IR_MEM_STORE)
 *   %v  = call iN @sluice.dmem.load.iN(i64 %addr, i32 site, i64 args)
 *   call void @sluice.dmem.store.iN(i64 %addr, iN %v, i32 site, i64 args)
 *                                        (device memory: devmem.c, lower_dmem_op)
 *   %v  = call iN @sluice.spec.NAME()     (a register-bound spec constant)
 *
 * A pipe op gets op->pipe (the ir_pipe of the descriptor's name) and
 * op->lat: anchor/target are the props minus one (0, none, becomes -1),
 * kind 1 exact, 2 max, 3 min.  The props must be integer constants and N
 * must be the pipe's width; anything else is an error at the call.
 *
 * A memory op gets op->mem, the kernel's memory of the array @a (a global
 * or a local's alloca; lower_mem makes it at the first call naming it),
 * and the word index %i as any value: promote_mems.c has made W the one
 * word width of the array's every access (a narrower C access is a part
 * of a word there), 8, 16, 32 or 64 bits.
 */
#include "lower.h"

#include <string.h>

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* The four props from argument `first` on; false after an error. */
static bool read_props(struct lower *L, LLVMValueRef call, unsigned first,
		       struct ir_latency *lat)
{
	long long v[4];
	for (unsigned i = 0; i < 4; i++) {
		LLVMValueRef a = LLVMGetOperand(call, first + i);
		if (!a || !LLVMIsAConstantInt(a) ||
		    LLVMGetIntTypeWidth(LLVMTypeOf(a)) > 64) {
			lower_error(L, L->loc, "latency properties must be integer "
				    "constants");
			return false;
		}
		v[i] = LLVMConstIntGetSExtValue(a);
	}
	bool ok = true;
	if (v[0] < 0 || v[0] > 0x7fffffff || v[1] < 0 || v[1] > 0x7fffffff) {
		lower_error(L, L->loc, "anchor ids must not be negative");
		ok = false;
	} else if (v[0] > IR_ANCHOR_INTERNAL || v[1] > IR_ANCHOR_INTERNAL) {
		lower_error(L, L->loc, "anchor ids must be below %d (the ids above are the "
			    "compiler's own)", IR_ANCHOR_INTERNAL);
		ok = false;
	}
	if (v[2] < LAT_NONE || v[2] > LAT_MIN) {
		lower_error(L, L->loc, "invalid latency kind %lld (use SLUICE_EXACT, "
			    "SLUICE_MIN or SLUICE_MAX)", v[2]);
		ok = false;
	} else if (v[2] != LAT_NONE && v[1] == 0) {
		lower_error(L, L->loc, "a latency constraint needs a target anchor");
		ok = false;
	}
	if (v[2] != LAT_NONE && (v[3] < 0 || v[3] > 0x7fffffff)) {
		lower_error(L, L->loc, "latency cycles must not be negative (%lld)",
			    v[3]);
		ok = false;
	}
	if (!ok)
		return false;
	lat->anchor = (int)v[0] - 1;
	lat->target = (int)v[1] - 1;
	lat->kind = (enum ir_latency_kind)v[2];
	lat->cycles = v[2] != LAT_NONE ? (int)v[3] : 0;
	return true;
}

static void lower_pipe_op(struct lower *L, LLVMValueRef call, const char *name)
{
	const char *what = name + strlen("sluice.pipe.");
	if (!strcmp(what, "fence") && LLVMGetNumArgOperands(call) == 0) {
		lower_op(L, IR_FENCE, 0, 0);
		return;
	}
	enum ir_opcode opc;
	unsigned nargs;
	if (prefix(what, "read_nb."))
		opc = IR_PIPE_READ_NB, nargs = 5;
	else if (prefix(what, "write_nb."))
		opc = IR_PIPE_WRITE_NB, nargs = 6;
	else if (prefix(what, "read."))
		opc = IR_PIPE_READ, nargs = 5;
	else if (prefix(what, "write."))
		opc = IR_PIPE_WRITE, nargs = 6;
	else
		opc = IR_NUM_OPCODES, nargs = 0;
	if (opc == IR_NUM_OPCODES || LLVMGetNumArgOperands(call) != nargs) {
		lower_error(L, L->loc, "internal error: malformed call to '%s'", name);
		return;
	}
	bool writes = opc == IR_PIPE_WRITE || opc == IR_PIPE_WRITE_NB;
	struct ir_pipe *pipe = pmap_get(&L->pipes, front_strip_casts(LLVMGetOperand(call, 0)));
	if (!pipe) {
		lower_error(L, L->loc, "the pipe of a pipe operation must be one "
			    "pipe known at compile time (declared with SLUICE_PIPE)");
		return;
	}
	LLVMTypeRef dt = writes ? LLVMTypeOf(LLVMGetOperand(call, 1))
				: LLVMTypeOf(call);
	unsigned w = lower_type_width(dt);
	if (opc == IR_PIPE_READ_NB)
		w = w ? w - 1 : 0; /* {iN, i1} */
	if (w != pipe->width) {
		lower_error(L, L->loc, "pipe '%s' carries %u-bit words but this "
			    "operation transfers %u bits", pipe->name, pipe->width, w);
		return;
	}
	struct ir_latency lat;
	if (!read_props(L, call, writes ? 2 : 1, &lat))
		return;
	unsigned rw = opc == IR_PIPE_READ ? w : opc == IR_PIPE_READ_NB ? w + 1
		      : opc == IR_PIPE_WRITE_NB ? 1 : 0;
	struct ir_op *data = writes ? lower_val(L, LLVMGetOperand(call, 1)) : NULL;
	struct ir_op *op = lower_op(L, opc, rw, writes);
	if (writes)
		op->args[0] = data;
	op->pipe = pipe;
	op->lat = lat;
	if (rw)
		lower_bind(L, call, op);
}

static void lower_state_op(struct lower *L, LLVMValueRef call, const char *name)
{
	bool store = prefix(name, "sluice.state.store.");
	bool load = prefix(name, "sluice.state.load.");
	if ((!store && !load) || LLVMGetNumArgOperands(call) != (store ? 2u : 1u)) {
		lower_error(L, L->loc, "internal error: malformed call to '%s'", name);
		return;
	}
	LLVMTypeRef t = store ? LLVMTypeOf(LLVMGetOperand(call, 1)) : LLVMTypeOf(call);
	unsigned w = lower_type_width(t);
	if (!w || w > IR_MAX_WIDTH) {
		lower_error(L, L->loc, "global variables of more than %d bytes "
			    "are not supported as kernel state", IR_MAX_WIDTH / 8);
		return;
	}
	struct ir_state *st = lower_state(L, front_strip_casts(LLVMGetOperand(call, 0)), w);
	if (!st)
		return;
	if (load) {
		struct ir_op *op = lower_op(L, IR_STATE_LOAD, w, 0);
		op->state = st;
		lower_bind(L, call, op);
	} else {
		struct ir_op *v = lower_val(L, LLVMGetOperand(call, 1));
		struct ir_op *op = lower_op(L, IR_STATE_STORE, 0, 1);
		op->args[0] = v;
		op->state = st;
	}
}

/* %w = call iW @sluice.mem.load.iW(ptr %obj, i64 %idx)
 * call void @sluice.mem.store.iW(ptr %obj, i64 %idx, iW %w) */
static void lower_mem_op(struct lower *L, LLVMValueRef call, const char *name)
{
	bool store = prefix(name, "sluice.mem.store.");
	bool load = prefix(name, "sluice.mem.load.");
	unsigned n = LLVMGetNumArgOperands(call);
	LLVMTypeRef t = store && n == 3 ? LLVMTypeOf(LLVMGetOperand(call, 2)) : LLVMTypeOf(call);
	unsigned w = lower_type_width(t);
	if ((!store && !load) || n != (store ? 3u : 2u) ||
	    (w != 8 && w != 16 && w != 32 && w != 64)) {
		lower_error(L, L->loc, "internal error: malformed call to '%s'", name);
		return;
	}
	struct ir_mem *mem = lower_mem(L, front_strip_casts(LLVMGetOperand(call, 0)), w);
	if (!mem)
		return;
	if (store && mem->rom) {
		lower_error(L, L->loc, "internal error: a store into constant table '%s'",
			    mem->name);
		return;
	}
	struct ir_op *idx = lower_val(L, LLVMGetOperand(call, 1));
	if (load) {
		struct ir_op *op = lower_op(L, IR_MEM_LOAD, w, 1);
		op->args[0] = idx;
		op->mem = mem;
		lower_bind(L, call, op);
	} else {
		struct ir_op *v = lower_val(L, LLVMGetOperand(call, 2));
		struct ir_op *op = lower_op(L, IR_MEM_STORE, 0, 2);
		op->args[0] = idx;
		op->args[1] = v;
		op->mem = mem;
	}
}

/* The request (req) or answer pipe of the kernel's channel to device
 * memory for argument `param` (-1: the shared channel), made on first
 * use. */
static struct ir_pipe *dmem_pipe(struct lower *L, int param, bool req)
{
	struct ir_kernel *k = L->k;
	unsigned c = 0;
	while (c < k->ndmem_chans && k->dmem_chans[c].param != param)
		c++;
	if (c == k->ndmem_chans) {
		struct ir_dmem_chan nc = {NULL, NULL, param};
		VEC_PUSH(&L->ctx->arena, k->dmem_chans, k->ndmem_chans, nc);
	}
	struct ir_pipe **pp = req ? &k->dmem_chans[c].req : &k->dmem_chans[c].rsp;
	if (*pp)
		return *pp;
	const char *name = arena_printf(&L->ctx->arena, "%s_dmem%s%s_%s", k->name,
					param >= 0 ? "_" : "",
					param >= 0 ? k->params[param].name : "", req ? "req" : "rsp");
	if (ir_pipe_find(L->prog, name)) {
		lower_error(L, k->loc, "kernel '%s' needs the name '%s' for its channel to "
			    "device memory; rename that pipe", k->name, name);
		return NULL;
	}
	struct ir_pipe *p = arena_alloc(&L->ctx->arena, sizeof *p);
	p->name = name;
	p->type = req ? "device memory request" : "device memory answer";
	p->width = req ? IR_DMEM_REQ_BITS : 64;
	p->min_capacity = 0;
	p->kind = PIPE_DEVMEM;
	p->dir = req ? DIR_OUT : DIR_IN;
	p->devmem = true;
	p->loc = k->loc;
	VEC_PUSH(&L->ctx->arena, L->prog->pipes, L->prog->npipes, p);
	return *pp = p;
}

/* The arguments in `mask`, "a", "a or b", for a fault report. */
static const char *dmem_pointer(struct lower *L, uint64_t mask)
{
	const char *s = NULL;
	for (unsigned i = 0; i < L->k->nparams && i < 64; i++)
		if (mask >> i & 1)
			s = s ? arena_printf(&L->ctx->arena, "%s or %s", s, L->k->params[i].name)
			      : L->k->params[i].name;
	return s ? s : "a pointer argument";
}

/* %v = call iN @sluice.dmem.load.iN(i64 %addr, i32 site, i64 mask)
 * call void @sluice.dmem.store.iN(i64 %addr, iN %v, i32 site, i64 mask)
 * (devmem.c): a request on the kernel's channel, {tag, store, size,
 * address, data}; a load's answer is read at least IR_DMEM_LATENCY
 * cycles later (a latency constraint between the two), in order with the
 * kernel's other answers. */
static void lower_dmem_op(struct lower *L, LLVMValueRef call, const char *name)
{
	bool store = prefix(name, "sluice.dmem.store.");
	bool load = prefix(name, "sluice.dmem.load.");
	unsigned n = LLVMGetNumArgOperands(call);
	LLVMTypeRef t = store && n == 4 ? LLVMTypeOf(LLVMGetOperand(call, 1)) : LLVMTypeOf(call);
	unsigned w = lower_type_width(t);
	if ((!store && !load) || n != (store ? 4u : 3u) || (w != 8 && w != 16 && w != 32 && w != 64) ||
	    !LLVMIsAConstantInt(LLVMGetOperand(call, n - 1))) {
		lower_error(L, L->loc, "internal error: malformed call to '%s'", name);
		return;
	}
	struct ir_kernel *k = L->k;
	if (k->ndmem_sites >= 1u << IR_DMEM_TAG_BITS) {
		lower_error(L, L->loc, "kernel '%s' has more than %u accesses to device memory",
			    k->name, 1u << IR_DMEM_TAG_BITS);
		return;
	}
	/* a restrict argument's accesses go on a channel of their own */
	uint64_t mask = LLVMConstIntGetZExtValue(LLVMGetOperand(call, n - 1));
	int param = -1;
	for (unsigned i = 0; i < k->nparams && i < 64; i++)
		if (mask == 1ull << i && LLVMGetEnumAttributeAtIndex(L->fn, i + 1,
			LLVMGetEnumAttributeKindForName("noalias", 7)))
			param = (int)i;
	struct ir_pipe *req = dmem_pipe(L, param, true);
	struct ir_pipe *rsp = load ? dmem_pipe(L, param, false) : NULL;
	if (!req || (load && !rsp))
		return;
	struct ir_dmem_site site = {dmem_pointer(L, mask), L->loc, store, w / 8};
	unsigned tag = k->ndmem_sites;
	VEC_PUSH(&L->ctx->arena, k->dmem_sites, k->ndmem_sites, site);
	unsigned size = w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : 3;
	struct ir_op *addr = lower_resize(L, IR_TRUNC, lower_val(L, LLVMGetOperand(call, 0)), 32);
	struct ir_op *data = store ? lower_resize(L, IR_ZEXT, lower_val(L, LLVMGetOperand(call, 1)), 64)
				   : lower_imm(L, 64, 0);
	struct ir_op *head = lower_imm(L, IR_DMEM_TAG_BITS + 3,
				       (uint64_t)tag << 3 | (uint64_t)store << 2 | size);
	struct ir_op *word = lower_concat(L, head, lower_concat(L, addr, data));
	struct ir_op *wr = lower_op(L, IR_PIPE_WRITE, 0, 1);
	wr->args[0] = word;
	wr->pipe = req;
	if (store)
		return;
	wr->lat.anchor = (int)(IR_ANCHOR_INTERNAL + L->prog->next_anchor++);
	struct ir_op *rd = lower_op(L, IR_PIPE_READ, 64, 0);
	rd->pipe = rsp;
	rd->lat.target = wr->lat.anchor;
	rd->lat.kind = LAT_MIN;
	rd->lat.cycles = IR_DMEM_LATENCY;
	lower_bind(L, call, lower_resize(L, IR_TRUNC, rd, w));
}

/* %v = call iN @sluice.spec.NAME(): the register-bound constant NAME. */
static void lower_spec_op(struct lower *L, LLVMValueRef call, const char *name)
{
	const char *sname = name + strlen("sluice.spec.");
	struct ir_spec_const *s = NULL;
	for (unsigned i = 0; i < L->prog->nspecs && !s; i++)
		if (!strcmp(L->prog->specs[i]->name, sname))
			s = L->prog->specs[i];
	unsigned w = lower_type_width(LLVMTypeOf(call));
	if (!s || LLVMGetNumArgOperands(call) || w != s->width) {
		lower_error(L, L->loc, "internal error: malformed call to '%s'", name);
		return;
	}
	struct ir_op *op = lower_op(L, IR_SPEC, w, 0);
	op->spec = s;
	op->name = s->name;
	lower_bind(L, call, op);
}

void lower_call(struct lower *L, LLVMValueRef call)
{
	LLVMValueRef callee = LLVMGetCalledValue(call);
	if (callee && LLVMIsAInlineAsm(callee)) {
		lower_error(L, L->loc, "inline assembly is not supported");
		return;
	}
	const char *name = lower_callee_name(call);
	if (!name) {
		lower_error(L, L->loc, "calls through function pointers are not "
			    "supported");
		return;
	}
	if (prefix(name, "sluice.pipe.")) {
		lower_pipe_op(L, call, name);
		return;
	}
	if (prefix(name, "sluice.state.")) {
		lower_state_op(L, call, name);
		return;
	}
	if (prefix(name, "sluice.mem.")) {
		lower_mem_op(L, call, name);
		return;
	}
	if (prefix(name, "sluice.dmem.")) {
		lower_dmem_op(L, call, name);
		return;
	}
	if (prefix(name, "sluice.spec.")) {
		lower_spec_op(L, call, name);
		return;
	}
	if (prefix(name, "llvm.")) {
		if (!lower_intrinsic(L, call, name))
			lower_error(L, L->loc, "unsupported intrinsic '%s'", name);
		return;
	}
	if (prefix(name, "__sluice_pipe_")) {
		lower_error(L, L->loc, "internal error: pipe operation '%s' was not "
			    "prepared", name);
		return;
	}
	const char *cname = front_c_name(L->ctx, callee);
	if (!LLVMIsDeclaration(callee))
		lower_error(L, L->loc, "call to '%s' could not be inlined (recursive "
			    "functions are not supported)", cname);
	else
		lower_error(L, L->loc, "call to '%s', which is not defined in the "
			    "kernel sources (only functions defined in the "
			    "compiled files can be called)", cname);
}
