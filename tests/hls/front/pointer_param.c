// A pointer argument would need device memory.
// expect-error: 8: kernel parameter 'buf': pointer arguments need device memory, not supported yet
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_KERNEL
void k(int32_t n, const int32_t *buf)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(out, buf[i]);
}
