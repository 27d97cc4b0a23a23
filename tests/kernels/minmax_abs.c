/*
 * minmax_abs.c -- min, max and abs written with ?: (candidates for
 * llvm.smin/smax/umin/umax/abs), signed and unsigned, at 8 and 32 bits.
 * Inputs avoid INT32_MIN for abs.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void minmax_abs(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t a = sluice_read(in);
		int32_t b = sluice_read(in);
		uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
		int8_t c = (int8_t)a;
		sluice_write(out, a < b ? a : b);
		sluice_write(out, a > b ? a : b);
		sluice_write(out, (int32_t)(ua < ub ? ua : ub));
		sluice_write(out, (int32_t)(ua > ub ? ua : ub));
		sluice_write(out, a < 0 ? -a : a);
		sluice_write(out, c < 0 ? -c : c);
		sluice_write(out, __builtin_abs(b));
		sluice_write(out, a > 100 ? 100 : a < -100 ? -100 : a);
	}
}

/* sluice-test:
   input in = 0 -1 -1 0 0x7fffffff -0x7fffffff -128 127 5 5 random(40, min=-0x7fffffff, max=0x7fffffff, seed=37)
   start minmax_abs(25)
   expect out = 200
*/
