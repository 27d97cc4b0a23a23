/*
 * manifest.c -- reads a module directory's manifest.json (DESIGN.md section
 * 6) into a struct sluice_module, and checks all of it.
 *
 * Guarantees: a module that comes out is executable and self-consistent:
 * format "sluice-module" version 1, state "executable"; kernels with unique
 * names, parameters that fit their argument buffer in order without
 * overlap; pipes with unique names, whole-byte widths, a depth of at least
 * MinCapacity, a direction that fits their kind, endpoints that name
 * kernels of the module; host pipes that connect the host with exactly one
 * kernel in one direction (the pipes specification's rules); an "images"
 * object.  The numbering of the host link (DESIGN.md section 7) is the
 * runtime's own: host pipe i of a direction, started kernel k, argument
 * word j, all in manifest order; where the manifest states it too
 * ("link_id", "ctrl", "arg_word", as sluice build writes them) it must
 * agree, so that a module whose hardware was numbered otherwise is refused
 * rather than driven through the wrong registers.  Every refusal is a status with a message that names the
 * manifest, the item and what is wrong.  The parsed JSON stays alive in
 * m->root, and the module's strings point into it.
 */
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct mctx {
	char path[PATH_MAX + 32]; /* .../manifest.json, for messages */
	struct sluice_module *m;
};

static int bad(struct mctx *c, const char *where, const char *fmt, ...) RT_PRINTF(3, 4);
static int bad(struct mctx *c, const char *where, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return rt_err(SLUICE_E_MANIFEST, "%s: %s%s%s", c->path, where, *where ? ": " : "", msg);
}

static int get_str(struct mctx *c, json_t *o, const char *key, const char *where, bool required,
		   const char **out)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v)) {
		if (required)
			return bad(c, where, "'%s' is missing", key);
		*out = NULL;
		return SLUICE_OK;
	}
	if (!json_is_string(v))
		return bad(c, where, "'%s' must be a string", key);
	*out = json_string_value(v);
	return SLUICE_OK;
}

static int get_uint(struct mctx *c, json_t *o, const char *key, const char *where, uint64_t max,
		    uint64_t *out)
{
	json_t *v = json_object_get(o, key);
	if (!v)
		return bad(c, where, "'%s' is missing", key);
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (uint64_t)json_integer_value(v) > max)
		return bad(c, where, "'%s' must be an integer from 0 to %llu", key,
			   (unsigned long long)max);
	*out = (uint64_t)json_integer_value(v);
	return SLUICE_OK;
}

/* An optional unsigned integer: *present says whether the key is there. */
static int get_opt_uint(struct mctx *c, json_t *o, const char *key, const char *where,
			uint64_t max, bool *present, uint64_t *out)
{
	*present = json_object_get(o, key) != NULL;
	return *present ? get_uint(c, o, key, where, max, out) : SLUICE_OK;
}

static bool is_ident(const char *s)
{
	if (!s || !*s || (*s >= '0' && *s <= '9'))
		return false;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= '0' && *s <= '9') || ((*s | 32) >= 'a' && (*s | 32) <= 'z')))
			return false;
	return true;
}

/* ---- kernels ------------------------------------------------------------ */

static int parse_param(struct mctx *c, json_t *jp, const char *where, struct sluice_param_info *p)
{
	uint64_t v;
	int rc;
	if (!json_is_object(jp))
		return bad(c, where, "must be an object");
	if ((rc = get_str(c, jp, "name", where, true, &p->name)))
		return rc;
	if ((rc = get_uint(c, jp, "width", where, 4096, &v)))
		return rc;
	if (v == 0)
		return bad(c, where, "'width' must be at least 1");
	p->width = (unsigned)v;
	json_t *s = json_object_get(jp, "signed");
	if (s && !json_is_boolean(s))
		return bad(c, where, "'signed' must be true or false");
	p->is_signed = s && json_is_true(s);
	json_t *fl = json_object_get(jp, "float");
	if (fl && !json_is_boolean(fl))
		return bad(c, where, "'float' must be true or false");
	p->is_float = fl && json_is_true(fl);
	if (p->is_float && p->width != 32 && p->width != 64)
		return bad(c, where, "a float parameter of %u bits", p->width);
	json_t *ptr = json_object_get(jp, "pointer");
	if (ptr && !json_is_boolean(ptr))
		return bad(c, where, "'pointer' must be true or false");
	p->is_pointer = ptr && json_is_true(ptr);
	if ((rc = get_uint(c, jp, "offset", where, 1u << 20, &v)))
		return rc;
	p->offset = v;
	if ((rc = get_uint(c, jp, "size", where, 1u << 20, &v)))
		return rc;
	p->size = v;
	if (p->size * 8 < p->width)
		return bad(c, where, "%zu bytes cannot hold %u bits", p->size, p->width);
	return SLUICE_OK;
}

