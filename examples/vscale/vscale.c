/*
 * vscale.c -- the smallest host-pipe design: scale a stream of numbers.
 *
 * The host writes int32 words into host pipe `in`; kernel `scale` reads
 * n of them and writes factor * x (32-bit wrap-around, as in C on the
 * host) into host pipe `out`, which the host reads.  `in` holds at least
 * 64 words (MinCapacity), so a host can write 64 words before the kernel
 * has even started; `out` holds 64 as well.  host.c next to this file is
 * the host program that drives it.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 64, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 64, SLUICE_D2H);

SLUICE_KERNEL void scale(int32_t factor, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(in);
		sluice_write(out, (int32_t)((uint32_t)x * (uint32_t)factor));
	}
}

/* sluice-test:
   input in = 0 1 -1 2147483647 -2147483648 1000 random(94, seed=4)
   start scale(-3, 100)
   input in = range(0, 20)
   start scale(65536, 20)
   expect out = 120
*/
