/*
 * host.c -- the host program of examples/bulk: 4 MiB through kernel
 * `scramble` and back with sluice_pipe_map / sluice_pipe_unmap, every
 * word checked.
 *
 *     sluice build examples/bulk/bulk.c -o bulk.sluice
 *     cc examples/bulk/host.c $(pkg-config --cflags --libs sluice) -pthread -o host
 *     ./host [MODULE [MIB]]           (default bulk.sluice, 4 MiB)
 *
 * Mapping a pipe hands the host a buffer that belongs to the pipe, so the
 * data is produced and consumed in place, with no copy through a buffer
 * of the program's own:
 *   - the writer thread maps `in` for writing, fills what it was given
 *     (up to 64 KiB at a time) and unmaps it, which sends those words;
 *   - the main thread maps `out` for reading, which returns as soon as
 *     some words have arrived (up to what it asked for), checks them in
 *     place and unmaps them, which consumes them.
 * At the end the program checks that exactly the words sent came back:
 * each word is compared with the C model of the kernel at its position,
 * and `out` must then be empty.
 */
#include <sluice/runtime.h>

#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define KEY 0x2545F491u
#define MAP_BYTES (64 * 1024)

/* Stops the program with libsluice's message if a call failed. */
static void check(int status, const char *what)
{
	if (status != SLUICE_OK) {
		fprintf(stderr, "host: %s: %s: %s\n", what, sluice_error_name(status),
			sluice_last_error());
		exit(1);
	}
}

/* Stops the program when sluice_pipe_map returned NULL. */
static void map_failed(const char *what)
{
	int status = sluice_last_error_code();
	fprintf(stderr, "host: %s: %s: %s\n", what, sluice_error_name(status), sluice_last_error());
	exit(1);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The data written: word i of the stream (a counter in the high half and
 * a hash in the low half, so a repeated or shifted word shows). */
static uint32_t data_word(uint32_t i)
{
	return i << 16 ^ (i * 2654435761u) >> 16;
}

/* The C model of the kernel's key stream (xorshift32). */
static uint32_t next_key(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static sluice_module *mod;
static uint32_t nwords;
static size_t maps_written;

static void *writer(void *arg)
{
	(void)arg;
	for (uint32_t done = 0; done < nwords;) {
		size_t want = (size_t)(nwords - done) * 4, mapped = 0;
		uint32_t *p = sluice_pipe_map(mod, "in", SLUICE_MAP_WRITE,
					      want < MAP_BYTES ? want : MAP_BYTES, &mapped);
		if (!p)
			map_failed("mapping 'in' for writing");
		for (size_t i = 0; i < mapped / 4; i++)
			p[i] = data_word(done + (uint32_t)i);
		check(sluice_pipe_unmap(mod, "in", p, mapped), "unmapping 'in' (sending the words)");
		done += (uint32_t)(mapped / 4);
		maps_written++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "bulk.sluice";
	unsigned mib = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 4;
	if (mib == 0 || mib > 1024) {
		fprintf(stderr, "usage: host [MODULE [MIB]]  (1 <= MIB <= 1024)\n");
		return 2;
	}
	nwords = mib * (1u << 20) / 4;

	sluice_device *dev;
	check(sluice_device_open(&dev, NULL), "opening the device");
	check(sluice_module_load(dev, path, &mod), "loading the module");
	printf("host: loaded %s; scrambling %u MiB (%" PRIu32 " words) in and out with "
	       "map/unmap\n", path, mib, nwords);

	double t0 = now_s();
	struct {
		uint32_t key, n;
	} args = {KEY, nwords};
	check(sluice_kernel_start(mod, "scramble", &args, sizeof args), "starting scramble");
	pthread_t t;
	if (pthread_create(&t, NULL, writer, NULL)) {
		fprintf(stderr, "host: cannot create the writer thread\n");
		return 1;
	}

	uint32_t got = 0, bad = 0, key = KEY;
	size_t maps_read = 0;
	while (got < nwords) {
		size_t want = (size_t)(nwords - got) * 4, mapped = 0;
		uint32_t *q = sluice_pipe_map(mod, "out", SLUICE_MAP_READ,
					      want < MAP_BYTES ? want : MAP_BYTES, &mapped);
		if (!q)
			map_failed("mapping 'out' for reading");
		for (size_t i = 0; i < mapped / 4; i++) {
			uint32_t w = data_word(got + (uint32_t)i) ^ next_key(&key);
			if (q[i] != w && bad++ < 5)
				fprintf(stderr, "host: word %zu: got 0x%08" PRIx32 ", expected 0x%08" PRIx32
					"\n", got + i, q[i], w);
		}
		check(sluice_pipe_unmap(mod, "out", q, mapped), "unmapping 'out'");
		got += (uint32_t)(mapped / 4);
		maps_read++;
	}
	pthread_join(t, NULL);
	check(sluice_kernel_wait(mod, "scramble", 10000), "waiting for scramble");
	double secs = now_s() - t0;

	/* nothing more may come out: the kernel wrote exactly nwords */
	uint32_t extra;
	bool more = false;
	check(sluice_pipe_read_nb(mod, "out", &extra, sizeof extra, &more), "polling 'out'");
	sluice_module_close(mod);
	sluice_device_close(dev);

	if (bad || more) {
		fprintf(stderr, "host: %" PRIu32 " of %" PRIu32 " words wrong%s\n", bad, nwords,
			more ? ", and more words than were sent came out" : "");
		return 1;
	}
	printf("host: %" PRIu32 " words in through %zu write mappings, %" PRIu32 " out through %zu "
	       "read mappings: all in order and equal to the C model, none missing, none extra\n",
	       nwords, maps_written, got, maps_read);
	printf("host: %.2f s: %.3f MB/s in each direction\n", secs,
	       (double)nwords * 4 / secs / 1e6);
	return 0;
}
