/*
 * tests/runtime/test_api_usb.c -- libsluice's USB transport
 * (runtime/device/usb.c) on a simulated USB bus: the transport loads
 * libfake_usb.so (tests/runtime/fake_libusb.c) in place of libusb, whose
 * FT232H has the C model of the device side of the host link
 * (fake_device.c) and its kernels on its FIFO side.  What runs is the real
 * transport (device search, the chip's set-up, asynchronous bulk
 * transfers several at a time, the modem-status bytes taken off each
 * packet, the error paths), the link and everything above it; what does
 * not is libusb, a USB stack and a chip.  test_rtl_board puts RTL behind
 * the chip instead of the C model: the FT245 PHY, the bridge and loopback
 * pipes, verilated (libft_board.so, tests/runtime/ft_board.cpp).
 */
#include "board_module.h"
#include "cosim_manifest.h"
#include "fake_libusb.h"

#include <dlfcn.h>
#include <libgen.h>
#include <libusb-1.0/libusb.h>
#include <time.h>

#define USB_IMAGE "\"fifoboard\": {\"kind\": \"bitstream\", \"host_link\": \"ft245\"}"
/* a design whose FIFO PHY packs the chip's bytes into the bridge's 8-byte
 * beats (rtl/sluice_ft245_phy.v): plain framing, proto.h section 2b */
#define USB_IMAGE_BEAT8 \
	"\"fifoboard\": {\"kind\": \"bitstream\", \"host_link\": \"ft245\", \"link_beat\": 8}"

/* ---- the board behind the chip: the C model, stepped by libusb's events --------- */

static struct sluice_transport *board;
static struct fake_usb_peer bus;
static void (*attach_bus)(struct fake_usb_peer *); /* libfake_usb.so's fake_usb_attach */

static void fifo(void *user, const uint8_t *in, size_t n, size_t *taken, uint8_t *out,
		 size_t cap, size_t *got)
{
	(void)user;
	*taken = *got = 0;
	if (board)
		fake_transport_ops.xfer(board, in, n, taken, out, cap, got, 64);
}

/* A fresh bus of ndevices chips, the model behind each with configuration
 * c (silent: it never answers; beat: its link's plain framing, 0 the byte
 * framing). */
static void bus_up_beat(unsigned ndevices, bool silent, unsigned beat)
{
	if (board)
		fake_transport_ops.close(board);
	board = NULL;
	struct fake_config c = board_config();
	c.silent = silent;
	c.beat = beat;
	memset(&sc, 0, sizeof sc);
	fake_configure(&c);
	char *name;
	struct rt_timing timing;
	if (fake_transport_ops.open(&board, "", &name) ||
	    fake_transport_ops.load(board, NULL, &timing)) {
		printf("cannot make the fake board\n");
		exit(1);
	}
	free(name);
	memset(&bus, 0, sizeof bus);
	bus.ndevices = ndevices;
	bus.fifo = fifo;
	attach_bus(&bus);
}

static void bus_up(unsigned ndevices, bool silent)
{
	bus_up_beat(ndevices, silent, 0);
}

static double secs(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the tests ------------------------------------------------------------------ */

static void test_find(void)
{
	sluice_device *d = NULL;
	bus_up(0, false);
	int rc = sluice_device_open(&d, "usb:0403:6014");
	check(status_is(rc, SLUICE_E_NO_DEVICE, "no USB device 0403:6014 is plugged in", NULL) &&
		      !d,
	      "no such device on the bus: SLUICE_E_NO_DEVICE");

	bus_up(2, false);
	rc = sluice_device_open(&d, "usb:0403:6014");
	check(status_is(rc, SLUICE_E_INVALID_ARG, "2 devices", "'FT0001', 'FT0002'",
			"usb:0403:6014:SERIAL", NULL) && !d,
	      "two chips and no serial: an error that lists the serials");
	rc = sluice_device_open(&d, "usb:0403:6014:FT0009");
	check(status_is(rc, SLUICE_E_NO_DEVICE, "no 0403:6014 has serial 'FT0009'", "'FT0002'",
			NULL) && !d,
	      "a serial that no chip has: SLUICE_E_NO_DEVICE, with the serials there");
	rc = sluice_device_open(&d, "usb:0403:6014:FT0002");
	char kind[16] = "";
	check(rc == SLUICE_OK && !sluice_device_info(d, SLUICE_INFO_TRANSPORT, kind, sizeof kind) &&
		      !strcmp(kind, "usb") && bus.bitmode == 0x40 && bus.latency == 2 &&
		      bus.flow == 0x101,
	      "the chip named by its serial opens, set to synchronous FIFO mode (bit mode "
	      "0x%x, latency %u ms, flow control 0x%x)", bus.bitmode, bus.latency, bus.flow);
	sluice_module *m = NULL;
	rc = sluice_module_load(d, board_module("uartonly.sluice", UART_IMAGE), &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "no design for a board with a USB FIFO host link",
			"icebreaker", NULL) && !m,
	      "a module built for a UART board only is refused on a USB device");
	sluice_device_close(d);
	d = NULL;

	bus_up(1, false);
	bus.open_error = LIBUSB_ERROR_ACCESS;
	rc = sluice_device_open(&d, "usb:0403:6014");
	check(status_is(rc, SLUICE_E_IO, "cannot open it", "udev rule", NULL) && !d,
	      "a chip this user may not open: SLUICE_E_IO that says why");
	bus.open_error = 0;
	bus.busy = true;
	rc = sluice_device_open(&d, "usb:0403:6014");
	check(status_is(rc, SLUICE_E_IO, "cannot claim", "another program", NULL) && !d,
	      "a chip another program holds: SLUICE_E_IO");
}

