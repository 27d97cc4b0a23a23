/*
 * main.c -- `sluice COMMAND ...`: dispatches to the commands.
 */
#include "driver.h"
#include "run.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
	fputs("usage: sluice COMMAND [ARGS]\n"
	      "\n"
	      "commands:\n"
	      "  build FILE.c... [-o OUT.sluice] [--emit-verilog DIR] [--dump-ir[=DIR]]\n"
	      "        [--clock FREQ] [--target T] [--no-sim-image] [-DNAME[=V]] [-IDIR] [-q]\n"
	      "        compile kernels into a module: Verilog, a header of typed host\n"
	      "        accessors and, for the sim target, the simulator image (build --help)\n"
	      "  run MODULE.sluice [--start KERNEL=ARGS] [--in PIPE=FILE] [--out PIPE=FILE]\n"
	      "        run a module on the simulator without a host program (run --help)\n"
	      "  report MODULE.sluice\n"
	      "        print the module's schedule and resource report\n"
	      "  boards [NAME] [--json] [--constraints]\n"
	      "        the boards sluice builds for, or one in full (boards --help)\n"
	      "  help  this text\n",
	      f);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "build"))
		return cmd_build(argc - 1, argv + 1);
	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(cmd, "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(cmd, "boards"))
		return cmd_boards(argc - 1, argv + 1);
	if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "sluice: error: unknown command '%s'\n", cmd);
	usage(stderr);
	return 2;
}
