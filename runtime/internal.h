/*
 * runtime/internal.h -- libsluice's private structures, shared by its layers:
 *
 *   error.c     status codes, names, the thread-local last error
 *   device.c    device strings -> a transport (struct sluice_transport_ops);
 *               device open/close/queries
 *   manifest.c  manifest.json -> struct sluice_module (checked)
 *   module.c    module load/close on a device, introspection, spec constants
 *   pump.c      drives the host link (runtime/link/proto.h) over the
 *               transport: connect and identify, move bytes, blocking waits
 *               with deadlock and timeout detection, blocking CSR access
 *   lock.c      the device lock (first come, first served)
 *   kernel.c    kernel start/wait over the control registers
 *   pipe.c      host pipe read/write/map over the link's pipe words
 *   device/     the transports: sim.c (Verilator model), uart.c, usb.c, pcie.c
 *
 * The layers above device.c never ask which transport they have: they call
 * the function pointers of the table.
 *
 * Locking: dev->lock guards the link, the transport and the device's
 * fields (and each pipe's op_* fields).  A blocking call registers what it
 * waits for on its pipe and then runs rounds (rt_wait_round) with the
 * device held; every round carries on every registered call of every
 * thread (rt_pipes_service), and the device passes to a waiting thread
 * about once a millisecond, or at once when no other call is under way
 * (rt_wait_round).  A host pipe's own lock (pipe->lock) is held
 * for a whole call on that pipe, and a kernel's for a whole start or wait;
 * the order is always pipe or kernel lock first, then dev->lock.
 */
#ifndef SLUICE_RUNTIME_INTERNAL_H
#define SLUICE_RUNTIME_INTERNAL_H

#include <sluice/runtime.h>

#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "link/proto.h"

#if defined(__GNUC__)
#define RT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define RT_PRINTF(f, a)
#endif

/* ---- errors (error.c) ---------------------------------------------------- */

/* Records code and the formatted message as the calling thread's last error
 * and returns code, so that `return rt_err(SLUICE_E_SIZE, "...")` reads. */
int rt_err(int code, const char *fmt, ...) RT_PRINTF(2, 3);
/* Puts "prefix: " in front of the current message (for context such as the
 * module path) and returns the current code. */
int rt_err_prefix(const char *fmt, ...) RT_PRINTF(1, 2);
/* Appends " " and the formatted text to the current message; returns the
 * current code. */
int rt_err_append(const char *fmt, ...) RT_PRINTF(1, 2);
/* The calling thread's last error code. */
int rt_err_code(void);

/* ---- transports ------------------------------------------------------------ */

struct sluice_transport; /* each transport's own state */

/* How a transport's clock relates to the link; filled in by load().  All
 * times are in the transport's ticks (cycles for the simulator,
 * microseconds for a real link). */
struct rt_timing {
	uint64_t link_timeout;	/* proto.h POLL / LINK_RESET retry           */
	uint64_t status_gap;	/* proto.h least gap between STATUS frames    */
	uint64_t round;		/* most ticks one xfer may take while waiting */
	uint64_t poll_round;	/* ticks of the one xfer of a non-blocking call */
	uint64_t deadlock;	/* no progress for this long while the host
				   waits = deadlock; 0: never                 */
	uint64_t connect_limit;	/* the link must come up within this        */
	const char *unit;	/* "cycles", "us": for messages               */
	bool reset_on_load;	/* reset kernels and FIFOs (CSR RESET) after
				   connecting: a board keeps state between
				   runs, a fresh simulator does not           */
	unsigned beat;		/* 0: the link's byte framing (HDLC, CRC); else
				   its plain framing on beats of this many
				   bytes (link/proto.h section 2b)            */
	bool keeps_partial;	/* plain framing: a host program that died in
				   the middle of a frame leaves the stream out
				   of step for the next (a PCIe card sees no
				   host go away); else the link drops what was
				   under way when a host connects (a fresh
				   simulator, an FT245 board's PHY)           */
	bool host_clocked;	/* the design's clock runs only inside xfer
				   (the simulator), so the device can wait for
				   a host thread that is about to give it work
				   (rt_wait_round)                            */
};

struct sluice_transport_ops {
	const char *kind; /* "sim", "uart", "usb", "pcie", or a test's name */

