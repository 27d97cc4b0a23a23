/*
 * tests/runtime/test_api_pcie.c -- libsluice's PCIe transport
 * (runtime/device/pcie.c) against a simulated card: two named pipes where
 * the XDMA driver's nodes would be (DIR/xdma0_h2c_0, DIR/xdma0_c2h_0), and
 * behind them, in a thread of this program, the C model of the device side
 * of the host link (fake_device.c) with its kernels.  What runs is the real
 * transport (the reader thread, non-blocking writes, the waits), the link
 * and everything above it; what does not is a PCIe card and its driver.
 *
 * Checked: words through host pipes both ways with the device's FIFOs
 * small enough that credits hold the host back, kernel starts and waits,
 * control registers; and the errors: a node missing, a node with nobody
 * behind it, a module with no design for a PCIe board, a card that never
 * answers (the connect limit), and a card that goes away while the host
 * waits for words (an I/O error, not a hang).
 *
 * Then a card whose thread runs RTL in place of the C model:
 * libpcie_board.so beside this program (tests/runtime/pcie_board.cpp),
 * rtl/sluice_pcie_stream.v before the bridge of tests/runtime/cosim_top.v
 * on 16-byte beats, with a stand-in for the DMA engine's streams that
 * hands the host a C2H packet only when it ends, as the XDMA driver does.
 */
#include "board_module.h"
#include "cosim_manifest.h"

#include <dlfcn.h>
#include <libgen.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <time.h>

#define PCIE_IMAGE "\"xdmacard\": {\"kind\": \"bitstream\", \"host_link\": \"pcie\"}"

/* ---- the simulated card: the model behind the two nodes ------------------------- */

struct card {
	char base[300];		/* DIR/xdma0: the device string's path */
	int h2c, c2h;		/* the card's ends */
	pthread_t thread;
	atomic_bool stop;	/* the thread ends */
	bool running;
	uint64_t errors;	/* the model's protocol trouble, when it ended */
	void *rtl;		/* libpcie_board's card, in place of the model */
};

/* libpcie_board.so (pcie_board.cpp): the card's RTL behind the streams */
static struct {
	void *(*open)(void);
	void (*xfer)(void *, const uint8_t *, size_t, size_t *, uint8_t *, size_t, size_t *);
	int (*stream_rules)(void *, char *, size_t);
	void (*counts)(void *, uint64_t *, uint64_t *, uint64_t *, uint64_t *, uint64_t *);
	void (*close)(void *);
} pcb;

static void card_nodes(struct card *c, const char *name)
{
	snprintf(c->base, sizeof c->base, "%s/%s", tmpdir(), name);
	char p[340];
	snprintf(p, sizeof p, "%s_h2c_0", c->base);
	if (mkfifo(p, 0600) && errno != EEXIST)
		perror(p), exit(1);
	snprintf(p, sizeof p, "%s_c2h_0", c->base);
	if (mkfifo(p, 0600) && errno != EEXIST)
		perror(p), exit(1);
}

static void *card_main(void *arg)
{
	struct card *c = arg;
	struct sluice_transport *t;
	char *board;
	struct rt_timing timing;
	uint8_t in[4096], out[4096];
	size_t nin = 0;
	if (!c->rtl) {
		if (fake_transport_ops.open(&t, "", &board) ||
		    fake_transport_ops.load(t, NULL, &timing))
			return NULL;
		free(board);
	}
	while (!c->stop) {
		if (nin < sizeof in) {
			ssize_t r = read(c->h2c, in + nin, sizeof in - nin);
			if (r > 0)
				nin += (size_t)r;
		}
		size_t sent = 0, got = 0;
		if (c->rtl)
			pcb.xfer(c->rtl, in, nin, &sent, out, sizeof out, &got);
		else
			fake_transport_ops.xfer(t, in, nin, &sent, out, sizeof out, &got, 256);
		memmove(in, in + sent, nin - sent);
		nin -= sent;
		for (size_t off = 0; off < got && !c->stop;) {
			ssize_t w = write(c->c2h, out + off, got - off);
			if (w > 0) {
				off += (size_t)w;
			} else {
				struct pollfd p = {.fd = c->c2h, .events = POLLOUT};
				poll(&p, 1, 10);
			}
		}
		if (!nin && !got && !c->rtl)
			usleep(20);
	}
	if (!c->rtl) {
		c->errors = fake_errors(fake_current());
		fake_transport_ops.close(t);
	}
	return NULL;
}

