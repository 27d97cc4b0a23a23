/*
 * float_dot.c -- the kernel of bench/fdot.c (the float dot product of
 * vectors of 16, summed in C's order) against the CPU, bit for bit: signed
 * zeros, a denormal product that rounds to zero, sums that cancel and
 * products of every sign.  The sum's recurrence through the float adder
 * sets the pace of the element loop: one element every 8 cycles at the
 * ports, the adder's latency (the next element's add takes the sum from
 * the adder's output as it comes out).
 */
#include "../../bench/fdot.c"

/* sluice-test:
   input xs = [0x80000000, 0x00000001, 0x3f800000, 0x7f000000, 0xff000000, 0x00800000, 0x3f800001, 0x4b800000]
   input ys = [0x3f800000, 0x3f000000, 0x33800000, 0x3f800000, 0x3f800000, 0x80800000, 0xbf800000, 0x3f800000]
   input xs = random(84, seed=91, min=0x3c000000, max=0x44000000) random(84, seed=92, min=0xbc000000, max=0xc4000000)
   input ys = random(120, seed=93, min=0x3c000000, max=0x44000000) random(48, seed=94, min=0xbc000000, max=0xc4000000)
   expect dot = 11
   cycles xs[i+1] - xs[i] == 8 or i % 16 == 15
*/
