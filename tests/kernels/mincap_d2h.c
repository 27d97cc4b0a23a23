/*
 * mincap_d2h.c -- MinCapacity: a kernel writes exactly MinCapacity (8)
 * words into a D2H host pipe whose reader takes nothing until the kernel
 * has finished.  The kernel must finish (done) without blocking, and the
 * 8 words must then all be there, in order.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(out, uint32_t, 8, SLUICE_D2H);

SLUICE_KERNEL void fill8(uint32_t base)
{
	for (uint32_t i = 0; i < 8; i++)
		sluice_write(out, base + i * i);
}

/* sluice-test:
   start fill8(100)
   expect out = 100 101 104 109 116 125 136 149
   hold out
   modes random timing
   cycles done_fill8[0] < out[0]
*/
