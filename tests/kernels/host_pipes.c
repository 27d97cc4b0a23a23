/*
 * host_pipes.c -- host pipes in both directions (brought out as ports for
 * now): H2D commands, D2H results, with different MinCapacities, and an
 * I/O output beside them.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(cmd, uint32_t, 16, SLUICE_H2D);
SLUICE_HOST_PIPE(result, uint64_t, 1, SLUICE_D2H);
SLUICE_IO_PIPE_OUT(led, uint8_t, 0);

SLUICE_KERNEL void host_pipes(int32_t n)
{
	uint64_t total = 0;
	for (int32_t i = 0; i < n; i++) {
		uint32_t c = sluice_read(cmd);
		total += c;
		sluice_write(result, total);
		if ((c & 15) == 0)
			sluice_write(led, (uint8_t)(c >> 24));
	}
}

/* sluice-test:
   input cmd = 0 16 0xff000000 0xfffffff0 1 2 3 range(100, 140)
   start host_pipes(47)
   expect result = 47
   expect led = 0 0 255 255 0 0
*/
