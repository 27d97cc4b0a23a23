/*
 * semantics.c -- end-to-end: the host pipe semantics of the pipes
 * specification, on the compiled examples/vscale design running in the
 * simulator (kernel scale(factor, n); host pipes in and out, int32,
 * MinCapacity 64).
 *
 *     semantics VSCALE_MODULE
 *
 *   - MinCapacity: 64 words written (blocking) before the kernel starts
 *     are all accepted;
 *   - a non-blocking write to a full pipe fails, and loses nothing: every
 *     word accepted comes out, in order, and the refused word never does;
 *   - a non-blocking read of an empty pipe fails and leaves the pipe
 *     unchanged (also a read of 2 words when 1 has arrived);
 *   - several host threads on different pipes at once (a writer on `in`,
 *     a reader on `out`, a third thread polling the kernel), with chunk
 *     sizes that do not line up;
 *   - 1 MiB each way, written and read in single calls from two threads.
 * SLUICE_DEADLOCK_CYCLES is lowered so that a failure ends as a reported
 * deadlock rather than a hang.
 */
#include "e2e.h"

#include <pthread.h>

static const char *path;

static sluice_module *load(sluice_device **d)
{
	sluice_module *m;
	MUST(sluice_device_open(d, "sim"));
	MUST(sluice_module_load(*d, path, &m));
	return m;
}

static void unload(sluice_device *d, sluice_module *m)
{
	sluice_module_close(m);
	sluice_device_close(d);
}

static void test_capacity_and_full(void)
{
	sluice_device *d;
	sluice_module *m = load(&d);
	enum { MAXW = 100000 };
	static int32_t xs[MAXW];
	for (int i = 0; i < MAXW; i++)
		xs[i] = i * 7 + 1;

	/* MinCapacity words with no kernel reading: a blocking write returns */
	int rc = sluice_pipe_write(m, "in", xs, 64 * sizeof xs[0]);
	check(rc == SLUICE_OK, "64 words (MinCapacity of 'in') written before scale starts%s%s",
	      rc ? ": " : "", rc ? sluice_last_error() : "");

	/* then non-blocking writes until the pipe is full */
	size_t n = 64;
	bool ok = true;
	while (ok && n < MAXW) {
		MUST(sluice_pipe_write_nb(m, "in", &xs[n], sizeof xs[0], &ok));
		if (ok)
			n++;
	}
	check(!ok, "write_nb into 'in' with no kernel reading fails once the pipe is full "
	      "(%zu words accepted)", n);
	/* the pipe stays full: more refusals, of 1 word and of 2 */
	bool ok1 = true, ok2 = true;
	MUST(sluice_pipe_write_nb(m, "in", &xs[n], sizeof xs[0], &ok1));
	MUST(sluice_pipe_write_nb(m, "in", &xs[n], 2 * sizeof xs[0], &ok2));
	check(!ok1 && !ok2, "write_nb of 1 and of 2 words into the full pipe fail again");

	/* start the kernel for exactly the words accepted: all come out */
	struct scale_args a = {-5, (uint32_t)n};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	static int32_t ys[MAXW];
	MUST(sluice_pipe_read(m, "out", ys, n * sizeof ys[0]));
	MUST(sluice_kernel_wait(m, "scale", 10000));
	size_t good = 0;
	while (good < n && ys[good] == scaled(xs[good], -5))
		good++;
	check(good == n, "all %zu accepted words come out scaled, in order (first wrong: %zu)", n,
	      good);

	/* the refused words are not in the pipe: the next word out is the next
	 * word written */
	int32_t marker = 777777, y = 0;
	a = (struct scale_args){1, 1};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	MUST(sluice_pipe_write(m, "in", &marker, sizeof marker));
	MUST(sluice_pipe_read(m, "out", &y, sizeof y));
	MUST(sluice_kernel_wait(m, "scale", 10000));
	int32_t z = 0;
	ok = true;
	MUST(sluice_pipe_read_nb(m, "out", &z, sizeof z, &ok));
	check(y == marker, "the refused words were not written: the next word through is the "
	      "marker (%d)", (int)y);
	check(!ok, "and nothing else is left in 'out'");
	unload(d, m);
}

