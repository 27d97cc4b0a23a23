/*
 * byte_pipe.c -- 1-byte pipes (char and uint8_t) between two kernels and
 * to the ports, with an intermediate kernel pipe of MinCapacity 1.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(text, char, 0);
SLUICE_PIPE(upper, char, 1);
SLUICE_IO_PIPE_OUT(codes, uint8_t, 0);

SLUICE_KERNEL void to_upper(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		char c = sluice_read(text);
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		sluice_write(upper, c);
	}
}

SLUICE_KERNEL void to_code(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		char c = sluice_read(upper);
		sluice_write(codes, (uint8_t)(c < 0 ? 0x80 : (uint8_t)c));
	}
}

/* sluice-test:
   input text = 0x68 0x65 0x6c 0x6c 0x6f 0x20 0x5a 0x7a 0x61 0x7b 0x60 -1 -128 random(30, seed=8)
   start to_upper(43)
   start to_code(43)
   expect codes = 43
*/
