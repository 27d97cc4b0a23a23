/*
 * pipelined_nested.c -- a pipelined inner loop inside an outer loop, built
 * for iCE40, where the inner body (a divider in it) takes 35 cycles: within
 * a row one word per clock, and between rows the outer loop pays the inner
 * pipeline's depth (the next row's first word comes out 35 cycles after it
 * goes in) and a few cycles of its own: at most 41 cycles from a row's last
 * word to the next row's first, checked in timing mode (measured: 41).
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_KERNEL void rows(int32_t nrows, int32_t ncols)
{
	for (int32_t r = 0; r < nrows; r++) {
		uint32_t acc = (uint32_t)r;
		for (int32_t c = 0; c < ncols; c++) {
			uint32_t x = sluice_read(xs);
			acc = acc * 3u + x;
			sluice_write(ys, acc ^ (x * 84u) ^ (x / 7u));
		}
	}
}

/* sluice-test:
   build --target ice40
   input xs = random(96, seed=91)
   start rows(6, 16)
   expect ys = 96
   cycles ys[i+1] - ys[i] == 1 or (i % 16 == 15 and ys[i+1] - ys[i] <= 41)
*/
