/*
 * sha256_lead_digest.c -- the kernel of bench/sha256_lead.c (SHA-256 as
 * bench/sha256.c, but with the window of the message schedule leading: a
 * block's 16 words read before its rounds), checked against the same
 * digests as sha256_digest.c.
 */
#include "../../bench/sha256_lead.c"

/* sluice-test:
   input in = [1]    # ""
   input in = [0x80000000, 0, 0, 0, 0, 0, 0, 0]
   input in = [0, 0, 0, 0, 0, 0, 0, 0]
   input in = [1]    # "abc"
   input in = [0x61626380, 0, 0, 0, 0, 0, 0, 0]
   input in = [0, 0, 0, 0, 0, 0, 0, 0x00000018]
   input in = [0]    # no blocks
   input in = [1]    # "The quick brown fox jumps over the lazy dog"
   input in = [0x54686520, 0x71756963, 0x6b206272, 0x6f776e20, 0x666f7820, 0x6a756d70, 0x73206f76, 0x65722074]
   input in = [0x6865206c, 0x617a7920, 0x646f6780, 0, 0, 0, 0, 0x00000158]
   input in = [2]    # "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
   input in = [0x61626364, 0x62636465, 0x63646566, 0x64656667, 0x65666768, 0x66676869, 0x6768696a, 0x68696a6b]
   input in = [0x696a6b6c, 0x6a6b6c6d, 0x6b6c6d6e, 0x6c6d6e6f, 0x6d6e6f70, 0x6e6f7071, 0x80000000, 0]
   input in = [0, 0, 0, 0, 0, 0, 0, 0]
   input in = [0, 0, 0, 0, 0, 0, 0, 0x000001c0]
   expect digest = [0xe3b0c442, 0x98fc1c14, 0x9afbf4c8, 0x996fb924, 0x27ae41e4, 0x649b934c, 0xa495991b, 0x7852b855, 0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223, 0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad, 0xd7a8fbb3, 0x07d78094, 0x69ca9abc, 0xb0082e4f, 0x8d5651e4, 0x6d3cdb76, 0x2d02d0bf, 0x37c9e592, 0x85e655d6, 0x417a1795, 0x3363376a, 0x624cde5c, 0x76e09589, 0xcac5f811, 0xcc4b32c1, 0xf20e533a, 0x248d6a61, 0xd20638b8, 0xe5c02693, 0x0c3e6039, 0xa33ce459, 0x64ff2167, 0xf6ecedd4, 0x19db06c1]
*/
