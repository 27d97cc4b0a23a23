/*
 * i16_mac.c -- 16-bit multiply-accumulate into a 32-bit and a 64-bit
 * accumulator, with a data-dependent dot-product length.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, int16_t, 2);
SLUICE_IO_PIPE_IN(ws, int16_t, 2);
SLUICE_IO_PIPE_OUT(acc32, int32_t, 0);
SLUICE_IO_PIPE_OUT(acc64, int64_t, 0);

SLUICE_KERNEL void mac(int32_t groups, int32_t len)
{
	for (int32_t g = 0; g < groups; g++) {
		int32_t a = 0;
		int64_t b = 0;
		for (int32_t k = 0; k < len; k++) {
			int16_t x = sluice_read(xs), w = sluice_read(ws);
			a = (int32_t)((uint32_t)a + (uint32_t)(x * w));
			b += (int64_t)x * w * 3;
		}
		sluice_write(acc32, a);
		sluice_write(acc64, b);
	}
}

/* sluice-test:
   input xs = random(60, seed=46)
   input ws = random(60, seed=47)
   start mac(6, 7)
   start mac(3, 6)
   expect acc32 = 9
   expect acc64 = 9
*/
