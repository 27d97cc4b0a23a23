/*
 * pipe_bench.c -- host pipe throughput on the simulator, for
 * scripts/bench.py (`make bench`): streams words through a compiled
 * design that gives back each word it takes, from host pipe "in" to host
 * pipe "out", with a writer thread and a reader thread, each moving SIZE
 * bytes per libsluice call, and measures wall time and simulated cycles.
 * The design is examples/vscale (32-bit words; its kernel is started as
 * scale(1, n): out = in) or one whose kernel runs from reset and copies
 * (tests/e2e/pipe_copy128.c: 128-bit words); the word size is the pipe's.
 *
 *     pipe_bench MODULE [SIZE:TOTAL ...]
 *
 * SIZE: bytes per sluice_pipe_write / sluice_pipe_read call (one word
 * per call at the least); TOTAL: bytes streamed in that run.  Default:
 * 4:65536 4096:2097152 65536:2097152 1048576:2097152 (SIZE at least a
 * word).  Every word read is checked.  One line of JSON per run on stdout:
 *   {"size": S, "bytes": B, "word": W, "seconds": T, "cycles": C, "away": A, "ok": true}
 * with "error": "..." instead when a call failed or a word was wrong;
 * exit status 1 then.  bench.py derives MB/s, words/s, words per cycle and
 * the simulator's cycles per second from them.
 *
 * "away": of those cycles, the ones the simulator clocked while one of the
 * two threads was between its calls (or not yet at its first), so had
 * nothing under way for the device to serve.  How many there are follows
 * how the machine schedules the two threads, not sluice: on a loaded
 * machine a thread that has returned from a call can wait milliseconds for
 * a core before it makes the next, while the other thread's call clocks
 * the device on.  The cycles of the two threads' absences are disjoint
 * (only a thread inside a call clocks the device), so cycles - away are
 * the cycles in which the host had both calls under way.  Each thread reads
 * the count just before and just after each call (SLUICE_INFO_SIM_CYCLES
 * takes the device as a call does, so the reading waits its turn as the
 * call would).
 */
#include <sluice/runtime.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct run {
	sluice_device *dev;
	sluice_module *mod;
	size_t size, bytes;	/* bytes per call, bytes in all */
	uint32_t *wbuf, *rbuf;
	uint64_t c0;		/* the cycle count when the run began */
	uint64_t away[2];	/* cycles the writer [0] and the reader [1] were between calls */
	char err[400];
};

/* The design: its word size, and the kernel to start (NULL: it runs from
 * reset). */
static size_t word_size;
static const char *started;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t word(size_t i)
{
	return (uint32_t)i * 2654435761u ^ (uint32_t)(i >> 7);
}

static uint64_t cycles(sluice_device *dev)
{
	uint64_t c = 0;
	sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c, sizeof c);
	return c;
}

/* Moves r->bytes through pipe "in" (write) or "out" (read), r->size bytes
 * a call, adding the cycles between its calls to r->away[read]; false,
 * with err set, when a call failed. */
static bool stream(struct run *r, bool read, char *err, size_t errlen)
{
	char *buf = (char *)(read ? r->rbuf : r->wbuf);
	uint64_t last = r->c0;
	for (size_t done = 0; done < r->bytes; done += r->size) {
		size_t k = r->bytes - done < r->size ? r->bytes - done : r->size;
		r->away[read] += cycles(r->dev) - last;
		if (read ? sluice_pipe_read(r->mod, "out", buf + done, k)
			 : sluice_pipe_write(r->mod, "in", buf + done, k)) {
			snprintf(err, errlen, "%s: %s", read ? "read" : "write", sluice_last_error());
			return false;
		}
		last = cycles(r->dev);
	}
	return true;
}

static void *writer(void *arg)
{
	struct run *r = arg;
	stream(r, false, r->err, sizeof r->err);
	return NULL;
}

