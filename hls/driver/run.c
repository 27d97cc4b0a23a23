/*
 * run.c -- `sluice run MODULE.sluice ...`: runs a module on the simulator
 * (or another libsluice device) without a host program.  Host pipes are fed
 * from files and drained into files, kernels are started with arguments
 * from the command line, and a summary says what moved and how fast the
 * simulation ran: the quick check a user makes before writing a host
 * program.
 *
 * Guarantees:
 *   - every value is checked against its pipe's or parameter's type before
 *     anything runs: a whole number of words in a binary file, text values
 *     that fit the width (and sign) of the type, the right number of
 *     arguments for a kernel;
 *   - the words of an input file reach its pipe in file order, and every
 *     word a d2h pipe delivers is written to its file in order (a d2h pipe
 *     without --out is drained too, and its words counted and dropped);
 *   - the host never blocks on one pipe while another needs service: the
 *     run loop makes only non-blocking calls, and starts a kernel only when
 *     the device can take the start at once (a kernel runs one start and
 *     holds one more).  Only when nothing has moved for the runtime's
 *     deadlock window does it make one blocking call on what is still
 *     pending, so that libsluice diagnoses the deadlock;
 *   - exit status 0 only if every input word was written, every start
 *     returned and every :COUNT was met; 1 when the run failed; 2 for a
 *     command line that does not fit the module.  Errors are one line
 *     "sluice: error: ..." with libsluice's message where it has one.
 *
 * Values and files: run_values.c.
 */
#include "run.h"
#include "run_values.h"

#include <sluice/runtime.h>

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_CYCLES 100000000ull
#define DEFAULT_IDLE 10000ull
#define DEFAULT_DEADLOCK 4000000ull /* libsluice's default SLUICE_DEADLOCK_CYCLES */
#define CHUNK_MAX 4096		    /* words per non-blocking call, at most */
#define POLL_CYCLES 1024	    /* cycles between two looks at a running kernel */

static void run_usage(FILE *f)
{
	fputs("usage: sluice run MODULE.sluice [--start KERNEL[=ARG,...]]... [--in PIPE=FILE]...\n"
	      "                  [--out PIPE=FILE[:COUNT]]... [--text|--binary] [--cycles N]\n"
	      "                  [--idle N] [--trace FILE.fst] [--device DEV] [-q]\n"
	      "  runs the module on the simulator without a host program\n"
	      "  --start KERNEL=ARG,...  start a kernel with these arguments (decimal or 0x\n"
	      "                          hex, negative, true/false); starts run in order\n"
	      "  --in PIPE=FILE          write FILE's words to h2d host pipe PIPE\n"
	      "  --out PIPE=FILE[:COUNT] write what d2h host pipe PIPE delivers to FILE;\n"
	      "                          with COUNT, read exactly COUNT words\n"
	      "  FILE: '-' is stdin/stdout; a name ending .txt, and '-', are text (numbers\n"
	      "        separated by white space, '#' comments), other files binary (raw\n"
	      "        words in host order); --text or --binary sets it for every file\n"
	      "  --cycles N   fail if the run has not ended after N cycles (default 100M)\n"
	      "  --idle N     end when inputs are written, kernels have returned and no\n"
	      "               output has moved for N cycles (default 10000)\n"
	      "  --trace F    write a waveform of the run to F (SLUICE_TRACE)\n"
	      "  --device D   the device (default $SLUICE_DEVICE, else sim)\n"
	      "  -q           no summary on stderr\n"
	      "  N takes a k, M or G suffix (10k = 10000)\n",
	      f);
}

/* ---- state ------------------------------------------------------------------- */

struct in_pipe {
	const char *name, *file;
	bool text;
	struct sluice_pipe_info info;
	struct vtype vt;
	uint8_t *data;
	size_t nwords, done, chunk;
};

struct out_pipe {
	const char *name, *file; /* file NULL: no --out; drained and dropped */
	bool text, counted;
	uint64_t count, got;
	struct sluice_pipe_info info;
	struct vtype vt;
	FILE *f;
	uint8_t *buf;
	size_t chunk;
};

struct start {
	const char *kernel, *args;
	size_t k;	/* index in run.kerns */
	uint8_t *buf;
};

