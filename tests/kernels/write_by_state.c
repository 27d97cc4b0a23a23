/*
 * write_by_state.c -- one output pipe written from several FSM states and
 * from a pipelined loop: a header word, the loop's words, a trailer, the
 * count, then the first and last words again.  The write port's word is
 * chosen by a case on the state for the states' writes and by the stage
 * valid bit for the loop's (hls/rtlgen/fsm.c, emit_tdata); two states
 * that write the same word share an arm.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_AUTORUN void write_by_state(void)
{
	for (;;) {
		uint32_t n = sluice_read(in);
		uint32_t first = 0, last = 0;
		sluice_write(out, 0x4800u | n);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = sluice_read(in);
			if (i == 0)
				first = x;
			last = x;
			sluice_write(out, x * 3u + n + (x >> 3));
		}
		sluice_write(out, n);
		sluice_write(out, 0x7e11u);
		sluice_write(out, n);
		sluice_write(out, first ^ last);
		sluice_write(out, last);
	}
}

/* sluice-test:
   input in = [3, 1, 2, 3] [0] [1, 0xffffffff] [5] random(5, seed=41)
   input in = [16] random(16, seed=42) [2, 7, 7]
   expect out = 63
*/
