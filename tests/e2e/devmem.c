/*
 * tests/e2e/devmem.c -- device memory from the host (runtime/devmem.c) on
 * the vadd module (examples/vadd) and the vscale module (none):
 *
 *   - copies at every byte offset and length round a word boundary come
 *     back exactly, and leave the neighbouring bytes alone;
 *   - buffers are 64-byte aligned, 64 bytes apart at least, reused after a
 *     free; too large a request is SLUICE_E_NO_MEM, the 65th buffer on the
 *     simulator too;
 *   - a copy reaching past its buffer and a free of what is not a buffer
 *     are SLUICE_E_INVALID_ARG; a module without device memory says
 *     SLUICE_E_NOT_SUPPORTED;
 *   - vadd runs twice over the same buffers and gives what C gives.
 *
 *     devmem VADD_MODULE VSCALE_MODULE
 */
#include "e2e.h"

#include <stdlib.h>
#include <string.h>

struct vadd_args {
	void *a, *b, *c;
	uint32_t n;
};

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: devmem VADD_MODULE VSCALE_MODULE\n");
		return 2;
	}
	sluice_device *dev;
	sluice_module *mod;
	MUST(sluice_device_open(&dev, NULL));

	/* no device memory in vscale */
	MUST(sluice_module_load(dev, argv[2], &mod));
	check(sluice_malloc_device(dev, 64) == NULL &&
	      status_is(SLUICE_E_NOT_SUPPORTED, SLUICE_E_NOT_SUPPORTED, "has no device memory", NULL),
	      "sluice_malloc_device on a module without device memory: SLUICE_E_NOT_SUPPORTED");
	sluice_module_close(mod);
	check(sluice_malloc_device(dev, 64) == NULL &&
	      status_is(SLUICE_E_BUSY, SLUICE_E_BUSY, "no module is loaded", NULL),
	      "sluice_malloc_device with no module loaded: SLUICE_E_BUSY");

	MUST(sluice_module_load(dev, argv[1], &mod));
	uint8_t *x = sluice_malloc_device(dev, 100);
	uint8_t *y = sluice_malloc_device(dev, 100);
	check(x && y && (uintptr_t)x % 64 == 0 && (uintptr_t)y % 64 == 0 &&
	      (uintptr_t)y >= (uintptr_t)x + 100 + 64,
	      "two buffers: 64-byte aligned, at least 64 bytes apart (%p, %p)", (void *)x, (void *)y);

	/* every offset and length round the words at 0, 8, 16 */
	uint8_t base[100], want[100], got[100], src[24];
	for (int i = 0; i < 100; i++)
		base[i] = (uint8_t)(i * 7 + 1);
	for (int i = 0; i < 24; i++)
		src[i] = (uint8_t)(0xa0 + i);
	MUST(sluice_memcpy_to_device(dev, x, base, 100));
	int bad = 0, tried = 0;
	for (int off = 0; off < 17 && !bad; off++)
		for (int len = 1; len <= 17 && !bad; len++) {
			memcpy(want, base, 100);
			memcpy(want + off, src, (size_t)len);
			MUST(sluice_memcpy_to_device(dev, x + off, src, (size_t)len));
			MUST(sluice_memcpy_from_device(dev, got, x, 100));
			bad = memcmp(got, want, 100) != 0;
			uint8_t part[24];
			MUST(sluice_memcpy_from_device(dev, part, x + off, (size_t)len));
			bad |= memcmp(part, src, (size_t)len) != 0;
			MUST(sluice_memcpy_to_device(dev, x, base, 100));
			tried++;
		}
	check(!bad, "copies at byte offsets 0..16 of lengths 1..17 come back exactly and keep "
	      "their neighbours (%d tried)", tried);

	check(sluice_memcpy_to_device(dev, x + 90, src, 11) == SLUICE_E_INVALID_ARG &&
	      status_is(SLUICE_E_INVALID_ARG, SLUICE_E_INVALID_ARG, "not within one buffer", NULL),
	      "a copy one byte past its buffer: SLUICE_E_INVALID_ARG");
	check(sluice_memcpy_from_device(dev, got, x - 8, 8) == SLUICE_E_INVALID_ARG,
	      "a copy from before a buffer: SLUICE_E_INVALID_ARG");
	check(sluice_free_device(dev, x + 8) == SLUICE_E_INVALID_ARG &&
	      status_is(SLUICE_E_INVALID_ARG, SLUICE_E_INVALID_ARG, "is not a buffer", NULL),
	      "freeing the middle of a buffer: SLUICE_E_INVALID_ARG");
	check(sluice_free_device(dev, NULL) == SLUICE_OK, "freeing NULL does nothing");
	check(sluice_malloc_device(dev, (size_t)1 << 30) == NULL &&
	      status_is(SLUICE_E_NO_MEM, SLUICE_E_NO_MEM, "no room", NULL),
	      "1 GiB in a 16 MiB device memory: SLUICE_E_NO_MEM");
	MUST(sluice_free_device(dev, x));
	uint8_t *x2 = sluice_malloc_device(dev, 64);
	check(x2 == x, "a freed buffer's place is taken again (%p, %p)", (void *)x2, (void *)x);
	void *many[64];
	int nmany = 0;
	while (nmany < 64 && (many[nmany] = sluice_malloc_device(dev, 8)))
		nmany++;
	check(nmany == 62 && status_is(SLUICE_E_NO_MEM, SLUICE_E_NO_MEM, "at most 64", NULL),
	      "the simulator checks 64 buffers at once: the 65th is SLUICE_E_NO_MEM (%d more made)",
	      nmany);
	for (int i = 0; i < nmany; i++)
		MUST(sluice_free_device(dev, many[i]));
	MUST(sluice_free_device(dev, x2));
	MUST(sluice_free_device(dev, y));

	/* a kernel run on real data, twice over the same buffers */
	enum { N = 300 };
	int32_t av[N], bv[N], cv[N];
	for (int i = 0; i < N; i++)
		av[i] = i * 3 - 100, bv[i] = 1000 - i * i;
	int32_t *a = sluice_malloc_device(dev, sizeof av), *b = sluice_malloc_device(dev, sizeof bv);
	int32_t *c = sluice_malloc_device(dev, sizeof cv);
	MUST(!a || !b || !c);
	MUST(sluice_memcpy_to_device(dev, a, av, sizeof av));
	MUST(sluice_memcpy_to_device(dev, b, bv, sizeof bv));
	for (int run = 0; run < 2; run++) {
		struct vadd_args args = {a, b, c, N - run};
		MUST(sluice_kernel_start(mod, "vadd", &args, sizeof args));
		MUST(sluice_kernel_wait(mod, "vadd", 60000));
	}
	MUST(sluice_memcpy_from_device(dev, cv, c, sizeof cv));
	bad = 0;
	for (int i = 0; i < N; i++)
		bad += cv[i] != av[i] + bv[i];
	check(!bad, "vadd over %d elements, run twice: c = a + b everywhere (%d wrong)", N, bad);

	sluice_module_close(mod);
	MUST(sluice_module_load(dev, argv[1], &mod));
	void *first = sluice_malloc_device(dev, 64);
	check(first == x, "unloading the module freed its buffers: the first buffer is at %p again",
	      first);
	sluice_module_close(mod);
	sluice_device_close(dev);
	return finish();
}
