/*
 * sluice/runtime.h -- libsluice, the host side of sluice (DESIGN.md section 5).
 *
 * A host program opens a device, loads a module (the directory that
 * `sluice build` writes) onto it, starts kernels with scalar arguments and
 * streams data through the module's host pipes:
 *
 *     sluice_device *dev;
 *     sluice_module *mod;
 *     if (sluice_device_open(&dev, NULL) != SLUICE_OK ||        // $SLUICE_DEVICE, else "sim"
 *         sluice_module_load(dev, "vscale.sluice", &mod) != SLUICE_OK) {
 *         fprintf(stderr, "%s\n", sluice_last_error());
 *         return 1;
 *     }
 *     int32_t n = 100;
 *     sluice_kernel_start(mod, "scale", &n, sizeof n);
 *     sluice_pipe_write(mod, "in", xs, sizeof xs);             // blocks until taken
 *     sluice_pipe_read(mod, "out", ys, sizeof ys);             // blocks until read
 *     sluice_kernel_wait(mod, "scale", SLUICE_FOREVER);
 *     sluice_module_close(mod);
 *     sluice_device_close(dev);
 *
 * Conventions (libusb is the model):
 *   - handles are opaque; every name has the prefix sluice_ / SLUICE_;
 *   - every function that can fail returns an int status: SLUICE_OK (0) or a
 *     negative SLUICE_E_* code, and keeps a readable message for
 *     sluice_last_error() in the calling thread.  Nothing prints, exits or
 *     aborts on the caller's behalf;
 *   - outputs (through pointer arguments) are written only on success
 *     (the one exception: the buffer of a blocking read that fails);
 *   - sizes are in bytes (size_t), timeouts in milliseconds;
 *   - a pipe word is the C value's bytes in host memory order (the bytes a
 *     kernel sees in tdata[7:0], tdata[15:8], ...), so a host program writes
 *     the same C type the kernel declared for the pipe; a host pipe call
 *     moves a whole number of words.
 *
 * Host pipes follow the pipes specification (seeds/000): a host pipe is
 * one-directional (the host writes an h2d pipe that one kernel reads, or
 * reads a d2h pipe that one kernel writes); a pipe holds at least its
 * MinCapacity words, so that many words can be written with no kernel
 * reading; a blocking call waits until every word has been taken (write)
 * or has arrived (read); a non-blocking call that fails leaves the pipe
 * unchanged.
 *
 * Threads: every function may be called from any thread.  Host pipe,
 * kernel and query calls on one device may run concurrently in several
 * threads; calls on one pipe are serialized (the words of one call stay
 * together), and the order between calls of different threads on one pipe
 * is not defined, as the specification says.  sluice_module_close and
 * sluice_device_close must not run while another thread uses the handle.
 *
 * Devices (the string given to sluice_device_open, or $SLUICE_DEVICE):
 *   "sim"                 the module's Verilator model in this process (default)
 *   "BOARD:/dev/ttyUSBn"  a board reached over its UART host link
 *   "usb:VID:PID[:SERIAL]" a board on USB, hex ids: an FTDI FT232H or FT2232H
 *                         in synchronous FIFO mode, through libusb-1.0
 *   "pcie:/dev/NAME"      a PCIe board through its DMA character devices
 *                         (the XDMA driver's NAME_h2c_0 and NAME_c2h_0)
 * The simulator advances only while the host is inside a libsluice call that
 * blocks or polls; SLUICE_TRACE=FILE.fst writes a waveform of each module
 * loaded (FILE is overwritten), and SLUICE_DEADLOCK_CYCLES (default
 * 4000000, 0 = never) sets how many simulated cycles without progress
 * (no pipe word moving, no kernel returning) while the host waits count
 * as a deadlock (they must also have lasted 0.2 s of real time, so that
 * another host thread about to write is not mistaken for one).  A kernel
 * that computes that long without touching a pipe needs a larger value.
 */
