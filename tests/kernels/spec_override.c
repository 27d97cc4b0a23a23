/*
 * spec_override.c -- `sluice build --spec NAME=VALUE` folds a
 * specialization constant with VALUE instead of its default: built with
 * gain = -5 and shift = 1 (the defaults are 3 and 2), the hardware gives
 * the values listed below, not those of the defaults.  The CPU reference
 * gets the same values through -DGAIN/-DSHIFT.
 */
#include <sluice.h>

#ifndef GAIN
#define GAIN 3
#endif
#ifndef SHIFT
#define SHIFT 2
#endif

SLUICE_SPEC_CONSTANT(int32_t, gain, GAIN);
SLUICE_SPEC_CONSTANT(uint8_t, shift, SHIFT);

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void spec_override(int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(out, (sluice_read(in) * sluice_spec(gain)) >> sluice_spec(shift));
}

/* sluice-test:
   build --spec gain=-5 --spec shift=1
   cpu -DGAIN=-5 -DSHIFT=1
   input in = 1 2 3 -4 100 0
   start spec_override(6)
   expect out = -3 -5 -8 10 -250 0
*/
