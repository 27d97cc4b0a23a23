/* Errors reported in C terms at the line of the construct, every one of
 * them, from C as clang emits it. */
#include "intermediate.h"
#include <stdlib.h>

// (parameter 'p' is a pointer into device memory: no error)
// expect-error: 30: kernel 'bad': parameter 'q' is a struct, union or array
// expect-error: 34: local array 'buf' indexed by a variable needs memories
// expect-error: 36: constant table 'table' indexed by a variable needs memories
// expect-error: 37: global array 'hist' indexed by a variable needs memories
// expect-error: 38: call to 'rand', which is not defined in the kernel sources
// expect-error: 43: kernel 'notvoid' must return void
// expect-error: 39: call to 'helper' could not be inlined
// expect-errors: 7
SLUICE_PIPE(o, uint32_t, 2);

struct pair {
	int a, b;
};
static const uint32_t table[4] = {1, 2, 3, 5};
static uint32_t hist[16];

uint32_t helper(uint32_t x)
{
	return x + 1;
}

SLUICE_KERNEL void bad(uint32_t n, uint32_t *p, struct pair q, float f)
{
	uint32_t buf[8];
	float g = f * 2.0f;
	buf[n & 7] = n;
	uint32_t v = buf[(n + 1) & 7];
	v += table[n & 3];
	hist[n & 15]++;
	v += (uint32_t)rand();
	v += helper(3) + (uint32_t)q.a + (uint32_t)g;
	t_write_32(&o, v, 0, 0, 0, 0);
}

SLUICE_KERNEL int notvoid(void)
{
	return 1;
}