	/* Opens the device: arg is the device string after the transport's
	 * prefix ("" for "sim", "/dev/xdma0" for "pcie:/dev/xdma0", the whole
	 * string for a board).  *board gets a malloc'ed board name.  Errors
	 * through rt_err. */
	int (*open)(struct sluice_transport **t, const char *arg, char **board);
	void (*close)(struct sluice_transport *t);

	/* Puts module m on the device: picks the image of m->images that
	 * fits (SLUICE_E_NO_IMAGE otherwise), starts it (the simulator builds
	 * its model; a board checks or programs its bitstream) and fills in
	 * *timing.  The host link is not connected yet. */
	int (*load)(struct sluice_transport *t, const struct sluice_module *m,
		    struct rt_timing *timing);
	/* Takes the module off (the simulator ends and flushes its trace). */
	void (*unload)(struct sluice_transport *t);

	/* Moves link bytes both ways for at most `budget` ticks: takes bytes
	 * from tx[0..ntx) while the link accepts them (*sent: how many) and
	 * stores received bytes in rx (at most cap; *got: how many).  May
	 * return early once something was received or everything was sent.
	 * The simulator runs its clock meanwhile, so this is also how the
	 * design advances while the host blocks or polls. */
	int (*xfer)(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		    uint8_t *rx, size_t cap, size_t *got, uint64_t budget);
	/* The transport's clock, in ticks (monotonic). */
	uint64_t (*now)(struct sluice_transport *t);

	/* Queries the transport answers itself (SLUICE_INFO_SIM_CYCLES, a
	 * board's clock); SLUICE_E_NOT_SUPPORTED lets device.c answer or
	 * refuse.  May be NULL. */
	int (*info)(struct sluice_transport *t, enum sluice_info what, void *value, size_t size);
};

/* Answers a numeric query: value gets n bytes from v if size == n, else
 * SLUICE_E_SIZE naming the query and its C type. */
int rt_info_value(enum sluice_info what, void *value, size_t size, const void *v, size_t n,
		  const char *type);

extern const struct sluice_transport_ops rt_sim_ops, rt_uart_ops, rt_usb_ops, rt_pcie_ops;

/* Opens a device on a given transport (device.c).  For tests, which bring
 * a fake transport: device_name is what SLUICE_INFO_DEVICE_NAME reports. */
int sluice__device_open_with(sluice_device **dev, const struct sluice_transport_ops *ops,
			     const char *arg, const char *device_name);

/* ---- modules (module.c) ----------------------------------------------------- */

/* SLUICE_E_NO_IMAGE: the message, then the images the module carries (a
 * transport's load finding none that fits its device). */
int rt_no_image(const struct sluice_module *m, const char *fmt, ...) RT_PRINTF(2, 3);
/* A board transport's load: picks the module's one bitstream image whose
 * "host_link" is link (SLUICE_E_NO_IMAGE if none or several; what names
 * the link in messages, device the device string) and fills *timing for a
 * lossless link of microsecond round trips, ticks in microseconds, its
 * framing the image's "link_beat" (plain framing on beats of that many
 * bytes; absent or 1: the byte framing); the bitstream must be on the
 * board already (the identify exchange checks it). */
int rt_link_image(const struct sluice_module *m, const char *link, const char *what,
		  const char *device, struct rt_timing *timing);

enum rt_pipe_kind { RT_PIPE_KERNEL, RT_PIPE_HOST, RT_PIPE_IO };
enum rt_pipe_dir { RT_DIR_NONE, RT_DIR_H2D, RT_DIR_D2H, RT_DIR_IN, RT_DIR_OUT };

struct rt_kernel {
	struct sluice_kernel_info info;
	struct sluice_param_info *params;
	int ctrl;		/* index among started kernels (KCTRL(ctrl)); -1: autorun */
	unsigned arg_word0;	/* its first ARG register */
	unsigned arg_words;
	pthread_mutex_t lock;	/* one start or wait at a time */
};

struct rt_pipe {
	struct sluice_pipe_info info;
	enum rt_pipe_kind kind;
	enum rt_pipe_dir dir;
	int link_id;		/* host pipes: index among the pipes of its direction */
	pthread_mutex_t lock;	/* host pipes: one call at a time */

