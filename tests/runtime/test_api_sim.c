/*
 * test_api_sim.c -- libsluice on the "sim" device, over the real host-link
 * RTL: tests/runtime/cosim_top.v (the host bridge with two loopback
 * "kernels" and two started stand-ins, instantiated as the compiler does)
 * verilated into a simulator model with sim/sim_shim.cpp, loaded through
 * a module manifest.  Checks the whole path: dlopen of the model, the link
 * coming up and the identity check, 1 MiB streams in order with two host
 * threads, a 24-bit pipe and a specialization-constant register, kernel
 * arguments, start and wait against simulated cycles, map/unmap,
 * deadlock, and waveforms.  Prints throughput figures as notes.
 *
 * The model is build/sim/cosim/libsim.so (from the repository root); if
 * it is missing this test builds it with sim/build-model.sh (a minute or
 * two), so `make` need not know about it.
 */
#include "api_test.h"
#include "cosim_manifest.h"

#include <pthread.h>
#include <time.h>

#define MODEL "build/sim/cosim/libsim.so"


static const char *module_dir;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t cycles(sluice_device *d)
{
	uint64_t c = 0;
	sluice_device_info(d, SLUICE_INFO_SIM_CYCLES, &c, sizeof c);
	return c;
}

static bool model_ready(void)
{
	if (access(MODEL, R_OK) == 0)
		return true;
	printf("note: building the co-simulation model %s (once)\n", MODEL);
	fflush(stdout);
	int rc = system("SLUICE_SIM_CACHE=build/sim/cache sim/build-model.sh " MODEL " cosim_top build/sim/cosim/obj "
			"tests/runtime/cosim_top.v rtl/sluice_*.v > build/sim/cosim-build.log 2>&1");
	if (rc)
		system("tail -20 build/sim/cosim-build.log");
	return rc == 0 && access(MODEL, R_OK) == 0;
}

/* ---- streams -------------------------------------------------------------------- */

enum { WORDS = (1 << 20) / 4 };

static void *writer(void *arg)
{
	sluice_module *m = arg;
	static uint32_t buf[8192];
	for (size_t done = 0; done < WORDS;) {
		size_t k = WORDS - done < 8192 ? WORDS - done : 8192;
		for (size_t i = 0; i < k; i++)
			buf[i] = (uint32_t)((done + i) * 2654435761u);
		if (sluice_pipe_write(m, "in0", buf, k * 4))
			return strdup(sluice_last_error());
		done += k;
	}
	return NULL;
}

static void test_stream(sluice_device *d, sluice_module *m)
{
	static uint32_t buf[8192];
	pthread_t t;
	bool good = true;
	uint64_t c0 = cycles(d);
	double t0 = now_s();

	pthread_create(&t, NULL, writer, m);
	for (size_t done = 0; done < WORDS && good;) {
		size_t k = WORDS - done < 5000 ? WORDS - done : 5000;
		if (sluice_pipe_read(m, "out0", buf, k * 4)) {
			check(false, "read out0: %s", sluice_last_error());
			good = false;
			break;
		}
		for (size_t i = 0; i < k; i++)
			good &= buf[i] == (uint32_t)((done + i) * 2654435761u);
		done += k;
	}
	void *err;
	pthread_join(t, &err);
	check(!err, "writer thread streamed 1 MiB into in0%s%s", err ? ": " : "",
	      err ? (char *)err : "");
	check(good, "reader thread got 1 MiB back from out0, complete and in order");
	free(err);
	double s = now_s() - t0;
	uint64_t c = cycles(d) - c0;
	printf("note: 1 MiB each way through the bridge: %llu cycles (%.3f words/cycle each way), "
	       "%.2f s, %.2f MB/s each way, %.2f M cycles/s simulated\n",
	       (unsigned long long)c, (double)WORDS / (double)c, s, 1.048576 / s, c / s / 1e6);
}

/* One word at a time, each read before the next write: the link's round
 * trip, as a host that cannot batch sees it. */
