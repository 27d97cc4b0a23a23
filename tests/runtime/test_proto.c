/*
 * Unit test of runtime/link/proto.c: CRC-32C, framing and deframing, and
 * the host link state machine driven by a scripted device (frames built
 * here byte by byte, following runtime/link/proto.h).
 *
 * Prints PASS/FAIL per check and closes with "N passed, N failed"; exits 1
 * on any failure.
 */
#include "proto.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
static unsigned beat; /* the framing of the link tests: 0 bytes, else plain (2b) */

static void check(int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s: ", ok ? "PASS" : "FAIL");
    if (beat)
        printf("[plain framing, %u-byte beats] ", beat);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok)
        passed++;
    else
        failed++;
}

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

/* ---- framing ----------------------------------------------------------- */

static void test_crc(void)
{
    uint32_t c = sl_crc32c(0, "123456789", 9);
    check(c == 0xE3069283u, "CRC-32C check value of \"123456789\" is E3069283 (%08X)", c);
    uint32_t a = sl_crc32c(sl_crc32c(0, "1234", 4), "56789", 5);
    check(a == c, "CRC-32C continues across calls");
    check(sl_crc32c(0, "", 0) == 0, "CRC-32C of nothing is 0");
}

/* Decodes all good frames in wire bytes; returns how many, bodies in out. */
struct frames {
    int n;
    size_t len[64];
    uint8_t body[64][SL_DEFRAME_MAX];
};

static void decode(const uint8_t *w, size_t n, struct frames *f)
{
    struct sl_deframer d;
    struct sl_plain_deframer pd;
    sl_deframer_init(&d);
    sl_plain_deframer_init(&pd, beat);
    f->n = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = beat ? sl_plain_deframer_push(&pd, w[i]) : sl_deframer_push(&d, w[i]);
        if (len && f->n < 64) {
            f->len[f->n] = len;
            memcpy(f->body[f->n], beat ? pd.buf : d.buf, len);
            f->n++;
        }
    }
    if (beat && (pd.broken || pd.n))
        f->n = -1; /* not whole frames */
}

