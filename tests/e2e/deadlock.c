/*
 * deadlock.c -- end-to-end: a host program that waits on a compiled design
 * that can never answer gets SLUICE_E_DEADLOCK, with a message naming the
 * pipe it waits on and the kernel that is not running, instead of hanging.
 *
 *     deadlock VSCALE_MODULE
 *
 * On examples/vscale (in, out: int32, MinCapacity 64; kernel scale):
 *   - reading `out` with scale never started and nothing written;
 *   - writing 1000 words to `in` (more than it holds) with scale never
 *     started: the write blocks on a full pipe;
 *   - waiting for scale(1, 10) that was given 3 of its 10 words;
 *   - after each, the module still works: a deadlock is reported, not
 *     fatal.
 * SLUICE_DEADLOCK_CYCLES is set to 200000 so each case ends in well under
 * a second of simulation.
 */
#include "e2e.h"

static void still_works(sluice_module *m, const char *after)
{
	int32_t x = 21, y = 0;
	struct scale_args a = {2, 1};
	bool ok = !sluice_kernel_start(m, "scale", &a, sizeof a) &&
		  !sluice_pipe_write(m, "in", &x, sizeof x) && !sluice_pipe_read(m, "out", &y, sizeof y) &&
		  !sluice_kernel_wait(m, "scale", 10000);
	check(ok && y == 42, "after %s the module still runs: scale(2, 1) of 21 gives %d", after, (int)y);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: deadlock VSCALE_MODULE\n");
		return 2;
	}
	setenv("SLUICE_DEADLOCK_CYCLES", "200000", 1);

	sluice_device *d;
	sluice_module *m;
	MUST(sluice_device_open(&d, "sim"));
	MUST(sluice_module_load(d, argv[1], &m));

	int32_t y;
	uint64_t c0 = sim_cycles(d);
	double t0 = now_s();
	int rc = sluice_pipe_read(m, "out", &y, sizeof y);
	check(status_is(rc, SLUICE_E_DEADLOCK, "'out'", "Kernel 'scale'", "not running",
			"sluice_kernel_start", NULL),
	      "reading 'out' with scale never started: SLUICE_E_DEADLOCK naming 'out' and 'scale' "
	      "(after %llu cycles, %.2f s)", (unsigned long long)(sim_cycles(d) - c0), now_s() - t0);

	/* the data is rebuilt below as a check that a failed write lost nothing
	 * it had not said it might */
	static int32_t xs[1000];
	for (int i = 0; i < 1000; i++)
		xs[i] = i;
	rc = sluice_pipe_write(m, "in", xs, sizeof xs);
	check(status_is(rc, SLUICE_E_DEADLOCK, "'in'", "Kernel 'scale'", "not running", NULL),
	      "writing 1000 words to 'in' (MinCapacity 64) with scale never started: "
	      "SLUICE_E_DEADLOCK naming 'in' and 'scale'");
	sluice_module_close(m);

	/* a fresh module: the one above has words of the failed write in 'in' */
	MUST(sluice_module_load(d, argv[1], &m));
	struct scale_args a = {1, 10};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	MUST(sluice_pipe_write(m, "in", xs, 3 * sizeof xs[0]));
	int32_t three[3];
	MUST(sluice_pipe_read(m, "out", three, sizeof three));
	rc = sluice_kernel_wait(m, "scale", SLUICE_FOREVER);
	check(status_is(rc, SLUICE_E_DEADLOCK, "'scale'", NULL) && three[2] == 2,
	      "waiting for scale(1, 10) that got 3 of its 10 words: SLUICE_E_DEADLOCK naming 'scale'");
	/* give it the other 7: it finishes, and the module is usable again */
	MUST(sluice_pipe_write(m, "in", xs + 3, 7 * sizeof xs[0]));
	int32_t seven[7];
	MUST(sluice_pipe_read(m, "out", seven, sizeof seven));
	check(sluice_kernel_wait(m, "scale", 10000) == SLUICE_OK && seven[0] == 3 && seven[6] == 9,
	      "the same kernel finishes once the other 7 words arrive");
	still_works(m, "three deadlocks");

	sluice_module_close(m);
	sluice_device_close(d);
	return finish();
}
