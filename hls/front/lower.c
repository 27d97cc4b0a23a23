/*
 * lower.c -- front_lower: the intermediate LLVM form -> sluice IR.
 *
 * For each function with a body in section "sluice.kernel" (KERNEL_STARTED)
 * or "sluice.autorun" (KERNEL_AUTORUN), in module order:
 *   - params: one ir_param each (integers; half/float/double as their
 *     bits; a pointer as its 64-bit device address), laid out as a C struct with one member per param in order
 *     (natural alignment, the module's data layout); an IR_ARG op each at
 *     the top of the entry block.  Signedness: the DIBasicType encoding the
 *     param's debug-info type resolves to (through typedefs, qualifiers and
 *     enums), else the signext/zeroext attribute, else i1 unsigned and
 *     wider integers signed;
 *   - blocks: one ir_block per reachable LLVM basic block, in LLVM's order
 *     (the entry first), named after it; unreachable blocks are dropped;
 *   - ops: phis first (created up front, operands filled at the end), then
 *     the other instructions, lowered in reverse post-order so that every
 *     operand is lowered before its use.  A constant operand is
 *     materialised in the block that uses it (for a phi, at the end of the
 *     incoming block), once per block.
 *   - a phi has one operand per distinct reachable predecessor, matching
 *     ir_compute_preds.
 * Every op carries the debug location of its instruction (or of the
 * previous instruction of its block, else the kernel's), and the op that
 * defines an LLVM value is named after it (made a Verilog identifier).
 */
#include "lower.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

/* ---- values -------------------------------------------------------------- */

static struct ir_op *undef_of(struct lower *L, LLVMTypeRef t)
{
	unsigned w = lower_type_width(t);
	return lower_op(L, IR_UNDEF, w && w <= IR_MAX_WIDTH ? w : 1, 0);
}

struct ir_op *lower_val(struct lower *L, LLVMValueRef v)
{
	if (LLVMIsAInstruction(v) || LLVMIsAArgument(v)) {
		struct ir_op *op = pmap_get(&L->vals, v);
		return op ? op : undef_of(L, LLVMTypeOf(v));
	}
	struct ir_op *op = pmap_get(&L->consts, v);
	if (op)
		return op;
	op = LLVMIsAConstant(v) ? lower_constant(L, v) : NULL;
	if (!op)
		op = undef_of(L, LLVMTypeOf(v));
	pmap_put(&L->consts, v, op);
	return op;
}

void lower_bind(struct lower *L, LLVMValueRef v, struct ir_op *op)
{
	if (!op->name)
		op->name = lower_value_name(L, v);
	pmap_put(&L->vals, v, op);
}

/* ---- params --------------------------------------------------------------- */

static unsigned md_ops(struct lower *L, LLVMMetadataRef md, LLVMValueRef **ops)
{
	LLVMValueRef v = LLVMMetadataAsValue(L->lc, md);
	*ops = NULL;
	if (!LLVMIsAMDNode(v))
		return 0;
	unsigned n = LLVMGetMDNodeNumOperands(v);
	*ops = arena_alloc(&L->ctx->arena, (n + 1) * sizeof **ops);
	LLVMGetMDNodeOperands(v, *ops);
	return n;
}

static LLVMMetadataRef md_op(struct lower *L, LLVMMetadataRef md, unsigned i)
{
	LLVMValueRef *ops;
	unsigned n = md_ops(L, md, &ops);
	return i < n && ops[i] && LLVMIsAMDNode(ops[i]) ? LLVMValueAsMetadata(ops[i])
						      : NULL;
}

/* The debug-info types of the params (types[i] for param i, NULL where
 * unknown), from the subprogram's DISubroutineType. */
