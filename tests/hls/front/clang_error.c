// clang's own diagnostics pass through unchanged.
// expect-error: 9: use of undeclared identifier 'undeclared_thing'
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL void k(void)
{
	sluice_write(out, undeclared_thing);
}
