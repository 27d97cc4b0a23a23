// An array of more than 512 bytes becomes a memory when all its accesses
// are loads and stores of integers (a float's are its bits'; an access
// that does not lie within one word, the widest access's size, is split
// into pieces: tests/kernels/mem_packed.c), and memsets and memcpys of
// whole words at whole-word offsets; anything else is an error at the
// first access that is not, naming the array.  Arrays of up to 512 bytes become registers
// instead.  (A pointer chosen at run time among arrays, or converted to
// an integer, is an object's number and an offset: hls/front/pointers.c.)
// expect-error: 33: memcpy between array 'words' of 4-byte words and array 'halves' of 2-byte words; arrays in memory copied into each other need one word size
// expect-error: 34: memset of 10 bytes of array 'cleared' is not a whole number of its 4-byte words
// expect-error: 35: memset of array 'bytes_n' with a length that is not known to be a multiple of its 4-byte words
// expect-error: 36: memset of array 'shifted' at a byte offset that is not a multiple of its 4-byte words
// expect-error: 37: memmove within array 'moved' in memory is not supported (the regions may overlap)
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

static uint32_t words[300], cleared[300], bytes_n[300], shifted[300], moved[300];
static uint16_t halves[600];

SLUICE_KERNEL void errors(uint32_t n)
{
	/* clang clears it with a memset: a loop of stores */
	uint32_t zeroed[300] = {0};
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint64_t r = zeroed[(x >> 9) % 300]++;
		halves[x % 600] = (uint16_t)x;
		r += words[x % 300] + cleared[x % 300] + bytes_n[x % 300] +
		     shifted[x % 300] + moved[x % 300] + halves[x % 599];
		memcpy(words, halves, sizeof words);
		memset(cleared, 0, 10);
		memset(bytes_n, 0, x % 1200);
		memset((char *)shifted + 4 * (x % 8) + 2, 0, 12);
		memmove(moved, moved + (x % 4), 16);
		sluice_write(out, r);
	}
}
