/*
 * switch_sparse.c -- a sparse switch on int32_t (negative, large and
 * scattered case values) with fallthrough and a default in the middle.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

SLUICE_KERNEL void switch_sparse(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		int32_t r = 0;
		switch (x) {
		case 1:
			r = 10;
			break;
		case 100:
			r = 20;
			/* fallthrough */
		case 1000:
			r += 30;
			break;
		default:
			r = -1;
			/* fallthrough */
		case -5:
			r -= 5;
			break;
		case 0x7fff0000:
			r = 0x7fff;
			break;
		case 42:
			r = 1;
			/* fallthrough */
		case 43:
			r *= 43;
			/* fallthrough */
		case -1000000:
			r += 2;
			break;
		}
		sluice_write(out, r);
	}
}

/* sluice-test:
   input in = 1 100 1000 -5 0x7fff0000 42 43 -1000000 0 7 -1 2 99 101 random(20, min=-10, max=50, seed=22)
   start switch_sparse(34)
   expect out = 34
*/
