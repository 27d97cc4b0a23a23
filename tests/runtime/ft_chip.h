// tests/runtime/ft_chip.h -- the FIFO side of an FTDI FT232H (or FT2232H
// channel A) in synchronous FIFO mode, on the ports of a verilated top
// with rtl/sluice_ft245_phy.v's bus (ft_clk, ft_data_in/out/oe, ft_rxf_n,
// ft_txe_n, ft_rd_n, ft_wr_n, ft_oe_n, ft_siwu_n), as the data sheets
// describe it: RXF# low while the chip's RX buffer holds a byte for the
// FPGA, TXE# low while its TX buffer has room, a byte moving at each
// CLKOUT edge where RD# (WR#) and RXF# (TXE#) are both low, the chip
// driving the data bus while OE# is low.  It checks the bus rules the
// FPGA must keep as it goes.  Its USB side is the owner's:
// tests/runtime/cosim_main.cpp (built with FT245) and ft_board.cpp.
#ifndef FT_CHIP_H
#define FT_CHIP_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <vector>

template <typename Top> struct FtChip {
    static constexpr size_t BUF = 1024;  // FT232H: 1 KiB each way
    std::deque<uint8_t> rx;              // host bytes the FPGA has yet to read
    std::vector<uint8_t> tx;             // bytes the FPGA wrote, not yet sent
    uint64_t write_limit = UINT64_MAX;   // TXE# high once writes reaches it
                                         // (the USB side stopped taking bytes)
    bool rxf_n = true, txe_n = true, prev_oe = false;
    bool siwu = false;                   // SIWU# was low at the last edge
    uint64_t cycles = 0, reads = 0, writes = 0, siwu_pulses = 0;
    uint64_t fights = 0, rd_early = 0, wr_undriven = 0;

    // One edge of CLKOUT: the chip's flags and data before the edge, the
    // FPGA's outputs sampled, the bytes that moved at the edge, and the
    // flags for the next cycle; gap_rx and gap_tx hold RXF# or TXE# high
    // for that cycle anyway (the chip's USB traffic does).
    void cycle(Top *top, bool gap_rx, bool gap_tx)
    {
        top->ft_clk = 0;
        top->ft_rxf_n = rxf_n;
        top->ft_txe_n = txe_n;
        top->ft_data_in = !top->ft_oe_n && !rx.empty() ? rx.front() : 0xA5;
        top->eval();
        bool rd = !top->ft_rd_n, wr = !top->ft_wr_n, oe = !top->ft_oe_n, drive = top->ft_data_oe;
        uint8_t dout = top->ft_data_out;
        fights += oe && drive;
        rd_early += rd && (!oe || !prev_oe);   // OE# low a cycle before RD#
        wr_undriven += wr && !drive;
        siwu = !top->ft_siwu_n;
        siwu_pulses += siwu;
        top->ft_clk = 1;
        top->eval();
        cycles++;
        if (rd && !rxf_n) {
            rx.pop_front();
            reads++;
        }
        if (wr && !txe_n) {
            tx.push_back(dout);
            writes++;
        }
        prev_oe = oe;
        rxf_n = rx.empty() || gap_rx;
        txe_n = tx.size() >= BUF || writes >= write_limit || gap_tx;
    }

    bool bus_ok() const { return !fights && !rd_early && !wr_undriven; }

    void print_bus_rules(char *buf, size_t n) const
    {
        snprintf(buf, n,
                 "%" PRIu64 " cycles both drove the bus, %" PRIu64 " RD# without OE# the cycle "
                 "before, %" PRIu64 " WR# with the bus not driven",
                 fights, rd_early, wr_undriven);
    }
};

#endif
