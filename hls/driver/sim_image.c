/*
 * sim_image.c -- a module's simulator image: its Verilog verilated into
 * OUT/sim/libsluice_sim.so (the ABI of sim/sim_abi.h), which libsluice's
 * "sim" device loads.
 *
 * Runs sluice's sim/build-model.sh (from sluice_home()) on every Verilog
 * file of the module with sluice_top as the top, FST tracing built in (so
 * that SLUICE_TRACE works), and Verilator's runtime objects cached in
 * $SLUICE_SIM_CACHE, else $XDG_CACHE_HOME/sluice/sim, else
 * $HOME/.cache/sluice/sim.  Everything the tools print goes to
 * OUT/sim/build.log.
 *
 * Guarantees: on success the library exists and Verilator's work directory
 * (OUT/sim/obj, large and needed by nothing else) is gone; on failure the
 * error names the log and quotes its last lines, and no library is left
 * behind.
 */
#include "driver.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SIM_LIBRARY "sim/libsluice_sim.so"
#define LOG_TAIL 12 /* lines of the log quoted in an error */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

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

/* The last LOG_TAIL lines of the log, each indented, for an error. */
static const char *log_tail(struct hls_ctx *ctx, const char *log)
{
	FILE *f = fopen(log, "r");
	if (!f)
		return "";
	const char *lines[LOG_TAIL] = {0};
	unsigned n = 0;
	char buf[512];
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = 0;
		lines[n++ % LOG_TAIL] = arena_strdup(&ctx->arena, buf);
	}
	fclose(f);
	const char *out = "";
	for (unsigned i = n > LOG_TAIL ? n - LOG_TAIL : 0; i < n; i++)
		out = arena_printf(&ctx->arena, "%s\n    %s", out, lines[i % LOG_TAIL]);
	return out;
}

/* Runs `sh script args...` with stdout and stderr into log; the exit
 * status, or -1 if it could not run. */
static int run_logged(const char *const *argv, const char *log, const char *cache)
{
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fd);
		return -1;
	}
	if (pid == 0) {
		if (cache)
			setenv("SLUICE_SIM_CACHE", cache, 1);
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		execv("/bin/sh", (char *const *)argv);
		dprintf(2, "cannot run /bin/sh: %s\n", strerror(errno));
		_exit(127);
	}
	close(fd);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
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
	const char **argv = arena_alloc(a, (nfiles + 7) * sizeof *argv);
	unsigned n = 0;
	argv[n++] = "sh";
	argv[n++] = script;
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
	double t0 = now_s();
	int st = run_logged(argv, log, cache);
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
				   "sim/build-model.sh", st, log, log_tail(ctx, log));
		return -1;
	}
	if (access(so, R_OK)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "building the simulator image wrote no "
			   "'%s'; see %s", so, log);
		return -1;
	}
	remove_tree(work);
	if (!quiet)
		fprintf(stderr, "sluice: verilated sluice_top in %.1f s\n", now_s() - t0);
	*library = SIM_LIBRARY;
	return 0;
}
