/* A kernel as clang emits it: a loop, a switch, parameters of many C
 * types (signedness from debug info, offsets of the C argument struct),
 * a spec constant, kernel state, latency properties. */
#include "intermediate.h"

// expect-op: pipe in: int32_t, 32 bits, host h2d, min_capacity 8
// expect-op: spec gain: int32_t, 32 bits = 3
// expect-op: kernel scale(n: i32 signed @0, shift: i8 unsigned @4, neg: i1 unsigned @5, bias: i64 signed @8, us: i16 unsigned @16, ch: i8 signed @18, mode: i32 unsigned @20, ll: i64 signed @24, sc: i8 signed @32) started, args 40 bytes
// expect-op: state total: 32 bits, init 0x7
// expect-op: = state.load.32 total
// expect-op: = pipe.read.32 in anchor=0
// expect-op: pipe.write out, %
// expect-op: latency(exact 2 after anchor 0)
// expect-op: switch %
// expect-op: bb7 sw_epilog:                                ; preds: bb2 bb3 bb4 bb5
// expect-op: = sdiv.32
// expect-op: state.store total, %
// expect-op: ; call1 tests/hls/lower/c_scale.c:34:24
// expect-eval: 0 0 0 0 0 0 0 0 0 =>
// expect-eval: 2 1 1 0x100000005 0 0 0 0 0 => 5 5
SLUICE_HOST_PIPE(in, int32_t, 8, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 8, SLUICE_D2H);
SLUICE_SPEC_CONSTANT(int32_t, gain, 3);

typedef enum { MODE_A, MODE_B } mode_e;
static uint32_t total = 7;

SLUICE_KERNEL void scale(int32_t n, uint8_t shift, bool neg, int64_t bias,
			 unsigned short us, char ch, mode_e mode, long long ll,
			 signed char sc)
{
	uint32_t t = t_load_32(&total);
	for (int32_t i = 0; i < n; i++) {
		int32_t x = (int32_t)t_read_32(&in, 1, 0, 0, 0);
		int32_t y = x * sluice_spec(gain);
		switch (x & 3) {
		case 0: y >>= shift; break;
		case 1: y = -y; break;
		case 3: y = y / (x | 1); break;
		}
		if (neg)
			y = y < 0 ? -y : y;
		y = y > 100 ? 100 : y;
		t += (uint32_t)y + us + (uint32_t)ch + mode + (uint32_t)ll + (uint32_t)sc;
		t_write_32(&out, (uint32_t)(y + bias), 0, 1, SLUICE_EXACT, 2);
	}
	t_store_32(&total, t);
}
