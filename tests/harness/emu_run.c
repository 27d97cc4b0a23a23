/*
 * emu_run.c -- `sluice-emu`: runs the kernels of a kernel object on the CPU
 * (with the emulation library of runtime/emu/) from a plan file and prints
 * what came out.  The test harness (tests/harness/cpu.py) builds it and
 * uses it to compute the reference output.
 *
 *   sluice-emu --list K.so          one line per pipe:
 *                                   pipe NAME SIZE MINCAP KIND DIR TYPE
 *   sluice-emu [--timeout MS] K.so PLAN
 *
 * PLAN, one directive per line ('#' starts a comment):
 *   autorun KERNEL           start an autorun kernel
 *   start KERNEL [ARG...]    queue an invocation (ARG: C value as a decimal
 *                            or 0x-hex integer, already fitted to the type)
 *   input PIPE HEX           one word for a pipe into the design (hex of
 *                            the word's value: byte 0 is the last two digits)
 *   expect PIPE N            take N words from a pipe out of the design
 *   hold PIPE                do not read PIPE until every queued invocation
 *                            of every started kernel has returned
 *   buffer NAME FILE         a buffer of device memory holding FILE's bytes
 *                            (64-byte aligned, padded with zeros to 8 bytes);
 *                            a start ARG `@NAME` passes its address
 *
 * Output: `out PIPE INDEX HEX` per word taken, `done KERNEL N` per started
 * kernel, `buffer NAME HEX` per buffer after the run (its bytes, byte 0
 * first), `extra PIPE HEX` for words the design offered beyond the
 * expectation (after it went quiet), `left PIPE N` for input words it never
 * took, then `end ok`, `end deadlock`, `end timeout` or `end error`, with
 * the report as `# ` lines.  Exit status 0 for ok, 1 otherwise, 2 for usage
 * and load errors.
 */
#include <sluice.h>
#include <sluice/emu.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct stream {
	char name[128];
	const struct sluice_emu_pipe *pipe;
	unsigned char *words; /* n * size bytes (inputs) */
	unsigned n, cap, pos; /* inputs: words, sent; outputs: expected, taken */
	int hold;
};

struct buffer {
	char name[128];
	unsigned char *bytes;
	size_t n;
};

struct plan {
	struct stream in[64], out[64];
	unsigned nin, nout;
	struct buffer buf[64];
	unsigned nbuf;
	char started[64][128];
	unsigned nstarted;
};

static void print_hex(FILE *f, const unsigned char *w, unsigned size)
{
	for (unsigned i = size; i-- > 0;)
		fprintf(f, "%02x", w[i]);
}

/* Parses hex digits (optional 0x, '_' ignored) into a little-endian word. */
static int parse_hex(const char *s, unsigned char *w, unsigned size)
{
	memset(w, 0, size);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	size_t len = strlen(s);
	unsigned nib = 0;
	for (size_t i = len; i-- > 0;) {
		int c = (unsigned char)s[i], v;
		if (c == '_')
			continue;
		if (!isxdigit(c))
			return -1;
		v = isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
		if (nib / 2 >= size) {
			if (v)
				return -1;
			continue;
		}
		w[nib / 2] |= (unsigned char)(v << (4 * (nib % 2)));
		nib++;
	}
	return nib ? 0 : -1;
}

static struct stream *stream_get(struct stream *arr, unsigned *n,
				 const char *name, const struct sluice_emu_pipe *p)
{
	for (unsigned i = 0; i < *n; i++)
		if (!strcmp(arr[i].name, name))
			return &arr[i];
	if (*n == 64)
		return NULL;
	struct stream *s = &arr[(*n)++];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->pipe = p;
	return s;
}

static int plan_error(const char *path, unsigned line, const char *msg,
		      const char *arg)
{
	fprintf(stderr, "%s:%u: error: %s%s%s\n", path, line, msg,
		arg ? ": " : "", arg ? arg : "");
	return -1;
}

