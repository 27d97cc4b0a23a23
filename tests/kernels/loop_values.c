/*
 * loop_values.c -- values that cross a loop's edges in registers that
 * other values share (hls/rtlgen/values.c), built for iCE40:
 *   - early: each round's new p goes into p's register as it is computed
 *     (plan_early_phis) while the writes after it still read the old p,
 *     which must keep it apart;
 *   - last: a sort step in a loop kept from pipelining hands its last
 *     values on from its phis' registers (plan_carriers), while the value
 *     of a phi read after the loop keeps them apart.
 */
#include <sluice.h>

/* gcc, which builds the kernels for the CPU, does not know clang's loop
 * pragmas */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);
SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_AUTORUN void early(void)
{
	uint32_t p = 1;
	for (;;) {
		uint32_t n = sluice_read(in) & 7;
		for (uint32_t i = 0; i < n; i++)
			sluice_write(out, p + i);
		uint32_t v = p * 3 + n;
		sluice_write(out, v);
		sluice_write(out, p); /* the old p, after v */
		p = v;
	}
}

SLUICE_AUTORUN void last(void)
{
	for (;;) {
		uint32_t a = sluice_read(xs), b = sluice_read(xs), c = sluice_read(xs);
		uint32_t before = 0;
#pragma clang loop pipeline(disable)
		for (uint32_t k = 0, m = c & 3; k <= m; k++) {
			before = a;
			if (a > b) {
				uint32_t t = a;
				a = b;
				b = t;
			}
			if (b > c) {
				uint32_t t = b;
				b = c;
				c = t;
			}
		}
		sluice_write(ys, a);
		sluice_write(ys, b);
		sluice_write(ys, c);
		sluice_write(ys, before);
	}
}

/* sluice-test:
   build --target ice40
   input in = [0, 1, 2, 7, 3] random(20, seed=5)
   input xs = [3, 2, 1, 1, 2, 3, 2, 2, 2] random(60, seed=6)
   expect out = 140
   expect ys = 92
*/
