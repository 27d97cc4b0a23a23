/*
 * mem_local.c -- local arrays of more than 512 bytes in memory: a block of
 * 256 words read in and written out in reverse, and a 2 KiB array of
 * 16-bit words used as a table of running sums.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_AUTORUN void mem_local(void)
{
	uint32_t buf[256];
	uint16_t sums[1024];
	for (int i = 0; i < 1024; i++)
		sums[i] = (uint16_t)i;
	for (;;) {
		for (int i = 0; i < 256; i++)
			buf[i] = sluice_read(in);
		for (int i = 255; i >= 0; i--) {
			uint32_t x = buf[i];
			uint32_t j = (x ^ (x >> 10)) & 1023;
			sums[j] = (uint16_t)(sums[j] + x);
			sluice_write(out, x + sums[(j + 1) & 1023]);
		}
	}
}

/* sluice-test:
   input in = random(512, seed=83)
   expect out = 512
*/