/* Opens the card's ends (read-write, so that neither open waits for the
 * host) and starts its thread. */
static void card_start(struct card *c, const struct fake_config *cfg)
{
	char p[340];
	memset(&sc, 0, sizeof sc);
	fake_configure(cfg);
	snprintf(p, sizeof p, "%s_h2c_0", c->base);
	c->h2c = open(p, O_RDWR | O_NONBLOCK);
	snprintf(p, sizeof p, "%s_c2h_0", c->base);
	c->c2h = open(p, O_RDWR | O_NONBLOCK);
	if (c->h2c < 0 || c->c2h < 0)
		perror("card nodes"), exit(1);
	c->stop = false;
	if (pthread_create(&c->thread, NULL, card_main, c))
		perror("card thread"), exit(1);
	c->running = true;
}

static void card_stop(struct card *c)
{
	if (!c->running)
		return;
	c->stop = true;
	pthread_join(c->thread, NULL);
	close(c->h2c);
	close(c->c2h);
	c->running = false;
}

/* A card called name with configuration cfg, and the host's device on it. */
static sluice_device *card_up(struct card *c, const char *name, const struct fake_config *cfg)
{
	sluice_device *d = NULL;
	char dev[400];
	card_nodes(c, name);
	card_start(c, cfg);
	snprintf(dev, sizeof dev, "pcie:%s", c->base);
	MUST(sluice_device_open(&d, dev));
	return d;
}

static double secs(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the tests ------------------------------------------------------------------ */

static void test_open_errors(void)
{
	sluice_device *d = NULL;
	char dev[400];
	snprintf(dev, sizeof dev, "pcie:%s/none", tmpdir());
	int rc = sluice_device_open(&d, dev);
	check(status_is(rc, SLUICE_E_NO_DEVICE, "none_c2h_0", "XDMA driver", NULL) && !d,
	      "a DMA node that is not there: SLUICE_E_NO_DEVICE, naming the node");

	struct card c = {0};
	card_nodes(&c, "lonely"); /* the nodes, and nobody behind them */
	snprintf(dev, sizeof dev, "pcie:%s", c.base);
	rc = sluice_device_open(&d, dev);
	check(status_is(rc, SLUICE_E_IO, "lonely_h2c_0", "nothing is at the other end", NULL) &&
		      !d,
	      "a node with nothing behind it: SLUICE_E_IO that says so");
}

static void test_no_image(void)
{
	struct card c = {0};
	struct fake_config cfg = board_config();
	sluice_device *d = card_up(&c, "noimg", &cfg);
	sluice_module *m = NULL;
	char kind[16] = "";
	check(!sluice_device_info(d, SLUICE_INFO_TRANSPORT, kind, sizeof kind) &&
		      !strcmp(kind, "pcie"),
	      "the device's transport is \"pcie\"");
	int rc = sluice_module_load(d, board_module("uartonly.sluice", UART_IMAGE), &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "no design for a board with a PCIe host link",
			"icebreaker", NULL) && !m,
	      "a module built for a UART board only is refused on a PCIe device");
	sluice_device_close(d);
	card_stop(&c);
}

