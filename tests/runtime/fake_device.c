/*
 * tests/runtime/fake_device.c -- the fake device of fake_device.h: the
 * device side of the host-link protocol in C (framing and CRC from
 * runtime/link/proto.c, sequencing, credits, STATUS, LINK_RESET, the CSR
 * map), host pipe FIFOs, and kernels as per-cycle callbacks.
 *
 * Each cycle: at most one byte from the host is taken, the kernels run,
 * the next frame is built when the wire is free, and at most one byte goes
 * to the host.  Frames are processed when their last byte arrives (the
 * device "finishes" a frame at once, so ACK = EXP).
 */
#include "fake_device.h"

#include <stdlib.h>
#include <string.h>

#define RING 8192
#define STATUS_GAP 32
#define TX_FRAME 256 /* bytes per device frame, header included */
#define MAX_FIFO 4096

struct ring {
	uint8_t b[RING];
	size_t head, n;
};

static size_t ring_put(struct ring *r, const uint8_t *p, size_t n)
{
	size_t k = 0;
	for (; k < n && r->n < RING; k++, r->n++)
		r->b[(r->head + r->n) % RING] = p[k];
	return k;
}

static bool ring_get(struct ring *r, uint8_t *b)
{
	if (!r->n)
		return false;
	*b = r->b[r->head];
	r->head = (r->head + 1) % RING;
	r->n--;
	return true;
}

struct fifo {
	unsigned wb, depth, head, count;
	uint8_t *buf;
	uint16_t pushed;   /* h2d: words pushed, ever (credit) */
	uint16_t sent;     /* d2h: words framed, ever */
	uint16_t limit;    /* d2h: the host's credit limit */
	uint16_t adv;      /* h2d: limit last advertised */
};

struct rd {
	uint16_t addr;
	uint8_t n;
	uint32_t vals[SL_CSR_RD_MAX];
};

struct fake_dev {
	struct fake_config cfg;
	uint64_t cycle;
	struct ring from_host, to_host;
	struct sl_deframer df;
	struct sl_plain_deframer pdf;
	uint8_t wire[SL_WIRE_MAX(SL_MAX_BODY) + 8];
	size_t wire_n, wire_off;

	uint8_t session, exp, seq, events;
	uint8_t adv_ack, adv_events;
	bool force, nak;
	uint64_t last_status;
	struct fifo h2d[FAKE_MAX_PIPES], d2h[FAKE_MAX_PIPES];
	unsigned next_d2h;
	struct rd reads[64];
	unsigned nreads;

	bool pending[FAKE_MAX_KERNELS], busy[FAKE_MAX_KERNELS];
	uint16_t dones[FAKE_MAX_KERNELS];
	uint32_t args[64], spec[16], scratch;
	uint64_t errors;
};

static struct fake_config next_cfg;
static struct fake_dev *current;

void fake_configure(const struct fake_config *cfg)
{
	next_cfg = *cfg;
}

struct fake_dev *fake_current(void)
{
	return current;
}

/* ---- FIFOs and kernels --------------------------------------------------- */

static void fifo_clear(struct fifo *f)
{
	f->head = f->count = 0;
}

bool fake_h2d_pop(struct fake_dev *d, unsigned p, void *word)
{
	struct fifo *f = &d->h2d[p];
	if (!f->count)
		return false;
	memcpy(word, f->buf + (size_t)f->head * f->wb, f->wb);
	f->head = (f->head + 1) % f->depth;
	f->count--;
	return true;
}

unsigned fake_h2d_count(struct fake_dev *d, unsigned p)
{
	return d->h2d[p].count;
}

bool fake_d2h_push(struct fake_dev *d, unsigned p, const void *word)
{
	struct fifo *f = &d->d2h[p];
	if (f->count == f->depth)
		return false;
	memcpy(f->buf + (size_t)((f->head + f->count) % f->depth) * f->wb, word, f->wb);
	f->count++;
	return true;
}

unsigned fake_d2h_room(struct fake_dev *d, unsigned p)
{
	return d->d2h[p].depth - d->d2h[p].count;
}

bool fake_take_start(struct fake_dev *d, unsigned k)
{
	if (!d->pending[k] || d->busy[k])
		return false;
	d->pending[k] = false;
	d->busy[k] = true;
	return true;
}

bool fake_busy(struct fake_dev *d, unsigned k)
{
	return d->busy[k];
}

void fake_finish(struct fake_dev *d, unsigned k)
{
	d->busy[k] = false;
	d->dones[k]++;
	d->events++;
}

const uint32_t *fake_args(struct fake_dev *d)
{
	return d->args;
}

const uint32_t *fake_specs(struct fake_dev *d)
{
	return d->spec;
}

uint64_t fake_cycles(struct fake_dev *d)
{
	return d->cycle;
}

