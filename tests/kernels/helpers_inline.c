/*
 * helpers_inline.c -- helper functions that the compiler inlines: a chain
 * of helpers calling helpers, a helper with a loop, a helper with an early
 * return, and a helper that does the pipe operations itself.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t rotl(uint32_t x, unsigned r)
{
	return (x << (r & 31)) | (x >> ((32 - r) & 31));
}

static uint32_t mix(uint32_t a, uint32_t b)
{
	a ^= rotl(b, 7);
	b += rotl(a, 13);
	return a * 0x9e3779b1u ^ b;
}

static uint32_t digits(uint32_t x)
{
	uint32_t d = 1;
	while (x >= 10) {
		x /= 10;
		d++;
	}
	return d;
}

static int32_t classify(int32_t x)
{
	if (x < 0)
		return -1;
	if (x == 0)
		return 0;
	return x > 1000 ? 2 : 1;
}

static void emit_pair(uint32_t a, uint32_t b)
{
	sluice_write(out, a);
	sluice_write(out, b);
}

static uint32_t take(void)
{
	return sluice_read(in);
}

SLUICE_KERNEL void helpers(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t a = take();
		uint32_t b = take();
		emit_pair(mix(a, b), digits(a) * 10 + (uint32_t)(classify((int32_t)b) + 1));
	}
}

/* sluice-test:
   input in = 0 0 9 10 4294967295 1000 999999 2000 random(40, seed=28)
   start helpers(24)
   expect out = 48
*/