static int parse_kernel(struct mctx *c, json_t *jk, size_t i, struct rt_kernel *k)
{
	struct sluice_module *m = c->m;
	char where[96];
	const char *kind;
	uint64_t v;
	int rc;

	snprintf(where, sizeof where, "kernels[%zu]", i);
	if (!json_is_object(jk))
		return bad(c, where, "must be an object");
	if ((rc = get_str(c, jk, "name", where, true, &k->info.name)))
		return rc;
	if (!is_ident(k->info.name))
		return bad(c, where, "'%s' is not a C identifier", k->info.name);
	snprintf(where, sizeof where, "kernel '%s'", k->info.name);
	for (size_t j = 0; j < i; j++)
		if (!strcmp(m->kernels[j].info.name, k->info.name))
			return bad(c, where, "declared twice");
	if ((rc = get_str(c, jk, "kind", where, true, &kind)))
		return rc;
	if (strcmp(kind, "started") && strcmp(kind, "autorun"))
		return bad(c, where, "kind '%s' is neither 'started' nor 'autorun'", kind);
	k->info.autorun = !strcmp(kind, "autorun");
	if ((rc = get_uint(c, jk, "args_size", where, 1u << 20, &v)))
		return rc;
	k->info.args_size = v;

	json_t *jps = json_object_get(jk, "params");
	if (jps && !json_is_array(jps))
		return bad(c, where, "'params' must be an array");
	k->info.nparams = jps ? json_array_size(jps) : 0;
	if (k->info.nparams && k->info.autorun)
		return bad(c, where, "an autorun kernel has no parameters, but the manifest lists %zu",
			   k->info.nparams);
	k->params = calloc(k->info.nparams ? k->info.nparams : 1, sizeof *k->params);
	if (!k->params)
		return rt_err(SLUICE_E_NO_MEM, "out of memory reading %s", c->path);
	k->info.params = k->params;

	size_t end = 0;
	bool has;
	k->ctrl = k->info.autorun ? -1 : (int)m->n_started++;
	if ((rc = get_opt_uint(c, jk, "ctrl", where, 0xffff, &has, &v)))
		return rc;
	if (has && k->info.autorun)
		return bad(c, where, "an autorun kernel has no control registers, but the manifest "
			   "gives it 'ctrl' %llu", (unsigned long long)v);
	if (has && v != (uint64_t)k->ctrl)
		return bad(c, where, "'ctrl' is %llu, but it is started kernel %d in manifest order; "
			   "the module's hardware and its manifest disagree (rebuild the module)",
			   (unsigned long long)v, k->ctrl);
	k->arg_word0 = m->arg_words;
	for (size_t j = 0; j < k->info.nparams; j++) {
		struct sluice_param_info *p = &k->params[j];
		json_t *jp = json_array_get(jps, j);
		char pw[160];
		snprintf(pw, sizeof pw, "%s: params[%zu]", where, j);
		if ((rc = parse_param(c, jp, pw, p)))
			return rc;
		unsigned word = k->arg_word0 + k->arg_words;
		if ((rc = get_opt_uint(c, jp, "arg_word", pw, UINT32_MAX, &has, &v)))
			return rc;
		if (has && v != word)
			return bad(c, where, "parameter '%s' has 'arg_word' %llu, but its argument "
				   "starts at word %u (counting ceil(width/32) words per parameter "
				   "of the started kernels, in manifest order); the module's hardware "
				   "and its manifest disagree (rebuild the module)", p->name,
				   (unsigned long long)v, word);
		for (size_t q = 0; q < j; q++)
			if (!strcmp(k->params[q].name, p->name))
				return bad(c, where, "parameter '%s' is listed twice", p->name);
		if (p->offset < end)
			return bad(c, where, "parameter '%s' at offset %zu overlaps the one before it "
				   "(which ends at %zu)", p->name, p->offset, end);
		end = p->offset + p->size;
		if (end > k->info.args_size)
			return bad(c, where, "parameter '%s' (offset %zu, %zu bytes) does not fit in "
				   "args_size %zu", p->name, p->offset, p->size, k->info.args_size);
		k->arg_words += (p->width + 31) / 32;
	}
	if (!k->info.nparams && k->info.args_size)
		return bad(c, where, "args_size is %zu but the kernel has no parameters",
			   k->info.args_size);
	m->arg_words += k->arg_words;
	if (m->arg_words > 0x1000)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "%s: the kernels' arguments need %u words of "
			      "registers; the host link addresses 4096", c->path, m->arg_words);
	return SLUICE_OK;
}

