/*
 * emu_host.c -- the host side of the CPU emulator (<sluice/emu.h>):
 * starting kernels, the host's pipe operations, and waiting for kernels,
 * events and quiescence.
 *
 * Guarantees: every blocking call takes part in the exact deadlock
 * detection of sluice_emu.c (the host is an agent blocked for as long as
 * it waits); errors are returned with a message, never printed.
 */
#define _GNU_SOURCE
#include "emu_internal.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

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
		return emu_fail(emu, SLUICE_EMU_E_ARG, "no kernel object loaded");
	void *sym = dlsym(emu->dl, name);
	if (!sym)
		return emu_fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' not found in '%s'",
			    name, emu->path);
	if (emu->nkernels == emu->capkernels) {
		unsigned cap = emu->capkernels ? 2 * emu->capkernels : 8;
		void *n = realloc(emu->kernels, cap * sizeof *emu->kernels);
		if (!n)
			return emu_fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
		emu->kernels = n;
		emu->capkernels = cap;
	}
	struct emu_agent *a = calloc(1, sizeof *a);
	if (!a || !(a->name = strdup(name)) || emu_cond_init(&a->cv)) {
		if (a)
			free(a->name);
		free(a);
		return emu_fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
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
		rc = emu_fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' is already running",
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
		return emu_fail(emu, SLUICE_EMU_E_ARG, "kernel '%s': %u arguments, at most %d",
			    kernel, nargs, SLUICE_EMU_MAX_ARGS);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	struct emu_agent *a = kernel_find(emu, kernel);
	if (a && a->kind != AG_STARTED) {
		rc = emu_fail(emu, SLUICE_EMU_E_ARG, "kernel '%s' runs as an autorun kernel",
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
			rc = emu_fail(emu, SLUICE_EMU_E_NOMEM, "out of memory");
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
		return emu_fail(emu, SLUICE_EMU_E_ARG, "kernel '%s': %u parameters, at most %d",
			    kernel, nparams, SLUICE_EMU_MAX_ARGS);
	for (unsigned i = 0; i < nparams; i++) {
		const struct sluice_emu_param *p = &params[i];
		if (!(p->size == 1 || p->size == 2 || p->size == 4 || p->size == 8) ||
		    p->offset > args_size || p->size > args_size - p->offset)
			return emu_fail(emu, SLUICE_EMU_E_ARG,
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
	struct timespec ts, *dl = emu_deadline(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	struct emu_agent *a = kernel_find(emu, kernel);
	int rc = SLUICE_EMU_OK;
	if (!a || a->kind != AG_STARTED)
		rc = emu_fail(emu, SLUICE_EMU_E_ARG, "no started kernel '%s'", kernel);
	while (!rc && a->done < a->ninv)
		rc = emu_host_block(emu, W_KERNEL, NULL, a, dl);
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
	struct timespec ts, *dl = emu_deadline(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	while (!rc && emu->events == seen)
		rc = emu_host_block(emu, W_EVENT, NULL, NULL, dl);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_quiesce(struct sluice_emu *emu, int timeout_ms)
{
	struct timespec ts, *dl = emu_deadline(&ts, timeout_ms);
	pthread_mutex_lock(&emu->mu);
	int rc = SLUICE_EMU_OK;
	if (emu->running > 1)
		rc = emu_host_block(emu, W_QUIET, NULL, NULL, dl);
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

/* ---- host pipe operations ---------------------------------------------- */

static struct emu_queue *host_pipe(struct sluice_emu *emu, const char *name,
				   size_t size, int write, int *rc)
{
	struct emu_queue *q = emu_queue_find(emu, name);
	if (!q) {
		*rc = emu_fail(emu, SLUICE_EMU_E_ARG, "no pipe '%s'", name);
		return NULL;
	}
	int into = q->pub.dir == SLUICE_H2D || q->pub.dir == SLUICE_IO_IN;
	int outof = q->pub.dir == SLUICE_D2H || q->pub.dir == SLUICE_IO_OUT;
	if (write ? !into : !outof) {
		*rc = emu_fail(emu, SLUICE_EMU_E_ARG,
			   "the host cannot %s %s pipe '%s' (it goes %s the design)",
			   write ? "write" : "read", emu_kind_name(q->pub.kind), name,
			   into ? "into" : outof ? "out of" : "between kernels of");
		return NULL;
	}
	if (size != q->pub.size) {
		*rc = emu_fail(emu, SLUICE_EMU_E_ARG, "pipe '%s' carries %u-byte words, not %zu",
			   name, q->pub.size, size);
		return NULL;
	}
	*rc = SLUICE_EMU_OK;
	return q;
}

int sluice_emu_write(struct sluice_emu *emu, const char *pipe,
		     const void *data, size_t size, int timeout_ms)
{
	struct timespec ts, *dl = emu_deadline(&ts, timeout_ms);
	int rc;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 1, &rc);
	while (q && !rc) {
		if (q->count < q->pub.capacity) {
			emu_queue_push(q, data);
			emu_moved(emu, q, 1);
			break;
		}
		rc = emu_host_block(emu, W_WRITE, q, NULL, dl);
	}
	pthread_mutex_unlock(&emu->mu);
	return rc;
}

int sluice_emu_read(struct sluice_emu *emu, const char *pipe, void *data,
		    size_t size, int timeout_ms)
{
	struct timespec ts, *dl = emu_deadline(&ts, timeout_ms);
	int rc;
	pthread_mutex_lock(&emu->mu);
	struct emu_queue *q = host_pipe(emu, pipe, size, 0, &rc);
	while (q && !rc) {
		if (q->count) {
			emu_queue_pop(q, data);
			emu_moved(emu, q, 0);
			break;
		}
		rc = emu_host_block(emu, W_READ, q, NULL, dl);
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
