/* The min and the max of one pair read one compare (lower_intrinsic.c),
 * whichever order the operands come in: a compare-and-swap is one
 * comparator, not two.  */
#include <sluice.h>
#include <stdint.h>

SLUICE_IO_PIPE_IN(in, int32_t, 0);
SLUICE_IO_PIPE_IN(uin, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, int32_t, 0);
SLUICE_IO_PIPE_OUT(uout, uint32_t, 0);

SLUICE_AUTORUN void k(void)
{
	int32_t a = sluice_read(in), b = sluice_read(in);
	sluice_write(out, a > b ? a : b);
	sluice_write(out, b < a ? b : a);
	uint32_t x = sluice_read(uin), y = sluice_read(uin);
	sluice_write(uout, x < y ? x : y);
	sluice_write(uout, y > x ? y : x);
}

// expect-ir: sgt.1
// expect-ir: ugt.1
// expect-ir-not: slt.1
// expect-ir-not: ult.1
