/*
 * nb_read_spin.c -- non-blocking reads retried until they succeed, on an
 * input with random gaps: every word is taken exactly once, in order.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 2);

SLUICE_KERNEL void nb_read_spin(int32_t n)
{
	uint32_t misses = 0;
	for (int32_t i = 0; i < n; i++) {
		bool ok;
		int32_t x;
		do {
			x = sluice_read_nb(in, &ok);
			misses += !ok;
		} while (!ok);
		sluice_write(out, x * 2 + 1);
	}
	(void)misses;
}

/* sluice-test:
   input in = range(-40, 40)
   start nb_read_spin(80)
   expect out = range(-79, 81, 2)
   modes random timing
*/
