/*
 * selfcheck.c -- a self-checking program in the style HLS papers publish
 * (CHStone's): main() computes over its tables and returns how many
 * results differ from the expected ones.  A table-driven CRC-32 of a
 * message (the table built at run time in a local array), an insertion
 * sort through a helper that takes a pointer into the array, and a
 * matrix-vector product over const tables.
 */
#include <stdint.h>

static const uint8_t message[] = "The quick brown fox jumps over the lazy dog";
static const int16_t mat[4][4] = {{1, -2, 3, -4}, {5, 6, -7, 8}, {-9, 10, 11, 12}, {13, -14, 15, 16}};
static const int16_t vec[4] = {3, -1, 4, 1};
static const int32_t mv_expected[4] = {13, -11, 19, 129};

static void insert_sorted(int32_t *a, int n, int32_t x)
{
	int i = n;
	while (i > 0 && a[i - 1] > x) {
		a[i] = a[i - 1];
		i--;
	}
	a[i] = x;
}

int main(void)
{
	int errors = 0;

	uint32_t table[256];
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
		table[i] = c;
	}
	uint32_t crc = 0xffffffffu;
	for (unsigned i = 0; i < sizeof message - 1; i++)
		crc = table[(crc ^ message[i]) & 0xff] ^ (crc >> 8);
	errors += ~crc != 0x414fa339u;

	int32_t sorted[16];
	uint32_t x = 12345;
	for (int n = 0; n < 16; n++) {
		x = x * 1103515245u + 12345u;
		insert_sorted(sorted, n, (int32_t)(x >> 8) % 1000);
	}
	for (int n = 1; n < 16; n++)
		errors += sorted[n - 1] > sorted[n];

	for (int r = 0; r < 4; r++) {
		int32_t acc = 0;
		for (int c = 0; c < 4; c++)
			acc += mat[r][c] * vec[c];
		errors += acc != mv_expected[r];
	}
	return errors;
}
