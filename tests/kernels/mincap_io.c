/*
 * mincap_io.c -- MinCapacity on an I/O output pipe and a kernel pipe: the
 * producer writes 5 words into a kernel pipe of MinCapacity 5 before the
 * consumer part reads any (one kernel, so the order is fixed), then 6
 * words into an I/O pipe of MinCapacity 6 that is held until it returns.
 */
#include <sluice.h>

SLUICE_PIPE(stash, uint16_t, 5);
SLUICE_IO_PIPE_IN(in, uint16_t, 0);
SLUICE_IO_PIPE_OUT(out, uint16_t, 6);

SLUICE_KERNEL void stash_then_emit(void)
{
	uint16_t sum = 0;
	for (int i = 0; i < 5; i++)
		sluice_write(stash, sluice_read(in));
	for (int i = 0; i < 5; i++) {
		uint16_t v = sluice_read(stash);
		sum = (uint16_t)(sum + v);
		sluice_write(out, v);
	}
	sluice_write(out, sum);
}

/* sluice-test:
   input in = 10 20 30 40 50
   start stash_then_emit()
   expect out = 10 20 30 40 50 150
   hold out
   modes random timing
   cycles done_stash_then_emit[0] < out[0]
*/
