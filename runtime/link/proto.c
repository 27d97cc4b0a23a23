/*
 * Host side of the sluice host-link protocol (specified in proto.h):
 * CRC-32C, byte-stuffed framing, and the link state machine (go-back-N
 * sequencing, credits, STATUS, POLL and NAK, the LINK_RESET handshake).
 *
 * Guarantees: pure computation on the caller's bytes and clock, no I/O,
 * no printing, no global mutable state; a frame is delivered (pipe words
 * appended to the pipe's buffer, a CSR answer completed) only if its CRC
 * checks and its sequence number is the one expected, so words come out
 * exactly once and in order.
 */
#include "proto.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(SL_DEFRAME_MAX >= SL_STATUS_HDR + 2 * SL_MAX_PIPES, "deframer too small");
_Static_assert(SL_WINDOW < 128, "window must be below half the sequence space");

/* ---- CRC-32C ----------------------------------------------------------- */

uint32_t sl_crc32c(uint32_t crc, const void *data, size_t n)
{
    const uint8_t *p = data;
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0x82F63B78u & -(crc & 1u));
    }
    return ~crc;
}

/* ---- framing ----------------------------------------------------------- */

static size_t stuff(uint8_t b, uint8_t *out)
{
    if (b == SL_FLAG || b == SL_ESC) {
        out[0] = SL_ESC;
        out[1] = b ^ SL_ESC_XOR;
        return 2;
    }
    out[0] = b;
    return 1;
}

int sl_frame_encode(const uint8_t *body, size_t n, bool open_flag, uint8_t *out, size_t cap)
{
    uint8_t tmp[2];
    size_t k = 0;
    uint32_t crc = sl_crc32c(0, body, n);

    if (open_flag) {
        if (cap < 1)
            return SL_E_NOSPACE;
        out[k++] = SL_FLAG;
    }
    for (size_t i = 0; i < n + SL_CRC_BYTES; i++) {
        uint8_t b = i < n ? body[i] : (uint8_t)(crc >> (8 * (i - n)));
        size_t m = stuff(b, tmp);
        if (k + m > cap)
            return SL_E_NOSPACE;
        memcpy(out + k, tmp, m);
        k += m;
    }
    if (k + 1 > cap)
        return SL_E_NOSPACE;
    out[k++] = SL_FLAG;
    return (int)k;
}

void sl_deframer_init(struct sl_deframer *d)
{
    memset(d, 0, sizeof *d);
}

size_t sl_deframer_push(struct sl_deframer *d, uint8_t byte)
{
    if (byte == SL_FLAG) {
        size_t n = d->n;
        bool bad = d->bad || d->esc;
        d->n = 0;
        d->esc = d->bad = false;
        if (n == 0)
            return 0; /* idle fill */
        if (bad || n < 1 + SL_CRC_BYTES) {
            d->dropped++;
            return 0;
        }
        size_t len = n - SL_CRC_BYTES;
        uint32_t crc = (uint32_t)d->buf[len] | (uint32_t)d->buf[len + 1] << 8 |
                       (uint32_t)d->buf[len + 2] << 16 | (uint32_t)d->buf[len + 3] << 24;
        if (sl_crc32c(0, d->buf, len) != crc) {
            d->dropped++;
            return 0;
        }
        d->good++;
        return len;
    }
    if (byte == SL_ESC) {
        if (d->esc)
            d->bad = true; /* ESC ESC never comes from a sender */
        d->esc = true;
        return 0;
    }
    if (d->esc) {
        byte ^= SL_ESC_XOR;
        d->esc = false;
    }
    if (d->n < sizeof d->buf)
        d->buf[d->n++] = byte;
    else
        d->bad = true;
    return 0;
}

/* ---- plain framing ----------------------------------------------------- */

bool sl_beat_ok(unsigned beat)
{
    return beat >= SL_BEAT_MIN && beat <= SL_BEAT_MAX && !(beat & (beat - 1));
}

static unsigned plain_hsize(unsigned beat)
{
    return beat > SL_PLAIN_HDR ? beat : SL_PLAIN_HDR;
}

int sl_plain_encode(const uint8_t *body, size_t n, unsigned beat, uint8_t *out, size_t cap)
{
    if (!sl_beat_ok(beat) || n < 1 || n > SL_MAX_BODY)
        return SL_E_INVAL;
    size_t size = SL_PLAIN_SIZE(n, beat), h = plain_hsize(beat);
    if (size > cap)
        return SL_E_NOSPACE;
    memset(out, 0, size);
    memcpy(out, body, n < 4 ? n : 4);
    out[4] = (uint8_t)n;
    out[5] = (uint8_t)(n >> 8);
    if (n > 4)
        memcpy(out + h, body + 4, n - 4);
    return (int)size;
}

