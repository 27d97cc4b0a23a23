/*
 * home.c -- where sluice's own files are: the source tree when run from
 * build/bin, PREFIX/share/sluice when installed, or $SLUICE_HOME.
 */
#include "driver.h"

#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* `dir` (made absolute) when it holds include/sluice.h, else NULL. */
static const char *try_home(struct hls_ctx *ctx, const char *dir)
{
	const char *hdr = arena_printf(&ctx->arena, "%s/include/sluice.h", dir);
	if (access(hdr, R_OK))
		return NULL;
	char *abs = realpath(dir, NULL);
	const char *r = arena_strdup(&ctx->arena, abs ? abs : dir);
	free(abs);
	return r;
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
		const char *bin = arena_strdup(&ctx->arena, dirname(exe));
		const char *home = try_home(ctx, arena_printf(&ctx->arena, "%s/../..", bin));
		if (!home)
			home = try_home(ctx, arena_printf(&ctx->arena, "%s/../share/sluice", bin));
		if (home)
			return home;
	}
	return ".";
}
