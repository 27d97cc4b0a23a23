/*
 * struct_array.c -- a fixed array of scalars inside a struct carried by a
 * pipe (struct {int32_t v[4];}, 128 bits): elements read and written at
 * constant indices only.
 */
#include <sluice.h>

struct vec4 {
	int32_t v[4];
};

SLUICE_IO_PIPE_IN(vin, struct vec4, 0);
SLUICE_IO_PIPE_OUT(vout, struct vec4, 0);
SLUICE_IO_PIPE_OUT(dot, int64_t, 0);

SLUICE_KERNEL void struct_array(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		struct vec4 a = sluice_read(vin);
		struct vec4 r;
		r.v[0] = a.v[3];
		r.v[1] = a.v[2];
		r.v[2] = (int32_t)((uint32_t)a.v[1] + (uint32_t)a.v[0]);
		r.v[3] = a.v[0] < a.v[1] ? a.v[0] : a.v[1];
		sluice_write(vout, r);
		sluice_write(dot, (int64_t)a.v[0] * a.v[1] + (int64_t)a.v[2] * a.v[3]);
	}
}

/* sluice-test:
   input vin = random(30, seed=30) 0 0xffffffff_80000000_7fffffff_00000001
   start struct_array(32)
   expect vout = 32
   expect dot = 32
*/
