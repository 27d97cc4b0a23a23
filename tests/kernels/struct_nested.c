/*
 * struct_nested.c -- a struct holding a struct and a uint64_t:
 * struct outer {uint8_t tag; struct {uint16_t x; uint8_t y;} in;
 * uint64_t big;} is 16 bytes (tag at 0, x at 2-3, y at 4, big at 8-15);
 * padding bytes 1 and 5-7 are masked out of the comparison.
 */
#include <sluice.h>

struct inner {
	uint16_t x;
	uint8_t y;
};

struct outer {
	uint8_t tag;
	struct inner in;
	uint64_t big;
};

SLUICE_HOST_PIPE(req, struct outer, 2, SLUICE_H2D);
SLUICE_HOST_PIPE(resp, struct outer, 2, SLUICE_D2H);

SLUICE_KERNEL void struct_nested(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		struct outer o = sluice_read(req);
		struct outer r = o;
		r.tag = (uint8_t)(o.tag ^ 0x80);
		r.in.x = (uint16_t)(o.in.x + o.in.y);
		r.in.y = (uint8_t)(o.big >> 56);
		r.big = o.big + o.in.x;
		sluice_write(resp, r);
	}
}

/* sluice-test:
   input req = random(30, seed=31) 0xffffffff_ffffffff_ffffffff_ffffffff
   start struct_nested(31)
   expect resp = 31
   mask resp = 0xffffffff_ffffffff_000000ff_ffff00ff
*/
