/*
 * div32.c -- a 32-bit unsigned division and remainder per pair of words:
 * the divider is pipelined, so a new division starts every cycle inside
 * the pipelined loop.  Reference: reference/div32.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(num, uint32_t, 0);
SLUICE_IO_PIPE_IN(den, uint32_t, 0);
SLUICE_IO_PIPE_OUT(quo, uint32_t, 0);
SLUICE_IO_PIPE_OUT(rem, uint32_t, 0);

SLUICE_AUTORUN void div32(void)
{
	uint32_t a = sluice_read(num);
	uint32_t b = sluice_read(den) | 1u;
	sluice_write(quo, a / b);
	sluice_write(rem, a % b);
}

/* sluice-test:
   input num = random(300, seed=15)
   input den = random(100, seed=16, max=255) random(100, seed=17, max=65535) random(100, seed=18)
   expect quo = 300
   expect rem = 300
*/
