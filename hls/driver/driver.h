/*
 * driver.h -- the sluice command line: build, report, info.
 */
#ifndef SLUICE_DRIVER_H
#define SLUICE_DRIVER_H

#include "../ir/ir.h"
#include "../rtlgen/rtlgen.h"
#include "../sched/schedule.h"

struct build_opts {
	const char **sources;
	unsigned nsources;
	const char **cflags;
	unsigned ncflags;
	const char *output;	  /* module directory (-o) */
	const char *emit_verilog; /* --emit-verilog DIR, or NULL */
	const char *board;	  /* --board NAME, or NULL */
	const char *dump_ir;	  /* --dump-ir[=DIR]: "" for stdout */
	double clock_mhz;	  /* --clock, 0 for the default */
	bool quiet;
};

/* home.c: the directory holding include/sluice.h and rtl/ (the source tree
 * or PREFIX/share/sluice); $SLUICE_HOME overrides. */
const char *sluice_home(struct hls_ctx *ctx);
/* fsutil.c */
int mkdir_p(const char *path);
int copy_file(const char *from, const char *to);
int remove_tree(const char *path);

/* manifest.c: writes DIR/manifest.json for the built program. */
int manifest_write(struct hls_ctx *ctx, const char *dir,
		   const struct ir_program *p, const struct hls_schedule *s,
		   const struct build_opts *o, const struct rtl_files *files);

int cmd_build(int argc, char **argv);
int cmd_report(int argc, char **argv);

#endif