static void test_streams(void)
{
	bus_up(1, false);
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	MUST(sluice_module_load(d, board_module("ok.sluice", USB_IMAGE), &m));
	check(true, "the module loads over the simulated chip (connect, identify, reset)");

	bool ok = copy_round_trip(m, 20000, 7);
	check(ok, "20000 words of 8 bytes through a kernel with 8-word FIFOs, each back in order "
		  "(%llu bytes in and %llu out of the chip's FIFO)",
	      (unsigned long long)bus.bytes_in, (unsigned long long)bus.bytes_out);

	int32_t args[2] = {100, 7}, x[100], y[100];
	for (int i = 0; i < 100; i++)
		x[i] = 3 * i - 150;
	ok = !sluice_kernel_start(m, "scale", args, sizeof args) &&
	     !sluice_pipe_write(m, "in", x, sizeof x) && !sluice_pipe_read(m, "out", y, sizeof y) &&
	     !sluice_kernel_wait(m, "scale", 5000);
	for (int i = 0; i < 100 && ok; i++)
		ok = y[i] == 7 * x[i];
	check(ok, "a started kernel: its arguments, 100 words scaled, its completion");
	check(bus.status_only > 0,
	      "packets of modem-status bytes alone came in (%llu) and carried nothing into the "
	      "link", (unsigned long long)bus.status_only);
	check(fake_errors(fake_current()) == 0, "the board saw no protocol trouble");

	/* the board is pulled out while the host waits for a word */
	bus.unplugged = true;
	double t0 = secs();
	uint64_t v;
	int rc = sluice_pipe_read(m, "bulk_out", &v, sizeof v);
	double waited = secs() - t0;
	check(status_is(rc, SLUICE_E_IO, "usb:0403:6014", "unplugged", NULL) && waited < 5,
	      "a board pulled out while the host waits is an I/O error (after %.2f s)", waited);
	sluice_module_close(m);
	sluice_device_close(d);
}

static void test_out_error(void)
{
	bus_up(1, false);
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	MUST(sluice_module_load(d, board_module("err.sluice", USB_IMAGE), &m));
	bus.out_error = true;
	uint64_t w[64] = {1};
	int rc = sluice_pipe_write(m, "bulk_in", w, sizeof w);
	if (rc == SLUICE_OK) /* the words may have gone before the transfer failed */
		rc = sluice_pipe_read(m, "bulk_out", w, sizeof w);
	check(status_is(rc, SLUICE_E_IO, "a transfer to the board", "transfer error", NULL),
	      "a bulk OUT transfer that fails is an I/O error");
	sluice_module_close(m);
	sluice_device_close(d);
}

/* A design whose link moves 8-byte beats: the host speaks plain framing
 * because the image says so, and the model understands nothing else. */
static void test_plain(void)
{
	bus_up_beat(1, false, 8);
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	MUST(sluice_module_load(d, board_module("plain.sluice", USB_IMAGE_BEAT8), &m));
	bool ok = copy_round_trip(m, 20000, 3);
	check(ok && bus.bytes_in % 8 == 0,
	      "link_beat 8: 20000 words of 8 bytes each way in plain framing, whole beats into "
	      "the chip (%llu bytes in, %llu out)",
	      (unsigned long long)bus.bytes_in, (unsigned long long)bus.bytes_out);
	check(fake_errors(fake_current()) == 0, "the board saw no protocol trouble");
	sluice_module_close(m);
	sluice_device_close(d);
	m = NULL;

	/* the same image on a board whose link is the byte link: the two
	 * framings do not meet, and loading says so within the limit */
	bus_up_beat(1, false, 0);
	setenv("SLUICE_CONNECT_US", "300000", 1);
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	int rc = sluice_module_load(d, board_module("plain2.sluice", USB_IMAGE_BEAT8), &m);
	check(status_is(rc, SLUICE_E_IO, "does not answer", NULL) && !m &&
		      !strstr(sluice_last_error(), "died in the middle"),
	      "a link_beat image on a byte-framed board does not connect, and the message does "
	      "not name a host that died mid-transfer (an FT245 board drops its frames when "
	      "the chip is opened)");
	unsetenv("SLUICE_CONNECT_US");
	sluice_device_close(d);
	d = NULL;

	MUST(sluice_device_open(&d, "usb:0403:6014"));
	rc = sluice_module_load(d, board_module("badbeat.sluice",
		"\"fifoboard\": {\"kind\": \"bitstream\", \"host_link\": \"ft245\", \"link_beat\": 12}"), &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "link_beat", "power of two", NULL) && !m,
	      "a link_beat that is no power of two is refused");
	sluice_device_close(d);
}

