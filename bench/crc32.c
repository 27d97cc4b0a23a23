/*
 * crc32.c -- CRC-32 (the reflected polynomial 0xEDB88320 of Ethernet and
 * zlib) of a byte stream, bit by bit: after each byte the CRC so far goes
 * out.  The eight bit steps are a small constant loop that clang unrolls,
 * so each byte is one chain of XORs and the CRC register is the loop's
 * recurrence.  Reference: reference/crc32.v.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(bytes, uint8_t, 0);
SLUICE_IO_PIPE_OUT(crc, uint32_t, 0);

SLUICE_AUTORUN void crc32(void)
{
	uint32_t c = 0xffffffffu;
	for (;;) {
		c ^= sluice_read(bytes);
		for (int b = 0; b < 8; b++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
		sluice_write(crc, ~c);
	}
}

/* sluice-test:
   input bytes = [0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39] random(391, seed=13)
   expect crc = 400
*/
