/*
 * bool_pipe.c -- bool values: a 1-byte bool pipe in and out, &&, ||, !,
 * ^, comparisons producing bool, bool arithmetic promoting to int.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(bits, bool, 0);
SLUICE_IO_PIPE_OUT(flags, bool, 0);
SLUICE_IO_PIPE_OUT(sums, uint8_t, 0);

SLUICE_KERNEL void bool_ops(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		bool a = sluice_read(bits);
		bool b = sluice_read(bits);
		bool c = sluice_read(bits);
		sluice_write(flags, a && b);
		sluice_write(flags, a || c);
		sluice_write(flags, !b);
		sluice_write(flags, a ^ b ^ c);
		sluice_write(flags, (a == b) != c);
		sluice_write(sums, (uint8_t)(a + b + c + (a & c) * 4));
	}
}

/* sluice-test:
   input bits = random(60, min=0, max=1, seed=7) 0 0 0 1 1 1
   start bool_ops(22)
   expect flags = 110
   expect sums = 22
*/
