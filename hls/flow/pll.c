/*
 * pll.c -- the design's clock on a board: the oscillator's, or one the
 * family's PLL makes from it (flow.h, struct flow_clock).
 *
 * Each family's PLL is described by its dividers' ranges and the limits on
 * its internal frequencies; every setting is tried, and the one whose
 * output is nearest the clock asked for wins, within 1 percent of it (ties:
 * on the iCE40 the first found, the lowest input divider, as icepll
 * chooses; on the ECP5 and the Gowin the VCO nearest the middle of its
 * range, as ecppll chooses).  The design is then scheduled for the clock the PLL
 * makes, not the one asked for.
 *
 * iCE40 (Lattice, "iCE40 sysCLOCK PLL Design and Usage Guide", TN1251):
 * SB_PLL40_CORE in SIMPLE feedback,
 *     F_PFD = F_REF / (DIVR + 1)           10 .. 133 MHz
 *     F_VCO = F_PFD * (DIVF + 1)          533 .. 1066 MHz
 *     F_OUT = F_VCO / 2^DIVQ               16 .. 275 MHz
 * with DIVR 0..15, DIVF 0..127, DIVQ 1..6, and the loop filter's
 * FILTER_RANGE chosen by F_PFD.
 *
 * ECP5 (Lattice, "ECP5 and ECP5-5G sysCLOCK PLL/DLL Design and Usage
 * Guide", TN1263; the same limits as Project Trellis's ecppll): EHXPLLL
 * with CLKOP fed back,
 *     F_PFD = F_REF / CLKI_DIV             3.125 .. 400 MHz
 *     F_OUT = F_PFD * CLKFB_DIV            10 .. 400 MHz
 *     F_VCO = F_OUT * CLKOP_DIV            400 .. 800 MHz
 * with CLKI_DIV 1..128, CLKFB_DIV 1..80, CLKOP_DIV 1..128, and
 * CLKOP_CPHASE = CLKOP_DIV / 2 (half a period, as ecppll and Lattice's
 * tools set it).
 *
 * Gowin GW1N(R)-9 (Gowin, "Gowin Clock User Guide", UG286, and the
 * GW1NR datasheet, DS117): rPLL with internal feedback,
 *     F_PFD = F_REF / (IDIV_SEL + 1)       3 .. 400 MHz
 *     F_OUT = F_PFD * (FBDIV_SEL + 1)      3.125 .. 600 MHz
 *     F_VCO = F_OUT * ODIV_SEL             400 .. 1200 MHz
 * with IDIV_SEL and FBDIV_SEL 0..63 and ODIV_SEL one of 2, 4, 8, 16, 32,
 * 48, 64, 80, 96, 112, 128.
 */
#include "flow.h"

#include <math.h>
#include <string.h>

static unsigned ice40_filter_range(double pfd)
{
	return pfd < 17 ? 1 : pfd < 26 ? 2 : pfd < 44 ? 3 : pfd < 66 ? 4 : pfd < 101 ? 5 : 6;
}

/* Keeps (out, pfd, vco) with its dividers in *c if out is nearer `want`
 * than the best so far (*best < 0: none yet), or as near with its VCO
 * nearer the middle of its range `mid` (0: no preference). */
static void consider(struct flow_clock *c, double *best, double want, double mid, double out,
		     double pfd, double vco, const char *const names[], const unsigned values[],
		     unsigned n)
{
	if (*best >= 0) {
		double d = fabs(out - want) - fabs(*best - want);
		if (d > 1e-9 || (d > -1e-9 && (!mid || fabs(vco - mid) >= fabs(c->vco_mhz - mid))))
			return;
	}
	*best = out;
	*c = (struct flow_clock){.mhz = out, .pll = true, .pfd_mhz = pfd, .vco_mhz = vco,
				 .nparams = n};
	for (unsigned i = 0; i < n; i++) {
		c->params[i].name = names[i];
		c->params[i].value = values[i];
	}
}

static void plan_ice40(double ref, double want, struct flow_clock *c, double *best)
{
	static const char *const names[] = {"DIVR", "DIVF", "DIVQ", "FILTER_RANGE"};
	for (unsigned r = 0; r <= 15; r++) {
		double pfd = ref / (r + 1);
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
				unsigned v[] = {r, f, q, ice40_filter_range(pfd)};
				consider(c, best, want, 0, out, pfd, vco, names, v, 4);
			}
		}
	}
}