struct kern {
	struct sluice_kernel_info info;
	unsigned starts;	/* issued */
	unsigned outstanding;	/* issued since it was last seen idle (at most 2) */
	uint64_t polled;	/* cycle of the last look */
};

struct run {
	const char *module, *device, *trace;
	int text;		/* -1 by file name, 0 binary, 1 text */
	uint64_t max_cycles, idle;
	bool quiet;
	struct in_pipe *ins;
	size_t nins;
	struct out_pipe *outs;
	size_t nouts;
	struct start *starts;
	size_t nstarts, next_start;
	struct kern *kerns;
	size_t nkerns;

	sluice_device *dev;
	sluice_module *mod;
	bool sim_cycles;	/* the device counts cycles; else estimated from the clock */
	uint64_t c0, hz, cycles;
	double t0;
};

/* ---- messages ------------------------------------------------------------------ */

#define USAGE(...) run_fail(2, __VA_ARGS__)
#define FAILED(...) run_fail(1, __VA_ARGS__)
/* a libsluice call failed: what we did, then its message */
#define API_FAILED(fmt, ...) run_fail(1, fmt ": %s", __VA_ARGS__, sluice_last_error())

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the command line -------------------------------------------------------------- */

/* --name VALUE or --name=VALUE at argv[*i]; NULL if argv[*i] is not name. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
	size_t n = strlen(name);
	if (strncmp(argv[*i], name, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

/* "100000", "10k", "100M", "2G" */
static bool parse_count(const char *s, uint64_t *out)
{
	char *end;
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	uint64_t mul = !*end ? 1 : !strcmp(end, "k") ? 1000 : !strcmp(end, "M") ? 1000000
			 : !strcmp(end, "G") ? 1000000000 : 0;
	if (errno || !mul || v > UINT64_MAX / mul)
		return false;
	*out = v * mul;
	return true;
}

/* Splits "PIPE=FILE" in place. */
static bool split_eq(char *s, const char **name, const char **file)
{
	char *eq = strchr(s, '=');
	if (!eq || eq == s || !eq[1])
		return false;
	*eq = 0;
	*name = s;
	*file = eq + 1;
	return true;
}

static const char *file_name(const char *file)
{
	return strcmp(file, "-") ? file : "<stdin>";
}

static bool is_text(const struct run *r, const char *file)
{
	size_t n = strlen(file);
	if (r->text >= 0)
		return r->text;
	return !strcmp(file, "-") || (n > 4 && !strcmp(file + n - 4, ".txt"));
}