#ifndef SLUICE_RUNTIME_H
#define SLUICE_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SLUICE_API __attribute__((visibility("default")))
#else
#define SLUICE_API
#endif

/* ---- handles ------------------------------------------------------------ */

/* An open device (a simulator instance or a board).  Owns the host link. */
typedef struct sluice_device sluice_device;
/* A module loaded on a device: its kernels and host pipes. */
typedef struct sluice_module sluice_module;

/* ---- status codes ------------------------------------------------------- */

enum sluice_status {
	SLUICE_OK = 0,
	SLUICE_E_INVALID_ARG = -1,    /* NULL handle or pointer, bad flag, ...          */
	SLUICE_E_NO_MEM = -2,         /* out of memory                                  */
	SLUICE_E_NOT_FOUND = -3,      /* no such module directory, pipe or kernel       */
	SLUICE_E_NOT_SUPPORTED = -4,  /* the device or transport cannot do this         */
	SLUICE_E_NO_DEVICE = -5,      /* the device named is not there                  */
	SLUICE_E_MANIFEST = -6,       /* manifest.json is malformed or inconsistent     */
	SLUICE_E_MODULE_STATE = -7,   /* the module is not executable (object, input)   */
	SLUICE_E_NO_IMAGE = -8,       /* the module has no image that fits the device   */
	SLUICE_E_CONNECTIVITY = -9,   /* host pipe endpoints break the pipe rules       */
	SLUICE_E_SIZE = -10,          /* not a whole number of words; wrong args size   */
	SLUICE_E_DIRECTION = -11,     /* writing a d2h pipe, reading an h2d pipe, ...   */
	SLUICE_E_BUSY = -12,          /* a module is loaded already; a pipe is mapped   */
	SLUICE_E_TIMEOUT = -13,       /* the timeout passed first                       */
	SLUICE_E_DEADLOCK = -14,      /* the host waits and nothing can move (sim)      */
	SLUICE_E_IO = -15,            /* the transport failed or the device is silent   */
	SLUICE_E_IMAGE_MISMATCH = -16,/* the device runs a design other than the module */
	SLUICE_E_INTERNAL = -17,      /* a bug in libsluice                             */
	SLUICE_E_FAULT = -18,         /* a kernel's device-memory access was out of range */
};

/* "SLUICE_E_SIZE" for SLUICE_E_SIZE, ...; "SLUICE_E_UNKNOWN" for other
 * values.  Static strings.  Thread-safe. */
SLUICE_API const char *sluice_error_name(int status);

/* A one-line English description of a status code ("size is not a whole
 * number of pipe words", ...).  Static strings.  Thread-safe. */
SLUICE_API const char *sluice_strerror(int status);

/* The message of the most recent failing libsluice call in the calling
 * thread, naming what failed and why ("pipe 'out' carries 4-byte words;
 * 6 bytes is not a whole number of them").  "" if no call has failed in
 * this thread.  Successful calls leave it alone.  The string belongs to the
 * thread and stays valid until its next failing call.  Thread-local. */
SLUICE_API const char *sluice_last_error(void);

/* The status of that same call (SLUICE_OK if none failed), for the calls
 * that return a pointer (sluice_pipe_map).  Thread-local. */
SLUICE_API int sluice_last_error_code(void);

/* ---- devices ------------------------------------------------------------ */

/* Opens a device.  name: a device string (see the top of this file), or
 * NULL for $SLUICE_DEVICE, or "sim" if that is unset or empty.  On success
 * *dev is the new device, to be closed with sluice_device_close.
 * Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG (dev NULL, a malformed device string),
 * SLUICE_E_NOT_SUPPORTED (a transport this libsluice does not have yet),
 * SLUICE_E_NO_DEVICE (the device node is not there), SLUICE_E_IO,
 * SLUICE_E_NO_MEM. */
