/*
 * chain3_autorun.c -- three kernels over two cross-kernel pipes: a started
 * source, an autorun middle stage (one word per call, restarted), and a
 * started sink that writes the result.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_PIPE(stage1, uint32_t, 1);
SLUICE_PIPE(stage2, uint64_t, 3);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

SLUICE_KERNEL void source(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		sluice_write(stage1, sluice_read(in) + i);
}

SLUICE_AUTORUN void middle(void)
{
	uint32_t x = sluice_read(stage1);
	sluice_write(stage2, (uint64_t)x * x);
}

SLUICE_KERNEL void sink(uint32_t n)
{
	uint64_t prev = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t y = sluice_read(stage2);
		sluice_write(out, y - prev);
		prev = y;
	}
}

/* sluice-test:
   input in = random(50, seed=34)
   start source(50)
   start sink(50)
   expect out = 50
*/
