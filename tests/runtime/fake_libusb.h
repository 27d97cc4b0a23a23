/*
 * tests/runtime/fake_libusb.h -- a simulated USB bus with FTDI FT232H chips
 * behind the libusb-1.0 functions that libsluice's USB transport uses
 * (runtime/device/usb.c), built as a library of its own
 * (libfake_usb.so) that the transport loads in place of libusb when
 * $SLUICE_LIBUSB names it.
 *
 * The chip answers FTDI's vendor requests (it remembers the bit mode, the
 * latency timer and the flow control), takes bulk OUT bytes into its FIFO
 * side and sends what that side gives back in bulk IN packets of 512
 * bytes, each with 2 modem-status bytes first, and a packet of only those
 * when the latency timer runs out with nothing to send, as the chip does.
 * Its FIFO side is the test's: a function called whenever libusb's events
 * run.  Everything runs in the thread that handles the events.
 */
#ifndef FAKE_LIBUSB_H
#define FAKE_LIBUSB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fake_usb_peer {
	/* the bus: ndevices FT232Hs (0403:6014) with serials FT0001, FT0002, ... */
	unsigned ndevices;
	int open_error;	  /* libusb_open's result (0: it opens) */
	bool busy;	  /* the interface is claimed by another program */
	bool unplugged;	  /* from now on every transfer ends with NO_DEVICE */
	bool out_error;	  /* from now on OUT transfers end with ERROR */
	bool dying;	  /* from now on only out_keep more OUT bytes reach the chip, */
	size_t out_keep;  /* the rest of each transfer nowhere (a host killed
			   * in the middle of a transfer) */
	/* the chip's FIFO side, which runs only in synchronous FIFO mode:
	 * takes bytes from in (*taken of n), gives bytes to out (*got, at
	 * most cap) */
	void (*fifo)(void *user, const uint8_t *in, size_t n, size_t *taken, uint8_t *out,
		     size_t cap, size_t *got);
	void *user;
	/* the FIFO side told of each SET_BITMODE (its clock runs in
	 * synchronous FIFO mode only) and of each purge of the chip's
	 * buffers (which: 1 toward the host, 2 from it, 3 both: a reset) */
	void (*mode)(void *user, unsigned bitmode);
	void (*purge)(void *user, unsigned which);
	/* what the chip saw */
	unsigned bitmode;	/* the mode of the last SET_BITMODE */
	unsigned latency;	/* the latency timer, ms */
	unsigned flow;		/* the last SET_FLOW_CTRL's index */
	uint64_t status_only;	/* IN packets of status bytes alone */
	uint64_t bytes_in, bytes_out; /* FIFO bytes to and from the chip */
};

/* The bus the library simulates from now on (NULL: none). */
void fake_usb_attach(struct fake_usb_peer *p);

#endif
