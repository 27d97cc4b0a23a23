/*
 * vboard.c -- `sluice vboard MODULE.sluice`: the virtual board.
 *
 * The module's board design (sluice_board: sluice_top with the board's
 * UART PHY, reset and LEDs, exactly what the bitstream holds) runs in
 * Verilator, and its UART is a pseudo-terminal: a host program reaches it
 * with SLUICE_DEVICE=BOARD:/dev/pts/N through libsluice's UART transport,
 * as it would reach the board's /dev/ttyUSBn.  Bytes from the terminal go
 * onto the board's uart_rx pin as serial frames at the board's rate (DIV
 * clocks a bit), and what its uart_tx pin sends comes back as bytes.
 *
 *   --board NAME     which bitstream's board, when the module has several
 *   --link PATH      also make PATH a symbolic link to the terminal
 *   --corrupt P      flip a random bit of a byte on the line with
 *                    probability P (each direction); --drop P loses a
 *                    byte, --dup P sends it twice: the link's CRC and
 *                    retries must recover from each
 *   --seed N         the line's random numbers (default 1)
 *   -q               no progress lines
 *
 * The model (MODULE/vboard/libsluice_vboard.so, sim/build-model.sh -u) is
 * built on first use and whenever rtl/sluice_board.v is newer.  It runs
 * until SIGINT or SIGTERM; the clock runs freely (the design's kernels
 * keep running while the line is quiet), slowed when nothing moves.
 * SLUICE_TRACE=FILE.fst writes a waveform of the whole board.
 */
#include "driver.h"
#include "../flow/proc.h"
#include "../../sim/sim_api.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#define SLICE 256 /* cycles between looks at the terminal */

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void usage(void)
{
	fputs("usage: sluice vboard MODULE.sluice [--board NAME] [--link PATH]\n"
	      "                     [--corrupt P] [--drop P] [--dup P] [--seed N] [-q]\n"
	      "  runs the module's board design in Verilator with its UART on a\n"
	      "  pseudo-terminal (SLUICE_DEVICE=BOARD:/dev/pts/N reaches it)\n", stderr);
}

static bool prob(const char *s, double *p)
{
	char *end;
	*p = strtod(s, &end);
	return *s && !*end && *p >= 0 && *p <= 1;
}