/* ---- the RTL behind the chip ------------------------------------------------ */

/* libft_board.so (ft_board.cpp): the design's RTL behind the FT245 PHY */
static struct {
	void *(*open)(void);
	void (*fifo)(void *, const uint8_t *, size_t, size_t *, uint8_t *, size_t, size_t *);
	int (*bus_rules)(void *, char *, size_t);
	void (*counts)(void *, uint64_t *, uint64_t *, uint64_t *);
	void (*mode)(void *, unsigned);
	void (*purge)(void *, unsigned);
	void (*tx_room)(void *, size_t);
	void (*close)(void *);
} ftb;

/* fake_libusb's chip with the RTL of libft_board.so on its FIFO side */
static void *rtl_bus_up(void)
{
	if (board)
		fake_transport_ops.close(board);
	board = NULL;
	void *b = ftb.open();
	memset(&bus, 0, sizeof bus);
	bus.ndevices = 1;
	bus.fifo = ftb.fifo;
	bus.mode = ftb.mode;
	bus.purge = ftb.purge;
	bus.user = b;
	attach_bus(&bus);
	return b;
}

/* cosim_top.v's design: loopbacks from in0 to out0 and, xor the spec
 * constant, from in1 to out1; kernel "count" busy for n cycles, "nop" for
 * 3 */
static const char *rtl_module(const char *name)
{
	static char json[8192];
	snprintf(json, sizeof json, COSIM_MANIFEST_FMT, "ice40",
		 "\"ftboard\": {\"kind\": \"bitstream\", \"host_link\": \"ft245\", \"link_beat\": 8}");
	return write_module(name, json);
}

/* The real transport, fake_libusb's chip and, on its FIFO side, the RTL of
 * the PHY and the bridge (tests/runtime/ft_board.cpp): words through both
 * loopbacks, a started kernel, and the bus rules of the chip's data sheet
 * kept throughout. */
static void test_rtl_board(void)
{
	void *b = rtl_bus_up();
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	MUST(sluice_module_load(d, rtl_module("ftrtl.sluice"), &m));
	check(true, "the module loads through the FT245 PHY's RTL (connect, identify, reset)");

	cosim_design_checks(m, 11);

	char rules[256];
	uint64_t cycles, reads, writes;
	ftb.counts(b, &cycles, &reads, &writes);
	check(ftb.bus_rules(b, rules, sizeof rules),
	      "the PHY kept the FIFO bus's rules (%s) over %llu cycles of the bridge's clock, "
	      "%llu bytes read from the chip and %llu written to it", rules,
	      (unsigned long long)cycles, (unsigned long long)reads, (unsigned long long)writes);
	sluice_module_close(m);
	sluice_device_close(d);
	attach_bus(NULL);
	ftb.close(b);
}

/* A host program killed in the middle of a transfer each way, and the
 * next host program on the same board: opening the chip stops its clock
 * for a while, the PHY finds the link down and the bridge drops the
 * frames under way (rtl/sluice_ft245_phy.v), so the new host's words go
 * through exactly, where before it met the rest of the dead host's frames
 * and could not connect until the FPGA was reset. */
