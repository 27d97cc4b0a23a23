/*
 * pump.c -- drives the host side of the host link (runtime/link/proto.h)
 * over the device's transport: connecting and checking the device, moving
 * bytes, blocking waits with timeout and deadlock detection, and blocking
 * control-register (CSR) access.
 *
 * Guarantees: the simulator advances only inside rt_pump, i.e. while a host
 * call blocks or polls; a wait in which nothing moves (no pipe word crosses
 * the link, no word is read or written by the host, no kernel returns) for
 * timing.deadlock ticks ends with SLUICE_E_DEADLOCK and a message that says
 * what the host waits for and what the kernels and host pipes are doing; a
 * transport failure marks the device broken, and every later call fails
 * with that failure's message.  All functions expect dev->lock held.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* Nothing moving for the deadlock window of ticks is a deadlock only if it
 * also lasted this long in real time: another host thread that is about to
 * make progress may just not have been scheduled yet. */
#define DEADLOCK_MIN_NS 200000000

/* How long a thread keeps the device while others wait for it, and while
 * another waits and no call but its own is under way (rt_wait_round). */
#define SLICE_NS 1000000
#define SLICE_ALONE_NS 20000
/* How long a thread holding the device waits for another, whose call has
 * all its words, to take the device and return (rt_wait_round).  That
 * thread is inside libsluice, between two turns on the device, so only a
 * core keeps it.  With 10 ms, a `make test` on two cores measured copy128
 * at 0.826 words a cycle while both its calls were under way (0.91 on an
 * idle machine). */
#define PASS_MAX_NS 100000000

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
}

/* Everything that counts as progress: d2h words arriving (or read), h2d
 * words the host hands over (it can only when the device has taken
 * earlier ones), kernel completions. */
static uint64_t fingerprint(sluice_device *d)
{
	uint64_t h = mix(sl_link_events(d->link), d->host_words);
	for (unsigned i = 0; i < d->mod->n_d2h; i++)
		h = mix(h, sl_link_d2h_avail(d->link, i));
	return h;
}

static int broken(sluice_device *d, int rc)
{
	d->broken = true;
	snprintf(d->broken_msg, sizeof d->broken_msg, "%s", sluice_last_error());
	return rc;
}

int rt_pump(sluice_device *d, uint64_t budget)
{
	uint64_t now = d->ops->now(d->t);

	if (d->txq_off == d->txq_len) {
		d->txq_off = d->txq_len = 0;
	} else if (d->txq_off > RT_TXQ_SIZE / 2) {
		memmove(d->txq, d->txq + d->txq_off, d->txq_len - d->txq_off);
		d->txq_len -= d->txq_off;
		d->txq_off = 0;
	}
	rt_pipes_service(d);
	size_t room = RT_TXQ_SIZE - d->txq_len;
	if (room >= SL_WIRE_MAX(SL_MAX_BODY))
		d->txq_len += sl_link_tx(d->link, d->txq + d->txq_len, room, now);

	size_t sent = 0, got = 0;
	int rc = d->ops->xfer(d->t, d->txq + d->txq_off, d->txq_len - d->txq_off, &sent, d->rx,
			      sizeof d->rx, &got, budget);
	if (rc)
		return broken(d, rc);
	d->txq_off += sent;
	now = d->ops->now(d->t);
	if (got) {
		sl_link_rx(d->link, d->rx, got, now);
		rt_pipes_service(d);
	}
	uint64_t fp = fingerprint(d);
	if (fp != d->fingerprint) {
		d->fingerprint = fp;
		d->last_progress = now;
		d->last_progress_ns = rt_now_ns();
	}
	return SLUICE_OK;
}

void rt_wait_init(struct rt_wait *w, int timeout_ms, const char *fmt, ...)
{
	va_list ap;
	memset(w, 0, sizeof *w);
	w->deadline_ns = timeout_ms < 0 ? -1 : rt_now_ns() + (int64_t)timeout_ms * 1000000;
	va_start(ap, fmt);
	vsnprintf(w->what, sizeof w->what, fmt, ap);
	va_end(ap);
}

