/*
 * mem_mixed.c -- memories accessed as words of several sizes: an array of
 * structs of 1-, 2- and 4-byte fields (its word is 4 bytes; a narrower
 * field is a part of a word, and storing it a read-modify-write), a word
 * buffer also read and written bytewise and as halves, and a histogram of
 * byte counters kept in a word array (counts[x] += 1 on bytes: a
 * read-modify-write of one word per iteration).  The structs are cleared
 * by a memset once, in their 4-byte words.
 */
#include <sluice.h>
#include <string.h>

SLUICE_IO_PIPE_IN(in, uint32_t, 0);
SLUICE_IO_PIPE_OUT(out, uint32_t, 0);

struct rec {
	uint8_t tag;
	uint16_t n;
	uint32_t v;
};

static struct rec recs[200];	/* 1600 bytes */
static uint32_t buf[256];	/* 1 KiB */
static uint32_t hist[256];	/* 1 KiB of byte counters */

SLUICE_AUTORUN void mem_mixed(void)
{
	for (;;) {
		uint32_t n = sluice_read(in);
		if (n == 200)
			memset(recs, 0, sizeof recs);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = sluice_read(in);
			uint32_t j = x % 200;
			recs[j].tag = (uint8_t)(x >> 8);
			recs[(j * 7) % 200].n += (uint16_t)x;
			recs[(x >> 16) % 200].v ^= x;
			buf[x & 255] = x;
			((uint8_t *)buf)[(x >> 8) & 1023] = (uint8_t)(x >> 24);
			((uint16_t *)buf)[(x >> 12) & 511] += (uint16_t)(x >> 3);
			((uint8_t *)hist)[x >> 22] += 1;
		}
		uint32_t sum = 0;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t j = (i * 13 + n) % 200;
			sum = sum * 31 + recs[j].tag + recs[j].n + recs[j].v;
			sum ^= ((uint8_t *)buf)[(i * 5 + sum) & 1023];
			sum += ((uint16_t *)buf)[(i * 3) & 511] + buf[i & 255];
			sum += ((uint8_t *)hist)[(i * 11) & 1023];
			sluice_write(out, sum);
		}
	}
}

/* sluice-test:
   input in = [64] random(64, seed=71) [17] random(17, seed=72) [200] random(200, seed=73) [5] random(5, seed=74)
   expect out = 286
*/
