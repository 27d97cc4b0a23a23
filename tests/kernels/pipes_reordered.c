/*
 * pipes_reordered.c -- operations on different pipes are ordered only by
 * their data (the spec: "accesses to one pipe may be reordered relative to
 * accesses to another pipe"): the reads of `a` and `b` complete in the same
 * cycle, the write of `sum` with them, and the write of `cnt`, which needs
 * neither read, before them all in program order's terms.  Operations on
 * one pipe keep their order, one per cycle: the two reads of `b` are a
 * cycle apart.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(a, int32_t, 0);
SLUICE_IO_PIPE_IN(b, int32_t, 0);
SLUICE_IO_PIPE_OUT(sum, int32_t, 0);
SLUICE_IO_PIPE_OUT(cnt, int32_t, 0);

SLUICE_KERNEL void reorder(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(a);
		int32_t y = sluice_read(b);
		int32_t z = sluice_read(b);
		sluice_write(sum, (int32_t)((uint32_t)x + (uint32_t)y - (uint32_t)z));
		sluice_write(cnt, i);
	}
}

/* sluice-test:
   input a = random(20, seed=81)
   input b = random(40, seed=82)
   start reorder(20)
   expect sum = 20
   expect cnt = 20
   cycles a[i] == b[2*i]
   cycles b[2*i+1] - b[2*i] == 1
   cycles sum[i] == b[2*i+1]
   cycles cnt[i] <= a[i]
*/