uint64_t fake_errors(struct fake_dev *d)
{
	return d->errors;
}

/* ---- control registers ------------------------------------------------------ */

static uint32_t csr_read(struct fake_dev *d, unsigned a)
{
	const struct fake_config *c = &d->cfg;
	switch (a) {
	case SL_CSR_MAGIC: return c->magic ? c->magic : SL_DEV_MAGIC;
	case SL_CSR_VERSION: return SL_PROTO_VERSION;
	case SL_CSR_COUNTS: return c->n_h2d | c->n_d2h << 8 | c->n_kernels << 16;
	case SL_CSR_CLOCK_HZ: return 100000000;
	case SL_CSR_RXBUF: return 512;
	case SL_CSR_TXCFG: return 8 | TX_FRAME << 8;
	case SL_CSR_WORDS: return c->arg_words | c->spec_words << 16;
	case SL_CSR_DESIGN_ID: return c->design_id;
	case SL_CSR_SCRATCH: return d->scratch;
	}
	if (a >= 0x40 && a < 0x40 + c->n_h2d)
		return c->h2d_bytes[a - 0x40] * 8 | c->h2d_depth[a - 0x40] << 16;
	if (a >= 0x80 && a < 0x80 + c->n_d2h)
		return c->d2h_bytes[a - 0x80] * 8 | c->d2h_depth[a - 0x80] << 16;
	if (a >= 0x100 && a < 0x100 + c->n_kernels)
		return d->busy[a - 0x100] | d->pending[a - 0x100] << 1 |
		       (uint32_t)d->dones[a - 0x100] << 16;
	if (a >= 0x1000 && a < 0x1000 + c->arg_words)
		return d->args[a - 0x1000];
	if (a >= 0x2000 && a < 0x2000 + c->spec_words)
		return d->spec[a - 0x2000];
	return 0;
}

static void csr_write(struct fake_dev *d, unsigned a, uint32_t v)
{
	const struct fake_config *c = &d->cfg;
	if (a == SL_CSR_SCRATCH)
		d->scratch = v;
	else if (a == SL_CSR_RESET && (v & 1)) {
		for (unsigned i = 0; i < c->n_h2d; i++)
			fifo_clear(&d->h2d[i]);
		for (unsigned i = 0; i < c->n_d2h; i++)
			fifo_clear(&d->d2h[i]);
		memset(d->busy, 0, sizeof d->busy);
		memset(d->pending, 0, sizeof d->pending);
	} else if (a >= 0x100 && a < 0x100 + c->n_kernels && (v & 1))
		d->pending[a - 0x100] = true;
	else if (a >= 0x1000 && a < 0x1000 + c->arg_words)
		d->args[a - 0x1000] = v;
	else if (a >= 0x2000 && a < 0x2000 + c->spec_words)
		d->spec[a - 0x2000] = v;
}

/* ---- receiving ---------------------------------------------------------------- */

static uint16_t h2d_limit(const struct fifo *f)
{
	return (uint16_t)(f->pushed + f->depth - f->count);
}

