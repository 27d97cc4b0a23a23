/*
 * sluice/emu.h -- CPU emulation of sluice kernels (libsluice_emu).
 *
 * A kernel file compiled as ordinary host C (no __SLUICE_HLS__) calls the
 * __sluice_pipe_* functions of <sluice.h>; this library implements them
 * with threads and bounded queues, so that the kernels of one file run on
 * the CPU exactly as they are written and give the reference output that
 * the simulated hardware is compared with.
 *
 *   gcc -std=gnu11 -shared -fPIC -I include K.c -o K.so
 *   driver: sluice_emu_create, sluice_emu_load("K.so"),
 *           sluice_emu_autorun / sluice_emu_start, then feed input pipes
 *           and drain output pipes with sluice_emu_write/_read (or their
 *           _nb forms and sluice_emu_wait_event), sluice_emu_destroy.
 *   The program that loads K.so must export these symbols to it: link the
 *   driver with -rdynamic (or build the library as a shared object).
 *
 * Model:
 *   - one queue per pipe name, capacity max(MinCapacity, 1) words; a word is
 *     the `size` bytes of the C value (the same bytes that cross the
 *     hardware pipe, byte 0 in tdata[7:0]);
 *   - pipes are found in the loaded object's symbol table (the descriptors
 *     of section "sluice.pipes"), so the host can use a pipe before any
 *     kernel touched it; a descriptor that was not found (stripped object)
 *     is registered when a kernel first uses it;
 *   - every started kernel has its own thread that runs its invocations
 *     one after the other in the order sluice_emu_start queued them (the
 *     hardware accepts a start only when the kernel is not busy); every
 *     autorun kernel has a thread that calls it again each time it returns;
 *   - globals of the kernel file keep their values across invocations (the
 *     object is loaded once);
 *   - kernels are looked up with dlsym; their parameters must be C integer
 *     types (bool, 8..64 bits), at most SLUICE_EMU_MAX_ARGS of them.  The
 *     caller passes each argument as an int64_t holding the C value (sign-
 *     or zero-extended as the parameter's type says);
 *   - deadlock: the host (the one thread that calls this API) and every
 *     kernel thread are "agents".  An agent is blocked while it waits in a
 *     blocking pipe operation, an idle started kernel waits for a start, and
 *     the host is blocked only while inside a blocking call of this API.
 *     When no agent is left running, the host's blocking call returns
 *     SLUICE_EMU_E_DEADLOCK and sluice_emu_message() says which kernel waits
 *     on which pipe.  The detection is exact (one lock guards all state).
 *     Kernels that spin on non-blocking operations never block; use
 *     timeouts.
 *
 * Threading: the host-side functions must be called from one thread at a
 * time.  Kernel threads find their emulator through a thread-local pointer
 * set when the emulator creates them; a pipe operation called from any
 * other thread is a usage error, reported on stderr before abort() (there
 * is no way to return an error from a void pipe operation).
 *
 * Errors: functions return SLUICE_EMU_OK (0) or a negative
 * SLUICE_EMU_E_*; sluice_emu_message() holds a readable message.  Nothing
 * is printed on the caller's behalf and nothing exits.
 */
#ifndef SLUICE_EMU_H
#define SLUICE_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SLUICE_EMU_MAX_ARGS 16

enum sluice_emu_status {
	SLUICE_EMU_OK = 0,
	SLUICE_EMU_E_ARG = -1,	    /* unknown pipe/kernel, size or direction */
	SLUICE_EMU_E_LOAD = -2,	    /* dlopen, symbol table or pipe types */
	SLUICE_EMU_E_NOMEM = -3,    /* allocation or thread creation failed */
	SLUICE_EMU_E_TIMEOUT = -4,  /* the timeout passed */
	SLUICE_EMU_E_DEADLOCK = -5, /* every agent is blocked */
};

struct sluice_emu;

/* A pipe as the emulator knows it.  Pointers stay valid until destroy. */
struct sluice_emu_pipe {
	const char *name;
	const char *type;  /* the C type as written in the declaration */
	unsigned size;	   /* bytes per word */
	int min_capacity;
	int kind;	   /* enum sluice_pipe_kind */
	int dir;	   /* enum sluice_pipe_dir */
	unsigned capacity; /* max(min_capacity, 1) */
};

/* Creates an emulator with nothing loaded.  *out is set on success. */
int sluice_emu_create(struct sluice_emu **out);

/* Stops every kernel thread (threads blocked in, or spinning on, pipe
 * operations end at once; a kernel that computes forever without touching
 * a pipe is left detached and the object stays loaded), frees everything. */
void sluice_emu_destroy(struct sluice_emu *emu);