void sl_plain_deframer_init(struct sl_plain_deframer *d, unsigned beat)
{
    memset(d, 0, sizeof *d);
    d->beat = beat;
    d->hsize = plain_hsize(beat);
}

size_t sl_plain_deframer_push(struct sl_plain_deframer *d, uint8_t byte)
{
    if (d->broken)
        return 0;
    size_t at = d->n++;
    if (at < d->hsize) {
        if (at < SL_PLAIN_HDR)
            d->hdr[at] = byte;
        else if (byte)
            d->broken = true; /* reserved, zero */
        if (at + 1 < d->hsize)
            return 0;
        d->len = (size_t)d->hdr[4] | (size_t)d->hdr[5] << 8;
        if (d->len < 1 || d->len > SL_MAX_BODY || d->hdr[6] || d->hdr[7] ||
            (d->len < 4 && memcmp(d->hdr + d->len, "\0\0\0\0", 4 - d->len)))
            d->broken = true;
        if (d->broken) {
            d->dropped++;
            return 0;
        }
        memcpy(d->buf, d->hdr, d->len < 4 ? d->len : 4);
    } else if (at - d->hsize + 4 < d->len) {
        d->buf[at - d->hsize + 4] = byte;
    }
    if (d->n < SL_PLAIN_SIZE(d->len, d->beat))
        return 0;
    d->n = 0;
    d->good++;
    return d->len;
}

size_t sl_plain_deframer_feed(struct sl_plain_deframer *d, const uint8_t *bytes, size_t n,
                              size_t *used)
{
    size_t i = 0;
    while (i < n && !d->broken) {
        if (d->n < d->hsize) {
            /* the header, a byte at a time */
            size_t len = sl_plain_deframer_push(d, bytes[i++]);
            if (len) {
                *used = i;
                return len;
            }
            continue;
        }
        /* the rest of the frame: its body bytes copied, its padding skipped */
        size_t size = SL_PLAIN_SIZE(d->len, d->beat);
        size_t run = size - d->n < n - i ? size - d->n : n - i;
        size_t body_end = d->hsize + (d->len > 4 ? d->len - 4 : 0);
        if (d->n < body_end) {
            size_t k = body_end - d->n < run ? body_end - d->n : run;
            memcpy(d->buf + (d->n - d->hsize + 4), bytes + i, k);
        }
        d->n += run;
        i += run;
        if (d->n == size) {
            d->n = 0;
            d->good++;
            *used = i;
            return d->len;
        }
    }
    *used = n;
    return 0;
}

/* ---- the link ---------------------------------------------------------- */

enum { LINK_IDLE, LINK_SYNCING, LINK_CONNECTED };

/* adaptive H2D frame size (see h2d_max_words), payload bytes */
#define FRAME_CAP_MIN 16
#define FRAME_CAP_START 64
#define FRAME_CAP_STEP 8


struct txframe {
    uint16_t len;
    bool sent; /* transmitted at least once */
    uint8_t body[SL_MAX_BODY];
};

struct d2h_pipe {
    unsigned wb;        /* bytes per word */
    uint32_t cap;       /* buffer capacity in words */
    uint8_t *buf;       /* cap * wb bytes, a ring of words */
    uint32_t head, count;
    uint16_t received;  /* words accepted, ever, mod 2^16 */
    uint16_t adv_limit; /* the LIMIT last put in a STATUS */
};

struct csr_read {
    uint32_t ticket;
    uint16_t addr;
    uint8_t n;
    bool done;
    uint32_t vals[SL_CSR_RD_MAX];
};

struct sl_link {
    unsigned n_h2d, n_d2h;
    unsigned h2d_wb[SL_MAX_PIPES];
    uint64_t timeout, status_gap;
    struct d2h_pipe d2h[SL_MAX_PIPES];

    int state;
    uint8_t session;
    uint64_t reset_sent_at;
    bool reset_due;

    /* host -> device sequenced frames, win[seq % SL_WINDOW] */
    struct txframe win[SL_WINDOW];
    uint8_t base, send, top;
    bool top_open;           /* frame top-1 may still grow (never sent) */
    size_t unacked_bytes;    /* body bytes of frames base .. top-1 */
    uint16_t h2d_sent[SL_MAX_PIPES], h2d_limit[SL_MAX_PIPES];
    bool h2d_starved;

