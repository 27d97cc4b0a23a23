/*
 * i8_arith.c -- int8_t arithmetic: operands promote to int, results
 * convert back (wrapping), division truncates toward zero, >> of a
 * negative value is arithmetic.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int8_t, 2);
SLUICE_IO_PIPE_OUT(out, int8_t, 0);

SLUICE_KERNEL void i8_arith(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int8_t a = sluice_read(in);
		int8_t b = sluice_read(in);
		sluice_write(out, (int8_t)(a + b));
		sluice_write(out, (int8_t)(a - b));
		sluice_write(out, (int8_t)(a * b));
		sluice_write(out, (int8_t)(b ? a / b : 0)); /* -128 / -1 is 128 in int */
		sluice_write(out, (int8_t)(b ? a % b : 0));
		sluice_write(out, (int8_t)(a >> 2));
		sluice_write(out, (int8_t)(a < b));
	}
}

/* sluice-test:
   input in = random(80, seed=2) -128 -1 -128 1 127 -1 -7 2 7 -2 -7 -2 0 5 5 0
   start i8_arith(48)
   expect out = 336
*/
