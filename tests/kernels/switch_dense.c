/*
 * switch_dense.c -- a dense switch on 0..9 with fallthrough chains,
 * shared arms and a default.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint8_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void switch_dense(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint8_t x = sluice_read(in);
		uint32_t acc = x;
		switch (x % 11) {
		case 0:
			acc += 100;
			/* fallthrough */
		case 1:
			acc *= 3;
			/* fallthrough */
		case 2:
			acc ^= 0x55;
			break;
		case 3:
		case 4:
			acc = acc << 4;
			break;
		case 5:
			acc = 0xdead;
			break;
		case 6:
			acc -= 1;
			/* fallthrough */
		case 7:
			acc += 7;
			break;
		case 8:
			break;
		case 9:
			acc = ~acc;
			break;
		default:
			acc = 1000000u + x;
			break;
		}
		sluice_write(out, acc);
	}
}

/* sluice-test:
   input in = range(0, 23) 255 254 random(40, seed=21)
   start switch_dense(65)
   expect out = 65
*/
