// Co-simulation of the host link: the real host side (runtime/link/proto.c)
// against the real bridge RTL (rtl/sluice_host_bridge.v, verilated, inside
// tests/runtime/cosim_top.v), over a byte-wide link that this harness can
// stall and damage (bit flips, lost bytes, inserted bytes) each way.
//
// The "fuzz" scenario also puts garbage on the host->device wire (random
// bytes, damaged and repeated host frames, frames with a good CRC that the
// protocol says must be dropped) and watches the words the bridge hands to
// the H2D FIFOs through the model's internal signals (Verilator's names for
// them in Vcosim_top___024root.h).  Environment, for debugging it:
// FUZZ_DEBUG=1 prints each piece of garbage and the first wrong word;
// FUZZ_CASE=N forges only frames of kind N (0..8, see forge_up).
//
// Built with FT245 defined (and LINK_W >= 8), the model is
// tests/runtime/cosim_ft_top.v: the bridge behind rtl/sluice_ft245_phy.v,
// and this harness plays the FTDI chip on the FIFO bus at the chip's
// 60 MHz against the bridge's clock (FT_SYS_MHZ, default 48), checking the
// bus rules as it goes (see Sim::ft_cycle).
//
// Usage: cosim SCENARIO [SEED]   prints PASS/FAIL lines and figures; exits 1
// on any failure.  Scenarios: see main().
#include "Vcosim_top.h"
#include "Vcosim_top___024root.h"
#include "verilated.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "proto.h"
}
#include "sim_port.h"
#ifdef FT245
#include "ft_chip.h"
#endif

#ifndef DEPTH0
#define DEPTH0 64
#endif
#ifndef TX_SLOT_AW
#define TX_SLOT_AW 6
#endif
// bytes per beat of the link: 1, the byte link (CRC framing, which the
// harness may damage); 8 and more, plain framing on a lossless link
// (proto.h section 2b), beats moved whole
#ifndef LINK_W
#define LINK_W 1
#endif

static int g_failed, g_passed;

static void check(bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s: ", ok ? "PASS" : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok)
        g_passed++;
    else
        g_failed++;
}

// splitmix64
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
    bool chance(double p) { return p > 0 && uniform() < p; }
    unsigned below(unsigned n) { return (unsigned)(next() % n); }
};

struct Impair {
    double corrupt = 0, drop = 0, insert = 0; // per byte
};

static const unsigned WB[2] = {4, 3};          // H2D / D2H word bytes per pipe
static const uint32_t MASK[2] = {0xffffffffu, 0xffffffu};
static const uint32_t SPEC_INIT = 0x00A5A5A5u;

static uint32_t word_of(unsigned pipe, uint64_t i, uint32_t salt)
{
    Rng r{(pipe * 0x100000001ull + i) ^ ((uint64_t)salt << 40)};
    return (uint32_t)r.next() & MASK[pipe];
}

struct Sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vcosim_top> top;
    sl_link *l = nullptr;
    uint64_t cycle = 0;
    Rng rng;

    // link impairments and back-pressure
    Impair up, down;            // host->device, device->host
    double host_valid = 1.0;    // chance the host offers its next byte in a cycle
    double dev_ready = 1.0;     // chance the host takes a device byte in a cycle
    double stall[2] = {0, 0};   // chance a loopback stalls in a cycle
    bool stall_all[2] = {false, false};

    std::deque<uint8_t> upq;    // wire bytes the host is sending
    bool cur_valid = false;
    uint8_t cur_byte = 0;
    uint64_t damaged = 0;

    // fuzzing: garbage goes on the wire before the host's next byte; the
    // host's own bytes, as they go on the wire, are deframed here to know
    // the highest SEQ sent (the device's EXP is at most one past it, and at
    // most SL_WINDOW behind) and to keep recent frames to repeat or damage
    std::deque<uint8_t> injq;
    bool cur_host = false;       // cur_byte is the host's, unchanged
    sl_deframer hostdf;
    sl_plain_deframer hostpdf;    // the same, on a plain link
    size_t host_left = 0;         // plain link: bytes of the host frame under way in upq
    bool have_max = false;
    uint8_t max_seq = 0;
    std::deque<std::vector<uint8_t>> host_recent;
    bool watch_tready = false;
    uint64_t tready_low = 0;
    struct KernelMon *mon = nullptr;
    std::function<void()> each_cycle;   // called at the start of every tick

#ifdef FT245
    // The chip's FIFO side (ft_chip.h), and its USB side here: packets of
    // 512 bytes, 2 of them status, so 510 bytes of data, sent when full,
    // on SIWU#, or when the latency timer runs out.  RXF# and TXE# also go
    // high at random (ft_gap), as the chip's buffers and the bus's USB
    // traffic make them do.
    static constexpr size_t FT_PACKET = 510;
    static constexpr uint64_t FT_LATENCY = 4000; // ft cycles (the chip's: 2 ms and up)
    FtChip<Vcosim_top> chip;
    uint64_t ft_age = 0, ft_packets = 0;
    double ft_gap = 0.05;
    uint64_t ft_ps = 16667, sys_ps = 20833, t_ft = 0, t_sys = 0;