static void test_framing(void)
{
    uint8_t body[300], wire[SL_WIRE_MAX(300) + 8];
    struct frames *f = malloc(sizeof *f);
    int rt_ok = 1, esc_ok = 1;

    for (int t = 0; t < 200; t++) {
        size_t n = 1 + rnd() % 259;
        for (size_t i = 0; i < n; i++) {
            uint32_t r = rnd() % 6;
            body[i] = r == 0 ? SL_FLAG : r == 1 ? SL_ESC : (uint8_t)rnd();
        }
        int k = sl_frame_encode(body, n, t & 1, wire, sizeof wire);
        if (k <= 0) {
            rt_ok = 0;
            break;
        }
        for (int i = (t & 1); i < k - 1; i++)
            if (wire[i] == SL_FLAG)
                esc_ok = 0;
        decode(wire, (size_t)k, f);
        if (f->n != 1 || f->len[0] != n || memcmp(f->body[0], body, n))
            rt_ok = 0;
    }
    check(rt_ok, "200 random bodies full of FLAG and ESC bytes encode and decode back");
    check(esc_ok, "no FLAG inside an encoded frame");

    memset(body, SL_FLAG, 10);
    int k = sl_frame_encode(body, 10, true, wire, sizeof wire);
    check(k <= (int)SL_WIRE_MAX(10) && k >= 2 * 10 + 2, "all-FLAG body doubles and fits SL_WIRE_MAX (%d)", k);
    check(sl_frame_encode(body, 10, true, wire, 5) == SL_E_NOSPACE, "encode into a short buffer: SL_E_NOSPACE");

    /* two frames back to back sharing one FLAG, behind garbage */
    uint8_t a[3] = {1, 2, 3}, b[2] = {9, 8};
    size_t m = 0;
    wire[m++] = 0x55;
    wire[m++] = 0x13;
    m += (size_t)sl_frame_encode(a, 3, true, wire + m, sizeof wire - m);
    m += (size_t)sl_frame_encode(b, 2, false, wire + m, sizeof wire - m);
    decode(wire, m, f);
    check(f->n == 2 && f->len[0] == 3 && f->len[1] == 2 && f->body[1][0] == 9,
          "garbage before a frame is dropped; frames sharing a FLAG both decode");

    /* every single-bit error in a frame is caught, and the next frame is fine */
    int caught = 1;
    for (int bit = 0; bit < 8 * 12; bit++) {
        m = (size_t)sl_frame_encode(a, 3, true, wire, sizeof wire);
        size_t m2 = m + (size_t)sl_frame_encode(b, 2, false, wire + m, sizeof wire - m);
        wire[1 + bit / 8 % (m - 2)] ^= (uint8_t)(1u << (bit % 8));
        decode(wire, m2, f);
        int got_a = 0, got_b = 0;
        for (int i = 0; i < f->n; i++) {
            if (f->len[i] == 3 && !memcmp(f->body[i], a, 3))
                got_a = 1;
            else if (f->len[i] == 2 && !memcmp(f->body[i], b, 2))
                got_b = 1;
            else
                caught = 0; /* something that is neither a nor b */
        }
        if (got_a || !got_b)
            caught = 0;
    }
    check(caught, "every single-bit error is rejected and the following frame still decodes");

    struct sl_deframer d;
    sl_deframer_init(&d);
    uint8_t ab[] = {SL_FLAG, 1, 2, 3, 4, 5, 6, SL_ESC, SL_FLAG};
    size_t got = 0;
    for (size_t i = 0; i < sizeof ab; i++)
        got += sl_deframer_push(&d, ab[i]);
    check(got == 0 && d.dropped == 1, "ESC FLAG aborts a frame");
    uint8_t sh[] = {SL_FLAG, 1, 2, 3, SL_FLAG, SL_FLAG, SL_FLAG};
    sl_deframer_init(&d);
    for (size_t i = 0; i < sizeof sh; i++)
        got += sl_deframer_push(&d, sh[i]);
    check(got == 0 && d.dropped == 1 && d.good == 0, "a too-short frame is dropped, idle FLAGs are not errors");
    sl_deframer_init(&d);
    sl_deframer_push(&d, SL_FLAG);
    for (int i = 0; i < SL_DEFRAME_MAX + 10; i++)
        sl_deframer_push(&d, 0x11);
    got = sl_deframer_push(&d, SL_FLAG);
    check(got == 0 && d.dropped == 1, "an over-long frame is dropped");
    free(f);
}

/* ---- the link against a scripted device -------------------------------- */

static const unsigned wb_h2d[2] = {4, 2};
static const unsigned wb_d2h[2] = {4, 1};
static const uint32_t d2h_cap[2] = {100, 10};

struct dev {
    struct sl_link *l;
    uint64_t now;
    uint8_t session;
    struct frames *out; /* what the host sent last */
};

static void host_tx(struct dev *v)
{
    static uint8_t w[1 << 16];
    size_t n = sl_link_tx(v->l, w, sizeof w, v->now);
    decode(w, n, v->out);
}

static void dev_send(struct dev *v, const uint8_t *body, size_t n)
{
    uint8_t w[SL_WIRE_MAX(SL_DEFRAME_MAX)];
    int k = beat ? sl_plain_encode(body, n, beat, w, sizeof w)
                 : sl_frame_encode(body, n, true, w, sizeof w);
    sl_link_rx(v->l, w, (size_t)k, v->now);
}

static void dev_status(struct dev *v, uint8_t flags, uint8_t ack, uint8_t exp, uint8_t next, uint8_t events,
                       uint16_t lim0, uint16_t lim1)
{
    uint8_t b[SL_STATUS_HDR + 4] = {SL_T_STATUS, flags, ack, exp, next, events, v->session, 0,
                                    (uint8_t)lim0, (uint8_t)(lim0 >> 8), (uint8_t)lim1, (uint8_t)(lim1 >> 8)};
    dev_send(v, b, sizeof b);
}

static void dev_data(struct dev *v, uint8_t seq, uint16_t pipe, const void *p, size_t n)
{
    uint8_t b[SL_MAX_BODY] = {SL_T_DATA, seq, (uint8_t)pipe, (uint8_t)(pipe >> 8)};
    memcpy(b + 4, p, n);
    dev_send(v, b, 4 + n);
}

