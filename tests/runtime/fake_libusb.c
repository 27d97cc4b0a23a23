/*
 * tests/runtime/fake_libusb.c -- the simulated FT232H bus of
 * fake_libusb.h: the libusb-1.0 functions runtime/device/usb.c calls, over
 * fake chips instead of a USB stack.
 */
#include "fake_libusb.h"

#include <libusb-1.0/libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PACKET 512
#define MAX_DEVS 4
#define MAX_XFERS 16
#define QUEUE (1u << 16)

static struct fake_usb_peer *peer;

/* one chip's state */
static struct {
	unsigned char out[QUEUE]; /* from the FIFO side, to the host */
	size_t out_n;
	unsigned char in[QUEUE];  /* from the host, to the FIFO side */
	size_t in_n;
	struct libusb_transfer *pending[MAX_XFERS];
	unsigned npending;
	double last_in;		  /* when the last IN transfer completed, s */
} chip;

static char devs[MAX_DEVS]; /* libusb_device pointers: their addresses */
static char handle;

void fake_usb_attach(struct fake_usb_peer *p)
{
	peer = p;
	memset(&chip, 0, sizeof chip);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int libusb_init(libusb_context **ctx)
{
	*ctx = (libusb_context *)&handle;
	return 0;
}

void libusb_exit(libusb_context *ctx)
{
	(void)ctx;
}

ssize_t libusb_get_device_list(libusb_context *ctx, libusb_device ***list)
{
	(void)ctx;
	unsigned n = peer ? peer->ndevices : 0;
	*list = calloc(n + 1, sizeof **list);
	for (unsigned i = 0; i < n && i < MAX_DEVS; i++)
		(*list)[i] = (libusb_device *)&devs[i];
	return n;
}

void libusb_free_device_list(libusb_device **list, int unref)
{
	(void)unref;
	free(list);
}

int libusb_get_device_descriptor(libusb_device *dev, struct libusb_device_descriptor *d)
{
	memset(d, 0, sizeof *d);
	d->idVendor = 0x0403;
	d->idProduct = 0x6014;
	d->iSerialNumber = (uint8_t)(3 + ((char *)dev - devs));
	return 0;
}

int libusb_open(libusb_device *dev, libusb_device_handle **h)
{
	(void)dev;
	if (peer->open_error)
		return peer->open_error;
	*h = (libusb_device_handle *)&handle;
	return 0;
}

void libusb_close(libusb_device_handle *h)
{
	(void)h;
}

int libusb_get_string_descriptor_ascii(libusb_device_handle *h, uint8_t idx, unsigned char *s,
				       int len)
{
	(void)h;
	return snprintf((char *)s, (size_t)len, "FT%04u", idx - 2);
}

int libusb_set_auto_detach_kernel_driver(libusb_device_handle *h, int on)
{
	(void)h;
	(void)on;
	return 0;
}

int libusb_claim_interface(libusb_device_handle *h, int i)
{
	(void)h;
	(void)i;
	return peer->busy ? LIBUSB_ERROR_BUSY : 0;
}

int libusb_release_interface(libusb_device_handle *h, int i)
{
	(void)h;
	(void)i;
	return 0;
}

int libusb_control_transfer(libusb_device_handle *h, uint8_t type, uint8_t req, uint16_t value,
			    uint16_t index, unsigned char *data, uint16_t len, unsigned int timeout)
{
	(void)h;
	(void)data;
	(void)len;
	(void)timeout;
	if (peer->unplugged)
		return LIBUSB_ERROR_NO_DEVICE;
	if (type != 0x40)
		return LIBUSB_ERROR_INVALID_PARAM;
	if (req == 0x0B) { /* SET_BITMODE */
		peer->bitmode = value >> 8;
		if (peer->mode)
			peer->mode(peer->user, peer->bitmode);
	} else if (req == 0x09) {
		peer->latency = value;
	} else if (req == 0x02) {
		peer->flow = index;
	} else if (req == 0x00 && value <= 2) {
		/* SIO_RESET: 0 resets the chip, both buffers purged; 1 purges
		 * what goes to the host, 2 what comes from it */
		unsigned which = value ? value : 3;
		if (which & 1)
			chip.out_n = 0;
		if (which & 2)
			chip.in_n = 0;
		if (peer->purge)
			peer->purge(peer->user, which);
	}
	return 0;
}

struct libusb_transfer *libusb_alloc_transfer(int iso)
{
	(void)iso;
	return calloc(1, sizeof(struct libusb_transfer));
}

void libusb_free_transfer(struct libusb_transfer *x)
{
	free(x);
}

int libusb_submit_transfer(struct libusb_transfer *x)
{
	if (peer->unplugged)
		return LIBUSB_ERROR_NO_DEVICE;
	if (chip.npending == MAX_XFERS)
		return LIBUSB_ERROR_BUSY;
	x->status = LIBUSB_TRANSFER_COMPLETED;
	x->actual_length = 0;
	x->flags = 0; /* flags: 1 once cancelled */
	chip.pending[chip.npending++] = x;
	return 0;
}

int libusb_cancel_transfer(struct libusb_transfer *x)
{
	x->flags = 1;
	return 0;
}

const char *libusb_error_name(int e)
{
	switch (e) {
	case LIBUSB_ERROR_ACCESS: return "LIBUSB_ERROR_ACCESS";
	case LIBUSB_ERROR_BUSY: return "LIBUSB_ERROR_BUSY";
	case LIBUSB_ERROR_NO_DEVICE: return "LIBUSB_ERROR_NO_DEVICE";
	default: return "LIBUSB_ERROR_OTHER";
	}
}

/* x is done with status st: off the pending list, into done[]. */
static void finish(struct libusb_transfer *x, int st, struct libusb_transfer **done,
		   unsigned *ndone)
{
	x->status = st;
	done[(*ndone)++] = x;
}

int libusb_handle_events_timeout_completed(libusb_context *ctx, struct timeval *tv,
					   int *completed)
{
	(void)ctx;
	(void)completed;
	struct libusb_transfer *done[MAX_XFERS];
	unsigned ndone = 0, keep = 0;
	bool fifo = peer->bitmode == 0x40;
	/* the FIFO side runs, in synchronous FIFO mode only */
	if (fifo && peer->fifo && !peer->unplugged) {
		size_t taken = 0, got = 0;
		peer->fifo(peer->user, chip.in, chip.in_n, &taken, chip.out + chip.out_n,
			   QUEUE - chip.out_n, &got);
		memmove(chip.in, chip.in + taken, chip.in_n - taken);
		chip.in_n -= taken;
		chip.out_n += got;
		peer->bytes_in += taken;
		peer->bytes_out += got;
	}
	double t = now_s();
	for (unsigned i = 0; i < chip.npending; i++) {
		struct libusb_transfer *x = chip.pending[i];
		if (x->flags) {
			finish(x, LIBUSB_TRANSFER_CANCELLED, done, &ndone);
		} else if (peer->unplugged) {
			finish(x, LIBUSB_TRANSFER_NO_DEVICE, done, &ndone);
		} else if (!(x->endpoint & 0x80)) {
			if (peer->out_error) {
				finish(x, LIBUSB_TRANSFER_ERROR, done, &ndone);
			} else if (QUEUE - chip.in_n >= (size_t)x->length) {
				size_t n = (size_t)x->length;
				if (peer->dying) {
					n = n < peer->out_keep ? n : peer->out_keep;
					peer->out_keep -= n;
				}
				memcpy(chip.in + chip.in_n, x->buffer, n);
				chip.in_n += n;
				x->actual_length = x->length;
				finish(x, LIBUSB_TRANSFER_COMPLETED, done, &ndone);
			} else {
				chip.pending[keep++] = x;
			}
		} else if (chip.out_n || t - chip.last_in >= peer->latency * 1e-3) {
			/* packets of 2 status bytes and up to 510 bytes */
			int n = 0;
			while (n + 2 <= x->length && (chip.out_n || n == 0)) {
				size_t k = chip.out_n < PACKET - 2 ? chip.out_n : PACKET - 2;
				if ((size_t)(x->length - n - 2) < k)
					k = (size_t)(x->length - n - 2);
				x->buffer[n] = 0x32;
				x->buffer[n + 1] = 0x60;
				memcpy(x->buffer + n + 2, chip.out, k);
				memmove(chip.out, chip.out + k, chip.out_n - k);
				chip.out_n -= k;
				peer->status_only += k == 0;
				n += 2 + (int)k;
				if (k < PACKET - 2)
					break; /* a short packet ends the transfer */
			}
			x->actual_length = n;
			chip.last_in = t;
			finish(x, LIBUSB_TRANSFER_COMPLETED, done, &ndone);
		} else {
			chip.pending[keep++] = x;
		}
	}
	chip.npending = keep;
	for (unsigned i = 0; i < ndone; i++)
		done[i]->callback(done[i]);
	if (!ndone) {
		long us = tv ? (long)tv->tv_sec * 1000000 + tv->tv_usec : 0;
		usleep((useconds_t)(us < 100 ? us : 100));
	}
	return 0;
}