static int read_plan(struct sluice_emu *emu, const char *path, struct plan *pl)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "sluice-emu: error: cannot open '%s': %s\n", path,
			strerror(errno));
		return -1;
	}
	char buf[4096];
	unsigned line = 0;
	int rc = 0;
	while (!rc && fgets(buf, sizeof buf, f)) {
		line++;
		char *hash = strchr(buf, '#');
		if (hash)
			*hash = 0;
		char *tok[2 + SLUICE_EMU_MAX_ARGS + 1], *save = NULL;
		unsigned nt = 0;
		for (char *t = strtok_r(buf, " \t\r\n", &save);
		     t && nt < sizeof tok / sizeof *tok;
		     t = strtok_r(NULL, " \t\r\n", &save))
			tok[nt++] = t;
		if (!nt)
			continue;
		const char *d = tok[0];
		if (!strcmp(d, "autorun") && nt == 2) {
			if (sluice_emu_autorun(emu, tok[1]))
				rc = plan_error(path, line, sluice_emu_message(emu), NULL);
		} else if (!strcmp(d, "start") && nt >= 2) {
			int64_t args[SLUICE_EMU_MAX_ARGS];
			if (nt - 2 > SLUICE_EMU_MAX_ARGS) {
				rc = plan_error(path, line, "too many arguments", NULL);
				break;
			}
			for (unsigned i = 2; i < nt; i++) {
				char *end = "";
				errno = 0;
				if (tok[i][0] == '@') { /* a buffer's address */
					unsigned b = 0;
					while (b < pl->nbuf && strcmp(pl->buf[b].name, tok[i] + 1))
						b++;
					if (b == pl->nbuf)
						rc = plan_error(path, line, "no such buffer", tok[i]);
					else
						args[i - 2] = (int64_t)(uintptr_t)pl->buf[b].bytes;
					continue;
				}
				args[i - 2] = tok[i][0] == '-' ? strtoll(tok[i], &end, 0)
							       : (int64_t)strtoull(tok[i], &end, 0);
				if (*end || errno)
					rc = plan_error(path, line, "bad argument", tok[i]);
			}
			if (!rc && sluice_emu_start(emu, tok[1], args, nt - 2))
				rc = plan_error(path, line, sluice_emu_message(emu), NULL);
			unsigned i = 0;
			while (i < pl->nstarted && strcmp(pl->started[i], tok[1]))
				i++;
			if (!rc && i == pl->nstarted && pl->nstarted < 64)
				snprintf(pl->started[pl->nstarted++], 128, "%s", tok[1]);
		} else if (!strcmp(d, "buffer") && nt == 3 && pl->nbuf < 64) {
			struct buffer *b = &pl->buf[pl->nbuf++];
			snprintf(b->name, sizeof b->name, "%s", tok[1]);
			FILE *bf = fopen(tok[2], "rb");
			long len = bf && !fseek(bf, 0, SEEK_END) ? ftell(bf) : -1;
			size_t cap = len >= 0 ? ((size_t)len + 7) / 8 * 8 : 0;
			b->bytes = cap ? aligned_alloc(64, (cap + 63) / 64 * 64) : NULL;
			if (len < 0 || (cap && !b->bytes)) {
				rc = plan_error(path, line, "cannot read the buffer's file", tok[2]);
			} else {
				if (cap)
					memset(b->bytes, 0, cap);
				rewind(bf);
				if (len && fread(b->bytes, 1, (size_t)len, bf) != (size_t)len)
					rc = plan_error(path, line, "cannot read the buffer's file", tok[2]);
				b->n = cap;
			}
			if (bf)
				fclose(bf);
		} else if ((!strcmp(d, "input") && nt == 3) ||
			   ((!strcmp(d, "expect") && nt == 3) ||
			    (!strcmp(d, "hold") && nt == 2))) {
			const struct sluice_emu_pipe *p = sluice_emu_pipe_find(emu, tok[1]);
			int in = !strcmp(d, "input");
			if (!p) {
				rc = plan_error(path, line, "no such pipe in the kernel object", tok[1]);
				break;
			}
			struct stream *s = in ? stream_get(pl->in, &pl->nin, tok[1], p)
					      : stream_get(pl->out, &pl->nout, tok[1], p);
			if (!s) {
				rc = plan_error(path, line, "too many pipes", NULL);
			} else if (!strcmp(d, "hold")) {
				s->hold = 1;
			} else if (!in) {
				char *end;
				s->n = (unsigned)strtoul(tok[2], &end, 10);
				if (*end)
					rc = plan_error(path, line, "bad count", tok[2]);
			} else {
				if (s->n == s->cap) {
					s->cap = s->cap ? 2 * s->cap : 64;
					s->words = realloc(s->words, (size_t)s->cap * p->size);
					if (!s->words) {
						rc = plan_error(path, line, "out of memory", NULL);
						break;
					}
				}
				if (parse_hex(tok[2], s->words + (size_t)s->n * p->size, p->size))
					rc = plan_error(path, line, "bad word for the pipe's width", tok[2]);
				s->n++;
			}
		} else {
			rc = plan_error(path, line, "unknown or malformed directive", d);
		}
	}
	fclose(f);
	return rc;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int all_started_done(struct sluice_emu *emu, const struct plan *pl)
{
	for (unsigned i = 0; i < pl->nstarted; i++) {
		unsigned s, d;
		sluice_emu_kernel_counts(emu, pl->started[i], &s, &d);
		if (d < s)
			return 0;
	}
	return 1;
}

