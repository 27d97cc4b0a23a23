/*
 * sluice.h -- the kernel side of sluice.
 *
 * Kernels are plain C11 (with the GNU statement-expression extension that
 * gcc and clang share) and talk to each other, to the host and to the
 * outside world through pipes:
 *
 *   SLUICE_PIPE(samples, int32_t, 16);              kernel <-> kernel
 *   SLUICE_HOST_PIPE(in, int32_t, 8, SLUICE_H2D);   host writes, a kernel reads
 *   SLUICE_HOST_PIPE(out, int32_t, 8, SLUICE_D2H);  a kernel writes, host reads
 *   SLUICE_IO_PIPE_IN(adc, uint16_t, 0);            top-level input stream port
 *   SLUICE_IO_PIPE_OUT(dac, uint16_t, 0);           top-level output stream port
 *   SLUICE_SPEC_CONSTANT(int32_t, gain, 3);         specialization constant
 *
 *   SLUICE_KERNEL void scale(int32_t n) { ... }     started by the host
 *   SLUICE_AUTORUN void echo(void) { ... }          runs from reset, restarts
 *
 *   T    sluice_read(pipe [, props...])             blocking
 *   void sluice_write(pipe, value [, props...])     blocking
 *   T    sluice_read_nb(pipe, bool *ok [, props...])        non-blocking: on
 *   void sluice_write_nb(pipe, value, bool *ok [, props...]) failure the pipe
 *                                                   is left unchanged
 *   props: SLUICE_ANCHOR(id), SLUICE_LATENCY(target_id, kind, cycles) with
 *          kind one of SLUICE_EXACT, SLUICE_MIN, SLUICE_MAX.
 *   void sluice_fence(void)                         order across pipes
 *
 * Operations on one pipe happen in program order, one per clock cycle.
 * Operations on different pipes are ordered only by the data they pass
 * and by latency constraints: as the pipes spec says, "accesses to one pipe
 * may be reordered relative to accesses to another pipe", and sluice does
 * so, completing a read of one pipe and a write of another in the same
 * cycle, or a later read first.  When a kernel needs program order across
 * pipes (it writes a request to one pipe and then reads the answer from
 * another, and the answer comes only after the request), put sluice_fence()
 * between them: every pipe operation before the fence completes in an
 * earlier cycle than every pipe operation after it (in a loop, also those of
 * the next iteration).  It is the counterpart of OpenCL's
 * mem_fence(CLK_CHANNEL_MEM_FENCE); on the CPU it orders nothing that is not
 * in order already.
 *
 * A pipe's identity is its name; name, data type and MinCapacity together are
 * its type, and declaring one name with two types is a link-time error.
 *
 * Innermost loops, and the body of an autorun kernel, are pipelined (a body
 * with if/else inside is if-converted first; a switch or an inner loop
 * keeps it sequential): a new iteration starts every II cycles, the
 * lowest II that the loop's recurrences, its pipe operations (at most one per
 * pipe per cycle) and its latency constraints allow; `sluice report` says
 * which II each loop got and what limits it.  clang's loop pragmas steer it:
 *   #pragma clang loop pipeline(disable)              one iteration at a time
 *   #pragma clang loop pipeline_initiation_interval(N) ask for II N; a warning
 *                                                     names the recurrence or
 *                                                     pipe if it cannot be met
 *
 * The same header serves two compilers.  When sluice compiles a kernel it
 * defines __SLUICE_HLS__ and the pipe calls below become hardware pipe
 * operations.  Compiled as ordinary host C (gcc or clang, no define), the
 * calls go to functions that the CPU emulation library provides, so a kernel
 * file can be run and unit-tested on the CPU.
 *
 * Contract with the compiler's front end (hls/front/): everything it needs is
 * in these names, so keep them in step with hls/front/lower_pipes.c.
 *   - each pipe is a `struct sluice_pipe_desc` constant in section
 *     "sluice.pipes"; its `name` string is its identity;
 *   - each specialization constant is a constant global named
 *     `__sluice_spec_<name>` in section "sluice.spec", its initializer the
 *     default value, plus a `struct sluice_spec_desc` in "sluice.specdesc";
 *   - kernels are in section "sluice.kernel", autorun kernels in
 *     "sluice.autorun";
 *   - pipe operations are calls to the __sluice_pipe_* functions below, whose
 *     trailing int arguments are the props (0 = none).
 */
