/*
 * host.c -- run by tests/e2e/run_spec.sh on gain.sluice (built with
 * --spec-register gain --spec-register gain_shift): the kernel follows
 * sluice_module_set_spec between runs, the folded `bias` refuses another
 * value, and a register keeps its value across runs until set again.
 *
 * Usage: host MODULE.sluice
 */
#include "../e2e.h"

#include <stdint.h>

enum { N = 8 };

/* One run of scale(N); true if every word is x * gain + bias. */
static bool run_scale(sluice_module *mod, int32_t gain, const char *what)
{
	int32_t x[N], y[N];
	uint32_t n = N;
	for (int i = 0; i < N; i++)
		x[i] = (int32_t)(i * 2654435761u) >> 4;
	MUST(sluice_kernel_start(mod, "scale", &n, sizeof n));
	MUST(sluice_pipe_write(mod, "in", x, sizeof x));
	MUST(sluice_pipe_read(mod, "out", y, sizeof y));
	MUST(sluice_kernel_wait(mod, "scale", 20000));
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int32_t want = (int32_t)((uint32_t)x[i] * (uint32_t)gain + (uint32_t)-2);
		if (y[i] != want && bad++ < 3)
			printf("      out[%d] = %d, expected %d (x = %d, gain = %d)\n", i, y[i],
			       want, x[i], gain);
	}
	check(!bad, "%s: scale(%d) gives x * %d - 2", what, N, gain);
	return !bad;
}

static void run_shift(sluice_module *mod, unsigned sh, const char *what)
{
	uint32_t a[2] = {0x80000000u, 1000}, b[2];
	MUST(sluice_pipe_write(mod, "a", a, sizeof a));
	MUST(sluice_pipe_read(mod, "b", b, sizeof b));
	check(b[0] == a[0] >> sh && b[1] == a[1] >> sh,
	      "%s: the autorun kernel shifts by %u (got 0x%08x, %u)", what, sh, b[0], b[1]);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "gain.sluice";
	sluice_device *dev;
	sluice_module *mod;
	MUST(sluice_device_open(&dev, NULL));
	MUST(sluice_module_load(dev, path, &mod));

	run_scale(mod, 3, "the default gain");
	int32_t g = -7;
	check(sluice_module_set_spec(mod, "gain", &g, sizeof g) == SLUICE_OK,
	      "sluice_module_set_spec(gain, -7) on a register-bound constant");
	run_scale(mod, -7, "after setting gain to -7");
	run_scale(mod, -7, "a second run keeps gain -7");
	g = 100000;
	MUST(sluice_module_set_spec(mod, "gain", &g, sizeof g));
	run_scale(mod, 100000, "after setting gain to 100000");

	run_shift(mod, 1, "the default gain_shift");
	uint8_t sh = 5;
	MUST(sluice_module_set_spec(mod, "gain_shift", &sh, sizeof sh));
	run_shift(mod, 5, "after setting gain_shift to 5");

	int16_t bias = 4;
	check(status_is(sluice_module_set_spec(mod, "bias", &bias, sizeof bias),
			SLUICE_E_NOT_SUPPORTED, "folded", "--spec-register", NULL),
	      "a folded constant refuses another value and says how to make it a register");
	bias = -2;
	check(sluice_module_set_spec(mod, "bias", &bias, sizeof bias) == SLUICE_OK,
	      "a folded constant accepts its own value");

	sluice_module_close(mod);
	sluice_device_close(dev);
	return finish();
}
