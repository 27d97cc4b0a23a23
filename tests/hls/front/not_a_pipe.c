// A pipe operation on a descriptor that was not declared with the sluice.h
// macros (it is not in section "sluice.pipes").
// expect-error: 14: pipe operation on something that is not a declared pipe
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

static const struct sluice_pipe_desc fake = {"fake", "int32_t", 4, 4,
					     SLUICE_KIND_PIPE, SLUICE_DIR_NONE};

SLUICE_KERNEL void k(void)
{
	int32_t v;
	__sluice_pipe_read(&fake, &v, sizeof v, 0, 0, 0, 0);
	sluice_write(out, v);
}
