/*
 * emu_kernel.c -- kernel threads of the CPU emulator and the kernel side of
 * the pipes: the __sluice_pipe_read/_write/_read_nb/_write_nb functions
 * that <sluice.h> declares.
 *
 * Each kernel thread knows its agent through a thread-local pointer (the
 * pipe functions take no context argument).  Guarantees: blocking
 * operations return only after the word moved; non-blocking ones never
 * wait and leave the pipe unchanged on failure; when the emulator stops,
 * a kernel thread inside (or next entering) a pipe operation leaves the
 * kernel through longjmp and ends.
 */
#define _GNU_SOURCE
#include "emu_internal.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __thread struct emu_agent *emu_self;

static void call_kernel(struct emu_agent *a, const int64_t *v)
{
	a->fn(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9],
	      v[10], v[11], v[12], v[13], v[14], v[15]);
}

static void *started_main(void *p)
{
	struct emu_agent *a = p;
	struct sluice_emu *emu = a->emu;
	emu_self = a;
	if (setjmp(a->stop))
		return NULL; /* stopped inside a pipe operation; lock released */
	pthread_mutex_lock(&emu->mu);
	for (;;) {
		while (a->next == a->ninv && !emu->stopping) {
			emu_agent_block(emu, a, AS_IDLE, W_START, NULL);
			while (a->state != AS_RUNNING && !emu->stopping)
				pthread_cond_wait(&a->cv, &emu->mu);
		}
		if (emu->stopping)
			break;
		struct emu_inv inv = a->inv[a->next++];
		pthread_mutex_unlock(&emu->mu);
		call_kernel(a, inv.args);
		pthread_mutex_lock(&emu->mu);
		a->done++;
		struct emu_agent *h = &emu->host;
		if (h->state != AS_RUNNING && h->wait == W_KERNEL && h->wk == a &&
		    a->done == a->ninv)
			emu_agent_wake(emu, h);
		emu_event(emu);
	}
	pthread_mutex_unlock(&emu->mu);
	return NULL;
}