#ifndef SLUICE_H
#define SLUICE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pipe kinds and directions, as stored in a pipe descriptor. */
enum sluice_pipe_kind {
	SLUICE_KIND_PIPE = 0, /* kernel to kernel */
	SLUICE_KIND_HOST = 1, /* host pipe */
	SLUICE_KIND_IO = 2,   /* top-level stream port */
};

enum sluice_pipe_dir {
	SLUICE_DIR_NONE = 0,
	SLUICE_H2D = 1,    /* host to device: the host writes, a kernel reads */
	SLUICE_D2H = 2,    /* device to host: a kernel writes, the host reads */
	SLUICE_IO_IN = 3,  /* port into the design: a kernel reads */
	SLUICE_IO_OUT = 4, /* port out of the design: a kernel writes */
};

/* Latency control kinds, for SLUICE_LATENCY. */
enum sluice_latency_kind {
	SLUICE_NONE = 0,
	SLUICE_EXACT = 1,
	SLUICE_MAX = 2,
	SLUICE_MIN = 3,
};

struct sluice_pipe_desc {
	const char *name;	  /* identity of the pipe */
	const char *type;	  /* the C type as written, for diagnostics */
	unsigned size;		  /* sizeof the data type, in bytes */
	int min_capacity;	  /* MinCapacity in words */
	int kind;		  /* enum sluice_pipe_kind */
	int dir;		  /* enum sluice_pipe_dir */
};

struct sluice_spec_desc {
	const char *name;
	const char *type;
	unsigned size;
	const void *value; /* the constant global holding the default */
};

/* Properties of one pipe operation.  `_first` exists so that the designated
 * initializers of the property macros never override a positional one. */
struct sluice_props {
	int _first;
	int anchor; /* anchor id + 1, or 0 */
	int target; /* target anchor id + 1, or 0 */
	int kind;   /* enum sluice_latency_kind */
	int cycles;
};

#define SLUICE_ANCHOR(id) .anchor = (id) + 1
#define SLUICE_LATENCY(target_id, kind_, cycles_) \
	.target = (target_id) + 1, .kind = (kind_), .cycles = (cycles_)

/* The pipe operations.  `size` is sizeof the pipe's data type; `data` points
 * at a value of that type.  The last four arguments are a struct
 * sluice_props spelled out.  Implemented by the compiler (as hardware) and
 * by the CPU emulation library (as queues). */
void __sluice_pipe_read(const struct sluice_pipe_desc *pipe, void *data,
			unsigned size, int anchor, int target, int kind,
			int cycles);
void __sluice_pipe_write(const struct sluice_pipe_desc *pipe, const void *data,
			 unsigned size, int anchor, int target, int kind,
			 int cycles);
void __sluice_pipe_read_nb(const struct sluice_pipe_desc *pipe, void *data,
			   unsigned size, bool *ok, int anchor, int target,
			   int kind, int cycles);
void __sluice_pipe_write_nb(const struct sluice_pipe_desc *pipe,
			    const void *data, unsigned size, bool *ok,
			    int anchor, int target, int kind, int cycles);

/* sluice_fence(): the pipe operations before it complete before those
 * after it.  Implemented by the compiler (as a schedule constraint) and by
 * the CPU emulation library (where pipe operations never overlap). */
void __sluice_fence(void);
#define sluice_fence() __sluice_fence()

#define SLUICE__SECTION(s) __attribute__((used, section(s)))