    /* device -> host */
    unsigned beat;           /* 0: byte framing; else plain framing's W */
    bool d2h_held;           /* no D2H credit given yet (sl_link_release_d2h) */
    struct sl_deframer df;
    struct sl_plain_deframer pdf;
    uint8_t rx_exp;
    bool nak_sent;
    uint8_t ooo_last;        /* the last out-of-order SEQ dropped */
    size_t frame_cap;        /* payload bytes for new DATA frames (AIMD) */
    uint8_t ack_adv;         /* the ACK last put in a STATUS */
    unsigned rx_since_ack;
    uint8_t events;

    /* our next STATUS */
    bool st_force, st_nak, st_poll;
    uint64_t last_status;

    uint64_t last_progress;

    uint32_t dev_rxbuf, dev_tx_frame, dev_tx_slots;

    /* CSR reads in the order they were sent (answers come in that order) */
    struct csr_read reads[SL_WINDOW];
    unsigned reads_head, reads_n;
    uint32_t next_ticket;

    struct sl_link_stats st;
};

static inline uint8_t seq_off(uint8_t a, uint8_t b)
{
    return (uint8_t)(a - b);
}

static inline bool seq_ahead(uint8_t a, uint8_t b)
{
    uint8_t d = seq_off(a, b);
    return d >= 1 && d <= 127;
}

static inline uint16_t credit(uint16_t limit, uint16_t sent)
{
    uint16_t d = (uint16_t)(limit - sent);
    return d < 0x8000 ? d : 0;
}

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

int sl_link_create(struct sl_link **out, const struct sl_link_config *cfg)
{
    if (!out || !cfg || cfg->n_h2d > SL_MAX_PIPES || cfg->n_d2h > SL_MAX_PIPES ||
        (cfg->n_h2d && !cfg->h2d_word_bytes) || (cfg->n_d2h && !cfg->d2h_word_bytes))
        return SL_E_INVAL;
    for (unsigned i = 0; i < cfg->n_h2d; i++)
        if (cfg->h2d_word_bytes[i] < 1 || cfg->h2d_word_bytes[i] > SL_MIN_RXBUF - SL_SEQ_HDR - 4 ||
            cfg->h2d_word_bytes[i] > SL_MAX_PAYLOAD)
            return SL_E_INVAL;
    for (unsigned i = 0; i < cfg->n_d2h; i++)
        if (cfg->d2h_word_bytes[i] < 1 || cfg->d2h_word_bytes[i] > SL_MAX_PAYLOAD)
            return SL_E_INVAL;

    if (cfg->beat && !sl_beat_ok(cfg->beat))
        return SL_E_INVAL;

    struct sl_link *l = calloc(1, sizeof *l);
    if (!l)
        return SL_E_NOMEM;
    l->beat = cfg->beat;
    l->d2h_held = cfg->hold_d2h;
    l->n_h2d = cfg->n_h2d;
    l->n_d2h = cfg->n_d2h;
    l->timeout = cfg->timeout ? cfg->timeout : 1;
    l->status_gap = cfg->status_gap;
    for (unsigned i = 0; i < l->n_h2d; i++)
        l->h2d_wb[i] = cfg->h2d_word_bytes[i];
    for (unsigned i = 0; i < l->n_d2h; i++) {
        struct d2h_pipe *p = &l->d2h[i];
        uint32_t cap = cfg->d2h_buffer_words && cfg->d2h_buffer_words[i] ? cfg->d2h_buffer_words[i]
                                                                          : 4096;
        p->wb = cfg->d2h_word_bytes[i];
        p->cap = cap > SL_CREDIT_CLAMP ? SL_CREDIT_CLAMP : cap;
        p->buf = malloc((size_t)p->cap * p->wb);
        if (!p->buf) {
            sl_link_destroy(l);
            return SL_E_NOMEM;
        }
    }
    l->dev_rxbuf = SL_MIN_RXBUF;
    l->dev_tx_frame = SL_MIN_TX_FRAME;
    l->dev_tx_slots = 2;
    sl_deframer_init(&l->df);
    sl_plain_deframer_init(&l->pdf, l->beat);
    *out = l;
    return SL_OK;
}

