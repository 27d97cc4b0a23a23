/* Structs carried as pipe words: after SROA they are wide integers
 * (i128 here) taken apart with shifts and truncations; wide constants
 * (read back from LLVM's decimal form); a struct kept as kernel state,
 * its initializer laid out as on the host (padding zero). */
#include <string.h>
#include "intermediate.h"

// expect-op: pipe pk: struct pkt, 128 bits, kernel none, min_capacity 4
// expect-op: state st: 64 bits, init 0x300020001
// expect-op: state big: 128 bits, init 0x8000000000000000fffffffffffffffe
// expect-op: = pipe.read.128 pk
// expect-op: = const.128 0x123456789abcdef0fedcba9876543210
// expect-op: = xor.128
// expect-op: = lshr.128
// expect-op: = trunc.64
// expect-op: = const.128 0xffffffffffffffffffffffffffffff85
// expect-op: state.store st, %
struct pkt {
	uint32_t a;
	uint16_t b;
	uint8_t c;
	uint64_t d;
};
struct stats {
	uint8_t n;
	uint16_t max;
	uint32_t sum;
};
SLUICE_PIPE(pk, struct pkt, 4);
SLUICE_PIPE(o64, uint64_t, 2);
SLUICE_PIPE(flag, uint8_t, 2);
struct stats st = {1, 2, 3};
static __int128 big = ((__int128)1 << 127) + ((__int128)1 << 64) - 2;

SLUICE_KERNEL void unpack(void)
{
	uint64_t s0 = t_load_64(&st);
	unsigned __int128 bg = t_load_128(&big);
	unsigned __int128 w = t_read_128(&pk, 0, 0, 0, 0);
	struct pkt p;
	memcpy(&p, &w, sizeof p);
	t_write_64(&o64, p.a + p.b + p.c + p.d, 0, 0, 0, 0);
	unsigned __int128 k = ((unsigned __int128)0x123456789abcdef0u << 64) |
			      0xfedcba9876543210u;
	/* (i128 arguments are split in two by the C ABI: no i128 writes) */
	t_write_8(&flag, (w ^ k) > 5, 0, 0, 0, 0);
	t_write_64(&o64, (uint64_t)((w + (unsigned __int128)(__int128)-123) >> 64),
		   0, 0, 0, 0);
	t_write_64(&o64, (uint64_t)(bg >> 3), 0, 0, 0, 0);
	struct stats s;
	memcpy(&s, &s0, sizeof s);
	s.n++;
	s.sum += (uint32_t)p.d;
	memcpy(&s0, &s, sizeof s);
	t_store_64(&st, s0);
}
