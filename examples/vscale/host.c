/*
 * host.c -- the host program of examples/vscale: streams 4096 numbers
 * through kernel `scale` and checks every result.
 *
 *     sluice build examples/vscale/vscale.c -o vscale.sluice
 *     cc examples/vscale/host.c $(pkg-config --cflags --libs sluice) -o host
 *     ./host [MODULE]                 (MODULE: default vscale.sluice)
 *     SLUICE_TRACE=run.fst ./host     (the same, and a waveform of the run)
 *
 * It opens the default device (the simulator, unless $SLUICE_DEVICE names
 * a board), loads the module, starts scale(-7, 4096) and then writes the
 * input in chunks of 64 words, reading each chunk's results before writing
 * the next: a chunk fits in `in` (MinCapacity 64) and in `out`, so the
 * program never waits on itself, whatever the kernel's pace.  Every
 * libsluice call is checked; any failure prints sluice_last_error() and
 * exits with status 1, as does a wrong result.
 */
#include <sluice/runtime.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096, CHUNK = 64 };

/* Stops the program with libsluice's message if a call failed. */
static void check(int status, const char *what)
{
	if (status != SLUICE_OK) {
		fprintf(stderr, "host: %s: %s: %s\n", what, sluice_error_name(status),
			sluice_last_error());
		exit(1);
	}
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "vscale.sluice";
	static int32_t x[N], y[N];
	sluice_device *dev;
	sluice_module *mod;
	char devname[4096];	/* "board:" and a path to the board's line */

	check(sluice_device_open(&dev, NULL), "opening the device");
	check(sluice_device_info(dev, SLUICE_INFO_DEVICE_NAME, devname, sizeof devname),
	      "asking the device's name");
	check(sluice_module_load(dev, path, &mod), "loading the module");
	printf("host: loaded %s on device \"%s\"\n", path, devname);

	/* the arguments of scale(int32_t factor, uint32_t n), laid out as a
	 * struct of the parameters in order */
	struct {
		int32_t factor;
		uint32_t n;
	} args = {-7, N};
	check(sluice_kernel_start(mod, "scale", &args, sizeof args), "starting scale");

	for (uint32_t i = 0; i < N; i++)
		x[i] = (int32_t)(i * 2654435761u); /* all sizes and signs */
	for (size_t done = 0; done < N; done += CHUNK) {
		check(sluice_pipe_write(mod, "in", &x[done], CHUNK * sizeof x[0]), "writing 'in'");
		check(sluice_pipe_read(mod, "out", &y[done], CHUNK * sizeof y[0]), "reading 'out'");
	}
	check(sluice_kernel_wait(mod, "scale", 10000), "waiting for scale");

	size_t bad = 0;
	for (size_t i = 0; i < N; i++) {
		int32_t want = (int32_t)((uint32_t)x[i] * (uint32_t)args.factor);
		if (y[i] != want && bad++ < 5)
			fprintf(stderr, "host: out[%zu] = %" PRId32 ", expected %" PRId32 " (= %d * %" PRId32
				")\n", i, y[i], want, args.factor, x[i]);
	}
	uint64_t cycles = 0; /* stays 0 on a board: only a simulator counts them */
	int rc = sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &cycles, sizeof cycles);
	if (rc != SLUICE_E_NOT_SUPPORTED)
		check(rc, "asking the simulated cycles");

	sluice_module_close(mod);
	sluice_device_close(dev);
	if (bad) {
		fprintf(stderr, "host: %zu of %d results wrong\n", bad, N);
		return 1;
	}
	printf("host: scale(%d, %d): wrote %d words to 'in', read %d from 'out', all correct\n",
	       args.factor, N, N, N);
	printf("host: e.g. %" PRId32 " * %d = %" PRId32 ", %" PRId32 " * %d = %" PRId32 "\n", x[1],
	       args.factor, y[1], x[2], args.factor, y[2]);
	if (cycles)
		printf("host: %" PRIu64 " clock cycles simulated\n", cycles);
	return 0;
}