static void test_streams(void)
{
	struct card c = {0};
	struct fake_config cfg = board_config();
	sluice_device *d = card_up(&c, "xdma0", &cfg);
	sluice_module *m = NULL;
	MUST(sluice_module_load(d, board_module("ok.sluice", PCIE_IMAGE), &m));
	check(true, "the module loads on the simulated card (connect, identify, reset)");

	/* 20000 64-bit words through copy, whose FIFOs hold 8: the credits
	 * hold the host back, nothing is lost or reordered */
	double t0 = secs();
	bool ok = copy_round_trip(m, 20000, 1);
	double t = secs() - t0;
	check(ok, "20000 words of 8 bytes through a kernel with 8-word FIFOs, each back in order "
		  "(%.1f s)", t);

	int32_t args[2] = {100, -3}, x[100], y[100];
	for (int i = 0; i < 100; i++)
		x[i] = i - 50;
	ok = !sluice_kernel_start(m, "scale", args, sizeof args) &&
	     !sluice_pipe_write(m, "in", x, sizeof x) && !sluice_pipe_read(m, "out", y, sizeof y) &&
	     !sluice_kernel_wait(m, "scale", 5000);
	for (int i = 0; i < 100 && ok; i++)
		ok = y[i] == -3 * x[i];
	check(ok, "a started kernel: its arguments in the control registers, 100 words "
		  "scaled, then its completion waited for");

	/* the card's C2H channel closes (its H2C end stays, unread) while the
	 * host waits for a word: the reader thread's end of file */
	c.stop = true;
	pthread_join(c.thread, NULL);
	close(c.c2h);
	check(c.errors == 0, "the card saw no protocol trouble (%llu)",
	      (unsigned long long)c.errors);
	double t1 = secs();
	uint64_t v;
	int rc = sluice_pipe_read(m, "bulk_out", &v, sizeof v);
	double waited = secs() - t1;
	check(status_is(rc, SLUICE_E_IO, "reading", "xdma0_c2h_0", "the card's end is closed",
			NULL) && waited < 5,
	      "a C2H channel that closes while the host waits is an I/O error (after %.2f s), "
	      "not a hang", waited);
	sluice_module_close(m);
	sluice_device_close(d);
	close(c.h2c);
	c.running = false;
}

/* A card whose stream is 128 bits wide (rtl/sluice_pcie_stream.v before
 * the bridge at LINK_W = 16): the image's link_beat has the host speak
 * plain framing, and the model understands nothing else. */
static void test_plain(void)
{
	struct card c = {0};
	struct fake_config cfg = board_config();
	cfg.beat = 16;
	sluice_device *d = card_up(&c, "xdma1", &cfg);
	sluice_module *m = NULL;
	MUST(sluice_module_load(d, board_module("plain.sluice",
		"\"xdmacard\": {\"kind\": \"bitstream\", \"host_link\": \"pcie\", \"link_beat\": 16}"),
		&m));
	check(copy_round_trip(m, 20000, 5),
	      "link_beat 16: 20000 words of 8 bytes each way in plain framing on 16-byte beats");
	sluice_module_close(m);
	sluice_device_close(d);
	card_stop(&c);
	check(c.errors == 0, "the card saw no protocol trouble (%llu)",
	      (unsigned long long)c.errors);
}

/* The whole card goes away while the host waits for a word. */
static void test_card_gone(void)
{
	struct card c = {0};
	struct fake_config cfg = board_config();
	sluice_device *d = card_up(&c, "gone", &cfg);
	sluice_module *m = NULL;
	MUST(sluice_module_load(d, board_module("gone.sluice", PCIE_IMAGE), &m));
	card_stop(&c);
	double t1 = secs();
	uint64_t v;
	int rc = sluice_pipe_read(m, "bulk_out", &v, sizeof v);
	double waited = secs() - t1;
	check(status_is(rc, SLUICE_E_IO, "pcie:", "gone_", "the card's end is closed", NULL) &&
		      waited < 5,
	      "a card that goes away while the host waits is an I/O error (after %.2f s), not "
	      "a hang", waited);
	sluice_module_close(m);
	sluice_device_close(d);
}

