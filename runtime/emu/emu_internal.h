/*
 * emu_internal.h -- the state of the CPU emulator, shared by its files:
 *   sluice_emu.c  loading, queues, agents, deadlock detection;
 *   emu_host.c    the host API: kernels, host pipe operations, waiting;
 *   emu_kernel.c  kernel threads and the __sluice_pipe_* operations;
 *   emu_elf.c     finding the pipe descriptors of a loaded object.
 *
 * One mutex (emu->mu) guards everything below; every agent state change
 * happens under it, so `running` is exact and a deadlock is declared only
 * when no agent can move.
 */
#ifndef SLUICE_EMU_INTERNAL_H
#define SLUICE_EMU_INTERNAL_H

#include <sluice.h>
#include <sluice/emu.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <time.h>

struct emu_queue {
	struct sluice_emu_pipe pub; /* name/type strings owned (strdup) */
	unsigned char *buf;	    /* capacity * size bytes, ring */
	unsigned head, count;	    /* first word, words held */
	unsigned long pushed, popped;
};

enum agent_kind { AG_HOST, AG_STARTED, AG_AUTORUN };
enum agent_state { AS_RUNNING, AS_BLOCKED, AS_IDLE };
enum agent_wait {
	W_NONE,
	W_READ,	  /* wq empty */
	W_WRITE,  /* wq full */
	W_START,  /* started kernel: no invocation queued */
	W_EVENT,  /* host: any event */
	W_KERNEL, /* host: wk has finished its invocations */
	W_QUIET,  /* host: no kernel running */
	W_FAILED, /* kernel stopped by a usage error (see emu->msg) */
};

typedef void (*emu_kernel_fn)(int64_t, int64_t, int64_t, int64_t, int64_t,
			      int64_t, int64_t, int64_t, int64_t, int64_t,
			      int64_t, int64_t, int64_t, int64_t, int64_t,
			      int64_t);

struct emu_inv {
	int64_t args[SLUICE_EMU_MAX_ARGS];
};

struct emu_agent {
	struct sluice_emu *emu;
	char *name;
	enum agent_kind kind;
	enum agent_state state;
	enum agent_wait wait;
	struct emu_queue *wq;	/* W_READ / W_WRITE */
	struct emu_agent *wk;	/* W_KERNEL */
	int woke;		/* host: why the last wait ended (0 or E_*) */
	pthread_cond_t cv;
	/* kernels */
	pthread_t thread;
	int has_thread;
	jmp_buf stop;		/* longjmp target when the emulator stops */
	emu_kernel_fn fn;
	struct emu_inv *inv;
	unsigned ninv, capinv, next, done;
	unsigned long calls;	/* autorun: completed calls */
};

struct sluice_emu {
	pthread_mutex_t mu;
	void *dl;
	char *path;
	struct emu_queue **pipes;
	unsigned npipes, cappipes;
	struct emu_agent host;
	struct emu_agent **kernels;
	unsigned nkernels, capkernels;
	unsigned running;	/* agents in AS_RUNNING, the host included */
	unsigned long events;
	int stopping;		/* read without the lock by autorun loops */
	char msg[8192];
	char kerr[1024];	/* the usage error that stopped a kernel */
};

/* Nothing below is exported from libsluice_emu.so. */
#pragma GCC visibility push(hidden)

/* sluice_emu.c, called with emu->mu held. */
struct emu_queue *emu_queue_find(struct sluice_emu *emu, const char *name);
/* Registers a descriptor (or checks it against the queue of that name).
 * Returns the queue, or NULL after writing emu->msg. */
struct emu_queue *emu_queue_add(struct sluice_emu *emu,
				const struct sluice_pipe_desc *d);
void emu_queue_push(struct emu_queue *q, const void *data);
void emu_queue_pop(struct emu_queue *q, void *data);
/* A word moved on q (pushed: readers may go; popped: writers may go). */
void emu_moved(struct sluice_emu *emu, struct emu_queue *q, int pushed);
void emu_event(struct sluice_emu *emu);
void emu_agent_wake(struct sluice_emu *emu, struct emu_agent *a);
/* Marks `a` blocked/idle on `wait`; declares deadlock (or quiescence) if
 * no agent is left running. */
void emu_agent_block(struct sluice_emu *emu, struct emu_agent *a,
		     enum agent_state st, enum agent_wait wait,
		     struct emu_queue *q);

int emu_fail(struct sluice_emu *emu, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int emu_cond_init(pthread_cond_t *cv);
const char *emu_kind_name(int kind);
/* Blocks the host on `wait` until woken or the deadline (NULL: none);
 * returns OK when woken by progress, or E_DEADLOCK / E_TIMEOUT (the host
 * running again). */
int emu_host_block(struct sluice_emu *emu, enum agent_wait wait,
		   struct emu_queue *q, struct emu_agent *wk,
		   const struct timespec *deadline);
/* The absolute CLOCK_MONOTONIC deadline timeout_ms from now in *ts, or
 * NULL for timeout_ms < 0. */
struct timespec *emu_deadline(struct timespec *ts, int timeout_ms);

/* emu_kernel.c */
int emu_kernel_thread_start(struct sluice_emu *emu, struct emu_agent *a);

/* emu_elf.c: calls add(emu, desc) for each pipe descriptor of the object
 * at `path` loaded at `base`.  Returns 0, or -1 after writing emu->msg. */
int emu_elf_pipes(struct sluice_emu *emu, const char *path, uintptr_t base);

#pragma GCC visibility pop

#endif /* SLUICE_EMU_INTERNAL_H */
