/*
 * sluice_emu.c -- the CPU emulator's core: pipe queues, agents, exact
 * deadlock detection, and the host-side API of <sluice/emu.h>.
 *
 * Guarantees: a pipe is a FIFO of capacity max(MinCapacity, 1) words;
 * blocking operations wait on per-agent condition variables and are woken
 * by the agent that makes them possible; a deadlock is reported exactly
 * when every agent (host included) is blocked or idle; no function prints
 * or exits.
 */
#define _GNU_SOURCE
#include "emu_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int fail(struct sluice_emu *emu, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct sluice_emu *emu, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(emu->msg, sizeof emu->msg, fmt, ap);
	va_end(ap);
	return code;
}

static int cond_init(pthread_cond_t *cv)
{
	pthread_condattr_t at;
	if (pthread_condattr_init(&at))
		return -1;
	pthread_condattr_setclock(&at, CLOCK_MONOTONIC);
	int rc = pthread_cond_init(cv, &at);
	pthread_condattr_destroy(&at);
	return rc ? -1 : 0;
}

int sluice_emu_create(struct sluice_emu **out)
{
	struct sluice_emu *emu = calloc(1, sizeof *emu);
	if (!emu)
		return SLUICE_EMU_E_NOMEM;
	if (pthread_mutex_init(&emu->mu, NULL) || cond_init(&emu->host.cv)) {
		free(emu);
		return SLUICE_EMU_E_NOMEM;
	}
	emu->host.emu = emu;
	emu->host.name = "host";
	emu->host.kind = AG_HOST;
	emu->host.state = AS_RUNNING;
	emu->running = 1;
	*out = emu;
	return SLUICE_EMU_OK;
}

const char *sluice_emu_message(const struct sluice_emu *emu)
{
	return emu->msg;
}

/* ---- queues ------------------------------------------------------------ */

struct emu_queue *emu_queue_find(struct sluice_emu *emu, const char *name)
{
	for (unsigned i = 0; i < emu->npipes; i++)
		if (!strcmp(emu->pipes[i]->pub.name, name))
			return emu->pipes[i];
	return NULL;
}

struct emu_queue *emu_queue_add(struct sluice_emu *emu,
				const struct sluice_pipe_desc *d)
{
	struct emu_queue *q = emu_queue_find(emu, d->name);
	if (q) {
		const struct sluice_emu_pipe *p = &q->pub;
		if (p->size != d->size || p->min_capacity != d->min_capacity ||
		    p->kind != d->kind || p->dir != d->dir) {
			fail(emu, SLUICE_EMU_E_LOAD,
			     "pipe '%s' is declared twice with different types: "
			     "%s (%u bytes), MinCapacity %d, kind %d, dir %d and "
			     "%s (%u bytes), MinCapacity %d, kind %d, dir %d",
			     d->name, p->type, p->size, p->min_capacity, p->kind,
			     p->dir, d->type, d->size, d->min_capacity, d->kind,
			     d->dir);
			return NULL;
		}
		return q;
	}
	if (d->size == 0 || d->min_capacity < 0) {
		fail(emu, SLUICE_EMU_E_LOAD, "pipe '%s': bad descriptor", d->name);
		return NULL;
	}
	if (emu->npipes == emu->cappipes) {
		unsigned cap = emu->cappipes ? 2 * emu->cappipes : 16;
		void *n = realloc(emu->pipes, cap * sizeof *emu->pipes);
		if (!n)
			goto nomem;
		emu->pipes = n;
		emu->cappipes = cap;
	}
	q = calloc(1, sizeof *q);
	if (!q)
		goto nomem;
	q->pub.name = strdup(d->name);
	q->pub.type = strdup(d->type ? d->type : "?");
	q->pub.size = d->size;
	q->pub.min_capacity = d->min_capacity;
	q->pub.kind = d->kind;
	q->pub.dir = d->dir;
	q->pub.capacity = d->min_capacity > 0 ? (unsigned)d->min_capacity : 1;
	q->buf = malloc((size_t)q->pub.capacity * d->size);
	if (!q->pub.name || !q->pub.type || !q->buf) {
		free((void *)q->pub.name);
		free((void *)q->pub.type);
		free(q->buf);
		free(q);
		goto nomem;
	}
	emu->pipes[emu->npipes++] = q;
	return q;
nomem:
	fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
	return NULL;
}