	/* Host-side buffer (host pipes, under lock): for an h2d pipe the
	 * write mapping; for a d2h pipe words taken off the link but not yet
	 * consumed by the host (a read mapping, or what an early unmap left),
	 * which every read takes first. */
	uint8_t *buf;
	size_t cap;		/* bytes allocated */
	size_t off, len;	/* d2h: bytes [off, off + len) are pending */
	bool mapped;
	size_t map_base;	/* offset in buf of the mapping's start */
	size_t map_next;	/* bytes unmapped so far */
	size_t map_size;	/* bytes mapped */

	uint64_t words;		/* words the host has handed to / taken off the
				   link, ever */

	/* The blocking read or write in progress on this pipe (under
	 * dev->lock): whichever thread drives the link moves its words
	 * (rt_pipes_service), so that host threads blocked on different pipes
	 * all progress while one of them clocks the simulator. */
	bool op_active;
	const uint8_t *op_src;	/* write: the caller's words */
	uint8_t *op_dst;	/* read: where the words go */
	size_t op_words, op_done;
};

struct rt_spec {
	char *name, *type;
	unsigned width;
	int64_t value;
	bool folded;		/* its value is built into the hardware */
	unsigned word0, words;	/* its SPEC registers */
};

struct sluice_module {
	sluice_device *dev;
	char *dir;		/* the module directory, as given */
	json_t *root;		/* the manifest; strings below point into it */
	const char *name, *target, *top;
	double clock_mhz;
	json_t *images;		/* the manifest's "images" object */
	bool has_design_id;
	bool no_host_link;	/* manifest "host_link": false */
	uint32_t design_id;

	size_t nkernels, npipes, nspecs;
	struct rt_kernel *kernels;
	struct rt_pipe *pipes;
	struct rt_spec *specs;

	/* device memory (devmem.c): the manifest's "device_memory", or NULL */
	json_t *devmem;
	uint64_t devmem_bytes;
	struct rt_devbuf *bufs;	/* live buffers, by address (under dev->lock) */
	size_t nbufs;
	pthread_mutex_t devmem_lock; /* one device-memory call at a time */

	unsigned n_h2d, n_d2h, n_started;
	unsigned arg_words, spec_words;
	struct rt_pipe *h2d[SL_MAX_PIPES], *d2h[SL_MAX_PIPES];
};

/* Reads and checks dir/manifest.json; *out is a module not yet on a
 * device.  Errors: NOT_FOUND, MANIFEST, MODULE_STATE, CONNECTIVITY,
 * NOT_SUPPORTED, NO_MEM (with a message naming the manifest). */
int rt_manifest_load(const char *dir, struct sluice_module **out);
void rt_module_free(struct sluice_module *m);

/* The C value at value (size bytes, host order) as ceil(width / 32) words,
 * least significant first, bits above width cleared (module.c). */
void rt_pack_words(const void *value, size_t size, unsigned width, uint32_t *words);

struct rt_pipe *rt_find_pipe(sluice_module *m, const char *name);

/* A buffer of sluice_malloc_device: [addr, addr + len), table entry slot
 * of the device memory's check. */
struct rt_devbuf {
	uint32_t addr, len;
	unsigned slot;
};
/* After kernel k has returned or cannot go on (devmem.c): SLUICE_E_FAULT
 * with the message naming the access if the device memory has recorded a
 * fault of k's port, else rc unchanged.  Takes the device lock itself. */
int rt_devmem_fault(sluice_module *m, const struct rt_kernel *k, int rc);
struct rt_kernel *rt_find_kernel(sluice_module *m, const char *name);

/* ---- the device and its link (device.c, pump.c) ------------------------------ */

/* The device lock (lock.c): first come, first served. */
struct rt_lock {
	pthread_mutex_t m;
	pthread_cond_t c;	/* on CLOCK_MONOTONIC */
	uint64_t next, serving;
	unsigned passing;	/* holders in rt_lock_pass, waiting for another to ask */
};
int rt_lock_init(struct rt_lock *l);
void rt_lock_destroy(struct rt_lock *l);
void rt_lock(struct rt_lock *l);
void rt_unlock(struct rt_lock *l);
/* Another thread waits for the lock (asked by the holder). */
bool rt_lock_contended(struct rt_lock *l);
/* The holder lets the lock go, waits until another thread asks for it or
 * max_ns have passed, and asks for it again: the thread that asked gets it
 * first. */
