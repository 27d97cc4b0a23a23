/*
 * device/usb.c -- the USB transport, "usb:VID:PID[:SERIAL]": a board whose
 * host bridge sits behind an FTDI FT232H or FT2232H (channel A) in
 * synchronous 245 FIFO mode, reached with libusb.
 *
 * Opening finds the device by its ids (and serial number, when given;
 * two devices of one kind without it are an error that lists their
 * serials), takes its interface from the kernel's serial driver, and sets
 * the chip up as FTDI's application note AN_130 and libftdi do: the bit
 * mode reset (the chip's FIFO clock stops for 5 ms: the FPGA drops the
 * frames a host killed mid-transfer left under way), reset, both buffers
 * purged, a 2 ms latency timer, and the bit mode set to synchronous FIFO
 * (0x40) with RTS/CTS flow control.  The link over
 * it is the UART's byte stream (runtime/link/proto.h), lossless here.
 *
 * Bytes from the board: IN_XFERS bulk transfers of IN_BYTES are always in
 * flight (the chip answers each 512-byte packet with 2 modem-status bytes
 * first, which are taken off); what comes in waits in a buffer for xfer.
 * Bytes to the board: up to OUT_XFERS bulk transfers in flight, each with
 * a timeout, so that a board that stops taking bytes is an error.  libusb's
 * events run inside xfer, within its budget: an unplugged board (a
 * transfer's NO_DEVICE), a transfer error or timeout is an error to the
 * caller, never a hang.
 *
 * libusb-1.0 is loaded when a USB device is opened ($SLUICE_LIBUSB names
 * another library of the same interface: the tests' simulated FT232H), so
 * that programs that never use USB do not need it.
 *
 * Loading a module picks its image for a board whose host link is an
 * FT245-style FIFO (a bitstream image whose "host_link" is "ft245"); the
 * bitstream must be on the board already: the link's identify exchange
 * then checks that it is this module's design.  The image's "link_beat"
 * (8 for rtl/sluice_ft245_phy.v's beats) has the link speak plain framing
 * (proto.h section 2b); without one it speaks the byte framing.  Ticks
 * are microseconds.  The FT601 (USB 3, 32 bits) speaks another protocol (FTDI's D3XX) and is
 * not supported.
 */
#define _GNU_SOURCE
#include "../internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <libusb-1.0/libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define IN_XFERS 4
#define IN_BYTES 16384	   /* 32 packets */
#define OUT_XFERS 2
#define OUT_BYTES 16384
#define OUT_TIMEOUT_MS 2000
#define PACKET 512	   /* high-speed bulk packet; 2 status bytes each */
#define RX_BUF (1u << 20)
#define CLOCK_STOP_NS 5000000	/* the chip out of FIFO mode: 5 times the FPGA's limit */

/* FTDI vendor requests (AN_130, libftdi's ftdi.h) */
#define FTDI_OUT_REQTYPE 0x40
#define SIO_RESET 0x00
#define SIO_SET_FLOW_CTRL 0x02
#define SIO_SET_LATENCY_TIMER 0x09
#define SIO_SET_BITMODE 0x0B
#define SIO_RESET_SIO 0
#define SIO_RESET_PURGE_RX 1
#define SIO_RESET_PURGE_TX 2
#define SIO_RTS_CTS_HS (0x1 << 8)
#define BITMODE_RESET 0x00
#define BITMODE_SYNCFF 0x40
#define INTERFACE_A 1	   /* wIndex of channel A */
#define EP_IN 0x81
#define EP_OUT 0x02

/* The libusb functions used, from the library loaded. */
struct usb_api {
	void *so;
	int (*init)(libusb_context **);
	void (*exit)(libusb_context *);
	ssize_t (*get_device_list)(libusb_context *, libusb_device ***);
	void (*free_device_list)(libusb_device **, int);
	int (*get_device_descriptor)(libusb_device *, struct libusb_device_descriptor *);
	int (*open)(libusb_device *, libusb_device_handle **);
	void (*close)(libusb_device_handle *);
	int (*get_string_descriptor_ascii)(libusb_device_handle *, uint8_t, unsigned char *, int);
	int (*set_auto_detach_kernel_driver)(libusb_device_handle *, int);
	int (*claim_interface)(libusb_device_handle *, int);
	int (*release_interface)(libusb_device_handle *, int);
	int (*control_transfer)(libusb_device_handle *, uint8_t, uint8_t, uint16_t, uint16_t,
				unsigned char *, uint16_t, unsigned int);
	struct libusb_transfer *(*alloc_transfer)(int);
	void (*free_transfer)(struct libusb_transfer *);
	int (*submit_transfer)(struct libusb_transfer *);
	int (*cancel_transfer)(struct libusb_transfer *);
	int (*handle_events_timeout_completed)(libusb_context *, struct timeval *, int *);
	const char *(*error_name)(int);
};

