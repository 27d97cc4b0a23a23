/*
 * prelude.h -- what tests/csmith/run.py puts in front of a csmith program
 * to make it a sluice kernel (it stands in for csmith's own csmith.h).
 *
 * The program's main() is renamed csmith_main() by run.py; the kernel
 * csmith_kernel() calls it.  csmith's main runs func_1() and then hands every
 * global scalar (and every field of every global struct) to
 * transparent_crc(); here that streams the value, widened to 64 bits, out of
 * the I/O pipe `csmith_out`, and platform_main_end() writes CSMITH_END, so
 * the stream is the program's whole final state followed by an end marker.
 * No table lookups, no printf, no pointers: only what sluice compiles today
 * (arrays, with --with arrays: up to 512 bytes each).
 *
 * Compiled as plain host C (no __SLUICE_HLS__) with tests/csmith/ref_main.c,
 * the same file is the CPU reference.
 */
#ifdef __clang__
/* csmith's code style sets off most of clang's warnings */
#pragma clang diagnostic ignored "-Weverything"
#endif

#include <float.h>
#include <math.h>
#include <limits.h>
#include <stdint.h>

#include <sluice.h>

SLUICE_IO_PIPE_OUT(csmith_out, uint64_t, 0);

#define CSMITH_END 0xC5C5E4D0C5C5E4D0ull

#define platform_main_begin() ((void)0)
#define crc32_gentab() ((void)0)
#define crc32_context 0ull
#define transparent_crc(val, vname, flag) \
	sluice_write(csmith_out, (uint64_t)(val))
/* a float global (csmith --float) goes out as the bits of its bytes */
static inline uint64_t csmith_bytes(const void *p, unsigned long n)
{
	uint64_t v = 0;
	__builtin_memcpy(&v, p, n < sizeof v ? n : sizeof v);
	return v;
}
#define transparent_crc_bytes(ptr, size, vname, flag) \
	sluice_write(csmith_out, csmith_bytes((ptr), (size)))
#define platform_main_end(crc, flag) sluice_write(csmith_out, CSMITH_END)
/* main's loops over global arrays print each index when asked to
 * (print_hash_value, 0 here) */
#define printf(...) 0

/* what random_inc.h would define before including safe_math.h */
#define STATIC static
#define UNDEFINED(v) (v)
#define LOG_INDEX
#define LOG_EXEC
#define FUNC_NAME(x) (safe_##x)