/* the last STATUS the host sent in v->out, or NULL */
static const uint8_t *host_status(struct dev *v)
{
    for (int i = v->out->n - 1; i >= 0; i--)
        if (v->out->body[i][0] == SL_T_STATUS)
            return v->out->body[i];
    return NULL;
}

static int count_type(struct dev *v, uint8_t type)
{
    int n = 0;
    for (int i = 0; i < v->out->n; i++)
        n += v->out->body[i][0] == type;
    return n;
}

static uint16_t get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static void setup(struct dev *v)
{
    struct sl_link_config cfg = {2, 2, wb_h2d, wb_d2h, d2h_cap, 100, 10, beat, false};
    memset(v, 0, sizeof *v);
    v->out = calloc(1, sizeof *v->out);
    sl_link_create(&v->l, &cfg);
    v->session = 7;
    sl_link_connect(v->l, v->session, v->now);
    host_tx(v);
    dev_status(v, 0, 0, 0, 0, 0, 0, 0);
    host_tx(v);
}

static void teardown(struct dev *v)
{
    sl_link_destroy(v->l);
    free(v->out);
}

static void test_config(void)
{
    struct sl_link *l = NULL;
    unsigned bad[1] = {0}, big[1] = {253};
    struct sl_link_config c1 = {1, 0, bad, NULL, NULL, 10, 10, 0, false};
    struct sl_link_config c2 = {65, 0, wb_h2d, NULL, NULL, 10, 10, 0, false};
    struct sl_link_config c3 = {1, 0, big, NULL, NULL, 10, 10, 0, false};
    struct sl_link_config c4 = {1, 0, NULL, NULL, NULL, 10, 10, 0, false};
    check(sl_link_create(&l, &c1) == SL_E_INVAL && sl_link_create(&l, &c2) == SL_E_INVAL &&
              sl_link_create(&l, &c3) == SL_E_INVAL && sl_link_create(&l, &c4) == SL_E_INVAL,
          "bad configurations are refused with SL_E_INVAL (word size 0, 65 pipes, 253-byte H2D words, no sizes)");
    struct sl_link_config ok = {2, 2, wb_h2d, wb_d2h, NULL, 10, 10, 0, false};
    check(sl_link_create(&l, &ok) == SL_OK, "a good configuration is accepted");
    check(sl_link_connect(l, 0, 0) == SL_E_INVAL, "session 0 is refused");
    check(sl_link_set_device_limits(l, 255, (64 << 8) | 8) == SL_E_INVAL &&
              sl_link_set_device_limits(l, 512, (63 << 8) | 8) == SL_E_INVAL &&
              sl_link_set_device_limits(l, 512, (64 << 8) | 1) == SL_E_INVAL &&
              sl_link_set_device_limits(l, 512, (64 << 8) | 8) == SL_OK,
          "device limits below the protocol minimums are refused");
    sl_link_destroy(l);
}

/* A link created with hold_d2h offers the device no D2H credit until
 * released: the device takes no word out of its FIFOs while the host
 * resets them. */
static void test_hold_d2h(void)
{
    struct sl_link_config cfg = {2, 2, wb_h2d, wb_d2h, d2h_cap, 100, 10, beat, true};
    struct dev v = {0};
    v.out = calloc(1, sizeof *v.out);
    sl_link_create(&v.l, &cfg);
    v.session = 5;
    sl_link_connect(v.l, v.session, v.now);
    host_tx(&v);
    dev_status(&v, 0, 0, 0, 0, 0, 0, 0);
    host_tx(&v);
    const uint8_t *s = host_status(&v);
    check(sl_link_connected(v.l) && s && get16(s + 8) == 0 && get16(s + 10) == 0,
          "hold_d2h: the host's first STATUS offers no D2H credit (limits 0 and 0)");
    sl_link_release_d2h(v.l);
    v.now += 20;
    host_tx(&v);
    s = host_status(&v);
    check(s && get16(s + 8) == 100 && get16(s + 10) == 10,
          "released, the next STATUS offers the buffers (limits 100 and 10)");
    teardown(&v);
}