void emu_queue_push(struct emu_queue *q, const void *data)
{
	unsigned slot = (q->head + q->count) % q->pub.capacity;
	memcpy(q->buf + (size_t)slot * q->pub.size, data, q->pub.size);
	q->count++;
	q->pushed++;
}

void emu_queue_pop(struct emu_queue *q, void *data)
{
	memcpy(data, q->buf + (size_t)q->head * q->pub.size, q->pub.size);
	q->head = (q->head + 1) % q->pub.capacity;
	q->count--;
	q->popped++;
}

unsigned sluice_emu_pipe_count(const struct sluice_emu *emu)
{
	return emu->npipes;
}

const struct sluice_emu_pipe *sluice_emu_pipe_at(const struct sluice_emu *emu,
						 unsigned i)
{
	return i < emu->npipes ? &emu->pipes[i]->pub : NULL;
}

const struct sluice_emu_pipe *sluice_emu_pipe_find(const struct sluice_emu *emu,
						   const char *name)
{
	for (unsigned i = 0; i < emu->npipes; i++)
		if (!strcmp(emu->pipes[i]->pub.name, name))
			return &emu->pipes[i]->pub;
	return NULL;
}

/* ---- agents ------------------------------------------------------------ */

void emu_agent_wake(struct sluice_emu *emu, struct emu_agent *a)
{
	if (a->state == AS_RUNNING)
		return;
	a->state = AS_RUNNING;
	a->wait = W_NONE;
	a->wq = NULL;
	a->wk = NULL;
	emu->running++;
	pthread_cond_signal(&a->cv);
}

void emu_event(struct sluice_emu *emu)
{
	emu->events++;
	if (emu->host.state != AS_RUNNING && emu->host.wait == W_EVENT)
		emu_agent_wake(emu, &emu->host);
}

void emu_moved(struct sluice_emu *emu, struct emu_queue *q, int pushed)
{
	enum agent_wait w = pushed ? W_READ : W_WRITE;
	for (unsigned i = 0; i < emu->nkernels; i++) {
		struct emu_agent *a = emu->kernels[i];
		if (a->state == AS_BLOCKED && a->wait == w && a->wq == q)
			emu_agent_wake(emu, a);
	}
	if (emu->host.state == AS_BLOCKED && emu->host.wait == w &&
	    emu->host.wq == q)
		emu_agent_wake(emu, &emu->host);
	emu_event(emu);
}

static const char *kind_name(int kind)
{
	return kind == SLUICE_KIND_HOST ? "host" :
	       kind == SLUICE_KIND_IO	? "I/O" :
					  "kernel";
}

static size_t describe(const struct sluice_emu *emu, const struct emu_agent *a,
		       char *buf, size_t n)
{
	const struct emu_queue *q = a->wq;
	if (a->kind == AG_HOST) {
		switch (a->wait) {
		case W_READ:
			return snprintf(buf, n, "host: waits to read %s pipe '%s' (empty)",
					kind_name(q->pub.kind), q->pub.name);
		case W_WRITE:
			return snprintf(buf, n, "host: waits to write %s pipe '%s' (full, %u of %u words)",
					kind_name(q->pub.kind), q->pub.name,
					q->count, q->pub.capacity);
		case W_KERNEL:
			return snprintf(buf, n, "host: waits for kernel '%s' to finish",
					a->wk->name);
		case W_EVENT:
			return snprintf(buf, n, "host: has nothing to send or take, waits for any pipe activity");
		case W_QUIET:
			return snprintf(buf, n, "host: waits for the kernels to block");
		default:
			return snprintf(buf, n, "host: running");
		}
	}
	char who[256];
	if (a->kind == AG_AUTORUN)
		snprintf(who, sizeof who, "kernel '%s' (autorun, call %lu)",
			 a->name, __atomic_load_n(&a->calls, __ATOMIC_RELAXED) + 1);
	else if (a->next > a->done)
		snprintf(who, sizeof who, "kernel '%s' (started, invocation %u of %u)",
			 a->name, a->next, a->ninv);
	else
		snprintf(who, sizeof who, "kernel '%s' (started, %u invocations done)",
			 a->name, a->done);
	switch (a->wait) {
	case W_READ:
		return snprintf(buf, n, "%s: blocked reading %s pipe '%s' (empty)",
				who, kind_name(q->pub.kind), q->pub.name);
	case W_WRITE:
		return snprintf(buf, n, "%s: blocked writing %s pipe '%s' (full, %u of %u words)",
				who, kind_name(q->pub.kind), q->pub.name, q->count,
				q->pub.capacity);
	case W_START:
		return snprintf(buf, n, "%s: idle, waits for a start", who);
	case W_FAILED:
		return snprintf(buf, n, "%s: stopped: %s", who, emu->kerr);
	default:
		return snprintf(buf, n, "%s: running", who);
	}
}

