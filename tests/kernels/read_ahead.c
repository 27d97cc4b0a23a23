/*
 * read_ahead.c -- kernels that take a word, work on it in a loop and
 * write the result: the loop's exit block takes the next word without
 * waiting for it (hls/pass/read_ahead.c), so that with the words there
 * (timing mode) a word costs the loop and the write's state, the next
 * word taken in the clock its result before is written: mixer() six
 * cycles a word (seven before), counted() five (six), table() eleven
 * (twelve).  Under random gaps the next word is often not there yet, and
 * the kernel waits for it in the read's own state.
 *   - mixer(): k, made of the word in the read's block and used by the
 *     write after the loop, is carried through the loop: where the next
 *     word was read ahead, the write must use that word's k, not the one
 *     the read's block made last;
 *   - counted(): counts its words in a phi of the read's block, which the
 *     read ahead counts on from and the read's block, when it runs again,
 *     too;
 *   - table(): its loop is pipelined (II 1, two stages: the ROM's word
 *     comes a cycle after its address).
 */
#include <sluice.h>
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

SLUICE_IO_PIPE_IN(in, uint64_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

SLUICE_AUTORUN void mixer(void)
{
	for (;;) {
		uint64_t w = sluice_read(in);
		uint32_t a = (uint32_t)w, b = (uint32_t)(w >> 32), k = (uint32_t)(w >> 16);
#pragma nounroll
		for (int i = 0; i < 5; i++) {
			a = a * 3 + b;
			b ^= a >> 3;
		}
		sluice_write(out, (uint64_t)(b ^ k) << 32 | a);
	}
}

/* the same with a count of the words */
SLUICE_IO_PIPE_IN(cin, uint32_t, 0);
SLUICE_IO_PIPE_OUT(cout, uint64_t, 0);

SLUICE_AUTORUN void counted(void)
{
	uint32_t n = 0;
	for (;;) {
		uint32_t a = sluice_read(cin), b = n++;
#pragma nounroll
		for (int i = 0; i < 4; i++) {
			a = a * 5 + b;
			b ^= a >> 7;
		}
		sluice_write(cout, (uint64_t)n << 32 | (a ^ b));
	}
}

/* a table lookup per nibble, summed at II 1 */
SLUICE_IO_PIPE_IN(tin, uint32_t, 0);
SLUICE_IO_PIPE_OUT(tout, uint32_t, 0);

static const uint16_t T[16] = {
	0x1234, 0x0f0f, 0xbeef, 0x0001, 0x8000, 0x7777, 0x5a5a, 0x0ff0,
	0xface, 0x1357, 0x2468, 0xffff, 0x0000, 0xc0de, 0x4242, 0x9999,
};

SLUICE_AUTORUN void table(void)
{
	for (;;) {
		uint32_t w = sluice_read(tin), s = w;
#pragma nounroll
		for (int i = 0; i < 8; i++)
			s += T[(w >> (4 * i)) & 15];
		sluice_write(tout, s);
	}
}

/* sluice-test:
   input in = random(60, seed=5) [0, 1, 0xffffffff_ffffffff, 0x80000000_00000000] random(36, seed=6)
   expect out = 100
   cycles out[i + 1] - out[i] == 6
   input cin = random(80, seed=7) [0, 1, 0xffffffff]
   expect cout = 83
   cycles cout[i + 1] - cout[i] == 5
   cycles cin[i + 1] == cout[i]
   input tin = random(50, seed=8) [0, 0xffffffff]
   expect tout = 52
   cycles tout[i + 1] - tout[i] == 11
   cycles tin[i + 1] == tout[i]
   build --target ice40
*/
