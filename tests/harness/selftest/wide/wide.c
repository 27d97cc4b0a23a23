/*
 * wide.c -- kernel of the harness self-test fixture wide/ (the hardware is
 * hand-written in rtl/, the manifest by hand).
 */
#include <sluice.h>
struct s { uint8_t a; int32_t b; uint16_t c; };
SLUICE_IO_PIPE_IN(sin, struct s, 0);
SLUICE_IO_PIPE_OUT(sout, struct s, 0);
SLUICE_AUTORUN void wide(void)
{
	struct s v = sluice_read(sin);
	v.b = (int32_t)((uint32_t)v.b + v.a);
	v.c ^= 0x1234;
	sluice_write(sout, v);
}
/* sluice-test:
   input sin = random(40, seed=5) 0xffffffff_ffffffff_ffffffff
   expect sout = 41
   mask sout = 0x0000ffff_ffffffff_000000ff
*/
