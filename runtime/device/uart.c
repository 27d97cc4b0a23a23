/*
 * device/uart.c -- the UART transport, "BOARD:/dev/ttyUSBn": a board whose
 * host bridge sits behind the UART PHY of its board top level
 * (hls/flow/board_top.c, rtl/sluice_uart_rx.v and sluice_uart_tx.v), or the
 * virtual board of `sluice vboard` behind a pseudo-terminal.
 *
 * Opening takes the serial port into raw mode (8N1, no flow control, no
 * echo or line editing) and keeps its old settings to put back on close.
 * Loading a module picks the bitstream it carries for BOARD ("images":
 * {"BOARD": {"kind": "bitstream", "uart_baud": ...}}; SLUICE_E_NO_IMAGE
 * otherwise) and sets the port to that baud rate; the bitstream must be on
 * the board already (`sluice program`): the link's identify exchange then
 * checks that it is this module's design.  Ticks are microseconds.
 *
 * Bytes move with non-blocking reads and writes; xfer waits in poll for
 * at most its budget, so an unplugged board or a dead line is a timeout of
 * the layers above (the link's retries, the connect limit), never a hang.
 * A line that corrupts, drops or duplicates bytes is the link's business:
 * frames carry a CRC and are retried (runtime/link/proto.h).
 */
#include "../internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

struct sluice_transport {
	int fd;
	char *path;		/* the port */
	char *board;		/* the board's name, before the ':' */
	struct termios saved;	/* the port's settings before we came */
};

static const struct {
	unsigned long baud;
	speed_t speed;
} SPEEDS[] = {
	{9600, B9600}, {19200, B19200}, {38400, B38400}, {57600, B57600}, {115200, B115200},
	{230400, B230400}, {460800, B460800}, {500000, B500000}, {921600, B921600},
	{1000000, B1000000}, {1500000, B1500000}, {2000000, B2000000}, {3000000, B3000000},
	{4000000, B4000000},
};

static int uart_open(struct sluice_transport **out, const char *arg, char **board)
{
	const char *colon = strchr(arg, ':');
	struct sluice_transport *t = calloc(1, sizeof *t);
	if (!t || !(t->path = strdup(colon + 1)) ||
	    !(t->board = strndup(arg, (size_t)(colon - arg))) || !(*board = strdup(t->board))) {
		if (t) {
			free(t->path);
			free(t->board);
		}
		free(t);
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening device '%s'", arg);
	}
	t->fd = open(t->path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	int rc = SLUICE_OK;
	struct termios tio;
	if (t->fd < 0)
		rc = rt_err(SLUICE_E_IO, "device '%s': cannot open %s: %s%s", arg, t->path,
			    strerror(errno), errno == ENOENT ? " (is the board plugged in?)" :
			    errno == EACCES ? " (is this user in the group that owns it, "
					      "often 'dialout'?)" : "");
	else if (!isatty(t->fd) || tcgetattr(t->fd, &t->saved))
		rc = rt_err(SLUICE_E_IO, "device '%s': %s is not a serial port", arg, t->path);
	if (!rc) {
		tio = t->saved;
		cfmakeraw(&tio);
		tio.c_cflag |= CLOCAL | CREAD;
		tio.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
		tio.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
		tio.c_cc[VMIN] = 0;
		tio.c_cc[VTIME] = 0;
		if (tcsetattr(t->fd, TCSANOW, &tio))
			rc = rt_err(SLUICE_E_IO, "device '%s': cannot set up %s: %s", arg, t->path,
				    strerror(errno));
		tcflush(t->fd, TCIOFLUSH);
	}
	if (rc) {
		if (t->fd >= 0)
			close(t->fd);
		free(*board);
		*board = NULL;
		free(t->path);
		free(t->board);
		free(t);
		return rc;
	}
	*out = t;
	return SLUICE_OK;
}

static void uart_close(struct sluice_transport *t)
{
	if (t->fd >= 0) {
		tcsetattr(t->fd, TCSANOW, &t->saved);
		close(t->fd);
	}
	free(t->path);
	free(t->board);
	free(t);
}

static int uart_load(struct sluice_transport *t, const struct sluice_module *m,
		     struct rt_timing *timing)
{
	json_t *img = json_object_get(m->images, t->board);
	const char *kind = json_string_value(json_object_get(img, "kind"));
	if (!kind || strcmp(kind, "bitstream"))
		return rt_no_image(m, "module '%s' has no bitstream for board '%s'; build it with "
				   "`sluice build ... --board %s`", m->name, t->board, t->board);
	json_t *baud = json_object_get(img, "uart_baud");
	if (!json_is_integer(baud))
		return rt_err(SLUICE_E_NO_IMAGE, "module '%s': its design for board '%s' has no "
			      "host link on the UART", m->name, t->board);
	unsigned long b = (unsigned long)json_integer_value(baud);
	speed_t speed = 0;
	for (size_t i = 0; i < sizeof SPEEDS / sizeof SPEEDS[0]; i++)
		if (SPEEDS[i].baud == b)
			speed = SPEEDS[i].speed;
	struct termios tio;
	if (!speed)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "board '%s': %lu baud is not a rate this "
			      "system's serial ports know", t->board, b);
	if (tcgetattr(t->fd, &tio) || cfsetspeed(&tio, speed) || tcsetattr(t->fd, TCSANOW, &tio))
		return rt_err(SLUICE_E_IO, "board '%s': cannot set %s to %lu baud: %s", t->board,
			      t->path, b, strerror(errno));
	/* A byte takes 10 bits of line time; the virtual board runs its
	 * clock slower than the board's, so the limits leave room. */
	*timing = (struct rt_timing){
		.link_timeout = rt_env_u64("SLUICE_LINK_TIMEOUT_US", 300000),
		.status_gap = 2000,
		.round = 2000,
		.poll_round = 200,
		.deadlock = rt_env_u64("SLUICE_DEADLOCK_US", 30000000),
		.connect_limit = rt_env_u64("SLUICE_CONNECT_US", 10000000),
		.unit = "us",
		.reset_on_load = true,
	};
	return SLUICE_OK;
}