/* One run; prints its JSON line; false on failure. */
static bool bench(sluice_device *dev, sluice_module *mod, size_t size, size_t total)
{
	struct run r = {.dev = dev, .mod = mod, .size = size, .bytes = total};
	size_t words = total / 4;	/* 32-bit pieces of the pattern */
	char rerr[400] = "";
	bool ok = true;
	r.wbuf = malloc(total);
	r.rbuf = malloc(total);
	if (!r.wbuf || !r.rbuf) {
		printf("{\"size\": %zu, \"bytes\": %zu, \"ok\": false, \"error\": \"out of memory\"}\n",
		       size, total);
		return false;
	}
	for (size_t i = 0; i < words; i++)
		r.wbuf[i] = word(i);

	struct {
		int32_t factor;
		uint32_t n;
	} args = {1, (uint32_t)(total / word_size)};
	uint64_t c0 = 0, c1 = 0;
	if ((started && sluice_kernel_start(mod, started, &args, sizeof args)) ||
	    sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c0, sizeof c0)) {
		snprintf(rerr, sizeof rerr, "start: %s", sluice_last_error());
		ok = false;
	}
	r.c0 = c0;
	double t0 = now_s();
	pthread_t t;
	if (ok && pthread_create(&t, NULL, writer, &r)) {
		snprintf(rerr, sizeof rerr, "cannot create a thread");
		ok = false;
	}
	if (ok) {
		ok = stream(&r, true, rerr, sizeof rerr);
		pthread_join(t, NULL);
	}
	double secs = now_s() - t0;
	if (ok && !r.err[0] &&
	    ((started && sluice_kernel_wait(mod, started, 10000)) ||
	     sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c1, sizeof c1))) {
		snprintf(rerr, sizeof rerr, "wait: %s", sluice_last_error());
		ok = false;
	}
	if (ok && !r.err[0] && memcmp(r.wbuf, r.rbuf, total)) {
		size_t i = 0;
		while (r.wbuf[i] == r.rbuf[i])
			i++;
		snprintf(rerr, sizeof rerr, "word %zu came back as 0x%08x, not 0x%08x", i,
			 (unsigned)r.rbuf[i], (unsigned)r.wbuf[i]);
		ok = false;
	}
	const char *err = r.err[0] ? r.err : rerr;
	if (ok && !r.err[0])
		printf("{\"size\": %zu, \"bytes\": %zu, \"word\": %zu, \"seconds\": %.6f, "
		       "\"cycles\": %llu, \"away\": %llu, \"ok\": true}\n", size, total, word_size,
		       secs, (unsigned long long)(c1 - c0),
		       (unsigned long long)(r.away[0] + r.away[1]));
	else {
		printf("{\"size\": %zu, \"bytes\": %zu, \"ok\": false, \"error\": \"", size, total);
		for (const char *c = err; *c; c++) {
			if (*c == '"' || *c == '\\')
				putchar('\\');
			putchar((unsigned char)*c < 32 ? ' ' : *c);
		}
		printf("\"}\n");
	}
	fflush(stdout);
	free(r.wbuf);
	free(r.rbuf);
	return ok && !r.err[0];
}

int main(int argc, char **argv)
{
	static const char *defaults[] = {"4:65536", "4096:2097152", "65536:2097152",
					 "1048576:2097152"};
	if (argc < 2) {
		fprintf(stderr, "usage: pipe_bench MODULE [SIZE:TOTAL ...]\n");
		return 2;
	}
	sluice_device *dev;
	sluice_module *mod;
	if (sluice_device_open(&dev, "sim") || sluice_module_load(dev, argv[1], &mod)) {
		fprintf(stderr, "pipe_bench: %s\n", sluice_last_error());
		return 1;
	}
	struct sluice_pipe_info pi;
	for (size_t i = 0; !sluice_module_pipe(mod, i, &pi); i++)
		if (!strcmp(pi.name, "in"))
			word_size = pi.word_size;
	struct sluice_kernel_info ki;
	if (!word_size || word_size % 4 || sluice_module_kernel(mod, 0, &ki)) {
		fprintf(stderr, "pipe_bench: %s has no host pipe 'in' of whole 32-bit words, or "
			"no kernel\n", argv[1]);
		return 1;
	}
	started = ki.autorun ? NULL : ki.name;
	int n = argc > 2 ? argc - 2 : (int)(sizeof defaults / sizeof *defaults);
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		char def[64];
		const char *spec = argc > 2 ? argv[i + 2] : defaults[i];
		if (argc <= 2 && i == 0) {
			/* one word per call */
			snprintf(def, sizeof def, "%zu:%zu", word_size, 16384 * word_size);
			spec = def;
		}
		size_t size = 0, total = 0;
		if (sscanf(spec, "%zu:%zu", &size, &total) != 2 || size < word_size ||
		    size % word_size || total < size || total % word_size ||
		    total / word_size > UINT32_MAX) {
			fprintf(stderr, "pipe_bench: '%s' is not SIZE:TOTAL (bytes, whole words)\n",
				spec);
			return 2;
		}
		ok = bench(dev, mod, size, total);
	}
	sluice_module_close(mod);
	sluice_device_close(dev);
	return ok ? 0 : 1;
}
