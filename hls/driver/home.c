/*
 * home.c -- where sluice's own files are: the source tree when run from
 * build/bin, PREFIX/share/sluice when installed, or $SLUICE_HOME.
 */
#include "driver.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int has_header(const char *dir)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/include/sluice.h", dir);
	return access(path, R_OK) == 0;
}

const char *sluice_home(struct hls_ctx *ctx)
{
	const char *env = getenv("SLUICE_HOME");
	if (env && *env)
		return env;
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *bin = dirname(exe); /* .../build/bin or PREFIX/bin */
		char cand[PATH_MAX];
		snprintf(cand, sizeof cand, "%s/../..", bin);
		if (has_header(cand))
			return arena_strdup(&ctx->arena, realpath(cand, exe) ? exe : cand);
		snprintf(cand, sizeof cand, "%s/../share/sluice", bin);
		if (has_header(cand))
			return arena_strdup(&ctx->arena, realpath(cand, exe) ? exe : cand);
	}
	return ".";
}
