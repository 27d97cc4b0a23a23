/*
 * zero_trip.c -- loops that run zero times: a started kernel invoked with
 * n = 0 (it must still finish, with no output) between normal runs, and
 * a loop whose bound is negative.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void zero_trip(int32_t n)
{
	uint32_t s = 0;
	for (int32_t i = 0; i < n; i++)
		s += sluice_read(in);
	for (int32_t i = n; i < 0; i++)
		s += 1000;
	if (n != 0)
		sluice_write(out, s);
}

/* sluice-test:
   input in = 1 2 3 4 5
   start zero_trip(0)
   start zero_trip(2)
   start zero_trip(0)
   start zero_trip(-2)
   start zero_trip(3)
   expect out = 3 2000 12
*/
