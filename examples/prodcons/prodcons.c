/*
 * prodcons.c -- a producer kernel and a consumer kernel connected by a
 * cross-kernel pipe, with I/O pipes at the ends.
 *
 * The producer reads raw 16-bit readings from the `sensor` port, drops
 * the ones outside the valid range and sends the rest, tagged with their
 * index, through the kernel pipe `work` (MinCapacity 4).  The consumer
 * keeps a running sum of what it receives and sends (index, sum) pairs to
 * the `report` port; a final word with all ones in the index field closes
 * each batch.  Both kernels are started by the host with the batch size;
 * they run at the same time and the pipe decouples their rates.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(sensor, uint16_t, 0);
SLUICE_PIPE(work, uint32_t, 4);
SLUICE_IO_PIPE_OUT(report, uint64_t, 0);

#define VALID_MAX 4000u
#define END_TAG 0xffffu

SLUICE_KERNEL void producer(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint16_t v = sluice_read(sensor);
		if (v <= VALID_MAX)
			sluice_write(work, i << 16 | v);
	}
	sluice_write(work, END_TAG << 16);
}

SLUICE_KERNEL void consumer(void)
{
	uint32_t sum = 0;
	for (;;) {
		uint32_t w = sluice_read(work);
		uint32_t tag = w >> 16;
		if (tag == END_TAG)
			break;
		sum += w & 0xffff;
		sluice_write(report, (uint64_t)tag << 32 | sum);
	}
	sluice_write(report, (uint64_t)END_TAG << 32 | sum);
}

/* sluice-test:
   input sensor = 0 4000 4001 65535 random(60, max=5000, seed=2)
   input sensor = random(30, max=4500, seed=3)
   start producer(64)
   start consumer()
   start producer(30)
   start consumer()
   expect report = 75          # 73 valid readings + 2 end-of-batch words
*/