/* ---- the deadlock report ---------------------------------------------------- */

/* A CSR read that gives up after `limit` ticks (no deadlock check: it is
 * used while reporting one). */
static bool csr_read_bounded(sluice_device *d, uint16_t addr, unsigned n, uint32_t *vals,
			     uint64_t limit)
{
	uint32_t ticket;
	uint64_t end = d->ops->now(d->t) + limit;
	while (sl_link_csr_read(d->link, addr, n, &ticket) == SL_E_AGAIN)
		if (rt_pump(d, d->timing.round) || d->ops->now(d->t) > end)
			return false;
	for (;;) {
		int rc = sl_link_csr_result(d->link, ticket, vals);
		if (rc == SL_OK)
			return true;
		if (rc != SL_E_AGAIN || rt_pump(d, d->timing.round) || d->ops->now(d->t) > end)
			return false;
	}
}

#define APPEND(...)                                                                      \
	do {                                                                             \
		if (n < sizeof msg)                                                      \
			n += (size_t)snprintf(msg + n, sizeof msg - n, __VA_ARGS__);     \
	} while (0)

static const char *kstate(const uint32_t *kctrl, bool known, const struct rt_kernel *k)
{
	if (k->ctrl < 0)
		return "autorun";
	if (!known)
		return "state unknown";
	uint32_t v = kctrl[k->ctrl];
	return v & SL_KCTRL_BUSY ? "running" : v & SL_KCTRL_PENDING ? "start pending" : "idle";
}

static int deadlock(sluice_device *d, struct rt_wait *w)
{
	sluice_module *m = d->mod;
	uint64_t stalled = d->ops->now(d->t) - d->last_progress;
	uint32_t kctrl[256] = {0};
	bool known = true;
	char msg[1000];
	size_t n = 0;

	for (unsigned k = 0; k < m->n_started && known; k += SL_CSR_RD_MAX) {
		unsigned c = m->n_started - k < SL_CSR_RD_MAX ? m->n_started - k : SL_CSR_RD_MAX;
		known = csr_read_bounded(d, (uint16_t)SL_CSR_KCTRL(k), c, kctrl + k,
					 d->timing.connect_limit);
	}

	APPEND("deadlock: nothing has moved for %llu %s while the host waits %s.",
	       (unsigned long long)stalled, d->timing.unit, w->what);
	/* the likely cause first: the kernel at the other end of what the
	 * host waits on is not running */
	const struct rt_kernel *peer = w->kernel;
	if (w->pipe) {
		const char *kn = w->pipe->info.host_writes ? w->pipe->info.reader
							   : w->pipe->info.writer;
		peer = kn ? rt_find_kernel(m, kn) : NULL;
		bool hw = w->pipe->info.host_writes;
		if (peer && peer->ctrl >= 0 && known &&
		    !(kctrl[peer->ctrl] & (SL_KCTRL_BUSY | SL_KCTRL_PENDING)))
			APPEND(" Kernel '%s', which %s '%s', is not running: start it with "
			       "sluice_kernel_start.", peer->info.name, hw ? "reads" : "writes",
			       w->pipe->info.name);
		else if (peer && (peer->ctrl < 0 || (known && (kctrl[peer->ctrl] & SL_KCTRL_BUSY))))
			APPEND(" Kernel '%s', which %s '%s', is running but %s it: it may be waiting "
			       "on another pipe.", peer->info.name, hw ? "reads" : "writes",
			       w->pipe->info.name, hw ? "not reading" : "not writing");
	}
	APPEND(" Kernels:");
	for (size_t i = 0; i < m->nkernels; i++)
		APPEND("%s '%s' %s", i ? "," : "", m->kernels[i].info.name,
		       kstate(kctrl, known, &m->kernels[i]));
	APPEND(".");
	if (m->n_h2d + m->n_d2h)
		APPEND(" Host pipes:");
	bool first = true;
	for (size_t i = 0; i < m->npipes; i++) {
		const struct rt_pipe *p = &m->pipes[i];
		if (p->link_id < 0)
			continue;
		if (p->info.host_writes)
			APPEND("%s '%s' (read by %s%s%s) %llu words written, %s", first ? "" : ";",
			       p->info.name, p->info.reader ? "'" : "",
			       p->info.reader ? p->info.reader : "the device memory",
			       p->info.reader ? "'" : "", (unsigned long long)p->words,
			       sl_link_h2d_space(d->link, (unsigned)p->link_id) ? "not full"
										: "full");
		else
			APPEND("%s '%s' (written by %s%s%s) %llu words taken by the host, %zu waiting",
			       first ? "" : ";", p->info.name, p->info.writer ? "'" : "",
			       p->info.writer ? p->info.writer : "the device memory",
			       p->info.writer ? "'" : "", (unsigned long long)p->words,
			       sl_link_d2h_avail(d->link, (unsigned)p->link_id));
		if (p->op_active && p != w->pipe)
			APPEND(" (another host call waits %s it: %zu of %zu words moved)",
			       p->info.host_writes ? "to write" : "to read", p->op_done, p->op_words);
		first = false;
	}
	if (!first)
		APPEND(".");
	d->last_progress = d->ops->now(d->t); /* the next wait gets a full window */
	d->last_progress_ns = rt_now_ns();
	return rt_err(SLUICE_E_DEADLOCK, "%s", msg);
}