static int parse_args(struct run *r, int argc, char **argv)
{
	int nstdin = 0, nstdout = 0;
	r->text = -1;
	r->max_cycles = DEFAULT_CYCLES;
	r->idle = DEFAULT_IDLE;
	r->ins = calloc((size_t)argc, sizeof *r->ins);
	r->outs = calloc((size_t)argc, sizeof *r->outs);
	r->starts = calloc((size_t)argc, sizeof *r->starts);
	if (!r->ins || !r->outs || !r->starts)
		return FAILED("out of memory");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			run_usage(stdout);
			return -1;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			r->quiet = true;
		} else if (!strcmp(a, "--text") || !strcmp(a, "--binary")) {
			r->text = a[2] == 't';
		} else if ((v = opt_value(argc, argv, &i, "--start", &missing))) {
			struct start *s = &r->starts[r->nstarts++];
			char *eq = strchr(v, '=');
			s->kernel = v;
			s->args = eq ? eq + 1 : "";
			if (eq)
				*eq = 0;
			if (!*s->kernel)
				return USAGE("--start needs a kernel name: --start KERNEL=ARG,...");
		} else if ((v = opt_value(argc, argv, &i, "--in", &missing))) {
			struct in_pipe *p = &r->ins[r->nins++];
			if (!split_eq((char *)v, &p->name, &p->file))
				return USAGE("--in takes PIPE=FILE, not '%s'", v);
			nstdin += !strcmp(p->file, "-");
		} else if ((v = opt_value(argc, argv, &i, "--out", &missing))) {
			struct out_pipe *p = &r->outs[r->nouts++];
			if (!split_eq((char *)v, &p->name, &p->file))
				return USAGE("--out takes PIPE=FILE[:COUNT], not '%s'", v);
			char *colon = strrchr(p->file, ':');
			if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
				p->counted = true;
				*colon = 0;
				if (!parse_count(colon + 1, &p->count) || !*p->file)
					return USAGE("--out %s: cannot read the count '%s'", p->name,
						     colon + 1);
			}
			nstdout += !strcmp(p->file, "-");
		} else if ((v = opt_value(argc, argv, &i, "--cycles", &missing))) {
			if (!parse_count(v, &r->max_cycles) || !r->max_cycles)
				return USAGE("--cycles takes a positive number of cycles, not '%s'", v);
		} else if ((v = opt_value(argc, argv, &i, "--idle", &missing))) {
			if (!parse_count(v, &r->idle))
				return USAGE("--idle takes a number of cycles, not '%s'", v);
		} else if ((v = opt_value(argc, argv, &i, "--trace", &missing))) {
			r->trace = v;
		} else if ((v = opt_value(argc, argv, &i, "--device", &missing))) {
			r->device = v;
		} else if (missing) {
			return USAGE("%s needs an argument", a);
		} else if (a[0] == '-' && a[1]) {
			return USAGE("unknown option '%s' (see sluice run --help)", a);
		} else if (r->module) {
			return USAGE("one module at a time: '%s' and '%s'", r->module, a);
		} else {
			r->module = a;
		}
	}
	if (!r->module) {
		run_usage(stderr);
		return 2;
	}
	if (nstdin > 1 || nstdout > 1)
		return USAGE("only one --%s can use '-' (std%s)", nstdin > 1 ? "in" : "out",
			     nstdin > 1 ? "in" : "out");
	for (size_t i = 0; i < r->nins; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(r->ins[i].name, r->ins[j].name))
				return USAGE("--in %s is given twice", r->ins[i].name);
	for (size_t i = 0; i < r->nouts; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(r->outs[i].name, r->outs[j].name))
				return USAGE("--out %s is given twice", r->outs[i].name);
	return 0;
}

/* ---- fitting the command line to the module ---------------------------------------- */

/* "'in' (h2d, int32_t), 'out' (d2h, int32_t)" */
static void host_pipes_text(struct run *r, char *buf, size_t cap)
{
	struct sluice_pipe_info pi;
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; !sluice_module_pipe(r->mod, i, &pi) && n < cap; i++)
		if (pi.host)
			n += (size_t)snprintf(buf + n, cap - n, "%s'%s' (%s, %s)", n ? ", " : "",
					      pi.name, pi.host_writes ? "h2d" : "d2h", pi.type);
	if (!n)
		snprintf(buf, cap, "none");
}

static int find_pipe(struct run *r, const char *name, bool h2d, struct sluice_pipe_info *out)
{
	char list[600];
	for (size_t i = 0; !sluice_module_pipe(r->mod, i, out); i++) {
		if (strcmp(out->name, name))
			continue;
		if (!out->host)
			break;
		if (out->host_writes != h2d)
			return USAGE("--%s %s: host pipe '%s' is %s: the host %s it; use --%s",
				     h2d ? "in" : "out", name, name, h2d ? "d2h" : "h2d",
				     h2d ? "reads" : "writes", h2d ? "out" : "in");
		return 0;
	}
	host_pipes_text(r, list, sizeof list);
	return USAGE("--%s %s: module '%s' has no host pipe '%s' (its host pipes: %s)",
		     h2d ? "in" : "out", name, r->module, name, list);
}

static void params_text(const struct sluice_kernel_info *k, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < k->nparams && n < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s (%s %u-bit)", i ? ", " : "",
				      k->params[i].name,
				      k->params[i].is_signed ? "signed" : "unsigned",
				      k->params[i].width);
}