static void link_reset(struct fake_dev *d, uint8_t session)
{
	d->session = session;
	d->exp = d->seq = 0;
	d->adv_ack = 0;
	d->nreads = 0;
	d->wire_n = d->wire_off = 0;
	for (unsigned i = 0; i < d->cfg.n_h2d; i++)
		d->h2d[i].pushed = d->h2d[i].adv = 0;
	for (unsigned i = 0; i < d->cfg.n_d2h; i++)
		d->d2h[i].sent = d->d2h[i].limit = 0;
	d->force = true;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void apply(struct fake_dev *d, const uint8_t *b, size_t n)
{
	unsigned arg = b[2] | b[3] << 8;
	const uint8_t *pl = b + SL_SEQ_HDR;
	size_t len = n - SL_SEQ_HDR;

	if (b[0] == SL_T_DATA && arg < d->cfg.n_h2d) {
		struct fifo *f = &d->h2d[arg];
		for (size_t w = 0; w + f->wb <= len; w += f->wb) {
			if (f->count == f->depth) {
				d->errors++; /* the host sent without credit */
				continue;
			}
			memcpy(f->buf + (size_t)((f->head + f->count) % f->depth) * f->wb, pl + w, f->wb);
			f->count++;
			f->pushed++;
		}
	} else if (b[0] == SL_T_CSR_WR) {
		for (size_t i = 0; i + 4 <= len; i += 4)
			csr_write(d, arg + (unsigned)i / 4, le32(pl + i));
	} else if (b[0] == SL_T_CSR_RD && len == 1 && pl[0] >= 1 && pl[0] <= SL_CSR_RD_MAX &&
		   d->nreads < 64) {
		struct rd *r = &d->reads[d->nreads++];
		r->addr = (uint16_t)arg;
		r->n = pl[0];
		for (unsigned i = 0; i < r->n; i++)
			r->vals[i] = csr_read(d, arg + i);
	} else {
		d->errors++;
	}
}

static void on_frame(struct fake_dev *d, const uint8_t *b, size_t n)
{
	if (b[0] == SL_T_LINK_RESET && n == SL_RESET_LEN) {
		link_reset(d, b[1]);
		return;
	}
	if (!d->session)
		return;
	if (b[0] == SL_T_STATUS) {
		if (n != SL_STATUS_HDR + 2u * d->cfg.n_d2h || b[6] != d->session) {
			d->errors++;
			return;
		}
		if (b[1] & SL_SF_NAK)
			d->errors++;
		if (b[1] & SL_SF_POLL)
			d->force = true;
		for (unsigned i = 0; i < d->cfg.n_d2h; i++)
			d->d2h[i].limit = (uint16_t)(b[8 + 2 * i] | b[9 + 2 * i] << 8);
		return;
	}
	if (n < SL_SEQ_HDR || b[0] < 1 || b[0] > 3) {
		d->errors++;
		return;
	}
	if (b[1] == d->exp) {
		apply(d, b, n);
		d->exp++;
	} else {
		d->errors++;
		d->force = true;
	}
}

/* ---- sending -------------------------------------------------------------------- */

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void emit(struct fake_dev *d, const uint8_t *body, size_t n)
{
	int k = d->cfg.beat ? sl_plain_encode(body, n, d->cfg.beat, d->wire, sizeof d->wire)
			    : sl_frame_encode(body, n, true, d->wire, sizeof d->wire);
	d->wire_n = k > 0 ? (size_t)k : 0;
	d->wire_off = 0;
}

static bool status_dirty(struct fake_dev *d)
{
	if (d->adv_ack != d->exp || d->adv_events != d->events)
		return true;
	for (unsigned i = 0; i < d->cfg.n_h2d; i++)
		if (h2d_limit(&d->h2d[i]) != d->h2d[i].adv)
			return true;
	return false;
}

static void next_frame(struct fake_dev *d)
{
	uint8_t body[SL_MAX_BODY];

	if (d->force || (status_dirty(d) && d->cycle - d->last_status >= STATUS_GAP)) {
		body[0] = SL_T_STATUS;
		body[1] = 0;
		body[2] = body[3] = d->exp;
		body[4] = d->seq;
		body[5] = d->events;
		body[6] = d->session;
		body[7] = 0;
		for (unsigned i = 0; i < d->cfg.n_h2d; i++) {
			d->h2d[i].adv = h2d_limit(&d->h2d[i]);
			put16(body + 8 + 2 * i, d->h2d[i].adv);
		}
		d->adv_ack = d->exp;
		d->adv_events = d->events;
		d->force = false;
		d->last_status = d->cycle;
		emit(d, body, SL_STATUS_HDR + 2 * d->cfg.n_h2d);
		return;
	}
	if (d->nreads) {
		struct rd *r = &d->reads[0];
		body[0] = SL_T_CSR_RDATA;
		body[1] = d->seq++;
		put16(body + 2, r->addr);
		for (unsigned i = 0; i < r->n; i++) {
			put16(body + 4 + 4 * i, (uint16_t)r->vals[i]);
			put16(body + 6 + 4 * i, (uint16_t)(r->vals[i] >> 16));
		}
		emit(d, body, SL_SEQ_HDR + 4u * r->n);
		memmove(d->reads, d->reads + 1, --d->nreads * sizeof *d->reads);
		return;
	}
	for (unsigned k = 0; k < d->cfg.n_d2h; k++) {
		unsigned p = (d->next_d2h + k) % d->cfg.n_d2h;
		struct fifo *f = &d->d2h[p];
		uint16_t credit = (uint16_t)(f->limit - f->sent);
		if (credit >= 0x8000 || !credit || !f->count)
			continue;
		unsigned n = f->count < credit ? f->count : credit;
		if (n > (TX_FRAME - SL_SEQ_HDR) / f->wb)
			n = (TX_FRAME - SL_SEQ_HDR) / f->wb;
		body[0] = SL_T_DATA;
		body[1] = d->seq++;
		put16(body + 2, (uint16_t)p);
		for (unsigned w = 0; w < n; w++) {
			memcpy(body + SL_SEQ_HDR + w * f->wb, f->buf + (size_t)f->head * f->wb, f->wb);
			f->head = (f->head + 1) % f->depth;
		}
		f->count -= n;
		f->sent = (uint16_t)(f->sent + n);
		d->next_d2h = p + 1;
		emit(d, body, SL_SEQ_HDR + n * f->wb);
		return;
	}
}

static void tick(struct fake_dev *d)
{
	uint8_t b;
	unsigned per = d->cfg.beat ? d->cfg.beat : 1; /* link bytes a cycle each way */
	for (unsigned i = 0; i < per && ring_get(&d->from_host, &b); i++) {
		size_t n = d->cfg.beat ? sl_plain_deframer_push(&d->pdf, b)
				       : sl_deframer_push(&d->df, b);
		if (n)
			on_frame(d, d->cfg.beat ? d->pdf.buf : d->df.buf, n);
	}
	if (d->cfg.tick)
		d->cfg.tick(d, d->cfg.user);
	for (unsigned i = 0; i < per; i++) {
		if (d->wire_off == d->wire_n && d->session)
			next_frame(d);
		if (d->wire_off < d->wire_n && d->to_host.n < RING)
			ring_put(&d->to_host, &d->wire[d->wire_off++], 1);
	}
	d->cycle++;
}

/* ---- the transport ------------------------------------------------------------------ */

struct sluice_transport {
	struct fake_dev *dev;
};

static int fk_open(struct sluice_transport **t, const char *arg, char **board)
{
	(void)arg;
	*t = calloc(1, sizeof **t);
	*board = strdup("fakeboard");
	return *t && *board ? SLUICE_OK : rt_err(SLUICE_E_NO_MEM, "out of memory");
}

static void fk_unload(struct sluice_transport *t)
{
	if (!t->dev)
		return;
	for (unsigned i = 0; i < FAKE_MAX_PIPES; i++) {
		free(t->dev->h2d[i].buf);
		free(t->dev->d2h[i].buf);
	}
	if (current == t->dev)
		current = NULL;
	free(t->dev);
	t->dev = NULL;
}

static void fk_close(struct sluice_transport *t)
{
	fk_unload(t);
	free(t);
}

static int fk_load(struct sluice_transport *t, const struct sluice_module *m,
		   struct rt_timing *timing)
{
	(void)m;
	struct fake_dev *d = calloc(1, sizeof *d);
	if (!d)
		return rt_err(SLUICE_E_NO_MEM, "out of memory");
	d->cfg = next_cfg;
	for (unsigned i = 0; i < d->cfg.n_h2d; i++) {
		d->h2d[i].wb = d->cfg.h2d_bytes[i];
		d->h2d[i].depth = d->cfg.h2d_depth[i];
		d->h2d[i].buf = calloc(d->h2d[i].depth, d->h2d[i].wb);
	}
	for (unsigned i = 0; i < d->cfg.n_d2h; i++) {
		d->d2h[i].wb = d->cfg.d2h_bytes[i];
		d->d2h[i].depth = d->cfg.d2h_depth[i];
		d->d2h[i].buf = calloc(d->d2h[i].depth, d->d2h[i].wb);
	}
	memcpy(d->spec, d->cfg.spec_init, sizeof d->spec);
	sl_deframer_init(&d->df);
	sl_plain_deframer_init(&d->pdf, d->cfg.beat);
	t->dev = current = d;
	*timing = (struct rt_timing){
		.link_timeout = 20000,
		.status_gap = 64,
		.round = 256,
		.poll_round = 64,
		.deadlock = d->cfg.no_deadlock ? 0 : d->cfg.deadlock ? d->cfg.deadlock : 50000,
		.connect_limit = 20000,
		.unit = "cycles",
		.reset_on_load = true,
		.beat = d->cfg.beat,
	};
	return SLUICE_OK;
}

static int fk_xfer(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		   uint8_t *rx, size_t cap, size_t *got, uint64_t budget)
{
	struct fake_dev *d = t->dev;
	size_t s = 0, g = 0;
	uint64_t ran = 0;
	for (;;) {
		if (!d->cfg.silent)
			s += ring_put(&d->from_host, tx + s, ntx - s);
		else
			s = ntx;
		while (g < cap && ring_get(&d->to_host, &rx[g]))
			g++;
		if (ran >= budget || g > 0 || (ntx && s == ntx && !d->from_host.n))
			break;
		for (int i = 0; i < 32 && ran < budget; i++, ran++)
			tick(d);
	}
	*sent = s;
	*got = g;
	return SLUICE_OK;
}

static uint64_t fk_now(struct sluice_transport *t)
{
	return t->dev ? t->dev->cycle : 0;
}

const struct sluice_transport_ops fake_transport_ops = {
	.kind = "fake",
	.open = fk_open,
	.close = fk_close,
	.load = fk_load,
	.unload = fk_unload,
	.xfer = fk_xfer,
	.now = fk_now,
};

int fake_open(sluice_device **dev)
{
	return sluice__device_open_with(dev, &fake_transport_ops, "", "fake");
}