static void print_report(const char *text)
{
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		printf("# %.*s\n", (int)n, p);
		p += n + (nl ? 1 : 0);
	}
}

/* Feeds and drains until every expectation is met; returns 0 (ok) or the
 * emulator status that ended the run. */
static int run(struct sluice_emu *emu, struct plan *pl, int timeout_ms)
{
	double deadline = now_ms() + timeout_ms;
	unsigned char word[4096];
	for (;;) {
		unsigned long seen = sluice_emu_events(emu);
		int progress = 0;
		bool ok;
		for (unsigned i = 0; i < pl->nin; i++) {
			struct stream *s = &pl->in[i];
			while (s->pos < s->n) {
				sluice_emu_write_nb(emu, s->name,
						    s->words + (size_t)s->pos * s->pipe->size,
						    s->pipe->size, &ok);
				if (!ok)
					break;
				s->pos++;
				progress = 1;
			}
		}
		int started_done = all_started_done(emu, pl);
		int complete = started_done;
		for (unsigned i = 0; i < pl->nout; i++) {
			struct stream *s = &pl->out[i];
			while (s->pos < s->n && (!s->hold || started_done)) {
				sluice_emu_read_nb(emu, s->name, word, s->pipe->size, &ok);
				if (!ok)
					break;
				printf("out %s %u ", s->name, s->pos);
				print_hex(stdout, word, s->pipe->size);
				printf("\n");
				s->pos++;
				progress = 1;
			}
			if (s->pos < s->n)
				complete = 0;
		}
		if (complete)
			return 0;
		if (progress)
			continue;
		int left = (int)(deadline - now_ms());
		if (left <= 0)
			left = 0;
		int rc = sluice_emu_wait_event(emu, seen, left);
		if (rc)
			return rc;
	}
}