#define SLUICE__DECLARE_PIPE(name_, T, cap, kind_, dir_)                    \
	typedef T sluice__type_##name_;                                       \
	SLUICE__SECTION("sluice.pipes")                                       \
	static const struct sluice_pipe_desc name_ = {                        \
		#name_, #T, (unsigned)sizeof(T), (cap), (kind_), (dir_)}

#define SLUICE_PIPE(name, T, min_capacity) \
	SLUICE__DECLARE_PIPE(name, T, min_capacity, SLUICE_KIND_PIPE, SLUICE_DIR_NONE)
#define SLUICE_HOST_PIPE(name, T, min_capacity, dir) \
	SLUICE__DECLARE_PIPE(name, T, min_capacity, SLUICE_KIND_HOST, dir)
#define SLUICE_IO_PIPE_IN(name, T, min_capacity) \
	SLUICE__DECLARE_PIPE(name, T, min_capacity, SLUICE_KIND_IO, SLUICE_IO_IN)
#define SLUICE_IO_PIPE_OUT(name, T, min_capacity) \
	SLUICE__DECLARE_PIPE(name, T, min_capacity, SLUICE_KIND_IO, SLUICE_IO_OUT)

#define SLUICE__PROPS(...) ((struct sluice_props){0, __VA_ARGS__})
#define SLUICE__PROPARGS(...)                                              \
	SLUICE__PROPS(__VA_ARGS__).anchor, SLUICE__PROPS(__VA_ARGS__).target, \
		SLUICE__PROPS(__VA_ARGS__).kind,                              \
		SLUICE__PROPS(__VA_ARGS__).cycles

#define sluice_read(pipe, ...)                                              \
	__extension__({                                                     \
		sluice__type_##pipe sluice__v;                              \
		__sluice_pipe_read(&(pipe), &sluice__v, sizeof sluice__v,   \
				   SLUICE__PROPARGS(__VA_ARGS__));          \
		sluice__v;                                                  \
	})

#define sluice_write(pipe, value, ...)                                     \
	__extension__({                                                     \
		sluice__type_##pipe sluice__v = (value);                    \
		__sluice_pipe_write(&(pipe), &sluice__v, sizeof sluice__v,  \
				    SLUICE__PROPARGS(__VA_ARGS__));         \
	})

#define sluice_read_nb(pipe, ok, ...)                                       \
	__extension__({                                                     \
		sluice__type_##pipe sluice__v;                              \
		__sluice_pipe_read_nb(&(pipe), &sluice__v, sizeof sluice__v,\
				      (ok), SLUICE__PROPARGS(__VA_ARGS__)); \
		sluice__v;                                                  \
	})

#define sluice_write_nb(pipe, value, ok, ...)                              \
	__extension__({                                                     \
		sluice__type_##pipe sluice__v = (value);                    \
		__sluice_pipe_write_nb(&(pipe), &sluice__v, sizeof sluice__v,\
				       (ok), SLUICE__PROPARGS(__VA_ARGS__));\
	})

/* Specialization constants.  `sluice build` binds each one: folded into
 * the hardware with its default value (the default), folded with another
 * value (--spec NAME=VALUE), or kept as a register of the device that the
 * host sets between kernel runs (--spec-register NAME).  The descriptor
 * lets the module manifest list the constant.  For the compiler the value
 * is not const, so that clang leaves every read of it to the front end;
 * sluice_spec() is an rvalue either way. */
#ifdef __SLUICE_HLS__
#define SLUICE__SPEC_CONST
#define sluice_spec(name_) (__extension__({ __sluice_spec_##name_; }))
#else
#define SLUICE__SPEC_CONST const
#define sluice_spec(name_) (__sluice_spec_##name_)
#endif
#define SLUICE_SPEC_CONSTANT(T, name_, default_)                            \
	SLUICE__SECTION("sluice.spec")                                      \
	static SLUICE__SPEC_CONST T __sluice_spec_##name_ = (default_);     \
	SLUICE__SECTION("sluice.specdesc")                                  \
	static const struct sluice_spec_desc __sluice_specdesc_##name_ = {  \
		#name_, #T, (unsigned)sizeof(T), &__sluice_spec_##name_}

#ifdef __SLUICE_HLS__
#define SLUICE_KERNEL __attribute__((used, noinline, section("sluice.kernel")))
#define SLUICE_AUTORUN __attribute__((used, noinline, section("sluice.autorun")))
#else
#define SLUICE_KERNEL __attribute__((noinline, visibility("default")))
#define SLUICE_AUTORUN __attribute__((noinline, visibility("default")))
#endif

/*
 * SLUICE_PARTITION(banks): on an array of more than 512 bytes (a memory),
 * global or local, splits it cyclically into `banks` block RAMs (1, 2,
 * 4, ... 64; element i in bank i % banks), each with its own ports, so
 * that a loop reading a[2*i] and a[2*i + 1] in one iteration can run at
 * one iteration per clock:
 *
 *     static uint32_t coef[1024] SLUICE_PARTITION(2);
 *
 * Without it the compiler splits a memory where a loop's accesses need it
 * and fall in banks known at compile time; SLUICE_PARTITION(1) keeps one
 * memory.  `sluice build --partition NAME=BANKS` overrides both.  A CPU
 * build ignores it.
 */
#ifdef __SLUICE_HLS__
#define SLUICE_PARTITION(banks) __attribute__((annotate("sluice.partition=" #banks)))
#else
#define SLUICE_PARTITION(banks)
#endif

#ifdef __cplusplus
}
#endif

#endif /* SLUICE_H */