/* ---- pipes -------------------------------------------------------------- */

/* reader/writer: null, a kernel name, or an array of kernel names (a
 * manifest may list several, which is then refused with a reason). */
static int endpoint(struct mctx *c, json_t *jp, const char *key, const char *where,
		    const char **names, size_t *n)
{
	json_t *v = json_object_get(jp, key);
	*n = 0;
	if (!v || json_is_null(v))
		return SLUICE_OK;
	if (json_is_string(v)) {
		names[(*n)++] = json_string_value(v);
	} else if (json_is_array(v)) {
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e) {
			if (!json_is_string(e))
				return bad(c, where, "'%s' must list kernel names", key);
			if (*n < 8)
				names[(*n)++] = json_string_value(e);
		}
	} else {
		return bad(c, where, "'%s' must be null, a kernel name or a list of them", key);
	}
	for (size_t i = 0; i < *n; i++)
		if (!rt_find_kernel(c->m, names[i]))
			return bad(c, where, "%s '%s' is not a kernel of this module",
				   !strcmp(key, "reader") ? "reader" : "writer", names[i]);
	return SLUICE_OK;
}

static const char *const dir_names[] = {"none", "h2d", "d2h", "in", "out"};

static int check_host_pipe(struct mctx *c, json_t *jp, struct rt_pipe *p, const char **rd,
			   size_t nrd, const char **wr, size_t nwr)
{
	const char *n = p->info.name;
	bool h2d = p->dir == RT_DIR_H2D;
	if (nrd && nwr) {
		if (nrd == 1 && nwr == 1 && !strcmp(rd[0], wr[0]))
			return rt_err(SLUICE_E_CONNECTIVITY,
				      "%s: host pipe '%s': kernel '%s' both reads and writes it, and "
				      "the host uses it too; a kernel may not both read and write a "
				      "pipe that the host reads or writes", c->path, n, rd[0]);
		return rt_err(SLUICE_E_CONNECTIVITY,
			      "%s: host pipe '%s' has a kernel at both ends (read by '%s', written "
			      "by '%s'), so the host would both read and write it; a host pipe "
			      "is one-directional", c->path, n, rd[0], wr[0]);
	}
	if (nrd > 1 || nwr > 1) {
		const char **k = nrd > 1 ? rd : wr;
		return rt_err(SLUICE_E_CONNECTIVITY,
			      "%s: host pipe '%s' is bound to more than one kernel (%s by '%s' and "
			      "'%s'); a host pipe connects the host with exactly one kernel",
			      c->path, n, nrd > 1 ? "read" : "written", k[0], k[1]);
	}
	if (h2d && nwr)
		return rt_err(SLUICE_E_CONNECTIVITY,
			      "%s: host pipe '%s' is h2d (the host writes it) but kernel '%s' "
			      "writes it: its direction contradicts its endpoints", c->path, n, wr[0]);
	if (!h2d && nrd)
		return rt_err(SLUICE_E_CONNECTIVITY,
			      "%s: host pipe '%s' is d2h (the host reads it) but kernel '%s' "
			      "reads it: its direction contradicts its endpoints", c->path, n, rd[0]);
	/* the device memory's host port ("devmem": true) has the memory at
	 * its other end, no kernel */
	json_t *dm = json_object_get(jp, "devmem");
	if (dm && !json_is_boolean(dm))
		return bad(c, p->info.name, "'devmem' must be true or false");
	if ((h2d ? !nrd : !nwr) && !json_is_true(dm))
		return rt_err(SLUICE_E_CONNECTIVITY, "%s: host pipe '%s' (%s) has no kernel %s it",
			      c->path, n, dir_names[p->dir], h2d ? "reading" : "writing");
	p->info.reader = nrd ? rd[0] : NULL;
	p->info.writer = nwr ? wr[0] : NULL;
	return SLUICE_OK;
}