void rt_lock_pass(struct rt_lock *l, int64_t max_ns);

#define RT_TXQ_SIZE (4 * SL_WIRE_MAX(SL_MAX_BODY))
#define RT_RXBUF_SIZE 8192

struct sluice_device {
	const struct sluice_transport_ops *ops;
	struct sluice_transport *t;
	char *name;		/* device string */
	char *board;
	struct rt_lock lock;	/* everything below and the transport */

	sluice_module *mod;	/* loaded module, or NULL */
	struct sl_link *link;	/* while a module is loaded */
	uint8_t session;
	struct rt_timing timing;
	bool broken;		/* the transport failed: every call fails */
	char broken_msg[256];

	uint8_t txq[RT_TXQ_SIZE]; /* wire bytes from the link not yet sent */
	size_t txq_off, txq_len;
	uint8_t rx[RT_RXBUF_SIZE];

	/* deadlock detection: a fingerprint of everything that counts as
	 * progress (pipe words moving, kernels returning; not register
	 * traffic, so that polling a kernel is not progress), and the tick at
	 * which it last changed */
	uint64_t fingerprint, last_progress;
	int64_t last_progress_ns;
	int64_t slice_ns;	/* when the current holder took the device */
	uint64_t host_words;	/* words the host has written or read, ever */
};

/* A blocking wait in progress: its deadline and what it waits for (for the
 * deadlock message). */
struct rt_wait {
	int64_t deadline_ns;		/* CLOCK_MONOTONIC; < 0: none */
	char what[160];			/* "to read 16 bytes from pipe 'out'" */
	const struct rt_pipe *pipe;	/* the pipe waited on, or NULL */
	const struct rt_kernel *kernel;	/* the kernel waited for, or NULL */
};

void rt_wait_init(struct rt_wait *w, int timeout_ms, const char *fmt, ...) RT_PRINTF(3, 4);

/* All with dev->lock held. */
/* One round: hand the link's bytes to the transport and the transport's
 * bytes to the link, for at most `budget` ticks. */
int rt_pump(sluice_device *d, uint64_t budget);
/* One round of a blocking wait: rt_pump with the waiting budget, then the
 * deadlock and timeout checks (SLUICE_E_DEADLOCK, SLUICE_E_TIMEOUT with a
 * message built from w).  May release dev->lock and take it again (when
 * another thread waits and this one has had it for a while), so callers
 * re-check their condition after it. */
int rt_wait_round(sluice_device *d, struct rt_wait *w);
/* Blocking CSR access (n words; reads: n <= SL_CSR_RD_MAX; writes: any n,
 * split into frames).  w: the wait the access is part of (its deadline and
 * deadlock message), or NULL for one of its own. */
int rt_csr_read(sluice_device *d, uint16_t addr, unsigned n, uint32_t *vals, struct rt_wait *w);
int rt_csr_write(sluice_device *d, uint16_t addr, const uint32_t *vals, unsigned n,
		 struct rt_wait *w);
/* Connects the link for the loaded module and checks the device's
 * identity registers against the manifest. */
int rt_link_up(sluice_device *d);
/* Carries on every blocking pipe call in progress (pipe.c): hands h2d
 * words to the link, takes arrived d2h words. */
void rt_pipes_service(sluice_device *d);
/* How many blocking pipe calls are under way with words still to move
 * (finished false), or have moved all their words while their threads
 * waited for the device, which they have yet to take back to return
 * (finished true). */
unsigned rt_pipes_calls(const sluice_device *d, bool finished);
/* Drops the link. */
void rt_link_down(sluice_device *d);
/* Locks dev->lock and fails with the device's state if it is broken or has
 * no module; on failure the lock is not held. */
int rt_dev_enter(sluice_device *d);
void rt_dev_leave(sluice_device *d);

/* Monotonic wall clock in nanoseconds. */
int64_t rt_now_ns(void);
/* For the board transports (UART, USB, PCIe), whose ticks are
 * microseconds of that clock and whose modules need nothing to come off:
 * their `now` and `unload`. */
uint64_t rt_clock_us(struct sluice_transport *t);
void rt_nothing_to_unload(struct sluice_transport *t);
/* Reads an unsigned decimal environment variable, def if unset or bad. */
uint64_t rt_env_u64(const char *name, uint64_t def);

#endif
