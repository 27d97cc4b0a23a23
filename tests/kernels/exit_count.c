/*
 * exit_count.c -- counted loops built for iCE40 whose exit test becomes a
 * count of the iterations left (hls/pass/exit_test.c): up by one to a
 * signed and an unsigned bound, down by one to a bound, bounds at the ends
 * of their types (INT32_MAX, INT32_MIN, 0xffffffff, 0) and starts next to
 * them, trip counts of 0, 1 and many, and the induction variable used in
 * the body.  Every loop takes a word per clock.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);
SLUICE_IO_PIPE_IN(us, uint32_t, 0);
SLUICE_IO_PIPE_OUT(vs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(zs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ws, uint32_t, 0);

SLUICE_KERNEL void up_signed(int32_t from, int32_t to)
{
	for (int32_t i = from; i < to; i++)
		sluice_write(ys, sluice_read(xs) + (uint32_t)i);
}

SLUICE_KERNEL void up_unsigned(uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i < to; i++)
		sluice_write(vs, sluice_read(us) ^ i);
}

SLUICE_KERNEL void down_signed(int32_t from, int32_t to)
{
	for (int32_t i = from; i > to; i--)
		sluice_write(zs, (uint32_t)i * 3u);
}

SLUICE_KERNEL void down_unsigned(uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i > to; i--)
		sluice_write(ws, i);
}

/* sluice-test:
   build --target ice40
   input xs = random(39, seed=91)
   input us = random(13, seed=92)
   start up_signed(0, 20)
   start up_signed(5, 5)
   start up_signed(7, 8)
   start up_signed(2147483643, 2147483647)
   start up_signed(-2147483648, -2147483640)
   start up_signed(-3, 3)
   start up_unsigned(4294967290, 4294967295)
   start up_unsigned(0, 3)
   start up_unsigned(3, 0)
   start up_unsigned(0, 5)
   start down_signed(3, -3)
   start down_signed(-2147483640, -2147483648)
   start down_signed(0, 0)
   start down_unsigned(4, 0)
   start down_unsigned(4294967295, 4294967292)
   start down_unsigned(1, 0)
   expect ys = 39
   expect vs = 13
   expect zs = 14
   expect ws = 8
   cycles ys[i+1] - ys[i] == 1 or i >= 19
*/
