// sim/sim_shim.cpp -- implements sim/sim_abi.h over a Verilated Vsluice_top.
//
// Built into the module's simulator library together with the verilated
// design (sim/build-model.sh, `verilator --prefix Vsluice_top`).  The link
// moves beats of SIM_LINK_W bytes (build-model.sh -w W: -DSIM_LINK_W=W with
// the design's -GLINK_W=W; default 1, the byte link); byte k of a beat is
// bits [8k+7:8k] of the tdata ports.  Each cycle: inputs are set with clk
// low (the next W queued bytes on s_axis_link_*, valid only when the input
// queue holds a whole beat; room for a beat in the output queue as
// m_axis_link_tready), the model is evaluated, the handshakes of that
// cycle are sampled, and the rising edge is evaluated; so a beat moves
// exactly when tvalid and tready are both high before the edge, as in
// hardware.  With tracing on, both clock phases are dumped.  While
// s_axis_link_tvalid is low its tdata keeps the last beat.
//
// Guarantees: no byte is lost or duplicated between the queues and the
// model; a beat's bytes stay together, and in order; nothing prints or
// exits.  Not thread-safe per handle.
//
// Built with SLUICE_VBOARD_DIV defined (build-model.sh -u DIV), the model is
// a board's top level, sluice_board (hls/flow/board_top.c), and the link
// is its UART: bytes of the input queue go out on uart_rx as 8N1 frames of
// DIV cycles a bit, back to back, and uart_tx is sampled in the middle of
// each bit into the output queue (a frame whose stop bit is 0 is dropped,
// as a UART would).  Reset is the board's own power-on reset; a reset
// button, if the board has one, is held released (SLUICE_VBOARD_RST_IDLE is
// its released level).  This is the virtual board of `sluice vboard`.

#include "Vsluice_top.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#elif VM_TRACE
#include "verilated_vcd_c.h"
#endif

#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "sim_abi.h"
#include "sim_port.h"

#ifndef SIM_LINK_W
#define SIM_LINK_W 1
#endif

namespace {

// Bytes per beat of the host link.  The queues hold a whole number of
// beats, and only the model adds to the output queue or takes from the
// input queue, a beat at a time: so the beats it moves start at multiples
// of kBeat in the ring and never wrap.
const size_t kBeat = SIM_LINK_W;
static_assert((kBeat == 1 || kBeat >= 4) && kBeat <= 128 && (kBeat & (kBeat - 1)) == 0,
              "SIM_LINK_W must be 1 or a power of two from 4 to 128");
static_assert(SIM_LINK_QUEUE % kBeat == 0, "the link queues must hold whole beats");
#ifdef SLUICE_VBOARD_DIV
static_assert(kBeat == 1, "a virtual board's link is its UART: SIM_LINK_W must be 1");
#endif

#if VM_TRACE_FST
using Tracer = VerilatedFstC;
const uint32_t kFormats = SIM_TRACE_FST;
const char *const kExt = ".fst";
const char *const kName = "FST";
#elif VM_TRACE
using Tracer = VerilatedVcdC;
const uint32_t kFormats = SIM_TRACE_VCD;
const char *const kExt = ".vcd";
const char *const kName = "VCD";
#endif

struct Ring {
    uint8_t buf[SIM_LINK_QUEUE];
    size_t head = 0, count = 0;

    size_t room() const { return SIM_LINK_QUEUE - count; }
    uint8_t front() const { return buf[head]; }
    void pop() { head = (head + 1) % SIM_LINK_QUEUE; count--; }
    void push(uint8_t b) { buf[(head + count) % SIM_LINK_QUEUE] = b; count++; }

    // The model's side, a beat at a time (see kBeat): the beat at the
    // head, and the room for one at the tail.
    const uint8_t *head_beat() const { return buf + head; }
    void pop_beat() { head = (head + kBeat) % SIM_LINK_QUEUE; count -= kBeat; }
    uint8_t *tail_beat() { return buf + (head + count) % SIM_LINK_QUEUE; }
    void push_beat() { count += kBeat; }