/* xorshift64*: the line's faults are repeatable for a seed */
static uint64_t rng;
static double uniform(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (double)((rng * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

struct line {
	double corrupt, drop, dup;
	unsigned long corrupted, dropped, duplicated;
};

/* Applies the line's faults to n bytes of buf into out (up to 2n). */
static size_t faults(struct line *l, const uint8_t *buf, size_t n, uint8_t *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		uint8_t b = buf[i];
		if (l->drop > 0 && uniform() < l->drop) {
			l->dropped++;
			continue;
		}
		if (l->corrupt > 0 && uniform() < l->corrupt) {
			b ^= (uint8_t)(1u << (unsigned)(uniform() * 8));
			l->corrupted++;
		}
		out[k++] = b;
		if (l->dup > 0 && uniform() < l->dup) {
			out[k++] = b;
			l->duplicated++;
		}
	}
	return k;
}

static bool newer(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) || stat(b, &sb) || sa.st_mtime >= sb.st_mtime;
}

/* Builds DIR/vboard/libsluice_vboard.so when missing or stale. */
static int build_model(struct hls_ctx *ctx, const char *dir, json_t *m, json_t *img,
		       const char *so, bool quiet)
{
	struct arena *a = &ctx->arena;
	const char *top = arena_printf(a, "%s/rtl/sluice_board.v", dir);
	if (!access(so, R_OK) && !newer(top, so))
		return 0;
	const char *script = arena_printf(a, "%s/sim/build-model.sh", sluice_home(ctx));
	const char *work = arena_printf(a, "%s/vboard/obj", dir);
	const char *log = arena_printf(a, "%s/vboard/build.log", dir);
	if (mkdir_p(work)) {
		fprintf(stderr, "sluice: error: cannot create '%s': %s\n", work, strerror(errno));
		return -1;
	}
	const char **argv = NULL;
	unsigned n = 0;
	VEC_PUSH(a, argv, n, "sh");
	VEC_PUSH(a, argv, n, script);
	VEC_PUSH(a, argv, n, "-u");
	VEC_PUSH(a, argv, n, arena_printf(a, "%lld",
		 (long long)json_integer_value(json_object_get(img, "uart_div"))));
	json_t *rst = json_object_get(img, "reset_released");
	if (rst) {
		VEC_PUSH(a, argv, n, "-r");
		VEC_PUSH(a, argv, n, arena_printf(a, "%lld", (long long)json_integer_value(rst)));
	}
	VEC_PUSH(a, argv, n, so);
	VEC_PUSH(a, argv, n, "sluice_board");
	VEC_PUSH(a, argv, n, work);
	json_t *lists[] = {json_object_get(img, "files"),
			   json_object_get(json_object_get(json_object_get(m, "images"), "verilog"),
					   "files")};
	for (unsigned l = 0; l < 2; l++) {
		size_t i;
		json_t *f;
		json_array_foreach(lists[l], i, f)
			VEC_PUSH(a, argv, n, arena_printf(a, "%s/rtl/%s", dir, json_string_value(f)));
	}
	VEC_PUSH(a, argv, n, NULL);
	const char *cache = getenv("SLUICE_SIM_CACHE");
	const char *env[] = {cache ? arena_printf(a, "SLUICE_SIM_CACHE=%s", cache) : NULL, NULL};
	if (!quiet && !isatty(2))
		fprintf(stderr, "sluice: verilating the board design (this takes a minute) ...\n");
	double t0 = proc_now();
	int st = proc_run_logged(argv, log, env, quiet ? NULL : "verilating the board design");
	if (st) {
		remove(so);
		fprintf(stderr, "sluice: error: building the virtual board failed (exit %d); the "
				"whole output is in %s, which ends:%s\n", st, log,
			proc_log_tail(ctx, log, 12));
		return -1;
	}
	remove_tree(work);
	if (!quiet)
		fprintf(stderr, "sluice: verilated the board design in %.1f s\n", proc_now() - t0);
	return 0;
}

/* A pseudo-terminal in raw mode; *slave is kept open so that the line's
 * settings hold while hosts come and go. */
static int open_pty(char *name, size_t cap, int *slave)
{
	int fd = posix_openpt(O_RDWR | O_NOCTTY);
	if (fd < 0 || grantpt(fd) || unlockpt(fd) || ptsname_r(fd, name, cap)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*slave = open(name, O_RDWR | O_NOCTTY);
	struct termios tio;
	if (*slave < 0 || tcgetattr(*slave, &tio)) {
		close(fd);
		return -1;
	}
	cfmakeraw(&tio);
	tcsetattr(*slave, TCSANOW, &tio);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	return fd;
}

int cmd_vboard(int argc, char **argv)
{
	const char *dir = NULL, *want = NULL, *link_path = NULL;
	struct line line = {0};
	unsigned long long seed = 1;
	bool quiet = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--board") && v)
			want = argv[++i];
		else if (!strcmp(a, "--link") && v)
			link_path = argv[++i];
		else if ((!strcmp(a, "--corrupt") || !strcmp(a, "--drop") || !strcmp(a, "--dup")) && v) {
			double *p = a[2] == 'c' ? &line.corrupt : a[3] == 'r' ? &line.drop : &line.dup;
			if (!prob(argv[++i], p)) {
				fprintf(stderr, "sluice: error: %s needs a probability from 0 to 1\n", a);
				return 2;
			}
		} else if (!strcmp(a, "--seed") && v) {
			char *end;
			seed = strtoull(argv[++i], &end, 10);
			if (*end || !seed) {
				fprintf(stderr, "sluice: error: --seed needs a positive number\n");
				return 2;
			}
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			quiet = true;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage();
			return 0;
		} else if (a[0] == '-' || dir) {
			fprintf(stderr, "sluice: error: vboard: unexpected '%s'\n", a);
			usage();
			return 2;
		} else {
			dir = a;
		}
	}
	if (!dir) {
		usage();
		return 2;
	}
	rng = seed * 0x9E3779B97F4A7C15ull;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	int rc = 1;
	void *so = NULL;
	struct sim *sim = NULL;
	struct sim_api api;
	int master = -1, slave = -1;
	json_t *m = module_manifest(dir);
	if (!m)
		goto out;
	json_t *img = module_bitstream(m, dir, want);
	if (!img)
		goto out;
	const char *board = json_string_value(json_object_get(img, "board"));
	const char *hl = json_string_value(json_object_get(img, "host_link"));
	if (hl && strcmp(hl, "uart") && strcmp(hl, "none")) {
		fprintf(stderr, "sluice: error: the design on board '%s' reaches the host on its %s "
				"link; a virtual board has a UART on a pseudo-terminal only (the "
				"%s PHY runs against the host side in tests/runtime/run.sh)\n",
			board, hl, hl);
		goto out;
	}
	if (!json_object_get(img, "uart_div")) {
		fprintf(stderr, "sluice: error: the design on board '%s' has no host link on a UART "
				"(no host pipe or started kernel), so a virtual board has nothing "
				"to offer a host\n", board);
		goto out;
	}
	const char *lib = arena_printf(&ctx.arena, "%s/vboard/libsluice_vboard.so", dir);
	if (build_model(&ctx, dir, m, img, lib, quiet))
		goto out;
	so = dlopen(lib[0] == '/' ? lib : arena_printf(&ctx.arena, "./%s", lib),
		    RTLD_NOW | RTLD_LOCAL);
	const char *missing = so ? sim_api_load(so, &api) : NULL;
	/* the version first: a model of another ABI may lack functions of this one */
	bool other_abi = so && api.abi_version && api.abi_version() != SIM_ABI_VERSION;
	if (!so || other_abi || missing) {
		fprintf(stderr, "sluice: error: cannot load the virtual board '%s': %s\n", lib,
			!so ? dlerror() : other_abi ? "it was built for another simulator ABI "
			"(remove it, and it is built again)" : missing);
		goto out;
	}
	char msg[512];
	const char *trace = getenv("SLUICE_TRACE");
	if (api.create(&sim, trace && *trace ? trace : NULL, msg, sizeof msg) != SIM_OK) {
		fprintf(stderr, "sluice: error: the virtual board failed to start: %s\n", msg);
		goto out;
	}
	char pts[256];
	master = open_pty(pts, sizeof pts, &slave);
	if (master < 0) {
		fprintf(stderr, "sluice: error: cannot make a pseudo-terminal: %s (is devpts mounted "
				"on /dev/pts?)\n", strerror(errno));
		goto out;
	}
	if (link_path) {
		remove(link_path);
		if (symlink(pts, link_path)) {
			fprintf(stderr, "sluice: error: cannot link '%s' to %s: %s\n", link_path, pts,
				strerror(errno));
			goto out;
		}
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	printf("%s\n", pts);
	fflush(stdout);
	if (!quiet)
		fprintf(stderr, "sluice: vboard: board '%s' with module '%s' on %s (UART %lld baud, "
				"%lld clocks a bit): SLUICE_DEVICE=%s:%s\n", board,
			json_string_value(json_object_get(m, "name")), pts,
			(long long)json_integer_value(json_object_get(img, "uart_baud")),
			(long long)json_integer_value(json_object_get(img, "uart_div")), board, pts);

	uint8_t raw[2048], in[4096], up[2048], upf[4096];
	size_t nin = 0, nup = 0, upoff = 0;
	unsigned idle = 0;
	unsigned long long to_board = 0, from_board = 0; /* bytes on the line */
	while (!stop) {
		bool moved = false;
		if (nin == 0) {
			ssize_t r = read(master, raw, sizeof raw);
			if (r > 0) {
				nin = faults(&line, raw, (size_t)r, in); /* at most 2r bytes */
				moved = true;
			}
		}
		if (nin) {
			size_t k = api.put(sim, in, nin);
			to_board += k;
			memmove(in, in + k, nin - k);
			nin -= k;
		}
		api.step(sim, SLICE);
		if (upoff == nup) {
			size_t g = api.get(sim, up, sizeof up);
			from_board += g;
			nup = faults(&line, up, g, upf);
			upoff = 0;
		}
		while (upoff < nup) {
			ssize_t w = write(master, upf + upoff, nup - upoff);
			if (w <= 0)
				break;
			upoff += (size_t)w;
			moved = true;
		}
		idle = moved || nin || api.pending(sim) ? 0 : idle + 1;
		if (idle > 64)
			poll(&(struct pollfd){.fd = master, .events = POLLIN}, 1, 1);
	}
	if (!quiet) {
		/* a byte is 10 bits of DIV clocks on the line */
		uint64_t cycles = api.cycles(sim);
		double slots = (double)cycles /
			(10.0 * (double)json_integer_value(json_object_get(img, "uart_div")));
		fprintf(stderr, "sluice: vboard: stopped after %llu cycles; the line carried %llu "
				"bytes to the board and %llu from it (%.1f%% and %.1f%% of its "
				"byte times); line faults: %lu corrupted, %lu dropped, %lu "
				"duplicated\n", (unsigned long long)cycles, to_board, from_board,
			slots > 0 ? 100.0 * (double)to_board / slots : 0,
			slots > 0 ? 100.0 * (double)from_board / slots : 0, line.corrupted,
			line.dropped, line.duplicated);
	}
	rc = 0;
out:
	if (sim)
		api.destroy(sim);
	if (link_path && master >= 0)
		remove(link_path);
	if (master >= 0)
		close(master);
	if (slave >= 0)
		close(slave);
	if (so)
		dlclose(so);
	json_decref(m);
	hls_ctx_fini(&ctx);
	return rc;
}
