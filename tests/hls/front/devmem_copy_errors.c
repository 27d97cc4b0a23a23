// Copies on device memory that are not taken, each an error at its line:
// a memmove between two device pointers (the regions may overlap), and a
// copy between an array in memory and device memory that is not known to
// be aligned to the array's words; a memset (line 20) is taken.
// expect-error: 19: memmove within device memory is not supported (the regions may overlap)
// (the memset at line 20 is a loop of byte stores, no error)
// expect-error: 23: memcpy between array 'm' of 8-byte words and device memory at an address not known to be a multiple of 8
#include <sluice.h>
#include <string.h>

SLUICE_HOST_PIPE(res, uint64_t, 4, SLUICE_D2H);

SLUICE_KERNEL
void k(int32_t *a, int32_t *b, uint32_t n, uint8_t *v, uint8_t *raw)
{
	uint64_t m[100];
	for (int i = 0; i < 100; i++)
		m[i] = i * 3u;
	memmove(a, b, n * sizeof *a);
	memset(v, 0, n);
	for (int i = 0; i < 100; i++)
		m[i] += m[99 - i];
	memcpy(raw + 1, m, sizeof m);
	sluice_write(res, m[n % 100]);
}
