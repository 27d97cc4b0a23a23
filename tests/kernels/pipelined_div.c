/*
 * pipelined_div.c -- a 32-bit division and remainder per word: the loop is
 * pipelined at II 1 around the pipelined divider (rtl/sluice_div.v), which
 * takes a new pair every clock, so words leave one per clock after the
 * divider's latency; under back-pressure every stage holds together.
 */
#include <sluice.h>

struct divpair {
	uint32_t n, d;
};

SLUICE_IO_PIPE_IN(xs, struct divpair, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_AUTORUN void divmix(void)
{
	struct divpair p = sluice_read(xs);
	sluice_write(ys, p.n / (p.d | 1u) + p.n % (p.d | 1u) * 7u);
}

/* sluice-test:
   input xs = random(200, seed=12) [0x000000ff00001234, 0xffffffffffffffff, 0x00000000ffffffff, 0x12345678_00000001]
   expect ys = 204
   cycles ys[i+1] - ys[i] == 1
*/