static void test_connect(void)
{
    struct sl_link_config cfg = {2, 2, wb_h2d, wb_d2h, d2h_cap, 100, 10, beat, false};
    struct dev v = {0};
    v.out = calloc(1, sizeof *v.out);
    sl_link_create(&v.l, &cfg);
    uint32_t w = 1;
    check(sl_link_h2d_write(v.l, 0, &w, 1, NULL) == SL_E_STATE, "writing before connecting: SL_E_STATE");
    v.session = 9;
    sl_link_connect(v.l, 9, 0);
    host_tx(&v);
    check(v.out->n == 1 && v.out->len[0] == SL_RESET_LEN && v.out->body[0][0] == SL_T_LINK_RESET &&
              v.out->body[0][1] == 9,
          "connect sends LINK_RESET with the session");
    host_tx(&v);
    check(v.out->n == 0, "no resend of LINK_RESET before the timeout");
    v.now = 100;
    host_tx(&v);
    check(v.out->n == 1 && v.out->body[0][0] == SL_T_LINK_RESET, "LINK_RESET resent after the timeout");
    v.session = 8;
    dev_status(&v, 0, 0, 0, 0, 0, 5, 5);
    check(!sl_link_connected(v.l), "a STATUS of another session is ignored");
    v.session = 9;
    dev_status(&v, 0, 0, 0, 0, 0, 5, 5);
    check(sl_link_connected(v.l), "a STATUS of the session connects");
    host_tx(&v);
    const uint8_t *s = host_status(&v);
    check(s && s[6] == 9 && get16(s + 8) == 100 && get16(s + 10) == 10,
          "the host then sends its STATUS with D2H credits = buffer sizes (100, 10)");
    teardown(&v);
}

static void test_h2d(void)
{
    struct dev v;
    setup(&v);
    uint32_t words[200];
    for (int i = 0; i < 200; i++)
        words[i] = 0x1000 + (uint32_t)i;
    size_t n = 99;
    check(sl_link_h2d_write(v.l, 0, words, 5, &n) == SL_E_AGAIN && n == 0,
          "no credit yet: write takes nothing, SL_E_AGAIN");
    check(sl_link_h2d_write(v.l, 2, words, 5, &n) == SL_E_INVAL, "bad pipe id: SL_E_INVAL");
    dev_status(&v, 0, 0, 0, 0, 0, 10, 3);
    check(sl_link_h2d_space(v.l, 0) == 10 && sl_link_h2d_space(v.l, 1) == 3, "credit from STATUS: space 10 and 3");
    sl_link_h2d_write(v.l, 0, words, 4, &n);
    size_t n2 = 0;
    sl_link_h2d_write(v.l, 0, words + 4, 20, &n2);
    check(n == 4 && n2 == 6 && sl_link_h2d_space(v.l, 0) == 0, "writes stop at the credit (4 + 6 of 24)");
    host_tx(&v);
    int data = -1;
    for (int i = 0; i < v.out->n; i++)
        if (v.out->body[i][0] == SL_T_DATA)
            data = i;
    check(count_type(&v, SL_T_DATA) == 1 && data >= 0 && v.out->len[data] == 4 + 40 && v.out->body[data][1] == 0 &&
              get16(v.out->body[data] + 2) == 0 && !memcmp(v.out->body[data] + 4, words, 40),
          "two writes before sending make one DATA frame: SEQ 0, pipe 0, 10 words in order");
    check(!sl_link_idle(v.l), "an unacknowledged frame: not idle");

    /* a NAK makes the host send the frame again, byte for byte */
    uint8_t saved[64];
    memcpy(saved, v.out->body[data], 44);
    dev_status(&v, SL_SF_NAK, 0, 0, 0, 0, 10, 3);
    host_tx(&v);
    check(count_type(&v, SL_T_DATA) == 1 && !memcmp(v.out->body[v.out->n - 1], saved, 44), "NAK resends the frame");

    /* duplicate STATUS with the same ACK does nothing harmful; ACK frees */
    dev_status(&v, 0, 1, 1, 0, 0, 20, 3);
    check(sl_link_idle(v.l), "ACK 1 frees the frame: idle");
    check(sl_link_h2d_space(v.l, 0) == 10, "new limit 20 after 10 sent: space 10");
    /* an ACK beyond what was sent is ignored */
    dev_status(&v, 0, 5, 5, 0, 0, 20, 3);
    sl_link_h2d_write(v.l, 1, words, 3, &n);
    host_tx(&v);
    check(count_type(&v, SL_T_DATA) == 1 && v.out->body[v.out->n - 1][1] == 1 &&
              get16(v.out->body[v.out->n - 1] + 2) == 1 && v.out->len[v.out->n - 1] == 4 + 6,
          "an ACK beyond TOP is ignored; the next frame is SEQ 1 on pipe 1 with 2-byte words");
    host_tx(&v);
    sl_link_h2d_write(v.l, 1, words, 3, &n);
    check(n == 0, "pipe 1 credit used up (3 words)");
    teardown(&v);
}

