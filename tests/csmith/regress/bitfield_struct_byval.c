/*
 * bitfield_struct_byval.c -- csmith regression (tests/csmith/run.py seeds
 * 10041 and 10086): a struct whose bitfields share a 64-bit storage unit
 * that starts in the middle of the struct (f1 and f2 at bytes 4..11), passed
 * by value to a function that reads and writes the fields.
 *
 * clang passes the 12-byte struct as {i64, i32} and copies it into an
 * alloca, which the bitfield accesses then read as one i64 at offset 4:
 * the accesses overlap the i64 at offset 0 and the i32 at offset 8, SROA
 * cannot split the alloca, and sluice rejected the program with "local
 * variable 'p' whose address is taken needs memories".
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(csmith_out, uint64_t, 0);

struct S0 {
	uint16_t f0;
	unsigned f1 : 30;
	unsigned f2 : 26;
};

static struct S0 g = {3, 5, 7};

static uint32_t f(struct S0 p, uint32_t k)
{
	p.f2 = p.f2 * 3 + k;
	p.f1 ^= p.f2;
	g.f0 += (uint16_t)p.f1;
	return p.f1 + p.f0 + p.f2;
}

SLUICE_KERNEL void csmith_kernel(void)
{
	sluice_write(csmith_out, f(g, 11));
	g.f2++;
	sluice_write(csmith_out, f(g, g.f1));
	sluice_write(csmith_out, g.f0);
	sluice_write(csmith_out, g.f1);
	sluice_write(csmith_out, g.f2);
}

/* sluice-test:
   start csmith_kernel()
   start csmith_kernel()
   expect csmith_out = 72 93 64 5 8  137 171 139 5 9
*/
