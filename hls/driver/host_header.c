/*
 * host_header.c -- writes a module's typed accessor header, OUT/NAME.h.
 *
 * The header is a thin layer of static inline functions over
 * <sluice/runtime.h> that gives each host pipe and started kernel of the
 * module a C signature, so that the host compiler checks what the runtime
 * can only check by size:
 *
 *   NAME_PIPE_write(mod, T v), _write_nb(mod, T v, bool *ok),
 *   _write_n(mod, const T *v, size_t n)           for h2d pipes
 *   NAME_PIPE_read(mod, T *v), _read_nb(mod, T *v, bool *ok),
 *   _read_n(mod, T *v, size_t n)                  for d2h pipes
 *   struct NAME_K_args, NAME_K_start(mod, params...), NAME_K_wait(mod, ms)
 *   NAME_DESIGN_ID
 *
 * Guarantees: the header compiles on its own, as C11 or C++11, given the
 * pipe types the kernel source declares (which its comment lists); every
 * pipe type is static-asserted to have the pipe's word size, and every
 * argument struct its manifest size and offsets, so a host whose types
 * differ from the kernel's fails to compile instead of sending the wrong
 * bytes.  NAME is the module name made a C identifier (header_name()).
 */
#include "driver.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The module name as a C identifier: other characters become '_', and a
 * leading digit gets an "m_" in front. */
const char *header_name(struct hls_ctx *ctx, const char *module)
{
	char *s = arena_printf(&ctx->arena, "%s%s", isdigit((unsigned char)*module) ? "m_" : "",
			       *module ? module : "module");
	for (char *c = s; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_')
			*c = '_';
	return s;
}

/* ---- pipe types ----------------------------------------------------------- */

static bool is_std_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"unsigned", "signed", "char", "short", "int", "long", "float", "double",
		"_Bool", "bool", "const", "volatile", "size_t", "ptrdiff_t",
		"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
		"uint32_t", "uint64_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
	};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strlen(words[i]) == n && !strncmp(words[i], w, n))
			return true;
	return false;
}

/* A pipe's C type as the header spells it: the type as written without
 * qualifiers, or NULL when the header cannot spell it (no type recorded,
 * an array or function type).  *declared: the type is the kernel source's
 * own (a struct, union, enum or typedef name), which the host must declare
 * before including the header. */