void sl_link_destroy(struct sl_link *l)
{
    if (!l)
        return;
    for (unsigned i = 0; i < l->n_d2h; i++)
        free(l->d2h[i].buf);
    free(l);
}

int sl_link_connect(struct sl_link *l, uint8_t session, uint64_t now)
{
    if (session == 0)
        return SL_E_INVAL;
    l->state = LINK_SYNCING;
    l->session = session;
    l->reset_due = true;
    l->base = l->send = l->top = 0;
    l->top_open = false;
    l->unacked_bytes = 0;
    memset(l->h2d_sent, 0, sizeof l->h2d_sent);
    memset(l->h2d_limit, 0, sizeof l->h2d_limit);
    l->h2d_starved = false;
    sl_deframer_init(&l->df);
    /* plain framing: the stream goes on whole, a frame the device was
     * sending included, so the deframer keeps its place in it (proto.h
     * section 2b); only a broken one starts again */
    if (l->pdf.broken)
        sl_plain_deframer_init(&l->pdf, l->beat);
    l->rx_exp = 0;
    l->nak_sent = false;
    l->ooo_last = 0;
    l->frame_cap = FRAME_CAP_START;
    l->ack_adv = 0;
    l->rx_since_ack = 0;
    l->events = 0;
    l->st_force = l->st_nak = l->st_poll = false;
    l->last_status = now;
    l->last_progress = now;
    for (unsigned i = 0; i < l->n_d2h; i++) {
        struct d2h_pipe *p = &l->d2h[i];
        p->head = p->count = 0;
        p->received = p->adv_limit = 0;
    }
    l->reads_head = l->reads_n = 0;
    return SL_OK;
}

bool sl_link_connected(const struct sl_link *l)
{
    return l->state == LINK_CONNECTED;
}

int sl_link_set_device_limits(struct sl_link *l, uint32_t rxbuf, uint32_t txcfg)
{
    uint32_t slots = txcfg & 0xff, frame = (txcfg >> 8) & 0xffff;
    if (rxbuf < SL_MIN_RXBUF || slots < 2 || frame < SL_MIN_TX_FRAME)
        return SL_E_INVAL;
    l->dev_rxbuf = rxbuf;
    l->dev_tx_slots = slots;
    l->dev_tx_frame = frame;
    return SL_OK;
}

/* ---- sending ----------------------------------------------------------- */

static uint16_t d2h_limit(const struct sl_link *l, const struct d2h_pipe *p)
{
    if (l->d2h_held)
        return p->received;
    return (uint16_t)(p->received - p->count + p->cap);
}

void sl_link_release_d2h(struct sl_link *l)
{
    l->d2h_held = false;
}

/* Largest payload for an H2D DATA frame of word size wb: whole words,
 * at most half the device buffer so that two frames can be in flight, and
 * at most frame_cap.  frame_cap starts small, grows as frames are
 * acknowledged and halves when one is lost (NAK or timeout): a frame keeps
 * its size when it is resent, and on a noisy link a long frame may almost
 * never get through (with 1 % of bytes damaged, 7 % of 263-byte frames do). */
static size_t h2d_max_words(const struct sl_link *l, unsigned wb)
{
    size_t room = l->dev_rxbuf / 2 > SL_SEQ_HDR ? l->dev_rxbuf / 2 - SL_SEQ_HDR : 0;
    if (room > SL_MAX_PAYLOAD)
        room = SL_MAX_PAYLOAD;
    if (room > l->frame_cap)
        room = l->frame_cap;
    size_t w = room / wb;
    return w ? w : 1;
}

static bool window_full(const struct sl_link *l)
{
    return seq_off(l->top, l->base) >= SL_WINDOW;
}

static size_t budget(const struct sl_link *l)
{
    return l->unacked_bytes < l->dev_rxbuf ? l->dev_rxbuf - l->unacked_bytes : 0;
}

static struct txframe *open_frame_for(struct sl_link *l, uint8_t type, unsigned arg)
{
    if (!l->top_open)
        return NULL;
    struct txframe *f = &l->win[(uint8_t)(l->top - 1) % SL_WINDOW];
    if (f->body[0] != type || (unsigned)(f->body[2] | f->body[3] << 8) != arg)
        return NULL;
    return f;
}

