/*
 * proc.c -- tools run with their output in a log (proc.h).
 */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double proc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int proc_run_logged(const char *const *argv, const char *log, const char *const *env,
		    const char *progress)
{
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		int err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	if (pid == 0) {
		for (unsigned i = 0; env && env[i]; i++)
			putenv((char *)env[i]);
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		execvp(argv[0], (char *const *)argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	bool tty = progress && isatty(2);
	double t0 = proc_now();
	int st;
	for (;;) {
		pid_t r = waitpid(pid, &st, tty ? WNOHANG : 0);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -1;
		if (tty) {
			fprintf(stderr, "\rsluice: %s ... %.0f s", progress, proc_now() - t0);
			poll(NULL, 0, 250);
		}
	}
	if (tty)
		fprintf(stderr, "\r\033[K");
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

const char *proc_log_tail(struct hls_ctx *ctx, const char *log, unsigned lines)
{
	FILE *f = fopen(log, "r");
	if (!f || !lines) {
		if (f)
			fclose(f);
		return "";
	}
	const char **ring = arena_alloc(&ctx->arena, lines * sizeof *ring);
	unsigned n = 0;
	char buf[512];
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = 0;
		ring[n++ % lines] = arena_strdup(&ctx->arena, buf);
	}
	fclose(f);
	const char *out = "";
	for (unsigned i = n > lines ? n - lines : 0; i < n; i++)
		out = arena_printf(&ctx->arena, "%s\n    %s", out, ring[i % lines]);
	return out;
}

const char *proc_find_tool(struct hls_ctx *ctx, const char *const *names)
{
	const char *path = getenv("PATH");
	for (unsigned i = 0; names[i]; i++) {
		if (strchr(names[i], '/')) {
			if (!access(names[i], X_OK))
				return names[i];
			continue;
		}
		for (const char *p = path ? path : ""; *p;) {
			size_t n = strcspn(p, ":");
			const char *cand = arena_printf(&ctx->arena, "%.*s/%s", (int)n,
							n ? p : ".", names[i]);
			if (!access(cand, X_OK))
				return cand;
			p += n + (p[n] == ':');
		}
	}
	return NULL;
}
