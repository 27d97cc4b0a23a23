/*
 * nb_write_spin.c -- non-blocking writes retried until they succeed,
 * against random back-pressure: the output is the sequence 0..n-1 with
 * nothing lost or duplicated.  The number of attempts depends on timing,
 * so it is counted but never emitted.
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(seq, uint32_t, 0);

static uint32_t attempts;

SLUICE_KERNEL void nb_write_spin(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		bool ok = false;
		while (!ok) {
			sluice_write_nb(seq, i * 7u + 3u, &ok);
			attempts++;
		}
	}
}

/* sluice-test:
   start nb_write_spin(60)
   expect seq = range(3, 423, 7)
   modes random timing
*/
