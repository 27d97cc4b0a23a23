/*
 * fir.c -- an 8-tap FIR filter on I/O stream pipes.
 *
 * Samples arrive on the `adc` port and filtered samples leave on `dac`,
 * one per input sample.  The taps are constants (a symmetric low-pass,
 * sum 256, so the output is scaled back by >> 8) and the delay line is a
 * shift register of eight local variables: no memory, every tap is a
 * register and a multiplier.  The kernel is started with the number of
 * samples to filter; the delay line starts at zero each time.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(adc, int16_t, 0);
SLUICE_IO_PIPE_OUT(dac, int16_t, 0);

enum { T0 = -6, T1 = 10, T2 = 40, T3 = 84, T4 = 84, T5 = 40, T6 = 10, T7 = -6 };

SLUICE_KERNEL void fir(int32_t n)
{
	int16_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0;
	for (int32_t i = 0; i < n; i++) {
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
   input adc = repeat(1000, 10) repeat(-1000, 10) random(180, seed=1)
   start fir(200)
   expect dac = 200
*/
