/*
 * latency_exact_min.c -- latency control on I/O pipes of MinCapacity 0,
 * so the cycles show at the ports: the read of `a` is anchor 0; the write
 * of `b` happens exactly 2 cycles after it (and is anchor 1); the write
 * of `c` at least 2 cycles after anchor 1.  Checked in timing mode (no
 * gaps, no back-pressure) by counting cycles between the handshakes.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(a, int32_t, 0);
SLUICE_IO_PIPE_OUT(b, int32_t, 0);
SLUICE_IO_PIPE_OUT(c, int32_t, 0);

SLUICE_KERNEL void lat_exact_min(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t v = sluice_read(a, SLUICE_ANCHOR(0));
		sluice_write(b, v ^ 0x55, SLUICE_ANCHOR(1), SLUICE_LATENCY(0, SLUICE_EXACT, 2));
		sluice_write(c, v + 1, SLUICE_LATENCY(1, SLUICE_MIN, 2));
	}
}

/* sluice-test:
   input a = range(0, 16) random(16, seed=43)
   start lat_exact_min(32)
   expect b = 32
   expect c = 32
   cycles b[i] - a[i] == 2
   cycles c[i] - b[i] >= 2
*/
