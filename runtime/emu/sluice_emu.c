/*
 * sluice_emu.c -- the CPU emulator's core: creating, loading and destroying
 * an emulator, pipe queues, agents and exact deadlock detection.  The
 * host-side API (kernels, pipes, waiting) is in emu_host.c.
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

int emu_fail(struct sluice_emu *emu, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(emu->msg, sizeof emu->msg, fmt, ap);
	va_end(ap);
	return code;
}

int emu_cond_init(pthread_cond_t *cv)
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
	if (pthread_mutex_init(&emu->mu, NULL) || emu_cond_init(&emu->host.cv)) {
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
			emu_fail(emu, SLUICE_EMU_E_LOAD,
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
		emu_fail(emu, SLUICE_EMU_E_LOAD, "pipe '%s': bad descriptor", d->name);
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
	emu_fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
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

const char *emu_kind_name(int kind)
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
					emu_kind_name(q->pub.kind), q->pub.name);
		case W_WRITE:
			return snprintf(buf, n, "host: waits to write %s pipe '%s' (full, %u of %u words)",
					emu_kind_name(q->pub.kind), q->pub.name,
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
				who, emu_kind_name(q->pub.kind), q->pub.name);
	case W_WRITE:
		return snprintf(buf, n, "%s: blocked writing %s pipe '%s' (full, %u of %u words)",
				who, emu_kind_name(q->pub.kind), q->pub.name, q->count,
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

int emu_host_block(struct sluice_emu *emu, enum agent_wait wait,
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

struct timespec *emu_deadline(struct timespec *ts, int timeout_ms)
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
		return emu_fail(emu, SLUICE_EMU_E_ARG, "an object is already loaded (%s)",
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
		return emu_fail(emu, SLUICE_EMU_E_LOAD, "cannot load '%s': %s", so_path,
			    dlerror());
	struct link_map *lm = NULL;
	if (dlinfo(dl, RTLD_DI_LINKMAP, &lm) || !lm) {
		dlclose(dl);
		return emu_fail(emu, SLUICE_EMU_E_LOAD, "cannot find where '%s' is loaded",
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
