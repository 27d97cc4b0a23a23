/*
 * overflow_builtin.c -- checked arithmetic with __builtin_add_overflow and
 * __builtin_sub_overflow (llvm.sadd/uadd/ssub.with.overflow): the wrapped
 * result and the overflow flag.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);
SLUICE_IO_PIPE_OUT(flags, uint8_t, 0);

SLUICE_KERNEL void overflow_builtin(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t a = sluice_read(in);
		int32_t b = sluice_read(in);
		int32_t s, d;
		uint32_t u;
		bool o1 = __builtin_add_overflow(a, b, &s);
		bool o2 = __builtin_sub_overflow(a, b, &d);
		bool o3 = __builtin_add_overflow((uint32_t)a, (uint32_t)b, &u);
		sluice_write(out, s);
		sluice_write(out, d);
		sluice_write(out, (int32_t)u);
		sluice_write(flags, (uint8_t)(o1 | o2 << 1 | o3 << 2));
	}
}

/* sluice-test:
   input in = 0x7fffffff 1 -0x80000000 -1 -0x80000000 1 -1 -1 0x7fffffff -0x80000000 random(40, seed=40)
   start overflow_builtin(25)
   expect out = 75
   expect flags = 25
*/