SLUICE_API int sluice_device_open(sluice_device **dev, const char *name);

/* Closes a device, and the module still loaded on it (as
 * sluice_module_close).  NULL is ignored.  No other thread may use the
 * device or its module meanwhile. */
SLUICE_API void sluice_device_close(sluice_device *dev);

/* Device queries.  Each query has one C type; size must be its size
 * (strings: the size of the buffer, which receives a NUL-terminated
 * string).  Thread-safe.
 */
enum sluice_info {
	/* bool: the device supports pipes from a kernel to another or the
	 * same kernel (the spec's kernel_kernel_pipe_support).  Always true. */
	SLUICE_INFO_KERNEL_KERNEL_PIPE_SUPPORT = 1,
	/* bool: the device supports host pipes (kernel_host_pipe_support). */
	SLUICE_INFO_KERNEL_HOST_PIPE_SUPPORT = 2,
	/* uint32_t: most host pipes the host reads (d2h) in one module;
	 * 0 without host pipe support (max_host_read_pipes). */
	SLUICE_INFO_MAX_HOST_READ_PIPES = 3,
	/* uint32_t: most host pipes the host writes (h2d) in one module
	 * (max_host_write_pipes). */
	SLUICE_INFO_MAX_HOST_WRITE_PIPES = 4,
	/* uint64_t: the design clock in Hz: the loaded module's, else the
	 * board's; 0 if not known (a simulator with no module). */
	SLUICE_INFO_CLOCK_HZ = 5,
	/* char[]: the device string it was opened with ("sim",
	 * "icebreaker:/dev/ttyUSB1"). */
	SLUICE_INFO_DEVICE_NAME = 6,
	/* char[]: the board ("sim" for the simulator, "icebreaker", ...). */
	SLUICE_INFO_BOARD = 7,
	/* char[]: the transport: "sim", "uart", "usb" or "pcie". */
	SLUICE_INFO_TRANSPORT = 8,
	/* uint64_t: clock cycles simulated so far for the loaded module
	 * (SLUICE_E_NOT_SUPPORTED on hardware). */
	SLUICE_INFO_SIM_CYCLES = 9,
};

/* Answers one query into value (size bytes).
 * Errors: SLUICE_E_INVALID_ARG (dev or value NULL, unknown query),
 * SLUICE_E_SIZE (size is not the query's size, or a string buffer is too
 * small: the message says how big it must be), SLUICE_E_NOT_SUPPORTED. */
SLUICE_API int sluice_device_info(sluice_device *dev, enum sluice_info what, void *value,
				  size_t size);

/* ---- modules ------------------------------------------------------------ */

/* Loads the module in directory path (its manifest.json and the image for
 * this device) onto dev, resets its kernels and pipes and connects the host
 * link.  A device holds one module at a time: pipe data belongs to that
 * module and is lost when it is closed.  On success *mod is the module; the
 * caller closes it with sluice_module_close.  Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_FOUND (no manifest.json at
 * path), SLUICE_E_MANIFEST (not JSON, not a sluice module, an unknown
 * format version, a missing or ill-typed field, inconsistent kernels,
 * parameters or pipes), SLUICE_E_MODULE_STATE (not "executable"),
 * SLUICE_E_CONNECTIVITY (a host pipe that the host would both read and
 * write, a kernel at both ends of a host pipe, a host pipe bound to more
 * than one kernel or to none, a direction that contradicts its endpoints),
 * SLUICE_E_NO_IMAGE (no image for this device, or its file is missing, or
 * the design has no host link: no host pipe, started kernel or spec
 * register, nothing for a host program to reach),
 * SLUICE_E_NOT_SUPPORTED (a host pipe wider than the link carries, too
 * many host pipes), SLUICE_E_BUSY (a module is loaded already),
 * SLUICE_E_IMAGE_MISMATCH (the device answers with other pipes or
 * kernels than the manifest lists), SLUICE_E_IO, SLUICE_E_NO_MEM. */
