/*
 * device/pcie.c -- the PCIe transport, "pcie:/dev/NAME": a board whose host
 * bridge sits behind a PCIe DMA engine that the Xilinx XDMA driver exposes
 * as character devices, one per stream and direction:
 *
 *   /dev/NAME_h2c_0   host to card: what the host write()s comes out of the
 *                     engine's AXI4-Stream H2C port, the bridge's link input
 *   /dev/NAME_c2h_0   card to host: read() takes what the bridge's link
 *                     output put into the C2H port
 *
 * (the XDMA driver of Xilinx's dma_ip_drivers names them so for the board
 * /dev/xdma0; NAME may be any path, so that a test puts a simulated peer
 * behind two named pipes).  The link over them is the same byte stream the
 * UART carries (runtime/link/proto.h), lossless here: no frame is ever
 * damaged, and the link's CRC and retries never act.
 *
 * A read of the C2H node may block until the card sends (the driver's own
 * timeout, 10 s by default, is no bound worth having), and in streaming
 * mode it returns only at the end of a packet (TLAST) or a full buffer:
 * the card's side must end a packet whenever the bridge has no more bytes
 * for now.  So a reader thread of the transport's own does the reads and
 * keeps what comes in a buffer;
 * xfer takes from it and waits for it with its budget.  Writes go straight
 * to the H2C node without blocking (the bridge never holds its link input
 * back).  Every way the link can fail is an error to the caller, never a
 * hang: a node missing or refused at open, a read or write that fails (the
 * driver's EIO after a DMA error, a peer that closed its end), and a card
 * that stops answering, which the link's timeouts and the connect limit
 * above turn into errors.
 *
 * Loading a module picks its image for a PCIe board (a bitstream image
 * whose "host_link" is "pcie"); the bitstream must be on the card already:
 * the link's identify exchange then checks that it is this module's
 * design.  The image's "link_beat" (the DMA stream's width in bytes,
 * rtl/sluice_pcie_stream.v) has the link speak plain framing (proto.h
 * section 2b); without one it speaks the byte framing.  Ticks are
 * microseconds.
 */
#define _GNU_SOURCE /* pipe2, pthread_timedjoin_np */
#include "../internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RX_BUF (1u << 20) /* bytes read from the card and not yet taken */

struct sluice_transport {
	int h2c, c2h;		/* the nodes, or -1 */
	char *name;		/* the device string's path, /dev/xdma0 */
	char *h2c_path, *c2h_path;

	pthread_t reader;	/* reads c2h into rx */
	bool reader_on;
	int stop[2];		/* a pipe: a byte in it ends the reader */
	pthread_mutex_t lock;	/* guards what follows */
	pthread_cond_t cond;	/* rx gained bytes or room, or the reader ended */
	uint8_t *rx;		/* ring of RX_BUF bytes */
	size_t rx_head, rx_n;
	int rx_err;		/* the reader's end: 0 running, errno, or -1 EOF */
};

static int open_node(const char *dev, const char *path, int flags, int *fd)
{
	*fd = open(path, flags | O_NONBLOCK | O_CLOEXEC);
	if (*fd >= 0)
		return SLUICE_OK;
	int e = errno;
	return rt_err(e == ENOENT ? SLUICE_E_NO_DEVICE : SLUICE_E_IO, "device 'pcie:%s': cannot open %s: %s%s", dev, path,
		      strerror(e), e == ENOENT ? " (is the XDMA driver loaded and the board in "
						  "its slot?)" :
		      e == EACCES ? " (does this user have access to the DMA nodes? a udev "
				    "rule can grant it)" :
		      e == ENXIO ? " (nothing is at the other end of it)" : "");
}

/* The reader: waits in poll for the card's bytes or the stop pipe, then
 * reads.  A driver without poll answers "readable" at once, and its read
 * may then block until the card sends: the thread is cancelable only
 * there, and pcie_free cancels it if the stop byte does not end it. */