#endif

    Sim(uint64_t seed, const uint32_t *d2h_buf = nullptr) : rng{seed}
    {
        ctx.reset(new VerilatedContext);
        top.reset(new Vcosim_top(ctx.get()));
        sl_link_config cfg = {};
        cfg.n_h2d = 2;
        cfg.n_d2h = 2;
        cfg.h2d_word_bytes = WB;
        cfg.d2h_word_bytes = WB;
        cfg.d2h_buffer_words = d2h_buf;
        cfg.timeout = 3000;
        cfg.status_gap = 200;
        cfg.beat = LINK_W > 1 ? LINK_W : 0;
        if (sl_link_create(&l, &cfg) != SL_OK) {
            printf("FAIL: sl_link_create\n");
            exit(1);
        }
        sl_deframer_init(&hostdf);
        sl_plain_deframer_init(&hostpdf, LINK_W > 1 ? LINK_W : 8);
#ifdef FT245
        if (const char *mhz = getenv("FT_SYS_MHZ"))
            sys_ps = (uint64_t)(1e6 / atof(mhz));
        t_sys = sys_ps;
        top->ft_rxf_n = 1;
        top->ft_txe_n = 1;
#endif
        top->rst = 1;
        for (int i = 0; i < 8; i++)
            tick();
        top->rst = 0;
    }
    ~Sim()
    {
#ifdef FT245
        printf("  ft bus: %" PRIu64 " cycles at %.1f MHz (the bridge's: %.1f MHz), %" PRIu64 " bytes read, %" PRIu64
               " written, %" PRIu64 " packets, %" PRIu64 " SIWU# pulses\n",
               chip.cycles, 1e6 / ft_ps, 1e6 / sys_ps, chip.reads, chip.writes, ft_packets,
               chip.siwu_pulses);
        char rules[256];
        chip.print_bus_rules(rules, sizeof rules);
        check(chip.bus_ok(), "FIFO bus rules: %s", rules);
#endif
        sl_link_destroy(l);
        top->final();
    }

    void pull_tx()
    {
        static uint8_t buf[4 * SL_WIRE_MAX(SL_MAX_BODY)];
        size_t n = sl_link_tx(l, buf, sizeof buf, cycle);
        upq.insert(upq.end(), buf, buf + n);
    }

    void deliver(uint8_t b)
    {
        if (rng.chance(down.drop)) {
            damaged++;
            return;
        }
        if (rng.chance(down.insert)) {
            uint8_t g = (uint8_t)rng.next();
            sl_link_rx(l, &g, 1, cycle);
            damaged++;
        }
        if (rng.chance(down.corrupt)) {
            b ^= (uint8_t)(1u << rng.below(8));
            damaged++;
        }
        sl_link_rx(l, &b, 1, cycle);
    }

    void host_byte_sent(uint8_t b)
    {
        size_t len = LINK_W > 1 ? sl_plain_deframer_push(&hostpdf, b) : sl_deframer_push(&hostdf, b);
        if (!len)
            return;
        const uint8_t *f = LINK_W > 1 ? hostpdf.buf : hostdf.buf;
        if (f[0] == SL_T_LINK_RESET) {
            have_max = false;   // sequence numbers start again at 0
            return;
        }
        if (f[0] >= SL_T_DATA && f[0] <= SL_T_CSR_RD && len >= SL_SEQ_HDR &&
            (!have_max || (uint8_t)(f[1] - max_seq) - 1u < 127u)) {
            max_seq = f[1];
            have_max = true;
        }
        host_recent.emplace_back(f, f + len);
        if (host_recent.size() > 8)
            host_recent.pop_front();
    }

    void monitor();

    // The next beat to the device on a plain link, if there is one: a
    // forged frame's goes in whole between the host's (injq holds whole
    // beats), else, with probability host_rate, the host's next (the host
    // writes whole frames, so whole beats; a frame's length comes from
    // its header).  host says whose beat it is.
    bool next_beat(uint8_t *beat, bool &host, double host_rate)
    {
        std::deque<uint8_t> *q;
        if (!injq.empty() && host_left == 0) {
            q = &injq;
            host = false;
        } else if (upq.size() >= LINK_W && (injq.empty() || host_left > 0) &&
                   (host_rate >= 1 || rng.chance(host_rate))) {
            if (host_left == 0) {
                size_t len = upq[4] | (size_t)upq[5] << 8;
                host_left = SL_PLAIN_SIZE(len, LINK_W);
            }
            host_left -= LINK_W;
            q = &upq;
            host = true;
        } else {
            return false;
        }
        for (unsigned i = 0; i < LINK_W; i++) {
            beat[i] = q->front();
            q->pop_front();
        }
        return true;
    }

#ifndef FT245
    // One clock cycle with the beat `in` offered (if cur_valid), the
    // loopbacks stalled and the device's beat taken at random: the
    // handshakes of the cycle, sampled before the rising edge, and the
    // device's beat.
    void clock(const uint8_t *in, bool &up_fire, bool &down_fire, uint8_t *down)
    {
        top->clk = 0;
        top->s_axis_link_tvalid = cur_valid;
        to_port<LINK_W>(top->s_axis_link_tdata, in);
        top->m_axis_link_tready = rng.chance(dev_ready);
        top->lb_stall = (stall_all[0] || rng.chance(stall[0]) ? 1 : 0) |
                        (stall_all[1] || rng.chance(stall[1]) ? 2 : 0);
        top->eval();
        if (mon)
            monitor();
        if (watch_tready && !top->s_axis_link_tready)
            tready_low++;
        up_fire = top->s_axis_link_tvalid && top->s_axis_link_tready;
        down_fire = top->m_axis_link_tvalid && top->m_axis_link_tready;
        from_port<LINK_W>(top->m_axis_link_tdata, down);
        top->clk = 1;
        top->eval();
        cycle++;
    }

    // A cycle of the plain link: whole beats each way, never damaged (the
    // host's encoder gives whole beats); host_valid and dev_ready still
    // stall the link at random.
    uint8_t cur_beat[LINK_W] = {};
    void tick_beats()
    {
        if (each_cycle)
            each_cycle();
        if (upq.size() < 64 * LINK_W)
            pull_tx();
        if (!cur_valid)
            cur_valid = next_beat(cur_beat, cur_host, host_valid);
        bool up_fire, down_fire;
        uint8_t down[LINK_W];
        clock(cur_beat, up_fire, down_fire, down);
        if (up_fire) {
            cur_valid = false;
            if (cur_host)
                for (unsigned i = 0; i < LINK_W; i++)
                    host_byte_sent(cur_beat[i]);
        }
        if (down_fire)
            sl_link_rx(l, down, LINK_W, cycle);
    }

#endif

#ifdef FT245
    // One edge of the chip's clock, then its USB side
    void ft_cycle()
    {
        chip.cycle(top.get(), rng.chance(ft_gap), rng.chance(ft_gap) || !rng.chance(dev_ready));
        if (!chip.tx.empty())
            ft_age++;
        if (chip.tx.size() >= FT_PACKET || ((chip.siwu || ft_age >= FT_LATENCY) && !chip.tx.empty())) {
            size_t n = chip.tx.size() < FT_PACKET ? chip.tx.size() : FT_PACKET;
            sl_link_rx(l, chip.tx.data(), n, cycle);
            chip.tx.erase(chip.tx.begin(), chip.tx.begin() + (long)n);
            ft_packets++;
            ft_age = 0;
        }
    }

    // A cycle of the bridge's clock, with the chip's cycles that fall in
    // it.  The host's OUT transfers fill the chip's RX buffer a beat at a
    // time (next_beat).
    void tick_ft()
    {
        if (each_cycle)
            each_cycle();
        if (upq.size() < 64 * LINK_W)
            pull_tx();
        uint8_t beat[LINK_W];
        bool host;
        while (chip.rx.size() + LINK_W <= chip.BUF && rng.chance(host_valid) &&
               next_beat(beat, host, 1)) {
            chip.rx.insert(chip.rx.end(), beat, beat + LINK_W);
            if (host)
                for (unsigned i = 0; i < LINK_W; i++)
                    host_byte_sent(beat[i]);
        }
        while (t_ft + ft_ps <= t_sys) {
            t_ft += ft_ps;
            ft_cycle();
        }
        top->clk = 0;
        top->lb_stall = (stall_all[0] || rng.chance(stall[0]) ? 1 : 0) |
                        (stall_all[1] || rng.chance(stall[1]) ? 2 : 0);
        top->eval();
        if (mon)
            monitor();
        top->clk = 1;
        top->eval();
        cycle++;
        t_sys += sys_ps;
    }
#endif

    void tick()
    {
#ifdef FT245
        tick_ft();
    }
#else
        if (LINK_W > 1) {
            tick_beats();
            return;
        }
        if (each_cycle)
            each_cycle();
        if (upq.size() < 64)
            pull_tx();
        if (!cur_valid && !injq.empty()) {
            cur_byte = injq.front();
            injq.pop_front();
            cur_valid = true;
            cur_host = false;
        } else if (!cur_valid && !upq.empty() && rng.chance(host_valid)) {
            cur_host = false;
            double r = rng.uniform();
            if (r < up.drop) {
                upq.pop_front();
                damaged++;
            } else if (r < up.drop + up.insert) {
                cur_byte = (uint8_t)rng.next();
                cur_valid = true;
                damaged++;
            } else if (r < up.drop + up.insert + up.corrupt) {
                cur_byte = upq.front() ^ (uint8_t)(1u << rng.below(8));
                upq.pop_front();
                cur_valid = true;
                damaged++;
            } else {
                cur_byte = upq.front();
                upq.pop_front();
                cur_valid = true;
                cur_host = true;
            }
        }
        bool up_fire, down_fire;
        uint8_t down_beat[LINK_W];
        clock(&cur_byte, up_fire, down_fire, down_beat);
        uint8_t down_byte = down_beat[0];
        if (up_fire) {
            cur_valid = false;
            if (cur_host)
                host_byte_sent(cur_byte);
        }
        if (down_fire)
            deliver(down_byte);
    }
