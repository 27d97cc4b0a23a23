/*
 * fir8.c -- an 8-tap FIR filter with constant taps (the low-pass of
 * examples/fir), 16-bit samples in and out, one output per input, as an
 * autorun kernel: every tap a register, every product a constant
 * multiplication.  Reference: reference/fir8.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(adc, int16_t, 0);
SLUICE_IO_PIPE_OUT(dac, int16_t, 0);

enum { T0 = -6, T1 = 10, T2 = 40, T3 = 84, T4 = 84, T5 = 40, T6 = 10, T7 = -6 };

SLUICE_AUTORUN void fir8(void)
{
	int16_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0;
	for (;;) {
		x7 = x6;
		x6 = x5;
		x5 = x4;
		x4 = x3;
		x3 = x2;
		x2 = x1;
		x1 = x0;
		x0 = sluice_read(adc);
		int32_t acc = T0 * x0 + T1 * x1 + T2 * x2 + T3 * x3 + T4 * x4 +
			      T5 * x5 + T6 * x6 + T7 * x7;
		sluice_write(dac, (int16_t)(acc >> 8));
	}
}

/* sluice-test:
   input adc = repeat(1000, 10) repeat(-1000, 10) random(380, seed=12)
   expect dac = 400
*/