static int parse_pipe(struct mctx *c, json_t *jp, size_t i, struct rt_pipe *p)
{
	struct sluice_module *m = c->m;
	static const char *const kinds[] = {"kernel", "host", "io"};
	char where[96];
	const char *kind, *dir, *rd[8], *wr[8];
	size_t nrd, nwr;
	uint64_t v;
	int rc;

	p->link_id = -1;
	snprintf(where, sizeof where, "pipes[%zu]", i);
	if (!json_is_object(jp))
		return bad(c, where, "must be an object");
	if ((rc = get_str(c, jp, "name", where, true, &p->info.name)))
		return rc;
	if (!*p->info.name)
		return bad(c, where, "the name is empty");
	snprintf(where, sizeof where, "pipe '%s'", p->info.name);
	for (size_t j = 0; j < i; j++)
		if (!strcmp(m->pipes[j].info.name, p->info.name))
			return bad(c, where, "declared twice");
	if ((rc = get_str(c, jp, "type", where, false, &p->info.type)))
		return rc;
	if (!p->info.type)
		p->info.type = "";
	if ((rc = get_uint(c, jp, "width", where, 65536, &v)))
		return rc;
	if (v == 0 || v % 8)
		return bad(c, where, "width %llu is not a whole number of bytes",
			   (unsigned long long)v);
	p->info.width = (unsigned)v;
	p->info.word_size = v / 8;
	if ((rc = get_uint(c, jp, "min_capacity", where, UINT32_MAX, &v)))
		return rc;
	p->info.min_capacity = v;
	if ((rc = get_uint(c, jp, "depth", where, UINT32_MAX, &v)))
		return rc;
	p->info.depth = v;
	if (p->info.depth < p->info.min_capacity)
		return bad(c, where, "depth %zu is less than its MinCapacity %zu", p->info.depth,
			   p->info.min_capacity);

	if ((rc = get_str(c, jp, "kind", where, true, &kind)) ||
	    (rc = get_str(c, jp, "dir", where, true, &dir)))
		return rc;
	int ki = -1, di = -1;
	for (int j = 0; j < 3; j++)
		if (!strcmp(kind, kinds[j]))
			ki = j;
	for (int j = 0; j < 5; j++)
		if (!strcmp(dir, dir_names[j]))
			di = j;
	if (ki < 0)
		return bad(c, where, "kind '%s' is not one of kernel, host, io", kind);
	if (di < 0)
		return bad(c, where, "dir '%s' is not one of none, h2d, d2h, in, out", dir);
	p->kind = (enum rt_pipe_kind)ki;
	p->dir = (enum rt_pipe_dir)di;
	bool fits = (p->kind == RT_PIPE_KERNEL && p->dir == RT_DIR_NONE) ||
		    (p->kind == RT_PIPE_HOST && (p->dir == RT_DIR_H2D || p->dir == RT_DIR_D2H)) ||
		    (p->kind == RT_PIPE_IO && (p->dir == RT_DIR_IN || p->dir == RT_DIR_OUT));
	if (!fits)
		return bad(c, where, "a %s pipe cannot have dir '%s'", kind, dir);

	bool has_id;
	uint64_t id;
	if ((rc = get_opt_uint(c, jp, "link_id", where, UINT32_MAX, &has_id, &id)))
		return rc;
	if (has_id && p->kind != RT_PIPE_HOST)
		return bad(c, where, "only host pipes have a 'link_id'; this is a%s %s pipe",
			   p->kind == RT_PIPE_IO ? "n" : "", kind);
	if ((rc = endpoint(c, jp, "reader", where, rd, &nrd)) ||
	    (rc = endpoint(c, jp, "writer", where, wr, &nwr)))
		return rc;
	if (p->kind != RT_PIPE_HOST) {
		if (nrd > 1 || nwr > 1)
			return rt_err(SLUICE_E_CONNECTIVITY,
				      "%s: pipe '%s' is %s by more than one kernel ('%s' and '%s')",
				      c->path, p->info.name, nrd > 1 ? "read" : "written",
				      nrd > 1 ? rd[0] : wr[0], nrd > 1 ? rd[1] : wr[1]);
		p->info.reader = nrd ? rd[0] : NULL;
		p->info.writer = nwr ? wr[0] : NULL;
		return SLUICE_OK;
	}
	if ((rc = check_host_pipe(c, jp, p, rd, nrd, wr, nwr)))
		return rc;
	p->info.host = true;
	p->info.host_writes = p->dir == RT_DIR_H2D;
	unsigned *count = p->info.host_writes ? &m->n_h2d : &m->n_d2h;
	if (*count >= SL_MAX_PIPES)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "%s: more than %d host pipes the host %s; "
			      "the host link carries at most %d each way", c->path, SL_MAX_PIPES,
			      p->info.host_writes ? "writes" : "reads", SL_MAX_PIPES);
	if (p->info.word_size > SL_MIN_RXBUF - SL_SEQ_HDR - 4)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "%s: host pipe '%s' carries %zu-byte words; "
			      "the host link carries words of at most %d bytes", c->path,
			      p->info.name, p->info.word_size, SL_MIN_RXBUF - SL_SEQ_HDR - 4);
	if (pthread_mutex_init(&p->lock, NULL))
		return rt_err(SLUICE_E_NO_MEM, "cannot create a lock");
	if (has_id && id != *count)
		return bad(c, where, "'link_id' is %llu, but it is %s host pipe %u in manifest order; "
			   "the module's hardware and its manifest disagree (rebuild the module)",
			   (unsigned long long)id, dir_names[p->dir], *count);
	p->link_id = (int)*count;
	(p->info.host_writes ? m->h2d : m->d2h)[*count] = p;
	(*count)++;
	return SLUICE_OK;
}