struct sluice_transport {
	struct usb_api api;
	libusb_context *ctx;
	libusb_device_handle *h;
	bool claimed;
	char *name;			/* VID:PID[:SERIAL] */
	struct libusb_transfer *in[IN_XFERS], *out[OUT_XFERS];
	bool in_busy[IN_XFERS], out_busy[OUT_XFERS];
	uint8_t *rx;			/* ring of RX_BUF bytes from the board */
	size_t rx_head, rx_n;
	int err;			/* the first failed transfer's status, or 0 */
	const char *err_dir;		/* "from" or "to" the board */
};

static int usb_load_api(struct usb_api *a, const char *dev)
{
	const char *lib = getenv("SLUICE_LIBUSB");
	if (!lib || !*lib)
		lib = "libusb-1.0.so.0";
	a->so = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (!a->so)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "device 'usb:%s': cannot load %s (%s); "
			      "install libusb (Debian: libusb-1.0-0)", dev, lib, dlerror());
#define SYM(f)                                                                             \
	if (!(*(void **)&a->f = dlsym(a->so, "libusb_" #f)))                               \
		return rt_err(SLUICE_E_NOT_SUPPORTED, "device 'usb:%s': %s has no libusb_%s", \
			      dev, lib, #f);
	SYM(init) SYM(exit) SYM(get_device_list) SYM(free_device_list)
	SYM(get_device_descriptor) SYM(open) SYM(close) SYM(get_string_descriptor_ascii)
	SYM(set_auto_detach_kernel_driver) SYM(claim_interface) SYM(release_interface)
	SYM(control_transfer) SYM(alloc_transfer) SYM(free_transfer) SYM(submit_transfer)
	SYM(cancel_transfer) SYM(handle_events_timeout_completed) SYM(error_name)
#undef SYM
	return SLUICE_OK;
}

static const char *status_name(int st)
{
	switch (st) {
	case LIBUSB_TRANSFER_ERROR: return "a transfer error";
	case LIBUSB_TRANSFER_TIMED_OUT: return "a timeout (the board takes no bytes)";
	case LIBUSB_TRANSFER_STALL: return "a stalled endpoint";
	case LIBUSB_TRANSFER_NO_DEVICE: return "no device (unplugged?)";
	case LIBUSB_TRANSFER_OVERFLOW: return "an overflow";
	default: return "an unknown transfer status";
	}
}

static void in_done(struct libusb_transfer *x);
static void out_done(struct libusb_transfer *x);

/* Runs libusb's events for at most us microseconds. */
static void events(struct sluice_transport *t, uint64_t us)
{
	struct timeval tv = {.tv_sec = (time_t)(us / 1000000),
			     .tv_usec = (suseconds_t)(us % 1000000)};
	t->api.handle_events_timeout_completed(t->ctx, &tv, NULL);
}

static bool any_busy(const struct sluice_transport *t)
{
	for (int i = 0; i < IN_XFERS; i++)
		if (t->in_busy[i])
			return true;
	for (int i = 0; i < OUT_XFERS; i++)
		if (t->out_busy[i])
			return true;
	return false;
}

static void usb_free(struct sluice_transport *t)
{
	if (t->ctx) {
		for (int i = 0; i < IN_XFERS; i++)
			if (t->in_busy[i])
				t->api.cancel_transfer(t->in[i]);
		for (int i = 0; i < OUT_XFERS; i++)
			if (t->out_busy[i])
				t->api.cancel_transfer(t->out[i]);
		/* the cancelled transfers' callbacks, a second at most */
		for (int k = 0; k < 100 && any_busy(t); k++)
			events(t, 10000);
		for (int i = 0; i < IN_XFERS; i++)
			if (t->in[i] && !t->in_busy[i]) {
				free(t->in[i]->buffer);
				t->api.free_transfer(t->in[i]);
			}
		for (int i = 0; i < OUT_XFERS; i++)
			if (t->out[i] && !t->out_busy[i]) {
				free(t->out[i]->buffer);
				t->api.free_transfer(t->out[i]);
			}
		if (t->h) {
			if (t->claimed) {
				t->api.control_transfer(t->h, FTDI_OUT_REQTYPE, SIO_SET_BITMODE,
							BITMODE_RESET << 8, INTERFACE_A, NULL, 0,
							100);
				t->api.release_interface(t->h, 0);
			}
			t->api.close(t->h);
		}
		t->api.exit(t->ctx);
	}
	if (t->api.so)
		dlclose(t->api.so);
	free(t->rx);
	free(t->name);
	free(t);
}

/* Finds and opens the device: the one with the ids, and the serial when
 * given; *h NULL and an error otherwise. */
static int find(struct sluice_transport *t, unsigned vid, unsigned pid, const char *serial)
{
	struct usb_api *a = &t->api;
	libusb_device **list;
	ssize_t n = a->get_device_list(t->ctx, &list);
	if (n < 0)
		return rt_err(SLUICE_E_IO, "device 'usb:%s': cannot list USB devices: %s", t->name,
			      a->error_name((int)n));
	char seen[256] = "";
	size_t ns = 0;
	unsigned matches = 0;
	int rc = SLUICE_OK;
	for (ssize_t i = 0; i < n && !rc; i++) {
		struct libusb_device_descriptor dd;
		if (a->get_device_descriptor(list[i], &dd) || dd.idVendor != vid ||
		    dd.idProduct != pid)
			continue;
		libusb_device_handle *h;
		int e = a->open(list[i], &h);
		if (e) {
			rc = rt_err(SLUICE_E_IO, "device 'usb:%s': cannot open it: %s%s", t->name,
				    a->error_name(e), e == LIBUSB_ERROR_ACCESS ?
				    " (does this user have access? a udev rule can grant it)" : "");
			break;
		}
		unsigned char sn[128] = "";
		if (dd.iSerialNumber)
			a->get_string_descriptor_ascii(h, dd.iSerialNumber, sn, sizeof sn);
		if (ns < sizeof seen)
			ns += (size_t)snprintf(seen + ns, sizeof seen - ns, "%s'%s'", ns ? ", " : "",
					       sn);
		bool want = !serial || !strcmp(serial, (const char *)sn);
		if (want && !t->h)
			t->h = h;
		else
			a->close(h);
		matches += want;
	}
	a->free_device_list(list, 1);
	if (!rc && matches > 1)
		rc = rt_err(SLUICE_E_INVALID_ARG, "device 'usb:%s': %u devices %04x:%04x are "
			    "plugged in (serials %s); name one: usb:%04x:%04x:SERIAL", t->name,
			    matches, vid, pid, seen, vid, pid);
	else if (!rc && !matches)
		rc = ns ? rt_err(SLUICE_E_NO_DEVICE, "device 'usb:%s': no %04x:%04x has serial "
				 "'%s' (there: %s)", t->name, vid, pid, serial, seen)
			: rt_err(SLUICE_E_NO_DEVICE, "device 'usb:%s': no USB device %04x:%04x is "
				 "plugged in", t->name, vid, pid);
	if (rc && t->h) {
		a->close(t->h);
		t->h = NULL;
	}
	return rc;
}

static int ftdi_request(struct sluice_transport *t, uint8_t req, uint16_t value,
			const char *what)
{
	int e = t->api.control_transfer(t->h, FTDI_OUT_REQTYPE, req, value, INTERFACE_A, NULL, 0,
					1000);
	if (e < 0)
		return rt_err(SLUICE_E_IO, "device 'usb:%s': %s failed: %s", t->name, what,
			      t->api.error_name(e));
	return SLUICE_OK;
}

static int submit_in(struct sluice_transport *t, int i)
{
	int e = t->api.submit_transfer(t->in[i]);
	if (e) {
		if (!t->err) {
			t->err = e == LIBUSB_ERROR_NO_DEVICE ? LIBUSB_TRANSFER_NO_DEVICE
							     : LIBUSB_TRANSFER_ERROR;
			t->err_dir = "from";
		}
		return e;
	}
	t->in_busy[i] = true;
	return 0;
}

static int usb_open(struct sluice_transport **out, const char *arg, char **board)
{
	unsigned vid, pid;
	int used = 0;
	sscanf(arg, "%x:%x%n", &vid, &pid, &used); /* device.c checked the syntax */
	const char *serial = arg[used] == ':' ? arg + used + 1 : NULL;
	struct sluice_transport *t = calloc(1, sizeof *t);
	if (!t || !(t->name = strdup(arg)) || !(t->rx = malloc(RX_BUF)) ||
	    !(*board = strdup("usb"))) {
		if (t) {
			free(t->name);
			free(t->rx);
		}
		free(t);
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening device 'usb:%s'", arg);
	}
	int rc = usb_load_api(&t->api, arg);
	if (!rc) {
		int e = t->api.init(&t->ctx);
		if (e) {
			t->ctx = NULL;
			rc = rt_err(SLUICE_E_IO, "device 'usb:%s': libusb: %s", arg,
				    t->api.error_name(e));
		}
	}
	if (!rc)
		rc = find(t, vid, pid, serial);
	if (!rc) {
		t->api.set_auto_detach_kernel_driver(t->h, 1);
		int e = t->api.claim_interface(t->h, 0);
		if (e)
			rc = rt_err(SLUICE_E_IO, "device 'usb:%s': cannot claim its interface: %s%s",
				    arg, t->api.error_name(e), e == LIBUSB_ERROR_BUSY ?
				    " (another program has it)" : "");
		else
			t->claimed = true;
	}
	/* AN_130: the chip into synchronous FIFO mode, out of it first for
	 * long enough that the FPGA sees its FIFO clock stop (a millisecond,
	 * rtl/sluice_ft245_phy.v) and drops whatever frames the last host
	 * left under way, each way; the buffers purged after that, so that
	 * both sides start on a frame's first byte */
	if (!rc)
		rc = ftdi_request(t, SIO_SET_BITMODE, BITMODE_RESET << 8 | 0xff,
				  "resetting its bit mode");
	if (!rc)
		nanosleep(&(struct timespec){0, CLOCK_STOP_NS}, NULL);
	if (!rc)
		rc = ftdi_request(t, SIO_RESET, SIO_RESET_SIO, "resetting the FTDI chip");
	if (!rc)
		rc = ftdi_request(t, SIO_RESET, SIO_RESET_PURGE_RX, "purging its receive buffer");
	if (!rc)
		rc = ftdi_request(t, SIO_RESET, SIO_RESET_PURGE_TX, "purging its send buffer");
	if (!rc)
		rc = ftdi_request(t, SIO_SET_LATENCY_TIMER, 2, "setting its latency timer");
	if (!rc)
		rc = ftdi_request(t, SIO_SET_BITMODE, BITMODE_SYNCFF << 8 | 0xff,
				  "setting synchronous FIFO mode");
	if (!rc) {
		int e = t->api.control_transfer(t->h, FTDI_OUT_REQTYPE, SIO_SET_FLOW_CTRL, 0,
						SIO_RTS_CTS_HS | INTERFACE_A, NULL, 0, 1000);
		if (e < 0)
			rc = rt_err(SLUICE_E_IO, "device 'usb:%s': setting flow control failed: %s",
				    arg, t->api.error_name(e));
	}
	for (int i = 0; !rc && i < IN_XFERS + OUT_XFERS; i++) {
		bool in = i < IN_XFERS;
		struct libusb_transfer *x = t->api.alloc_transfer(0);
		unsigned char *buf = malloc(in ? IN_BYTES : OUT_BYTES);
		if (!x || !buf) {
			free(buf);
			if (x)
				t->api.free_transfer(x);
			rc = rt_err(SLUICE_E_NO_MEM, "out of memory opening device 'usb:%s'", arg);
			break;
		}
		libusb_fill_bulk_transfer(x, t->h, in ? EP_IN : EP_OUT, buf,
					  in ? IN_BYTES : OUT_BYTES, in ? in_done : out_done,
					  t, in ? 0 : OUT_TIMEOUT_MS);
		if (in)
			t->in[i] = x;
		else
			t->out[i - IN_XFERS] = x;
	}
	for (int i = 0; !rc && i < IN_XFERS; i++)
		if (submit_in(t, i))
			rc = rt_err(SLUICE_E_IO, "device 'usb:%s': cannot start reading: %s", arg,
				    status_name(t->err));
	if (rc) {
		free(*board);
		*board = NULL;
		usb_free(t);
		return rc;
	}
	*out = t;
	return SLUICE_OK;
}

/* A bulk IN transfer came back: its packets' payloads (each packet's first
 * two bytes are the chip's modem status) into the buffer, and it goes out
 * again while the buffer has room for a whole one. */
static void in_done(struct libusb_transfer *x)
{
	struct sluice_transport *t = x->user_data;
	int i = 0;
	while (t->in[i] != x)
		i++;
	t->in_busy[i] = false;
	if (x->status == LIBUSB_TRANSFER_CANCELLED)
		return;
	if (x->status != LIBUSB_TRANSFER_COMPLETED) {
		if (!t->err) {
			t->err = x->status;
			t->err_dir = "from";
		}
		return;
	}
	for (int p = 0; p < x->actual_length; p += PACKET) {
		int end = p + PACKET < x->actual_length ? p + PACKET : x->actual_length;
		for (int k = p + 2; k < end; k++)
			t->rx[(t->rx_head + t->rx_n++) % RX_BUF] = x->buffer[k];
	}
	if (RX_BUF - t->rx_n >= IN_BYTES)
		submit_in(t, i);
}

static void out_done(struct libusb_transfer *x)
{
	struct sluice_transport *t = x->user_data;
	int i = 0;
	while (t->out[i] != x)
		i++;
	t->out_busy[i] = false;
	if (x->status == LIBUSB_TRANSFER_CANCELLED)
		return;
	if (!t->err && (x->status != LIBUSB_TRANSFER_COMPLETED || x->actual_length < x->length)) {
		t->err = x->status == LIBUSB_TRANSFER_COMPLETED ? LIBUSB_TRANSFER_ERROR : x->status;
		t->err_dir = "to";
	}
}

static void usb_close(struct sluice_transport *t)
{
	usb_free(t);
}

static int usb_load(struct sluice_transport *t, const struct sluice_module *m,
		     struct rt_timing *timing)
{
	char dev[300];
	snprintf(dev, sizeof dev, "usb:%s", t->name);
	return rt_link_image(m, "ft245", "USB FIFO", dev, timing);
}

static int usb_xfer(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		    uint8_t *rx, size_t cap, size_t *got, uint64_t budget)
{
	size_t s = 0, g = 0;
	uint64_t end = rt_clock_us(t) + budget;
	for (;;) {
		for (int i = 0; i < OUT_XFERS && s < ntx && !t->err; i++) {
			if (t->out_busy[i])
				continue;
			struct libusb_transfer *x = t->out[i];
			size_t n = ntx - s < OUT_BYTES ? ntx - s : OUT_BYTES;
			memcpy(x->buffer, tx + s, n);
			x->length = (int)n;
			int e = t->api.submit_transfer(x);
			if (e)
				return rt_err(SLUICE_E_IO, "device 'usb:%s': writing to the board "
					      "failed: %s%s", t->name, t->api.error_name(e),
					      e == LIBUSB_ERROR_NO_DEVICE ? " (unplugged?)" : "");
			t->out_busy[i] = true;
			s += n;
		}
		size_t take = t->rx_n < cap - g ? t->rx_n : cap - g;
		for (size_t i = 0; i < take; i++)
			rx[g + i] = t->rx[(t->rx_head + i) % RX_BUF];
		t->rx_head = (t->rx_head + take) % RX_BUF;
		t->rx_n -= take;
		g += take;
		for (int i = 0; i < IN_XFERS && !t->err; i++)
			if (!t->in_busy[i] && RX_BUF - t->rx_n >= IN_BYTES)
				submit_in(t, i);
		if (t->err && !g)
			return rt_err(SLUICE_E_IO, "device 'usb:%s': a transfer %s the board ended "
				      "in %s", t->name, t->err_dir, status_name(t->err));
		uint64_t now = rt_clock_us(t);
		if (g > 0 || g == cap || (ntx > 0 && s == ntx) || now >= end)
			break;
		uint64_t left = end - now;
		events(t, left < 10000 ? left : 10000);
	}
	*sent = s;
	*got = g;
	return SLUICE_OK;
}

const struct sluice_transport_ops rt_usb_ops = {
	.kind = "usb",
	.open = usb_open,
	.close = usb_close,
	.load = usb_load,
	.unload = rt_nothing_to_unload,
	.xfer = usb_xfer,
	.now = rt_clock_us,
};