static void test_budget_and_window(void)
{
    struct dev v;
    setup(&v);
    static uint32_t words[20000];
    dev_status(&v, 0, 0, 0, 0, 0, 16000, 0);
    size_t n = 0;
    sl_link_h2d_write(v.l, 0, words, 16000, &n);
    host_tx(&v);
    size_t bytes = 0, payload = 0;
    int frames = 0, ok = 1;
    for (int i = 0; i < v.out->n; i++) {
        if (v.out->body[i][0] != SL_T_DATA)
            continue;
        frames++;
        bytes += v.out->len[i];
        payload += v.out->len[i] - SL_SEQ_HDR;
        ok = ok && v.out->len[i] <= SL_MIN_RXBUF / 2 && v.out->len[i] - SL_SEQ_HDR <= 64;
    }
    check(n > 0 && payload == 4 * n && bytes <= SL_MIN_RXBUF,
          "unacknowledged bytes stay within the device buffer (%zu words, %zu of 256 bytes, %d frames)", n, bytes,
          frames);
    check(ok && frames >= 2, "each DATA frame at most half the device buffer, and short at first (slow start)");

    /* acknowledgements let frames grow */
    dev_status(&v, 0, (uint8_t)frames, (uint8_t)frames, 0, 0, 16000, 0);
    sl_link_h2d_write(v.l, 0, words, 16000, &n);
    host_tx(&v);
    size_t biggest = 0;
    for (int i = 0; i < v.out->n; i++)
        if (v.out->body[i][0] == SL_T_DATA && v.out->len[i] > biggest)
            biggest = v.out->len[i];
    check(biggest > SL_SEQ_HDR + 64, "after %d acknowledged frames, frames grow (%zu bytes)", frames, biggest);

    /* at most SL_WINDOW frames unacknowledged, however small */
    sl_link_set_device_limits(v.l, 1 << 16, (64 << 8) | 8);
    int total = 0;
    for (int i = 0; i < v.out->n; i++)
        total += v.out->body[i][0] == SL_T_DATA;
    for (int i = 0; i < 200; i++) {
        sl_link_h2d_write(v.l, 0, words, 1, &n);
        host_tx(&v);
        total += count_type(&v, SL_T_DATA);
    }
    check(total == SL_WINDOW, "at most SL_WINDOW (64) frames unacknowledged (%d)", total);
    uint32_t t = 0;
    check(sl_link_csr_read(v.l, 0, 1, &t) == SL_E_AGAIN, "a full window refuses a CSR read with SL_E_AGAIN");
    teardown(&v);
}