/* ---- specialization constants -------------------------------------------- */

static int parse_spec(struct mctx *c, json_t *js, size_t i, struct rt_spec *s)
{
	char where[96];
	uint64_t v;
	int rc;
	const char *name, *type;

	snprintf(where, sizeof where, "spec_constants[%zu]", i);
	if (!json_is_object(js))
		return bad(c, where, "must be an object");
	if ((rc = get_str(c, js, "name", where, true, &name)) ||
	    (rc = get_str(c, js, "type", where, false, &type)))
		return rc;
	s->name = (char *)name;
	s->type = (char *)(type ? type : "");
	if ((rc = get_uint(c, js, "width", where, 64, &v)))
		return rc;
	if (v == 0)
		return bad(c, where, "'width' must be at least 1");
	s->width = (unsigned)v;
	json_t *jv = json_object_get(js, "value");
	if (!json_is_integer(jv))
		return bad(c, where, "'value' must be an integer");
	s->value = json_integer_value(jv);
	const char *binding;
	if ((rc = get_str(c, js, "binding", where, false, &binding)))
		return rc;
	if (binding && strcmp(binding, "folded") && strcmp(binding, "register"))
		return bad(c, where, "'binding' is '%s', neither 'folded' nor 'register'", binding);
	s->folded = binding && !strcmp(binding, "folded");
	s->word0 = c->m->spec_words;
	s->words = (s->width + 31) / 32;
	c->m->spec_words += s->words;
	return SLUICE_OK;
}

