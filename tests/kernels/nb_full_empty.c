/*
 * nb_full_empty.c -- the non-blocking test of the cycle-level suite: one
 * kernel copies sequence numbers from an input to an output, both I/O
 * pipes of MinCapacity 0, using only read_nb (which fails while the
 * input has a gap) and write_nb (which fails while the output is
 * back-pressured), in random and in full-speed timing.  Whatever the
 * timing, the output is the input: nothing lost, nothing duplicated.
 * A failed read_nb must not consume, a failed write_nb must not emit.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(src, uint32_t, 0);
SLUICE_IO_PIPE_OUT(dst, uint32_t, 0);

SLUICE_KERNEL void nb_copy(uint32_t n)
{
	uint32_t i = 0, have = 0, v = 0;
	while (i < n) {
		bool ok;
		if (!have) {
			v = sluice_read_nb(src, &ok);
			have = ok;
		} else {
			sluice_write_nb(dst, v, &ok);
			if (ok) {
				have = 0;
				i++;
			}
		}
	}
}

/* sluice-test:
   input src = range(1000, 1200)
   start nb_copy(200)
   expect dst = range(1000, 1200)
   modes random timing
   seed 3
   cycles len(src) == 200 and len(dst) == 200
   cycles dst[i] > src[i]
*/
