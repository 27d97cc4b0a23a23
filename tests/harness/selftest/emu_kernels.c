/*
 * emu_kernels.c -- kernels for test_emu.c, the test of the emulation
 * library's C API (built as a shared object, loaded with sluice_emu_load).
 */
#include <sluice.h>

SLUICE_HOST_PIPE(in, int32_t, 2, SLUICE_H2D);
SLUICE_HOST_PIPE(out, int32_t, 2, SLUICE_D2H);
SLUICE_HOST_PIPE(cnt, uint32_t, 4, SLUICE_D2H);
SLUICE_HOST_PIPE(wide, uint64_t, 8, SLUICE_D2H);
SLUICE_IO_PIPE_IN(sin, uint16_t, 0);
SLUICE_IO_PIPE_OUT(sout, uint16_t, 0);
SLUICE_PIPE(never, uint8_t, 1);
SLUICE_PIPE(unused, uint8_t, 3);

static uint32_t bumps;

SLUICE_KERNEL void add_n(int32_t n, int32_t k)
{
	for (int32_t i = 0; i < n; i++)
		sluice_write(out, sluice_read(in) + k);
}

SLUICE_KERNEL void bump(void)
{
	sluice_write(cnt, ++bumps);
}

SLUICE_KERNEL void argmix(int8_t a, uint16_t b, int64_t c, bool d)
{
	sluice_write(wide, (uint64_t)(int64_t)a);
	sluice_write(wide, b);
	sluice_write(wide, (uint64_t)c);
	sluice_write(wide, d);
}

SLUICE_AUTORUN void spin(void)
{
	bool ok;
	uint16_t v = sluice_read_nb(sin, &ok);
	if (ok) {
		do
			sluice_write_nb(sout, (uint16_t)(v + 1), &ok);
		while (!ok);
	}
}

SLUICE_AUTORUN void blocker(void)
{
	uint8_t v = sluice_read(never);
	sluice_write(never, v);
}