int rt_wait_round(sluice_device *d, struct rt_wait *w)
{
	int rc = rt_pump(d, d->timing.round);
	if (rc)
		return rc;
	if (d->timing.deadlock && d->ops->now(d->t) - d->last_progress >= d->timing.deadlock &&
	    rt_now_ns() - d->last_progress_ns >= DEADLOCK_MIN_NS)
		return deadlock(d, w);
	if (w->deadline_ns >= 0 && rt_now_ns() >= w->deadline_ns)
		return rt_err(SLUICE_E_TIMEOUT, "timed out waiting %s", w->what);
	/* let other threads' calls in: now and then, as the blocked calls of
	 * other threads progress anyway (rt_pipes_service); at once when no
	 * call but this one is under way, as the thread that waits brings a
	 * new one, the next write of a stream, say, which on hardware would
	 * go on beside this wait: the simulator must not clock on without it
	 * (with a writer and a reader thread each moving 64 KiB a call, the
	 * link to the device stood idle for half the cycles) */
	int64_t held = rt_now_ns() - d->slice_ns;
	bool alone = rt_pipes_calls(d, false) <= (w->pipe ? 1u : 0u);
	bool own_done = w->pipe && w->pipe->op_done == w->pipe->op_words;
	if (d->timing.host_clocked && alone && rt_pipes_calls(d, true) > own_done) {
		/* another thread's call has moved all its words, and that
		 * thread, between two turns on the device (above), has yet to
		 * take it back and return: on a busy machine it can wait
		 * milliseconds for a core while this thread clocks the
		 * simulator on without the call it brings next (copy128 at
		 * 1 MiB a call with the machine's other core and more kept
		 * busy: 2 to 15 % of the cycles).  So the simulator waits for
		 * it, if it comes within PASS_MAX_NS.  (A board's clock runs
		 * whatever the host does.) */
		rt_lock_pass(&d->lock, PASS_MAX_NS);
		d->slice_ns = rt_now_ns();
	} else if ((held >= SLICE_NS || (alone && held >= SLICE_ALONE_NS)) &&
		   rt_lock_contended(&d->lock)) {
		rt_unlock(&d->lock);
		rt_lock(&d->lock);
		d->slice_ns = rt_now_ns();
	}
	return d->broken ? rt_err(SLUICE_E_IO, "device '%s' failed: %s", d->name, d->broken_msg)
			 : SLUICE_OK;
}

