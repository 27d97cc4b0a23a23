/*
 * sha256.c -- SHA-256 (FIPS 180-4) of messages padded by the host: a
 * message is a word n, the number of its 512-bit blocks, then the n
 * blocks, each as 16 big-endian 32-bit words (the padding included); the
 * state starts at the initial hash value for each message, and after each
 * block the kernel writes the 8 words of the state, H0 first, so the
 * last 8 words of a message are its digest.  The round constants are a
 * `static const` table (256 bytes: a ROM in block RAM), the rounds a
 * plain loop, and the message schedule as FIPS 180-4 (6.2.2) writes it:
 * W_t is the block's word t for t < 16, taken from the pipe as the
 * rounds run, and computed from the 16 before it otherwise, in a window
 * of 16 words in a local array (registers) shifted each round.  The
 * window, carried round the rounds, the loop over blocks and the loop
 * over messages, is one set of 16 registers (hls/rtlgen/share.c and
 * values.c, carry_phis), and the digest writes are cut off into a kernel
 * of their own that writes while the next block runs (hls/pass/fission.c).
 * sha256_lead.c is the same with the window leading, the block's 16
 * words read before its rounds.  Reference: reference/sha256.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(digest, uint32_t, 0);

#include "sha256_consts.h"

SLUICE_AUTORUN void sha256(void)
{
	uint32_t H[8], W[16];
	for (;;) {
		uint32_t n = sluice_read(in);
		for (int i = 0; i < 8; i++)
			H[i] = H0[i];
		for (uint32_t b = 0; b < n; b++) {
			uint32_t a = H[0], bb = H[1], c = H[2], d = H[3];
			uint32_t e = H[4], f = H[5], g = H[6], h = H[7];
			for (int t = 0; t < 64; t++) {
				uint32_t w;
				if (t < 16) {
					w = sluice_read(in);
				} else {
					uint32_t s0 = rotr(W[1], 7) ^ rotr(W[1], 18) ^ (W[1] >> 3);
					uint32_t s1 = rotr(W[14], 17) ^ rotr(W[14], 19) ^ (W[14] >> 10);
					w = W[0] + s0 + W[9] + s1;
				}
				for (int i = 0; i < 15; i++)
					W[i] = W[i + 1];
				W[15] = w;
				uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
				uint32_t ch = (e & f) ^ (~e & g);
				uint32_t t1 = h + S1 + ch + K[t] + w;
				uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
				uint32_t maj = (a & bb) ^ (a & c) ^ (bb & c);
				uint32_t t2 = S0 + maj;
				h = g;
				g = f;
				f = e;
				e = d + t1;
				d = c;
				c = bb;
				bb = a;
				a = t1 + t2;
			}
			H[0] += a;
			H[1] += bb;
			H[2] += c;
			H[3] += d;
			H[4] += e;
			H[5] += f;
			H[6] += g;
			H[7] += h;
			for (int i = 0; i < 8; i++)
				sluice_write(digest, H[i]);
		}
	}
}

/* sluice-test:
   # "abc" and the two-block message of FIPS 180-4's examples, padded
   input in = [1, 0x61626380, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x18]
   input in = [2, 0x61626364, 0x62636465, 0x63646566, 0x64656667, 0x65666768, 0x66676869, 0x6768696a, 0x68696a6b]
   input in = [0x696a6b6c, 0x6a6b6c6d, 0x6b6c6d6e, 0x6c6d6e6f, 0x6d6e6f70, 0x6e6f7071, 0x80000000, 0]
   input in = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1c0]
   # one-block messages of random words, then one of four blocks
   input in = [1] random(16, seed=1) [1] random(16, seed=2) [1] random(16, seed=3) [1] random(16, seed=4)
   input in = [1] random(16, seed=5) [1] random(16, seed=6) [1] random(16, seed=7) [1] random(16, seed=8)
   input in = [1] random(16, seed=9) [1] random(16, seed=10) [1] random(16, seed=11) [1] random(16, seed=12)
   input in = [1] random(16, seed=13) [1] random(16, seed=14) [1] random(16, seed=15) [1] random(16, seed=16)
   input in = [1] random(16, seed=17) [1] random(16, seed=18) [1] random(16, seed=19) [1] random(16, seed=20)
   input in = [1] random(16, seed=21) [1] random(16, seed=22) [1] random(16, seed=23) [1] random(16, seed=24)
   input in = [4] random(64, seed=25)
   expect digest = 248
*/