static size_t report_locked(const struct sluice_emu *emu, char *buf, size_t n)
{
	size_t len = 0;
	char line[2048];
	for (unsigned i = 0; i < emu->nkernels; i++) {
		describe(emu, emu->kernels[i], line, sizeof line);
		len += snprintf(n > len ? buf + len : NULL, n > len ? n - len : 0,
				"  %s\n", line);
	}
	describe(emu, &emu->host, line, sizeof line);
	len += snprintf(n > len ? buf + len : NULL, n > len ? n - len : 0,
			"  %s\n", line);
	return len;
}

size_t sluice_emu_report(const struct sluice_emu *emu, char *buf, size_t n)
{
	pthread_mutex_lock((pthread_mutex_t *)&emu->mu);
	size_t len = report_locked(emu, buf, n);
	pthread_mutex_unlock((pthread_mutex_t *)&emu->mu);
	return len;
}

void emu_agent_block(struct sluice_emu *emu, struct emu_agent *a,
		     enum agent_state st, enum agent_wait wait,
		     struct emu_queue *q)
{
	if (a->state == AS_RUNNING)
		emu->running--;
	a->state = st;
	a->wait = wait;
	a->wq = q;
	if (emu->running || emu->stopping)
		return;
	/* nobody can move: the host is in a blocking call */
	struct emu_agent *h = &emu->host;
	if (h->wait == W_QUIET) {
		h->woke = SLUICE_EMU_OK;
	} else {
		size_t len = snprintf(emu->msg, sizeof emu->msg,
				      "deadlock: every kernel is blocked and the host waits\n");
		if (len < sizeof emu->msg)
			report_locked(emu, emu->msg + len, sizeof emu->msg - len);
		h->woke = SLUICE_EMU_E_DEADLOCK;
	}
	emu_agent_wake(emu, h);
}

/* Blocks the host on `wait` until woken or the deadline; returns OK when
 * woken by progress, or E_DEADLOCK / E_TIMEOUT (host running again). */
static int host_block(struct sluice_emu *emu, enum agent_wait wait,
		      struct emu_queue *q, struct emu_agent *wk,
		      const struct timespec *deadline)
{
	struct emu_agent *h = &emu->host;
	h->woke = SLUICE_EMU_OK;
	h->wk = wk;
	emu_agent_block(emu, h, AS_BLOCKED, wait, q);
	while (h->state != AS_RUNNING) {
		int rc = deadline ? pthread_cond_timedwait(&h->cv, &emu->mu, deadline)
				  : pthread_cond_wait(&h->cv, &emu->mu);
		if (rc == ETIMEDOUT && h->state != AS_RUNNING) {
			size_t len = snprintf(emu->msg, sizeof emu->msg, "timeout\n");
			if (len < sizeof emu->msg)
				report_locked(emu, emu->msg + len, sizeof emu->msg - len);
			emu_agent_wake(emu, h);
			return SLUICE_EMU_E_TIMEOUT;
		}
	}
	return h->woke;
}

static struct timespec *deadline_of(struct timespec *ts, int timeout_ms)
{
	if (timeout_ms < 0)
		return NULL;
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += timeout_ms / 1000;
	ts->tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
	return ts;
}

/* ---- loading ----------------------------------------------------------- */

