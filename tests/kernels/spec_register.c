/*
 * spec_register.c -- every specialization constant kept as a runtime
 * register (`sluice build --spec-register all`): the kernels read the
 * core's spec_<name> inputs, which the test bench holds at the manifest's
 * values (the defaults), so the results are those of the folded build.
 * A started kernel latches the constants at start; the autorun kernel
 * reads them as they are.
 */
#include <sluice.h>

SLUICE_SPEC_CONSTANT(int32_t, gain, -3);
SLUICE_SPEC_CONSTANT(uint8_t, shift, 2);
SLUICE_SPEC_CONSTANT(bool, invert, true);
SLUICE_SPEC_CONSTANT(uint64_t, offset, 0x123456789aull);

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);
SLUICE_IO_PIPE_IN(a, uint64_t, 0);
SLUICE_IO_PIPE_OUT(b, uint64_t, 0);

SLUICE_KERNEL void spec_scale(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		int32_t y = (int32_t)((uint32_t)x * (uint32_t)sluice_spec(gain)) >> sluice_spec(shift);
		sluice_write(out, sluice_spec(invert) ? ~y : y);
	}
}

SLUICE_AUTORUN void spec_add(void)
{
	sluice_write(b, sluice_read(a) + sluice_spec(offset));
}

/* sluice-test:
   build --spec-register all
   input in = random(40, seed=41) 0 1 -1
   input a = random(20, seed=5) 0 0xffffffffffffffff
   start spec_scale(43)
   expect out = 43
   expect b = 22
*/