static void test_one_word(sluice_device *d, sluice_module *m)
{
	enum { N = 1000 };
	bool good = true;
	uint64_t c0 = cycles(d);
	double t0 = now_s();
	for (uint32_t i = 0; i < N && good; i++) {
		uint32_t y = 0;
		if (sluice_pipe_write(m, "in0", &i, 4) || sluice_pipe_read(m, "out0", &y, 4)) {
			check(false, "one word: %s", sluice_last_error());
			return;
		}
		good = y == i;
	}
	uint64_t c = cycles(d) - c0;
	check(good, "%d single words written and read back one at a time", N);
	printf("note: 1-word round trip: %.0f cycles per word (%.3f words/cycle), %.0f words/s\n",
	       (double)c / N, (double)N / (double)c, N / (now_s() - t0));
}

static void test_small_words(sluice_module *m)
{
	uint8_t x[3 * 100], y[3 * 100];
	for (int i = 0; i < 300; i++)
		x[i] = (uint8_t)(i * 37 + 5);
	MUST(sluice_pipe_write(m, "in1", x, sizeof x));
	MUST(sluice_pipe_read(m, "out1", y, sizeof y));
	bool good = true;
	for (int i = 0; i < 300; i += 3)
		good &= y[i] == (x[i] ^ 0xA5) && y[i + 1] == (x[i + 1] ^ 0xA5) &&
			y[i + 2] == (x[i + 2] ^ 0xA5);
	check(good, "100 three-byte words through in1/out1, xored with the default spec constant");

	uint32_t mask = 0x123456;
	MUST(sluice_module_set_spec(m, "mask", &mask, sizeof mask));
	MUST(sluice_pipe_write(m, "in1", x, 6));
	MUST(sluice_pipe_read(m, "out1", y, 6));
	check(y[0] == (x[0] ^ 0x56) && y[1] == (x[1] ^ 0x34) && y[2] == (x[2] ^ 0x12) &&
		      y[5] == (x[5] ^ 0x12),
	      "set_spec reaches the design's SPEC register (byte 0 in bits 7:0)");
	bool ok = true;
	check(status_is(sluice_pipe_write(m, "in1", x, 4), SLUICE_E_SIZE, "3-byte words", NULL),
	      "4 bytes into a pipe of 3-byte words");
	MUST(sluice_pipe_read_nb(m, "out1", y, 3, &ok));
	check(!ok, "read_nb of an empty pipe on the simulator");
}

static void test_kernels(sluice_device *d, sluice_module *m)
{
	struct { uint32_t n, pad; uint64_t tag; } a = {50000, 0, 0x0123456789abcdefull};
	uint64_t c0 = cycles(d);
	MUST(sluice_kernel_start(m, "count", &a, sizeof a));
	MUST(sluice_kernel_wait(m, "count", 10000));
	uint64_t c = cycles(d) - c0;
	check(c >= 50000 && c < 60000, "a kernel busy for 50000 cycles: start + wait took %llu "
	      "simulated cycles", (unsigned long long)c);
	MUST(sluice_kernel_start(m, "nop", NULL, 0));
	MUST(sluice_kernel_start(m, "nop", NULL, 0));
	check(sluice_kernel_wait(m, "nop", 1000) == SLUICE_OK, "two starts of a short kernel, wait");
	a.n = 100000000;
	MUST(sluice_kernel_start(m, "count", &a, sizeof a));
	check(status_is(sluice_kernel_wait(m, "count", 0), SLUICE_E_TIMEOUT, "still running", NULL),
	      "kernel_wait(0) of a running kernel times out");
	check(status_is(sluice_kernel_start(m, "count", &a, 12), SLUICE_E_SIZE, "16 bytes", NULL),
	      "wrong argument size");
}