int sluice_emu_load(struct sluice_emu *emu, const char *so_path)
{
	if (emu->dl)
		return fail(emu, SLUICE_EMU_E_ARG, "an object is already loaded (%s)",
			    emu->path);
	/* a bare name would make dlopen search the library path */
	char local[4096];
	const char *open_path = so_path;
	if (!strchr(so_path, '/')) {
		snprintf(local, sizeof local, "./%s", so_path);
		open_path = local;
	}
	void *dl = dlopen(open_path, RTLD_NOW | RTLD_LOCAL);
	if (!dl)
		return fail(emu, SLUICE_EMU_E_LOAD, "cannot load '%s': %s", so_path,
			    dlerror());
	struct link_map *lm = NULL;
	if (dlinfo(dl, RTLD_DI_LINKMAP, &lm) || !lm) {
		dlclose(dl);
		return fail(emu, SLUICE_EMU_E_LOAD, "cannot find where '%s' is loaded",
			    so_path);
	}
	pthread_mutex_lock(&emu->mu);
	int rc = emu_elf_pipes(emu, so_path, (uintptr_t)lm->l_addr);
	pthread_mutex_unlock(&emu->mu);
	if (rc) {
		dlclose(dl);
		return SLUICE_EMU_E_LOAD;
	}
	emu->dl = dl;
	emu->path = strdup(so_path);
	return SLUICE_EMU_OK;
}

/* ---- kernels ----------------------------------------------------------- */

static struct emu_agent *kernel_find(const struct sluice_emu *emu,
				     const char *name)
{
	for (unsigned i = 0; i < emu->nkernels; i++)
		if (!strcmp(emu->kernels[i]->name, name))
			return emu->kernels[i];
	return NULL;
}

static int kernel_new(struct sluice_emu *emu, const char *name,
		      enum agent_kind kind, struct emu_agent **out)
{
	if (!emu->dl)
		return fail(emu, SLUICE_EMU_E_ARG, "no kernel object loaded");
	void *sym = dlsym(emu->dl, name);
	if (!sym)
		return fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' not found in '%s'",
			    name, emu->path);
	if (emu->nkernels == emu->capkernels) {
		unsigned cap = emu->capkernels ? 2 * emu->capkernels : 8;
		void *n = realloc(emu->kernels, cap * sizeof *emu->kernels);
		if (!n)
			return fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
		emu->kernels = n;
		emu->capkernels = cap;
	}
	struct emu_agent *a = calloc(1, sizeof *a);
	if (!a || !(a->name = strdup(name)) || cond_init(&a->cv)) {
		if (a)
			free(a->name);
		free(a);
		return fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
	}
	a->emu = emu;
	a->kind = kind;
	a->state = AS_RUNNING;
	memcpy(&a->fn, &sym, sizeof a->fn); /* object pointer -> function */
	emu->kernels[emu->nkernels++] = a;
	emu->running++;
	*out = a;
	return SLUICE_EMU_OK;
}

int sluice_emu_autorun(struct sluice_emu *emu, const char *kernel)
{
	pthread_mutex_lock(&emu->mu);
	struct emu_agent *a = kernel_find(emu, kernel);
	int rc;
	if (a)
		rc = fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' is already running",
			  kernel);
	else if (!(rc = kernel_new(emu, kernel, AG_AUTORUN, &a)))
		rc = emu_kernel_thread_start(emu, a);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_start(struct sluice_emu *emu, const char *kernel,
		     const int64_t *args, unsigned nargs)
{
	if (nargs > SLUICE_EMU_MAX_ARGS)
		return fail(emu, SLUICE_EMU_E_ARG, "kernel '%s': %u arguments, at most %d",
			    kernel, nargs, SLUICE_EMU_MAX_ARGS);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	struct emu_agent *a = kernel_find(emu, kernel);
	if (a && a->kind != AG_STARTED) {
		rc = fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' runs as an autorun kernel",
			  kernel);
		goto out;
	}
	int fresh = !a;
	if (fresh && (rc = kernel_new(emu, kernel, AG_STARTED, &a)))
		goto out;
	if (a->ninv == a->capinv) {
		unsigned cap = a->capinv ? 2 * a->capinv : 4;
		void *n = realloc(a->inv, cap * sizeof *a->inv);
		if (!n) {
			rc = fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
			goto out;
		}
		a->inv = n;
		a->capinv = cap;
	}
	struct emu_inv *inv = &a->inv[a->ninv++];
	memset(inv, 0, sizeof *inv);
	if (nargs)
		memcpy(inv->args, args, nargs * sizeof *args);
	if (fresh)
		rc = emu_kernel_thread_start(emu, a);
	else if (a->state == AS_IDLE)
		emu_agent_wake(emu, a);
