/*
 * prepare.c -- finds the kernels, rejects the C that has no hardware
 * meaning, and marks every helper function for inlining.
 *
 * Kernels are the functions in section "sluice.kernel" (started by the
 * host) or "sluice.autorun".  Only functions that a kernel reaches through
 * direct calls are checked (a CPU-only main() in the same file is fine).
 * Each problem is reported at its source line, and every one is reported
 * before returning:
 *   - recursion: each cycle of the call graph, naming its functions (an
 *     error at a call of the cycle, a note at each other call);
 *   - calls through function pointers, inline assembly;
 *   - variadic functions;
 *   - calls to functions with no body in the sources (malloc, printf);
 *     the __sluice_pipe_* entry points and LLVM intrinsics are fine;
 *   - a kernel called from a kernel or a helper;
 *   - kernel parameters that are not C integers, bool, float, double or
 *     pointers (which point into device memory: devmem.c), kernels that return a value, two kernels of one
 *     name (static kernels in two files);
 *   - floating-point intrinsics that no unit computes (llvm.sqrt,
 *     llvm.fma, ...), one error per source line; the arithmetic itself
 *     is lowered to the units (lower_inst.c).
 * When there are no errors: every non-kernel function with a body becomes
 * internal and alwaysinline (noinline/optnone removed), so the always-inline
 * pipeline folds it into the kernels and drops it; kernels keep noinline,
 * lose optnone and get external linkage.  Loads and stores lose `volatile`
 * (a kernel's memory is private: there is no memory-mapped I/O), so that
 * volatile variables still become registers.
 */
#include "prepare.h"

#include <string.h>

struct edge {
	unsigned from, to;
	LLVMValueRef call;
};

struct graph {
	LLVMValueRef *fns; /* defined functions, in module order */
	unsigned nfns;
	struct edge *edges; /* grouped by `from`, in instruction order */
	unsigned nedges;
	unsigned *first, *count; /* edges of fns[i]: first[i] .. + count[i] */
	bool *reach;		 /* reached from a kernel (kernels included) */
};

struct prep {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	struct graph g;
	unsigned fp_line; /* last line reported for floating point */
	const char *fp_file;
};

static bool has_body(LLVMValueRef fn)
{
	return LLVMCountBasicBlocks(fn) > 0;
}

static int fn_index(const struct graph *g, LLVMValueRef fn)
{
	for (unsigned i = 0; i < g->nfns; i++)
		if (g->fns[i] == fn)
			return (int)i;
	return -1;
}

/* The pipe entry points of sluice.h (lower_pipes.c rewrites them). */
static bool is_pipe_entry(LLVMValueRef fn)
{
	static const char *const names[] = {
		"__sluice_pipe_read", "__sluice_pipe_write",
		"__sluice_pipe_read_nb", "__sluice_pipe_write_nb", "__sluice_fence",
	};
	size_t len = 0;
	const char *name = LLVMGetValueName2(fn, &len);
	for (unsigned i = 0; name && i < sizeof names / sizeof *names; i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

static bool is_call(LLVMValueRef inst)
{
	return LLVMIsACallInst(inst) || LLVMIsAInvokeInst(inst) ||
	       LLVMIsACallBrInst(inst);
}

/* The function a call calls directly, or NULL. */
static LLVMValueRef direct_callee(LLVMValueRef call)
{
	LLVMValueRef c = LLVMGetCalledValue(call);
	return c && LLVMIsAFunction(c) ? c : NULL;
}

static void build_graph(struct prep *p)
{
	struct arena *a = &p->ctx->arena;
	struct graph *g = &p->g;
	for (LLVMValueRef f = LLVMGetFirstFunction(p->m); f; f = LLVMGetNextFunction(f))
		if (has_body(f))
			VEC_PUSH(a, g->fns, g->nfns, f);
	g->first = arena_alloc(a, (g->nfns + 1) * sizeof *g->first);
	g->count = arena_alloc(a, (g->nfns + 1) * sizeof *g->count);
	g->reach = arena_alloc(a, (g->nfns + 1) * sizeof *g->reach);
	for (unsigned i = 0; i < g->nfns; i++) {
		g->first[i] = g->nedges;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g->fns[i]); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				LLVMValueRef callee = is_call(in) ? direct_callee(in) : NULL;
				if (!callee || !has_body(callee) ||
				    front_is_kernel(callee, NULL))
					continue;
				struct edge e = {i, (unsigned)fn_index(g, callee), in};
				VEC_PUSH(a, g->edges, g->nedges, e);
			}
		g->count[i] = g->nedges - g->first[i];
	}
	/* reachability from the kernels */
	unsigned *queue = arena_alloc(a, (g->nfns + 1) * sizeof *queue);
	unsigned head = 0, tail = 0;
	for (unsigned i = 0; i < g->nfns; i++)
		if (front_is_kernel(g->fns[i], NULL)) {
			g->reach[i] = true;
			queue[tail++] = i;
		}
	while (head < tail) {
		unsigned f = queue[head++];
		for (unsigned e = g->first[f]; e < g->first[f] + g->count[f]; e++) {
			unsigned t = g->edges[e].to;
			if (!g->reach[t]) {
				g->reach[t] = true;
				queue[tail++] = t;
			}
		}
	}
}

