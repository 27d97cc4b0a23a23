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
	      "        [--clock FREQ] [--target T] [--board B] [--no-sim-image] [-DNAME[=V]]\n"
	      "        [-IDIR] [-q]\n"
	      "        compile kernels into a module: Verilog, a header of typed host\n"
	      "        accessors and, for the sim target, the simulator image (build --help)\n"
	      "  run MODULE.sluice [--start KERNEL=ARGS] [--in PIPE=FILE] [--out PIPE=FILE]\n"
	      "        run a module on the simulator without a host program (run --help)\n"
	      "  report MODULE.sluice [--json] [--html FILE]\n"
	      "        print the module's schedule and, for a board build, its\n"
	      "        utilisation, Fmax and each kernel's cells\n"
	      "  program MODULE.sluice [--board NAME] [--dry-run]\n"
	      "        load the module's bitstream onto its board (openFPGALoader)\n"
	      "  vboard MODULE.sluice [--link PATH] [--corrupt P] [--drop P] [--dup P]\n"
	      "        the board design in Verilator, its UART on a pseudo-terminal\n"
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
	if (!strcmp(cmd, "program"))
		return cmd_program(argc - 1, argv + 1);
	if (!strcmp(cmd, "vboard"))
		return cmd_vboard(argc - 1, argv + 1);
	if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "sluice: error: unknown command '%s'\n", cmd);
	usage(stderr);
	return 2;
}
