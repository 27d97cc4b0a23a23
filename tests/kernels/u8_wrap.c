/*
 * u8_wrap.c -- uint8_t arithmetic wraps modulo 256: +, -, *, negation and
 * complement, with C's promotion to int before the conversion back.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint8_t, 0);
SLUICE_IO_PIPE_OUT(out, uint8_t, 4);

SLUICE_KERNEL void u8_wrap(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint8_t x = sluice_read(in);
		uint8_t y = x + 200;
		sluice_write(out, y);
		sluice_write(out, (uint8_t)(x * 3));
		sluice_write(out, (uint8_t)(x - 250));
		sluice_write(out, (uint8_t)~x);
		sluice_write(out, (uint8_t)-x);
		sluice_write(out, (uint8_t)(x * x >> 4)); /* int: up to 65025 */
		sluice_write(out, (uint8_t)((x + y) >> 1)); /* 9-bit sum */
	}
}

/* sluice-test:
   input in = random(64, seed=1) 0 1 127 128 255
   start u8_wrap(69)
   expect out = 483
*/