static const char *pipe_ctype(struct hls_ctx *ctx, const struct ir_pipe *pp, bool *declared)
{
	*declared = false;
	if (!pp->type || strpbrk(pp->type, "[]()"))
		return NULL;
	char *out = arena_strdup(&ctx->arena, "");
	size_t len = 0;
	for (const char *s = pp->type; *s;) {
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		size_t n = 1;
		if (isalnum((unsigned char)*s) || *s == '_')
			for (n = 0; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
				;
		else if (*s != '*')
			return NULL;
		bool qual = (n == 5 && !strncmp(s, "const", 5)) || (n == 8 && !strncmp(s, "volatile", 8));
		if (!qual) {
			if (*s != '*' && !is_std_word(s, n))
				*declared = true;
			out = arena_printf(&ctx->arena, "%s%s%.*s", out,
					   len && *s != '*' && out[len - 1] != '*' ? " " : "", (int)n, s);
			len = strlen(out);
		}
		s += n;
	}
	return len ? out : NULL;
}

/* A kernel parameter's C type, from its size, signedness and whether it
 * is a float (the IR keeps no C type for parameters). NULL: no scalar type
 * of that size. */
static const char *param_ctype(const struct ir_param *pa)
{
	if (pa->width == 1 && pa->size == 1)
		return "bool";
	if (pa->is_float)
		return pa->width == 64 ? "double" : "float";
	if (pa->is_pointer) /* sluice_malloc_device's */
		return "void *";
	switch (pa->size) {
	case 1: return pa->is_signed ? "int8_t" : "uint8_t";
	case 2: return pa->is_signed ? "int16_t" : "uint16_t";
	case 4: return pa->is_signed ? "int32_t" : "uint32_t";
	case 8: return pa->is_signed ? "int64_t" : "uint64_t";
	case 16: return pa->is_signed ? "__int128" : "unsigned __int128";
	}
	return NULL;
}

/* ---- the header ------------------------------------------------------------- */

static unsigned round_up(unsigned n, unsigned align)
{
	return (n + align - 1) / align * align;
}

static void emit_pipe(FILE *f, const char *N, const struct ir_pipe *pp, const char *T,
		      bool own_word)
{
	const char *P = pp->name;
	unsigned bytes = pp->width / 8;
	bool h2d = pp->dir == DIR_H2D;

	fprintf(f, "/* host pipe '%s' (%s: the host %s it): %s, %u bytes a word, MinCapacity %d */\n",
		P, h2d ? "h2d" : "d2h", h2d ? "writes" : "reads", pp->type && *pp->type ? pp->type : "?",
		bytes, pp->min_capacity);
	if (own_word)
		fprintf(f, "typedef struct { unsigned char bytes[%u]; } %s;\n", bytes, T);
	fprintf(f, "SLUICE_STATIC_ASSERT(sizeof(%s) == %u, \"host pipe '%s' carries %u-byte words, "
		   "but this %s is another size\");\n\n", T, bytes, P, bytes, T);
	if (h2d) {
		fprintf(f, "static inline int %s_%s_write(sluice_module *mod, %s v)\n"
			   "{\n\treturn sluice_pipe_write(mod, \"%s\", &v, sizeof v);\n}\n\n",
			N, P, T, P);
		fprintf(f, "static inline int %s_%s_write_nb(sluice_module *mod, %s v, bool *ok)\n"
			   "{\n\treturn sluice_pipe_write_nb(mod, \"%s\", &v, sizeof v, ok);\n}\n\n",
			N, P, T, P);
		fprintf(f, "static inline int %s_%s_write_n(sluice_module *mod, const %s *v, size_t n)\n"
			   "{\n\treturn sluice_pipe_write(mod, \"%s\", v, n * sizeof *v);\n}\n\n",
			N, P, T, P);
	} else {
		fprintf(f, "static inline int %s_%s_read(sluice_module *mod, %s *v)\n"
			   "{\n\treturn sluice_pipe_read(mod, \"%s\", v, sizeof *v);\n}\n\n",
			N, P, T, P);
		fprintf(f, "static inline int %s_%s_read_nb(sluice_module *mod, %s *v, bool *ok)\n"
			   "{\n\treturn sluice_pipe_read_nb(mod, \"%s\", v, sizeof *v, ok);\n}\n\n",
			N, P, T, P);
		fprintf(f, "static inline int %s_%s_read_n(sluice_module *mod, %s *v, size_t n)\n"
			   "{\n\treturn sluice_pipe_read(mod, \"%s\", v, n * sizeof *v);\n}\n\n",
			N, P, T, P);
	}
}

/* The C parameter name of kernel parameter pa in NAME_K_start: its own
 * name, unless that is one of the function's own names. */
static const char *arg_name(struct hls_ctx *ctx, const struct ir_param *pa)
{
	if (!strcmp(pa->name, "mod") || !strcmp(pa->name, "args"))
		return arena_printf(&ctx->arena, "%s_", pa->name);
	return pa->name;
}

static void emit_kernel(struct hls_ctx *ctx, FILE *f, const char *N, const struct ir_kernel *k)
{
	const char *K = k->name;
	fprintf(f, "/* kernel '%s': started by the host", K);
	if (k->nparams)
		fprintf(f, "; its argument buffer as the manifest lays it\n"
			   " * out (%u bytes)", k->args_size);
	fprintf(f, " */\n");
	if (k->nparams) {
		fprintf(f, "struct %s_%s_args {\n", N, K);
		/* explicit padding only where the manifest's offsets are not
		 * where C would put the members anyway (the asserts check) */
		unsigned at = 0, npad = 0, maxalign = 1;
		for (unsigned j = 0; j < k->nparams; j++) {
			const struct ir_param *pa = &k->params[j];
			const char *t = param_ctype(pa);
			unsigned align = t ? pa->size : 1;
			maxalign = align > maxalign ? align : maxalign;
			if (pa->offset != round_up(at, align) && pa->offset > at)
				fprintf(f, "\tunsigned char sluice_pad%u_[%u];\n", npad++, pa->offset - at);
			if (t)
				fprintf(f, "\t%s %s;\t/* %u bits, %s, offset %u */\n", t, pa->name,
					pa->width, pa->is_signed ? "signed" : "unsigned", pa->offset);
			else
				fprintf(f, "\tunsigned char %s[%u];\t/* %u bits, %s, offset %u */\n",
					pa->name, pa->size, pa->width,
					pa->is_signed ? "signed" : "unsigned", pa->offset);
			at = pa->offset + pa->size;
		}
		if (k->args_size != round_up(at, maxalign) && k->args_size > at)
			fprintf(f, "\tunsigned char sluice_pad%u_[%u];\n", npad, k->args_size - at);
		fprintf(f, "};\n");
		fprintf(f, "SLUICE_STATIC_ASSERT(sizeof(struct %s_%s_args) == %u, \"the arguments of kernel "
			   "'%s' take %u bytes\");\n", N, K, k->args_size, K, k->args_size);
		for (unsigned j = 0; j < k->nparams; j++)
			fprintf(f, "SLUICE_STATIC_ASSERT(offsetof(struct %s_%s_args, %s) == %u, \"parameter "
				   "'%s' of kernel '%s' is at offset %u\");\n", N, K, k->params[j].name,
				k->params[j].offset, k->params[j].name, K, k->params[j].offset);
		fputc('\n', f);
	}

	fprintf(f, "static inline int %s_%s_start(sluice_module *mod", N, K);
	for (unsigned j = 0; j < k->nparams; j++) {
		const struct ir_param *pa = &k->params[j];
		const char *t = param_ctype(pa);
		if (t)
			fprintf(f, ", %s %s", t, arg_name(ctx, pa));
		else
			fprintf(f, ", const unsigned char %s[%u]", arg_name(ctx, pa), pa->size);
	}
	fprintf(f, ")\n{\n");
	if (!k->nparams) {
		fprintf(f, "\treturn sluice_kernel_start(mod, \"%s\", NULL, 0);\n}\n\n", K);
	} else {
		fprintf(f, "\tstruct %s_%s_args args;\n\tmemset(&args, 0, sizeof args);\n", N, K);
		for (unsigned j = 0; j < k->nparams; j++) {
			const struct ir_param *pa = &k->params[j];
			if (param_ctype(pa))
				fprintf(f, "\targs.%s = %s;\n", pa->name, arg_name(ctx, pa));
			else
				fprintf(f, "\tmemcpy(args.%s, %s, sizeof args.%s);\n", pa->name,
					arg_name(ctx, pa), pa->name);
		}
		fprintf(f, "\treturn sluice_kernel_start(mod, \"%s\", &args, sizeof args);\n}\n\n", K);
	}
	fprintf(f, "static inline int %s_%s_wait(sluice_module *mod, int timeout_ms)\n"
		   "{\n\treturn sluice_kernel_wait(mod, \"%s\", timeout_ms);\n}\n\n", N, K, K);
}

int host_header_write(struct hls_ctx *ctx, const char *dir, const struct ir_program *p,
		      uint32_t design_id, const char **file)
{
	const char *N = header_name(ctx, p->name);
	*file = arena_printf(&ctx->arena, "%s.h", N);
	const char *path = arena_printf(&ctx->arena, "%s/%s", dir, *file);
	FILE *f = fopen(path, "w");
	if (!f) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", path);
		return -1;
	}

	const char **types = arena_alloc(&ctx->arena, (p->npipes + 1) * sizeof *types);
	bool *own = arena_alloc(&ctx->arena, (p->npipes + 1) * sizeof *own);
	unsigned ndeclared = 0;
	for (unsigned i = 0; i < p->npipes; i++) {
		const struct ir_pipe *pp = p->pipes[i];
		bool declared;
		if (pp->kind != PIPE_HOST || pp->devmem)
			continue;
		types[i] = pipe_ctype(ctx, pp, &declared);
		if (!types[i]) {
			types[i] = arena_printf(&ctx->arena, "%s_%s_word", N, pp->name);
			own[i] = true;
		} else if (declared) {
			ndeclared++;
		}
	}

	fprintf(f, "/*\n * %s -- typed host access to module '%s' (written by sluice build;\n"
		   " * rebuilding the module rewrites it).\n *\n", *file, p->name);
	fprintf(f, " * Static inline wrappers over <sluice/runtime.h> for the module's host\n"
		   " * pipes and started kernels, with the C types of the kernel source:\n"
		   " *   %s_PIPE_write(mod, v), %s_PIPE_read(mod, &v), _nb and _n variants,\n"
		   " *   %s_KERNEL_start(mod, args...), %s_KERNEL_wait(mod, timeout_ms)\n"
		   " * on a module that sluice_module_load loaded.  Compile the host program\n"
		   " * with -I MODULE_DIR and link it with -lsluice.\n", N, N, N, N);
	if (ndeclared) {
		fprintf(f, " *\n * The host pipes carry types that the kernel source declares; declare\n"
			   " * them (e.g. include the kernel's own header) before including this file:\n");
		for (unsigned i = 0; i < p->npipes; i++) {
			bool declared;
			if (p->pipes[i]->kind == PIPE_HOST && !p->pipes[i]->devmem && !own[i] &&
			    pipe_ctype(ctx, p->pipes[i], &declared) && declared)
				fprintf(f, " *   %s (pipe '%s')\n", types[i], p->pipes[i]->name);
		}
	}
	fprintf(f, " */\n#ifndef SLUICE_MODULE_%s_H\n#define SLUICE_MODULE_%s_H\n\n", N, N);
	fprintf(f, "#include <sluice/runtime.h>\n#include <stdbool.h>\n#include <stddef.h>\n"
		   "#include <stdint.h>\n#include <string.h>\n\n"
		   "#ifndef SLUICE_STATIC_ASSERT\n#ifdef __cplusplus\n"
		   "#define SLUICE_STATIC_ASSERT(cond, msg) static_assert(cond, msg)\n#else\n"
		   "#define SLUICE_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)\n#endif\n"
		   "#endif\n");
	fprintf(f, "\n/* the identity of the module's host interface (the manifest's design_id) */\n"
		   "#define %s_DESIGN_ID 0x%08xu\n\n", N, design_id);

	for (unsigned i = 0; i < p->npipes; i++)
		if (p->pipes[i]->kind == PIPE_HOST && !p->pipes[i]->devmem)
			emit_pipe(f, N, p->pipes[i], types[i], own[i]);
	for (unsigned i = 0; i < p->nkernels; i++) {
		if (p->kernels[i]->kind == KERNEL_STARTED)
			emit_kernel(ctx, f, N, p->kernels[i]);
		else
			fprintf(f, "/* kernel '%s': autorun (runs from reset; the host does not "
				   "start it) */\n\n", p->kernels[i]->name);
	}
	fprintf(f, "#endif /* SLUICE_MODULE_%s_H */\n", N);
	if (fclose(f)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}
