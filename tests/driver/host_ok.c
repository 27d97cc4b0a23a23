/*
 * host_ok.c -- host code that uses every accessor of the generated
 * accessors.h with the right types; tests/driver/run.sh compiles it with
 * -Wall -Wextra -Werror to show that the header compiles and type-checks.
 * (It is only compiled and linked, never run.)
 */
#include "pair.h"

#include <accessors.h>

int use_everything(sluice_module *mod);

int use_everything(sluice_module *mod)
{
	struct pair p = {.x = -1, .y = 2}, ps[3] = {{0, 0}, {1, 1}, {2, 2}};
	int32_t s, ss[3];
	uint8_t t;
	bool ok;
	int rc = 0;

	rc |= accessors_combine_start(mod, (int16_t)-3, 3u);
	rc |= accessors_pairs_write(mod, p);
	rc |= accessors_pairs_write_nb(mod, p, &ok);
	rc |= accessors_pairs_write_n(mod, ps, 3);
	rc |= accessors_sums_read(mod, &s);
	rc |= accessors_sums_read_nb(mod, &s, &ok);
	rc |= accessors_sums_read_n(mod, ss, 3);
	rc |= accessors_combine_wait(mod, SLUICE_FOREVER);
	rc |= accessors_tick_start(mod);
	rc |= accessors_ticks_read(mod, &t);
	rc |= accessors_ticks_read_nb(mod, &t, &ok);
	rc |= accessors_ticks_read_n(mod, &t, 1);
	rc |= accessors_tick_wait(mod, 0);
	struct accessors_combine_args a = {.k = 1, .n = 2};
	rc |= sluice_kernel_start(mod, "combine", &a, sizeof a);
	return rc | (accessors_DESIGN_ID != 0);
}

int main(void)
{
	return 0;
}
