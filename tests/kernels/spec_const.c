/*
 * spec_const.c -- specialization constants at their default values,
 * folded into the hardware: a gain, a shift and a bool switch.
 */
#include <sluice.h>

SLUICE_SPEC_CONSTANT(int32_t, gain, -3);
SLUICE_SPEC_CONSTANT(uint8_t, shift, 2);
SLUICE_SPEC_CONSTANT(bool, invert, true);

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void spec_scale(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		int32_t y = (int32_t)((uint32_t)x * (uint32_t)sluice_spec(gain)) >> sluice_spec(shift);
		sluice_write(out, sluice_spec(invert) ? ~y : y);
	}
}

/* sluice-test:
   input in = random(40, seed=41) 0 1 -1
   start spec_scale(43)
   expect out = 43
*/
