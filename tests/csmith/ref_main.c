/*
 * ref_main.c -- the CPU reference for a wrapped csmith kernel.
 *
 * Linked with a wrapped program (see prelude.h) compiled as host C, it runs
 * the kernel csmith_kernel() argv[1] times (default once; the globals keep
 * their values from one invocation to the next, as the hardware's state
 * does) and prints each word the kernel writes to its output pipe as 16
 * hex digits on a line of its own: the same words the simulated hardware
 * must produce, in the same order.  Only blocking writes
 * are used by wrapped programs, so only __sluice_pipe_write is defined.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sluice.h>

void csmith_kernel(void);

void __sluice_pipe_write(const struct sluice_pipe_desc *pipe, const void *data,
			 unsigned size, int anchor, int target, int kind,
			 int cycles)
{
	uint64_t v = 0;

	(void)pipe;
	(void)anchor;
	(void)target;
	(void)kind;
	(void)cycles;
	memcpy(&v, data, size < sizeof v ? size : sizeof v);
	printf("%016llx\n", (unsigned long long)v);
}

#ifdef CSMITH_COUNT_BLOCKS
/* Built with -DCSMITH_COUNT_BLOCKS=LIMIT, and the wrapped program with
 * -fsanitize-coverage=trace-pc, this counts the basic blocks the program
 * executes, prints the count on stderr at the end, and stops the program
 * with exit status 3 once it passes LIMIT: how the test filters out
 * programs that would run too long in simulation. */
static unsigned long long blocks;

void __sanitizer_cov_trace_pc(void);
void __sanitizer_cov_trace_pc(void)
{
	if (++blocks > (unsigned long long)CSMITH_COUNT_BLOCKS) {
		fflush(stdout);
		fprintf(stderr, "blocks: more than %llu\n",
			(unsigned long long)CSMITH_COUNT_BLOCKS);
		exit(3);
	}
}

static void print_blocks(void)
{
	fprintf(stderr, "blocks: %llu\n", blocks);
}
#endif

int main(int argc, char **argv)
{
#ifdef CSMITH_COUNT_BLOCKS
	atexit(print_blocks);
#endif
	int runs = argc > 1 ? atoi(argv[1]) : 1;
	for (int i = 0; i < runs; i++)
		csmith_kernel();
	return fflush(stdout) != 0;
}