/* Packs s->args ("3,-1,0x10") for kernel k, as sluice_kernel_start wants. */
static int pack_args(struct start *s, const struct sluice_kernel_info *k)
{
	char *copy = strdup(s->args), *save = NULL, params[600];
	size_t n = 0;
	int rc = 0;
	s->buf = calloc(k->args_size + 1, 1);
	if (!copy || !s->buf) {
		free(copy);
		return FAILED("out of memory");
	}
	params_text(k, params, sizeof params);
	for (size_t i = 0; i < k->nparams && !rc; i++)
		if (k->params[i].is_pointer)
			rc = USAGE("--start %s: parameter '%s' is a pointer into device memory; "
				   "a host program fills device memory (sluice_malloc_device, "
				   "sluice_memcpy_to_device) and starts the kernel", k->name,
				   k->params[i].name);
	for (char *tok = rc ? NULL : strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*tok))
			tok++;
		for (char *e = tok + strlen(tok); e > tok && isspace((unsigned char)e[-1]);)
			*--e = 0;
		if (n >= k->nparams) {
			n++;
			continue;
		}
		const struct sluice_param_info *p = &k->params[n++];
		struct vtype vt = {.kind = !p->is_float ? V_INT : p->width == 64 ? V_DOUBLE : V_FLOAT,
				   .width = p->width, .size = p->size,
				   .is_signed = p->is_signed || p->is_float};
		char range[80];
		const char *why = value_parse(tok, &vt, s->buf + p->offset);
		if (why)
			rc = USAGE("--start %s: argument %zu (%s) '%s' %s: %s takes %s", k->name, n,
				   p->name, tok, why, p->name, vtype_range(&vt, range, sizeof range));
	}
	free(copy);
	if (!rc && n != k->nparams)
		rc = USAGE("--start %s: kernel '%s' takes %zu argument%s%s%s, not %zu", k->name,
			   k->name, k->nparams, k->nparams == 1 ? "" : "s", k->nparams ? ": " : "",
			   params, n);
	return rc;
}

static int resolve(struct run *r)
{
	struct sluice_kernel_info ki;
	struct sluice_pipe_info pi;
	int rc;

	while (!sluice_module_kernel(r->mod, r->nkerns, &ki))
		r->nkerns++;
	r->kerns = calloc(r->nkerns + 1, sizeof *r->kerns);
	if (!r->kerns)
		return FAILED("out of memory");
	for (size_t i = 0; i < r->nkerns; i++)
		sluice_module_kernel(r->mod, i, &r->kerns[i].info);

	for (size_t i = 0; i < r->nins; i++) {
		struct in_pipe *p = &r->ins[i];
		if ((rc = find_pipe(r, p->name, true, &p->info)))
			return rc;
		vtype_of_pipe(&p->info, &p->vt);
		p->text = is_text(r, p->file);
	}
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		if ((rc = find_pipe(r, p->name, false, &p->info)))
			return rc;
	}
	/* d2h pipes without --out are drained too: a kernel must not stall on them */
	size_t given = r->nouts;
	for (size_t i = 0; !sluice_module_pipe(r->mod, i, &pi); i++) {
		bool named = false;
		for (size_t j = 0; j < given; j++)
			named |= !strcmp(r->outs[j].name, pi.name);
		if (!pi.host || pi.host_writes || named)
			continue;
		struct out_pipe *np = realloc(r->outs, (r->nouts + 1) * sizeof *np);
		if (!np)
			return FAILED("out of memory");
		r->outs = np;
		r->outs[r->nouts++] = (struct out_pipe){.name = pi.name, .info = pi};
	}
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		vtype_of_pipe(&p->info, &p->vt);
		p->text = p->file && is_text(r, p->file);
		p->chunk = p->info.depth < CHUNK_MAX ? (p->info.depth ? p->info.depth : 1) : CHUNK_MAX;
		if (!(p->buf = malloc(CHUNK_MAX * p->vt.size)))
			return FAILED("out of memory");
	}

	for (size_t i = 0; i < r->nstarts; i++) {
		struct start *s = &r->starts[i];
		char list[600];
		size_t n = 0;
		for (s->k = 0; s->k < r->nkerns && strcmp(r->kerns[s->k].info.name, s->kernel); s->k++)
			;
		if (s->k == r->nkerns) {
			list[0] = 0;
			for (size_t k = 0; k < r->nkerns && n < sizeof list; k++)
				n += (size_t)snprintf(list + n, sizeof list - n, "%s'%s'%s", k ? ", " : "",
						      r->kerns[k].info.name,
						      r->kerns[k].info.autorun ? " (autorun)" : "");
			return USAGE("--start %s: module '%s' has no kernel '%s' (its kernels: %s)",
				     s->kernel, r->module, s->kernel, n ? list : "none");
		}
		if (r->kerns[s->k].info.autorun)
			return USAGE("--start %s: '%s' is an autorun kernel: it runs from reset and "
				     "cannot be started", s->kernel, s->kernel);
		if ((rc = pack_args(s, &r->kerns[s->k].info)))
			return rc;
	}
	return 0;
}

