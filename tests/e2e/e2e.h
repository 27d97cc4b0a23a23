/*
 * tests/e2e/e2e.h -- what the end-to-end test programs share: one
 * "PASS: ..." or "FAIL: ..." line per check, a closing "N passed, N
 * failed" line (exit status 1 if any failed), checks of a status code and
 * of the words of its sluice_last_error() message, and a MUST() for setup
 * steps that stops the program when they fail.
 *
 * The programs are built by tests/e2e/run_e2e.sh against the public API
 * only (pkg-config sluice) and run on modules that `sluice build` wrote;
 * the checking helpers are those of tests/runtime/api_test.h.
 */
#ifndef E2E_H
#define E2E_H

/* check(), status_is(), MUST() and finish(): the same as the API tests' */
#include "../runtime/api_test.h"

#include <stdint.h>
#include <time.h>

static double __attribute__((unused)) now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t __attribute__((unused)) sim_cycles(sluice_device *d)
{
	uint64_t c = 0;
	MUST(sluice_device_info(d, SLUICE_INFO_SIM_CYCLES, &c, sizeof c));
	return c;
}

/* The arguments of vscale's scale(int32_t factor, uint32_t n). */
struct scale_args {
	int32_t factor;
	uint32_t n;
};

static int32_t __attribute__((unused)) scaled(int32_t x, int32_t factor)
{
	return (int32_t)((uint32_t)x * (uint32_t)factor);
}

#endif /* E2E_H */