SLUICE_API int sluice_module_load(sluice_device *dev, const char *path, sluice_module **mod);

/* Unloads a module: stops the simulator (flushing its trace) or leaves the
 * board as it is; words still in pipes or on the link are dropped.  NULL is
 * ignored.  No other thread may use the module meanwhile. */
SLUICE_API void sluice_module_close(sluice_module *mod);

/* What a module says about one of its pipes.  Strings belong to the module
 * and live until sluice_module_close. */
struct sluice_pipe_info {
	const char *name;
	const char *type;	/* the C type as written in the kernel source */
	unsigned width;		/* bits per word */
	size_t word_size;	/* bytes per word: width / 8 */
	size_t min_capacity;	/* words: MinCapacity */
	size_t depth;		/* words the FIFO holds (>= min_capacity) */
	bool host;		/* a host pipe */
	bool host_writes;	/* host pipe the host writes (h2d); false: it reads (d2h) */
	const char *reader;	/* kernel reading it, or NULL (the host, a port) */
	const char *writer;	/* kernel writing it, or NULL */
};

/* The pipe at index (0, 1, ... in manifest order) of mod.
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_FOUND (index past the end). */
SLUICE_API int sluice_module_pipe(const sluice_module *mod, size_t index,
				  struct sluice_pipe_info *info);

struct sluice_param_info {
	const char *name;
	unsigned width;		/* bits */
	bool is_signed;
	bool is_float;		/* a float (width 32) or a double (64) */
	bool is_pointer;	/* a device address (sluice_malloc_device) */
	size_t offset, size;	/* where it sits in the argument buffer */
};

struct sluice_kernel_info {
	const char *name;
	bool autorun;		/* runs from reset; cannot be started */
	size_t args_size;	/* bytes sluice_kernel_start expects */
	size_t nparams;
	const struct sluice_param_info *params;
};

/* The kernel at index (manifest order) of mod.  Same errors as
 * sluice_module_pipe. */
SLUICE_API int sluice_module_kernel(const sluice_module *mod, size_t index,
				    struct sluice_kernel_info *info);

/* Sets specialization constant name to the C value at value (size bytes:
 * the constant's type), through the device's specialization-constant
 * registers; started kernels see it from their next start, autorun
 * kernels at once.  Thread-safe.  A constant whose value the build folded
 * into the hardware (manifest "binding": "folded", the default; `sluice
 * build --spec-register NAME` makes it a register) accepts only that
 * value.
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_FOUND, SLUICE_E_SIZE,
 * SLUICE_E_NOT_SUPPORTED (a folded constant given another value),
 * SLUICE_E_IO, SLUICE_E_DEADLOCK. */
SLUICE_API int sluice_module_set_spec(sluice_module *mod, const char *name, const void *value,
				      size_t size);

/* ---- kernels ------------------------------------------------------------ */

/* Starts host-started kernel `kernel` with the arguments in args: size
 * bytes laid out as a C struct whose members are the kernel's parameters in
 * order (struct { uint32_t n, key; } for k(uint32_t n, uint32_t key)); a
 * kernel with no parameters takes args NULL and size 0.  Returns once the
 * start is on its way: it takes effect in order with the host pipe calls
 * that follow.  If the kernel is running, the start waits in the device and
 * the kernel runs again when it returns; if such a start is already
 * waiting, this call blocks until the device has taken it.  Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG (NULL module or name, args NULL with size
 * > 0), SLUICE_E_NOT_FOUND (no such kernel), SLUICE_E_NOT_SUPPORTED (an
 * autorun kernel), SLUICE_E_SIZE (size is not the kernel's argument size),
 * SLUICE_E_DEADLOCK, SLUICE_E_IO. */
SLUICE_API int sluice_kernel_start(sluice_module *mod, const char *kernel, const void *args,
				   size_t size);

