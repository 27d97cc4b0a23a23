/*
 * driver.h -- the sluice command line: build, report, run, boards.
 */
#ifndef SLUICE_DRIVER_H
#define SLUICE_DRIVER_H

#include "../front/front.h"
#include "../ir/ir.h"
#include "../rtlgen/rtlgen.h"
#include "../flow/flow.h"
#include "../sched/schedule.h"

#include <jansson.h>

struct build_opts {
	const char **sources;
	unsigned nsources;
	const char **cflags;
	unsigned ncflags;
	const char *output;	  /* module directory (-o) */
	const char *emit_verilog; /* --emit-verilog DIR, or NULL */
	const char *board;	  /* --board NAME, or NULL */
	bool allow_slow;	  /* --allow-slow */
	unsigned seed;		  /* --seed N; 0: nextpnr's default of sluice (1) */
	bool target_given;	  /* --target was given */
	const char *dump_ir;	  /* --dump-ir[=DIR]: "" for stdout */
	double clock_mhz;	  /* --clock, 0 for the default */
	bool quiet;
	bool no_sim_image;	  /* --no-sim-image: Verilog only */
	bool main_program;	  /* --main: the first source's main() is kernel 'program' */
	const char *main_wrapper; /* the generated source that wraps it (removed after) */
	struct front_spec_bind *spec_binds; /* --spec, --spec-register */
	unsigned nspec_binds;
};

/* home.c: the directory holding include/sluice.h and rtl/ (the source tree
 * or PREFIX/share/sluice); $SLUICE_HOME overrides. */
const char *sluice_home(struct hls_ctx *ctx);
/* fsutil.c */
int mkdir_p(const char *path);
int copy_file(const char *from, const char *to);
int remove_tree(const char *path);

/* What a build put into the module directory besides the Verilog. */
struct module_images {
	const char *sim_library; /* the sim image, relative to the module
				    directory; NULL when there is none */
	const char *host_header; /* the typed accessor header (NAME.h) */
};

/* manifest.c: writes DIR/manifest.json for the built program. */
int manifest_write(struct hls_ctx *ctx, const char *dir,
		   const struct ir_program *p, const struct hls_schedule *s,
		   const struct build_opts *o, const struct rtl_files *files,
		   const struct module_images *img);

/* host_header.c: writes DIR/NAME.h, the typed accessors of the program's
 * host pipes and started kernels; *file gets "NAME.h".  NAME is
 * header_name(p->name), the module name made a C identifier. */
const char *header_name(struct hls_ctx *ctx, const char *module);
int host_header_write(struct hls_ctx *ctx, const char *dir, const struct ir_program *p,
		      uint32_t design_id, const char **file);

/* sim_image.c: verilates the module's Verilog (DIR/rtl) into DIR/sim/
 * libsluice_sim.so with sim/build-model.sh, its host link SIM_LINK_BEAT
 * bytes a cycle; *library gets its path relative to DIR.  Reports an error
 * naming DIR/sim/build.log on failure. */
int sim_image_build(struct hls_ctx *ctx, const char *dir, const struct rtl_files *files,
		    bool quiet, const char **library);

int cmd_build(int argc, char **argv);
int cmd_program(int argc, char **argv);
int cmd_vboard(int argc, char **argv);
/* program.c: DIR/manifest.json, or NULL after saying on stderr that DIR
 * is not a module. */
json_t *module_manifest(const char *dir);
/* program.c: the manifest m's bitstream image for board `want` (NULL: the
 * only one there is); NULL after saying why on stderr. */
json_t *module_bitstream(json_t *m, const char *dir, const char *want);
int cmd_report(int argc, char **argv);
/* boards.c: `sluice boards [NAME] [--json] [--constraints]` */
int cmd_boards(int argc, char **argv);

#endif
