/*
 * fdot.c -- the float dot product of vectors of 16: the pairs (x[i], y[i])
 * come in on two pipes, one of each per element, and the sum of the
 * products goes out after each 16, added in C's order (s += x[i] * y[i],
 * each product and each sum rounded on its own: the result is bit for bit
 * the CPU's).  The sum's recurrence goes through the float adder
 * (rtl/sluice_fadd.v, 8 cycles), so it sets the pace; the multiplies
 * overlap it.  The element loop is kept rolled: unrolled (clang would,
 * its trip count being constant), each product and each sum would be a
 * unit of its own, 16 multipliers of 4 SB_MAC16 where the UP5K has 8.
 * Reference: reference/fdot.v.
 */
#include <sluice.h>

/* gcc, which builds the kernel for the CPU, does not know clang's
 * #pragma nounroll */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16

SLUICE_IO_PIPE_IN(xs, float, 0);
SLUICE_IO_PIPE_IN(ys, float, 0);
SLUICE_IO_PIPE_OUT(dot, float, 0);

SLUICE_AUTORUN void fdot(void)
{
	for (;;) {
		float s = 0.0f;
#pragma nounroll
		for (int i = 0; i < N; i++)
			s += sluice_read(xs) * sluice_read(ys);
		sluice_write(dot, s);
	}
}

/* sluice-test:
   input xs = [0x80000000, 0x00000001, 0x3f800000, 0x7f000000, 0xff000000, 0x00800000, 0x3f800001, 0x4b800000]
   input ys = [0x3f800000, 0x3f000000, 0x33800000, 0x3f800000, 0x3f800000, 0x80800000, 0xbf800000, 0x3f800000]
   input xs = random(50, seed=81, min=0x3c000000, max=0x44000000) random(30, seed=82, min=0xbc000000, max=0xc4000000) random(232, seed=83, min=0x30000000, max=0x48000000)
   input ys = random(70, seed=84, min=0x3c000000, max=0x44000000) random(100, seed=85, min=0xbc000000, max=0xc4000000) random(142, seed=86, min=0x38000000, max=0x40000000)
   expect dot = 20
*/
