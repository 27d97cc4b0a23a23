/*
 * device/uart.c -- the UART transport, "BOARD:/dev/ttyUSBn": a board whose
 * host bridge sits behind a UART PHY.
 *
 * Not there yet: it needs the UART PHY in the board top level (rtl/) and a
 * board description (boards/BOARD.*).  Until then opening such a device
 * fails with SLUICE_E_NOT_SUPPORTED and says what is missing; it never
 * touches the port.
 */
#include "../internal.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int uart_open(struct sluice_transport **t, const char *arg, char **board)
{
	(void)t;
	(void)board;
	const char *path = strchr(arg, ':') + 1;
	struct stat st;
	const char *state = stat(path, &st) ? (errno == ENOENT ? "does not exist (no board attached?)"
							      : "cannot be examined")
					    : S_ISCHR(st.st_mode) ? "is there"
								  : "is not a character device";
	return rt_err(SLUICE_E_NOT_SUPPORTED,
		      "device '%s': this libsluice has no UART transport yet (it needs the UART "
		      "PHY and the board's description; use the simulator, device \"sim\"); %s %s",
		      arg, path, state);
}

static void uart_close(struct sluice_transport *t)
{
	(void)t;
}

const struct sluice_transport_ops rt_uart_ops = {
	.kind = "uart",
	.open = uart_open,
	.close = uart_close,
};