static struct txframe *new_frame(struct sl_link *l, uint8_t type, unsigned arg)
{
    struct txframe *f = &l->win[l->top % SL_WINDOW];
    f->body[0] = type;
    f->body[1] = l->top;
    put16(f->body + 2, (uint16_t)arg);
    f->len = SL_SEQ_HDR;
    f->sent = false;
    l->top++;
    l->top_open = true;
    l->unacked_bytes += SL_SEQ_HDR;
    return f;
}

/* How many of want words H2D pipe p can frame now (credit, window and
 * device buffer allowing); with doit, frames them from data. */
static size_t h2d_frame(struct sl_link *l, unsigned p, const uint8_t *data, size_t want, bool doit)
{
    unsigned wb = l->h2d_wb[p];
    size_t maxw = h2d_max_words(l, wb);
    size_t cred = credit(l->h2d_limit[p], l->h2d_sent[p]);
    size_t bud = budget(l), done = 0;
    uint8_t top = l->top;
    struct txframe *f = open_frame_for(l, SL_T_DATA, p);
    bool have_frame = f != NULL;
    size_t have = f ? (f->len - SL_SEQ_HDR) / wb : 0;

    if (want > cred)
        want = cred;
    while (done < want) {
        /* a new frame is opened only once it is known to get words: a
         * DATA frame without any is malformed, and the device drops it */
        bool opening = !have_frame || have >= maxw;
        size_t room = bud;
        if (opening) {
            if (seq_off(top, l->base) >= SL_WINDOW || bud < SL_SEQ_HDR + wb)
                break;
            room -= SL_SEQ_HDR;
            have = 0;
        }
        size_t k = want - done;
        if (k > maxw - have)
            k = maxw - have;
        /* no short frame for lack of device buffer while frames are in
         * flight: their acknowledgements free room soon (else frames stay
         * as short as the room each acknowledgement frees) */
        if (k > room / wb && opening && seq_off(top + 1, l->base) > 1)
            break;
        if (k > room / wb)
            k = room / wb;
        if (k == 0)
            break;
        if (opening) {
            if (doit)
                f = new_frame(l, SL_T_DATA, p);
            top++;
            have_frame = true;
            bud = room;
        }
        if (doit) {
            memcpy(f->body + f->len, data + done * wb, k * wb);
            f->len += (uint16_t)(k * wb);
            l->unacked_bytes += k * wb;
            l->h2d_sent[p] += (uint16_t)k;
        }
        bud -= k * wb;
        have += k;
        done += k;
    }
    return done;
}

size_t sl_link_h2d_space(const struct sl_link *l, unsigned pipe)
{
    if (l->state != LINK_CONNECTED || pipe >= l->n_h2d)
        return 0;
    return h2d_frame((struct sl_link *)l, pipe, NULL, SIZE_MAX, false);
}

int sl_link_h2d_write(struct sl_link *l, unsigned pipe, const void *data, size_t nwords,
                      size_t *written)
{
    if (pipe >= l->n_h2d || (nwords && !data))
        return SL_E_INVAL;
    if (l->state != LINK_CONNECTED)
        return SL_E_STATE;
    size_t n = nwords ? h2d_frame(l, pipe, data, nwords, true) : 0;
    if (n < nwords && credit(l->h2d_limit[pipe], l->h2d_sent[pipe]) == 0)
        l->h2d_starved = true;
    if (written)
        *written = n;
    return n == 0 && nwords ? SL_E_AGAIN : SL_OK;
}

int sl_link_csr_write(struct sl_link *l, uint16_t addr, const uint32_t *vals, unsigned n)
{
    if (n < 1 || n > SL_MAX_PAYLOAD / 4 || !vals)
        return SL_E_INVAL;
    if (l->state != LINK_CONNECTED)
        return SL_E_STATE;
    if (window_full(l) || budget(l) < SL_SEQ_HDR + 4 * n)
        return SL_E_AGAIN;
    struct txframe *f = new_frame(l, SL_T_CSR_WR, addr);
    for (unsigned i = 0; i < n; i++) {
        put16(f->body + f->len, (uint16_t)vals[i]);
        put16(f->body + f->len + 2, (uint16_t)(vals[i] >> 16));
        f->len += 4;
    }
    l->unacked_bytes += 4 * n;
    l->top_open = false;
    return SL_OK;
}

