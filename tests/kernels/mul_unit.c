/*
 * mul_unit.c -- multiplications of two variables built for iCE40, where
 * they go to rtl/sluice_mul.v (SB_MAC16 pieces between registers; latency
 * 2 up to 16 bits, 3 up to 32): 8, 16, 24 and 32 bits, signed and
 * unsigned, in a pipelined loop that still takes a word per clock, a
 * product fed back into the next iteration (a recurrence through the
 * unit), and a product outside any loop.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_IO_PIPE_IN(ys, uint32_t, 0);
SLUICE_IO_PIPE_OUT(ps, uint32_t, 0);
SLUICE_IO_PIPE_OUT(qs, uint32_t, 0);
SLUICE_IO_PIPE_OUT(rs, uint32_t, 0);

SLUICE_KERNEL void products(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(xs), y = sluice_read(ys);
		uint32_t p8 = (uint8_t)((uint8_t)x * (uint8_t)y);
		uint32_t p16 = (uint16_t)((int16_t)x * (int16_t)(y >> 16));
		uint32_t p24 = ((x >> 8) * (y & 0xffffff)) & 0xffffff;
		sluice_write(ps, (x * y) ^ p8 ^ (p16 << 8) ^ (p24 << 4));
	}
}

/* a power series: the product is the next iteration's operand */
SLUICE_KERNEL void powers(uint32_t base, uint32_t n)
{
	uint32_t v = 1;
	for (uint32_t i = 0; i < n; i++) {
		v *= base;
		sluice_write(qs, v);
	}
}

SLUICE_KERNEL void once(uint32_t a, uint32_t b)
{
	sluice_write(rs, a * b + 1);
}

/* sluice-test:
   build --target ice40
   input xs = 0 1 0xffffffff 0x80000000 0xffff 0x10000 random(94, seed=81)
   input ys = 0 0xffffffff 0xffffffff 2 0xffff 0x10000 random(94, seed=82)
   start products(100)
   start powers(3, 25)
   start powers(0xfffffffd, 7)
   start once(0x12345678, 0x9abcdef1)
   start once(65535, 65537)
   expect ps = 100
   expect qs = 32
   expect rs = 2
   cycles ps[i+1] - ps[i] == 1 or i < 5
*/
