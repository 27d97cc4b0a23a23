// expect-error: 7: kernel 'k' is defined twice; kernel names are unique in the program
#include <sluice.h>

SLUICE_PIPE(p, int32_t, 4);
SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

static SLUICE_KERNEL __attribute__((used)) void k(void)
{
	sluice_write(out, sluice_read(p));
}
