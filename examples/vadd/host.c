/*
 * host.c -- the host program of examples/vadd: adds two vectors of 1 MiB
 * each in device memory and checks every element.
 *
 *     sluice build examples/vadd/vadd.c -o vadd.sluice
 *     cc examples/vadd/host.c $(pkg-config --cflags --libs sluice) -o host
 *     ./host [MODULE [N]]          (MODULE: default vadd.sluice; N: elements,
 *                                   default 262144, 1 MiB a vector)
 *     ./host vadd.sluice N --overrun
 *                                  (starts vadd with n one past the end of
 *                                   c: the simulator stops the kernel at the
 *                                   store past c and the wait says so)
 *
 * sluice_malloc_device gives device addresses, which the program passes
 * as the kernel's pointer arguments and to sluice_memcpy_to_device /
 * sluice_memcpy_from_device; they are not host pointers.  Every libsluice
 * call is checked; a failure prints sluice_last_error() and exits with
 * status 1, as does a wrong element.
 */
#include <sluice/runtime.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(int status, const char *what)
{
	if (status != SLUICE_OK) {
		fprintf(stderr, "host: %s: %s: %s\n", what, sluice_error_name(status),
			sluice_last_error());
		exit(1);
	}
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "vadd.sluice";
	uint32_t n = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 262144;
	int overrun = argc > 3 && !strcmp(argv[3], "--overrun");
	size_t bytes = (size_t)n * sizeof(int32_t);
	int32_t *x = malloc(bytes), *y = malloc(bytes), *z = malloc(bytes);
	if (!x || !y || !z) {
		fprintf(stderr, "host: out of memory\n");
		return 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		/* within +-1e9: the sum of two stays an int32_t, as C needs */
		x[i] = (int32_t)(i * 2654435761u % 2000000001u) - 1000000000;
		y[i] = (int32_t)((i * 40503u + 7u) % 2000000001u) - 1000000000;
	}

	sluice_device *dev;
	sluice_module *mod;
	check(sluice_device_open(&dev, NULL), "opening the device");
	check(sluice_module_load(dev, path, &mod), "loading the module");

	/* --overrun: a and b have the element past the end, c has not */
	void *a = sluice_malloc_device(dev, bytes + (overrun ? 4 : 0));
	void *b = a ? sluice_malloc_device(dev, bytes + (overrun ? 4 : 0)) : NULL;
	void *c = b ? sluice_malloc_device(dev, bytes) : NULL;
	if (!c)
		check(SLUICE_E_NO_MEM, "allocating device memory");
	double t0 = seconds();
	check(sluice_memcpy_to_device(dev, a, x, bytes), "copying a to the device");
	check(sluice_memcpy_to_device(dev, b, y, bytes), "copying b to the device");
	double t1 = seconds();

	struct {
		void *a, *b, *c;
		uint32_t n;
	} args = {a, b, c, overrun ? n + 1 : n};
	check(sluice_kernel_start(mod, "vadd", &args, sizeof args), "starting vadd");
	/* cycles on a simulator; a board has no count (SLUICE_E_NOT_SUPPORTED) */
	uint64_t c0 = 0, c1 = 0;
	bool counted = sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c0, sizeof c0) == SLUICE_OK;
	int rc = sluice_kernel_wait(mod, "vadd", 600000);
	sluice_device_info(dev, SLUICE_INFO_SIM_CYCLES, &c1, sizeof c1);
	if (overrun) {
		/* the expected outcome: the fault, named */
		printf("host: vadd with n = %" PRIu32 " over %" PRIu32 "-element vectors: %s: %s\n",
		       n + 1, n, sluice_error_name(rc), sluice_last_error());
		return rc == SLUICE_E_FAULT ? 0 : 1;
	}
	check(rc, "waiting for vadd");
	double t2 = seconds();
	check(sluice_memcpy_from_device(dev, z, c, bytes), "copying c from the device");
	double t3 = seconds();

	size_t bad = 0;
	for (uint32_t i = 0; i < n; i++) {
		int32_t want = x[i] + y[i];
		if (z[i] != want && bad++ < 5)
			fprintf(stderr, "host: c[%" PRIu32 "] = %" PRId32 ", expected %" PRId32 "\n", i,
				z[i], want);
	}
	check(sluice_free_device(dev, a), "freeing a");
	check(sluice_free_device(dev, b), "freeing b");
	check(sluice_free_device(dev, c), "freeing c");
	sluice_module_close(mod);
	sluice_device_close(dev);
	free(x);
	free(y);
	free(z);
	if (bad) {
		fprintf(stderr, "host: %zu of %" PRIu32 " elements wrong\n", bad, n);
		return 1;
	}
	printf("host: all %" PRIu32 " elements correct; copies in %.2f s and out %.2f s "
	       "(%.1f MB/s)", n, t1 - t0, t3 - t2, 3.0 * bytes / 1e6 / (t1 - t0 + t3 - t2));
	if (counted)
		printf(", vadd %" PRIu64 " cycles (%.2f cycles/element)", c1 - c0,
		       n ? (double)(c1 - c0) / n : 0.0);
	printf("\n");
	return 0;
}
