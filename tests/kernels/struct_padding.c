/*
 * struct_padding.c -- a struct with padding carried by pipes:
 * struct {uint8_t a; int32_t b; uint16_t c;} is 12 bytes (a at byte 0,
 * b at bytes 4-7, c at 8-9), so the pipe word is 96 bits with padding
 * in bits 31:8 and 95:80, which the comparison masks out.
 */
#include <sluice.h>

struct rec {
	uint8_t a;
	int32_t b;
	uint16_t c;
};

SLUICE_IO_PIPE_IN(recs_in, struct rec, 0);
SLUICE_IO_PIPE_OUT(recs_out, struct rec, 0);
SLUICE_IO_PIPE_OUT(sums, int32_t, 0);

SLUICE_KERNEL void struct_padding(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		struct rec r = sluice_read(recs_in);
		struct rec o;
		o.a = (uint8_t)(r.a + 1);
		o.b = (int32_t)((uint32_t)r.b ^ r.c);
		o.c = (uint16_t)(r.c >> 1 | (uint16_t)(r.a << 8));
		sluice_write(recs_out, o);
		sluice_write(sums, (int32_t)((uint32_t)r.b + r.a + r.c));
	}
}

/* sluice-test:
   input recs_in = random(40, seed=29) 0 0xffffffff_ffffffff_ffffffff 0x0000ffff_80000000_000000ff
   start struct_padding(43)
   expect recs_out = 43
   expect sums = 43
   mask recs_out = 0x0000ffff_ffffffff_000000ff
*/
