/*
 * pipelined_recurrence.c -- a loop whose carried value needs two cycles:
 * acc * acc on 64 bits does not fit one clock with the add after it, so the
 * recurrence acc -> mul -> add -> acc limits the loop to II 2 (the report
 * names it; tests/hls/sched/run_report.sh checks), and one word leaves
 * every two clocks although an iteration takes longer.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint64_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint64_t, 0);

SLUICE_AUTORUN void square_acc(void)
{
	uint64_t acc = 1;
	for (;;) {
		uint64_t x = sluice_read(xs);
		acc = acc * acc + x;
		sluice_write(ys, acc * 3 + (acc >> 7) * x);
	}
}

/* sluice-test:
   input xs = random(120, seed=3)
   expect ys = 120
   cycles ys[i+1] - ys[i] == 2
*/