static int list(struct sluice_emu *emu)
{
	static const char *const kinds[] = {"kernel", "host", "io"};
	static const char *const dirs[] = {"none", "h2d", "d2h", "in", "out"};
	for (unsigned i = 0; i < sluice_emu_pipe_count(emu); i++) {
		const struct sluice_emu_pipe *p = sluice_emu_pipe_at(emu, i);
		printf("pipe %s %u %d %s %s %s\n", p->name, p->size, p->min_capacity,
		       p->kind >= 0 && p->kind <= 2 ? kinds[p->kind] : "?",
		       p->dir >= 0 && p->dir <= 4 ? dirs[p->dir] : "?", p->type);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int timeout_ms = 10000, listing = 0, i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--list"))
			listing = 1;
		else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
			timeout_ms = atoi(argv[++i]);
		else
			break;
	}
	if (argc - i != (listing ? 1 : 2)) {
		fputs("usage: sluice-emu --list K.so\n"
		      "       sluice-emu [--timeout MS] K.so PLAN\n",
		      stderr);
		return 2;
	}
	struct sluice_emu *emu;
	if (sluice_emu_create(&emu)) {
		fputs("sluice-emu: error: out of memory\n", stderr);
		return 2;
	}
	if (sluice_emu_load(emu, argv[i])) {
		fprintf(stderr, "sluice-emu: error: %s\n", sluice_emu_message(emu));
		sluice_emu_destroy(emu);
		return 2;
	}
	if (listing) {
		list(emu);
		sluice_emu_destroy(emu);
		return 0;
	}
	static struct plan pl;
	if (read_plan(emu, argv[i + 1], &pl)) {
		printf("end error\n");
		fflush(stdout);
		sluice_emu_destroy(emu);
		return 2;
	}
	int rc = run(emu, &pl, timeout_ms);
	for (unsigned k = 0; k < pl.nstarted; k++) {
		unsigned s, d;
		sluice_emu_kernel_counts(emu, pl.started[k], &s, &d);
		printf("done %s %u\n", pl.started[k], d);
	}
	for (unsigned k = 0; k < pl.nin; k++)
		if (pl.in[k].pos < pl.in[k].n)
			printf("left %s %u\n", pl.in[k].name, pl.in[k].n - pl.in[k].pos);
	for (unsigned b = 0; !rc && b < pl.nbuf; b++) {
		printf("buffer %s ", pl.buf[b].name);
		for (size_t i = 0; i < pl.buf[b].n; i++)
			printf("%02x", pl.buf[b].bytes[i]);
		printf("\n");
	}
	if (!rc && sluice_emu_quiesce(emu, 300) == SLUICE_EMU_OK) {
		/* the design went quiet: anything still offered is extra */
		unsigned char word[4096];
		for (unsigned k = 0; k < sluice_emu_pipe_count(emu); k++) {
			const struct sluice_emu_pipe *p = sluice_emu_pipe_at(emu, k);
			if (p->dir != SLUICE_D2H && p->dir != SLUICE_IO_OUT)
				continue;
			bool ok = true;
			for (unsigned n = 0; ok && n < 16; n++) {
				sluice_emu_read_nb(emu, p->name, word, p->size, &ok);
				if (ok) {
					printf("extra %s ", p->name);
					print_hex(stdout, word, p->size);
					printf("\n");
				}
			}
		}
	}
	printf("end %s\n", rc == 0			  ? "ok" :
			   rc == SLUICE_EMU_E_DEADLOCK ? "deadlock" :
			   rc == SLUICE_EMU_E_TIMEOUT  ? "timeout" :
							 "error");
	if (rc) {
		print_report(sluice_emu_message(emu));
		for (unsigned k = 0; k < pl.nin; k++)
			printf("#   host: sent %u of %u words into '%s'\n", pl.in[k].pos,
			       pl.in[k].n, pl.in[k].name);
		for (unsigned k = 0; k < pl.nout; k++)
			printf("#   host: took %u of %u words from '%s'%s\n",
			       pl.out[k].pos, pl.out[k].n, pl.out[k].name,
			       pl.out[k].hold ? " (held until the started kernels finish)" : "");
	}
	fflush(stdout);
	/* kernels may be blocked for good: do not wait for them to end */
	if (rc) {
		fflush(stderr);
		_Exit(1);
	}
	sluice_emu_destroy(emu);
	return 0;
}