#endif

    bool connect(uint8_t session, uint64_t limit = 200000)
    {
        sl_link_connect(l, session, cycle);
        uint64_t end = cycle + limit;
        while (!sl_link_connected(l) && cycle < end)
            tick();
        return sl_link_connected(l);
    }

    // CSR access, blocking (with a cycle limit)
    bool csr_read(uint16_t addr, unsigned n, uint32_t *vals, uint64_t limit = 400000);
    bool csr_write(uint16_t addr, const uint32_t *vals, unsigned n, uint64_t limit = 400000)
    {
        uint64_t end = cycle + limit;
        while (cycle < end) {
            if (sl_link_csr_write(l, addr, vals, n) == SL_OK)
                return true;
            tick();
        }
        return false;
    }
    bool wait_idle(uint64_t limit = 400000)
    {
        uint64_t end = cycle + limit;
        while (cycle < end) {
            if (sl_link_idle(l) && upq.empty() && !cur_valid
#ifdef FT245
                && chip.rx.empty() && chip.tx.empty()
#endif
            )
                return true;
            tick();
        }
        return false;
    }
};

// The words the bridge hands to the H2D FIFOs (what the kernels read), in
// order, against the sequence the host writes (Stream's words).
struct KernelMon {
    uint32_t salt = 0;
    uint64_t seen[2] = {0, 0};
    uint64_t bad = 0, bad_index = 0;
    unsigned bad_pipe = 0;
    uint32_t bad_word = 0, bad_want = 0;

    void push(unsigned p, uint32_t w)
    {
        uint32_t want = word_of(p, seen[p], salt);
        if (w != want && !bad++) {
            if (getenv("FUZZ_DEBUG")) {
                long found = -1;
                for (uint64_t j = 0; j < seen[p] + 100000 && found < 0; j++)
                    if (word_of(p, j, salt) == w)
                        found = (long)j;
                printf("DEBUG bad word pipe %u index %" PRIu64 " %08x is word %ld\n", p, seen[p], w, found);
            }
            bad_pipe = p;
            bad_index = seen[p];
            bad_word = w;
            bad_want = want;
        }
        seen[p]++;
    }
};

// Called between the input changes and the rising edge: a word moves when
// the dispatcher's word register is valid and its FIFO is ready.
void Sim::monitor()
{
    for (unsigned p = 0; p < 2; p++)
        if ((top->h2d_mon_fire >> p) & 1)
            mon->push(p, top->h2d_mon_tdata & MASK[p]);
}

#ifdef COSIM_DEBUG
static void debug_state(Sim &s, const char *what)
{
    auto *r = s.top->rootp;
    sl_link_stats st;
    sl_link_get_stats(s.l, &st);
    printf("  [%s @%" PRIu64 "] dev: tx_base %u top %u send %u rx_exp %u rx_done %u nak_sent %u | host: sent %" PRIu64
           " resent %" PRIu64 " naks s/r %" PRIu64 "/%" PRIu64 " polls %" PRIu64 " ooo %" PRIu64 " rej %" PRIu64 "\n",
           what, s.cycle, r->cosim_top__DOT__bridge__DOT__byte_link__DOT__tx_base_reg, r->cosim_top__DOT__bridge__DOT__byte_link__DOT__txbuf_inst__DOT__top_reg,
           r->cosim_top__DOT__bridge__DOT__byte_link__DOT__sender_inst__DOT__send_reg, r->cosim_top__DOT__bridge__DOT__byte_link__DOT__rx_exp_reg,
           r->cosim_top__DOT__bridge__DOT__byte_link__DOT__rx_done_reg, r->cosim_top__DOT__bridge__DOT__byte_link__DOT__nak_sent_reg, st.frames_sent,
           st.frames_resent, st.naks_sent, st.naks_received, st.polls_sent, st.out_of_order, st.frames_rejected);
}
#else
static void debug_state(Sim &, const char *) {}
#endif

// ---- streaming traffic with checks -------------------------------------

struct Stream {
    uint64_t total[2] = {0, 0};
    uint64_t sent[2] = {0, 0}, got[2] = {0, 0};
    uint64_t bad = 0, first_bad_pipe = 0, first_bad_index = 0;
    uint32_t salt = 0;
    unsigned chunk = 4096;      // words per write call (at most)
    bool flush_each = false;    // pull wire bytes after every write (1-word frames)
    bool random_chunks = false;
    uint32_t spec = SPEC_INIT;

    void pump(Sim &s)
    {
        for (unsigned p = 0; p < 2; p++) {
            if (sent[p] < total[p]) {
                unsigned n = chunk;
                if (random_chunks)
                    n = 1 + s.rng.below(chunk);
                if (n > total[p] - sent[p])
                    n = (unsigned)(total[p] - sent[p]);
                // ask for no more than fits, but at least a word (so that a
                // blocked writer is seen as starved by the link)
                size_t space = sl_link_h2d_space(s.l, p);
                if (n > space)
                    n = space ? (unsigned)space : 1;
                std::vector<uint8_t> buf((size_t)n * WB[p]);
                for (unsigned i = 0; i < n; i++) {
                    uint32_t w = word_of(p, sent[p] + i, salt);
                    memcpy(&buf[(size_t)i * WB[p]], &w, WB[p]);
                }
                size_t wrote = 0;
                sl_link_h2d_write(s.l, p, buf.data(), n, &wrote);
                sent[p] += wrote;
                if (wrote && flush_each)
                    s.pull_tx();
            }
            uint8_t rb[64 * 4];
            size_t got_n = 0;
            while (sl_link_d2h_read(s.l, p, rb, 64, &got_n) == SL_OK && got_n) {
                for (size_t i = 0; i < got_n; i++) {
                    uint32_t w = 0;
                    memcpy(&w, rb + i * WB[p], WB[p]);
                    uint32_t want = word_of(p, got[p], salt) ^ (p == 1 ? (spec & MASK[1]) : 0);
                    if (got[p] >= sent[p] || w != want) {
                        if (!bad) {
                            first_bad_pipe = p;
                            first_bad_index = got[p];
                        }
                        bad++;
                    }
                    got[p]++;
                }
            }
        }
    }
    bool done() const { return got[0] >= total[0] && got[1] >= total[1]; }
};

bool Sim::csr_read(uint16_t addr, unsigned n, uint32_t *vals, uint64_t limit)
{
    uint32_t t;
    uint64_t end = cycle + limit;
    while (sl_link_csr_read(l, addr, n, &t) == SL_E_AGAIN && cycle < end)
        tick();
    while (cycle < end) {
        if (sl_link_csr_result(l, t, vals) == SL_OK)
            return true;
        if ((end - cycle) % 20000 == 0 && end - cycle < limit - 40000)
            debug_state(*this, "csr read waits");
        tick();
    }
    return false;
}