static void test_map(sluice_module *m)
{
	enum { N = 16384 };
	size_t mapped = 0, got = 0;
	uint32_t *p = sluice_pipe_map(m, "in0", SLUICE_MAP_WRITE, N * 4, &mapped);
	check(p && mapped == N * 4, "map in0 for writing, 64 KiB");
	if (!p)
		return;
	for (int i = 0; i < N; i++)
		p[i] = (uint32_t)i ^ 0x5a5a0000u;
	MUST(sluice_pipe_unmap(m, "in0", p, mapped));
	bool good = true;
	while (got < N) {
		size_t k = 0;
		uint32_t *q = sluice_pipe_map(m, "out0", SLUICE_MAP_READ, (N - got) * 4, &k);
		if (!q) {
			check(false, "map out0: %s", sluice_last_error());
			return;
		}
		for (size_t i = 0; i < k / 4; i++)
			good &= q[i] == ((uint32_t)(got + i) ^ 0x5a5a0000u);
		MUST(sluice_pipe_unmap(m, "out0", q, k));
		got += k / 4;
	}
	check(good, "64 KiB back through map/unmap for reading, in order");
}

static void test_deadlock(void)
{
	sluice_device *d;
	sluice_module *m;
	setenv("SLUICE_DEADLOCK_CYCLES", "100000", 1);
	MUST(sluice_device_open(&d, "sim"));
	MUST(sluice_module_load(d, module_dir, &m));
	uint32_t x;
	uint64_t c0 = cycles(d);
	int rc = sluice_pipe_read(m, "out0", &x, 4);
	check(status_is(rc, SLUICE_E_DEADLOCK, "cycles while the host waits to read 4 bytes from "
			"pipe 'out0'", "'count' idle", NULL),
	      "reading a pipe that nothing will fill: deadlock after %llu cycles",
	      (unsigned long long)(cycles(d) - c0));
	sluice_module_close(m);
	sluice_device_close(d);
	unsetenv("SLUICE_DEADLOCK_CYCLES");
}

static void test_trace(void)
{
	char path[400];
	struct stat st;
	sluice_device *d;
	sluice_module *m;

	snprintf(path, sizeof path, "%s/run.fst", tmpdir());
	setenv("SLUICE_TRACE", path, 1);
	MUST(sluice_device_open(&d, "sim"));
	MUST(sluice_module_load(d, module_dir, &m));
	uint32_t x = 42, y = 0;
	MUST(sluice_pipe_write(m, "in0", &x, 4));
	MUST(sluice_pipe_read(m, "out0", &y, 4));
	sluice_module_close(m);
	bool there = !stat(path, &st);
	check(y == 42 && there && st.st_size > 1000, "SLUICE_TRACE=run.fst writes a waveform (%lld "
	      "bytes)", there ? (long long)st.st_size : -1LL);

	snprintf(path, sizeof path, "%s/run.vcd", tmpdir());
	setenv("SLUICE_TRACE", path, 1);
	m = NULL;
	int rc = sluice_module_load(d, module_dir, &m);
	check(status_is(rc, SLUICE_E_NOT_SUPPORTED, "FST", ".fst", NULL) && !m,
	      "SLUICE_TRACE=run.vcd with a model built for FST says so");
	unsetenv("SLUICE_TRACE");
	sluice_device_close(d);
}

int main(void)
{
	char json[8192], lib[4096];

	if (!model_ready()) {
		check(false, "building the simulator model %s (see build/sim/cosim-build.log)", MODEL);
		return finish();
	}
	if (!realpath(MODEL, lib)) {
		check(false, "realpath %s", MODEL);
		return finish();
	}
	char image[4200];
	snprintf(image, sizeof image, "\"sim\": {\"library\": \"%s\", \"abi\": 2}", lib);
	snprintf(json, sizeof json, COSIM_MANIFEST_FMT, "sim", image);
	module_dir = strdup(write_module("cosim.sluice", json));

	sluice_device *d;
	sluice_module *m;
	unsetenv("SLUICE_TRACE");
	MUST(sluice_device_open(&d, "sim"));
	MUST(sluice_module_load(d, module_dir, &m));
	uint64_t hz = 0;
	check(!sluice_device_info(d, SLUICE_INFO_CLOCK_HZ, &hz, sizeof hz) && hz == 100000000,
	      "the module loads on the simulator; its clock is 100 MHz");
	test_small_words(m);
	test_one_word(d, m);
	test_kernels(d, m);
	test_map(m);
	test_stream(d, m);
	sluice_module_close(m);
	sluice_device_close(d);

	test_deadlock();
	test_trace();
	return finish();
}
