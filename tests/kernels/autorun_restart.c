/*
 * autorun_restart.c -- an autorun kernel that handles one word per call
 * and returns: it is started again each time, and its global state (a
 * call counter and the previous word) carries over from call to call.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint16_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t calls;
static uint16_t prev = 0x1234;

SLUICE_AUTORUN void tick(void)
{
	uint16_t x = sluice_read(in);
	calls++;
	sluice_write(out, calls << 16 | (uint16_t)(x - prev));
	prev = x;
}

/* sluice-test:
   input in = random(50, seed=27)
   expect out = 50
*/
