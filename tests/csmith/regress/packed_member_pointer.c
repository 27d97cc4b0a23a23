/*
 * packed_member_pointer.c -- csmith regression (tests/csmith/run.py seed
 * 20232 with arrays and pointers): a pointer to the 8-byte member of a
 * packed struct, at byte 4 of each 20-byte element of an array kept in a
 * memory (600 bytes).  C lets `uint64_t *` claim 8-byte alignment, and
 * LLVM's store through it says so; hls/front/promote_mems.c took the
 * claim for a whole word at byte 240 instead of the field at byte 244,
 * so the store overwrote the member before it (f0 of g_158[2][0] read 1,
 * not 4).  The offset, known modulo the word, now decides, and the store
 * is split into the bytes that straddle two words.  (The CPU reference
 * runs with UBSan: the misaligned store is allowed here, as x86 does.)
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(csmith_out, uint64_t, 0);

#pragma pack(push, 1)
struct S0 {
	int32_t f0;
	uint64_t f1;
	uint32_t f2;
	uint32_t f3;
};
#pragma pack(pop)

static struct S0 g_158[5][6] = {{{4, 1, 0x49168909, 0}, {4, 1, 0x49168909, 0}},
				{{4, 1, 0x49168909, 0}, {4, 1, 0x49168909, 0}},
				{{4, 1, 0x49168909, 0}, {4, 1, 0x49168909, 0}}};
static uint64_t g_145 = 8;
static uint64_t *g_423 = &g_145;
static int32_t g_99 = 9;

__attribute__((no_sanitize("alignment"))) SLUICE_KERNEL void csmith_kernel(void)
{
	uint64_t *l_700 = &g_158[2][0].f1;
	*l_700 = (*g_423 += (uint64_t)g_99 + 1);
	g_158[(g_145 >> 2) % 5][g_145 % 6].f1 ^= g_145 << 33;
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 2; j++) {
			sluice_write(csmith_out, (uint64_t)(int64_t)g_158[i][j].f0);
			sluice_write(csmith_out, g_158[i][j].f1);
			sluice_write(csmith_out, g_158[i][j].f2);
		}
	sluice_write(csmith_out, g_145);
}

/* sluice-test:
   start csmith_kernel()
   start csmith_kernel()
   expect csmith_out = 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x12 0x49168909 0x4 0x1 0x49168909 0 0 0 0 0 0 0 0x2400000000 0 0 0 0 0x12 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x1 0x49168909 0x4 0x1c 0x49168909 0x4 0x1 0x49168909 0 0 0 0 0 0 0 0x2400000000 0 0 0 0 0x1c
*/
