// A pointer may point to data only (globals, locals, their elements and
// members: hls/front/pointers.c); the address of a function used as data
// is an error at its use, and so is a global that holds one when a kernel
// reads it.
// expect-error: 23: the address of a function is used as data (function pointers are not supported)
// expect-error: 29: the initial value of 'fp' holds the address of a function or of a pipe
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out2, uint32_t, 0);

static int inc(int x)
{
	return x + 1;
}

static int (*fp)(int) = inc;
static int g;

SLUICE_KERNEL void compares(uint32_t n)
{
	int *p = n & 1 ? &g : (int *)0;
	sluice_write(out, (void *)inc == (void *)p);
	g++;
}

SLUICE_KERNEL void reads(void)
{
	sluice_write(out2, fp != 0);
}
