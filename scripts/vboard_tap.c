/*
 * vboard_tap.c -- the virtual board of `sluice vboard` with a log of its
 * line, for scripts/bench_boards.py: where the line's byte times go.
 *
 *     vboard_tap MODEL.so LINK LOG
 *
 * Runs the board model that `sluice vboard` built (MODULE/vboard/
 * libsluice_vboard.so) as hls/driver/vboard.c does, on a pseudo-terminal
 * linked at LINK (no faults on the line), until SIGINT or SIGTERM, and
 * writes every byte that crosses the line into LOG with the cycle it
 * moved in.  The loop is vboard's (bytes from the terminal into the
 * model's queue toward uart_rx, 256 cycles, bytes from uart_tx back),
 * but the model is stepped one cycle at a time inside the 256 so that
 * each byte from the board has its own cycle.
 *
 * LOG is a sequence of records, little-endian:
 *     u8 'H' | 'D' | 'E'   to the board, from the board, the end
 *     u64 cycle            the model's cycle count after the move
 *     u32 n                bytes that follow
 * An 'H' record's bytes join the model's queue toward uart_rx in that
 * cycle, and go onto the pin in order, 10 bits of DIV cycles each, back
 * to back; a 'D' record's bytes were received in that cycle (the middle
 * of their stop bit).  The 'E' record gives the cycle count at the end.
 */
#define _GNU_SOURCE
#include "sim_api.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define SLICE 256

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int record(FILE *f, char kind, uint64_t cycle, const uint8_t *b, uint32_t n)
{
	uint8_t k = (uint8_t)kind;
	return fwrite(&k, 1, 1, f) == 1 && fwrite(&cycle, 8, 1, f) == 1 &&
	       fwrite(&n, 4, 1, f) == 1 &&
	       (!n || fwrite(b, 1, n, f) == n) ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fputs("usage: vboard_tap MODEL.so LINK LOG\n", stderr);
		return 2;
	}
	struct sim_api api;
	void *so = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	const char *missing = so ? sim_api_load(so, &api) : NULL;
	if (!so || missing || api.abi_version() != SIM_ABI_VERSION) {
		fprintf(stderr, "vboard_tap: cannot load %s: %s\n", argv[1],
			!so ? dlerror() : missing ? missing : "another simulator ABI");
		return 1;
	}
	struct sim *sim;
	char msg[512];
	if (api.create(&sim, NULL, msg, sizeof msg) != SIM_OK) {
		fprintf(stderr, "vboard_tap: the model failed to start: %s\n", msg);
		return 1;
	}
	char pts[256];
	int master = posix_openpt(O_RDWR | O_NOCTTY), slave = -1;
	struct termios tio;
	if (master < 0 || grantpt(master) || unlockpt(master) ||
	    ptsname_r(master, pts, sizeof pts) ||
	    (slave = open(pts, O_RDWR | O_NOCTTY)) < 0 || tcgetattr(slave, &tio)) {
		fprintf(stderr, "vboard_tap: cannot make a pseudo-terminal: %s\n", strerror(errno));
		return 1;
	}
	cfmakeraw(&tio);
	tcsetattr(slave, TCSANOW, &tio);
	fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
	FILE *log = fopen(argv[3], "wb");
	remove(argv[2]);
	if (!log || symlink(pts, argv[2])) {
		fprintf(stderr, "vboard_tap: cannot write %s or link %s: %s\n", argv[3], argv[2],
			strerror(errno));
		return 1;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);

	uint8_t in[4096], up[4096];
	size_t nin = 0, nup = 0, upoff = 0;
	unsigned idle = 0;
	int rc = 0;
	while (!stop && !rc) {
		bool moved = false;
		if (nin == 0) {
			ssize_t r = read(master, in, 2048);
			if (r > 0) {
				nin = (size_t)r;
				moved = true;
			}
		}
		if (nin) {
			size_t k = api.put(sim, in, nin);
			if (k)
				rc |= record(log, 'H', api.cycles(sim), in, (uint32_t)k);
			memmove(in, in + k, nin - k);
			nin -= k;
		}
		for (unsigned i = 0; i < SLICE; i++) {
			api.step(sim, 1);
			size_t g = nup < sizeof up ? api.get(sim, up + nup, sizeof up - nup) : 0;
			if (g)
				rc |= record(log, 'D', api.cycles(sim), up + nup, (uint32_t)g);
			nup += g;
		}
		while (upoff < nup) {
			ssize_t w = write(master, up + upoff, nup - upoff);
			if (w <= 0)
				break;
			upoff += (size_t)w;
			moved = true;
		}
		if (upoff == nup)
			upoff = nup = 0;
		idle = moved || nin || api.pending(sim) ? 0 : idle + 1;
		if (idle > 64)
			poll(&(struct pollfd){.fd = master, .events = POLLIN}, 1, 1);
	}
	rc |= record(log, 'E', api.cycles(sim), NULL, 0);
	if (fclose(log) || rc) {
		fprintf(stderr, "vboard_tap: cannot write %s\n", argv[3]);
		rc = 1;
	}
	remove(argv[2]);
	api.destroy(sim);
	close(master);
	close(slave);
	return rc ? 1 : 0;
}
