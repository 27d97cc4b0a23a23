/*
 * sieve.c -- a whole program whose result is a number, not a pass/fail
 * count: the primes below 4000 by the sieve of Eratosthenes over a local
 * array of 4000 bytes (a memory), their count times 1000 plus the sum of
 * the last ten modulo 1000.
 */
#include <stdint.h>

int main(void)
{
	uint8_t composite[4000];
	for (int i = 0; i < 4000; i++)
		composite[i] = 0;
	int count = 0, last[10] = {0};
	for (int i = 2; i < 4000; i++) {
		if (composite[i])
			continue;
		last[count % 10] = i;
		count++;
		for (int j = i * i; j < 4000; j += i)
			composite[j] = 1;
	}
	int sum = 0;
	for (int k = 0; k < 10; k++)
		sum += last[k];
	return count * 1000 + sum % 1000;
}
