/*
 * pipe_memcpy.c -- the pipes specification's intra-kernel pipe example,
 * in C.
 *
 * The specification's pipe_memcpy writes n words from `src` into a pipe
 * of MinCapacity N = 10 and then reads them back into `dest`, in the same
 * function: the pipe has the same kernel as writer and reader.  Pointers
 * do not exist in sluice yet, so `src` and `dest` are I/O pipes here; the
 * local pipe is exactly the specification's pipe<class local, int, N>.
 * All n <= N words are written before the first is read, so the call
 * works only because the pipe holds MinCapacity words.  Serialized calls
 * (two starts here) reuse the same pipe, as the specification describes.
 */
#include <sluice.h>

#define N 10 /* n <= N; no checking here for simplicity, as in the spec */

SLUICE_PIPE(local, int32_t, N);
SLUICE_IO_PIPE_IN(src, int32_t, 0);
SLUICE_IO_PIPE_OUT(dest, int32_t, 0);

SLUICE_KERNEL void pipe_memcpy(int32_t n)
{
	for (int32_t i = 0; i < n; ++i)
		sluice_write(local, sluice_read(src));
	for (int32_t i = 0; i < n; ++i)
		sluice_write(dest, sluice_read(local));
}

/* sluice-test:
   input src = range(100, 110) range(-7, 0)
   start pipe_memcpy(10)
   start pipe_memcpy(7)
   expect dest = range(100, 110) range(-7, 0)
*/
