// The same pipe name, another data type: an error, not a second pipe.
// expect-error: 7: pipe 'samples' is declared with a different type here (int16_t, MinCapacity 8, kernel pipe) than elsewhere (int32_t, MinCapacity 8, kernel pipe)
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

SLUICE_PIPE(samples, int16_t, 8);

SLUICE_KERNEL void consumer(void)
{
	sluice_write(out, sluice_read(samples));
}
