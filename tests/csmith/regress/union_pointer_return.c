/*
 * union_pointer_return.c -- csmith regression (tests/csmith/run.py seed
 * 40109 with arrays and pointers): a function returns by value a union
 * that holds a pointer and a packed struct of 9 bytes.  The x86-64 ABI
 * returns it in two registers, as the aggregate {ptr, i8}, which the
 * caller takes apart with extractvalue; hls/front/pointers.c followed
 * pointers but not aggregates holding them ("a pointer computed this way
 * is not supported").  Aggregates holding pointers now have integer
 * forms too (the pointers' tags and offsets in place of the pointers).
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(csmith_out, uint64_t, 0);

#pragma pack(push, 1)
struct S0 {
	int64_t f0;
	uint8_t f1;
};
#pragma pack(pop)

union U10 {
	int16_t f0;
	int8_t *f1;
	struct S0 f2;
};

static int8_t g_a = 5, g_b = -3;
static int8_t *g_p = &g_a;
static union U10 g_u = {7};

static union U10 pick(uint8_t c)
{
	union U10 u = {0};
	u.f1 = c & 1 ? &g_a : g_p;
	g_p = c & 2 ? &g_b : &g_a;
	return u;
}

SLUICE_KERNEL void csmith_kernel(void)
{
	for (uint8_t i = 0; i < 4; i++) {
		union U10 r = pick(i);
		*r.f1 += 3;
		g_u = r;
		sluice_write(csmith_out, (uint64_t)(int64_t)*g_u.f1);
		sluice_write(csmith_out, g_u.f1 == &g_a);
	}
	sluice_write(csmith_out, (uint64_t)(int64_t)g_a);
	sluice_write(csmith_out, (uint64_t)(int64_t)g_b);
}

/* sluice-test:
   start csmith_kernel()
   start csmith_kernel()
   expect csmith_out = 0x8 0x1 0xb 0x1 0xe 0x1 0x11 0x1 0x11 0xfffffffffffffffd 0 0 0x14 0x1 0x17 0x1 0x1a 0x1 0x1a 0
*/