out:
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_start_buffer(struct sluice_emu *emu, const char *kernel,
			    const void *args, size_t args_size,
			    const struct sluice_emu_param *params,
			    unsigned nparams)
{
	int64_t v[SLUICE_EMU_MAX_ARGS];
	if (nparams > SLUICE_EMU_MAX_ARGS)
		return fail(emu, SLUICE_EMU_E_ARG, "kernel '%s': %u parameters, at most %d",
			    kernel, nparams, SLUICE_EMU_MAX_ARGS);
	for (unsigned i = 0; i < nparams; i++) {
		const struct sluice_emu_param *p = &params[i];
		if (!(p->size == 1 || p->size == 2 || p->size == 4 || p->size == 8) ||
		    p->offset > args_size || p->size > args_size - p->offset)
			return fail(emu, SLUICE_EMU_E_ARG,
				    "kernel '%s': parameter %u (offset %u, size %u) does "
				    "not fit a %zu-byte argument buffer",
				    kernel, i, p->offset, p->size, args_size);
		const unsigned char *b = (const unsigned char *)args + p->offset;
		switch (p->size) {
		case 1: {
			uint8_t x;
			memcpy(&x, b, 1);
			v[i] = p->is_signed ? (int64_t)(int8_t)x : (int64_t)x;
			break;
		}
		case 2: {
			uint16_t x;
			memcpy(&x, b, 2);
			v[i] = p->is_signed ? (int64_t)(int16_t)x : (int64_t)x;
			break;
		}
		case 4: {
			uint32_t x;
			memcpy(&x, b, 4);
			v[i] = p->is_signed ? (int64_t)(int32_t)x : (int64_t)x;
			break;
		}
		default: {
			uint64_t x;
			memcpy(&x, b, 8);
			v[i] = (int64_t)x;
			break;
		}
		}
	}
	return sluice_emu_start(emu, kernel, v, nparams);
}

void sluice_emu_kernel_counts(const struct sluice_emu *emu, const char *kernel,
			      unsigned *started, unsigned *done)
{
	pthread_mutex_lock((pthread_mutex_t *)&emu->mu);
	const struct emu_agent *a = kernel_find(emu, kernel);
	*started = a ? a->ninv : 0;
	*done = a ? a->done : 0;
	pthread_mutex_unlock((pthread_mutex_t *)&emu->mu);
}

