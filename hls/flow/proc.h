/*
 * proc.h -- running the tools a build needs (Verilator's script, Yosys,
 * nextpnr, the packers) with their output in a log, and telling the user
 * how long each takes.
 */
#ifndef SLUICE_FLOW_PROC_H
#define SLUICE_FLOW_PROC_H

#include "../ir/ir.h"

#include <stdbool.h>

/* Seconds on a monotonic clock. */
double proc_now(void);

/* Runs argv (argv[0] searched on PATH unless it holds a '/') with stdin
 * from /dev/null and stdout and stderr into `log` (created or truncated);
 * each "NAME=VALUE" of env (NULL-terminated, or NULL) is set in the child.
 * While it runs, when `progress` is not NULL and stderr is a terminal, the
 * line "sluice: <progress> ... N s" is redrawn each second.  Returns the
 * exit status, 128 + the signal that ended it, or -1 (errno set) when it
 * could not be started. */
int proc_run_logged(const char *const *argv, const char *log, const char *const *env,
		    const char *progress);

/* The last `lines` lines of a log, each on a line of its own indented by
 * four spaces (for an error message); "" when it cannot be read. */
const char *proc_log_tail(struct hls_ctx *ctx, const char *log, unsigned lines);

/* The first executable of `names` (NULL-terminated) found as given (a
 * path) or on PATH, or NULL. */
const char *proc_find_tool(struct hls_ctx *ctx, const char *const *names);

#endif /* SLUICE_FLOW_PROC_H */