int sl_link_csr_read(struct sl_link *l, uint16_t addr, unsigned n, uint32_t *ticket)
{
    if (n < 1 || n > SL_CSR_RD_MAX || n > (l->dev_tx_frame - SL_SEQ_HDR) / 4 || !ticket)
        return SL_E_INVAL;
    if (l->state != LINK_CONNECTED)
        return SL_E_STATE;
    if (window_full(l) || budget(l) < SL_SEQ_HDR + 1 || l->reads_n >= SL_WINDOW)
        return SL_E_AGAIN;
    struct txframe *f = new_frame(l, SL_T_CSR_RD, addr);
    f->body[f->len++] = (uint8_t)n;
    l->unacked_bytes += 1;
    l->top_open = false;
    struct csr_read *r = &l->reads[(l->reads_head + l->reads_n) % SL_WINDOW];
    l->reads_n++;
    r->ticket = l->next_ticket++;
    r->addr = addr;
    r->n = (uint8_t)n;
    r->done = false;
    *ticket = r->ticket;
    return SL_OK;
}

int sl_link_csr_result(struct sl_link *l, uint32_t ticket, uint32_t *vals)
{
    for (unsigned i = 0; i < l->reads_n; i++) {
        struct csr_read *r = &l->reads[(l->reads_head + i) % SL_WINDOW];
        if (r->ticket != ticket)
            continue;
        if (!r->done)
            return SL_E_AGAIN;
        if (vals)
            memcpy(vals, r->vals, r->n * sizeof *vals);
        /* used up: drop it, keeping the rest in order */
        for (unsigned j = i; j + 1 < l->reads_n; j++)
            l->reads[(l->reads_head + j) % SL_WINDOW] = l->reads[(l->reads_head + j + 1) % SL_WINDOW];
        l->reads_n--;
        return SL_OK;
    }
    return SL_E_INVAL;
}

static bool reads_waiting(const struct sl_link *l)
{
    for (unsigned i = 0; i < l->reads_n; i++)
        if (!l->reads[(l->reads_head + i) % SL_WINDOW].done)
            return true;
    return false;
}

static bool status_dirty(const struct sl_link *l, bool *urgent)
{
    bool dirty = l->ack_adv != l->rx_exp;
    *urgent = l->rx_since_ack * 2 >= l->dev_tx_slots;
    for (unsigned i = 0; i < l->n_d2h; i++) {
        const struct d2h_pipe *p = &l->d2h[i];
        uint16_t lim = d2h_limit(l, p);
        if (lim != p->adv_limit) {
            dirty = true;
            /* the device has less than half a buffer of credit left */
            if (credit(p->adv_limit, p->received) * 2 < p->cap)
                *urgent = true;
        }
    }
    return dirty;
}

/* Appends one frame's wire bytes to buf; false if it does not fit. */
static bool emit(struct sl_link *l, const uint8_t *body, size_t n, uint8_t *buf, size_t cap,
                 size_t *k)
{
    int r = l->beat ? sl_plain_encode(body, n, l->beat, buf + *k, cap - *k)
                    : sl_frame_encode(body, n, *k == 0, buf + *k, cap - *k);
    if (r < 0)
        return false;
    *k += (size_t)r;
    l->st.bytes_sent += (uint64_t)r;
    return true;
}

size_t sl_link_tx(struct sl_link *l, uint8_t *buf, size_t cap, uint64_t now)
{
    size_t k = 0;
    uint8_t body[SL_STATUS_HDR + 2 * SL_MAX_PIPES];

    if (l->state == LINK_SYNCING) {
        if (l->reset_due || now - l->reset_sent_at >= l->timeout) {
            body[0] = SL_T_LINK_RESET;
            body[1] = l->session;
            if (emit(l, body, SL_RESET_LEN, buf, cap, &k)) {
                l->reset_due = false;
                l->reset_sent_at = now;
            }
        }
        return k;
    }
    if (l->state != LINK_CONNECTED)
        return 0;

    /* waiting with no progress for a timeout: POLL */
    bool waiting = l->base != l->top || l->h2d_starved || reads_waiting(l);
    if (waiting && now - l->last_progress >= l->timeout) {
        l->frame_cap = l->frame_cap / 2 > FRAME_CAP_MIN ? l->frame_cap / 2 : FRAME_CAP_MIN;
        l->st_force = l->st_poll = true;
        l->last_progress = now;
        l->st.polls_sent++;
    }

    bool urgent;
    bool dirty = status_dirty(l, &urgent);
    if (l->st_force || (dirty && (urgent || now - l->last_status >= l->status_gap))) {
        size_t n = SL_STATUS_HDR + 2 * l->n_d2h;
        body[0] = SL_T_STATUS;
        body[1] = (l->st_nak ? SL_SF_NAK : 0) | (l->st_poll ? SL_SF_POLL : 0);
        body[2] = l->rx_exp; /* ACK: the host finishes a frame on arrival */
        body[3] = l->rx_exp;
        body[4] = l->send;
        body[5] = 0;
        body[6] = l->session;
        body[7] = 0;
        for (unsigned i = 0; i < l->n_d2h; i++)
            put16(body + SL_STATUS_HDR + 2 * i, d2h_limit(l, &l->d2h[i]));
        if (emit(l, body, n, buf, cap, &k)) {
            if (l->st_nak)
                l->st.naks_sent++;
            l->st.statuses_sent++;
            l->st_force = l->st_nak = l->st_poll = false;
            l->ack_adv = l->rx_exp;
            l->rx_since_ack = 0;
            for (unsigned i = 0; i < l->n_d2h; i++)
                l->d2h[i].adv_limit = d2h_limit(l, &l->d2h[i]);
            l->last_status = now;
        }
    }

    while (seq_off(l->send, l->base) < seq_off(l->top, l->base)) {
        struct txframe *f = &l->win[l->send % SL_WINDOW];
        if (!emit(l, f->body, f->len, buf, cap, &k))
            break;
        if (f->sent)
            l->st.frames_resent++;
        f->sent = true;
        l->st.frames_sent++;
        l->send++;
        if (l->send == l->top)
            l->top_open = false;
    }
    return k;
}