static void test_silent(void)
{
	struct card c = {0};
	struct fake_config cfg = board_config();
	cfg.silent = true;
	setenv("SLUICE_CONNECT_US", "300000", 1);
	sluice_device *d = card_up(&c, "silent", &cfg);
	sluice_module *m = NULL;
	double t0 = secs();
	int rc = sluice_module_load(d, board_module("silent.sluice", PCIE_IMAGE), &m);
	double waited = secs() - t0;
	check(rc != SLUICE_OK && !m && waited < 5,
	      "a card that never answers: loading fails within the connect limit (%s after "
	      "%.2f s: %s)", sluice_error_name(rc), waited, sluice_last_error());
	rc = sluice_module_load(d, board_module("silent16.sluice",
		"\"xdmacard\": {\"kind\": \"bitstream\", \"host_link\": \"pcie\", \"link_beat\": 16}"),
		&m);
	check(status_is(rc, SLUICE_E_IO, "does not answer", "died in the middle", "reset button",
			NULL) && !m,
	      "in plain framing, the message names a host program that died in the middle of a "
	      "transfer as a cause, and the FPGA's reset as the cure");
	unsetenv("SLUICE_CONNECT_US");
	sluice_device_close(d);
	card_stop(&c);
}

/* The real transport and, behind the card's nodes, the RTL of the stream
 * adapter and the bridge (tests/runtime/pcie_board.cpp): words through
 * both loopbacks, started kernels, and the streams' rules kept
 * throughout. */
static void test_rtl_card(void)
{
	struct card c = {0};
	c.rtl = pcb.open();
	struct fake_config cfg = board_config();
	sluice_device *d = card_up(&c, "xdmartl", &cfg);
	sluice_module *m = NULL;
	char json[8192];
	snprintf(json, sizeof json, COSIM_MANIFEST_FMT, "ice40",
		 "\"xdmacard\": {\"kind\": \"bitstream\", \"host_link\": \"pcie\", "
		 "\"link_beat\": 16}");
	MUST(sluice_module_load(d, write_module("pciertl.sluice", json), &m));
	check(true, "the module loads through the PCIe stream adapter's RTL (connect, identify, "
		    "reset)");

	cosim_design_checks(m, 13);
	sluice_module_close(m);
	sluice_device_close(d);
	card_stop(&c);

	char rules[256];
	uint64_t cycles, h2c, c2h, packets, longest;
	pcb.counts(c.rtl, &cycles, &h2c, &c2h, &packets, &longest);
	check(pcb.stream_rules(c.rtl, rules, sizeof rules),
	      "the adapter kept the streams' rules (%s) over %llu cycles: %llu H2C beats, %llu "
	      "C2H beats in %llu packets, the longest %llu beats", rules,
	      (unsigned long long)cycles, (unsigned long long)h2c, (unsigned long long)c2h,
	      (unsigned long long)packets, (unsigned long long)longest);
	pcb.close(c.rtl);
}

int main(int argc, char **argv)
{
	(void)argc;
	/* libpcie_board.so beside this program: the RTL for test_rtl_card */
	char lib[4096], self[4096];
	if (!realpath(argv[0], self))
		snprintf(self, sizeof self, "%s", argv[0]);
	snprintf(lib, sizeof lib, "%s/libpcie_board.so", dirname(self));
	void *rtl = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (rtl) {
		*(void **)&pcb.open = dlsym(rtl, "pcb_open");
		*(void **)&pcb.xfer = dlsym(rtl, "pcb_xfer");
		*(void **)&pcb.stream_rules = dlsym(rtl, "pcb_stream_rules");
		*(void **)&pcb.counts = dlsym(rtl, "pcb_counts");
		*(void **)&pcb.close = dlsym(rtl, "pcb_close");
	}
	if (!pcb.open || !pcb.xfer || !pcb.stream_rules || !pcb.counts || !pcb.close) {
		check(false, "cannot load %s: %s", lib, rtl ? "a function is missing" : dlerror());
		return finish();
	}
	test_open_errors();
	test_no_image();
	test_streams();
	test_plain();
	test_card_gone();
	test_silent();
	test_rtl_card();
	return finish();
}
