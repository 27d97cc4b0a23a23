/*
 * lockstep.c -- end-to-end: a host program that sends a word and waits
 * for its result before it sends the next, on tests/e2e/blocks.c, whose
 * kernel reads the next word ahead in the state that writes a result
 * (hls/pass/read_ahead.c).  That read must not hold the write back until
 * the next word comes: every result arrives while the host waits for it,
 * and each is the kernel's function of its word.
 *
 *     lockstep BLOCKS_MODULE
 *
 * SLUICE_DEADLOCK_CYCLES is lowered so that a result held back ends as a
 * reported deadlock rather than a hang.
 */
#include "e2e.h"

/* blocks.c's mixer, on the CPU */
static uint64_t mix(uint64_t w)
{
	uint32_t a = (uint32_t)w, b = (uint32_t)(w >> 32), k = (uint32_t)(w >> 16);
	for (int i = 0; i < 5; i++) {
		a = a * 3 + b;
		b ^= a >> 3;
	}
	return (uint64_t)(b ^ k) << 32 | a;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: lockstep BLOCKS_MODULE\n");
		return 2;
	}
	setenv("SLUICE_DEADLOCK_CYCLES", "200000", 1);

	sluice_device *d;
	sluice_module *m;
	MUST(sluice_device_open(&d, "sim"));
	MUST(sluice_module_load(d, argv[1], &m));

	enum { N = 200 };
	uint64_t w = 0x0123456789abcdefull;
	unsigned right = 0, done = 0;
	int rc = SLUICE_OK;
	for (unsigned i = 0; i < N && rc == SLUICE_OK; i++) {
		uint64_t y = 0;
		w = w * 6364136223846793005ull + 1442695040888963407ull;
		rc = sluice_pipe_write(m, "in", &w, sizeof w);
		if (rc == SLUICE_OK)
			rc = sluice_pipe_read(m, "out", &y, sizeof y);
		if (rc == SLUICE_OK) {
			done++;
			right += y == mix(w);
		}
	}
	check(rc == SLUICE_OK && done == N,
	      "%u words sent one at a time, each after the result of the one before: %u results%s%s",
	      N, done, rc ? ": " : "", rc ? sluice_last_error() : "");
	check(right == N, "each result is mixer()'s of its word: %u of %u", right, done);

	sluice_module_close(m);
	sluice_device_close(d);
	return finish();
}
