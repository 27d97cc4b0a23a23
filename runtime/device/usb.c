/*
 * device/usb.c -- the USB transport, "usb:VID:PID[:SERIAL]": a board whose
 * host bridge sits behind an FTDI FIFO or a USB bulk endpoint, reached with
 * libusb.
 *
 * Not there yet: it needs libusb and the FIFO/USB PHY of a board.  Until
 * then opening such a device fails with SLUICE_E_NOT_SUPPORTED and says
 * what is missing.
 */
#include "../internal.h"

static int usb_open(struct sluice_transport **t, const char *arg, char **board)
{
	(void)t;
	(void)board;
	return rt_err(SLUICE_E_NOT_SUPPORTED,
		      "device 'usb:%s': this libsluice has no USB transport yet (it needs libusb "
		      "and a board with an FTDI FIFO or USB host link; use the simulator, device "
		      "\"sim\")", arg);
}

static void usb_close(struct sluice_transport *t)
{
	(void)t;
}

const struct sluice_transport_ops rt_usb_ops = {
	.kind = "usb",
	.open = usb_open,
	.close = usb_close,
};