/* polls read_nb of `words` words until it succeeds; returns the number of
 * failed polls, or -1 if it never did */
static long poll_read(sluice_module *m, int32_t *y, size_t words)
{
	bool ok = false;
	for (long tries = 0; tries < 200000; tries++) {
		MUST(sluice_pipe_read_nb(m, "out", y, words * sizeof *y, &ok));
		if (ok)
			return tries;
	}
	return -1;
}

static void test_read_nb(void)
{
	sluice_device *d;
	sluice_module *m = load(&d);
	int32_t y[2] = {-1, -1};
	bool ok = true;

	struct scale_args a = {3, 3};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	MUST(sluice_pipe_read_nb(m, "out", y, sizeof y[0], &ok));
	check(!ok && y[0] == -1, "read_nb of the empty 'out' fails and leaves the buffer alone");
	for (int i = 0; i < 50 && !ok; i++)
		MUST(sluice_pipe_read_nb(m, "out", y, sizeof y[0], &ok));
	check(!ok, "50 more polls of the empty 'out' fail too (nothing was written)");

	int32_t x = 1000;
	MUST(sluice_pipe_write(m, "in", &x, sizeof x));
	/* one word is on its way: a read of two cannot succeed, however long */
	bool ok2 = false;
	for (int i = 0; i < 2000 && !ok2; i++)
		MUST(sluice_pipe_read_nb(m, "out", y, 2 * sizeof y[0], &ok2));
	check(!ok2, "read_nb of 2 words when only 1 can arrive fails (2000 polls)");
	long tries = poll_read(m, y, 1);
	check(tries >= 0 && y[0] == 3000, "the one word is still there for a read_nb of 1 word: %d "
	      "(after %ld more polls)", (int)y[0], tries);

	x = 2000;
	MUST(sluice_pipe_write(m, "in", &x, sizeof x));
	x = 3000;
	MUST(sluice_pipe_write(m, "in", &x, sizeof x));
	tries = poll_read(m, y, 2);
	check(tries >= 0 && y[0] == 6000 && y[1] == 9000, "read_nb of 2 words once both are there: "
	      "%d %d", (int)y[0], (int)y[1]);
	MUST(sluice_kernel_wait(m, "scale", 10000));
	ok = true;
	MUST(sluice_pipe_read_nb(m, "out", y, sizeof y[0], &ok));
	check(!ok, "read_nb of the drained 'out' fails");
	unload(d, m);
}

/* ---- threads ------------------------------------------------------------------ */

struct stream {
	sluice_module *m;
	uint32_t n;	     /* words */
	size_t chunk;	     /* words per call; 0: all in one call */
	int32_t *buf;
	const char *err;     /* set by the thread on failure */
	char msg[512];
};

static int32_t pattern(uint32_t i)
{
	return (int32_t)(i * 2246822519u ^ i >> 3);
}

static void *stream_writer(void *arg)
{
	struct stream *s = arg;
	size_t chunk = s->chunk ? s->chunk : s->n;
	for (uint32_t i = 0; i < s->n; i++)
		s->buf[i] = pattern(i);
	for (size_t done = 0; done < s->n;) {
		size_t k = s->n - done < chunk ? s->n - done : chunk;
		if (sluice_pipe_write(s->m, "in", &s->buf[done], k * 4)) {
			snprintf(s->msg, sizeof s->msg, "%s", sluice_last_error());
			s->err = s->msg;
			return NULL;
		}
		done += k;
	}
	return NULL;
}

