/*
 * scale.c -- kernel of the harness self-test fixture scale/ (the hardware is
 * hand-written in rtl/, the manifest by hand).
 */
#include <sluice.h>
SLUICE_HOST_PIPE(in, int32_t, 8, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 8, SLUICE_D2H);
SLUICE_KERNEL void scale(int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(out, (int32_t)((uint32_t)sluice_read(in) * 3u));
}
/* sluice-test:
   input in = random(50, seed=3) -1 0x7fffffff
   start scale(20)
   start scale(32)
   expect out = 52
*/
