/*
 * pointers_memories.c -- pointers that may point into several arrays, some
 * of them memories (hls/front/pointers.c: an access through one is a
 * choice among the arrays, each accessed at the pointer's offset): a
 * pointer chosen by a condition between two arrays in memory, a global
 * pointer into a memory that walks it across kernel runs, a table of
 * pointers to a memory, a small array and a scalar, a pointer chosen by a
 * condition between two elements of one array (of a memory, of a small
 * array), and pointers compared (an address converted to an integer is
 * the array's number and the offset: only their differences within one
 * array mean anything in C).
 */
#include <sluice.h>
#include <stdint.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t left[300], right[300]; /* memories */
static uint32_t small[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static uint32_t scalar = 77;
static uint32_t *walker = &right[290];
static uint32_t *const table[4] = {&left[3], &right[5], &small[2], &scalar};

SLUICE_KERNEL void choose(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint32_t *p = x & 1 ? left : right;
		p[(x >> 4) % 300] += x;
		*walker += x >> 8;
		uint32_t r = *walker;
		walker = walker == &right[299] ? &left[0] : walker + 1;
		uint32_t *t = table[x % 4];
		*t ^= x;
		r += *t + (t == &scalar) + 2 * (p == left);
		r += (uint32_t)((uintptr_t)&left[(x >> 2) % 300] - (uintptr_t)left);
		uint32_t *e = x & 4 ? &right[x % 300] : &right[(x >> 3) % 300];
		*e += x;
		uint32_t *f = x & 8 ? &small[x % 8] : &small[(x >> 5) % 8];
		*f += x;
		r += *e + *f;
		sluice_write(out, r);
	}
	sluice_write(out, left[3] + right[5] + small[2] + small[3] + scalar);
}

/* sluice-test:
   input in = random(120, seed=7)
   start choose(80)
   start choose(40)
   expect out = 122
*/
