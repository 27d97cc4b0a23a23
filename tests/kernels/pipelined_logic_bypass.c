/*
 * pipelined_logic_bypass.c -- recurrences through a unit with a latency and
 * the logic after it: the next iteration reads the value as the logic
 * computes it, through a multiplexer (a bypass, hls/sched/modulo.c), so
 * the loop runs at the unit's latency.  `x = sbox[x ^ k] ^ (k >> 3)`: a
 * read of a ROM in block RAM (latency 1) and an XOR after it, one word a
 * clock (was 2); `s = -(s + v)`: the float adder (8 cycles) and a negation
 * after it, one sum each 8 cycles (was 9).  The timing mode counts both at
 * the ports.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(keys, uint32_t, 0);
SLUICE_IO_PIPE_OUT(chain, uint32_t, 0);
SLUICE_IO_PIPE_IN(vals, float, 0);
SLUICE_IO_PIPE_OUT(sums, float, 0);

#define B(i) (uint8_t)(((i) * (i) * 73 + (i) * 29 + 5) ^ ((i) >> 3))
#define B4(i) B(i), B(i + 1), B(i + 2), B(i + 3)
#define B16(i) B4(i), B4(i + 4), B4(i + 8), B4(i + 12)
#define B64(i) B16(i), B16(i + 16), B16(i + 32), B16(i + 48)

static const uint8_t sbox[256] = {B64(0), B64(64), B64(128), B64(192)};

SLUICE_KERNEL void sbox_chain(uint32_t n)
{
	uint8_t x = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = sluice_read(keys);
		x = sbox[x ^ (uint8_t)k] ^ (uint8_t)(k >> 3);
		sluice_write(chain, x);
	}
}

SLUICE_KERNEL void neg_sum(uint32_t n)
{
	float s = 0;
	for (uint32_t i = 0; i < n; i++) {
		s = -(s + sluice_read(vals));
		sluice_write(sums, s);
	}
}

/* sluice-test:
   input keys = 0 0xff random(198, seed=21)
   input vals = random(60, seed=22, min=0, max=0x7f000000)
   start sbox_chain(200)
   start neg_sum(60)
   expect chain = 200
   expect sums = 60
   cycles chain[i+1] - chain[i] == 1
   cycles sums[i+1] - sums[i] == 8
*/