static LLVMMetadataRef *param_ditypes(struct lower *L, unsigned nparams)
{
	LLVMMetadataRef *types = arena_alloc(&L->ctx->arena,
					     (nparams + 1) * sizeof *types);
	LLVMMetadataRef sp = LLVMGetSubprogram(L->fn);
	if (!sp)
		return types;
	LLVMValueRef *ops;
	unsigned n = md_ops(L, sp, &ops);
	for (unsigned i = 0; i < n; i++) {
		if (!ops[i] || !LLVMIsAMDNode(ops[i]))
			continue;
		LLVMMetadataRef st = LLVMValueAsMetadata(ops[i]);
		if (LLVMGetMetadataKind(st) != LLVMDISubroutineTypeMetadataKind)
			continue;
		LLVMValueRef *sops;
		unsigned sn = md_ops(L, st, &sops);
		for (unsigned j = 0; j < sn; j++) {
			if (!sops[j] || !LLVMIsAMDNode(sops[j]))
				continue;
			LLVMValueRef *tys;
			unsigned tn = md_ops(L, LLVMValueAsMetadata(sops[j]), &tys);
			if (tn != nparams + 1) /* ret + params, else not a match */
				continue;
			for (unsigned p = 0; p < nparams; p++)
				if (tys[p + 1] && LLVMIsAMDNode(tys[p + 1]))
					types[p] = LLVMValueAsMetadata(tys[p + 1]);
		}
		break;
	}
	return types;
}

static bool md_printed_has(struct lower *L, LLVMMetadataRef md, const char *what)
{
	char *s = LLVMPrintValueToString(LLVMMetadataAsValue(L->lc, md));
	bool has = s && strstr(s, what);
	LLVMDisposeMessage(s);
	return has;
}

/* 1 signed, 0 unsigned, -1 unknown; *aggregate set for struct/union/array */
static int di_signedness(struct lower *L, LLVMMetadataRef ty, bool *aggregate)
{
	for (int depth = 0; ty && depth < 32; depth++) {
		switch (LLVMGetMetadataKind(ty)) {
		case LLVMDIBasicTypeMetadataKind:
			if (md_printed_has(L, ty, "DW_ATE_signed"))
				return 1;
			if (md_printed_has(L, ty, "DW_ATE_unsigned") ||
			    md_printed_has(L, ty, "DW_ATE_boolean"))
				return 0;
			return -1;
		case LLVMDICompositeTypeMetadataKind:
			if (!md_printed_has(L, ty, "DW_TAG_enumeration_type")) {
				*aggregate = true;
				return -1;
			}
			ty = md_op(L, ty, 3); /* baseType */
			break;
		case LLVMDIDerivedTypeMetadataKind:
			ty = md_op(L, ty, 3); /* baseType of typedef/const/... */
			break;
		default:
			return -1;
		}
	}
	return -1;
}

static bool param_attr(LLVMValueRef fn, unsigned i, const char *attr)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(attr, strlen(attr));
	return kind && LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
}

static void lower_params(struct lower *L)
{
	struct ir_kernel *k = L->k;
	unsigned n = LLVMCountParams(L->fn);
	LLVMMetadataRef *ditypes = param_ditypes(L, n);
	k->params = arena_alloc(&L->ctx->arena, (n + 1) * sizeof *k->params);
	k->nparams = n;
	uint64_t off = 0, maxalign = 1;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef a = LLVMGetParam(L->fn, i);
		LLVMTypeRef t = LLVMTypeOf(a);
		struct ir_param *p = &k->params[i];
		size_t nlen = 0;
		const char *raw = LLVMGetValueName2(a, &nlen);
		const char *coerce = raw ? strstr(raw, ".coerce") : NULL;
		p->name = lower_sanitize(L, raw, coerce ? (size_t)(coerce - raw) : nlen);
		if (!p->name)
			p->name = arena_printf(&L->ctx->arena, "arg%u", i);
		bool aggregate = coerce != NULL;
		LLVMTypeKind kind = LLVMGetTypeKind(t);
		/* (a pointer's debug type is what it points to) */
		int sign = ditypes[i] && kind != LLVMPointerTypeKind
			? di_signedness(L, ditypes[i], &aggregate) : -1;
		if (aggregate || kind == LLVMStructTypeKind || kind == LLVMArrayTypeKind) {
			lower_error(L, k->loc, "kernel '%s': parameter '%s' is a struct, "
				    "union or array; such parameters are not "
				    "supported yet", k->name, p->name);
			continue;
		}
		/* a pointer into device memory: its address, as the host's
		 * argument buffer holds it (devmem.c) */
		unsigned w = kind == LLVMPointerTypeKind ? 64 : lower_type_width(t);
		if (!w || w > IR_MAX_WIDTH) {
			lower_error(L, k->loc, "kernel '%s': parameter '%s' has a type "
				    "that is not supported (integers, bool, float and "
				    "double are)", k->name, p->name);
			continue;
		}
		if (sign < 0)
			sign = param_attr(L->fn, i, "signext")	  ? 1
			       : param_attr(L->fn, i, "zeroext") ? 0
			       : kind == LLVMIntegerTypeKind && w > 1;
		p->width = w;
		p->is_signed = kind == LLVMIntegerTypeKind && sign == 1;
		p->is_float = kind == LLVMFloatTypeKind || kind == LLVMDoubleTypeKind;
		p->is_pointer = kind == LLVMPointerTypeKind;
		if (p->is_pointer)
			p->is_signed = false;
		uint64_t size = LLVMABISizeOfType(L->td, t);
		uint64_t align = LLVMABIAlignmentOfType(L->td, t);
		if (!align)
			align = 1;
		off = (off + align - 1) / align * align;
		p->offset = (unsigned)off;
		p->size = (unsigned)size;
		off += size;
		if (align > maxalign)
			maxalign = align;
	}
	k->args_size = (unsigned)((off + maxalign - 1) / maxalign * maxalign);
}

