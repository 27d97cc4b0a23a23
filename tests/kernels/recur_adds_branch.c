/*
 * recur_adds_branch.c -- a carried sum in a loop body with a branch: the
 * loop takes a new word only every fourth iteration (a read in an `if`),
 * so its body is blocks until if-conversion makes it one; the sum for e,
 * written with S(e) first, must then be rebuilt with the terms that do
 * not wait for e first (hls/pass/recur_adds.c) for the loop to reach II 1
 * at 48 MHz on iCE40: one word out per clock.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

static uint32_t rotr(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

SLUICE_AUTORUN void recur_branch(void)
{
	uint32_t e = 1, d = 2, w = 0;
	for (uint32_t t = 0;; t++) {
		if ((t & 3) == 0)
			w = sluice_read(xs);
		else
			w = w * 5 + t;
		uint32_t s = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
		uint32_t t1 = t + s + ((e & d) ^ (~e & w)) + w;
		uint32_t ne = d + t1;
		d = e;
		e = ne;
		sluice_write(ys, t1);
	}
}

/* sluice-test:
   build --target ice40
   input xs = random(50, seed=7)
   expect ys = 200
   cycles ys[i+1] - ys[i] == 1
*/