static void test_d2h(void)
{
    struct dev v;
    setup(&v);
    uint32_t a[3] = {11, 12, 13}, b[2] = {14, 15}, c[1] = {16}, got[10];
    size_t n;
    dev_data(&v, 0, 0, a, 12);
    check(sl_link_d2h_avail(v.l, 0) == 3, "in-sequence DATA delivered (3 words)");
    dev_data(&v, 2, 0, c, 4);
    check(sl_link_d2h_avail(v.l, 0) == 3, "out-of-order DATA dropped");
    host_tx(&v);
    const uint8_t *s = host_status(&v);
    check(s && (s[1] & SL_SF_NAK) && s[3] == 1 && s[2] == 1, "and answered by a NAK with EXP 1");
    dev_data(&v, 3, 0, c, 4);
    host_tx(&v);
    check(host_status(&v) == NULL, "a second out-of-order frame going forward: no second NAK");
    dev_data(&v, 2, 0, c, 4);
    host_tx(&v);
    s = host_status(&v);
    check(s && (s[1] & SL_SF_NAK), "an out-of-order SEQ that goes back (sender resent, lost again): NAK again");
    dev_data(&v, 0, 0, a, 12);
    host_tx(&v);
    s = host_status(&v);
    check(sl_link_d2h_avail(v.l, 0) == 3 && s && s[2] == 1, "a duplicate is dropped and re-acknowledged");
    dev_data(&v, 1, 0, b, 8);
    dev_data(&v, 2, 0, c, 4);
    sl_link_d2h_read(v.l, 0, got, 10, &n);
    check(n == 6 && got[0] == 11 && got[3] == 14 && got[5] == 16, "words come out in order (6)");
    check(sl_link_d2h_read(v.l, 0, got, 1, &n) == SL_E_AGAIN, "reading an empty pipe: SL_E_AGAIN");
    v.now += 20;
    host_tx(&v);
    s = host_status(&v);
    check(s && s[2] == 3 && get16(s + 8) == 106 && get16(s + 10) == 10,
          "STATUS: ACK 3, pipe 0 limit = 6 read + 100, pipe 1 limit 10");
    uint8_t bad[3] = {1, 2, 3};
    dev_data(&v, 3, 0, bad, 3);
    check(sl_link_d2h_avail(v.l, 0) == 0, "a payload that is not whole words is not delivered");
    dev_data(&v, 3, 5, c, 4);
    check(sl_link_d2h_avail(v.l, 0) == 0, "a DATA frame for a pipe that does not exist is not delivered");
    uint8_t one[11] = {0};
    dev_data(&v, 3, 1, one, 11);
    check(sl_link_d2h_avail(v.l, 1) == 0, "more words than the credit given are not delivered");
    dev_data(&v, 3, 1, one, 10);
    check(sl_link_d2h_avail(v.l, 1) == 10, "exactly the credit is delivered");
    teardown(&v);
}

static void test_csr(void)
{
    struct dev v;
    setup(&v);
    uint32_t vals[2] = {0xdeadbeef, 0x01020304}, t1 = 0, t2 = 0, r[2];
    check(sl_link_csr_write(v.l, 0x1000, vals, 2) == SL_OK, "CSR write queued");
    check(sl_link_csr_read(v.l, 0x0008, 2, &t1) == SL_OK && sl_link_csr_read(v.l, 0x0100, 1, &t2) == SL_OK,
          "two CSR reads queued");
    check(sl_link_csr_read(v.l, 0, 16, &t1) == SL_E_INVAL, "a read of 16 words is refused");
    host_tx(&v);
    int ok = v.out->n >= 3;
    const uint8_t *w = v.out->body[v.out->n - 3];
    ok = ok && w[0] == SL_T_CSR_WR && w[1] == 0 && get16(w + 2) == 0x1000 && v.out->len[v.out->n - 3] == 12 &&
         w[4] == 0xef && w[7] == 0xde && w[8] == 0x04;
    const uint8_t *q = v.out->body[v.out->n - 2];
    ok = ok && q[0] == SL_T_CSR_RD && q[1] == 1 && get16(q + 2) == 8 && q[4] == 2;
    check(ok, "CSR_WR and CSR_RD frames laid out as specified");
    check(sl_link_csr_result(v.l, t1, r) == SL_E_AGAIN, "no answer yet: SL_E_AGAIN");
    uint8_t ans[4 + 8] = {SL_T_CSR_RDATA, 0, 0x09, 0, 1, 0, 0, 0, 2, 0, 0, 0};
    dev_send(&v, ans, sizeof ans);
    check(sl_link_csr_result(v.l, t1, r) == SL_E_AGAIN, "an answer for another address is not taken");
    ans[2] = 0x08;
    dev_send(&v, ans, sizeof ans);
    uint8_t ans2[4 + 4] = {SL_T_CSR_RDATA, 1, 0x00, 0x01, 0x44, 0x33, 0x22, 0x11};
    dev_send(&v, ans2, sizeof ans2);
    check(sl_link_csr_result(v.l, t2, r) == SL_OK && r[0] == 0x11223344, "second answer collected first (any order)");
    check(sl_link_csr_result(v.l, t1, r) == SL_OK && r[0] == 1 && r[1] == 2, "first answer: 2 words");
    check(sl_link_csr_result(v.l, t1, r) == SL_E_INVAL, "a ticket is used up once collected");
    teardown(&v);
}