static void *reader_main(void *arg)
{
	struct sluice_transport *t = arg;
	uint8_t buf[65536];
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	for (;;) {
		pthread_mutex_lock(&t->lock);
		while (t->rx_n == RX_BUF && !t->rx_err)
			pthread_cond_wait(&t->cond, &t->lock);
		size_t room = RX_BUF - t->rx_n;
		bool stop = t->rx_err != 0;
		pthread_mutex_unlock(&t->lock);
		if (stop)
			return NULL;

		struct pollfd p[2] = {{.fd = t->c2h, .events = POLLIN},
				      {.fd = t->stop[0], .events = POLLIN}};
		if (poll(p, 2, -1) < 0 && errno != EINTR)
			p[0].revents = POLLIN; /* let the read say what is wrong */
		if (p[1].revents)
			return NULL;
		if (!p[0].revents)
			continue;
		pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
		ssize_t r = read(t->c2h, buf, room < sizeof buf ? room : sizeof buf);
		int e = errno;
		pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
		if (r < 0 && (e == EAGAIN || e == EINTR))
			continue;

		pthread_mutex_lock(&t->lock);
		if (r > 0) {
			for (ssize_t i = 0; i < r; i++)
				t->rx[(t->rx_head + t->rx_n + (size_t)i) % RX_BUF] = buf[i];
			t->rx_n += (size_t)r;
		} else {
			t->rx_err = r == 0 ? -1 : e;
		}
		pthread_cond_broadcast(&t->cond);
		pthread_mutex_unlock(&t->lock);
		if (r <= 0)
			return NULL;
	}
}

static void pcie_free(struct sluice_transport *t)
{
	if (t->reader_on) {
		pthread_mutex_lock(&t->lock);
		if (!t->rx_err)
			t->rx_err = ECANCELED;
		pthread_cond_broadcast(&t->cond);
		pthread_mutex_unlock(&t->lock);
		if (write(t->stop[1], "", 1) < 0) { /* the pipe is empty: cannot fail */ }
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		if (pthread_timedjoin_np(t->reader, NULL, &until)) {
			pthread_cancel(t->reader); /* blocked in a read of a driver */
			pthread_join(t->reader, NULL);
		}
	}
	for (int i = 0; i < 2; i++)
		if (t->stop[i] >= 0)
			close(t->stop[i]);
	if (t->h2c >= 0)
		close(t->h2c);
	if (t->c2h >= 0)
		close(t->c2h);
	pthread_mutex_destroy(&t->lock);
	pthread_cond_destroy(&t->cond);
	free(t->rx);
	free(t->name);
	free(t->h2c_path);
	free(t->c2h_path);
	free(t);
}

static int pcie_open(struct sluice_transport **out, const char *arg, char **board)
{
	struct sluice_transport *t = calloc(1, sizeof *t);
	if (!t)
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening device 'pcie:%s'", arg);
	t->h2c = t->c2h = t->stop[0] = t->stop[1] = -1;
	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->cond, NULL);
	size_t n = strlen(arg) + sizeof "_h2c_0";
	t->name = strdup(arg);
	t->h2c_path = malloc(n);
	t->c2h_path = malloc(n);
	t->rx = malloc(RX_BUF);
	*board = strdup("pcie");
	if (!t->name || !t->h2c_path || !t->c2h_path || !t->rx || !*board) {
		free(*board);
		*board = NULL;
		pcie_free(t);
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening device 'pcie:%s'", arg);
	}
	snprintf(t->h2c_path, n, "%s_h2c_0", arg);
	snprintf(t->c2h_path, n, "%s_c2h_0", arg);
	/* c2h first: a named pipe's writer needs its reader there */
	int rc = open_node(arg, t->c2h_path, O_RDONLY, &t->c2h);
	if (!rc)
		rc = open_node(arg, t->h2c_path, O_WRONLY, &t->h2c);
	if (!rc && pipe2(t->stop, O_CLOEXEC))
		rc = rt_err(SLUICE_E_IO, "device 'pcie:%s': cannot make a pipe: %s", arg,
			    strerror(errno));
	if (!rc && pthread_create(&t->reader, NULL, reader_main, t))
		rc = rt_err(SLUICE_E_NO_MEM, "device 'pcie:%s': cannot start its reader thread",
			    arg);
	if (rc) {
		free(*board);
		*board = NULL;
		pcie_free(t);
		return rc;
	}
	t->reader_on = true;
	*out = t;
	return SLUICE_OK;
}

