/*
 * loops_nested.c -- for, while and do-while loops nested three deep,
 * with trip counts that depend on the data.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void loops_nested(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint32_t m = x & 7, acc = x >> 8;
		for (uint32_t j = 0; j < m; j++) {
			uint32_t k = j;
			while (k < m) {
				acc += k * j + 1;
				k += 2;
			}
			uint32_t t = 0;
			do {
				acc = acc * 3u + 1u;
				t++;
			} while ((acc & 3) != 0 && t < 5);
		}
		sluice_write(out, acc);
	}
}

/* sluice-test:
   input in = range(0, 16) random(30, seed=23)
   start loops_nested(46)
   expect out = 46
*/
