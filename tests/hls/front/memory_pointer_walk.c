// A pointer walking an array in memory: LLVM makes it a byte offset, which
// is a whole number of words because the loads and the array are aligned
// to the word, and becomes the word index by a shift.
// expect-ir: mem arr: 300 x 32 bits
// expect-ir: = mem.load.32 arr, %
// expect-ir: lshr.64
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

static uint32_t arr[300];

SLUICE_KERNEL void pointer_walk(uint32_t n)
{
	uint32_t sum = 0;
	for (const uint32_t *p = arr; p < arr + 300; p++)
		sum += *p;
	arr[n % 300] = sum;
	sluice_write(out, sum);
}