#define SLUICE_FOREVER (-1)

/* Waits until kernel `kernel` has returned from every start so far (at
 * once if it was never started).  timeout_ms: milliseconds of wall-clock
 * time; 0 only checks; SLUICE_FOREVER (or any negative value) has no limit.
 * Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_FOUND,
 * SLUICE_E_NOT_SUPPORTED (an autorun kernel never returns),
 * SLUICE_E_TIMEOUT, SLUICE_E_DEADLOCK (the simulated kernel can never
 * return: the message says what it and the host wait for), SLUICE_E_IO. */
SLUICE_API int sluice_kernel_wait(sluice_module *mod, const char *kernel, int timeout_ms);

/* ---- device memory ------------------------------------------------------- */

/* A kernel's pointer arguments point into device memory: a RAM of the
 * design (rtl/sluice_devmem.v; the manifest's "device_memory" says how
 * large) that the host fills and reads over the host link.  These work on
 * the module loaded on dev.
 *
 * sluice_malloc_device returns the device address of `bytes` bytes (64-byte
 * aligned), to pass as a kernel's pointer argument and to the copies below;
 * it is not a host pointer and must not be dereferenced.  NULL on failure
 * (sluice_last_error says why: SLUICE_E_NOT_SUPPORTED, the module has no
 * device memory; SLUICE_E_NO_MEM, no room left; SLUICE_E_BUSY, no module).
 * Buffers are 64 bytes apart at least, so that an access just past one is
 * not in the next; the simulator checks every kernel access against them
 * (an access outside every buffer stops the kernel and its wait returns
 * SLUICE_E_FAULT naming the kernel, the pointer and the source line).
 * At most 64 buffers at once on the simulator.  Unloading the module
 * frees them all.  Thread-safe. */
SLUICE_API void *sluice_malloc_device(sluice_device *dev, size_t bytes);
/* Frees a buffer of sluice_malloc_device (NULL: nothing).
 * Errors: SLUICE_E_INVALID_ARG (not the start of a live buffer). */
SLUICE_API int sluice_free_device(sluice_device *dev, void *ptr);
/* Copies bytes from host memory src to device address dst, or from device
 * address src to host memory dst, in bursts over the host link.  The device
 * range must lie within one buffer.  Blocking; not ordered with a kernel
 * that is running (wait for it first).
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_SUPPORTED, SLUICE_E_DEADLOCK,
 * SLUICE_E_IO, SLUICE_E_NO_MEM. */
SLUICE_API int sluice_memcpy_to_device(sluice_device *dev, void *dst, const void *src,
				       size_t bytes);
SLUICE_API int sluice_memcpy_from_device(sluice_device *dev, void *dst, const void *src,
					 size_t bytes);

/* ---- host pipes ---------------------------------------------------------- */

/* Writes size bytes (a whole number of words) from data to host pipe
 * `pipe`, which the host writes (h2d).  Blocks until every word has been
 * taken: the device has room for it, so it will reach the kernel.
 * Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG, SLUICE_E_NOT_FOUND (no host pipe of that
 * name), SLUICE_E_DIRECTION (a pipe the host reads), SLUICE_E_SIZE (not a
 * whole number of words), SLUICE_E_BUSY (the pipe is mapped),
 * SLUICE_E_DEADLOCK (nothing can take the words: the kernel is not reading
 * and the pipe is full), SLUICE_E_IO.  After SLUICE_E_DEADLOCK or
 * SLUICE_E_IO a part of the words may have been written. */
SLUICE_API int sluice_pipe_write(sluice_module *mod, const char *pipe, const void *data,
				 size_t size);

/* Like sluice_pipe_write without blocking: writes all size bytes if the
 * pipe has room for all of them now (*ok = true), else writes nothing and
 * leaves the pipe unchanged (*ok = false).  At least MinCapacity words fit
 * in an empty pipe.  Returns SLUICE_OK in both cases (the simulator is
 * advanced a little, so that polling makes progress).  Same errors as
 * sluice_pipe_write, but never SLUICE_E_DEADLOCK; ok must not be NULL. */
