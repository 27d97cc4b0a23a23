/*
 * pipelined_stream.c -- y = 3*x + 1 on I/O pipes of MinCapacity 0, the
 * body of an autorun kernel: pipelined at II 1, one word per clock at the
 * ports (timing mode), and no word lost or repeated under random gaps and
 * back-pressure (random mode).
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, int32_t, 0);
SLUICE_IO_PIPE_OUT(ys, int32_t, 0);

SLUICE_AUTORUN void axpb(void)
{
	int32_t x = sluice_read(xs);
	sluice_write(ys, 3 * (uint32_t)x + 1);
}

/* sluice-test:
   input xs = random(300, seed=5) 0 -1 0x7fffffff
   expect ys = 303
   cycles xs[i+1] - xs[i] == 1
   cycles ys[i+1] - ys[i] == 1
   cycles ys[0] - xs[0] <= 2
*/
