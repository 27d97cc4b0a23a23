/*
 * fill.c -- kernel of the harness self-test fixture fill/ (the hardware is
 * hand-written in rtl/, the manifest by hand).
 */
#include <sluice.h>
SLUICE_HOST_PIPE(out, uint32_t, 8, SLUICE_D2H);
SLUICE_KERNEL void fill(uint32_t base)
{
	for (uint32_t i = 0; i < 8; i++)
		sluice_write(out, base + i);
}
/* sluice-test:
   start fill(100)
   expect out = range(100, 108)
   hold out
   cycles done_fill[0] < out[0]
*/