/* ---- control registers ---------------------------------------------------------- */

static int link_status(sluice_device *d, int rc, const char *what)
{
	if (rc == SL_E_STATE)
		return rt_err(SLUICE_E_IO, "device '%s': the host link is down (%s)", d->name, what);
	return rt_err(SLUICE_E_INTERNAL, "device '%s': %s failed in the link layer (%d)", d->name,
		      what, rc);
}

int rt_csr_read(sluice_device *d, uint16_t addr, unsigned n, uint32_t *vals, struct rt_wait *w)
{
	struct rt_wait own;
	uint32_t ticket;
	int rc;

	if (!w) {
		rt_wait_init(&own, -1, "for the device to answer a register read");
		w = &own;
	}
	while ((rc = sl_link_csr_read(d->link, addr, n, &ticket)) == SL_E_AGAIN)
		if ((rc = rt_wait_round(d, w)))
			return rc;
	if (rc)
		return link_status(d, rc, "a register read");
	while ((rc = sl_link_csr_result(d->link, ticket, vals)) == SL_E_AGAIN)
		if ((rc = rt_wait_round(d, w)))
			return rc;
	return rc ? link_status(d, rc, "a register read") : SLUICE_OK;
}

int rt_csr_write(sluice_device *d, uint16_t addr, const uint32_t *vals, unsigned n,
		 struct rt_wait *w)
{
	struct rt_wait own;
	int rc;

	if (!w) {
		rt_wait_init(&own, -1, "for room on the link to write registers");
		w = &own;
	}
	while (n) {
		unsigned k = n < SL_MAX_PAYLOAD / 4 ? n : SL_MAX_PAYLOAD / 4;
		while ((rc = sl_link_csr_write(d->link, addr, vals, k)) == SL_E_AGAIN)
			if ((rc = rt_wait_round(d, w)))
				return rc;
		if (rc)
			return link_status(d, rc, "a register write");
		addr = (uint16_t)(addr + k);
		vals += k;
		n -= k;
	}
	return SLUICE_OK;
}

/* ---- connecting --------------------------------------------------------------- */

