/*
 * bulk.c -- a stream scrambler, for bulk transfers through host pipes.
 *
 * Kernel `scramble` reads n uint32 words from host pipe `in` and writes
 * each one XORed with the next word of an xorshift32 key stream seeded
 * with `key` into host pipe `out`.  Scrambling twice with the same key
 * gives the data back; every output word depends on its position, so a
 * word lost, repeated or reordered anywhere shows.  (A key of 0 gives a
 * key stream of zeros: the data passes unchanged.)  host.c moves
 * megabytes through it with sluice_pipe_map / sluice_pipe_unmap.
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, uint32_t, 256, SLUICE_H2D);
SLUICE_HOST_PIPE(out, uint32_t, 256, SLUICE_D2H);

SLUICE_KERNEL void scramble(uint32_t key, uint32_t n)
{
	uint32_t s = key;
	for (uint32_t i = 0; i < n; i++) {
		s ^= s << 13;
		s ^= s >> 17;
		s ^= s << 5;
		sluice_write(out, sluice_read(in) ^ s);
	}
}

/* sluice-test:
   input in = 0 0 0 1 2 3 0xffffffff random(93, seed=6)
   start scramble(2463534242, 100)
   input in = range(0, 10)
   start scramble(0, 10)
   expect out = 110
*/
