/*
 * pair.h -- the struct that tests/driver/accessors.c sends through a host
 * pipe; the host programs of tests/driver/run.sh include it before the
 * module's generated header, as that header asks.
 */
#ifndef TESTS_DRIVER_PAIR_H
#define TESTS_DRIVER_PAIR_H

#include <stdint.h>

struct pair {
	int16_t x;
	uint16_t y;
};

#endif
