/*
 * free_running.c -- a design with no host link, for a board without one
 * (tests/flow/run_board_other.sh builds it for the OrangeCrab, whose USB
 * goes to the FPGA itself).
 *
 * Two autorun kernels, running from reset: `produce` counts into a
 * kernel-to-kernel pipe, `consume` adds up what it reads.  Nothing leaves
 * the design (a board build has no pins for I/O pipes yet, and the LEDs
 * are the board top level's), so synthesis keeps what feeds itself, the
 * counter and the pipe, and drops the sum: the build checks the board's
 * part, package, pins and clock, and the packer, not a design's logic.
 */
#include <sluice.h>

SLUICE_PIPE(ticks, uint32_t, 4);

SLUICE_AUTORUN void produce(void)
{
	static uint32_t n;
	sluice_write(ticks, n++);
}

SLUICE_AUTORUN void consume(void)
{
	static uint32_t sum;
	sum += sluice_read(ticks);
}