static void print_stats(Sim &s)
{
    sl_link_stats st;
    sl_link_get_stats(s.l, &st);
    printf("  cycles %" PRIu64 ", damaged bytes %" PRIu64 ", frames sent %" PRIu64 " (resent %" PRIu64
           "), received %" PRIu64 ", rejected %" PRIu64 ", out of order %" PRIu64 ", dups %" PRIu64
           ", naks sent/recv %" PRIu64 "/%" PRIu64 ", polls %" PRIu64 "\n",
           s.cycle, s.damaged, st.frames_sent, st.frames_resent, st.frames_received, st.frames_rejected,
           st.out_of_order, st.duplicates, st.naks_sent, st.naks_received, st.polls_sent);
}

// Runs a stream to completion; then runs on to see that nothing more comes.
static bool run_stream(Sim &s, Stream &t, uint64_t limit, const char *name, uint64_t *cycles = nullptr,
                       uint64_t started = UINT64_MAX)
{
    uint64_t start = started != UINT64_MAX ? started : s.cycle, end = s.cycle + limit;
    while (!t.done() && s.cycle < end) {
        t.pump(s);
        s.tick();
    }
    uint64_t used = s.cycle - start;
    if (cycles)
        *cycles = used;
    for (int i = 0; i < 20000; i++) {
        t.pump(s);
        s.tick();
    }
    bool ok = t.done() && t.bad == 0 && t.got[0] == t.total[0] && t.got[1] == t.total[1];
    check(ok, "%s: %" PRIu64 "+%" PRIu64 " words sent, %" PRIu64 "+%" PRIu64
              " received of %" PRIu64 "+%" PRIu64 ", %" PRIu64 " wrong (first: pipe %" PRIu64
              " word %" PRIu64 "), %" PRIu64 " cycles",
          name, t.sent[0], t.sent[1], t.got[0], t.got[1], t.total[0], t.total[1], t.bad, t.first_bad_pipe,
          t.first_bad_index, used);
    return ok;
}

// ---- scenarios -----------------------------------------------------------

