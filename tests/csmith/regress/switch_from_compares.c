/*
 * switch_from_compares.c -- csmith regression (tests/csmith/run.py seeds
 * 116 and 133 of the first batches): the LLVM pipeline turns chains of
 * compares of one value against constants into a `switch`, and C switch
 * statements are switches too.  hls/front/lower_inst.c:lower_switch took
 * the switch's condition with LLVMGetCondition(), which is only defined
 * for conditional branches, and `sluice build` died with SIGSEGV in
 * LLVMTypeOf (fixed: the condition is operand 0).
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(csmith_out, uint64_t, 0);

static uint8_t g_2 = 0x7E;
static int16_t g_34 = -5;
static uint32_t g_78 = 0x8438CF83u;

SLUICE_KERNEL void csmith_kernel(void)
{
	uint64_t r = 0;

	g_2 = (uint8_t)(g_2 * 5 + 3);
	/* an if-chain on one value: SimplifyCFG makes it a switch */
	if (g_2 == 1 || g_2 == 0x79 || g_2 == 0xE3 || g_2 == 200)
		g_34 = (int16_t)(g_34 - 7);
	else if (g_2 == 0x60)
		g_34 = 3;
	/* a C switch with a sparse case set and fall-through */
	switch (g_34) {
	case -12:
		r = 1;
		/* fall through */
	case 3:
		r += 10;
		break;
	case -19:
	case 1000:
		r = g_78 % 1000;
		break;
	default:
		r = (uint64_t)g_34 * 3;
	}
	g_78 = g_78 * 3 + (uint32_t)r;
	sluice_write(csmith_out, g_2);
	sluice_write(csmith_out, (uint64_t)(int64_t)g_34);
	sluice_write(csmith_out, g_78);
	sluice_write(csmith_out, r);
}

/* sluice-test:
   start csmith_kernel()
   start csmith_kernel()
   start csmith_kernel()
   start csmith_kernel()
   expect csmith_out = 0x79 0xfffffffffffffff4 0x8caa6e94 0xb 0x60 3 0xa5ff4bc6 0xa 0xe3 0xfffffffffffffffc 0xf1fde346 0xfffffffffffffff4 0x72 0xfffffffffffffffc 0xd5f9a9c6 0xfffffffffffffff4
*/
