/*
 * u16_ops.c -- uint16_t operations; products go through uint32_t (two
 * uint16_t promote to int, whose product may overflow).
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint16_t, 0);
SLUICE_IO_PIPE_OUT(out, uint16_t, 0);

SLUICE_KERNEL void u16_ops(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint16_t x = sluice_read(in);
		uint16_t y = sluice_read(in);
		sluice_write(out, (uint16_t)((uint32_t)x * y));
		sluice_write(out, (uint16_t)(((uint32_t)x * y) >> 16));
		sluice_write(out, y ? (uint16_t)(x / y) : (uint16_t)0xffff);
		sluice_write(out, y ? (uint16_t)(x % y) : x);
		sluice_write(out, (uint16_t)(x ^ y));
		sluice_write(out, (uint16_t)(x << 3));
		sluice_write(out, (uint16_t)(x >> 5));
		sluice_write(out, (uint16_t)(x - y));
	}
}

/* sluice-test:
   input in = random(60, seed=3) 0xffff 0xffff 0 7 65535 1 1000 33
   start u16_ops(34)
   expect out = 272
*/
