/*
 * gain.c -- the module of tests/e2e/run_spec.sh: built with
 * `--spec-register gain`, so the host sets `gain` between kernel runs,
 * while `bias` stays folded into the hardware.
 *
 *   scale(n): reads n words of `in`, writes x * gain + bias to `out`;
 *   shift: forever, a >> gain_shift to b (an autorun kernel, which reads
 *   its register-bound constant as it is, not latched).
 */
#include <sluice.h>

SLUICE_SPEC_CONSTANT(int32_t, gain, 3);
SLUICE_SPEC_CONSTANT(int16_t, bias, -2);
SLUICE_SPEC_CONSTANT(uint8_t, gain_shift, 1);

SLUICE_HOST_PIPE(in, int32_t, 16, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 16, SLUICE_D2H);
SLUICE_HOST_PIPE(a, uint32_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(b, uint32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void scale(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = (uint32_t)sluice_read(in);
		sluice_write(out, (int32_t)(x * (uint32_t)sluice_spec(gain) +
					    (uint32_t)(int32_t)sluice_spec(bias)));
	}
}

SLUICE_AUTORUN void shift(void)
{
	sluice_write(b, sluice_read(a) >> sluice_spec(gain_shift));
}