static const char *cname(struct prep *p, LLVMValueRef v)
{
	return front_c_name(p->ctx, v);
}

/* ---- recursion ---------------------------------------------------------- */

/* Marks in `out` every function reachable from `from` by one or more calls. */
static void reach_from(const struct graph *g, unsigned from, bool *out,
		       unsigned *queue)
{
	unsigned head = 0, tail = 0;
	memset(out, 0, g->nfns * sizeof *out);
	queue[tail++] = from;
	while (head < tail) {
		unsigned f = queue[head++];
		for (unsigned e = g->first[f]; e < g->first[f] + g->count[f]; e++) {
			unsigned t = g->edges[e].to;
			if (!out[t]) {
				out[t] = true;
				queue[tail++] = t;
			}
		}
	}
}

/* Reports the cycle through fns[rep] whose members are `in_scc`: the
 * shortest path of calls from rep back to rep inside the component. */
static void report_cycle(struct prep *p, unsigned rep, const bool *in_scc,
			 unsigned *queue)
{
	struct graph *g = &p->g;
	struct arena *a = &p->ctx->arena;
	int *via = arena_alloc(a, g->nfns * sizeof *via); /* edge into node */
	for (unsigned i = 0; i < g->nfns; i++)
		via[i] = -1;
	unsigned head = 0, tail = 0;
	int closing = -1;
	queue[tail++] = rep;
	while (head < tail && closing < 0) {
		unsigned f = queue[head++];
		for (unsigned e = g->first[f]; e < g->first[f] + g->count[f]; e++) {
			unsigned t = g->edges[e].to;
			if (t == rep) {
				closing = (int)e;
				break;
			}
			if (in_scc[t] && via[t] < 0) {
				via[t] = (int)e;
				queue[tail++] = t;
			}
		}
	}
	if (closing < 0)
		return; /* cannot happen: rep is on a cycle */
	/* the path, backwards from the closing edge */
	unsigned *path = arena_alloc(a, (g->nfns + 1) * sizeof *path);
	unsigned n = 0;
	for (int e = closing;; e = via[g->edges[e].from]) {
		path[n++] = (unsigned)e;
		if (g->edges[e].from == rep)
			break;
	}
	/* path[n-1] leaves rep; path[0] returns to rep */
	const char *msg;
	LLVMValueRef f0 = g->fns[rep];
	if (n == 1) {
		msg = arena_printf(a, "recursion is not supported: '%s' calls itself",
				   cname(p, f0));
	} else {
		msg = arena_printf(a, "recursion is not supported: '%s'", cname(p, f0));
		for (unsigned i = n; i-- > 0;)
			msg = arena_printf(a, "%s%s '%s'", msg,
					   i == n - 1 ? " calls" : ", which calls",
					   cname(p, g->fns[g->edges[path[i]].to]));
	}
	struct edge *first = &g->edges[path[n - 1]];
	diag_error(&p->ctx->diag, front_loc(p->ctx, first->call), "%s", msg);
	for (unsigned i = n - 1; i-- > 0;) {
		struct edge *e = &g->edges[path[i]];
		diag_note(&p->ctx->diag, front_loc(p->ctx, e->call),
			  "'%s' calls '%s' here", cname(p, g->fns[e->from]),
			  cname(p, g->fns[e->to]));
	}
}

static void check_recursion(struct prep *p)
{
	struct graph *g = &p->g;
	struct arena *a = &p->ctx->arena;
	if (!g->nfns)
		return;
	unsigned *queue = arena_alloc(a, (g->nfns + 1) * sizeof *queue);
	bool *from_rep = arena_alloc(a, g->nfns * sizeof *from_rep);
	bool *to_rep = arena_alloc(a, g->nfns * sizeof *to_rep);
	bool *in_scc = arena_alloc(a, g->nfns * sizeof *in_scc);
	bool *done = arena_alloc(a, g->nfns * sizeof *done);
	for (unsigned r = 0; r < g->nfns; r++) {
		if (!g->reach[r] || done[r])
			continue;
		reach_from(g, r, from_rep, queue);
		if (!from_rep[r])
			continue; /* not on a cycle */
		/* the component of r: reachable from r and reaching r */
		for (unsigned i = 0; i < g->nfns; i++) {
			if (!from_rep[i]) {
				in_scc[i] = false;
				continue;
			}
			reach_from(g, i, to_rep, queue);
			in_scc[i] = to_rep[r];
			if (in_scc[i])
				done[i] = true;
		}
		report_cycle(p, r, in_scc, queue);
	}
}

