/*
 * fence_request.c -- a client that writes a request to one pipe and then
 * reads the answer from another, served by an autorun kernel.  Pipes may
 * be reordered against each other (the spec), so without the fence the
 * write of the request and the read of the answer would complete in one
 * cycle, together, and wait for each other forever; sluice_fence() puts
 * the request out first.  In the pipelined loop the next request may go
 * out with the previous answer, and nothing is lost under random timing.
 */
#include <sluice.h>

SLUICE_IO_PIPE_IN(xs, uint32_t, 0);
SLUICE_PIPE(req, uint32_t, 2);
SLUICE_PIPE(ans, uint32_t, 2);
SLUICE_IO_PIPE_OUT(ys, uint32_t, 0);

SLUICE_AUTORUN void server(void)
{
	uint32_t r = sluice_read(req);
	sluice_write(ans, r * r + 7);
}

SLUICE_KERNEL void client(int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(xs);
		sluice_write(req, x ^ (uint32_t)i);
		sluice_fence();
		uint32_t y = sluice_read(ans);
		sluice_write(ys, y + x);
	}
}

/* sluice-test:
   input xs = random(64, seed=71)
   start client(64)
   expect ys = 64
   cycles ys[i] - xs[i] >= 1
*/