SLUICE_API int sluice_pipe_write_nb(sluice_module *mod, const char *pipe, const void *data,
				    size_t size, bool *ok);

/* Reads size bytes (a whole number of words) from host pipe `pipe`, which
 * the host reads (d2h), into data.  Blocks until all of them have arrived.
 * Thread-safe.
 * Errors: as sluice_pipe_write, with SLUICE_E_DIRECTION for a pipe the
 * host writes.  After SLUICE_E_DEADLOCK or SLUICE_E_IO, data may hold
 * the words that had arrived, and they also stay in the pipe: the next read
 * returns them first, so no word is lost. */
SLUICE_API int sluice_pipe_read(sluice_module *mod, const char *pipe, void *data, size_t size);

/* Like sluice_pipe_read without blocking: reads size bytes if that many
 * have arrived (*ok = true), else reads nothing and leaves the pipe
 * unchanged (*ok = false). */
SLUICE_API int sluice_pipe_read_nb(sluice_module *mod, const char *pipe, void *data, size_t size,
				   bool *ok);

/* Flags of sluice_pipe_map: which way the host uses the pipe. */
#define SLUICE_MAP_WRITE 0x1	/* the host writes the mapped words (h2d pipe) */
#define SLUICE_MAP_READ 0x2	/* the host reads the mapped words (d2h pipe)  */

/* Maps host pipe `pipe` for a bulk transfer, as the spec's map():
 *   SLUICE_MAP_WRITE: returns a buffer of *mapped bytes (a whole number of
 *     words, at most requested, at least one word) for the host to fill;
 *     each sluice_pipe_unmap then writes the next words of it to the pipe.
 *   SLUICE_MAP_READ: blocks until at least one word has arrived, then
 *     returns the words that have arrived (*mapped bytes, at most
 *     requested); each sluice_pipe_unmap consumes the next words.
 * Mapping adds no capacity to the pipe.  One mapping per pipe at a time;
 * while it lasts, the pipe's read and write calls fail with SLUICE_E_BUSY.
 * The buffer belongs to the module and stays valid until the mapping ends.
 * Returns NULL on failure (sluice_last_error_code() tells why; *mapped is
 * then untouched).  Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG (mapped NULL, flags not exactly one of the
 * two), SLUICE_E_NOT_FOUND, SLUICE_E_DIRECTION (flags do not match the
 * pipe's direction), SLUICE_E_SIZE (requested is less than one word),
 * SLUICE_E_BUSY (mapped already), SLUICE_E_DEADLOCK, SLUICE_E_IO. */
SLUICE_API void *sluice_pipe_map(sluice_module *mod, const char *pipe, int flags,
				 size_t requested, size_t *mapped);

/* Ends the use of the next size bytes of the mapping of `pipe`, starting at
 * ptr, which must be the address map returned advanced by the bytes
 * unmapped so far.  size: a whole number of words, at most what is left.
 * For a write mapping the words are written to the pipe (blocking, as
 * sluice_pipe_write; if that fails, the mapping ends); for a read mapping
 * they are consumed.  The mapping
 * ends when nothing is left, or with size 0, which ends it early: the rest
 * of a write mapping is discarded, the rest of a read mapping stays in the
 * pipe to be read next.  Thread-safe.
 * Errors: SLUICE_E_INVALID_ARG (pipe not mapped, ptr not the next address,
 * size more than is left), SLUICE_E_NOT_FOUND, SLUICE_E_SIZE (not a whole
 * number of words), SLUICE_E_DEADLOCK, SLUICE_E_IO. */
SLUICE_API int sluice_pipe_unmap(sluice_module *mod, const char *pipe, void *ptr, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SLUICE_RUNTIME_H */