/* ---- instructions ------------------------------------------------------- */

/* A floating-point intrinsic that no unit computes (llvm.sqrt, llvm.fma,
 * llvm.sin, ...): its C name, or NULL.  fabs, copysign and fmuladd are
 * bit operations and units (lower_intrinsic.c); what C code calls as a
 * library function (sqrtf with errno) is an external call. */
static const char *fp_intrinsic_without_unit(LLVMValueRef in)
{
	if (LLVMGetInstructionOpcode(in) != LLVMCall)
		return NULL;
	LLVMValueRef callee = direct_callee(in);
	if (!callee || !LLVMGetIntrinsicID(callee))
		return NULL;
	bool fp = front_is_fp_type(LLVMTypeOf(in));
	for (unsigned i = 0; i < LLVMGetNumArgOperands(in); i++)
		fp |= front_is_fp_type(LLVMTypeOf(LLVMGetOperand(in, i)));
	size_t len = 0;
	const char *name = LLVMGetValueName2(callee, &len);
	static const char *const done[] = {"llvm.fabs.", "llvm.copysign.", "llvm.fmuladd."};
	for (unsigned i = 0; fp && i < sizeof done / sizeof done[0]; i++)
		if (!strncmp(name, done[i], strlen(done[i])))
			return NULL;
	return fp ? name : NULL;
}

static void check_fp(struct prep *p, LLVMValueRef in)
{
	const char *name = fp_intrinsic_without_unit(in);
	if (!name)
		return;
	struct ir_loc loc = front_loc(p->ctx, in);
	if (loc.line && loc.line == p->fp_line && loc.file && p->fp_file &&
	    !strcmp(loc.file, p->fp_file))
		return; /* one error per line */
	p->fp_line = loc.line;
	p->fp_file = loc.file;
	diag_error(&p->ctx->diag, loc, "'%s' has no hardware unit (floating point "
		   "has add, subtract, multiply, divide, compare, conversions, fabs "
		   "and copysign)", name);
}

static void check_call(struct prep *p, LLVMValueRef fn, LLVMValueRef call)
{
	struct hls_ctx *ctx = p->ctx;
	LLVMValueRef callee = direct_callee(call);
	if (!callee) {
		LLVMValueRef c = LLVMGetCalledValue(call);
		if (c && LLVMIsAInlineAsm(c))
			diag_error(&ctx->diag, front_loc(ctx, call),
				   "inline assembly is not supported in a kernel");
		else
			diag_error(&ctx->diag, front_loc(ctx, call),
				   "calls through function pointers are not supported");
		return;
	}
	if (LLVMGetIntrinsicID(callee) || is_pipe_entry(callee))
		return;
	if (front_is_kernel(callee, NULL)) {
		if (callee == fn)
			diag_error(&ctx->diag, front_loc(ctx, call),
				   "recursion is not supported: kernel '%s' calls itself",
				   cname(p, fn));
		else
			diag_error(&ctx->diag, front_loc(ctx, call),
				   "kernel '%s' is called from '%s'; a kernel cannot "
				   "call another kernel (kernels run side by side and "
				   "talk through pipes)",
				   cname(p, callee), cname(p, fn));
		return;
	}
	if (!has_body(callee))
		diag_error(&ctx->diag, front_loc(ctx, call),
			   "call to external function '%s' is not supported in a kernel",
			   cname(p, callee));
	/* variadic callees with a body are reported at their definition */
}

static void check_function(struct prep *p, LLVMValueRef fn)
{
	struct hls_ctx *ctx = p->ctx;
	if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
		diag_error(&ctx->diag, front_loc(ctx, fn),
			   "variadic functions are not supported ('%s' takes '...')",
			   cname(p, fn));
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in)) {
			if (is_call(in))
				check_call(p, fn, in);
			check_fp(p, in);
		}
}

/* ---- kernel signatures -------------------------------------------------- */

static bool param_has_attr(LLVMValueRef fn, unsigned idx, const char *name)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	return kind && LLVMGetEnumAttributeAtIndex(fn, idx + 1, kind);
}

