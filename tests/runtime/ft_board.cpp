// tests/runtime/ft_board.cpp -- the RTL of a board with an FTDI FIFO link
// behind the simulated USB bus of fake_libusb.c: tests/runtime/
// cosim_ft_top.v (rtl/sluice_ft245_phy.v before the bridge, its pipes and
// kernel stand-ins) verilated as Vft_board, with the chip's FIFO side of
// ft_chip.h on its bus.  Built as libft_board.so; test_api_usb.c loads it
// and hands ftb_fifo to the bus as the chip's FIFO side, so that the real
// USB transport, fake_libusb's chip and this RTL run end to end.
//
// The chip's clock is 60 MHz, the bridge's 48 MHz; each call of ftb_fifo
// runs 256 cycles of the bridge's clock.  RXF# and TXE# go high at random
// in 5 % of cycles, and the loopbacks stall in 10 %.  Out of synchronous
// FIFO mode the chip's clock stops (ftb_mode), and the board runs on its
// own for the 5 ms that the host then waits; the PHY is built to find
// the link down after 1 ms of that (DOWN_CYCLES, the Makefile), as a
// board's top level has it.
#include "Vft_board.h"
#include "verilated.h"

#include "ft_chip.h"

#include <cstring>
#include <memory>

// how long runtime/device/usb.c keeps the chip out of synchronous FIFO
// mode when it opens it (CLOCK_STOP_NS)
static constexpr uint64_t HOST_PAUSE_PS = 5000000000ull;

struct FtBoard {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vft_board> top;
    FtChip<Vft_board> chip;
    uint64_t ft_ps = 16667, sys_ps = 20833, t_ft = 0, t_sys = 20833, cycles = 0;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    bool ft_stopped = false;             // the chip's clock stands still

    bool chance(unsigned pct)
    {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return rng % 100 < pct;
    }

    void tick()
    {
        while (t_ft + ft_ps <= t_sys) {
            t_ft += ft_ps;
            if (!ft_stopped)
                chip.cycle(top.get(), chance(5), chance(5));
        }
        top->clk = 0;
        top->lb_stall = (chance(10) ? 1 : 0) | (chance(10) ? 2 : 0);
        top->eval();
        top->clk = 1;
        top->eval();
        t_sys += sys_ps;
        cycles++;
    }
};

extern "C" {

void *ftb_open(void)
{
    FtBoard *b = new FtBoard;
    b->ctx.reset(new VerilatedContext);
    b->top.reset(new Vft_board(b->ctx.get()));
    b->top->ft_rxf_n = 1;
    b->top->ft_txe_n = 1;
    b->top->rst = 1;
    for (int i = 0; i < 8; i++)
        b->tick();
    b->top->rst = 0;
    return b;
}

// The chip's FIFO side, as fake_usb_peer.fifo: takes the host's bytes into
// the chip's RX buffer as far as it has room, runs the board, gives back
// what the FPGA wrote.
void ftb_fifo(void *user, const uint8_t *in, size_t n, size_t *taken, uint8_t *out, size_t cap,
              size_t *got)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    size_t room = b->chip.BUF - b->chip.rx.size();
    *taken = n < room ? n : room;
    b->chip.rx.insert(b->chip.rx.end(), in, in + *taken);
    for (int i = 0; i < 256; i++)
        b->tick();
    *got = b->chip.tx.size() < cap ? b->chip.tx.size() : cap;
    memcpy(out, b->chip.tx.data(), *got);
    b->chip.tx.erase(b->chip.tx.begin(), b->chip.tx.begin() + (long)*got);
}

// The chip's bit mode, as fake_usb_peer.mode: out of synchronous FIFO
// mode its clock stops, and the board runs for the host's 5 ms without
// it (runtime/device/usb.c waits that long there).
void ftb_mode(void *user, unsigned bitmode)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    b->ft_stopped = bitmode != 0x40;
    if (b->ft_stopped)
        for (uint64_t t = 0; t < HOST_PAUSE_PS; t += b->sys_ps)
            b->tick();
}

// A purge of the chip's buffers, as fake_usb_peer.purge: 1 the bytes
// toward the host (the TX side, whose room comes back), 2 those from it.
void ftb_purge(void *user, unsigned which)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    if (which & 1) {
        b->chip.tx.clear();
        b->chip.write_limit = UINT64_MAX;
    }
    if (which & 2)
        b->chip.rx.clear();
}

// From now on the chip's TX buffer takes only n more bytes from the FPGA
// (nobody on USB reads them) until a purge.
void ftb_tx_room(void *user, size_t n)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    b->chip.write_limit = b->chip.writes + n;
}

// 1 if the FPGA kept the bus rules so far; what it did in buf.
int ftb_bus_rules(void *user, char *buf, size_t n)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    b->chip.print_bus_rules(buf, n);
    return b->chip.bus_ok();
}

// Cycles of the bridge's clock, and bytes the FPGA read and wrote.
void ftb_counts(void *user, uint64_t *cycles, uint64_t *reads, uint64_t *writes)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    *cycles = b->cycles;
    *reads = b->chip.reads;
    *writes = b->chip.writes;
}

void ftb_close(void *user)
{
    FtBoard *b = static_cast<FtBoard *>(user);
    b->top->final();
    delete b;
}
}
