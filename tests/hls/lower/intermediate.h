/*
 * intermediate.h -- lets a test kernel in C call the functions of the
 * intermediate LLVM form directly (asm labels give them their dotted
 * names), so that clang + a few LLVM passes (regen.sh) turn it into a
 * module in that form without the front end's preparation: the lowering
 * is tested on what clang really emits (debug info, value names, loops).
 */
#ifndef TESTS_LOWER_INTERMEDIATE_H
#define TESTS_LOWER_INTERMEDIATE_H

#include <sluice.h>

#define T_PIPE_OPS(N, T)                                                   \
	T t_read_##N(const struct sluice_pipe_desc *, int, int, int, int)  \
		__asm__("sluice.pipe.read.i" #N);                          \
	void t_write_##N(const struct sluice_pipe_desc *, T, int, int, int, \
			 int) __asm__("sluice.pipe.write.i" #N);           \
	_Bool t_write_nb_##N(const struct sluice_pipe_desc *, T, int, int,  \
			     int, int) __asm__("sluice.pipe.write_nb.i" #N); \
	T t_load_##N(const void *) __asm__("sluice.state.load.i" #N);      \
	void t_store_##N(const void *, T) __asm__("sluice.state.store.i" #N);

T_PIPE_OPS(8, uint8_t)
T_PIPE_OPS(16, uint16_t)
T_PIPE_OPS(32, uint32_t)
T_PIPE_OPS(64, uint64_t)
T_PIPE_OPS(128, unsigned __int128)

#endif
