/*
 * args_widths.c -- a started kernel with scalar arguments of different
 * widths and signedness (int8_t, uint16_t, int32_t, uint64_t, bool,
 * int64_t), sign- and zero-extended correctly.
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, uint64_t, 8);

SLUICE_KERNEL void args_widths(int8_t a, uint16_t b, int32_t c, uint64_t d,
			       bool e, int64_t f)
{
	sluice_write(out, (uint64_t)(int64_t)a);
	sluice_write(out, b);
	sluice_write(out, (uint64_t)(int64_t)c);
	sluice_write(out, d);
	sluice_write(out, e ? 1 : 0);
	sluice_write(out, (uint64_t)f);
	sluice_write(out, ((uint64_t)(int64_t)a + b + (uint64_t)(int64_t)c) ^ d ^ (uint64_t)f);
}

/* sluice-test:
   start args_widths(-1, 65535, -2, 0xffffffffffffffff, 1, -0x8000000000000000)
   start args_widths(127, 0, 0x7fffffff, 0, 0, 0x7fffffffffffffff)
   start args_widths(-128, 1234, -0x80000000, 0x8000000000000001, 1, -5)
   expect out = 21
*/
