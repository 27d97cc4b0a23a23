/*
 * pll.c -- the design's clock on a board: the oscillator's, or one the
 * family's PLL makes from it (flow.h, struct flow_clock).
 *
 * iCE40 (Lattice, "iCE40 sysCLOCK PLL Design and Usage Guide", TN1251):
 * SB_PLL40_CORE in SIMPLE feedback,
 *     F_PFD = F_REF / (DIVR + 1)           10 .. 133 MHz
 *     F_VCO = F_PFD * (DIVF + 1)          533 .. 1066 MHz
 *     F_OUT = F_VCO / 2^DIVQ               16 .. 275 MHz
 * with DIVR 0..15, DIVF 0..127, DIVQ 1..6, and the loop filter's
 * FILTER_RANGE chosen by F_PFD.  Every setting is tried; the one whose
 * output is nearest the clock asked for wins (ties: the lower F_PFD
 * divider, as icepll does), and it must be within 1 percent of it.  The
 * design is then scheduled for the clock the PLL makes, not the one asked
 * for.  The other families' PLLs are not generated yet.
 */
#include "flow.h"

#include <math.h>

static unsigned filter_range(double pfd)
{
	return pfd < 17 ? 1 : pfd < 26 ? 2 : pfd < 44 ? 3 : pfd < 66 ? 4 : pfd < 101 ? 5 : 6;
}

int flow_clock_plan(struct hls_ctx *ctx, const struct board *b, double mhz,
		    struct flow_clock *c)
{
	*c = (struct flow_clock){.mhz = b->clock_mhz};
	if (mhz <= 0 || fabs(mhz - b->clock_mhz) <= 1e-4 * b->clock_mhz)
		return 0;
	if (b->family != TARGET_ICE40) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "--clock %g MHz: board '%s' runs the "
			   "design at its oscillator's %g MHz; sluice makes other clocks with the "
			   "iCE40 PLL only, not yet the %s one", mhz, b->name, b->clock_mhz,
			   hls_target_name(b->family));
		return -1;
	}
	double best = -1;
	for (unsigned r = 0; r <= 15; r++) {
		double pfd = b->clock_mhz / (r + 1);
		if (pfd < 10 || pfd > 133)
			continue;
		for (unsigned f = 0; f <= 127; f++) {
			double vco = pfd * (f + 1);
			if (vco < 533 || vco > 1066)
				continue;
			for (unsigned q = 1; q <= 6; q++) {
				double out = vco / (double)(1u << q);
				if (out < 16 || out > 275)
					continue;
				if (best < 0 || fabs(out - mhz) < fabs(best - mhz) - 1e-9) {
					best = out;
					*c = (struct flow_clock){out, true, r, f, q, filter_range(pfd), false};
				}
			}
		}
	}
	if (best < 0 || fabs(best - mhz) > 0.01 * mhz) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "--clock %g MHz: the iCE40 PLL cannot "
			   "make it from board '%s''s %g MHz oscillator within 1 percent (it makes "
			   "16 to 275 MHz%s)", mhz, b->name, b->clock_mhz,
			   best > 0 ? arena_printf(&ctx->arena, "; the nearest is %.3f MHz", best) : "");
		return -1;
	}
	return 0;
}
