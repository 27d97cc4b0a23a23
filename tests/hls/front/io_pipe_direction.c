// I/O pipes are ports: an input port is only read, an output port only
// written.
// expect-error: 12: kernel 'k' writes I/O pipe 'adc', which is an input port
// expect-error: 13: kernel 'k' reads I/O pipe 'dac', which is an output port
#include <sluice.h>

SLUICE_IO_PIPE_IN(adc, uint16_t, 0);
SLUICE_IO_PIPE_OUT(dac, uint16_t, 0);

SLUICE_AUTORUN void k(void)
{
	sluice_write(adc, (uint16_t)1);
	uint16_t v = sluice_read(dac);
	sluice_write(dac, v);
	(void)sluice_read(adc);
}
