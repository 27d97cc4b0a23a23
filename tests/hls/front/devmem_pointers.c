// Accesses through a kernel's pointer arguments become requests on the
// kernel's channel to device memory, a load's answer read at least four
// cycles after its request; a restrict argument has a channel of its own;
// pointer arithmetic, a pointer walking a loop and a pointer compare are
// arithmetic on the addresses.
// expect-ir: pipe.write k_dmem_req
// expect-ir: pipe.read.64 k_dmem_rsp latency(min 4 after anchor
// expect-ir: pipe.write k_dmem_out_req
// expect-ir-not: pipe.read.64 k_dmem_out_rsp
// expect-ir: arg.64 #0
#include <sluice.h>

SLUICE_HOST_PIPE(res, int64_t, 4, SLUICE_D2H);

struct pair {
	int16_t lo;
	int64_t hi;
};

SLUICE_KERNEL
void k(const struct pair *in, const int32_t *end_of, int32_t *restrict out, uint32_t n)
{
	int64_t sum = 0;
	for (const struct pair *p = in; p != in + n; p++)
		sum += p->lo + p->hi;
	const int32_t *q = end_of + n;
	out[0] = (int32_t)sum;
	out[1] = q[-1];
	sluice_write(res, sum);
}