static void *stream_reader(void *arg)
{
	struct stream *s = arg;
	size_t chunk = s->chunk ? s->chunk : s->n;
	for (size_t done = 0; done < s->n;) {
		size_t k = s->n - done < chunk ? s->n - done : chunk;
		if (sluice_pipe_read(s->m, "out", &s->buf[done], k * 4)) {
			snprintf(s->msg, sizeof s->msg, "%s", sluice_last_error());
			s->err = s->msg;
			return NULL;
		}
		done += k;
	}
	return NULL;
}

struct poller {
	sluice_module *m;
	sluice_device *d;
	volatile bool stop;
	long polls, timeouts;
	bool bad;
};

static void *kernel_poller(void *arg)
{
	struct poller *p = arg;
	while (!p->stop) {
		int rc = sluice_kernel_wait(p->m, "scale", 0);
		uint64_t c;
		if (sluice_device_info(p->d, SLUICE_INFO_SIM_CYCLES, &c, sizeof c))
			p->bad = true;
		if (rc == SLUICE_E_TIMEOUT)
			p->timeouts++;
		else if (rc != SLUICE_OK)
			p->bad = true;
		p->polls++;
		struct timespec ts = {0, 2000000};
		nanosleep(&ts, NULL);
	}
	return NULL;
}

static void run_streams(const char *what, uint32_t n, size_t wchunk, size_t rchunk, bool poll)
{
	sluice_device *d;
	sluice_module *m = load(&d);
	struct stream w = {.m = m, .n = n, .chunk = wchunk}, r = {.m = m, .n = n, .chunk = rchunk};
	struct poller p = {.m = m, .d = d};
	w.buf = malloc(n * 4);
	r.buf = malloc(n * 4);
	if (!w.buf || !r.buf) {
		check(false, "%s: out of memory", what);
		exit(1);
	}
	struct scale_args a = {1, n};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	uint64_t c0 = sim_cycles(d);
	double t0 = now_s();
	pthread_t tw, tr, tp;
	pthread_create(&tw, NULL, stream_writer, &w);
	pthread_create(&tr, NULL, stream_reader, &r);
	if (poll)
		pthread_create(&tp, NULL, kernel_poller, &p);
	pthread_join(tw, NULL);
	pthread_join(tr, NULL);
	int rc = sluice_kernel_wait(m, "scale", 10000);
	if (poll) {
		p.stop = true;
		pthread_join(tp, NULL);
	}
	double s = now_s() - t0;
	uint64_t c = sim_cycles(d) - c0;
	uint32_t good = 0;
	while (good < n && r.buf[good] == pattern(good))
		good++;
	check(!w.err && !r.err && rc == SLUICE_OK && good == n,
	      "%s: %u words, writer and reader threads, all back in order "
	      "(%.2f s, %.3f MB/s each way, %.3f words/cycle)%s%s%s%s",
	      what, n, s, n * 4.0 / s / 1e6, (double)n / (double)c, w.err ? "; writer: " : "",
	      w.err ? w.err : "", r.err ? "; reader: " : "", r.err ? r.err : "");
	if (!w.err && !r.err && good != n)
		printf("      first wrong word %u: %d, expected %d\n", good, (int)r.buf[good],
		       (int)pattern(good));
	if (poll)
		check(!p.bad && p.polls > 0 && p.timeouts > 0, "a third thread polled scale "
		      "(kernel_wait 0, cycle count) %ld times meanwhile: %ld times running, no error",
		      p.polls, p.timeouts);
	free(w.buf);
	free(r.buf);
	unload(d, m);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: semantics VSCALE_MODULE\n");
		return 2;
	}
	path = argv[1];
	setenv("SLUICE_DEADLOCK_CYCLES", "500000", 1);
	test_capacity_and_full();
	test_read_nb();
	run_streams("three threads, chunks of 1000 and 777 words", 50000, 1000, 777, true);
	run_streams("1 MiB in one write call and one read call", (1u << 20) / 4, 0, 0, false);
	return finish();
}
