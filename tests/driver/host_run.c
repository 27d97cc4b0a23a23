/*
 * host_run.c -- runs module accessors.sluice (tests/driver/accessors.c) on
 * the simulator through libsluice and the generated accessors.h: pairs in,
 * x * k + y out, with the blocking, bulk and non-blocking accessors, and
 * the parameterless kernel tick.  Usage: host_run MODULE_DIR.  Prints
 * "host_run: ok" and exits 0 when every value is right.
 */
#include "pair.h"

#include <accessors.h>
#include <stdio.h>

static int failures;

#define MUST(call)                                                                   \
	do {                                                                         \
		int rc_ = (call);                                                    \
		if (rc_ != SLUICE_OK) {                                              \
			fprintf(stderr, "host_run: %s: %s: %s\n", #call,             \
				sluice_error_name(rc_), sluice_last_error());        \
			return 1;                                                    \
		}                                                                    \
	} while (0)

static void expect(const char *what, long long got, long long want)
{
	if (got != want) {
		fprintf(stderr, "host_run: %s: got %lld, want %lld\n", what, got, want);
		failures++;
	}
}

int main(int argc, char **argv)
{
	sluice_device *dev;
	sluice_module *mod;
	if (argc != 2) {
		fprintf(stderr, "usage: host_run MODULE_DIR\n");
		return 2;
	}
	MUST(sluice_device_open(&dev, "sim"));
	MUST(sluice_module_load(dev, argv[1], &mod));

	/* blocking and bulk */
	const struct pair in[5] = {{1, 2}, {-3, 4}, {100, 65535}, {-32768, 0}, {7, 7}};
	const int16_t k = -3;
	int32_t out[5];
	MUST(accessors_combine_start(mod, k, 5));
	MUST(accessors_pairs_write(mod, in[0]));
	MUST(accessors_pairs_write_n(mod, in + 1, 4));
	MUST(accessors_sums_read(mod, &out[0]));
	MUST(accessors_sums_read_n(mod, out + 1, 4));
	MUST(accessors_combine_wait(mod, 20000));
	for (int i = 0; i < 5; i++) {
		char what[64];
		snprintf(what, sizeof what, "combine(-3): sums[%d]", i);
		expect(what, out[i], (int32_t)in[i].x * k + (int32_t)in[i].y);
	}

	/* non-blocking, polled */
	bool ok = false;
	int32_t s = 0;
	MUST(accessors_combine_start(mod, 1000, 1));
	for (int i = 0; i < 100000 && !ok; i++)
		MUST(accessors_pairs_write_nb(mod, (struct pair){.x = -5, .y = 9}, &ok));
	expect("pairs_write_nb took the word", ok, 1);
	ok = false;
	for (int i = 0; i < 100000 && !ok; i++)
		MUST(accessors_sums_read_nb(mod, &s, &ok));
	expect("sums_read_nb got a word", ok, 1);
	expect("combine(1000): sums", s, -5 * 1000 + 9);
	MUST(accessors_combine_wait(mod, 20000));

	/* a kernel without parameters, a second d2h pipe */
	uint8_t t = 0;
	MUST(accessors_tick_start(mod));
	MUST(accessors_ticks_read(mod, &t));
	MUST(accessors_tick_wait(mod, 20000));
	expect("tick: ticks", t, 0x5a);

	sluice_module_close(mod);
	sluice_device_close(dev);
	if (failures)
		return 1;
	printf("host_run: ok\n");
	return 0;
}
