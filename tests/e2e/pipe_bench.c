/*
 * pipe_bench.c -- host pipe throughput on the simulator, for
 * scripts/bench.py (`make bench`): streams words through the compiled
 * examples/vscale design (scale(1, n): out = in) with a writer thread and
 * a reader thread, each moving SIZE bytes per libsluice call, and measures
 * wall time and simulated cycles.
 *
 *     pipe_bench VSCALE_MODULE [SIZE:TOTAL ...]
 *
 * SIZE: bytes per sluice_pipe_write / sluice_pipe_read call (4 = one word
 * per call); TOTAL: bytes streamed in that run.  Default:
 * 4:65536 4096:2097152 65536:2097152 1048576:2097152.  Every word read is
 * checked.  One line of JSON per run on stdout:
 *   {"size": S, "bytes": B, "seconds": T, "cycles": C, "ok": true}
 * with "error": "..." instead when a call failed or a word was wrong;
 * exit status 1 then.  bench.py derives MB/s, words/s, words per cycle and
 * the simulator's cycles per second from them.
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
	sluice_module *mod;
	size_t size, words;	/* bytes per call, words in all */
	uint32_t *wbuf, *rbuf;
	char err[400];
};

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

static void *writer(void *arg)
{
	struct run *r = arg;
	size_t per = r->size / 4;
	for (size_t done = 0; done < r->words; done += per) {
		size_t k = r->words - done < per ? r->words - done : per;
		if (sluice_pipe_write(r->mod, "in", &r->wbuf[done], k * 4)) {
			snprintf(r->err, sizeof r->err, "write: %s", sluice_last_error());
			break;
		}
	}
	return NULL;
}

/* One run; prints its JSON line; false on failure. */
static bool bench(sluice_device *dev, sluice_module *mod, size_t size, size_t total)
{
	struct run r = {.mod = mod, .size = size, .words = total / 4};
	char rerr[400] = "";
	bool ok = true;
	r.wbuf = malloc(r.words * 4);
	r.rbuf = malloc(r.words * 4);
	if (!r.wbuf || !r.rbuf) {
		printf("{\"size\": %zu, \"bytes\": %zu, \"ok\": false, \"error\": \"out of memory\"}\n",
		       size, total);
		return false;
	}
	for (size_t i = 0; i < r.words; i++)
		r.wbuf[i] = word(i);

	struct {
		int32_t factor;
		uint32_t n;
	} args = {1, (uint32_t)r.words};
	uint64_t c0 = 0, c1 = 0;
	if (sluice_kernel_start(mod, "scale", &args, sizeof args) ||
	    sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c0, sizeof c0)) {
		snprintf(rerr, sizeof rerr, "start: %s", sluice_last_error());
		ok = false;
	}
	double t0 = now_s();
	pthread_t t;
	if (ok && pthread_create(&t, NULL, writer, &r)) {
		snprintf(rerr, sizeof rerr, "cannot create a thread");
		ok = false;
	}
	if (ok) {
		size_t per = size / 4;
		for (size_t done = 0; done < r.words; done += per) {
			size_t k = r.words - done < per ? r.words - done : per;
			if (sluice_pipe_read(mod, "out", &r.rbuf[done], k * 4)) {
				snprintf(rerr, sizeof rerr, "read: %s", sluice_last_error());
				ok = false;
				break;
			}
		}
		pthread_join(t, NULL);
	}
	double secs = now_s() - t0;
	if (ok && !r.err[0] &&
	    (sluice_kernel_wait(mod, "scale", 10000) ||
	     sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c1, sizeof c1))) {
		snprintf(rerr, sizeof rerr, "wait: %s", sluice_last_error());
		ok = false;
	}
	if (ok && !r.err[0] && memcmp(r.wbuf, r.rbuf, r.words * 4)) {
		size_t i = 0;
		while (r.wbuf[i] == r.rbuf[i])
			i++;
		snprintf(rerr, sizeof rerr, "word %zu came back as 0x%08x, not 0x%08x", i,
			 (unsigned)r.rbuf[i], (unsigned)r.wbuf[i]);
		ok = false;
	}
	const char *err = r.err[0] ? r.err : rerr;
	if (ok && !r.err[0])
		printf("{\"size\": %zu, \"bytes\": %zu, \"seconds\": %.6f, \"cycles\": %llu, "
		       "\"ok\": true}\n", size, total, secs, (unsigned long long)(c1 - c0));
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
		fprintf(stderr, "usage: pipe_bench VSCALE_MODULE [SIZE:TOTAL ...]\n");
		return 2;
	}
	sluice_device *dev;
	sluice_module *mod;
	if (sluice_device_open(&dev, "sim") || sluice_module_load(dev, argv[1], &mod)) {
		fprintf(stderr, "pipe_bench: %s\n", sluice_last_error());
		return 1;
	}
	int n = argc > 2 ? argc - 2 : (int)(sizeof defaults / sizeof *defaults);
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		const char *spec = argc > 2 ? argv[i + 2] : defaults[i];
		size_t size = 0, total = 0;
		if (sscanf(spec, "%zu:%zu", &size, &total) != 2 || size < 4 || size % 4 ||
		    total < size || total % 4 || total / 4 > UINT32_MAX) {
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
