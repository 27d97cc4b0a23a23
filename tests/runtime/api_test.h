/*
 * tests/runtime/api_test.h -- what the libsluice API tests share: PASS/FAIL
 * lines with a closing "N passed, N failed", checks of a status and its
 * message, and module directories written from JSON text.
 */
#ifndef API_TEST_H
#define API_TEST_H

#include <sluice/runtime.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int t_passed, t_failed;

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3), unused));
static void check(bool ok, const char *fmt, ...)
{
	va_list ap;
	printf("%s: ", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (ok)
		t_passed++;
	else
		t_failed++;
}

/* The call returned want and the thread's message holds each of the
 * NULL-terminated fragments. */
static bool status_is(int got, int want, ...) __attribute__((unused, sentinel));
static bool status_is(int got, int want, ...)
{
	bool ok = got == want;
	const char *msg = sluice_last_error(), *frag;
	va_list ap;
	va_start(ap, want);
	while ((frag = va_arg(ap, const char *)))
		if (!strstr(msg, frag)) {
			ok = false;
			printf("      message lacks \"%s\"\n", frag);
		}
	va_end(ap);
	if (got != want)
		printf("      got %s, want %s\n", sluice_error_name(got), sluice_error_name(want));
	if (!ok || getenv("SLUICE_TEST_VERBOSE"))
		printf("      message: %s\n", msg);
	return ok;
}

/* Exits the test with a FAIL line when a setup step fails. */
#define MUST(x)                                                                           \
	do {                                                                              \
		int rc_ = (x);                                                            \
		if (rc_) {                                                                \
			check(false, "%s: %s: %s", #x, sluice_error_name(rc_),            \
			      sluice_last_error());                                       \
			printf("%d passed, %d failed\n", t_passed, t_failed);             \
			exit(1);                                                          \
		}                                                                         \
	} while (0)

static char t_tmp[256];

/* A fresh scratch directory for this test program. */
static __attribute__((unused)) const char *tmpdir(void)
{
	if (!t_tmp[0]) {
		snprintf(t_tmp, sizeof t_tmp, "/tmp/sluice-test-XXXXXX");
		if (!mkdtemp(t_tmp)) {
			perror("mkdtemp");
			exit(1);
		}
	}
	return t_tmp;
}

/* Writes module directory tmp/name with manifest text json; returns its
 * path (static buffer, one at a time). */
static __attribute__((unused)) const char *write_module(const char *name, const char *json)
{
	static char dir[512];
	char path[600];
	snprintf(dir, sizeof dir, "%s/%s", tmpdir(), name);
	mkdir(dir, 0755);
	snprintf(path, sizeof path, "%s/manifest.json", dir);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fputs(json, f);
	fclose(f);
	return dir;
}

static __attribute__((unused)) int finish(void)
{
	if (t_tmp[0]) {
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", t_tmp);
		if (system(cmd))
			printf("note: could not remove %s\n", t_tmp);
	}
	printf("%d passed, %d failed\n", t_passed, t_failed);
	return t_failed ? 1 : 0;
}

#endif