static void plan_ecp5(double ref, double want, struct flow_clock *c, double *best)
{
	static const char *const names[] = {"CLKI_DIV", "CLKFB_DIV", "CLKOP_DIV", "CLKOP_CPHASE"};
	for (unsigned i = 1; i <= 128; i++) {
		double pfd = ref / i;
		if (pfd < 3.125 || pfd > 400)
			continue;
		for (unsigned fb = 1; fb <= 80; fb++) {
			double out = pfd * fb;
			if (out < 10 || out > 400)
				continue;
			for (unsigned op = 1; op <= 128; op++) {
				double vco = out * op;
				if (vco < 400 || vco > 800)
					continue;
				unsigned v[] = {i, fb, op, op / 2};
				consider(c, best, want, 600, out, pfd, vco, names, v, 4);
			}
		}
	}
}

static void plan_gowin(double ref, double want, struct flow_clock *c, double *best)
{
	static const char *const names[] = {"IDIV_SEL", "FBDIV_SEL", "ODIV_SEL"};
	static const unsigned odivs[] = {2, 4, 8, 16, 32, 48, 64, 80, 96, 112, 128};
	for (unsigned i = 0; i <= 63; i++) {
		double pfd = ref / (i + 1);
		if (pfd < 3 || pfd > 400)
			continue;
		for (unsigned fb = 0; fb <= 63; fb++) {
			double out = pfd * (fb + 1);
			if (out < 3.125 || out > 600)
				continue;
			for (unsigned k = 0; k < sizeof odivs / sizeof *odivs; k++) {
				double vco = out * odivs[k];
				if (vco < 400 || vco > 1200)
					continue;
				unsigned v[] = {i, fb, odivs[k]};
				consider(c, best, want, 800, out, pfd, vco, names, v, 3);
			}
		}
	}
}

int flow_clock_plan(struct hls_ctx *ctx, const struct board *b, double mhz,
		    struct flow_clock *c)
{
	*c = (struct flow_clock){.mhz = b->clock_mhz};
	if (mhz <= 0 || fabs(mhz - b->clock_mhz) <= 1e-4 * b->clock_mhz)
		return 0;
	double best = -1;
	const char *range, *fam = hls_target_name(b->family);
	switch (b->family) {
	case TARGET_ICE40:
		plan_ice40(b->clock_mhz, mhz, c, &best);
		range = "16 to 275 MHz", fam = "iCE40";
		break;
	case TARGET_ECP5:
		plan_ecp5(b->clock_mhz, mhz, c, &best);
		range = "10 to 400 MHz", fam = "ECP5";
		break;
	case TARGET_GOWIN:
		plan_gowin(b->clock_mhz, mhz, c, &best);
		range = "3.125 to 600 MHz", fam = "Gowin";
		break;
	default:
		diag_error(&ctx->diag, (struct ir_loc){0}, "--clock %g MHz: board '%s' is of a "
			   "family (%s) whose PLL sluice does not know", mhz, b->name, fam);
		return -1;
	}
	if (best < 0 || fabs(best - mhz) > 0.01 * mhz) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "--clock %g MHz: the %s PLL cannot "
			   "make it from board '%s''s %g MHz oscillator within 1 percent (it makes "
			   "%s%s)", mhz, fam, b->name, b->clock_mhz, range,
			   best > 0 ? arena_printf(&ctx->arena, "; the nearest is %.3f MHz", best) : "");
		*c = (struct flow_clock){.mhz = b->clock_mhz};
		return -1;
	}
	return 0;
}

const char *flow_clock_settings(struct hls_ctx *ctx, const struct flow_clock *c)
{
	const char *s = "";
	for (unsigned i = 0; i < c->nparams; i++)
		s = arena_printf(&ctx->arena, "%s%s%s %u", s, i ? ", " : "", c->params[i].name,
				 c->params[i].value);
	return s;
}

unsigned flow_clock_param(const struct flow_clock *c, const char *name)
{
	for (unsigned i = 0; i < c->nparams; i++)
		if (!strcmp(c->params[i].name, name))
			return c->params[i].value;
	return 0;
}
