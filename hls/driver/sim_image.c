/*
 * sim_image.c -- a module's simulator image: its Verilog verilated into
 * OUT/sim/libsluice_sim.so (the ABI of sim/sim_abi.h), which libsluice's
 * "sim" device loads.
 *
 * Runs sluice's sim/build-model.sh (from sluice_home()) on every Verilog
 * file of the module with sluice_top as the top, FST tracing built in (so
 * that SLUICE_TRACE works), the host link SIM_LINK_BEAT bytes wide (-w:
 * sluice_top's LINK_W; a design without a host link has no link ports and
 * keeps 1), and Verilator's runtime objects cached in $SLUICE_SIM_CACHE,
 * else $XDG_CACHE_HOME/sluice/sim, else $HOME/.cache/sluice/sim.
 * Everything the tools print goes to OUT/sim/build.log.
 *
 * Guarantees: on success the library exists and Verilator's work directory
 * (OUT/sim/obj, large and needed by nothing else) is gone; on failure the
 * error names the log and quotes its last lines, and no library is left
 * behind.
 */
#include "driver.h"
#include "../flow/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SIM_LIBRARY "sim/libsluice_sim.so"
/* Bytes per cycle of the simulator model's host link (sim/sim_abi.h,
 * sim_link_beat): 1 is the byte link with its byte framing, a power of two
 * from 8 to 64 the plain framing on beats of that many bytes
 * (runtime/link/proto.h section 2b), as the bridge's LINK_W allows. */
#define SIM_LINK_BEAT 16
#define LOG_TAIL 12 /* lines of the log quoted in an error */

/* The cache of Verilator's runtime objects, or NULL for none. */
static const char *cache_dir(struct hls_ctx *ctx)
{
	const char *env = getenv("SLUICE_SIM_CACHE");
	if (env && *env)
		return env;
	env = getenv("XDG_CACHE_HOME");
	if (env && *env)
		return arena_printf(&ctx->arena, "%s/sluice/sim", env);
	env = getenv("HOME");
	if (env && *env)
		return arena_printf(&ctx->arena, "%s/.cache/sluice/sim", env);
	return NULL;
}

int sim_image_build(struct hls_ctx *ctx, const char *dir, const struct rtl_files *files,
		    bool quiet, const char **library)
{
	struct arena *a = &ctx->arena;
	const char *script = arena_printf(a, "%s/sim/build-model.sh", sluice_home(ctx));
	const char *simdir = arena_printf(a, "%s/sim", dir);
	const char *work = arena_printf(a, "%s/obj", simdir);
	const char *log = arena_printf(a, "%s/build.log", simdir);
	const char *so = arena_printf(a, "%s/%s", dir, SIM_LIBRARY);
	const char *cache = cache_dir(ctx);

	if (access(script, R_OK)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot build the simulator image: "
			   "'%s' is missing (is SLUICE_HOME right?); --no-sim-image builds the "
			   "Verilog only", script);
		return -1;
	}
	if (mkdir_p(simdir)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot create '%s': %s", simdir,
			   strerror(errno));
		return -1;
	}
	unsigned nfiles = files->ngenerated + files->nlibrary;
	const char **argv = arena_alloc(a, (nfiles + 9) * sizeof *argv);
	unsigned n = 0;
	argv[n++] = "sh";
	argv[n++] = script;
	argv[n++] = "-w";
	argv[n++] = arena_printf(a, "%u", files->host_link ? SIM_LINK_BEAT : 1);
	argv[n++] = so;
	argv[n++] = "sluice_top";
	argv[n++] = work;
	for (unsigned i = 0; i < files->ngenerated; i++)
		argv[n++] = arena_printf(a, "%s/rtl/%s", dir, files->generated[i]);
	for (unsigned i = 0; i < files->nlibrary; i++)
		argv[n++] = arena_printf(a, "%s/rtl/%s", dir, files->library[i]);
	argv[n] = NULL;

	if (!quiet)
		fprintf(stderr, "sluice: verilating sluice_top for the simulator (this takes a "
				"minute) ...\n");
	double t0 = proc_now();
	const char *env[] = {cache ? arena_printf(a, "SLUICE_SIM_CACHE=%s", cache) : NULL, NULL};
	int st = proc_run_logged(argv, log, env, NULL);
	if (st) {
		int err = errno;
		remove(so);
		if (st < 0)
			diag_error(&ctx->diag, (struct ir_loc){0}, "cannot run '%s' (%s) to build the "
				   "simulator image", script, strerror(err));
		else
			diag_error(&ctx->diag, (struct ir_loc){0}, "building the simulator image "
				   "failed (%s exited with %d); the whole output is in %s, and "
				   "--no-sim-image builds the Verilog only. Its last lines:%s",
				   "sim/build-model.sh", st, log, proc_log_tail(ctx, log, LOG_TAIL));
		return -1;
	}
	if (access(so, R_OK)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "building the simulator image wrote no "
			   "'%s'; see %s", so, log);
		return -1;
	}
	remove_tree(work);
	if (!quiet)
		fprintf(stderr, "sluice: verilated sluice_top in %.1f s\n", proc_now() - t0);
	*library = SIM_LIBRARY;
	return 0;
}