static int line_error(struct sluice_transport *t, const char *what)
{
	return rt_err(SLUICE_E_IO, "board '%s' on %s: %s failed: %s (unplugged?)", t->board,
		      t->path, what, strerror(errno));
}

static int uart_xfer(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		     uint8_t *rx, size_t cap, size_t *got, uint64_t budget)
{
	size_t s = 0, g = 0;
	uint64_t end = rt_clock_us(t) + budget;
	for (;;) {
		if (s < ntx) {
			ssize_t w = write(t->fd, tx + s, ntx - s);
			if (w > 0)
				s += (size_t)w;
			else if (w < 0 && errno != EAGAIN && errno != EINTR)
				return line_error(t, "writing");
		}
		if (g < cap) {
			ssize_t r = read(t->fd, rx + g, cap - g);
			if (r > 0)
				g += (size_t)r;
			else if (r < 0 && errno != EAGAIN && errno != EINTR)
				return line_error(t, "reading");
		}
		uint64_t now = rt_clock_us(t);
		if (g > 0 || g == cap || (ntx > 0 && s == ntx) || now >= end)
			break;
		struct pollfd p = {.fd = t->fd, .events = POLLIN | (s < ntx ? POLLOUT : 0)};
		uint64_t left = end - now;
		if (poll(&p, 1, (int)((left + 999) / 1000)) < 0 && errno != EINTR)
			return line_error(t, "waiting");
		if (p.revents & (POLLERR | POLLNVAL))
			return rt_err(SLUICE_E_IO, "board '%s' on %s: the line is gone (unplugged, "
				      "or the virtual board stopped)", t->board, t->path);
		if ((p.revents & POLLHUP) && !(p.revents & POLLIN))
			return rt_err(SLUICE_E_IO, "board '%s' on %s: the line hung up (unplugged, "
				      "or the virtual board stopped)", t->board, t->path);
	}
	*sent = s;
	*got = g;
	return SLUICE_OK;
}

const struct sluice_transport_ops rt_uart_ops = {
	.kind = "uart",
	.open = uart_open,
	.close = uart_close,
	.load = uart_load,
	.unload = rt_nothing_to_unload,
	.xfer = uart_xfer,
	.now = rt_clock_us,
};
