// An array of more than 512 bytes becomes a memory when all its accesses
// are integer loads and stores of one word size at whole-word offsets;
// anything else is an error at the first access that is not, naming the
// array.  Arrays of up to 512 bytes become registers instead.
// expect-error: 34: memcpy/memset of array 'zeroed' in memory is not supported yet
// expect-error: 38: a pointer into array 'left' is chosen at run time
// expect-error: 38: a pointer into array 'right' is chosen at run time
// expect-error: 41: array 'mixed' is accessed as 4-byte and 2-byte words; an array in memory needs one word size
// expect-note: 40: 'mixed' is accessed as 4-byte words here
// expect-error: 42: the address of array 'escaping' escapes (stored, passed to a call or compared); not supported
// expect-error: 44: array 'packed' is accessed at a byte offset that is not a multiple of its 4-byte words
// expect-error: 45: array 'wide' is accessed as 16-byte words; an array in memory has words of 1, 2, 4 or 8 bytes
// expect-error: 46: array 'floats' is accessed as a value that is not an integer
#include <sluice.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint64_t, 0);

struct __attribute__((packed)) rec {
	uint16_t tag;
	uint32_t val;
};

static uint32_t mixed[512];
static uint32_t escaping[300];
static uint32_t left[300], right[300];
static struct rec packed[200];
static unsigned __int128 wide[64];
static float floats[300];

SLUICE_KERNEL void errors(uint32_t n)
{
	/* clang clears it with a memset */
	uint32_t zeroed[300] = {0};
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(in);
		uint64_t r = zeroed[(x >> 9) % 300]++;
		uint32_t *p = x & 1 ? left : right;
		p[(x >> 4) % 300] = x;
		mixed[x & 511] = x;
		r += ((uint16_t *)mixed)[x >> 22];
		r += (uint64_t)(uintptr_t)&escaping[x % 300];
		escaping[x % 300] = x;
		packed[(x >> 7) % 200].val = x;
		wide[(x >> 3) & 63] += x;
		floats[x % 300] = floats[(x >> 9) % 300];
		sluice_write(out, r);
	}
}
