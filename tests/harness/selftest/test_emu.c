/*
 * test_emu.c -- tests the C API of the CPU emulation library
 * (include/sluice/emu.h): pipe discovery, host pipe operations and their
 * errors, started kernels with queued invocations and persistent globals,
 * argument extension, autorun kernels, exact deadlock detection and its
 * report, timeouts, quiescence, and stopping spinning kernels.
 *
 *   test_emu emu_kernels.so
 */
#include <sluice.h>
#include <sluice/emu.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

#define CHECK(cond, ...)                                                    \
	do {                                                                \
		if (!(cond)) {                                              \
			failures++;                                         \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, \
				__LINE__, #cond);                           \
			fprintf(stderr, __VA_ARGS__);                       \
			fputc('\n', stderr);                                \
		}                                                           \
	} while (0)

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void test_pipes(struct sluice_emu *emu)
{
	CHECK(sluice_emu_pipe_count(emu) == 8, "%u pipes", sluice_emu_pipe_count(emu));
	const struct sluice_emu_pipe *p = sluice_emu_pipe_find(emu, "in");
	CHECK(p && p->size == 4 && p->capacity == 2 && p->kind == SLUICE_KIND_HOST &&
		      p->dir == SLUICE_H2D && !strcmp(p->type, "int32_t"),
	      "pipe in");
	p = sluice_emu_pipe_find(emu, "sin");
	CHECK(p && p->size == 2 && p->min_capacity == 0 && p->capacity == 1 &&
		      p->kind == SLUICE_KIND_IO && p->dir == SLUICE_IO_IN,
	      "pipe sin");
	CHECK(sluice_emu_pipe_find(emu, "unused") != NULL, "unused pipe found");
	CHECK(sluice_emu_pipe_find(emu, "nope") == NULL, "no pipe nope");

	int32_t v = 1;
	CHECK(sluice_emu_write(emu, "out", &v, 4, 100) == SLUICE_EMU_E_ARG &&
		      strstr(sluice_emu_message(emu), "cannot write"),
	      "%s", sluice_emu_message(emu));
	CHECK(sluice_emu_read(emu, "in", &v, 4, 100) == SLUICE_EMU_E_ARG, "read h2d");
	CHECK(sluice_emu_write(emu, "in", &v, 2, 100) == SLUICE_EMU_E_ARG &&
		      strstr(sluice_emu_message(emu), "4-byte"),
	      "%s", sluice_emu_message(emu));
	CHECK(sluice_emu_write(emu, "never", &v, 1, 100) == SLUICE_EMU_E_ARG, "kernel pipe");
	CHECK(sluice_emu_write(emu, "nope", &v, 4, 100) == SLUICE_EMU_E_ARG, "no pipe");
	bool ok = true;
	CHECK(sluice_emu_read_nb(emu, "out", &v, 4, &ok) == 0 && !ok, "nb read of empty");
	CHECK(sluice_emu_start(emu, "no_such_kernel", NULL, 0) == SLUICE_EMU_E_ARG &&
		      strstr(sluice_emu_message(emu), "not found"),
	      "%s", sluice_emu_message(emu));
}

static void test_started(struct sluice_emu *emu)
{
	int64_t args[2] = {5, 100};
	CHECK(sluice_emu_start(emu, "add_n", args, 2) == 0, "%s", sluice_emu_message(emu));
	for (int32_t i = 0; i < 5; i++) {
		int32_t x = i * 7 - 3;
		CHECK(sluice_emu_write(emu, "in", &x, 4, 5000) == 0, "%s", sluice_emu_message(emu));
	}
	for (int32_t i = 0; i < 5; i++) {
		int32_t y = 0;
		CHECK(sluice_emu_read(emu, "out", &y, 4, 5000) == 0 && y == i * 7 - 3 + 100,
		      "word %d: %d (%s)", i, y, sluice_emu_message(emu));
	}
	CHECK(sluice_emu_wait(emu, "add_n", 5000) == 0, "%s", sluice_emu_message(emu));
	unsigned s, d;
	sluice_emu_kernel_counts(emu, "add_n", &s, &d);
	CHECK(s == 1 && d == 1, "%u/%u", s, d);
	CHECK(sluice_emu_autorun(emu, "add_n") == SLUICE_EMU_E_ARG, "autorun of a started kernel");

	/* queued invocations run one after the other; globals persist */
	for (int i = 0; i < 3; i++)
		CHECK(sluice_emu_start(emu, "bump", NULL, 0) == 0, "start bump");
	for (uint32_t i = 1; i <= 3; i++) {
		uint32_t c = 0;
		CHECK(sluice_emu_read(emu, "cnt", &c, 4, 5000) == 0 && c == i, "bump %u: %u", i, c);
	}
	CHECK(sluice_emu_wait(emu, "bump", 5000) == 0, "wait bump");

	/* arguments arrive as the C values of their types */
	int64_t mix[4] = {-1, 65535, -5, 1};
	CHECK(sluice_emu_start(emu, "argmix", mix, 4) == 0, "start argmix");
	uint64_t want[4] = {UINT64_MAX, 65535, (uint64_t)-5, 1};
	for (int i = 0; i < 4; i++) {
		uint64_t w = 0;
		CHECK(sluice_emu_read(emu, "wide", &w, 8, 5000) == 0 && w == want[i],
		      "argmix %d: %llx", i, (unsigned long long)w);
	}

	/* the same through an argument buffer laid out like the C struct */
	struct {
		int8_t a;
		uint16_t b;
		int64_t c;
		bool d;
	} buf = {-2, 40000, -7, true};
	const struct sluice_emu_param params[4] = {
		{offsetof(__typeof__(buf), a), 1, true},
		{offsetof(__typeof__(buf), b), 2, false},
		{offsetof(__typeof__(buf), c), 8, true},
		{offsetof(__typeof__(buf), d), 1, false},
	};
	CHECK(sluice_emu_start_buffer(emu, "argmix", &buf, sizeof buf, params, 4) == 0,
	      "%s", sluice_emu_message(emu));
	uint64_t want2[4] = {(uint64_t)-2, 40000, (uint64_t)-7, 1};
	for (int i = 0; i < 4; i++) {
		uint64_t w = 0;
		CHECK(sluice_emu_read(emu, "wide", &w, 8, 5000) == 0 && w == want2[i],
		      "argmix buffer %d: %llx", i, (unsigned long long)w);
	}
	CHECK(sluice_emu_start_buffer(emu, "argmix", &buf, 4, params, 4) == SLUICE_EMU_E_ARG &&
		      strstr(sluice_emu_message(emu), "does not fit"),
	      "%s", sluice_emu_message(emu));
}

