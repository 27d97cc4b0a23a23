// Two files each define a static kernel 'k' (b.c has the error).  (`used`
// keeps clang from dropping an unreferenced static function.)
// expect-note: 8: the other kernel 'k' is here
#include <sluice.h>

SLUICE_PIPE(p, int32_t, 4);

static SLUICE_KERNEL __attribute__((used)) void k(int32_t x)
{
	sluice_write(p, x);
}