static void check_kernel_signature(struct prep *p, LLVMValueRef fn)
{
	struct hls_ctx *ctx = p->ctx;
	struct ir_loc loc = front_loc(ctx, fn);
	LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
	if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind)
		diag_error(&ctx->diag, loc,
			   "kernel '%s' must return void (results leave a kernel "
			   "through pipes)", cname(p, fn));
	unsigned n = LLVMCountParams(fn);
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef prm = LLVMGetParam(fn, i);
		LLVMTypeRef t = LLVMTypeOf(prm);
		size_t len = 0;
		const char *raw = LLVMGetValueName2(prm, &len);
		const char *coerce = raw ? strstr(raw, ".coerce") : NULL;
		const char *name = len ? arena_printf(&ctx->arena, "%.*s",
				   (int)(coerce ? (size_t)(coerce - raw) : len), raw)
				       : arena_printf(&ctx->arena, "#%u", i + 1);
		LLVMTypeKind k = LLVMGetTypeKind(t);
		if (coerce || param_has_attr(fn, i, "byval"))
			diag_error(&ctx->diag, loc,
				   "kernel parameter '%s': struct and union "
				   "arguments are not supported yet; pass the "
				   "members as separate parameters", name);
		else if (k == LLVMPointerTypeKind)
			; /* into device memory: devmem.c */
		else if (front_is_fp_type(t) && k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
			diag_error(&ctx->diag, loc,
				   "kernel parameter '%s': of the floating-point "
				   "types, float and double are supported", name);
		else if (!front_is_fp_type(t) &&
			 (k != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 64))
			diag_error(&ctx->diag, loc,
				   "kernel parameter '%s' must have an integer or "
				   "bool type of at most 64 bits", name);
	}
}

/* Two static kernels of one name in two files would make two hardware
 * modules of one name. */
static void check_kernel_names(struct prep *p)
{
	for (unsigned i = 0; i < p->g.nfns; i++) {
		if (!front_is_kernel(p->g.fns[i], NULL))
			continue;
		const char *ni = cname(p, p->g.fns[i]);
		for (unsigned j = 0; j < i; j++) {
			if (!front_is_kernel(p->g.fns[j], NULL) ||
			    strcmp(ni, cname(p, p->g.fns[j])))
				continue;
			diag_error(&p->ctx->diag, front_loc(p->ctx, p->g.fns[i]),
				   "kernel '%s' is defined twice; kernel names are "
				   "unique in the program", ni);
			diag_note(&p->ctx->diag, front_loc(p->ctx, p->g.fns[j]),
				  "the other kernel '%s' is here", ni);
			break;
		}
	}
}

/* ---- attributes --------------------------------------------------------- */

static void fn_remove_attr(LLVMValueRef fn, const char *name)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	if (kind && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind))
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
}

static void fn_add_attr(LLVMValueRef fn, const char *name)
{
	LLVMContextRef lc = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
				LLVMCreateEnumAttribute(lc, kind, 0));
}

/* A kernel's memory is its own (no memory-mapped I/O), so `volatile` means
 * nothing in hardware; dropping it lets SROA turn volatile locals and
 * globals into registers. */
static void drop_volatile(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
		     in = LLVMGetNextInstruction(in))
			if ((LLVMIsALoadInst(in) || LLVMIsAStoreInst(in)) &&
			    LLVMGetVolatile(in))
				LLVMSetVolatile(in, false);
}

static void mark_for_inlining(struct prep *p)
{
	for (unsigned i = 0; i < p->g.nfns; i++) {
		LLVMValueRef fn = p->g.fns[i];
		if (p->g.reach[i])
			drop_volatile(fn);
		fn_remove_attr(fn, "optnone");
		if (front_is_kernel(fn, NULL)) {
			LLVMSetLinkage(fn, LLVMExternalLinkage);
			LLVMSetVisibility(fn, LLVMDefaultVisibility);
			continue;
		}
		fn_remove_attr(fn, "noinline");
		fn_add_attr(fn, "alwaysinline");
		LLVMSetLinkage(fn, LLVMInternalLinkage);
		LLVMSetVisibility(fn, LLVMDefaultVisibility);
	}
}

unsigned front_prepare(struct hls_ctx *ctx, LLVMModuleRef m)
{
	unsigned errors0 = ctx->diag.errors;
	struct prep p = {.ctx = ctx, .m = m};
	build_graph(&p);

	unsigned nkernels = 0;
	for (unsigned i = 0; i < p.g.nfns; i++) {
		LLVMValueRef fn = p.g.fns[i];
		if (!p.g.reach[i])
			continue;
		if (front_is_kernel(fn, NULL)) {
			nkernels++;
			check_kernel_signature(&p, fn);
		}
		check_function(&p, fn);
	}
	check_recursion(&p);
	check_kernel_names(&p);
	if (!nkernels)
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "no kernel in the sources (mark one with SLUICE_KERNEL "
			   "or SLUICE_AUTORUN)");
	if (ctx->diag.errors == errors0)
		mark_for_inlining(&p);
	return ctx->diag.errors - errors0;
}