/* ---- receiving --------------------------------------------------------- */

static void progress(struct sl_link *l, uint64_t now)
{
    l->last_progress = now;
}

static void on_status(struct sl_link *l, const uint8_t *b, size_t n, uint64_t now)
{
    if (n != SL_STATUS_HDR + 2u * l->n_h2d || b[6] != l->session) {
        l->st.frames_rejected++;
        return;
    }
    l->st.statuses_received++;
    if (l->state == LINK_SYNCING) {
        l->state = LINK_CONNECTED;
        l->st_force = true; /* our credits */
        progress(l, now);
    }
    uint8_t flags = b[1], ack = b[2], exp = b[3], next = b[4];
    uint8_t off_top = seq_off(l->top, l->base);

    if (seq_off(ack, l->base) <= off_top) {
        uint8_t n_acked = seq_off(ack, l->base);
        for (uint8_t i = 0; i < n_acked; i++)
            l->unacked_bytes -= l->win[(uint8_t)(l->base + i) % SL_WINDOW].len;
        if (n_acked) {
            progress(l, now);
            l->frame_cap += (size_t)FRAME_CAP_STEP * n_acked;
            if (l->frame_cap > SL_MAX_PAYLOAD)
                l->frame_cap = SL_MAX_PAYLOAD;
        }
        if (seq_off(l->send, l->base) < n_acked)
            l->send = ack;
        l->base = ack;
        if (l->base == l->top)
            l->top_open = false;
    }
    if (flags & SL_SF_NAK) {
        l->st.naks_received++;
        l->frame_cap = l->frame_cap / 2 > FRAME_CAP_MIN ? l->frame_cap / 2 : FRAME_CAP_MIN;
        if (seq_off(exp, l->base) <= seq_off(l->top, l->base))
            l->send = exp;
    }
    if (seq_ahead(next, l->rx_exp) && (!l->nak_sent || (flags & SL_SF_POLL))) {
        l->st_force = l->st_nak = true;
        l->nak_sent = true;
    }
    if (flags & SL_SF_POLL)
        l->st_force = true;
    if (b[5] != l->events) {
        l->events = b[5];
        progress(l, now);
    }
    for (unsigned i = 0; i < l->n_h2d; i++) {
        uint16_t lim = (uint16_t)(b[SL_STATUS_HDR + 2 * i] | b[SL_STATUS_HDR + 2 * i + 1] << 8);
        if (lim != l->h2d_limit[i]) {
            if (credit(lim, l->h2d_sent[i]) > credit(l->h2d_limit[i], l->h2d_sent[i])) {
                l->h2d_starved = false;
                progress(l, now);
            }
            l->h2d_limit[i] = lim;
        }
    }
}

/* The effect of an in-sequence frame; false if it is malformed (then it is
 * not accepted, as if it had been corrupted). */
