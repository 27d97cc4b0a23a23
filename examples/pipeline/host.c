/*
 * host.c -- the host program of examples/pipeline: streams 20000 samples
 * through smooth -> detect from two threads, checks every word against a
 * C model of the two kernels, and prints how fast it went.
 *
 *     sluice build examples/pipeline/pipeline.c -o pipeline.sluice
 *     cc examples/pipeline/host.c -I pipeline.sluice \
 *         $(pkg-config --cflags --libs sluice) -pthread -o host
 *     ./host [MODULE [SAMPLES]]       (default pipeline.sluice, 20000)
 *
 * It uses the typed accessors that `sluice build` writes next to the
 * manifest (pipeline.sluice/pipeline.h): pipeline_samples_write_n() takes
 * int32_t words, pipeline_detect_start() takes (int32_t threshold,
 * uint32_t n), so the compiler checks the types against the kernels.
 * One thread writes the samples while the main thread reads the results;
 * neither waits for the other, so the pipes stay busy.  Every call is
 * checked (a failure prints sluice_last_error() and exits with status 1),
 * and so is every word that comes back.
 */
#include "pipeline.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CHUNK = 1000 };
#define THRESHOLD 1000

/* Stops the program with libsluice's message if a call failed. */
static void check(int status, const char *what)
{
	if (status != SLUICE_OK) {
		fprintf(stderr, "host: %s: %s: %s\n", what, sluice_error_name(status),
			sluice_last_error());
		exit(1);
	}
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static sluice_module *mod;
static int32_t *samples;
static uint32_t n;

/* The writer thread: all samples, CHUNK words per call. */
static void *writer(void *arg)
{
	(void)arg;
	for (uint32_t done = 0; done < n; done += CHUNK) {
		uint32_t k = n - done < CHUNK ? n - done : CHUNK;
		check(pipeline_samples_write_n(mod, &samples[done], k), "writing 'samples'");
	}
	return NULL;
}

/* A slow wave (a triangle, period 500 samples, from -3000 to 3000) with
 * noise of +-100 from a fixed LCG: the smoothed signal rises above the
 * threshold once a period, plus now and then once more where the noise
 * makes it wobble across. */
static int32_t sample(uint32_t i, uint32_t *rng)
{
	int32_t phase = (int32_t)(i % 500);
	int32_t tri = phase < 250 ? phase * 24 - 3000 : (500 - phase) * 24 - 3000;
	*rng = *rng * 1664525u + 1013904223u;
	return tri + (int32_t)(*rng >> 16) % 201 - 100;
}

/* The C model of the two kernels: n smoothed samples, then the number of
 * rises above the threshold. */
static void reference(const int32_t *x, uint32_t count, int32_t threshold, int32_t *want)
{
	int32_t x1 = 0, x2 = 0, x3 = 0, rises = 0;
	bool above = false;
	for (uint32_t i = 0; i < count; i++) {
		int64_t sum = (int64_t)x[i] + x1 + x2 + x3;
		int32_t y = (int32_t)(sum >> 2);
		x3 = x2;
		x2 = x1;
		x1 = x[i];
		if (y > threshold && !above)
			rises++;
		above = y > threshold;
		want[i] = y;
	}
	want[count] = rises;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "pipeline.sluice";
	n = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 20000;
	if (n == 0) {
		fprintf(stderr, "usage: host [MODULE [SAMPLES]]  (SAMPLES > 0)\n");
		return 2;
	}
	samples = malloc(n * sizeof *samples);
	int32_t *got = malloc((n + 1) * sizeof *got), *want = malloc((n + 1) * sizeof *want);
	if (!samples || !got || !want) {
		fprintf(stderr, "host: out of memory\n");
		return 1;
	}
	uint32_t rng = 12345;
	for (uint32_t i = 0; i < n; i++)
		samples[i] = sample(i, &rng);
	reference(samples, n, THRESHOLD, want);

	sluice_device *dev;
	char devname[4096];	/* "board:" and a path to the board's line */
	check(sluice_device_open(&dev, NULL), "opening the device");
	check(sluice_device_info(dev, SLUICE_INFO_DEVICE_NAME, devname, sizeof devname),
	      "asking the device's name");
	check(sluice_module_load(dev, path, &mod), "loading the module");
	printf("host: loaded %s on device \"%s\"\n", path, devname);

	uint64_t c0 = 0, c1 = 0;
	int rc = sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c0, sizeof c0);
	bool sim = rc == SLUICE_OK;
	if (!sim && rc != SLUICE_E_NOT_SUPPORTED)
		check(rc, "asking the simulated cycles");
	double t0 = now_s();

	check(pipeline_smooth_start(mod, n), "starting smooth");
	check(pipeline_detect_start(mod, THRESHOLD, n), "starting detect");
	pthread_t t;
	if (pthread_create(&t, NULL, writer, NULL)) {
		fprintf(stderr, "host: cannot create the writer thread\n");
		return 1;
	}
	for (uint32_t done = 0; done < n + 1; done += CHUNK) {
		uint32_t k = n + 1 - done < CHUNK ? n + 1 - done : CHUNK;
		check(pipeline_events_read_n(mod, &got[done], k), "reading 'events'");
	}
	pthread_join(t, NULL);
	check(pipeline_smooth_wait(mod, 10000), "waiting for smooth");
	check(pipeline_detect_wait(mod, 10000), "waiting for detect");

	double secs = now_s() - t0;
	if (sim)
		check(sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c1, sizeof c1),
		      "asking the simulated cycles");
	sluice_module_close(mod);
	sluice_device_close(dev);

	uint32_t bad = 0;
	for (uint32_t i = 0; i <= n; i++)
		if (got[i] != want[i] && bad++ < 5)
			fprintf(stderr, "host: %s %" PRIu32 ": got %" PRId32 ", expected %" PRId32 "\n",
				i < n ? "smoothed sample" : "rise count, word", i, got[i], want[i]);
	if (bad) {
		fprintf(stderr, "host: %" PRIu32 " of %" PRIu32 " words wrong\n", bad, n + 1);
		return 1;
	}
	printf("host: streamed %" PRIu32 " samples through smooth -> detect and read back %" PRIu32
	       " words: all equal to the C reference\n", n, n + 1);
	printf("host: the smoothed signal rose above %d %" PRId32 " times\n", THRESHOLD, got[n]);
	double bytes = (double)n * sizeof(int32_t);
	printf("host: %.3f s: %.0f words/s, %.3f MB/s in each direction\n", secs, n / secs,
	       bytes / secs / 1e6);
	if (sim) {
		uint64_t cyc = c1 - c0;
		printf("host: %" PRIu64 " cycles simulated: %.3f words per cycle, %.0f cycles per word, "
		       "%.2f M cycles/s\n", cyc, (double)n / (double)cyc, (double)cyc / n,
		       cyc / secs / 1e6);
	}
	free(samples);
	free(got);
	free(want);
	return 0;
}