/* ---- the manifest ----------------------------------------------------------- */

static int parse_top(struct mctx *c, json_t *root)
{
	struct sluice_module *m = c->m;
	const char *format, *state;
	int rc;

	if (!json_is_object(root))
		return bad(c, "", "the top level is not a JSON object");
	if (get_str(c, root, "format", "", true, &format) || strcmp(format, "sluice-module"))
		return bad(c, "", "not a sluice module manifest ('format' is not \"sluice-module\")");
	json_t *ver = json_object_get(root, "version");
	if (!json_is_integer(ver))
		return bad(c, "", "'version' must be an integer");
	if (json_integer_value(ver) != 1)
		return bad(c, "", "format version %lld is not one this libsluice reads (it reads "
			   "version 1); rebuild the module with this sluice",
			   (long long)json_integer_value(ver));
	if ((rc = get_str(c, root, "name", "", true, &m->name)) ||
	    (rc = get_str(c, root, "state", "", true, &state)))
		return rc;
	if (strcmp(state, "executable"))
		return rt_err(SLUICE_E_MODULE_STATE, "%s: module '%s' is in state '%s', not "
			      "'executable'; %s", c->path, m->name, state,
			      !strcmp(state, "object") || !strcmp(state, "input")
				      ? "link it into an executable module first (sluice link)"
				      : "only executable modules can be loaded");
	const char *core, *header;
	if ((rc = get_str(c, root, "target", "", false, &m->target)) ||
	    (rc = get_str(c, root, "top", "", false, &m->top)) ||
	    (rc = get_str(c, root, "core", "", false, &core)) ||
	    (rc = get_str(c, root, "host_header", "", false, &header)))
		return rc;
	json_t *clk = json_object_get(root, "clock_mhz");
	if (clk && (!json_is_number(clk) || json_number_value(clk) < 0))
		return bad(c, "", "'clock_mhz' must be a positive number");
	m->clock_mhz = clk ? json_number_value(clk) : 0;
	json_t *id = json_object_get(root, "design_id");
	if (id) {
		if (!json_is_integer(id) || json_integer_value(id) < 0 ||
		    json_integer_value(id) > UINT32_MAX)
			return bad(c, "", "'design_id' must be a 32-bit unsigned integer");
		m->has_design_id = true;
		m->design_id = (uint32_t)json_integer_value(id);
	}
	json_t *link = json_object_get(root, "host_link");
	if (link && !json_is_boolean(link))
		return bad(c, "", "'host_link' must be true or false");
	m->no_host_link = link && json_is_false(link);
	m->images = json_object_get(root, "images");
	if (!json_is_object(m->images))
		return bad(c, "", "'images' is missing or not an object");
	m->devmem = json_object_get(root, "device_memory");
	if (m->devmem) {
		json_t *b = json_object_get(m->devmem, "bytes");
		if (!json_is_object(m->devmem) || !json_is_integer(b) || json_integer_value(b) < 64 ||
		    json_integer_value(b) > UINT32_MAX || json_integer_value(b) % 8 ||
		    !json_is_array(json_object_get(m->devmem, "ports")))
			return bad(c, "", "'device_memory' must have 'bytes' (a multiple of 8 "
				   "below 2^32) and 'ports'");
		m->devmem_bytes = (uint64_t)json_integer_value(b);
	}
	if (pthread_mutex_init(&m->devmem_lock, NULL))
		return bad(c, "", "cannot make a lock");
	return SLUICE_OK;
}