/* ---- blocks --------------------------------------------------------------- */

struct cfg {
	LLVMBasicBlockRef *bbs; /* layout order */
	unsigned n;
	unsigned *rpo;		/* indices into bbs, reverse post-order */
	unsigned nrpo;
};

static unsigned bb_index(struct pmap *idx, LLVMBasicBlockRef bb)
{
	return (unsigned)(uintptr_t)pmap_get(idx, bb); /* index + 1; 0: none */
}

static void compute_rpo(struct lower *L, struct cfg *g)
{
	struct pmap idx = {0};
	g->n = LLVMCountBasicBlocks(L->fn);
	g->bbs = calloc(g->n + 1, sizeof *g->bbs);
	g->rpo = calloc(g->n + 1, sizeof *g->rpo);
	unsigned *stack = calloc(g->n + 1, sizeof *stack);
	unsigned *next = calloc(g->n + 1, sizeof *next);
	bool *seen = calloc(g->n + 1, sizeof *seen);
	unsigned i = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(L->fn); bb && i < g->n;
	     bb = LLVMGetNextBasicBlock(bb)) {
		g->bbs[i] = bb;
		pmap_put(&idx, bb, (void *)(uintptr_t)(++i));
	}
	unsigned sp = 0, npost = 0;
	if (g->n) {
		stack[sp++] = 0;
		seen[0] = true;
	}
	while (sp) {
		unsigned b = stack[sp - 1];
		LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bbs[b]);
		unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
		if (next[b] < ns) {
			unsigned s = bb_index(&idx, LLVMGetSuccessor(t, next[b]++));
			if (s && !seen[s - 1]) {
				seen[s - 1] = true;
				stack[sp++] = s - 1;
			}
			continue;
		}
		g->rpo[npost++] = b; /* post-order for now */
		sp--;
	}
	for (unsigned a = 0, z = npost; a + 1 < z; a++, z--) {
		unsigned tmp = g->rpo[a];
		g->rpo[a] = g->rpo[z - 1];
		g->rpo[z - 1] = tmp;
	}
	g->nrpo = npost;
	free(stack);
	free(next);
	free(seen);
	pmap_free(&idx);
}

static void make_blocks(struct lower *L, struct cfg *g)
{
	bool *reach = calloc(g->n + 1, sizeof *reach);
	for (unsigned i = 0; i < g->nrpo; i++)
		reach[g->rpo[i]] = true;
	for (unsigned i = 0; i < g->n; i++) {
		if (!reach[i])
			continue;
		LLVMValueRef bv = LLVMBasicBlockAsValue(g->bbs[i]);
		const char *name = lower_value_name(L, bv);
		struct ir_block *b = ir_block_new(L->ctx, L->k, name);
		b->loc = L->k->loc; /* the first location in the block */
		for (LLVMValueRef in = LLVMGetFirstInstruction(g->bbs[i]); in;
		     in = LLVMGetNextInstruction(in)) {
			struct ir_loc loc = lower_inst_loc(L, in);
			if (loc.line) {
				b->loc = loc;
				break;
			}
		}
		pmap_put(&L->blocks, g->bbs[i], b);
	}
	free(reach);
}

