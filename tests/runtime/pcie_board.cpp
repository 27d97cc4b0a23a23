// tests/runtime/pcie_board.cpp -- the RTL of a card with a PCIe DMA
// engine's stream channels behind the simulated XDMA nodes of
// test_api_pcie.c: tests/runtime/cosim_pcie_top.v (rtl/sluice_pcie_stream.v
// before the bridge, its pipes and kernel stand-ins, on 16-byte beats)
// verilated as Vpcie_board.  Built as libpcie_board.so; test_api_pcie.c
// loads it and runs it in the thread that plays the card, so that the
// real PCIe transport and this RTL run end to end.
//
// What stands in for the DMA engine (its stream side, as XDMA's AXI4-Stream
// mode has it):
//   H2C  the host's bytes as 16-byte beats with all TKEEP bits set, TLAST
//        on the last beat the engine has; TVALID low in 5 % of cycles.
//   C2H  beats taken with TREADY high in 90 % of cycles; the bytes go to
//        the host only when a beat with TLAST ends the packet, as a read
//        of an XDMA C2H node returns only then: a packet the adapter
//        never ended would leave the host waiting.
// And it checks the stream rules: C2H's TKEEP all ones; TDATA and TLAST
// held while TVALID is high and the beat not taken; no packet longer than
// the adapter's MAX_BEATS; h2c_partial never raised.
#include "Vpcie_board.h"
#include "verilated.h"

#include "sim_port.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <vector>

static constexpr size_t BEAT = 16;
static constexpr unsigned MAX_BEATS = 256; // cosim_pcie_top's, the Makefile

struct PcieBoard {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vpcie_board> top;
    std::deque<uint8_t> h2c;          // the host's bytes, not yet on the stream
    std::vector<uint8_t> packet;      // the C2H packet under way
    std::deque<uint8_t> c2h;          // ended packets, for the host
    uint64_t cycles = 0, h2c_beats = 0, c2h_beats = 0, packets = 0, longest = 0;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    // the C2H beat offered and not taken in the last cycle
    bool was_offered = false;
    uint8_t offered[BEAT] = {};
    bool offered_last = false;
    char trouble[200] = "";

    bool chance(unsigned pct)
    {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return rng % 100 < pct;
    }

    void fail(const char *what)
    {
        if (!trouble[0])
            snprintf(trouble, sizeof trouble, "%s (cycle %llu)", what,
                     (unsigned long long)cycles);
    }

    void tick()
    {
        uint8_t in[BEAT] = {}, out[BEAT];
        bool have = h2c.size() >= BEAT;
        for (size_t k = 0; have && k < BEAT; k++)
            in[k] = h2c[k];
        top->clk = 0;
        top->s_axis_h2c_tvalid = have && !chance(5);
        to_port<BEAT>(top->s_axis_h2c_tdata, in);
        top->s_axis_h2c_tkeep = 0xffff;
        top->s_axis_h2c_tlast = have && h2c.size() < 2 * BEAT;
        top->m_axis_c2h_tready = chance(90);
        top->lb_stall = (chance(10) ? 1 : 0) | (chance(10) ? 2 : 0);
        top->eval();
        bool up = top->s_axis_h2c_tvalid && top->s_axis_h2c_tready;
        bool down = top->m_axis_c2h_tvalid && top->m_axis_c2h_tready;
        bool last = top->m_axis_c2h_tlast;
        from_port<BEAT>(top->m_axis_c2h_tdata, out);
        if (top->m_axis_c2h_tvalid && top->m_axis_c2h_tkeep != 0xffff)
            fail("a C2H beat with a TKEEP bit low");
        if (was_offered && (!top->m_axis_c2h_tvalid || memcmp(out, offered, BEAT) ||
                            offered_last != last))
            fail("a C2H beat changed or withdrawn before it was taken");
        was_offered = top->m_axis_c2h_tvalid && !down;
        memcpy(offered, out, BEAT);
        offered_last = last;
        if (top->h2c_partial)
            fail("h2c_partial raised on whole beats");
        top->clk = 1;
        top->eval();
        cycles++;
        if (up) {
            h2c.erase(h2c.begin(), h2c.begin() + BEAT);
            h2c_beats++;
        }
        if (down) {
            packet.insert(packet.end(), out, out + BEAT);
            c2h_beats++;
            if (last) {
                uint64_t beats = packet.size() / BEAT;
                longest = beats > longest ? beats : longest;
                if (beats > MAX_BEATS)
                    fail("a C2H packet longer than MAX_BEATS");
                c2h.insert(c2h.end(), packet.begin(), packet.end());
                packet.clear();
                packets++;
            }
        }
    }
};

extern "C" {

void *pcb_open(void)
{
    PcieBoard *b = new PcieBoard;
    b->ctx.reset(new VerilatedContext);
    b->top.reset(new Vpcie_board(b->ctx.get()));
    b->top->rst = 1;
    for (int i = 0; i < 8; i++)
        b->tick();
    b->top->rst = 0;
    return b;
}

// The card's side of the two nodes: takes the host's bytes (as many as the
// engine buffers), runs 256 cycles, and gives back the bytes of the C2H
// packets ended so far, at most cap.
void pcb_xfer(void *user, const uint8_t *in, size_t n, size_t *taken, uint8_t *out, size_t cap,
              size_t *got)
{
    PcieBoard *b = static_cast<PcieBoard *>(user);
    size_t room = b->h2c.size() < 65536 ? 65536 - b->h2c.size() : 0;
    *taken = n < room ? n : room;
    b->h2c.insert(b->h2c.end(), in, in + *taken);
    for (int i = 0; i < 256; i++)
        b->tick();
    *got = b->c2h.size() < cap ? b->c2h.size() : cap;
    std::copy(b->c2h.begin(), b->c2h.begin() + (long)*got, out);
    b->c2h.erase(b->c2h.begin(), b->c2h.begin() + (long)*got);
}

// 1 if the streams kept their rules so far; else what broke them, in buf.
int pcb_stream_rules(void *user, char *buf, size_t n)
{
    PcieBoard *b = static_cast<PcieBoard *>(user);
    snprintf(buf, n, "%s", b->trouble[0] ? b->trouble : "kept");
    return !b->trouble[0];
}

// Cycles run, beats each way, C2H packets and the longest of them in beats.
void pcb_counts(void *user, uint64_t *cycles, uint64_t *h2c_beats, uint64_t *c2h_beats,
                uint64_t *packets, uint64_t *longest)
{
    PcieBoard *b = static_cast<PcieBoard *>(user);
    *cycles = b->cycles;
    *h2c_beats = b->h2c_beats;
    *c2h_beats = b->c2h_beats;
    *packets = b->packets;
    *longest = b->longest;
}

void pcb_close(void *user)
{
    PcieBoard *b = static_cast<PcieBoard *>(user);
    b->top->final();
    delete b;
}
}