static void pcie_close(struct sluice_transport *t)
{
	pcie_free(t);
}

static int pcie_load(struct sluice_transport *t, const struct sluice_module *m,
		     struct rt_timing *timing)
{
	char dev[300];
	snprintf(dev, sizeof dev, "pcie:%s", t->name);
	int rc = rt_link_image(m, "pcie", "PCIe", dev, timing);
	/* XDMA tells the card nothing when a host program goes away */
	timing->keeps_partial = true;
	return rc;
}

/* write() without SIGPIPE: a peer that closed its end (a named pipe's
 * reader) is an error of the call, not the end of the host program. */
static ssize_t write_nosig(int fd, const void *p, size_t n)
{
	sigset_t pipe_sig, old;
	sigemptyset(&pipe_sig);
	sigaddset(&pipe_sig, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_sig, &old);
	ssize_t w = write(fd, p, n);
	int e = errno;
	if (w < 0 && e == EPIPE) {
		struct timespec zero = {0, 0};
		sigtimedwait(&pipe_sig, NULL, &zero);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return w;
}

static int link_error(struct sluice_transport *t, const char *path, const char *what, int e)
{
	return rt_err(SLUICE_E_IO, "device 'pcie:%s': %s %s failed: %s", t->name, what, path,
		      e < 0 || e == EPIPE ? "the card's end is closed" : strerror(e));
}

static int pcie_xfer(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		     uint8_t *rx, size_t cap, size_t *got, uint64_t budget)
{
	size_t s = 0, g = 0;
	uint64_t end = rt_clock_us(t) + budget;
	for (;;) {
		if (s < ntx) {
			ssize_t w = write_nosig(t->h2c, tx + s, ntx - s);
			if (w > 0)
				s += (size_t)w;
			else if (w < 0 && errno != EAGAIN && errno != EINTR)
				return link_error(t, t->h2c_path, "writing", errno);
		}
		pthread_mutex_lock(&t->lock);
		size_t take = t->rx_n < cap - g ? t->rx_n : cap - g;
		for (size_t i = 0; i < take; i++)
			rx[g + i] = t->rx[(t->rx_head + i) % RX_BUF];
		t->rx_head = (t->rx_head + take) % RX_BUF;
		t->rx_n -= take;
		g += take;
		if (take)
			pthread_cond_broadcast(&t->cond);
		int err = t->rx_n ? 0 : t->rx_err;
		pthread_mutex_unlock(&t->lock);
		if (err && !g)
			return link_error(t, t->c2h_path, "reading", err);

		uint64_t now = rt_clock_us(t);
		if (g > 0 || g == cap || (ntx > 0 && s == ntx) || now >= end)
			break;
		uint64_t left = end - now;
		if (s < ntx) {
			/* the H2C side is full: wait for room, a millisecond at
			 * most, so that bytes coming in are not left waiting */
			struct pollfd p = {.fd = t->h2c, .events = POLLOUT};
			if (poll(&p, 1, 1) < 0 && errno != EINTR)
				return link_error(t, t->h2c_path, "waiting on", errno);
			if (p.revents & (POLLERR | POLLNVAL))
				return link_error(t, t->h2c_path, "writing", EPIPE);
			continue;
		}
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += (time_t)(left / 1000000);
		until.tv_nsec += (long)(left % 1000000) * 1000;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_mutex_lock(&t->lock);
		while (!t->rx_n && !t->rx_err &&
		       pthread_cond_timedwait(&t->cond, &t->lock, &until) != ETIMEDOUT)
			;
		pthread_mutex_unlock(&t->lock);
	}
	*sent = s;
	*got = g;
	return SLUICE_OK;
}

const struct sluice_transport_ops rt_pcie_ops = {
	.kind = "pcie",
	.open = pcie_open,
	.close = pcie_close,
	.load = pcie_load,
	.unload = rt_nothing_to_unload,
	.xfer = pcie_xfer,
	.now = rt_clock_us,
};