/* Reads the inputs and opens the outputs (after every check, so that a
 * mistake does not truncate an output file). */
static int open_files(struct run *r)
{
	int rc;
	for (size_t i = 0; i < r->nins; i++) {
		struct in_pipe *p = &r->ins[i];
		if ((rc = words_load(p->file, p->text, &p->vt, &p->data, &p->nwords)))
			return rc;
		p->chunk = p->info.depth < CHUNK_MAX ? (p->info.depth ? p->info.depth : 1) : CHUNK_MAX;
	}
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		if (!p->file)
			continue;
		p->f = strcmp(p->file, "-") ? fopen(p->file, p->text ? "w" : "wb") : stdout;
		if (!p->f)
			return FAILED("cannot write '%s': %s", p->file, strerror(errno));
	}
	return 0;
}

/* ---- the run ----------------------------------------------------------------------- */

static uint64_t now_cycles(struct run *r)
{
	uint64_t c;
	if (r->sim_cycles && !sluice_device_info(r->dev, SLUICE_INFO_SIM_CYCLES, &c, sizeof c))
		return r->cycles = c - r->c0;
	return r->cycles = (uint64_t)((now_s() - r->t0) * (double)r->hz);
}

/* Starts kernels, in command-line order, while the device can take the
 * next start at once. */
static int issue_starts(struct run *r, bool *moved)
{
	while (r->next_start < r->nstarts) {
		struct start *s = &r->starts[r->next_start];
		struct kern *k = &r->kerns[s->k];
		if (k->outstanding >= 2)
			break;
		if (sluice_kernel_start(r->mod, s->kernel, s->buf, k->info.args_size))
			return API_FAILED("starting kernel '%s' (--start %zu)", s->kernel,
					  r->next_start + 1);
		k->outstanding++;
		k->starts++;
		r->next_start++;
		*moved = true;
	}
	return 0;
}

/* Writes what the pipe has room for; halves the attempt when it has none. */
static int feed(struct run *r, struct in_pipe *p, bool *moved)
{
	while (p->done < p->nwords) {
		size_t n = p->nwords - p->done < p->chunk ? p->nwords - p->done : p->chunk;
		bool ok = false;
		if (sluice_pipe_write_nb(r->mod, p->name, p->data + p->done * p->vt.size,
					 n * p->vt.size, &ok))
			return API_FAILED("writing pipe '%s'", p->name);
		if (!ok) {
			p->chunk = p->chunk > 1 ? p->chunk / 2 : 1;
			break;
		}
		p->done += n;
		p->chunk = p->chunk * 2 <= CHUNK_MAX ? p->chunk * 2 : CHUNK_MAX;
		*moved = true;
	}
	return 0;
}

static int emit(struct out_pipe *p, const uint8_t *words, size_t n)
{
	p->got += n;
	if (!p->f)
		return 0;
	if (p->text)
		for (size_t i = 0; i < n; i++)
			value_print(p->f, &p->vt, words + i * p->vt.size);
	else
		fwrite(words, p->vt.size, n, p->f);
	if (ferror(p->f))
		return FAILED("writing '%s': %s", p->file, strerror(errno));
	return 0;
}

/* Reads what has arrived; halves the attempt when nothing has. */
static int drain(struct run *r, struct out_pipe *p, bool *moved)
{
	while (!p->counted || p->got < p->count) {
		size_t n = p->chunk;
		if (p->counted && p->count - p->got < n)
			n = (size_t)(p->count - p->got);
		bool ok = false;
		if (sluice_pipe_read_nb(r->mod, p->name, p->buf, n * p->vt.size, &ok))
			return API_FAILED("reading pipe '%s'", p->name);
		if (!ok) {
			p->chunk = p->chunk > 1 ? p->chunk / 2 : 1;
			break;
		}
		int rc = emit(p, p->buf, n);
		if (rc)
			return rc;
		p->chunk = p->chunk * 2 <= CHUNK_MAX ? p->chunk * 2 : CHUNK_MAX;
		*moved = true;
	}
	return 0;
}