int sluice_emu_wait(struct sluice_emu *emu, const char *kernel, int timeout_ms)
{
	struct timespec ts, *dl = deadline_of(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	struct emu_agent *a = kernel_find(emu, kernel);
	int rc = SLUICE_EMU_OK;
	if (!a || a->kind != AG_STARTED)
		rc = fail(emu, SLUICE_EMU_E_ARG, "no started kernel '%s'", kernel);
	while (!rc && a->done < a->ninv)
		rc = host_block(emu, W_KERNEL, NULL, a, dl);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

unsigned long sluice_emu_events(const struct sluice_emu *emu)
{
	pthread_mutex_lock((pthread_mutex_t *)&emu->mu);
	unsigned long ev = emu->events;
	pthread_mutex_unlock((pthread_mutex_t *)&emu->mu);
	return ev;
}

int sluice_emu_wait_event(struct sluice_emu *emu, unsigned long seen,
			  int timeout_ms)
{
	struct timespec ts, *dl = deadline_of(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	while (!rc && emu->events == seen)
		rc = host_block(emu, W_EVENT, NULL, NULL, dl);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_quiesce(struct sluice_emu *emu, int timeout_ms)
{
	struct timespec ts, *dl = deadline_of(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	if (emu->running > 1)
		rc = host_block(emu, W_QUIET, NULL, NULL, dl);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

/* ---- host pipe operations ---------------------------------------------- */

static struct emu_queue *host_pipe(struct sluice_emu *emu, const char *name,
				   size_t size, int write, int *rc)
{
	struct emu_queue *q = emu_queue_find(emu, name);
	if (!q) {
		*rc = fail(emu, SLUICE_EMU_E_ARG, "no pipe '%s'", name);
		return NULL;
	}
	int into = q->pub.dir == SLUICE_H2D || q->pub.dir == SLUICE_IO_IN;
	int outof = q->pub.dir == SLUICE_D2H || q->pub.dir == SLUICE_IO_OUT;
	if (write ? !into : !outof) {
		*rc = fail(emu, SLUICE_EMU_E_ARG,
			   "the host cannot %s %s pipe '%s' (it goes %s the design)",
			   write ? "write" : "read", kind_name(q->pub.kind), name,
			   into ? "into" : outof ? "out of" : "between kernels of");
		return NULL;
	}
	if (size != q->pub.size) {
		*rc = fail(emu, SLUICE_EMU_E_ARG, "pipe '%s' carries %u-byte words, not %zu",
			   name, q->pub.size, size);
		return NULL;
	}
	*rc = SLUICE_EMU_OK;
	return q;
}

int sluice_emu_write(struct sluice_emu *emu, const char *pipe,
		     const void *data, size_t size, int timeout_ms)
{
	struct timespec ts, *dl = deadline_of(&ts, timeout_ms);
	int rc;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 1, &rc);
	while (q && !rc) {
		if (q->count < q->pub.capacity) {
			emu_queue_push(q, data);
			emu_moved(emu, q, 1);
			break;
		}
		rc = host_block(emu, W_WRITE, q, NULL, dl);
	}
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_read(struct sluice_emu *emu, const char *pipe, void *data,
		    size_t size, int timeout_ms)
{
	struct timespec ts, *dl = deadline_of(&ts, timeout_ms);
	int rc;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 0, &rc);
	while (q && !rc) {
		if (q->count) {
			emu_queue_pop(q, data);
			emu_moved(emu, q, 0);
			break;
		}
		rc = host_block(emu, W_READ, q, NULL, dl);
	}
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_write_nb(struct sluice_emu *emu, const char *pipe,
			const void *data, size_t size, bool *ok)
{
	int rc;
	*ok = false;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 1, &rc);
	if (q && q->count < q->pub.capacity) {
		emu_queue_push(q, data);
		emu_moved(emu, q, 1);
		*ok = true;
	}
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_read_nb(struct sluice_emu *emu, const char *pipe, void *data,
		       size_t size, bool *ok)
{
	int rc;
	*ok = false;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 0, &rc);
	if (q && q->count) {
		emu_queue_pop(q, data);
		emu_moved(emu, q, 0);
		*ok = true;
	}
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

/* ---- teardown ---------------------------------------------------------- */

void sluice_emu_destroy(struct sluice_emu *emu)
{
	if (!emu)
		return;
	pthread_mutex_lock(&emu->mu);
	__atomic_store_n(&emu->stopping, 1, __ATOMIC_SEQ_CST);
	for (unsigned i = 0; i < emu->nkernels; i++)
		pthread_cond_broadcast(&emu->kernels[i]->cv);
	pthread_mutex_unlock(&emu->mu);

	int leak = 0;
	for (unsigned i = 0; i < emu->nkernels; i++) {
		struct emu_agent *a = emu->kernels[i];
		if (!a->has_thread)
			continue;
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 2;
		if (pthread_timedjoin_np(a->thread, NULL, &ts)) {
			pthread_detach(a->thread);
			leak = 1; /* it still runs kernel code: keep everything */
		}
	}
	if (leak)
		return;
	for (unsigned i = 0; i < emu->nkernels; i++) {
		struct emu_agent *a = emu->kernels[i];
		pthread_cond_destroy(&a->cv);
		free(a->inv);
		free(a->name);
		free(a);
	}
	for (unsigned i = 0; i < emu->npipes; i++) {
		struct emu_queue *q = emu->pipes[i];
		free((void *)q->pub.name);
		free((void *)q->pub.type);
		free(q->buf);
		free(q);
	}
	free(emu->kernels);
	free(emu->pipes);
	if (emu->dl)
		dlclose(emu->dl);
	free(emu->path);
	pthread_cond_destroy(&emu->host.cv);
	pthread_mutex_destroy(&emu->mu);
	free(emu);
}