static void *autorun_main(void *p)
{
	static const int64_t zero[SLUICE_EMU_MAX_ARGS];
	struct emu_agent *a = p;
	struct sluice_emu *emu = a->emu;
	emu_self = a;
	if (setjmp(a->stop))
		return NULL;
	while (!__atomic_load_n(&emu->stopping, __ATOMIC_SEQ_CST)) {
		call_kernel(a, zero);
		__atomic_add_fetch(&a->calls, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

int emu_kernel_thread_start(struct sluice_emu *emu, struct emu_agent *a)
{
	pthread_attr_t at;
	int rc = pthread_attr_init(&at);
	if (!rc) {
		pthread_attr_setstacksize(&at, 8u << 20);
		rc = pthread_create(&a->thread, &at,
				    a->kind == AG_AUTORUN ? autorun_main : started_main,
				    a);
		pthread_attr_destroy(&at);
	}
	if (rc) {
		/* the agent stays, blocked for good, so the counts stay right */
		emu_agent_block(emu, a, AS_BLOCKED, W_FAILED, NULL);
		snprintf(emu->msg, sizeof emu->msg,
			 "cannot create the thread of kernel '%s'", a->name);
		return SLUICE_EMU_E_NOMEM;
	}
	a->has_thread = 1;
	return SLUICE_EMU_OK;
}

/* ---- the kernel side of the pipes ------------------------------------- */

static struct emu_agent *self_or_die(const struct sluice_pipe_desc *d)
{
	struct emu_agent *a = emu_self;
	if (!a) {
		fprintf(stderr,
			"sluice emu: pipe '%s' used outside a kernel thread of the "
			"emulator (start kernels with sluice_emu_start/_autorun)\n",
			d && d->name ? d->name : "?");
		abort();
	}
	return a;
}

/* Leaves the kernel for good when the emulator stops (lock held). */
static void check_stop(struct sluice_emu *emu, struct emu_agent *a)
{
	if (emu->stopping) {
		pthread_mutex_unlock(&emu->mu);
		longjmp(a->stop, 1);
	}
}

/* A usage error inside a kernel: recorded, and the kernel stops here. */
static void kernel_fail(struct sluice_emu *emu, struct emu_agent *a)
{
	size_t n = strnlen(emu->msg, sizeof emu->kerr - 1);
	memcpy(emu->kerr, emu->msg, n);
	emu->kerr[n] = 0;
	emu_agent_block(emu, a, AS_BLOCKED, W_FAILED, NULL);
	for (;;) {
		pthread_cond_wait(&a->cv, &emu->mu);
		check_stop(emu, a);
	}
}

static struct emu_queue *kernel_pipe(struct sluice_emu *emu,
				     struct emu_agent *a,
				     const struct sluice_pipe_desc *d,
				     unsigned size)
{
	check_stop(emu, a);
	struct emu_queue *q = emu_queue_add(emu, d);
	if (!q)
		kernel_fail(emu, a);
	if (size != q->pub.size) {
		snprintf(emu->msg, sizeof emu->msg,
			 "pipe '%s' carries %u-byte words, the operation moves %u",
			 d->name, q->pub.size, size);
		kernel_fail(emu, a);
	}
	return q;
}

static void wait_running(struct sluice_emu *emu, struct emu_agent *a)
{
	while (a->state != AS_RUNNING) {
		pthread_cond_wait(&a->cv, &emu->mu);
		check_stop(emu, a);
	}
}

/* sluice_fence(): nothing to do.  A kernel thread runs its pipe
 * operations one after the other, each complete (under emu->mu) before the
 * next begins, so they are in program order across pipes already. */
void __sluice_fence(void)
{
}

void __sluice_pipe_read(const struct sluice_pipe_desc *pipe, void *data,
			unsigned size, int anchor, int target, int kind,
			int cycles)
{
	struct emu_agent *a = self_or_die(pipe);
	struct sluice_emu *emu = a->emu;
	(void)anchor, (void)target, (void)kind, (void)cycles;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = kernel_pipe(emu, a, pipe, size);
	while (!q->count) {
		emu_agent_block(emu, a, AS_BLOCKED, W_READ, q);
		wait_running(emu, a);
	}
	emu_queue_pop(q, data);
	emu_moved(emu, q, 0);
	pthread_mutex_unlock(&emu->mu);
}

void __sluice_pipe_write(const struct sluice_pipe_desc *pipe, const void *data,
			 unsigned size, int anchor, int target, int kind,
			 int cycles)
{
	struct emu_agent *a = self_or_die(pipe);
	struct sluice_emu *emu = a->emu;
	(void)anchor, (void)target, (void)kind, (void)cycles;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = kernel_pipe(emu, a, pipe, size);
	while (q->count == q->pub.capacity) {
		emu_agent_block(emu, a, AS_BLOCKED, W_WRITE, q);
		wait_running(emu, a);
	}
	emu_queue_push(q, data);
	emu_moved(emu, q, 1);
	pthread_mutex_unlock(&emu->mu);
}

void __sluice_pipe_read_nb(const struct sluice_pipe_desc *pipe, void *data,
			   unsigned size, bool *ok, int anchor, int target,
			   int kind, int cycles)
{
	struct emu_agent *a = self_or_die(pipe);
	struct sluice_emu *emu = a->emu;
	(void)anchor, (void)target, (void)kind, (void)cycles;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = kernel_pipe(emu, a, pipe, size);
	*ok = q->count != 0;
	if (*ok) {
		emu_queue_pop(q, data);
		emu_moved(emu, q, 0);
	} else {
		/* C leaves the value unspecified; make it reproducible */
		memset(data, 0, size);
	}
	pthread_mutex_unlock(&emu->mu);
	if (!*ok)
		sched_yield(); /* a spinning kernel lets the others run */
}

void __sluice_pipe_write_nb(const struct sluice_pipe_desc *pipe,
			    const void *data, unsigned size, bool *ok,
			    int anchor, int target, int kind, int cycles)
{
	struct emu_agent *a = self_or_die(pipe);
	struct sluice_emu *emu = a->emu;
	(void)anchor, (void)target, (void)kind, (void)cycles;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = kernel_pipe(emu, a, pipe, size);
	*ok = q->count < q->pub.capacity;
	if (*ok) {
		emu_queue_push(q, data);
		emu_moved(emu, q, 1);
	}
	pthread_mutex_unlock(&emu->mu);
	if (!*ok)
		sched_yield();
}