static void test_deadlock(struct sluice_emu *emu)
{
	int64_t args[2] = {1, 0};
	CHECK(sluice_emu_start(emu, "add_n", args, 2) == 0, "start");
	int32_t y;
	double t0 = now_ms();
	int rc = sluice_emu_read(emu, "out", &y, 4, 10000);
	CHECK(rc == SLUICE_EMU_E_DEADLOCK, "rc %d", rc);
	CHECK(now_ms() - t0 < 5000, "deadlock detected late: %.0f ms", now_ms() - t0);
	const char *m = sluice_emu_message(emu);
	CHECK(strstr(m, "kernel 'add_n' (started, invocation 2 of 2): blocked reading host pipe 'in' (empty)") &&
		      strstr(m, "host: waits to read host pipe 'out'"),
	      "report:\n%s", m);
	CHECK(sluice_emu_wait(emu, "add_n", 10000) == SLUICE_EMU_E_DEADLOCK, "wait deadlock");
	/* the deadlock is resolved when the host supplies the word */
	int32_t x = 41;
	CHECK(sluice_emu_write(emu, "in", &x, 4, 5000) == 0, "write");
	CHECK(sluice_emu_read(emu, "out", &y, 4, 5000) == 0 && y == 41, "y %d", y);
	CHECK(sluice_emu_wait(emu, "add_n", 5000) == 0, "wait");
}

static void test_autorun(struct sluice_emu *emu)
{
	CHECK(sluice_emu_autorun(emu, "spin") == 0, "%s", sluice_emu_message(emu));
	CHECK(sluice_emu_autorun(emu, "spin") == SLUICE_EMU_E_ARG, "twice");
	for (uint16_t i = 0; i < 20; i++) {
		uint16_t v = (uint16_t)(i * 1000), w = 0;
		CHECK(sluice_emu_write(emu, "sin", &v, 2, 5000) == 0, "write sin");
		CHECK(sluice_emu_read(emu, "sout", &w, 2, 5000) == 0 && w == (uint16_t)(v + 1),
		      "sout %u", w);
	}
	uint16_t w;
	double t0 = now_ms();
	CHECK(sluice_emu_read(emu, "sout", &w, 2, 200) == SLUICE_EMU_E_TIMEOUT,
	      "spinning kernels give a timeout, not a deadlock");
	CHECK(now_ms() - t0 >= 190, "timeout too early");
	CHECK(strstr(sluice_emu_message(emu), "kernel 'spin' (autorun"), "%s", sluice_emu_message(emu));
	CHECK(sluice_emu_quiesce(emu, 100) == SLUICE_EMU_E_TIMEOUT, "spin never quiesces");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_emu emu_kernels.so\n");
		return 2;
	}
	struct sluice_emu *emu;
	if (sluice_emu_create(&emu) || sluice_emu_load(emu, argv[1])) {
		fprintf(stderr, "cannot load: %s\n", emu ? sluice_emu_message(emu) : "");
		return 1;
	}
	CHECK(sluice_emu_load(emu, argv[1]) == SLUICE_EMU_E_ARG, "second load");
	test_pipes(emu);
	test_started(emu);
	test_deadlock(emu);

	/* a second emulator: a kernel blocked on a kernel pipe nobody writes */
	struct sluice_emu *e2;
	CHECK(sluice_emu_create(&e2) == 0 && sluice_emu_load(e2, argv[1]) == 0, "e2");
	CHECK(sluice_emu_autorun(e2, "blocker") == 0, "blocker");
	CHECK(sluice_emu_quiesce(e2, 5000) == 0, "blocker quiesces");
	uint32_t c;
	CHECK(sluice_emu_read(e2, "cnt", &c, 4, 5000) == SLUICE_EMU_E_DEADLOCK &&
		      strstr(sluice_emu_message(e2), "blocked reading kernel pipe 'never'"),
	      "%s", sluice_emu_message(e2));
	char buf[1024];
	size_t n = sluice_emu_report(e2, buf, sizeof buf);
	CHECK(n > 0 && strstr(buf, "kernel 'blocker'"), "report: %s", buf);

	test_autorun(emu);
	double t0 = now_ms();
	sluice_emu_destroy(emu); /* stops the spinning and the idle kernels */
	sluice_emu_destroy(e2);
	CHECK(now_ms() - t0 < 1500, "destroy took %.0f ms", now_ms() - t0);
	if (failures)
		fprintf(stderr, "%d check(s) failed\n", failures);
	else
		printf("test_emu: all checks passed\n");
	return failures ? 1 : 0;
}