static void test_status_rules(void)
{
    struct dev v;
    setup(&v);
    /* NEXT ahead of our EXP: frames were lost at the tail -> NAK */
    dev_status(&v, 0, 0, 0, 2, 3, 0, 0);
    host_tx(&v);
    const uint8_t *s = host_status(&v);
    check(s && (s[1] & SL_SF_NAK) && s[3] == 0, "device NEXT ahead of host EXP: NAK from 0");
    check(sl_link_events(v.l) == 3, "EVENTS taken from STATUS");
    dev_status(&v, 0, 0, 0, 2, 3, 0, 0);
    host_tx(&v);
    check(host_status(&v) == NULL, "the same gap again: no second NAK");
    dev_status(&v, SL_SF_POLL, 0, 0, 2, 3, 0, 0);
    host_tx(&v);
    s = host_status(&v);
    check(s && (s[1] & SL_SF_NAK), "a POLL is answered, with NAK while the gap remains");

    /* waiting without progress -> POLL after the timeout */
    uint32_t t = 0;
    sl_link_csr_read(v.l, 0, 1, &t);
    host_tx(&v);
    v.now += 99;
    host_tx(&v);
    check(count_type(&v, SL_T_STATUS) == 0, "no POLL before the timeout");
    v.now += 2;
    host_tx(&v);
    s = host_status(&v);
    check(s && (s[1] & SL_SF_POLL) && s[4] == 1, "POLL after the timeout, NEXT = 1 frame sent");
    struct sl_link_stats st;
    sl_link_get_stats(v.l, &st);
    check(st.polls_sent == 1 && st.naks_sent >= 2, "statistics count polls and NAKs");

    /* unforced STATUS is rate-limited by status_gap (with an 8-frame device
     * window: 1 frame unacknowledged is not urgent) */
    sl_link_set_device_limits(v.l, 512, (64 << 8) | 8);
    dev_status(&v, 0, 1, 1, 0, 3, 0, 0);
    uint32_t w4[4] = {0};
    dev_data(&v, 0, 0, w4, 4);
    host_tx(&v);
    int first = count_type(&v, SL_T_STATUS);
    dev_data(&v, 1, 0, w4, 4);
    host_tx(&v);
    int second = count_type(&v, SL_T_STATUS);
    v.now += 10;
    host_tx(&v);
    int third = count_type(&v, SL_T_STATUS);
    check(first == 0 && second == 0 && third == 1, "acknowledgements wait for status_gap (%d %d %d)", first,
          second, third);
    for (uint8_t q = 2; q < 6; q++)
        dev_data(&v, q, 0, w4, 4);
    host_tx(&v);
    check(count_type(&v, SL_T_STATUS) == 1, "but half the device window unacknowledged is sent at once");
    teardown(&v);
}

/* Plain framing (section 2b): each frame whole beats, its body back
 * exactly, for every beat; a header out of range stops the receiver. */