/* Looks at each kernel with starts outstanding, every POLL_CYCLES (or now,
 * if force).  *returned: one became idle. */
static int poll_kernels(struct run *r, bool force, bool *returned)
{
	for (size_t i = 0; i < r->nkerns; i++) {
		struct kern *k = &r->kerns[i];
		if (!k->outstanding || (!force && r->cycles - k->polled < POLL_CYCLES))
			continue;
		int rc = sluice_kernel_wait(r->mod, k->info.name, 0);
		k->polled = now_cycles(r);
		if (rc == SLUICE_E_TIMEOUT)
			continue;
		if (rc)
			return API_FAILED("waiting for kernel '%s'", k->info.name);
		k->outstanding = 0;
		*returned = true;
	}
	return 0;
}

static bool inputs_done(const struct run *r)
{
	for (size_t i = 0; i < r->nins; i++)
		if (r->ins[i].done < r->ins[i].nwords)
			return false;
	return r->next_start == r->nstarts;
}

static bool kernels_done(const struct run *r)
{
	for (size_t i = 0; i < r->nkerns; i++)
		if (r->kerns[i].outstanding)
			return false;
	return true;
}

/* Counted outputs complete; *open: a d2h pipe without a count, whose end
 * only quiet can tell. */
static bool counts_done(const struct run *r, bool *open)
{
	bool done = true;
	*open = false;
	for (size_t i = 0; i < r->nouts; i++) {
		const struct out_pipe *p = &r->outs[i];
		*open |= !p->counted;
		done &= !p->counted || p->got >= p->count;
	}
	return done;
}

/* Nothing has moved for the deadlock window: one blocking call on what is
 * pending, so that libsluice either makes progress or explains the deadlock. */
static int block_on_pending(struct run *r)
{
	for (size_t i = 0; i < r->nins; i++) {
		struct in_pipe *p = &r->ins[i];
		if (p->done == p->nwords)
			continue;
		if (sluice_pipe_write(r->mod, p->name, p->data + p->done * p->vt.size, p->vt.size))
			return API_FAILED("writing word %zu of %zu to pipe '%s'", p->done + 1,
					  p->nwords, p->name);
		p->done++;
		return 0;
	}
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		if (!p->counted || p->got >= p->count)
			continue;
		if (sluice_pipe_read(r->mod, p->name, p->buf, p->vt.size))
			return API_FAILED("reading word %llu of %llu from pipe '%s'",
					  (unsigned long long)p->got + 1,
					  (unsigned long long)p->count, p->name);
		return emit(p, p->buf, 1);
	}
	for (size_t i = 0; i < r->nkerns; i++) {
		struct kern *k = &r->kerns[i];
		if (!k->outstanding)
			continue;
		if (sluice_kernel_wait(r->mod, k->info.name, SLUICE_FOREVER))
			return API_FAILED("waiting for kernel '%s'", k->info.name);
		k->outstanding = 0;
		return 0;
	}
	return 0;
}

static int cycle_limit(struct run *r, uint64_t quiet)
{
	char msg[2000];
	size_t n = 0;
#define ADD(...)                                                                         \
	do {                                                                             \
		if (n < sizeof msg)                                                      \
			n += (size_t)snprintf(msg + n, sizeof msg - n, __VA_ARGS__);     \
	} while (0)
	for (size_t i = 0; i < r->nins; i++)
		if (r->ins[i].done < r->ins[i].nwords)
			ADD("; pipe '%s' has %zu of its %zu words left to write", r->ins[i].name,
			    r->ins[i].nwords - r->ins[i].done, r->ins[i].nwords);
	for (size_t i = r->next_start; i < r->nstarts; i++)
		ADD("; --start %s (the %zuth) has not been issued", r->starts[i].kernel, i + 1);
	for (size_t i = 0; i < r->nkerns; i++)
		if (r->kerns[i].outstanding)
			ADD("; kernel '%s' is still running", r->kerns[i].info.name);
	for (size_t i = 0; i < r->nouts; i++)
		if (r->outs[i].counted && r->outs[i].got < r->outs[i].count)
			ADD("; pipe '%s' has delivered %llu of the %llu words asked for",
			    r->outs[i].name, (unsigned long long)r->outs[i].got,
			    (unsigned long long)r->outs[i].count);
	if (!n)
		ADD("; the outputs were still moving (last %llu cycles ago, --idle is %llu)",
		    (unsigned long long)quiet, (unsigned long long)r->idle);
#undef ADD
	return FAILED("the run did not end within %llu cycles (--cycles)%s",
		      (unsigned long long)r->max_cycles, msg);
}