static int mismatch(sluice_device *d, const char *fmt, ...) RT_PRINTF(2, 3);
static int mismatch(sluice_device *d, const char *fmt, ...)
{
	char what[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return rt_err(SLUICE_E_IMAGE_MISMATCH, "device '%s' does not run module '%s': %s", d->name,
		      d->mod->name, what);
}

/* Checks each host pipe's width and depth against the device's
 * H2D_INFO / D2H_INFO registers. */
static int check_pipes(sluice_device *d, bool h2d, uint32_t tx_frame)
{
	sluice_module *m = d->mod;
	unsigned count = h2d ? m->n_h2d : m->n_d2h;
	uint32_t v[SL_CSR_RD_MAX];

	for (unsigned i = 0; i < count; i += SL_CSR_RD_MAX) {
		unsigned c = count - i < SL_CSR_RD_MAX ? count - i : SL_CSR_RD_MAX;
		int rc = rt_csr_read(d, (uint16_t)(h2d ? SL_CSR_H2D_INFO(i) : SL_CSR_D2H_INFO(i)), c, v,
				     NULL);
		if (rc)
			return rc;
		for (unsigned j = 0; j < c; j++) {
			const struct rt_pipe *p = (h2d ? m->h2d : m->d2h)[i + j];
			if ((v[j] & 0xffff) != p->info.width)
				return mismatch(d, "host pipe '%s' is %u bits wide in the module, %u "
						"on the device", p->info.name, p->info.width,
						v[j] & 0xffff);
			if ((v[j] >> 16) < p->info.min_capacity && (v[j] >> 16) != 0xffff)
				return mismatch(d, "host pipe '%s' holds %u words on the device, less "
						"than its MinCapacity %zu", p->info.name, v[j] >> 16,
						p->info.min_capacity);
			if (!h2d && p->info.word_size + SL_SEQ_HDR > tx_frame)
				return rt_err(SLUICE_E_NOT_SUPPORTED, "host pipe '%s' carries %zu-byte "
					      "words; the device's host bridge sends frames of at most "
					      "%u bytes", p->info.name, p->info.word_size, tx_frame);
		}
	}
	return SLUICE_OK;
}

static int check_identity(sluice_device *d)
{
	sluice_module *m = d->mod;
	uint32_t v[SL_CSR_INFO_WORDS];
	int rc = rt_csr_read(d, SL_CSR_MAGIC, SL_CSR_INFO_WORDS, v, NULL);
	if (rc)
		return rc;
	if (v[SL_CSR_MAGIC] != SL_DEV_MAGIC)
		return mismatch(d, "it does not identify as a sluice design (MAGIC register is "
				"0x%08x)", v[SL_CSR_MAGIC]);
	if (v[SL_CSR_VERSION] >> 8 != SL_PROTO_MAJOR)
		return mismatch(d, "it speaks host-link protocol %u.%u; this libsluice speaks %u.%u",
				v[SL_CSR_VERSION] >> 8, v[SL_CSR_VERSION] & 0xff, SL_PROTO_MAJOR,
				SL_PROTO_MINOR);
	uint32_t counts = v[SL_CSR_COUNTS], words = v[SL_CSR_WORDS];
	if ((counts & 0xff) != m->n_h2d || ((counts >> 8) & 0xff) != m->n_d2h ||
	    ((counts >> 16) & 0xff) != m->n_started)
		return mismatch(d, "the device has %u h2d pipes, %u d2h pipes and %u started "
				"kernels; the module has %u, %u and %u", counts & 0xff,
				(counts >> 8) & 0xff, (counts >> 16) & 0xff, m->n_h2d, m->n_d2h,
				m->n_started);
	if ((words & 0xffff) != m->arg_words || (words >> 16) != m->spec_words)
		return mismatch(d, "the device has %u argument and %u specialization-constant "
				"words; the module has %u and %u", words & 0xffff, words >> 16,
				m->arg_words, m->spec_words);
	if (m->has_design_id && v[SL_CSR_DESIGN_ID] != m->design_id)
		return mismatch(d, "its design id is 0x%08x, the module's is 0x%08x",
				v[SL_CSR_DESIGN_ID], m->design_id);
	if (sl_link_set_device_limits(d->link, v[SL_CSR_RXBUF], v[SL_CSR_TXCFG]) != SL_OK)
		return rt_err(SLUICE_E_IO, "device '%s' reports impossible link limits (RXBUF %u, "
			      "TXCFG 0x%08x)", d->name, v[SL_CSR_RXBUF], v[SL_CSR_TXCFG]);
	uint32_t tx_frame = (v[SL_CSR_TXCFG] >> 8) & 0xffff;
	if ((rc = check_pipes(d, true, tx_frame)) || (rc = check_pipes(d, false, tx_frame)))
		return rc;
	return SLUICE_OK;
}

int rt_link_up(sluice_device *d)
{
	sluice_module *m = d->mod;
	unsigned h2d_wb[SL_MAX_PIPES], d2h_wb[SL_MAX_PIPES];
	uint32_t d2h_buf[SL_MAX_PIPES];
	int rc;

	for (unsigned i = 0; i < m->n_h2d; i++)
		h2d_wb[i] = (unsigned)m->h2d[i]->info.word_size;
	for (unsigned i = 0; i < m->n_d2h; i++) {
		d2h_wb[i] = (unsigned)m->d2h[i]->info.word_size;
		d2h_buf[i] = SL_CREDIT_CLAMP;
	}
	struct sl_link_config cfg = {
		.n_h2d = m->n_h2d, .n_d2h = m->n_d2h,
		.h2d_word_bytes = h2d_wb, .d2h_word_bytes = d2h_wb, .d2h_buffer_words = d2h_buf,
		.timeout = d->timing.link_timeout, .status_gap = d->timing.status_gap,
		.beat = d->timing.beat,
		.hold_d2h = d->timing.reset_on_load,
	};
	rc = sl_link_create(&d->link, &cfg);
	if (rc == SL_E_NOMEM)
		return rt_err(SLUICE_E_NO_MEM, "out of memory creating the host link");
	if (rc)
		return rt_err(SLUICE_E_INTERNAL, "the link layer refused module '%s' (%d)", m->name,
			      rc);
	d->txq_off = d->txq_len = 0;
	d->session = (uint8_t)(d->session % 255 + 1);
	uint64_t start = d->ops->now(d->t);
	sl_link_connect(d->link, d->session, start);
	d->host_words = 0;
	d->fingerprint = fingerprint(d);
	d->last_progress = start;
	d->last_progress_ns = rt_now_ns();
	while (!sl_link_connected(d->link)) {
		if ((rc = rt_pump(d, d->timing.round)))
			return rc;
		if (d->ops->now(d->t) - start <= d->timing.connect_limit)
			continue;
		struct sl_link_stats st;
		sl_link_get_stats(d->link, &st);
		/* plain framing has no way back into step in the stream itself
		 * (proto.h section 2b): on a PCIe card, a host program that died
		 * in the middle of a frame leaves it out of step until the FPGA
		 * is reset (keeps_partial).  (The simulator starts afresh with
		 * each program; an FT245 board drops the frames under way when a
		 * host opens its chip, rtl/sluice_ft245_phy.v.) */
		const char *plain = d->timing.beat && d->timing.keeps_partial
			? "; or a host program died in the middle of a transfer, which leaves "
			  "this link's plain framing out of step until the FPGA is reset (its "
			  "reset button, or `sluice program` again)"
			: "";
		if (st.frames_rejected)
			return rt_err(SLUICE_E_IMAGE_MISMATCH, "device '%s' answers on the host link "
				      "with frames module '%s' does not expect (%llu rejected): it runs "
				      "another design (other host pipes), or the link corrupts bytes%s",
				      d->name, m->name, (unsigned long long)st.frames_rejected, plain);
		return rt_err(SLUICE_E_IO, "device '%s' does not answer on the host link (no reply "
			      "after %llu %s): the design has no sluice host bridge, or the link is "
			      "broken%s", d->name, (unsigned long long)d->timing.connect_limit,
			      d->timing.unit, plain);
	}
	if ((rc = check_identity(d)))
		return rc;
	if (d->timing.reset_on_load) {
		uint32_t one = 1, scratch;
		if ((rc = rt_csr_write(d, SL_CSR_RESET, &one, 1, NULL)) ||
		    (rc = rt_csr_read(d, SL_CSR_SCRATCH, 1, &scratch, NULL)))
			return rc;
		/* the device gets D2H credit only now: the words a kernel
		 * wrote before the reset, for an earlier host program, were
		 * still in the FIFOs and are gone */
		sl_link_release_d2h(d->link);
	}
	d->fingerprint = fingerprint(d);
	d->last_progress = d->ops->now(d->t);
	d->last_progress_ns = rt_now_ns();
	return SLUICE_OK;
}

void rt_link_down(sluice_device *d)
{
	sl_link_destroy(d->link);
	d->link = NULL;
	d->txq_off = d->txq_len = 0;
}

int rt_dev_enter(sluice_device *d)
{
	rt_lock(&d->lock);
	d->slice_ns = rt_now_ns();
	if (d->broken) {
		rt_unlock(&d->lock);
		return rt_err(SLUICE_E_IO, "device '%s' failed earlier: %s", d->name, d->broken_msg);
	}
	return SLUICE_OK;
}

void rt_dev_leave(sluice_device *d)
{
	rt_unlock(&d->lock);
}
