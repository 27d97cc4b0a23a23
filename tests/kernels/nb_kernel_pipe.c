/*
 * nb_kernel_pipe.c -- non-blocking operations on both ends of a kernel
 * pipe of MinCapacity 2: the producer spins on write_nb while the pipe is
 * full, the consumer on read_nb while it is empty; the sequence numbers
 * arrive complete and in order.
 */
#include <sluice.h>

SLUICE_PIPE(link, uint32_t, 2);
SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

SLUICE_KERNEL void producer(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = sluice_read(in) << 8 | (i & 0xff);
		bool ok;
		do
			sluice_write_nb(link, v, &ok);
		while (!ok);
	}
}

SLUICE_KERNEL void consumer(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		bool ok = false;
		uint32_t v = 0;
		while (!ok)
			v = sluice_read_nb(link, &ok);
		sluice_write(out, v ^ (i & 0xff));
	}
}

/* sluice-test:
   input in = range(0, 100)
   start producer(100)
   start consumer(100)
   expect out = range(0, 25600, 256)
   modes random timing
*/
