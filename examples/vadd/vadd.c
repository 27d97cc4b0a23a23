/*
 * vadd.c -- c[i] = a[i] + b[i] over device memory: a kernel with pointer
 * arguments.
 *
 * The host allocates the three vectors with sluice_malloc_device, copies
 * a and b in, starts vadd with their device addresses and copies c back
 * (host.c).  Each access is a request to the design's device memory
 * (rtl/sluice_devmem.v); a load's answer comes back a few cycles later,
 * while the loop's next requests go out.  The arguments are `restrict`:
 * each has a channel of its own, so the loop is scheduled at II 1, and the
 * memory, one access a clock, serves its three accesses in three clocks
 * (the scenario below holds it to that).
 */
#include <sluice.h>

#include <stdint.h>

SLUICE_KERNEL void vadd(const int32_t *restrict a, const int32_t *restrict b,
			 int32_t *restrict c, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

/* sluice-test:
   build --device-memory 4K
   buffer a int32 = random(200, seed=1, min=-1000000000, max=1000000000)
   buffer b int32 = random(200, seed=2, min=-1000000000, max=1000000000)
   buffer c int32 = repeat(0, 200)
   start vadd(@a, @b, @c, 200)
   modes random timing
   cycles done_vadd[0] - start_vadd[0] <= 3 * 200 + 20
*/