static int parse_lists(struct mctx *c, json_t *root)
{
	struct sluice_module *m = c->m;
	json_t *jk = json_object_get(root, "kernels"), *jp = json_object_get(root, "pipes");
	json_t *js = json_object_get(root, "spec_constants");
	int rc;

	if (!json_is_array(jk))
		return bad(c, "", "'kernels' is missing or not an array");
	if (!json_is_array(jp))
		return bad(c, "", "'pipes' is missing or not an array");
	if (js && !json_is_array(js))
		return bad(c, "", "'spec_constants' is not an array");
	size_t nk = json_array_size(jk), np = json_array_size(jp), ns = js ? json_array_size(js) : 0;
	m->kernels = calloc(nk ? nk : 1, sizeof *m->kernels);
	m->pipes = calloc(np ? np : 1, sizeof *m->pipes);
	m->specs = calloc(ns ? ns : 1, sizeof *m->specs);
	if (!m->kernels || !m->pipes || !m->specs)
		return rt_err(SLUICE_E_NO_MEM, "out of memory reading %s", c->path);
	for (size_t i = 0; i < nk; i++) {
		if (pthread_mutex_init(&m->kernels[i].lock, NULL))
			return rt_err(SLUICE_E_NO_MEM, "cannot create a lock");
		m->nkernels = i + 1; /* rt_module_free frees what parse_kernel made */
		if ((rc = parse_kernel(c, json_array_get(jk, i), i, &m->kernels[i])))
			return rc;
	}
	for (size_t i = 0; i < np; i++) {
		m->npipes = i + 1;
		if ((rc = parse_pipe(c, json_array_get(jp, i), i, &m->pipes[i])))
			return rc;
	}
	for (size_t i = 0; i < ns; i++) {
		m->nspecs = i + 1;
		if ((rc = parse_spec(c, json_array_get(js, i), i, &m->specs[i])))
			return rc;
	}
	if (m->spec_words > 0x1000)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "%s: the specialization constants need %u "
			      "words of registers; the host link addresses 4096", c->path,
			      m->spec_words);
	return SLUICE_OK;
}

int rt_manifest_load(const char *dir, struct sluice_module **out)
{
	struct mctx c = {0};
	struct stat st;
	json_error_t jerr;

	if (stat(dir, &st))
		return rt_err(SLUICE_E_NOT_FOUND, "no module at '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return rt_err(SLUICE_E_NOT_FOUND, "no module at '%s': a module is a directory "
			      "(the output of sluice build)", dir);
	snprintf(c.path, sizeof c.path, "%s/manifest.json", dir);
	if (stat(c.path, &st))
		return rt_err(SLUICE_E_NOT_FOUND, "'%s' is not a module: it has no manifest.json",
			      dir);
	json_t *root = json_load_file(c.path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		return rt_err(SLUICE_E_MANIFEST, "%s:%d:%d: corrupt manifest: %s", c.path,
			      jerr.line, jerr.column, jerr.text);

	c.m = calloc(1, sizeof *c.m);
	if (!c.m || !(c.m->dir = strdup(dir))) {
		free(c.m);
		json_decref(root);
		return rt_err(SLUICE_E_NO_MEM, "out of memory reading %s", c.path);
	}
	c.m->root = root;
	int rc = parse_top(&c, root);
	if (!rc)
		rc = parse_lists(&c, root);
	if (rc) {
		rt_module_free(c.m);
		return rc;
	}
	*out = c.m;
	return SLUICE_OK;
}

void rt_module_free(struct sluice_module *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nkernels; i++) {
		free(m->kernels[i].params);
		pthread_mutex_destroy(&m->kernels[i].lock);
	}
	for (size_t i = 0; i < m->npipes; i++) {
		if (m->pipes[i].link_id >= 0)
			pthread_mutex_destroy(&m->pipes[i].lock);
		free(m->pipes[i].buf);
	}
	free(m->kernels);
	free(m->pipes);
	free(m->specs);
	free(m->bufs);
	free(m->dir);
	json_decref(m->root);
	free(m);
}

struct rt_pipe *rt_find_pipe(sluice_module *m, const char *name)
{
	for (size_t i = 0; i < m->npipes; i++)
		if (m->pipes[i].info.name && !strcmp(m->pipes[i].info.name, name))
			return &m->pipes[i];
	return NULL;
}

struct rt_kernel *rt_find_kernel(sluice_module *m, const char *name)
{
	for (size_t i = 0; i < m->nkernels; i++)
		if (m->kernels[i].info.name && !strcmp(m->kernels[i].info.name, name))
			return &m->kernels[i];
	return NULL;
}
