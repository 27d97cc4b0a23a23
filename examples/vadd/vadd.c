/*
 * vadd.c -- c[i] = a[i] + b[i] over device memory: a kernel with pointer
 * arguments.
 *
 * The host allocates the three vectors with sluice_malloc_device, copies
 * a and b in, starts vadd with their device addresses and copies c back
 * (host.c).  Each access is a request to the design's device memory
 * (rtl/sluice_devmem.v); a load's answer comes back a few cycles later,
 * while the loop's next requests go out.
 */
#include <sluice.h>

#include <stdint.h>

SLUICE_KERNEL void vadd(const int32_t *restrict a, const int32_t *restrict b,
			 int32_t *restrict c, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}
