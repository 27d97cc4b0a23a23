// What device memory does not take, each an error at its line: a device
// pointer stored into device memory, a
// pointer that may point into device memory or into a local array, an
// access LLVM does not know to be aligned to its size, an access of a
// whole struct of more than 8 bytes.  (memcpy and memset on device memory
// are taken: devmem_copy_errors.c has what of them is not.)
// expect-error: 25: a pointer into device memory (a kernel's pointer argument) may only be loaded from, stored to, offset and compared; here it is stored as a value
// expect-error: 26: a pointer that may point into device memory (a kernel's pointer argument) or elsewhere
// expect-error: 28: may be unaligned; device memory moves words aligned to their size
#include <sluice.h>
#include <string.h>

SLUICE_HOST_PIPE(res, int32_t, 4, SLUICE_D2H);

struct __attribute__((packed)) rec {
	uint8_t tag;
	uint32_t val;
};

SLUICE_KERNEL
void k(int32_t *a, int32_t *b, const struct rec *r, uint32_t n, uint32_t pick, int32_t **pp)
{
	int32_t local[4] = {1, 2, 3, 4};
	sluice_write(res, b[n]);
	*pp = a;
	int32_t *p = pick ? a : local;
	sluice_write(res, p[pick & 3]);
	sluice_write(res, (int32_t)r[n].val);
}
