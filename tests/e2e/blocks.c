/*
 * blocks.c -- a design for tests/e2e/lockstep.c: a kernel that takes a
 * word, works on it in a loop and writes the result, whose loop's exit
 * block takes the next word without waiting for it (hls/pass/
 * read_ahead.c).  The host there sends each word only once it has the
 * result of the one before.
 */
#include <sluice.h>
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_HOST_PIPE(in, uint64_t, 4, SLUICE_H2D);
SLUICE_HOST_PIPE(out, uint64_t, 4, SLUICE_D2H);

SLUICE_AUTORUN void mixer(void)
{
	for (;;) {
		uint64_t w = sluice_read(in);
		uint32_t a = (uint32_t)w, b = (uint32_t)(w >> 32), k = (uint32_t)(w >> 16);
#pragma nounroll
		for (int i = 0; i < 5; i++) {
			a = a * 3 + b;
			b ^= a >> 3;
		}
		sluice_write(out, (uint64_t)(b ^ k) << 32 | a);
	}
}
