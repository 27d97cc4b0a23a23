/*
 * compact.c -- a filter: of each word in, only the odd ones go out.  The
 * write sits in a branch, which sluice's if-conversion makes a write
 * guarded by the word's low bit, in the one cycle of the body: a word in
 * each clock, as the reference takes them.  Reference: reference/compact.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(odd, uint32_t, 0);

SLUICE_AUTORUN void compact(void)
{
	uint32_t x = sluice_read(xs);
	if (x & 1u)
		sluice_write(odd, x);
}

/* sluice-test:
   input xs = range(0, 400)
   expect odd = 200
*/
