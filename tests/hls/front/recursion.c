// Recursion has no hardware meaning: each cycle of the call graph is an
// error at a call of the cycle, naming the functions.
// expect-error: 11: recursion is not supported: 'fact' calls itself
// expect-error: 16: recursion is not supported: 'ping' calls 'pong', which calls 'ping'
// expect-note: 21: 'pong' calls 'ping' here
#include <sluice.h>

SLUICE_HOST_PIPE(out, int32_t, 4, SLUICE_D2H);

static int fact(int n) {
	return n <= 1 ? 1 : n * fact(n - 1);
}

static int pong(int n);
static int ping(int n) {
	return n ? pong(n - 1) : 0;
}

static int pong(int n)
{
	return n ? ping(n - 1) + 1 : 1;
}

SLUICE_KERNEL void k(int32_t n) {
	sluice_write(out, fact(n) + ping(n));
}
