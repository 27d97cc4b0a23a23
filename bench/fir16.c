/*
 * fir16.c -- a 16-tap symmetric low-pass FIR filter with constant taps,
 * 16-bit samples in and out, one output per input, as an autorun kernel:
 * the delay line is an array of registers shifted by a loop that clang
 * unrolls, the sum a loop over the taps.  Reference: reference/fir16.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(adc, int16_t, 0);
SLUICE_IO_PIPE_OUT(dac, int16_t, 0);

/* sum 568; the output is scaled by 1/512 */
static const int taps[16] = {-3, -5, 0, 14, 36, 62, 84, 96, 96, 84, 62, 36, 14, 0, -5, -3};

SLUICE_AUTORUN void fir16(void)
{
	int16_t x[16] = {0};
	for (;;) {
		for (int i = 15; i > 0; i--)
			x[i] = x[i - 1];
		x[0] = sluice_read(adc);
		int32_t acc = 0;
		for (int i = 0; i < 16; i++)
			acc += taps[i] * x[i];
		sluice_write(dac, (int16_t)(acc >> 9));
	}
}

/* sluice-test:
   input adc = repeat(1000, 20) repeat(-1000, 20) random(360, seed=16)
   expect dac = 400
*/