/* The message of the last error, or the deadlock/timeout report. */
const char *sluice_emu_message(const struct sluice_emu *emu);

/* dlopen()s the kernel object (once per emulator) and registers its pipes.
 * Errors: E_ARG (already loaded), E_LOAD (dlopen failed, two declarations
 * of one pipe name with different types). */
int sluice_emu_load(struct sluice_emu *emu, const char *so_path);

unsigned sluice_emu_pipe_count(const struct sluice_emu *emu);
const struct sluice_emu_pipe *sluice_emu_pipe_at(const struct sluice_emu *emu,
						 unsigned i);
/* NULL when no pipe has that name. */
const struct sluice_emu_pipe *sluice_emu_pipe_find(const struct sluice_emu *emu,
						   const char *name);

/* Starts an autorun kernel's thread.  Errors: E_ARG (no such function, or
 * already running), E_NOMEM. */
int sluice_emu_autorun(struct sluice_emu *emu, const char *kernel);

/* Queues one invocation of a started kernel with `nargs` arguments; the
 * kernel's thread is created on the first start.  Returns at once.
 * Errors: E_ARG (no such function, nargs too large, or the name is running
 * as an autorun kernel), E_NOMEM. */
int sluice_emu_start(struct sluice_emu *emu, const char *kernel,
		     const int64_t *args, unsigned nargs);

/* One parameter's place in an argument buffer laid out like a C struct of
 * the kernel's parameters (DESIGN.md section 5; the manifest's "params":
 * offset, size, signed). */
struct sluice_emu_param {
	unsigned offset; /* bytes from the start of the buffer */
	unsigned size;	 /* 1, 2, 4 or 8 */
	bool is_signed;
};

/* sluice_emu_start() with the arguments taken from an argument buffer:
 * each parameter is read (host byte order) and sign- or zero-extended.
 * Errors: E_ARG (a parameter outside the buffer, a bad size, too many
 * parameters), and those of sluice_emu_start(). */
int sluice_emu_start_buffer(struct sluice_emu *emu, const char *kernel,
			    const void *args, size_t args_size,
			    const struct sluice_emu_param *params,
			    unsigned nparams);

/* Invocations queued and finished for a started kernel (0/0 if unknown). */
void sluice_emu_kernel_counts(const struct sluice_emu *emu, const char *kernel,
			      unsigned *started, unsigned *done);

/* Host side of the pipes.  The host may write only pipes into the design
 * (SLUICE_H2D, SLUICE_IO_IN) and read only pipes out of it (SLUICE_D2H,
 * SLUICE_IO_OUT); size must be the pipe's word size.  timeout_ms < 0 waits
 * forever (deadlock detection still applies).  Errors: E_ARG, E_TIMEOUT,
 * E_DEADLOCK. */
int sluice_emu_write(struct sluice_emu *emu, const char *pipe,
		     const void *data, size_t size, int timeout_ms);
int sluice_emu_read(struct sluice_emu *emu, const char *pipe, void *data,
		    size_t size, int timeout_ms);
/* Non-blocking: *ok tells whether the word moved; a failed operation
 * leaves the pipe unchanged.  Errors: E_ARG. */
int sluice_emu_write_nb(struct sluice_emu *emu, const char *pipe,
			const void *data, size_t size, bool *ok);
int sluice_emu_read_nb(struct sluice_emu *emu, const char *pipe, void *data,
		       size_t size, bool *ok);

/* Waits until every queued invocation of `kernel` has returned.
 * Errors: E_ARG, E_TIMEOUT, E_DEADLOCK. */
int sluice_emu_wait(struct sluice_emu *emu, const char *kernel,
		    int timeout_ms);

/* Event counter: bumped by every completed pipe operation (kernel or host)
 * and every kernel return.  sluice_emu_wait_event() waits until the counter
 * differs from `seen` (typical loop: seen = sluice_emu_events(); try the
 * non-blocking operations; if none moved, wait_event(seen)).
 * Errors: E_TIMEOUT, E_DEADLOCK. */
unsigned long sluice_emu_events(const struct sluice_emu *emu);
int sluice_emu_wait_event(struct sluice_emu *emu, unsigned long seen,
			  int timeout_ms);

/* Waits until no kernel thread is running (each is blocked on a pipe or
 * idle), i.e. the design is quiescent unless the host acts.
 * Errors: E_TIMEOUT (some kernel still runs, e.g. spins). */
int sluice_emu_quiesce(struct sluice_emu *emu, int timeout_ms);

/* Writes a description of every agent (running, blocked on which pipe with
 * how many words in it, idle) into buf; returns the length it needed. */
size_t sluice_emu_report(const struct sluice_emu *emu, char *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* SLUICE_EMU_H */