static bool deliver(struct sl_link *l, const uint8_t *b, size_t n)
{
    unsigned arg = b[2] | b[3] << 8;
    size_t pl = n - SL_SEQ_HDR;

    if (b[0] == SL_T_DATA) {
        if (arg >= l->n_d2h)
            return false;
        struct d2h_pipe *p = &l->d2h[arg];
        if (pl == 0 || pl % p->wb || pl / p->wb > p->cap - p->count)
            return false;
        for (size_t w = 0; w < pl / p->wb; w++) {
            uint32_t slot = (p->head + p->count) % p->cap;
            memcpy(p->buf + (size_t)slot * p->wb, b + SL_SEQ_HDR + w * p->wb, p->wb);
            p->count++;
            p->received++;
        }
        return true;
    }
    if (b[0] == SL_T_CSR_RDATA) {
        /* the oldest read without an answer */
        for (unsigned i = 0; i < l->reads_n; i++) {
            struct csr_read *r = &l->reads[(l->reads_head + i) % SL_WINDOW];
            if (r->done)
                continue;
            if (r->addr != arg || pl != 4u * r->n)
                return false;
            for (unsigned j = 0; j < r->n; j++) {
                const uint8_t *v = b + SL_SEQ_HDR + 4 * j;
                r->vals[j] = (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 |
                             (uint32_t)v[3] << 24;
            }
            r->done = true;
            return true;
        }
        return false;
    }
    return false;
}

static void on_frame(struct sl_link *l, const uint8_t *b, size_t n, uint64_t now)
{
    uint8_t type = b[0];

    if (type == SL_T_STATUS) {
        on_status(l, b, n, now);
        return;
    }
    if (l->state != LINK_CONNECTED || type < 0x01 || type > 0x0F || n < SL_SEQ_HDR) {
        l->st.frames_rejected++;
        return;
    }
    uint8_t seq = b[1];
    if (seq == l->rx_exp) {
        if (!deliver(l, b, n)) {
            l->st.frames_rejected++;
            return;
        }
        l->rx_exp++;
        l->nak_sent = false;
        l->rx_since_ack++;
        l->st.frames_received++;
        progress(l, now);
    } else if (seq_ahead(seq, l->rx_exp)) {
        l->st.out_of_order++;
        if (!l->nak_sent || !seq_ahead(seq, l->ooo_last)) {
            l->st_force = l->st_nak = true;
            l->nak_sent = true;
        }
        l->ooo_last = seq;
    } else {
        l->st.duplicates++;
        l->st_force = true;
    }
}

void sl_link_rx(struct sl_link *l, const uint8_t *bytes, size_t n, uint64_t now)
{
    l->st.bytes_received += n;
    uint32_t *dropped = l->beat ? &l->pdf.dropped : &l->df.dropped;
    const uint8_t *body = l->beat ? l->pdf.buf : l->df.buf;
    for (size_t i = 0; i < n;) {
        uint32_t before = *dropped;
        size_t used = 1;
        size_t len = l->beat ? sl_plain_deframer_feed(&l->pdf, bytes + i, n - i, &used)
                             : sl_deframer_push(&l->df, bytes[i]);
        i += used;
        if (*dropped != before)
            l->st.frames_rejected++;
        if (len)
            on_frame(l, body, len, now);
    }
}

/* ---- pipes and queries ------------------------------------------------- */

size_t sl_link_d2h_avail(const struct sl_link *l, unsigned pipe)
{
    return pipe < l->n_d2h ? l->d2h[pipe].count : 0;
}

int sl_link_d2h_read(struct sl_link *l, unsigned pipe, void *data, size_t nwords, size_t *got)
{
    if (pipe >= l->n_d2h || (nwords && !data))
        return SL_E_INVAL;
    struct d2h_pipe *p = &l->d2h[pipe];
    size_t n = nwords < p->count ? nwords : p->count;
    uint8_t *out = data;
    for (size_t w = 0; w < n; w++) {
        memcpy(out + w * p->wb, p->buf + (size_t)p->head * p->wb, p->wb);
        p->head = (p->head + 1) % p->cap;
    }
    p->count -= (uint32_t)n;
    if (got)
        *got = n;
    return n == 0 && nwords ? SL_E_AGAIN : SL_OK;
}

uint8_t sl_link_events(const struct sl_link *l)
{
    return l->events;
}

bool sl_link_idle(const struct sl_link *l)
{
    return l->state == LINK_CONNECTED && l->base == l->top && !l->st_force && !reads_waiting(l);
}

void sl_link_get_stats(const struct sl_link *l, struct sl_link_stats *st)
{
    *st = l->st;
}