/* ---- phis ------------------------------------------------------------------ */

struct phi_todo {
	LLVMValueRef phi;
	struct ir_op *op;
};

static void make_phis(struct lower *L, struct cfg *g, struct phi_todo **todo,
		      unsigned *ntodo)
{
	for (unsigned r = 0; r < g->nrpo; r++) {
		LLVMBasicBlockRef bb = g->bbs[g->rpo[r]];
		L->b = pmap_get(&L->blocks, bb);
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb);
		     in && LLVMIsAPHINode(in); in = LLVMGetNextInstruction(in)) {
			L->loc = lower_inst_loc(L, in);
			if (!L->loc.line)
				L->loc = L->b->loc;
			unsigned w = lower_type_width(LLVMTypeOf(in));
			if (!w || w > IR_MAX_WIDTH)
				continue; /* reported by lower_inst, in order */
			unsigned nin = LLVMCountIncoming(in);
			struct ir_op *op = lower_op(L, IR_PHI, w, nin);
			op->phi_blocks = arena_alloc(&L->ctx->arena,
						     (nin + 1) * sizeof *op->phi_blocks);
			lower_bind(L, in, op);
			struct phi_todo t = {in, op};
			VEC_PUSH(&L->ctx->arena, *todo, *ntodo, t);
		}
	}
}

/* The value of v at the end of block b (before its terminator). */
static struct ir_op *val_at_end(struct lower *L, LLVMValueRef v,
				struct ir_block *b)
{
	L->b = b;
	pmap_clear(&L->consts);
	unsigned before = b->nops;
	struct ir_op *op = lower_val(L, v);
	unsigned added = b->nops - before;
	if (added && before && ir_is_terminator(b->ops[before - 1]->opc)) {
		struct ir_op *term = b->ops[before - 1];
		memmove(&b->ops[before - 1], &b->ops[before], added * sizeof *b->ops);
		b->ops[b->nops - 1] = term;
	}
	return op;
}

static void fill_phis(struct lower *L, struct phi_todo *todo, unsigned ntodo)
{
	for (unsigned t = 0; t < ntodo; t++) {
		struct ir_op *op = todo[t].op;
		LLVMValueRef phi = todo[t].phi;
		unsigned nin = LLVMCountIncoming(phi), n = 0;
		L->loc = op->loc;
		for (unsigned i = 0; i < nin; i++) {
			struct ir_block *from =
				pmap_get(&L->blocks, LLVMGetIncomingBlock(phi, i));
			bool dup = false;
			for (unsigned j = 0; j < n && !dup; j++)
				dup = op->phi_blocks[j] == from;
			if (!from || dup)
				continue;
			op->args[n] = val_at_end(L, LLVMGetIncomingValue(phi, i), from);
			op->phi_blocks[n++] = from;
		}
		op->nargs = n;
	}
}

/* ---- kernels --------------------------------------------------------------- */

static void lower_body(struct lower *L)
{
	struct cfg g = {0};
	compute_rpo(L, &g);
	make_blocks(L, &g);
	if (!L->k->nblocks) {
		lower_error(L, L->k->loc, "kernel '%s' has no body", L->k->name);
		goto out;
	}
	L->b = L->k->blocks[0];
	L->loc = L->k->loc;
	for (unsigned i = 0; i < L->k->nparams; i++) {
		if (!L->k->params[i].width)
			continue;
		struct ir_op *op = lower_op(L, IR_ARG, L->k->params[i].width, 0);
		op->index = i;
		op->name = L->k->params[i].name;
		pmap_put(&L->vals, LLVMGetParam(L->fn, i), op);
	}

	struct phi_todo *todo = NULL;
	unsigned ntodo = 0;
	make_phis(L, &g, &todo, &ntodo);
	for (unsigned r = 0; r < g.nrpo; r++) {
		LLVMBasicBlockRef bb = g.bbs[g.rpo[r]];
		L->b = pmap_get(&L->blocks, bb);
		L->loc = L->b->loc;
		pmap_clear(&L->consts);
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			struct ir_loc loc = lower_inst_loc(L, in);
			if (loc.line)
				L->loc = loc;
			if (!LLVMIsAPHINode(in) || !pmap_get(&L->vals, in))
				lower_inst(L, in);
		}
		if (!ir_terminator(L->b)) /* only after an error in LLVM's input */
			lower_error(L, L->loc, "internal error: block '%s' has no "
				    "terminator", L->b->name);
	}
	fill_phis(L, todo, ntodo);
	ir_compute_preds(L->ctx, L->k);