static void test_rtl_restart(void)
{
	void *b = rtl_bus_up();
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	MUST(sluice_module_load(d, rtl_module("ftdead.sluice"), &m));

	/* the first host: nobody takes the chip's bytes after the next 100
	 * (the device's frames stop in the middle, and in a beat), and it
	 * dies with its second write 51 bytes on the wire (6 beats and 3
	 * bytes of a frame's 88) */
	ftb.tx_room(b, 100);
	uint32_t w[40];
	for (unsigned i = 0; i < 40; i++)
		w[i] = 0xdead0000u + i;
	bool ok = !sluice_pipe_write(m, "in0", w, sizeof w), got = false;
	for (unsigned i = 0; i < 20 && ok; i++)
		ok = !sluice_pipe_read_nb(m, "out0", w, sizeof w, &got) && !got;
	bus.dying = true;
	bus.out_keep = 51;
	ok = ok && !sluice_pipe_write(m, "in0", w, 20 * sizeof *w);
	for (unsigned i = 0; i < 20 && ok; i++)
		ok = !sluice_pipe_read_nb(m, "out0", w, sizeof w, &got) && !got;
	uint64_t cycles, reads, writes;
	ftb.counts(b, &cycles, &reads, &writes);
	check(ok && bus.out_keep == 0 && bus.bytes_in % 8 == 3,
	      "a host dies with a frame half sent each way (%llu bytes to the board, %llu "
	      "from it; the chip took %llu bytes from the FPGA)",
	      (unsigned long long)bus.bytes_in, (unsigned long long)bus.bytes_out,
	      (unsigned long long)writes);
	sluice_module_close(m);
	sluice_device_close(d);
	m = NULL;
	d = NULL;
	bus.dying = false;

	/* the next host */
	int rc = sluice_device_open(&d, "usb:0403:6014");
	if (!rc)
		rc = sluice_module_load(d, rtl_module("ftnext.sluice"), &m);
	check(rc == SLUICE_OK, "the next host program opens the board and loads (%s)",
	      rc ? sluice_last_error() : "connect, identify, reset");
	if (!rc)
		check(round_trip(m, "in0", "out0", 4, 3000, 77, 500),
		      "3000 words through in0 and back from out0, each as sent: nothing of the "
		      "dead host's frames delivered");
	char rules[256];
	check(ftb.bus_rules(b, rules, sizeof rules), "the PHY kept the FIFO bus's rules (%s)",
	      rules);
	sluice_module_close(m);
	sluice_device_close(d);
	attach_bus(NULL);
	ftb.close(b);
}

static void test_silent(void)
{
	bus_up(1, true);
	setenv("SLUICE_CONNECT_US", "300000", 1);
	sluice_device *d = NULL;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "usb:0403:6014"));
	double t0 = secs();
	int rc = sluice_module_load(d, board_module("silent.sluice", USB_IMAGE), &m);
	double waited = secs() - t0;
	check(status_is(rc, SLUICE_E_IO, "does not answer", NULL) && !m && waited < 5 &&
		      !strstr(sluice_last_error(), "died in the middle"),
	      "a board that never answers: loading fails within the connect limit (%.2f s), "
	      "the byte link's message without the plain framing's cause",
	      waited);
	unsetenv("SLUICE_CONNECT_US");
	sluice_device_close(d);
}

int main(int argc, char **argv)
{
	(void)argc;
	/* libfake_usb.so beside this program, in place of libusb */
	char lib[4096], self[4096];
	if (!realpath(argv[0], self))
		snprintf(self, sizeof self, "%s", argv[0]);
	char dir[3900];
	snprintf(dir, sizeof dir, "%s", dirname(self));
	snprintf(lib, sizeof lib, "%s/libfake_usb.so", dir);
	void *so = dlopen(lib, RTLD_NOW);
	if (so)
		*(void **)&attach_bus = dlsym(so, "fake_usb_attach");
	if (!attach_bus) {
		check(false, "cannot load %s: %s", lib, dlerror());
		return finish();
	}
	setenv("SLUICE_LIBUSB", lib, 1);
	/* libft_board.so beside it: the RTL for test_rtl_board */
	snprintf(lib, sizeof lib, "%s/libft_board.so", dir);
	void *rtl = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (rtl) {
		*(void **)&ftb.open = dlsym(rtl, "ftb_open");
		*(void **)&ftb.fifo = dlsym(rtl, "ftb_fifo");
		*(void **)&ftb.bus_rules = dlsym(rtl, "ftb_bus_rules");
		*(void **)&ftb.counts = dlsym(rtl, "ftb_counts");
		*(void **)&ftb.mode = dlsym(rtl, "ftb_mode");
		*(void **)&ftb.purge = dlsym(rtl, "ftb_purge");
		*(void **)&ftb.tx_room = dlsym(rtl, "ftb_tx_room");
		*(void **)&ftb.close = dlsym(rtl, "ftb_close");
	}
	if (!ftb.open || !ftb.fifo || !ftb.bus_rules || !ftb.counts || !ftb.mode || !ftb.purge ||
	    !ftb.tx_room || !ftb.close) {
		check(false, "cannot load %s: %s", lib, rtl ? "a function is missing" : dlerror());
		return finish();
	}
	test_find();
	test_streams();
	test_out_error();
	test_plain();
	test_rtl_board();
	test_rtl_restart();
	test_silent();
	if (board)
		fake_transport_ops.close(board);
	return finish();
}
