/*
 * mem_packed.c -- memories with accesses that do not lie within one of
 * their words (hls/front/promote_mems.c splits each into its bytes): a
 * packed array of structs of bitfields (clang loads a bitfield unit of 7
 * bytes, as csmith's programs have them), a packed struct's 4-byte field
 * at byte 2 of each 6, a word buffer read as 2-byte halves at any byte,
 * and an array of 16-byte integers.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

#pragma pack(push, 1)
struct bits {
	signed f0 : 17;
	signed f1 : 20;
	unsigned f2 : 18;
};
struct rec {
	uint16_t tag;
	uint32_t val;
};
struct half {
	uint16_t h;
};
#pragma pack(pop)

static struct bits units[90] = {{-5, 300, 7}, {12, -1, 99}}; /* 630 bytes */
static struct rec recs[100];				     /* 600 bytes */
static uint32_t words[200];				     /* 800 bytes */
static unsigned __int128 wide[40];			     /* 640 bytes */

SLUICE_KERNEL void packed(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		struct bits *u = &units[x % 90];
		u->f1 += (int32_t)(x >> 12);
		u->f2 ^= x;
		units[(x >> 8) % 90].f0 -= (int32_t)x;
		recs[(x >> 4) % 100].val += x;
		recs[x % 100].tag = (uint16_t)(x >> 16);
		words[x % 200] = x * 2654435761u;
		uint32_t r = ((struct half *)((char *)words + (x >> 20) % 799))->h;
		wide[x % 40] += (unsigned __int128)x << (x % 96);
		r += units[(x >> 3) % 90].f0 + units[(x >> 5) % 90].f1 +
		     units[(x >> 7) % 90].f2 + recs[(x >> 9) % 100].val +
		     recs[(x >> 11) % 100].tag;
		unsigned __int128 w = wide[(x >> 13) % 40];
		r ^= (uint32_t)w ^ (uint32_t)(w >> 64) ^ (uint32_t)(w >> 100);
		sluice_write(out, r);
	}
}

/* sluice-test:
   input in = random(150, seed=41)
   start packed(100)
   start packed(50)
   expect out = 150
*/
