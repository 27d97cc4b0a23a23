/*
 * loop_break_continue.c -- break and continue in for and while loops,
 * including a break out of an inner loop only.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void break_continue(int32_t n, uint32_t limit)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint32_t count = 0, sum = 0;
		for (uint32_t b = 0; b < 32; b++) {
			if (!(x >> b & 1))
				continue;
			if (count >= limit)
				break;
			count++;
			sum += b;
			uint32_t j = 0;
			while (1) {
				j++;
				if (j * b > 20 || j > 9)
					break;
				if (j & 1)
					continue;
				sum += j;
			}
		}
		sluice_write(out, count << 16 | sum);
	}
}

/* sluice-test:
   input in = 0 1 0xffffffff 0x80000000 0x12345678 random(25, seed=24)
   start break_continue(30, 6)
   expect out = 30
*/