out:
	free(g.bbs);
	free(g.rpo);
}

static void lower_kernel(struct lower *L, LLVMValueRef fn,
			 enum ir_kernel_kind kind)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(fn, &len);
	L->fn = fn;
	L->k = ir_kernel_new(L->ctx, L->prog, name, kind);
	L->k->loc = front_loc(L->ctx, fn);
	pmap_clear(&L->vals);
	pmap_clear(&L->blocks);
	pmap_clear(&L->consts);
	pmap_clear(&L->states);
	pmap_clear(&L->mems);
	pmap_clear(&L->reported);

	LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
	if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind)
		lower_error(L, L->k->loc, "kernel '%s' must return void", name);
	if (LLVMIsFunctionVarArg(fty))
		lower_error(L, L->k->loc, "kernel '%s' must not be variadic", name);
	lower_params(L);
	lower_body(L);
}

/* When a kernel takes pointer arguments: the device memory's size and
 * the host pipes of its host port (rtl/sluice_devmem.v): commands to it,
 * its answers back. */
static void lower_device_memory(struct lower *L)
{
	struct ir_program *p = L->prog;
	bool any = false;
	for (unsigned k = 0; k < p->nkernels; k++)
		any |= p->kernels[k]->ndmem_chans != 0;
	if (!any)
		return;
	p->dmem_bytes = L->ctx->dmem_bytes ? L->ctx->dmem_bytes : IR_DMEM_DEFAULT_BYTES;
	static const char *const names[2] = {"sluice_devmem_cmd", "sluice_devmem_data"};
	for (unsigned i = 0; i < 2; i++) {
		struct ir_pipe *old = ir_pipe_find(p, names[i]);
		if (old) {
			lower_error(L, old->loc, "the pipe name '%s' is sluice's own (the host's "
				    "channel to device memory); rename the pipe", names[i]);
			continue;
		}
		struct ir_pipe *pp = arena_alloc(&L->ctx->arena, sizeof *pp);
		pp->name = names[i];
		pp->type = "uint64_t";
		pp->width = 64;
		pp->min_capacity = 32;
		pp->kind = PIPE_HOST;
		pp->dir = i ? DIR_D2H : DIR_H2D;
		pp->devmem = true;
		VEC_PUSH(&L->ctx->arena, p->pipes, p->npipes, pp);
	}
}

struct ir_program *front_lower(struct hls_ctx *ctx, LLVMModuleRef m,
			       const char *module_name)
{
	struct lower L = {0};
	unsigned errors = ctx->diag.errors;
	L.ctx = ctx;
	L.m = m;
	L.lc = LLVMGetModuleContext(m);
	L.td = LLVMGetModuleDataLayout(m);
	L.prog = ir_program_new(ctx, module_name ? module_name : "module");
	lower_pipes(&L);
	lower_specs(&L);
	lower_partition_requests(&L);
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn;
	     fn = LLVMGetNextFunction(fn)) {
		enum ir_kernel_kind kind;
		if (!LLVMIsDeclaration(fn) && front_is_kernel(fn, &kind))
			lower_kernel(&L, fn, kind);
	}
	lower_device_memory(&L);
	pmap_free(&L.pipes);
	pmap_free(&L.vals);
	pmap_free(&L.blocks);
	pmap_free(&L.consts);
	pmap_free(&L.states);
	pmap_free(&L.mems);
	pmap_free(&L.banks);
	pmap_free(&L.reported);
	return ctx->diag.errors > errors ? NULL : L.prog;
}
