/*
 * exit_ahead.c -- counted loops built for iCE40 at 48 MHz, where the
 * add, the compare and the branch of the exit test do not fit one cycle:
 * the test is computed one iteration ahead (hls/pass/exit_test.c), so the
 * loops run at II 1.  Trip counts of 0, 1, 2 and more, a signed and an
 * unsigned compare, an up and a down count, a step other than 1, an
 * equality test and a count that wraps around.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, int32_t, 0);
SLUICE_IO_PIPE_OUT(ys, int32_t, 0);
SLUICE_IO_PIPE_IN(us, uint32_t, 0);
SLUICE_IO_PIPE_OUT(vs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ws, uint32_t, 0);

SLUICE_KERNEL void up(int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(ys, sluice_read(xs) + i);
}

SLUICE_KERNEL void down(uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i != to; i -= 3)
		sluice_write(vs, sluice_read(us) ^ i);
}

/* from 0xfffffffe up to 2, through the wrap: 4 iterations */
SLUICE_KERNEL void wrap(uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i != to; i++)
		sluice_write(ws, i * 5u);
}

/* sluice-test:
   build --target ice40
   input xs = random(14, seed=71)
   input us = random(11, seed=72)
   start up(0)
   start up(1)
   start up(2)
   start up(11)
   start down(30, 0)
   start down(3, 0)
   start wrap(0xfffffffe, 2)
   expect ys = 14
   expect vs = 11
   expect ws = 4
   cycles ys[i+1] - ys[i] == 1 or i < 3
   cycles vs[i+1] - vs[i] == 1 or i == 9
*/
