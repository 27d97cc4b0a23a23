/*
 * ifelse_chain.c -- if / else-if chains with different work on each arm,
 * nested ifs, and values merged after the branches.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int16_t, 0);
SLUICE_IO_PIPE_OUT(kind, uint8_t, 0);
SLUICE_IO_PIPE_OUT(val, int32_t, 0);

SLUICE_KERNEL void ifelse_chain(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int16_t x = sluice_read(in);
		uint8_t k;
		int32_t v;
		if (x < -1000) {
			k = 0;
			v = -x;
		} else if (x < 0) {
			k = 1;
			v = x * x;
		} else if (x == 0) {
			k = 2;
			v = 12345;
		} else if (x < 1000) {
			k = 3;
			if (x & 1)
				v = x * 3 + 1;
			else
				v = x / 2;
		} else {
			k = 4;
			v = x << 4;
		}
		if (v > 100000)
			v = 100000;
		sluice_write(kind, k);
		sluice_write(val, v);
	}
}

/* sluice-test:
   input in = -32768 -1001 -1000 -1 0 1 2 999 1000 32767 random(50, seed=20)
   start ifelse_chain(60)
   expect kind = 60
   expect val = 60
*/