static int run_loop(struct run *r)
{
	const char *env = getenv("SLUICE_DEADLOCK_CYCLES");
	uint64_t window = DEFAULT_DEADLOCK, last_progress = 0, last_event = 0, before = 0;
	bool fed = r->nins == 0 && r->nstarts == 0;
	uint64_t idle = r->idle;
	if (env && *env && !parse_count(env, &window))
		window = DEFAULT_DEADLOCK;
	if (!r->sim_cycles) {
		/* a board: cycles are estimated from the clock, words take the
		 * link's latency, and libsluice's deadlock window is not in cycles */
		window = 0;
		if (idle < r->hz / 5)
			idle = r->hz / 5;
	}

	for (;;) {
		bool moved = false, out_moved = false, returned = false, open;
		int rc;
		if ((rc = issue_starts(r, &moved)))
			return rc;
		/* inputs between outputs: a call that finds an output empty runs
		 * the simulator a while, and the kernels must not starve meanwhile */
		for (size_t i = 0; i < r->nouts; i++) {
			for (size_t j = 0; j < r->nins; j++)
				if ((rc = feed(r, &r->ins[j], &moved)))
					return rc;
			if ((rc = drain(r, &r->outs[i], &out_moved)))
				return rc;
		}
		for (size_t i = 0; i < r->nins; i++)
			if ((rc = feed(r, &r->ins[i], &moved)))
				return rc;
		uint64_t now = now_cycles(r);
		/* nothing above ran the simulator: a look at the kernels does */
		if ((rc = poll_kernels(r, now == before, &returned)))
			return rc;
		now = before = r->cycles;
		if (!fed && inputs_done(r)) {
			fed = true;
			last_event = now;
		}
		if (out_moved || returned)
			last_event = now;
		if (moved || out_moved || returned)
			last_progress = now;

		bool done = fed && kernels_done(r) && counts_done(r, &open);
		if (done && (!open || now - last_event >= idle))
			return 0;
		if (now >= r->max_cycles)
			return cycle_limit(r, now - last_event);
		if (window && now - last_progress >= window) {
			if ((rc = block_on_pending(r)))
				return rc;
			last_progress = now_cycles(r);
		}
	}
}

static void summary(struct run *r, int status, double secs)
{
	const char *how = r->sim_cycles ? "" : " (estimated from the clock)";
	fprintf(stderr, "sluice: %s %s %s %llu cycles%s in %.2f s (%.2f M cycles/s)\n",
		status ? "stopped" : "ran", r->module, status ? "after" : "for",
		(unsigned long long)r->cycles, how, secs,
		secs > 0 ? (double)r->cycles / secs / 1e6 : 0.0);
	for (size_t i = 0; i < r->nins; i++) {
		const struct in_pipe *p = &r->ins[i];
		fprintf(stderr, "  pipe   %-12s h2d  %10zu words written from %s", p->name, p->done,
			file_name(p->file));
		if (p->done < p->nwords)
			fprintf(stderr, " (%zu left)", p->nwords - p->done);
		fputc('\n', stderr);
	}
	for (size_t i = 0; i < r->nouts; i++) {
		const struct out_pipe *p = &r->outs[i];
		fprintf(stderr, "  pipe   %-12s d2h  %10llu words read", p->name,
			(unsigned long long)p->got);
		if (p->file)
			fprintf(stderr, " to %s", strcmp(p->file, "-") ? p->file : "<stdout>");
		else
			fprintf(stderr, " and dropped");
		if (p->counted && p->got < p->count)
			fprintf(stderr, " (%llu asked for)", (unsigned long long)p->count);
		fputc('\n', stderr);
	}
	for (size_t i = 0; i < r->nkerns; i++) {
		const struct kern *k = &r->kerns[i];
		if (k->info.autorun)
			fprintf(stderr, "  kernel %-12s autorun\n", k->info.name);
		else if (k->starts)
			fprintf(stderr, "  kernel %-12s started %u time%s, %s\n", k->info.name,
				k->starts, k->starts == 1 ? "" : "s",
				k->outstanding ? "still running" : "returned");
		else
			fprintf(stderr, "  kernel %-12s not started\n", k->info.name);
	}
}

