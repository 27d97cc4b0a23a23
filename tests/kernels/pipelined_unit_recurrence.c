/*
 * pipelined_unit_recurrence.c -- recurrences through one unit with a
 * latency run at II = that latency: a running float sum through the
 * adder (8 cycles), a value divided by 3 again and again through the
 * divider (34), a product through sluice_mul (3, built for iCE40), a
 * chase of indices through block RAM (p = mem[p], 1: the read port's
 * word, forwarded from the write port, goes straight to its address).  The
 * next iteration reads the value carried round from the unit's output in
 * the cycle it comes out (a bypass, hls/sched/schedule.h), not a cycle
 * later from the phi's register; the timing mode counts the cycles at the
 * ports, the random mode holds and starves every stage around it.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(fin, float, 0);
SLUICE_IO_PIPE_OUT(fsums, float, 0);
SLUICE_IO_PIPE_IN(din, uint32_t, 0);
SLUICE_IO_PIPE_OUT(quots, uint32_t, 0);
SLUICE_IO_PIPE_IN(min, uint32_t, 0);
SLUICE_IO_PIPE_OUT(prods, uint32_t, 0);
SLUICE_IO_PIPE_OUT(hops, uint32_t, 0);

SLUICE_AUTORUN void fsum(void)
{
	float s = 0.0f;
	for (;;) {
		s += sluice_read(fin);
		sluice_write(fsums, s);
	}
}

SLUICE_KERNEL void divs(uint32_t n)
{
	uint32_t q = 0xffffffffu;
	for (uint32_t i = 0; i < n; i++) {
		q = (q ^ sluice_read(din)) / 3u;
		sluice_write(quots, q);
	}
}

SLUICE_KERNEL void muls(uint32_t n)
{
	uint32_t p = 1;
	for (uint32_t i = 0; i < n; i++) {
		p *= sluice_read(min) | 1u;
		sluice_write(prods, p);
	}
}

static uint32_t mem[1024];

SLUICE_KERNEL void chase(uint32_t n, uint32_t k)
{
	for (uint32_t i = 0; i < 1024; i++)
		mem[i] = (i * k + 3) & 1023;
	uint32_t p = 0;
	for (uint32_t i = 0; i < n; i++) {
		p = mem[p];
		sluice_write(hops, p);
	}
}

/* sluice-test:
   build --target ice40
   input fin = [0x80000000, 0x00000001, 0x3f800000] random(60, seed=71, min=0x3c000000, max=0x44000000) random(40, seed=72, min=0xbc000000, max=0xc4000000)
   input din = 0 0xffffffff random(58, seed=73)
   input min = 0xffffffff random(59, seed=74)
   start divs(40)
   start divs(20)
   start muls(45)
   start muls(15)
   start chase(70, 7)
   start chase(30, 13)
   expect fsums = 103
   expect quots = 60
   expect prods = 60
   expect hops = 100
   cycles fsums[i+1] - fsums[i] == 8
   cycles quots[i+1] - quots[i] == 34 or i == 39
   cycles prods[i+1] - prods[i] == 3 or i == 44
   cycles hops[i+1] - hops[i] == 1 or i == 69
*/
