/*
 * matvec.c -- y = A x for a constant 8 x 8 matrix of 13-bit coefficients
 * (a `static const` table, so ROM in logic): 8 signed 16-bit words of x
 * in, kept in a local array, then the 8 words of y out, 32 bits each (the
 * coefficients keep every sum in range).  Plain loops over arrays, as an
 * HLS user writes it; clang unrolls the inner product.
 * Reference: reference/matvec.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(x, int16_t, 0);
SLUICE_IO_PIPE_OUT(y, int32_t, 0);

static const int16_t A[8][8] = {
	{-2238, -1061, 3788, -1020, -3061, -2513, 1678, -3737},
	{-3398, -2974, -2068, 2550, 4089, 53, -2380, -813},
	{1163, -3847, -334, -103, -383, -897, -41, 600},
	{-2521, 3256, 2708, -797, -3362, -122, -2177, 2122},
	{-3932, 1648, -1910, 166, -756, -210, 3294, 3369},
	{-990, 1852, -3164, 1335, -1979, -3300, 4028, 2575},
	{-3579, -930, 985, 2700, -1005, -3213, 1318, -3620},
	{-1323, -2175, 1568, -3391, -19, 3305, 1227, 138},
};

SLUICE_AUTORUN void matvec(void)
{
	int16_t v[8];
	for (;;) {
		for (int j = 0; j < 8; j++)
			v[j] = sluice_read(x);
		for (int i = 0; i < 8; i++) {
			int32_t acc = 0;
			for (int j = 0; j < 8; j++)
				acc += A[i][j] * v[j];
			sluice_write(y, acc);
		}
	}
}

/* sluice-test:
   input x = repeat(32767, 8) repeat(-32768, 8) [1, 0, 0, 0, 0, 0, 0, 0] random(400, seed=64)
   expect y = 424
*/
