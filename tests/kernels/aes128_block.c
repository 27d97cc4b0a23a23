/*
 * aes128_block.c -- the kernel of bench/aes128.c (AES-128 encryption of
 * blocks: a block count, the key, the blocks, each block's ciphertext;
 * the S-box a constant table, the state a local array of 16 bytes, the
 * round keys computed beside the rounds), checked against the examples
 * of FIPS 197 (appendix C.1, and appendix B's block) and SP 800-38A's
 * ECB-AES128 (F.1.1, four blocks under one key), with a message of no
 * blocks between them, which writes nothing.
 */
#include "../../bench/aes128.c"

/* sluice-test:
   input in = [1]    # FIPS 197 C.1
   input in = [0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f]
   input in = [0x00112233, 0x44556677, 0x8899aabb, 0xccddeeff]
   input in = [0]    # no blocks: the key alone
   input in = [0xffeeddcc, 0xbbaa9988, 0x77665544, 0x33221100]
   input in = [4]    # SP 800-38A F.1.1, ECB-AES128
   input in = [0x2b7e1516, 0x28aed2a6, 0xabf71588, 0x09cf4f3c]
   input in = [0x6bc1bee2, 0x2e409f96, 0xe93d7e11, 0x7393172a]
   input in = [0xae2d8a57, 0x1e03ac9c, 0x9eb76fac, 0x45af8e51]
   input in = [0x30c81c46, 0xa35ce411, 0xe5fbc119, 0x1a0a52ef]
   input in = [0xf69f2445, 0xdf4f9b17, 0xad2b417b, 0xe66c3710]
   input in = [1]    # FIPS 197 appendix B
   input in = [0x2b7e1516, 0x28aed2a6, 0xabf71588, 0x09cf4f3c]
   input in = [0x3243f6a8, 0x885a308d, 0x313198a2, 0xe0370734]
   expect out = [0x69c4e0d8, 0x6a7b0430, 0xd8cdb780, 0x70b4c55a, 0x3ad77bb4, 0x0d7a3660, 0xa89ecaf3, 0x2466ef97, 0xf5d3d585, 0x03b9699d, 0xe785895a, 0x96fdbaaf, 0x43b1cd7f, 0x598ece23, 0x881b00e3, 0xed030688, 0x7b0c785e, 0x27e8ad3f, 0x82232071, 0x04725dd4, 0x3925841d, 0x02dc09fb, 0xdc118597, 0x196a0b32]
*/