/* After a failed run: kernels that may wait on an h2d pipe no --in feeds. */
static void note_missing_inputs(struct run *r)
{
	struct sluice_pipe_info pi;
	for (size_t i = 0; !sluice_module_pipe(r->mod, i, &pi); i++) {
		bool fed = false, waits = false;
		if (!pi.host || !pi.host_writes || !pi.reader)
			continue;
		for (size_t j = 0; j < r->nins; j++)
			fed |= !strcmp(r->ins[j].name, pi.name);
		for (size_t k = 0; k < r->nkerns; k++)
			waits |= !strcmp(r->kerns[k].info.name, pi.reader) && r->kerns[k].outstanding;
		if (!fed && waits)
			fprintf(stderr, "sluice: note: kernel '%s' reads host pipe '%s', which no --in "
				"feeds\n", pi.reader, pi.name);
	}
}

/* A pipe read with :COUNT that has more words: worth a note. */
static void note_extra_words(struct run *r)
{
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		bool ok = false;
		if (p->counted && !sluice_pipe_read_nb(r->mod, p->name, p->buf, p->vt.size, &ok) && ok)
			fprintf(stderr, "sluice: note: pipe '%s' has more words than the %llu asked "
				"for\n", p->name, (unsigned long long)p->count);
	}
}

static int close_outputs(struct run *r, int status)
{
	for (size_t i = 0; i < r->nouts; i++) {
		struct out_pipe *p = &r->outs[i];
		if (!p->f)
			continue;
		bool bad = p->f == stdout ? fflush(p->f) || ferror(p->f) : fclose(p->f) != 0;
		if (bad && !status)
			status = FAILED("writing '%s': %s", p->file, strerror(errno));
		p->f = NULL;
	}
	return status;
}

int cmd_run(int argc, char **argv)
{
	struct run r = {0};
	int rc = parse_args(&r, argc, argv);
	if (rc)
		goto out;
	if (r.trace && setenv("SLUICE_TRACE", r.trace, 1)) {
		rc = FAILED("cannot set SLUICE_TRACE: %s", strerror(errno));
		goto out;
	}
	if (sluice_device_open(&r.dev, r.device)) {
		const char *env = getenv("SLUICE_DEVICE");
		rc = API_FAILED("opening device '%s'",
				r.device ? r.device : env && *env ? env : "sim");
		goto out;
	}
	if (sluice_module_load(r.dev, r.module, &r.mod)) {
		rc = API_FAILED("loading '%s'", r.module);
		goto out;
	}
	if ((rc = resolve(&r)) || (rc = open_files(&r)))
		goto out;
	sluice_device_info(r.dev, SLUICE_INFO_CLOCK_HZ, &r.hz, sizeof r.hz);
	if (!r.hz)
		r.hz = 100000000;
	r.sim_cycles = !sluice_device_info(r.dev, SLUICE_INFO_SIM_CYCLES, &r.c0, sizeof r.c0);
	r.t0 = now_s();
	rc = run_loop(&r);
	if (rc)
		note_missing_inputs(&r);
	else if (!r.quiet)
		note_extra_words(&r);
	now_cycles(&r);
	rc = close_outputs(&r, rc);
	if (!r.quiet)
		summary(&r, rc, now_s() - r.t0);
out:
	rc = close_outputs(&r, rc);
	sluice_module_close(r.mod);
	sluice_device_close(r.dev);
	for (size_t i = 0; i < r.nins; i++)
		free(r.ins[i].data);
	for (size_t i = 0; i < r.nouts; i++)
		free(r.outs[i].buf);
	for (size_t i = 0; i < r.nstarts; i++)
		free(r.starts[i].buf);
	free(r.ins);
	free(r.outs);
	free(r.starts);
	free(r.kerns);
	return rc < 0 ? 0 : rc;
}
