/*
 * lat.c -- kernel of the harness self-test fixture lat/ (the hardware is
 * hand-written in rtl/, the manifest by hand).
 */
#include <sluice.h>
SLUICE_IO_PIPE_IN(a, int32_t, 0);
SLUICE_IO_PIPE_OUT(b, int32_t, 0);
SLUICE_IO_PIPE_OUT(c, int32_t, 0);
SLUICE_KERNEL void lat(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t v = sluice_read(a, SLUICE_ANCHOR(0));
		sluice_write(b, v, SLUICE_ANCHOR(1), SLUICE_LATENCY(0, SLUICE_EXACT, 2));
		sluice_write(c, v + 1, SLUICE_LATENCY(1, SLUICE_MIN, 2));
	}
}
/* sluice-test:
   input a = range(0, 20)
   start lat(20)
   expect b = range(0, 20)
   expect c = range(1, 21)
   cycles b[i] - a[i] == 2
   cycles c[i] - b[i] >= 2
   cycles done_lat[0] > c[19]
*/