    // The caller's side: up to n bytes in or out, in at most two copies.
    size_t put(const uint8_t *b, size_t n)
    {
        size_t k = n < room() ? n : room();
        for (size_t done = 0; done < k;) {
            size_t at = (head + count) % SIM_LINK_QUEUE, run = SIM_LINK_QUEUE - at;
            run = run < k - done ? run : k - done;
            memcpy(buf + at, b + done, run);
            count += run;
            done += run;
        }
        return k;
    }
    size_t get(uint8_t *b, size_t n)
    {
        size_t k = n < count ? n : count;
        for (size_t done = 0; done < k;) {
            size_t run = SIM_LINK_QUEUE - head;
            run = run < k - done ? run : k - done;
            memcpy(b + done, buf + head, run);
            head = (head + run) % SIM_LINK_QUEUE;
            count -= run;
            done += run;
        }
        return k;
    }
};

#if VM_TRACE
bool ends_with(const char *s, const char *ext)
{
    size_t n = strlen(s), m = strlen(ext);
    return n >= m && strcmp(s + n - m, ext) == 0;
}
#endif

#ifdef SLUICE_VBOARD_DIV
const unsigned kDiv = SLUICE_VBOARD_DIV;

// Host to board: the level of uart_rx in each cycle.
struct LineOut {
    int bit = -1; // -1 idle, 0 start, 1..8 data, 9 stop
    unsigned t = 0;
    uint8_t byte = 0;

    bool level(Ring &in)
    {
        if (bit < 0 && in.count) {
            byte = in.front();
            in.pop();
            bit = 0;
            t = 0;
        }
        return bit < 0 || bit == 9 || (bit > 0 && ((byte >> (bit - 1)) & 1));
    }
    void tick()
    {
        if (bit >= 0 && ++t == kDiv) {
            t = 0;
            if (++bit == 10)
                bit = -1;
        }
    }
};

// Board to host: uart_tx sampled in the middle of each bit.
struct LineIn {
    bool busy = false;
    unsigned c = 0; // cycles since the start bit's edge
    uint8_t byte = 0;

    void sample(bool tx, Ring &out)
    {
        if (!busy) {
            if (!tx) {
                busy = true;
                c = 0;
                byte = 0;
            }
            return;
        }
        c++;
        if (c < kDiv / 2 || (c - kDiv / 2) % kDiv)
            return;
        unsigned k = (c - kDiv / 2) / kDiv;
        if (k == 0 && tx)
            busy = false; // a glitch, not a start bit
        else if (k >= 1 && k <= 8)
            byte |= (uint8_t)(tx << (k - 1));
        else if (k == 9) {
            if (tx && out.room())
                out.push(byte);
            busy = false;
        }
    }
};
#endif

} // namespace

struct sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vsluice_top> top;
#if VM_TRACE
    std::unique_ptr<Tracer> tfp;
#endif
    Ring in, out;
    uint64_t cycles = 0;

    // The clock's low phase is evaluated (inputs set, outputs sampled):
    // trace it, then the rising edge.
    void rise()
    {
#if VM_TRACE
        if (tfp)
            tfp->dump(ctx->time());
#endif
        ctx->timeInc(1);
        top->clk = 1;
        top->eval();
#if VM_TRACE
        if (tfp)
            tfp->dump(ctx->time());
#endif
        ctx->timeInc(1);
    }
#ifdef SLUICE_VBOARD_DIV
    LineOut to_board;
    LineIn from_board;

    void cycle()
    {
        top->clk = 0;
        top->uart_rx = to_board.level(in);
#ifdef SLUICE_VBOARD_RST_IDLE
        top->rst_btn = SLUICE_VBOARD_RST_IDLE;
#endif
        top->eval();
        bool tx = top->uart_tx;
        rise();
        to_board.tick();
        from_board.sample(tx, out);
    }
#else
    void cycle()
    {
        static_assert(sizeof top->s_axis_link_tdata == kBeat &&
                          sizeof top->m_axis_link_tdata == kBeat,
                      "the model's link ports are not SIM_LINK_W bytes wide (-GLINK_W)");
        bool in_valid = in.count >= kBeat, out_ready = out.room() >= kBeat;
        top->clk = 0;
        top->s_axis_link_tvalid = in_valid;
        if (in_valid)
            to_port<kBeat>(top->s_axis_link_tdata, in.head_beat());
        top->m_axis_link_tready = out_ready;
        top->eval();
        bool in_fire = in_valid && top->s_axis_link_tready;
        bool out_fire = out_ready && top->m_axis_link_tvalid;
        if (out_fire) // into the free room at the tail: counted below
            from_port<kBeat>(top->m_axis_link_tdata, out.tail_beat());
        rise();
        if (in_fire)
            in.pop_beat();
        if (out_fire)
            out.push_beat();
    }
#endif
};

