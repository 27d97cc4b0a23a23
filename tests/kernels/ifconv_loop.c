/*
 * ifconv_loop.c -- loops with branches inside, made one block by
 * if-conversion (hls/pass/if_convert.c) and pipelined: writes to three
 * pipes under nested conditions, a kernel state updated under one, and a
 * loop whose body writes only while its exit test holds and whose sum is
 * carried out of it.  Every guarded operation must
 * happen exactly when the C says, under random gaps and back-pressure;
 * built for iCE40, where the loops are pipelined over several cycles (the
 * guards travel with their iteration), `split` takes a word per clock in
 * timing mode.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(odd, uint32_t, 0);
SLUICE_IO_PIPE_OUT(even, uint32_t, 0);
SLUICE_IO_PIPE_OUT(big, uint32_t, 0);
SLUICE_IO_PIPE_IN(ws, int32_t, 0);
SLUICE_IO_PIPE_OUT(sums, int32_t, 0);

static uint32_t count; /* odd words so far, kept from one start to the next */

SLUICE_KERNEL void split(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(xs);
		if (x & 1) {
			count++;
			sluice_write(odd, x ^ count);
		} else if (x > 0x80000000u) {
			sluice_write(big, x);
		} else {
			sluice_write(even, x >> 1);
		}
	}
}

SLUICE_KERNEL void until_negative(void)
{
	int32_t s = 0, w;
	do {
		w = sluice_read(ws);
		if (w >= 0) {
			s += w;
			if (s > 1000)
				s -= 1000;
			sluice_write(sums, s);
		}
	} while (w >= 0);
	sluice_write(sums, -s);
}

/* sluice-test:
   build --target ice40
   input xs = random(200, seed=81)
   input ws = random(50, seed=82, max=500) [-1] random(20, seed=83, max=500) [-5]
   start split(120)
   start split(80)
   start until_negative()
   start until_negative()
   expect odd = 88
   expect even = 58
   expect big = 54
   expect sums = 72
   cycles xs[i+1] - xs[i] == 1 or i == 119
*/
