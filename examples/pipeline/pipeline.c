/*
 * pipeline.c -- two kernels in a pipeline, host pipes at both ends.
 *
 *   host --samples--> smooth --smoothed--> detect --events--> host
 *
 * `smooth` is a 4-point moving average: each output is the mean (rounded
 * toward minus infinity) of the last four input samples, the samples
 * before the first counting as zero.  `detect` passes the smoothed
 * samples on to the host and counts how often the signal rises above a
 * threshold (a sample above it after one at or below it; the signal
 * starts below); after n samples it sends that count as one more word.
 * So for n samples the host reads n + 1 words.
 *
 * The kernel-to-kernel pipe `smoothed` lets both kernels run at the same
 * time, each at its own pace; the host starts both with the same n and
 * streams through them from two threads (host.c).
 */
#include <sluice.h>

SLUICE_HOST_PIPE(samples, int32_t, 64, SLUICE_H2D);
SLUICE_PIPE(smoothed, int32_t, 16);
SLUICE_HOST_PIPE(events, int32_t, 64, SLUICE_D2H);

SLUICE_KERNEL void smooth(uint32_t n)
{
	int32_t x1 = 0, x2 = 0, x3 = 0;
	for (uint32_t i = 0; i < n; i++) {
		int32_t x0 = sluice_read(samples);
		int64_t sum = (int64_t)x0 + x1 + x2 + x3;
		sluice_write(smoothed, (int32_t)(sum >> 2));
		x3 = x2;
		x2 = x1;
		x1 = x0;
	}
}

SLUICE_KERNEL void detect(int32_t threshold, uint32_t n)
{
	bool above = false;
	int32_t rises = 0;
	for (uint32_t i = 0; i < n; i++) {
		int32_t y = sluice_read(smoothed);
		bool a = y > threshold;
		if (a && !above)
			rises++;
		above = a;
		sluice_write(events, y);
	}
	sluice_write(events, rises);
}

/* sluice-test:
   input samples = 0 100 200 300 400 -400 -300 0 2147483647 2147483647 2147483647
   input samples = -2147483648 -2147483648 random(87, min=0, max=1000, seed=5)
   start smooth(100)
   start detect(500, 100)
   input samples = repeat(1000, 8) repeat(-1000, 8) repeat(1000, 8)
   start smooth(24)
   start detect(0, 24)
   expect events = 126
*/
