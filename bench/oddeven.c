/*
 * oddeven.c -- sorts blocks of 16 signed 32-bit words: 16 words in, kept
 * in a local array (registers), an odd-even transposition sort (16
 * phases of compare-and-swap of neighbours, the even pairs then the odd
 * ones), the 16 words out in ascending order.  Plain C loops, as an HLS
 * user writes it.  Reference: reference/oddeven.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);

/* puts a[i] and a[i + 1] in order */
static void compare_swap(int32_t *a, int i)
{
	if (a[i] > a[i + 1]) {
		int32_t t = a[i];
		a[i] = a[i + 1];
		a[i + 1] = t;
	}
}

SLUICE_AUTORUN void oddeven(void)
{
	int32_t a[16];
	for (;;) {
		for (int i = 0; i < 16; i++)
			a[i] = sluice_read(in);
		for (int p = 0; p < 8; p++) {
			for (int i = 0; i < 16; i += 2)
				compare_swap(a, i);
			for (int i = 1; i < 15; i += 2)
				compare_swap(a, i);
		}
		for (int i = 0; i < 16; i++)
			sluice_write(out, a[i]);
	}
}

/* sluice-test:
   input in = range(16, 0, -1) range(0, 16) repeat(7, 16) [5, -1, 5, -1, 0, 0, 1<<31, 0x7fffffff, 3, 2, 1, 0, -2, -3, 5, 5] random(400, seed=16) random(96, seed=17, min=-4, max=4)
   expect out = 560
*/