static void device_info(Sim &s)
{
    uint32_t v[10] = {};
    bool ok = s.csr_read(SL_CSR_MAGIC, 10, v);
    // the plain link: 16 KiB of host frames in flight (it back-pressures),
    // 32 frames of up to 259 bytes to the host
    uint32_t rxbuf = LINK_W > 1 ? 16384 : 512;
    uint32_t txcfg = LINK_W > 1 ? (259u << 8 | 32) : (((1u << TX_SLOT_AW) << 8) | 8);
    check(ok && v[0] == SL_DEV_MAGIC && v[1] == SL_PROTO_VERSION && v[2] == 0x00020202u &&
              v[3] == 100000000u && v[4] == rxbuf && v[5] == txcfg && v[6] == ((1u << 16) | 3) &&
              v[7] == 0xC051A001u,
          "device info block: magic %08x version %04x counts %06x clock %u rxbuf %u txcfg %06x words %08x id %08x",
          v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    if (ok)
        sl_link_set_device_limits(s.l, v[4], v[5]);
    uint32_t pi[2] = {}, po[2] = {};
    ok = s.csr_read(SL_CSR_H2D_INFO(0), 2, pi) && s.csr_read(SL_CSR_D2H_INFO(0), 2, po);
    check(ok && pi[0] == ((uint32_t)DEPTH0 << 16 | 32) && pi[1] == (8u << 16 | 24) && po[0] == (16u << 16 | 32) &&
              po[1] == (4u << 16 | 24),
          "pipe info registers: h2d %08x %08x d2h %08x %08x", pi[0], pi[1], po[0], po[1]);
}

static bool kernel_run(Sim &s, uint32_t n, uint64_t tag, uint64_t limit = 400000)
{
    uint32_t before = 0;
    unsigned runs0 = s.top->k0_runs;
    uint32_t args[3] = {n, (uint32_t)tag, (uint32_t)(tag >> 32)};
    uint32_t go = SL_KCTRL_START;
    if (!s.csr_read(SL_CSR_KCTRL(0), 1, &before) || !s.csr_write(SL_CSR_ARG(0), args, 3) ||
        !s.csr_write(SL_CSR_KCTRL(0), &go, 1))
        return false;
    uint64_t end = s.cycle + limit;
    uint32_t st = 0;
    do {
        if (!s.csr_read(SL_CSR_KCTRL(0), 1, &st))
            return false;
    } while ((st & (SL_KCTRL_BUSY | SL_KCTRL_PENDING)) && s.cycle < end);
    bool ok = SL_KCTRL_DONES(st) == (uint16_t)(SL_KCTRL_DONES(before) + 1) && s.top->k0_arg_n == n &&
              s.top->k0_arg_tag == tag;
    if (!ok) {
        printf("  kernel run at cycle %" PRIu64 ": status %08x before %08x, args %u/%016" PRIx64
               " want %u/%016" PRIx64 " runs %u -> %u\n",
               s.cycle, st, before, s.top->k0_arg_n, (uint64_t)s.top->k0_arg_tag, n, tag, runs0, s.top->k0_runs);
        for (int i = 0; i < 3; i++) {
            s.csr_read(SL_CSR_KCTRL(0), 1, &st);
            printf("  again: %08x runs %u\n", st, s.top->k0_runs);
        }
    }
    return ok;
}

static void scenario_csr(uint64_t seed)
{
    Sim s(seed);
    check(s.connect(1), "connect: LINK_RESET answered by a STATUS of the session");
    device_info(s);

    uint32_t v = 0x12345678, r = 0;
    bool ok = s.csr_write(SL_CSR_SCRATCH, &v, 1) && s.csr_read(SL_CSR_SCRATCH, 1, &r);
    check(ok && r == v, "scratch register round trip (%08x)", r);
    uint32_t spec = 0;
    ok = s.csr_read(SL_CSR_SPEC(0), 1, &spec);
    check(ok && spec == SPEC_INIT, "spec constant reset value %08x", spec);
    uint32_t unm = 1;
    ok = s.csr_read(0x3000, 1, &unm);
    check(ok && unm == 0, "unmapped register reads 0 (%08x)", unm);
    uint32_t w3[3] = {1, 2, 3}, r3[3] = {};
    ok = s.csr_write(SL_CSR_ARG(0), w3, 3) && s.csr_read(SL_CSR_ARG(0), 3, r3);
    check(ok && r3[0] == 1 && r3[1] == 2 && r3[2] == 3, "argument words: burst write and burst read back");

    check(kernel_run(s, 50, 0x0123456789abcdefull), "kernel start with 3 argument words, sampled args, done count");
    // the STATUS that carries the completion may follow the CSR_RDATA that
    // showed it (on a plain link it does, by a few cycles): let it come
    for (int i = 0; i < 500; i++)
        s.tick();
    uint8_t ev = sl_link_events(s.l);
    check(kernel_run(s, 0, 42), "kernel with n = 0");
    for (int i = 0; i < 3000; i++)
        s.tick();
    check(sl_link_events(s.l) == (uint8_t)(ev + 1), "STATUS EVENTS counts completions (%u -> %u)", ev,
          sl_link_events(s.l));

    // a start written while the kernel runs is held, not lost
    uint32_t args[3] = {300, 7, 0}, go = SL_KCTRL_START, st = 0;
    s.csr_write(SL_CSR_ARG(0), args, 3);
    uint16_t runs0 = s.top->k0_runs;
    s.csr_write(SL_CSR_KCTRL(0), &go, 1);
    s.csr_write(SL_CSR_KCTRL(0), &go, 1);
    uint64_t end = s.cycle + 100000;
    do {
        s.csr_read(SL_CSR_KCTRL(0), 1, &st);
    } while ((st & 3) && s.cycle < end);
    check(s.top->k0_runs == runs0 + 2, "two starts in a row run the kernel twice (%u runs)",
          (unsigned)(s.top->k0_runs - runs0));

    // writes to read-only registers do nothing
    uint32_t junk = 0xdeadbeef, m = 0;
    s.csr_write(SL_CSR_MAGIC, &junk, 1);
    ok = s.csr_read(SL_CSR_MAGIC, 1, &m);
    check(ok && m == SL_DEV_MAGIC, "MAGIC is read-only (%08x)", m);

    // spec constant write takes effect on the loopback of pipe 1
    uint32_t nspec = 0x00123456;
    s.csr_write(SL_CSR_SPEC(0), &nspec, 1);
    Stream t;
    t.total[1] = 100;
    t.spec = nspec;
    t.salt = 9;
    run_stream(s, t, 200000, "spec constant applied to pipe 1");

    // core reset: words stuck in FIFOs are dropped, credits come back
    s.stall_all[0] = true;
    Stream u;
    u.total[0] = 10;
    u.salt = 3;
    for (int i = 0; i < 20000; i++) {
        u.pump(s);
        s.tick();
    }
    uint32_t one = 1;
    s.csr_write(SL_CSR_RESET, &one, 1);
    for (int i = 0; i < 5000; i++)
        s.tick();
    check(sl_link_d2h_avail(s.l, 0) == 0 && u.sent[0] == 10, "10 words written with the kernel stalled");
    // with the kernel still stalled, exactly a FIFO's worth more is accepted
    Stream w;
    w.total[0] = DEPTH0 + 100;
    w.salt = 4;
    for (int i = 0; i < 100000; i++) {
        w.pump(s);
        s.tick();
    }
    check(w.sent[0] == DEPTH0, "after core reset exactly DEPTH0 words are accepted again (%" PRIu64 " of %d)",
          w.sent[0], DEPTH0);
    s.stall_all[0] = false;
    w.total[0] = DEPTH0;
    run_stream(s, w, 2000000, "the words reset dropped never arrive; the later ones all do");
}

static void scenario_bulk(uint64_t seed, bool one_word)
{
    Sim s(seed);
    s.connect(1);
    device_info(s);
    Stream t;
    t.total[0] = one_word ? 20000 : 100000;
    t.salt = 1;
    if (one_word) {
        t.chunk = 1;
        t.flush_each = true;
    }
    uint64_t cycles = 0;
    run_stream(s, t, 50000000, one_word ? "1-word frames, clean link" : "bulk, clean link", &cycles);
    printf("  throughput: %.4f words/cycle (%.3f bytes/cycle payload each way; %s)\n",
           (double)t.total[0] / cycles, 4.0 * t.total[0] / cycles,
           one_word ? "each word in its own frame" : "bulk writes");
    print_stats(s);
}

static void scenario_pingpong(uint64_t seed)
{
    Sim s(seed);
    s.connect(1);
    device_info(s);
    const int N = 500;
    uint64_t start = s.cycle;
    int ok = 0;
    for (int i = 0; i < N; i++) {
        uint32_t w = word_of(0, i, 5), r = 0;
        size_t n = 0;
        while (sl_link_h2d_write(s.l, 0, &w, 1, &n) != SL_OK)
            s.tick();
        s.pull_tx();
        uint64_t end = s.cycle + 100000;
        while (sl_link_d2h_read(s.l, 0, &r, 1, &n) != SL_OK && s.cycle < end)
            s.tick();
        ok += r == w;
    }
    check(ok == N, "ping-pong: %d of %d words came back", ok, N);
    printf("  round trip: %.1f cycles per word (%.4f words/cycle)\n", (double)(s.cycle - start) / N,
           (double)N / (s.cycle - start));
}

static void scenario_stress(uint64_t seed, double rate, uint64_t words, bool csr_traffic)
{
    Sim s(seed);
    s.up.corrupt = s.down.corrupt = rate;
    s.up.drop = s.down.drop = rate / 3;
    s.up.insert = s.down.insert = rate / 3;
    s.host_valid = 0.7;
    s.dev_ready = 0.7;
    s.stall[0] = 0.3;
    s.stall[1] = 0.5;
    check(s.connect(1), "connect over a damaged link");
    device_info(s);
    Stream t;
    t.total[0] = words;
    t.total[1] = words / 5;
    t.salt = (uint32_t)seed;
    t.chunk = 300;
    t.random_chunks = true;

    uint64_t start = s.cycle, end = s.cycle + 400 * words + 2000000;
    unsigned kruns = 0, kok = 0, scr = 0, scr_ok = 0;
    uint64_t next_csr = s.cycle + 5000;
    while (!t.done() && s.cycle < end) {
        t.pump(s);
        s.tick();
        if (csr_traffic && s.cycle >= next_csr) {
            // interleave control traffic with the stream (blocking, pumping meanwhile is
            // not needed for correctness: the link keeps running in tick())
            uint32_t v = (uint32_t)s.rng.next(), r = 0;
            scr++;
            uint64_t c0 = s.cycle;
            bool wok = s.csr_write(SL_CSR_SCRATCH, &v, 1);
            uint64_t c1 = s.cycle;
            bool rok = wok && s.csr_read(SL_CSR_SCRATCH, 1, &r);
            if (wok && rok && r == v)
                scr_ok++;
            else
                printf("  scratch at cycle %" PRIu64 ": write %s (%" PRIu64 " cycles), read %s (%" PRIu64
                       " cycles), %08x for %08x\n",
                       c0, wok ? "ok" : "timed out", c1 - c0, rok ? "ok" : "timed out", s.cycle - c1, r, v);
            kruns++;
            kok += kernel_run(s, s.rng.below(100), s.rng.next());
            next_csr = s.cycle + 20000;
        }
    }
    run_stream(s, t, 1, "stream under damage and back-pressure (words exactly once, in order, intact)", nullptr,
               start);
    if (csr_traffic) {
        check(scr && scr_ok == scr, "scratch round trips under damage: %u of %u", scr_ok, scr);
        check(kruns && kok == kruns, "kernel runs under damage: %u of %u with right args and done count", kok,
              kruns);
    }
    check(s.damaged > 0, "the link was damaged (%" PRIu64 " bytes)", s.damaged);
    print_stats(s);
}

static void scenario_nokernel(uint64_t seed)
{
    Sim s(seed);
    s.connect(1);
    device_info(s);
    s.stall_all[0] = s.stall_all[1] = true;
    Stream t;
    t.total[0] = 100000;
    t.total[1] = 100000;
    t.salt = 11;
    for (int i = 0; i < 100000; i++) {
        t.pump(s);
        s.tick();
    }
    check(t.sent[0] == DEPTH0 && t.sent[1] == 8,
          "with no kernel reading, exactly the FIFO depth is accepted (pipe 0: %" PRIu64 " of %d, pipe 1: %" PRIu64
          " of 8)",
          t.sent[0], DEPTH0, t.sent[1]);
    uint32_t r = 0, v = 77;
    check(s.csr_write(SL_CSR_SCRATCH, &v, 1) && s.csr_read(SL_CSR_SCRATCH, 1, &r) && r == 77,
          "control registers still answer while the pipes are full");
    s.stall_all[0] = s.stall_all[1] = false;
    t.total[0] = 5000;
    t.total[1] = 1000;
    run_stream(s, t, 5000000, "after the kernel resumes, everything arrives");
}

static void scenario_hostfull(uint64_t seed)
{
    const uint32_t cap[2] = {100, 10};
    Sim s(seed, cap);
    s.connect(1);
    device_info(s);
    Stream t;
    t.total[0] = 3000;
    t.total[1] = 500;
    t.salt = 12;
    // write but do not read: the device may send only the host's buffer
    for (int i = 0; i < 100000; i++) {
        for (unsigned p = 0; p < 2; p++) {
            if (t.sent[p] < t.total[p]) {
                uint32_t w = word_of(p, t.sent[p], t.salt);
                size_t n = 0;
                sl_link_h2d_write(s.l, p, &w, 1, &n);
                t.sent[p] += n;
            }
        }
        s.tick();
    }
    check(sl_link_d2h_avail(s.l, 0) == 100 && sl_link_d2h_avail(s.l, 1) == 10,
          "a host that does not read gets exactly its buffer (%zu of 100, %zu of 10)", sl_link_d2h_avail(s.l, 0),
          sl_link_d2h_avail(s.l, 1));
    check(t.sent[0] < t.total[0], "and back-pressure reaches the host writer (%" PRIu64 " of %" PRIu64 " written)",
          t.sent[0], t.total[0]);
    uint32_t r = 0, v = 78;
    check(s.csr_write(SL_CSR_SCRATCH, &v, 1) && s.csr_read(SL_CSR_SCRATCH, 1, &r) && r == 78,
          "control registers still answer while the host buffer is full");
    run_stream(s, t, 5000000, "after the host reads, everything arrives");
}

static void scenario_reconnect(uint64_t seed)
{
    Sim s(seed);
    s.connect(1);
    Stream t;
    t.total[0] = 2000;
    t.total[1] = 300;
    t.salt = 21;
    run_stream(s, t, 2000000, "before reconnect");
    check(s.wait_idle(), "link idle");
    check(s.connect(2), "reconnect with a new session");
    device_info(s);
    Stream u;
    u.total[0] = 2000;
    u.total[1] = 300;
    u.salt = 22;
    run_stream(s, u, 2000000, "after reconnect");

    // a reconnect in the middle of traffic: the link recovers; words inside
    // the link may be lost (proto.h section 6), later ones arrive intact
    s.stall[0] = 0.5;
    Stream v;
    v.total[0] = 100000;
    v.salt = 23;
    for (int i = 0; i < 3000; i++) {
        v.pump(s);
        s.tick();
    }
    check(s.connect(3), "reconnect in mid-stream");
    s.stall[0] = 0;
    for (int i = 0; i < 20000; i++)
        s.tick();
    uint8_t junk[4 * 64];
    size_t n;
    while (sl_link_d2h_read(s.l, 0, junk, 64, &n) == SL_OK && n) {
    }
    for (int i = 0; i < 20000; i++)
        s.tick();
    while (sl_link_d2h_read(s.l, 0, junk, 64, &n) == SL_OK && n) {
    }
    Stream w;
    w.total[0] = 3000;
    w.salt = 24;
    // words from before the reconnect that were still in the FIFOs come
    // first; drain them by resetting the core
    uint32_t one = 1;
    s.csr_write(SL_CSR_RESET, &one, 1);
    for (int i = 0; i < 2000; i++)
        s.tick();
    while (sl_link_d2h_read(s.l, 0, junk, 64, &n) == SL_OK && n) {
    }
    run_stream(s, w, 2000000, "after a mid-stream reconnect and core reset");
}

// ---- fuzz: garbage on the host->device wire ------------------------------

struct FuzzStats {
    uint64_t pieces = 0, forged = 0, bytes = 0;
};

static void wire_frame(std::vector<uint8_t> &out, const uint8_t *body, size_t n)
{
    std::vector<uint8_t> w(SL_WIRE_MAX(n) + SL_PLAIN_SIZE(n, LINK_W > 1 ? LINK_W : 8));
    int k = LINK_W > 1 ? sl_plain_encode(body, n, LINK_W, w.data(), w.size())
                       : sl_frame_encode(body, n, true, w.data(), w.size());
    out.insert(out.end(), w.begin(), w.begin() + k);
}

// A frame with a good CRC that the device must drop whatever its state:
// each would do visible harm if it were taken (a wrong word, a CSR write,
// a kernel start, a core or link reset, a lost acknowledgement).
static void forge_up(Sim &s, Rng &g, std::vector<uint8_t> &out, FuzzStats &fs)
{
    static const uint16_t targets[] = {SL_CSR_SCRATCH, SL_CSR_RESET, SL_CSR_KCTRL(0), SL_CSR_KCTRL(1),
                                       SL_CSR_ARG(0), SL_CSR_ARG(1), SL_CSR_SPEC(0)};
    uint8_t b[800];
    for (auto &x : b)
        x = (uint8_t)g.next();
    // the device's EXP is in max_seq - 63 .. max_seq + 1 (0 before any
    // sequenced frame): frames ahead of it by 2..126 or behind it
    uint8_t m1 = s.have_max ? (uint8_t)(s.max_seq + 1) : 0;
    uint8_t ahead = (uint8_t)(m1 + 2 + g.below(60)), behind = (uint8_t)(m1 - 65 - g.below(60));
    uint8_t near = (uint8_t)(m1 - 2 + g.below(5));   // for frames dropped whatever SEQ
    size_t n = SL_SEQ_HDR;
    b[0] = SL_T_DATA;
    b[1] = g.chance(0.5) ? ahead : behind;
    b[2] = (uint8_t)g.below(2);
    b[3] = 0;
    unsigned kind = g.below(10);
    if (getenv("FUZZ_CASE"))
        kind = (unsigned)atoi(getenv("FUZZ_CASE"));
    switch (kind) {
    case 0: // good DATA, wrong words
        n += WB[b[2]] * (1 + g.below(40));
        break;
    case 1: { // CSR writes that would be seen
        uint16_t a = targets[g.below(sizeof targets / sizeof targets[0])];
        b[0] = SL_T_CSR_WR;
        b[2] = (uint8_t)a;
        b[3] = (uint8_t)(a >> 8);
        n += 4 * (1 + g.below(3));
        if (g.chance(0.5))
            b[4] = 1; // RESET, KCTRL: bit 0 does it
        break;
    }
    case 2: // a CSR read whose answer the host does not expect
        b[0] = SL_T_CSR_RD;
        b[2] = (uint8_t)g.below(16);
        n += 1;
        b[4] = (uint8_t)g.below(256);
        break;
    case 3: // a type the device does not take, at the likely EXP
        do
            b[0] = (uint8_t)g.next();
        while ((b[0] >= SL_T_DATA && b[0] <= SL_T_CSR_RD) || b[0] == SL_T_STATUS || b[0] == SL_T_LINK_RESET);
        if (g.chance(0.5))
            b[0] = (uint8_t)(SL_T_CSR_RDATA + g.below(12));
        b[1] = near;
        n += 4 * (1 + g.below(20));
        break;
    case 4: // a sequenced frame shorter than its header
        b[0] = (uint8_t)(SL_T_DATA + g.below(3));
        b[1] = near;
        n = 1 + g.below(3);
        break;
    case 5: // longer than any frame (and than the receive buffer); on a
            // plain link, whose header could not say it, a DATA frame of
            // another pipe's word size
        b[1] = near;
        n = SL_MAX_BODY + 1 + g.below(500);
        if (LINK_W > 1) {
            b[2] = 1;
            n = SL_SEQ_HDR + 4 * (1 + g.below(20));
            if ((n - SL_SEQ_HDR) % WB[1] == 0)
                n += 4;
        }
        break;
    case 6: // STATUS of a wrong length
        b[0] = SL_T_STATUS;
        do
            n = 1 + g.below(40);
        while (n == SL_STATUS_HDR + 4);
        break;
    case 7: // LINK_RESET of a wrong length
        b[0] = SL_T_LINK_RESET;
        do
            n = 1 + g.below(12);
        while (n == SL_RESET_LEN);
        break;
    case 8: // a CSR read of 0 or more than SL_CSR_RD_MAX words, at the likely EXP
        b[0] = SL_T_CSR_RD;
        b[1] = near;
        b[2] = (uint8_t)g.below(16);
        n += 1;
        b[4] = g.chance(0.3) ? 0 : (uint8_t)(SL_CSR_RD_MAX + 1 + g.below(255 - SL_CSR_RD_MAX));
        break;
    default: // an empty DATA frame or one with a partial word, at the likely EXP
        b[1] = near;
        b[2] = 0;
        n += g.chance(0.3) ? 0 : 4 * g.below(8) + 1 + g.below(3);
        break;
    }
    wire_frame(out, b, n);
    fs.forged++;
}

// One piece of garbage for the host->device wire.
static void garbage_up(Sim &s, Rng &g, std::vector<uint8_t> &out, FuzzStats &fs)
{
    unsigned kind = g.below(8);
    if (s.host_recent.empty() && kind >= 4)
        kind = 0;
    fs.pieces++;
    if (kind == 0) { // random bytes, rich in FLAG and ESC
        for (unsigned n = 1 + g.below(64); n; n--) {
            unsigned c = g.below(8);
            out.push_back(c == 0 ? SL_FLAG : c == 1 ? SL_ESC : (uint8_t)g.next());
        }
        return;
    }
    if (kind <= 2) {
        forge_up(s, g, out, fs);
        return;
    }
    if (kind == 3) {
        // a LINK_RESET (which would cut the session) with a good CRC, but
        // aborted by ESC FLAG or spoilt by ESC ESC: in place of 0x5D (the
        // bridge reads ESC ESC as ESC ^ 0x20 and marks the frame bad) or
        // before the ESC of a stuffed 0x7E (proto.c's reading)
        unsigned c = g.below(3);
        uint8_t b[2] = {SL_T_LINK_RESET, (uint8_t)(c == 0 ? 0x5D : c == 1 ? 0x7E : 1 + g.below(255))};
        std::vector<uint8_t> w;
        wire_frame(w, b, 2);
        if (c == 0) {
            w[2] = SL_ESC;                   // FLAG 11 ESC ESC ...
            w.insert(w.begin() + 2, SL_ESC);
        } else if (c == 1) {
            w.insert(w.begin() + 2, SL_ESC); // FLAG 11 ESC ESC 5E ...
        } else {
            w.insert(w.end() - 1, SL_ESC);   // ... ESC FLAG
        }
        out.insert(out.end(), w.begin(), w.end());
        return;
    }
    const std::vector<uint8_t> &f = s.host_recent[g.below((unsigned)s.host_recent.size())];
    std::vector<uint8_t> w;
    wire_frame(w, f.data(), f.size());
    if (kind == 4) { // an exact repeat
        out.insert(out.end(), w.begin(), w.end());
        return;
    }
    size_t pos = 1 + g.below((unsigned)w.size() - 2);
    if (kind == 5) { // bit flips
        for (unsigned k = 1 + g.below(8); k; k--)
            w[1 + g.below((unsigned)w.size() - 2)] ^= (uint8_t)(1u << g.below(8));
    } else if (kind == 6) { // truncated
        w.resize(pos);
        w.push_back(SL_FLAG);
    } else { // a FLAG or ESC inserted, or a byte lost or doubled
        unsigned c = g.below(4);
        if (c == 0)
            w.erase(w.begin() + pos);
        else
            w.insert(w.begin() + pos, c == 1 ? SL_FLAG : c == 2 ? SL_ESC : w[pos]);
    }
    out.insert(out.end(), w.begin(), w.end());
}

// One piece of garbage for a plain link, whole frames that the device
// must drop: forged ones, or a repeat of a recent host frame (its SEQ is
// behind the device's EXP then).
static void garbage_plain(Sim &s, Rng &g, std::vector<uint8_t> &out, FuzzStats &fs)
{
    fs.pieces++;
    if (s.host_recent.empty() || g.chance(0.7)) {
        forge_up(s, g, out, fs);
        return;
    }
    const std::vector<uint8_t> &f = s.host_recent[g.below((unsigned)s.host_recent.size())];
    if (f[0] == SL_T_LINK_RESET || f[0] == SL_T_STATUS) {
        forge_up(s, g, out, fs);
        return;
    }
    wire_frame(out, f.data(), f.size());
}

// The plain link's fuzz: forged and repeated frames between the host's,
// while words stream both ways under back-pressure and kernels run; the
// kernels must see exactly the words written.
static void scenario_forge(uint64_t seed)
{
    Sim s(seed);
    Rng g{seed ^ 0xf022f022ull};
    KernelMon mon;
    FuzzStats fs;
    mon.salt = (uint32_t)seed ^ 0x5157;
    s.mon = &mon;
    s.host_valid = 0.8;
    s.dev_ready = 0.8;
    s.stall[0] = 0.2;
    s.stall[1] = 0.4;
    check(s.connect(1), "forge: connected");
    Stream t;
    t.total[0] = t.total[1] = UINT64_MAX / 2;
    t.salt = mon.salt;
    t.chunk = 200;
    t.random_chunks = true;
    s.each_cycle = [&]() {
        if (s.injq.empty() && g.chance(1.0 / 150)) {
            std::vector<uint8_t> v;
            garbage_plain(s, g, v, fs);
            fs.bytes += v.size();
            s.injq.insert(s.injq.end(), v.begin(), v.end());
        }
    };
    unsigned runs = 0, runs_ok = 0, scr = 0, scr_ok = 0;
    uint64_t start = s.cycle, end = s.cycle + 400000, next_csr = s.cycle + 3000;
    while (s.cycle < end) {
        t.pump(s);
        s.tick();
        if (s.cycle >= next_csr) {
            uint32_t v = (uint32_t)g.next(), r = 0;
            scr++;
            if (s.csr_write(SL_CSR_SCRATCH, &v, 1) && s.csr_read(SL_CSR_SCRATCH, 1, &r) && r == v)
                scr_ok++;
            runs++;
            runs_ok += kernel_run(s, g.below(50), g.next());
            next_csr = s.cycle + 5000 + g.below(10000);
        }
    }
    s.each_cycle = nullptr;
    for (unsigned p = 0; p < 2; p++)
        t.total[p] = t.sent[p] + 3000;
    run_stream(s, t, 3000000, "forge", nullptr, start);
    check(s.wait_idle(), "forge: link idle");
    check(scr && scr_ok == scr && runs_ok == runs && s.top->k0_runs == runs,
          "forge: %u of %u scratch round trips, %u of %u kernel runs right, kernel started %u times", scr_ok, scr,
          runs_ok, runs, (unsigned)s.top->k0_runs);
    check(mon.bad == 0 && mon.seen[0] == t.total[0] && mon.seen[1] == t.total[1],
          "forge: the kernels got exactly the words written: %" PRIu64 "+%" PRIu64 " of %" PRIu64 "+%" PRIu64
          ", %" PRIu64 " wrong (first: pipe %u word %" PRIu64 " %08x for %08x)",
          mon.seen[0], mon.seen[1], t.total[0], t.total[1], mon.bad, mon.bad_pipe, mon.bad_index, mon.bad_word,
          mon.bad_want);
    printf("  garbage: %" PRIu64 " pieces (%" PRIu64 " forged frames), %" PRIu64 " bytes\n", fs.pieces, fs.forged,
           fs.bytes);
    print_stats(s);
}

static void fuzz_one(uint64_t seed, uint64_t cycles)
{
    Sim s(seed);
    Rng g{seed ^ 0xf022f022ull};
    KernelMon mon;
    FuzzStats fs;
    char tag[32];
    snprintf(tag, sizeof tag, "fuzz seed %" PRIu64, seed);
    mon.salt = (uint32_t)seed ^ 0x5157;
    s.mon = &mon;
    s.host_valid = 0.8;
    s.dev_ready = 0.8;
    s.stall[0] = 0.2;
    s.stall[1] = 0.4;
    s.down.corrupt = 1e-3;
    s.down.drop = s.down.insert = 3e-4;
    s.tick();   // tready rises in the first cycle after reset
    s.watch_tready = true;

    Stream t;
    t.total[0] = t.total[1] = UINT64_MAX / 2;
    t.salt = mon.salt;
    t.chunk = 200;
    t.random_chunks = true;

    // the garbage phase: the session carries on meanwhile
    double rate = 1.0 / 120;    // pieces per cycle
    uint64_t start = s.cycle, end = s.cycle + cycles, next_csr = s.cycle + 3000;
    unsigned runs = 0, runs_ok = 0, scr = 0, scr_ok = 0;
    bool connected = false;
    sl_link_connect(s.l, 1, s.cycle);
    s.each_cycle = [&]() {
        if (s.injq.empty() && g.chance(rate)) {
            std::vector<uint8_t> v;
            garbage_up(s, g, v, fs);
            fs.bytes += v.size();
            if (getenv("FUZZ_DEBUG")) {
                printf("DEBUG %" PRIu64 " inject max %d/%u:", s.cycle, s.have_max, s.max_seq);
                for (size_t i = 0; i < v.size() && i < 24; i++)
                    printf(" %02x", v[i]);
                printf("\n");
            }
            s.injq.insert(s.injq.end(), v.begin(), v.end());
        }
    };
    while (s.cycle < end) {
        if (sl_link_connected(s.l))
            t.pump(s);
        s.tick();
        if (!connected && sl_link_connected(s.l))
            connected = true;
        if (connected && s.cycle >= next_csr) {
            uint32_t v = (uint32_t)g.next(), r = 0;
            scr++;
            // garbage keeps coming during these (s.each_cycle)
            if (s.csr_write(SL_CSR_SCRATCH, &v, 1) && s.csr_read(SL_CSR_SCRATCH, 1, &r) && r == v)
                scr_ok++;
            runs++;
            runs_ok += kernel_run(s, g.below(50), g.next());
            next_csr = s.cycle + 5000 + g.below(10000);
        }
    }
    check(connected, "%s: connected under garbage", tag);

    // the garbage stops: everything written must arrive within a bound
    s.each_cycle = nullptr;
    s.down = Impair();
    for (unsigned p = 0; p < 2; p++)
        t.total[p] = t.sent[p] + 3000;
    uint64_t drain = s.cycle;
    run_stream(s, t, 3000000, tag, nullptr, start);
    uint32_t r = 0, v = 0x600dcafe, spec = 0;
    bool ok = s.csr_write(SL_CSR_SCRATCH, &v, 1, 200000) && s.csr_read(SL_CSR_SCRATCH, 1, &r, 200000) &&
              s.csr_read(SL_CSR_SPEC(0), 1, &spec, 200000) && r == v;
    check(ok && spec == SPEC_INIT,
          "%s: the device answers after the garbage (scratch %08x, spec %08x), %" PRIu64 " cycles to drain", tag, r,
          spec, s.cycle - drain);
    check(s.wait_idle(), "%s: link idle", tag);
    check(scr && scr_ok == scr && runs_ok == runs && s.top->k0_runs == runs,
          "%s: %u of %u scratch round trips, %u of %u kernel runs right, kernel started %u times", tag, scr_ok,
          scr, runs_ok, runs, (unsigned)s.top->k0_runs);
    check(mon.bad == 0 && mon.seen[0] == t.total[0] && mon.seen[1] == t.total[1],
          "%s: the kernels got exactly the words written: %" PRIu64 "+%" PRIu64 " of %" PRIu64 "+%" PRIu64
          ", %" PRIu64 " wrong (first: pipe %u word %" PRIu64 " %08x for %08x)",
          tag, mon.seen[0], mon.seen[1], t.total[0], t.total[1], mon.bad, mon.bad_pipe, mon.bad_index, mon.bad_word,
          mon.bad_want);
    check(s.tready_low == 0, "%s: s_axis_link_tready stayed high (%" PRIu64 " cycles low)", tag, s.tready_low);
    printf("  garbage: %" PRIu64 " pieces (%" PRIu64 " forged frames with a good CRC), %" PRIu64
           " bytes in %" PRIu64 " cycles\n",
           fs.pieces, fs.forged, fs.bytes, cycles);
    print_stats(s);
}

static void scenario_fuzz(uint64_t seed)
{
    for (uint64_t k = 0; k < 3; k++)
        fuzz_one(seed * 1000 + k, 400000);
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    std::string sc = argc > 1 ? argv[1] : "all";
    uint64_t seed = argc > 2 ? strtoull(argv[2], nullptr, 0) : 1;

    if (sc == "csr" || sc == "all")
        scenario_csr(seed);
    if (sc == "bulk" || sc == "all")
        scenario_bulk(seed, false);
    if (sc == "oneword" || sc == "all")
        scenario_bulk(seed, true);
    if (sc == "pingpong" || sc == "all")
        scenario_pingpong(seed);
    if (sc == "stress" || sc == "all")
        scenario_stress(seed, 1e-3, 100000, true);
    if (sc == "heavy" || sc == "all")
        scenario_stress(seed, 1e-2, 10000, true);
    if (sc == "nokernel" || sc == "all")
        scenario_nokernel(seed);
    if (sc == "hostfull" || sc == "all")
        scenario_hostfull(seed);
    if (sc == "reconnect" || sc == "all")
        scenario_reconnect(seed);
    if (sc == "fuzz" || (sc == "all" && LINK_W == 1))
        scenario_fuzz(seed);
    if (sc == "forge" || (sc == "all" && LINK_W > 1))
        scenario_forge(seed);

    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