static void test_plain_framing(void)
{
    static const unsigned beats[] = {4, 8, 16, 64, 128};
    static uint8_t wire[1 << 15];
    uint8_t body[SL_MAX_BODY];
    bool ok = true;
    for (size_t b = 0; b < sizeof beats / sizeof beats[0]; b++) {
        unsigned w = beats[b];
        struct sl_plain_deframer d;
        sl_plain_deframer_init(&d, w);
        size_t m = 0, lens[40];
        for (int t = 0; t < 40; t++) {
            size_t n = t < 8 ? (size_t)t + 1 : t == 8 ? SL_MAX_BODY : 1 + rnd() % SL_MAX_BODY;
            lens[t] = n;
            int k = sl_plain_encode(body, n, w, wire + m, sizeof wire - m);
            ok &= k == (int)SL_PLAIN_SIZE(n, w) && k % (int)w == 0 && k >= 8;
            m += (size_t)k;
        }
        /* feed them: each body comes out once, whole; every body the
         * same bytes 0, 1, 2, ... */
        for (size_t i = 0; i < SL_MAX_BODY; i++)
            body[i] = (uint8_t)(i * 7 + 1);
        m = 0;
        for (int t = 0; t < 40; t++)
            m += (size_t)sl_plain_encode(body, lens[t], w, wire + m, sizeof wire - m);
        int got = 0;
        for (size_t i = 0; i < m; i++) {
            size_t len = sl_plain_deframer_push(&d, wire[i]);
            if (len) {
                ok &= len == lens[got] && !memcmp(d.buf, body, len);
                got++;
            }
        }
        ok &= got == 40 && d.good == 40 && !d.broken;
        /* the same stream fed in runs of random lengths */
        bool fed = true;
        sl_plain_deframer_init(&d, w);
        got = 0;
        for (size_t i = 0; i < m;) {
            size_t run = 1 + rnd() % (3 * w), used = 0;
            if (run > m - i)
                run = m - i;
            size_t len = sl_plain_deframer_feed(&d, wire + i, run, &used);
            fed &= used >= 1 && used <= run && (len || used == run);
            if (len) {
                fed &= got < 40 && len == lens[got] && !memcmp(d.buf, body, len);
                got++;
            }
            i += used;
        }
        fed &= got == 40 && d.good == 40 && !d.broken;
        if (!fed)
            printf("  fed in runs on beats of %u: %d frames\n", w, got);
        ok &= fed;
    }
    check(ok, "plain frames of 1 to %d body bytes on beats of 4 to 128 bytes: whole beats, the "
              "bodies back exactly, fed a byte at a time or in runs", SL_MAX_BODY);
    check(SL_PLAIN_SIZE(SL_MAX_BODY, SL_BEAT_MAX) <= SL_WIRE_MAX(SL_MAX_BODY) &&
              SL_PLAIN_SIZE(4 + 252, 16) == 16 + 256 && SL_PLAIN_SIZE(2, 8) == 8 &&
              SL_PLAIN_SIZE(12, 4) == 16,
          "plain frame sizes: a 252-byte payload on 16-byte beats takes 272 bytes; LINK_RESET "
          "one 8-byte beat; no frame larger than the byte framing's largest");
    check(sl_plain_encode(body, 10, 12, wire, sizeof wire) == SL_E_INVAL &&
              sl_plain_encode(body, 0, 8, wire, sizeof wire) == SL_E_INVAL &&
              sl_plain_encode(body, 10, 8, wire, 15) == SL_E_NOSPACE,
          "plain encode refuses a beat that is not a power of two, an empty body, a short buffer");
    struct sl_plain_deframer d;
    sl_plain_deframer_init(&d, 8);
    int k = sl_frame_encode(body, 10, true, wire, sizeof wire); /* a byte-framed peer */
    int out = 0;
    for (int i = 0; i < k; i++)
        out += sl_plain_deframer_push(&d, wire[i]) != 0;
    k = sl_plain_encode(body, 10, 8, wire, sizeof wire);
    for (int i = 0; i < k; i++)
        out += sl_plain_deframer_push(&d, wire[i]) != 0;
    check(out == 0 && d.broken && d.dropped == 1,
          "a byte-framed frame on a plain link breaks the receiver: nothing comes out after it");
}

static void link_tests(void)
{
    test_config();
    test_connect();
    test_hold_d2h();
    test_h2d();
    test_budget_and_window();
    test_d2h();
    test_csr();
    test_status_rules();
}

int main(void)
{
    test_crc();
    test_framing();
    test_plain_framing();
    link_tests();
    /* the link again, its frames in plain framing */
    beat = 16;
    link_tests();
    beat = 4;
    link_tests();
    beat = 0;
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