// The rest of sim_create, which may throw (allocation in Verilator).
static int start(sim *s, struct sim **out, const char *trace_path, char *err, size_t errlen)
{
    bool want_trace = trace_path != nullptr;
#if !VM_TRACE
    (void)want_trace;
    (void)err;
    (void)errlen;
#endif
    s->ctx.reset(new VerilatedContext);
#if VM_TRACE
    if (want_trace)
        s->ctx->traceEverOn(true);
#endif
    s->top.reset(new Vsluice_top(s->ctx.get(), "sluice_top"));
#if VM_TRACE
    if (want_trace) {
        s->tfp.reset(new Tracer);
        s->top->trace(s->tfp.get(), 99);
        s->tfp->open(trace_path);
        if (!s->tfp->isOpen()) {
            snprintf(err, errlen, "cannot open the trace file '%s'", trace_path);
            s->tfp.reset();
            s->top->final();
            delete s;
            return SIM_E_TRACE_FILE;
        }
    }
#endif
#ifdef SLUICE_VBOARD_DIV
    // the board's power-on reset: its first cycles are the board's own
    for (int i = 0; i < 64; i++)
        s->cycle();
#else
    s->top->rst = 1;
    for (int i = 0; i < 8; i++)
        s->cycle();
    s->top->rst = 0;
#endif
    s->cycles = 0;
    *out = s;
    return SIM_OK;
}

extern "C" {

uint32_t sim_abi_version(void)
{
    return SIM_ABI_VERSION;
}

uint32_t sim_link_beat(void)
{
    return (uint32_t)kBeat;
}

uint32_t sim_trace_formats(void)
{
#if VM_TRACE
    return kFormats;
#else
    return 0;
#endif
}

int sim_create(struct sim **out, const char *trace_path, char *err, size_t errlen)
{
    bool want_trace = trace_path && *trace_path;
#if VM_TRACE
    if (want_trace && !ends_with(trace_path, kExt)) {
        snprintf(err, errlen,
                 "cannot trace to '%s': this simulator model was built to write %s waveforms "
                 "only; name the file *%s",
                 trace_path, kName, kExt);
        return SIM_E_TRACE;
    }
#else
    if (want_trace) {
        snprintf(err, errlen,
                 "cannot trace to '%s': this simulator model was built without tracing",
                 trace_path);
        return SIM_E_TRACE;
    }
#endif
    sim *s = new (std::nothrow) sim;
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return SIM_E_FAIL;
    }
    try {
        return start(s, out, want_trace ? trace_path : nullptr, err, errlen);
    } catch (const std::exception &e) {
        snprintf(err, errlen, "the model failed to start: %s", e.what());
    } catch (...) {
        snprintf(err, errlen, "the model failed to start");
    }
    delete s;
    return SIM_E_FAIL;
}

void sim_destroy(struct sim *s)
{
    if (!s)
        return;
    s->top->final();
#if VM_TRACE
    if (s->tfp)
        s->tfp->close();
#endif
    delete s;
}

void sim_step(struct sim *s, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        s->cycle();
    s->cycles += n;
}

uint64_t sim_run(struct sim *s, uint64_t n)
{
    bool had_in = s->in.count >= kBeat, answered = false;
    uint64_t i = 0;
    while (i < n) {
        size_t before = s->out.count;
        s->cycle();
        i++;
        bool grew = s->out.count != before;
        // the end of a burst of output (a frame, or frames back to back),
        // or the last of the input taken: a host, which on hardware runs
        // beside the link, would have given more by then, so the model
        // waits for it rather than run on with its input idle (with the
        // output streaming too, that idled the input in 15 % of the cycles
        // of a bulk transfer both ways)
        if ((answered && !grew) || (had_in && s->in.count < kBeat))
            break;
        answered |= grew;
    }
    s->cycles += i;
    return i;
}

uint64_t sim_cycles(const struct sim *s)
{
    return s->cycles;
}

size_t sim_link_put(struct sim *s, const uint8_t *bytes, size_t n)
{
    return s->in.put(bytes, n);
}

size_t sim_link_pending(const struct sim *s)
{
    return s->in.count;
}

size_t sim_link_get(struct sim *s, uint8_t *bytes, size_t cap)
{
    return s->out.get(bytes, cap);
}

void sim_trace_flush(struct sim *s)
{
#if VM_TRACE
    if (s->tfp)
        s->tfp->flush();
#else
    (void)s;
#endif
}

} // extern "C"
