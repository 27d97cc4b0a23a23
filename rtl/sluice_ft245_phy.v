/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * FT245-style synchronous FIFO PHY: the host link on an FTDI FT232H or
 * FT2232H (channel A) in synchronous FIFO mode
 *
 * The chip moves USB bulk data to and from an 8-bit bus clocked by its own
 * 60 MHz CLKOUT (ft_clk here).  This PHY runs that bus, packs its bytes
 * into beats of LINK_W bytes for the bridge's plain framing (proto.h
 * section 2b: USB bulk transfers neither lose nor damage bytes), and
 * takes the beats across to the bridge's clock:
 *
 *   ft bus --> packer --> async FIFO --> m_axis (beats, to the bridge's s_axis_link)
 *   ft bus <-- unpacker <-- async FIFO <-- s_axis (beats, from the bridge's m_axis_link)
 *
 * The bus, as FTDI's data sheets (DS_FT232H section 4.4.2, DS_FT2232H
 * section 4.4.2) and application note AN_130 give it; every signal is
 * sampled at, and driven from, the rising edge of CLKOUT:
 *
 *   - RXF# low: the chip has a byte for the FPGA.  The FPGA drives OE#
 *     low, and RD# low from the next cycle on (the data sheets: OE# low at
 *     least one clock period before RD#, for the bus to turn around); a
 *     byte moves at every edge where RD# and RXF# are both low.
 *   - TXE# low: the chip has room.  The FPGA drives the data bus and WR#
 *     low; a byte moves at every edge where WR# and TXE# are both low.
 *   - One bus, two directions: this PHY turns it around through an idle
 *     cycle in which neither side drives it (OE# high, its own drivers
 *     off).  While both directions have bytes to move, each keeps the bus
 *     for BURST bytes and then gives it over; a write turn that TXE# holds
 *     up gives the bus over at once if the chip has bytes for the FPGA.
 *   - SIWU# is pulsed low for one cycle, with WR# high, when a write burst
 *     ends with nothing more to send, so that the chip sends its short
 *     packet at once rather than after its latency timer (SEND_IMMEDIATE).
 *
 * The outputs (OE#, RD#, WR#, the data and its enable) are registers,
 * and so are RXF# and the data bus as they come in: a read begins a cycle
 * after RXF# falls.  Whether the chip took a byte at an edge depends on
 * TXE# at that edge, and the next byte must not be offered before it is,
 * so the next cycle's WR#, data and turn depend on TXE# through a few
 * LUTs.  That path, from the chip's outputs (valid some nanoseconds
 * after CLKOUT rises) to its inputs (which need some nanoseconds of
 * set-up before the next rise), is the PHY's critical timing: the data
 * sheet's I/O timing table bounds it, and the FPGA's clock-to-pin and
 * pin-to-register delays must fit in what is left of the 16.67 ns.
 * nextpnr checks the paths inside the FPGA at ft_clk's frequency, not
 * these pin timings.
 *
 * Flow control: RD# stays low only while the packer's FIFO has room for
 * two beats, as it had a cycle before (want_rd_reg takes RXF# and the
 * room together, so that no LUT stands between them and the turn's
 * decision).  A byte read at an edge is packed at the next, and a beat it
 * ends goes into the FIFO at the one after; of the five bytes that may
 * be on their way when RD# is decided, at most one ends a beat (beats of
 * 8 bytes and more), so two beats of room leave one spare.  A byte the
 * chip did not take stays on the bus, WR# low, until it is taken.
 *
 * Parameters:
 *
 *   LINK_W          bytes per beat toward the bridge: 8, 16, 32 or 64
 *   FIFO_AW         each async FIFO holds 2**FIFO_AW beats (>= 2; at 3
 *                   and 8-byte beats Yosys puts each in 4 iCE40 block
 *                   RAMs, at 2 in 512 flip-flops between them)
 *   BURST           bytes one direction moves before it gives the bus to
 *                   the other, if the other waits (a power of two, >= 2)
 *   SEND_IMMEDIATE  1: pulse SIWU# after a write burst; 0: keep it high
 *
 *   DOWN_CYCLES     cycles of clk without a sign of ft_clk after which
 *                   the link is down (0: never); the board's top level
 *                   gives a millisecond's worth
 *
 * Clocks and reset: clk and rst are the bridge's.  ft_clk runs only while
 * the host has the chip in synchronous FIFO mode, so the two sides of
 * the async FIFOs are reset by a handshake: rst holds the clk side until
 * the ft_clk side has been seen in reset, however late its clock starts.
 * Until then m_axis_tvalid and s_axis_tready are low, and `ready` (clk
 * side) says the PHY runs.
 *
 * The link goes down when ft_clk stops for DOWN_CYCLES: a host that opens
 * the chip takes it out of synchronous FIFO mode for a while first
 * (runtime/device/usb.c), whatever the last host left on the link.  The
 * PHY then resets itself as for rst, dropping the bytes and beats on
 * their way each way, and `ready` stays low until ft_clk runs again and
 * the reset has gone through; the bridge's link_down takes !ready and
 * drops the frames under way.  So a host killed in the middle of a frame,
 * or a board unplugged from the host, leaves nothing behind: the next host
 * starts on a frame's first byte each way.  (While ft_clk stands still
 * the outputs keep their last values; the chip, out of synchronous FIFO
 * mode, does not look at them.)
 *
 * A beat is whole only on the FPGA's side of the chip: the host's frames
 * are whole beats (proto.h 2b), and the packer counts bytes from reset.
 */
module sluice_ft245_phy #
(
    parameter LINK_W = 8,
    parameter FIFO_AW = 3,
    parameter BURST = 512,
    parameter SEND_IMMEDIATE = 1,
    parameter DOWN_CYCLES = 0
)
(
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Beats from the host (to the bridge's s_axis_link)
     */
    output wire [8*LINK_W-1:0]   m_axis_tdata,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    /*
     * Beats to the host (from the bridge's m_axis_link)
     */
    input  wire [8*LINK_W-1:0]   s_axis_tdata,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire                  ready,

    /*
     * The chip's FIFO bus (active-low signals end in _n)
     */
    input  wire                  ft_clk,
    input  wire [7:0]            ft_data_in,
    output wire [7:0]            ft_data_out,
    output wire                  ft_data_oe,
    input  wire                  ft_rxf_n,
    input  wire                  ft_txe_n,
    output wire                  ft_rd_n,
    output wire                  ft_wr_n,
    output wire                  ft_oe_n,
    output wire                  ft_siwu_n
);

localparam IW = $clog2(LINK_W);
localparam BW = $clog2(BURST);
localparam [IW-1:0] LAST_BYTE = {IW{1'b1}};       // LINK_W - 1 (a power of two)

localparam [1:0]
    M_IDLE = 2'd0,   // nobody drives the bus
    M_OE = 2'd1,     // OE# low: the chip drives the bus; RD# next
    M_RD = 2'd2,     // OE# and RD# low: bytes from the chip
    M_WR = 2'd3;     // the FPGA drives the bus: bytes to the chip

// ---- reset of the two clock domains --------------------------------------

// clk side: a four-phase handshake.  rst, or the link down, raises the
// request (the clk side's reset); the ft_clk side is in reset while it
// sees the request; the request falls once rst (and down) has and the
// ft_clk side's reset has come back (ack), counting only an ack that was
// low after the request rose, or that stood still with ft_clk, so that
// the ack of an earlier request does not end this one.
reg rst_req_reg = 1'b1;
reg rst_set_reg = 1'b1;    // the same, for the ft_clk side's asynchronous set
reg ack1_reg = 1'b0, ack2_reg = 1'b0;
reg ack_low_reg = 1'b0;    // ack was seen low since the request rose
// ft_clk side
reg ft_rst1_reg = 1'b1, ft_rst2_reg = 1'b1, ft_rst3_reg = 1'b1;
reg ft_ack_reg = 1'b0;

// ft_clk's sign of life: a bit of a free-running count that changes every
// 8 cycles of ft_clk, slow enough for any clk to see each change; the
// link is down once clk has seen none for DOWN_CYCLES
localparam QW = DOWN_CYCLES > 0 ? $clog2(DOWN_CYCLES + 1) : 1;
localparam integer Q_LAST_I = DOWN_CYCLES > 0 ? DOWN_CYCLES - 1 : 0;
localparam [QW-1:0] Q_LAST = Q_LAST_I[QW-1:0];
reg [3:0] alive_cnt_reg = 4'd0;
reg alive1_reg = 1'b0, alive2_reg = 1'b0, alive3_reg = 1'b0;
reg [QW-1:0] quiet_reg = 0;
reg down_reg = 1'b0;

always @(posedge ft_clk) begin
    alive_cnt_reg <= alive_cnt_reg + 4'd1;
end

always @(posedge clk) begin
    alive1_reg <= alive_cnt_reg[3];
    alive2_reg <= alive1_reg;
    alive3_reg <= alive2_reg;
    if (alive2_reg != alive3_reg) begin
        quiet_reg <= 0;
        down_reg <= 1'b0;
    end else if (DOWN_CYCLES > 0 && !down_reg) begin
        quiet_reg <= quiet_reg + 1'b1;
        down_reg <= quiet_reg == Q_LAST;
    end
end

always @(posedge clk) begin
    ack1_reg <= ft_ack_reg;
    ack2_reg <= ack1_reg;
    if (rst || down_reg) begin
        rst_req_reg <= 1'b1;
        rst_set_reg <= 1'b1;
        if (!rst_req_reg)
            ack_low_reg <= 1'b0;
    end else if (rst_req_reg && ack2_reg && ack_low_reg) begin
        rst_req_reg <= 1'b0;
        rst_set_reg <= 1'b0;
    end
    // with ft_clk stopped for long, the ack is no older than its last
    // edge: high, the ft_clk side's last edge was in reset, and it still is
    if (!ack2_reg || down_reg)
        ack_low_reg <= 1'b1;
end

// ft_clk side: the request sets the reset at once, clock or none, and
// it ends on ft_clk.  The pins' registers take it at once too (pin_rst),
// so that the bus is let go while the chip's clock stands still and the
// chip sees it idle at the clock's first edge; the rest takes it at the
// edges (ft_rst, a second register of the same value: a net is either an
// asynchronous reset or a synchronous one).  The acknowledgement is taken
// at an edge, so that rst_req falls only once the ft_clk side has been
// clocked in reset.
always @(posedge ft_clk or posedge rst_set_reg) begin
    if (rst_set_reg) begin
        ft_rst1_reg <= 1'b1;
        ft_rst2_reg <= 1'b1;
        ft_rst3_reg <= 1'b1;
    end else begin
        ft_rst1_reg <= 1'b0;
        ft_rst2_reg <= ft_rst1_reg;
        ft_rst3_reg <= ft_rst1_reg;
    end
end

always @(posedge ft_clk) begin
    ft_ack_reg <= ft_rst3_reg;
end

wire ft_rst = ft_rst3_reg;
wire pin_rst = ft_rst2_reg;

assign ready = !rst_req_reg;

// ---- the FIFOs across --------------------------------------------------------

wire [8*LINK_W-1:0] pack_word;
wire pack_push;
// a whole beat goes into the FIFO a cycle after its last byte, from
// registers: the bus's pins do not reach the block RAM's write port
reg [8*LINK_W-1:0] push_word_reg = 0;
reg push_reg = 1'b0;
wire [FIFO_AW:0] h2d_free;
wire h2d_room2;
wire h2d_ready;

sluice_async_fifo #(.WIDTH(8 * LINK_W), .AW(FIFO_AW)) h2d_fifo (
    .w_clk(ft_clk), .w_rst(ft_rst),
    .s_axis_tdata(push_word_reg), .s_axis_tvalid(push_reg), .s_axis_tready(h2d_ready),
    .w_free(h2d_free), .w_room2(h2d_room2),
    .r_clk(clk), .r_rst(rst_req_reg),
    .m_axis_tdata(m_axis_tdata), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
);

wire [8*LINK_W-1:0] tx_beat;
wire tx_valid;
wire tx_pop;
wire [FIFO_AW:0] d2h_free;
wire d2h_room2;

sluice_async_fifo #(.WIDTH(8 * LINK_W), .AW(FIFO_AW)) d2h_fifo (
    .w_clk(clk), .w_rst(rst_req_reg),
    .s_axis_tdata(s_axis_tdata), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
    .w_free(d2h_free), .w_room2(d2h_room2),
    .r_clk(ft_clk), .r_rst(ft_rst),
    .m_axis_tdata(tx_beat), .m_axis_tvalid(tx_valid), .m_axis_tready(tx_pop)
);

// ---- the bus (ft_clk) ------------------------------------------------------

reg [1:0] mode_reg = M_IDLE;
// The pins' registers: high from configuration on through pin_rst's
// asynchronous set (ft_rst2_reg is set from the start by rst_set_reg), so
// they need no initial value in the bitstream.  One would cost a LUT
// between each register and its pin: an iCE40 flip-flop starts at 0, so
// Yosys keeps one that starts at 1 inverted, its pin behind an inverter.
// (Simulators start them where reset puts them.)
reg oe_n_reg, rd_n_reg, wr_n_reg, data_oe_reg, siwu_n_reg;
`ifndef SYNTHESIS
initial begin
    oe_n_reg = 1'b1;
    rd_n_reg = 1'b1;
    wr_n_reg = 1'b1;
    data_oe_reg = 1'b0;
    siwu_n_reg = 1'b1;
end
`endif
reg [7:0] dout_reg = 8'd0;
reg out_valid_reg = 1'b0;      // dout_reg holds a byte the chip has not taken
reg last_wr_reg = 1'b0;        // the last turn on the bus was a write
reg [BW:0] burst_reg = 0;      // bytes moved in this turn; its top bit:
                               // BURST of them, the turn may end
reg [8*LINK_W-9:0] pack_reg = 0;     // the beat's bytes so far, at its top
reg [IW-1:0] pack_n_reg = 0;
reg pack_last_reg = 1'b0;            // the next byte ends the beat
reg [LINK_W-1:0] unpack_oh_reg = 1;  // cur's next byte, one-hot
// the beat being sent (cur), the next (nxt), and a queue of four bytes
// from cur before dout_reg: what TXE# decides (a byte taken, the next
// offered) moves only the queue's head, and the beats move on registers
reg [8*LINK_W-1:0] cur_reg = 0, nxt_reg = 0;
reg cur_valid_reg = 1'b0, nxt_valid_reg = 1'b0;
reg [7:0] bq_reg [0:3];
reg [1:0] bq_rd_reg = 2'd0, bq_wr_reg = 2'd0;
reg [4:0] bq_n_reg = 5'b00001;       // bytes queued, one-hot: 0 to 4
reg last_byte_reg = 1'b0;            // unpack_oh_reg is at cur's last byte
// RXF# (with the room), the data and what RD# was at the last edge, in
// registers: a byte read at an edge is taken in the cycle after it
reg want_rd_reg = 1'b0;              // RXF# low, and room (see the header)
reg got_reg = 1'b0;                  // a byte moved at the last edge
reg [7:0] din_q_reg = 8'd0;

// what happened at the last edge (got) and at this one (taken): the chip
// takes a byte at this edge or not, and the next byte must wait for it,
// so TXE# is used as it comes
wire got = got_reg;
wire taken = !wr_n_reg && !ft_txe_n;

// host to device: bytes into the packer, a whole beat into the FIFO
assign pack_word = {din_q_reg, pack_reg};
assign pack_push = got && pack_last_reg;

// device to host: a byte of cur into the queue while it has room; the
// queue's head into dout_reg when the byte there has been taken (or there
// is none)
wire bq_any = !bq_n_reg[0];
wire bq_push = cur_valid_reg && !bq_n_reg[4];
wire load = (taken || !out_valid_reg) && bq_any;
wire cur_done = bq_push && last_byte_reg;

// cur's next byte, picked rather than shifted out (so that cur_reg loads
// only with take_nxt, an enable of one LUT) by a one-hot index: an AND-OR
// of two LUT levels where a binary index took three
reg [7:0] cur_byte;
integer ub;
always @* begin
    cur_byte = 8'd0;
    for (ub = 0; ub < LINK_W; ub = ub + 1)
        cur_byte = cur_byte | (cur_reg[8*ub +: 8] & {8{unpack_oh_reg[ub]}});
end
wire take_nxt = nxt_valid_reg && (!cur_valid_reg || cur_done);
assign tx_pop = tx_valid && !nxt_valid_reg;
wire out_valid_next = bq_any || (out_valid_reg && !taken);    // load || (...)

// whose turn next
// (RXF# a cycle late: a read begins a cycle later, and ends with one
// more cycle of RD# low, in which no byte moves)
wire want_rd = want_rd_reg;
// out_valid_next && !ft_txe_n, written so that TXE# meets it in one LUT
// (with TXE# low, a byte on the bus was taken exactly when WR# was low)
wire want_wr = !ft_txe_n && (bq_any || (out_valid_reg && wr_n_reg));
wire turn_over = burst_reg[BW];
reg [1:0] mode_next;

always @* begin
    mode_next = M_IDLE;
    case (mode_reg)
    M_IDLE:
        if (want_wr && (!want_rd || !last_wr_reg))
            mode_next = M_WR;
        else if (want_rd)
            mode_next = M_OE;
    M_OE:
        if (want_rd)
            mode_next = M_RD;
    M_RD:
        if (want_rd && !(want_wr && turn_over))
            mode_next = M_RD;
    default: // M_WR: a byte the chip refuses waits, unless reading is due
        if (out_valid_next && !(want_rd && (turn_over || ft_txe_n)))
            mode_next = M_WR;
    endcase
end

always @(posedge ft_clk) begin
    want_rd_reg <= !ft_rxf_n && h2d_room2;  // h2d_free >= 2, a register
    got_reg <= !rd_n_reg && !ft_rxf_n;
    din_q_reg <= ft_data_in;
    if (got) begin
        pack_reg <= pack_word[8*LINK_W-1:8];
        pack_n_reg <= pack_n_reg + 1'b1;
        pack_last_reg <= pack_n_reg == LAST_BYTE - 1'b1;
    end
    push_reg <= pack_push;
    // loaded while a beat's last byte is awaited, so that only push_reg
    // waits for the byte (got): the word is right at the edge push_reg
    // rises, and pack_last_reg falls there
    if (pack_last_reg)
        push_word_reg <= pack_word;
    if (bq_push) begin
        bq_reg[bq_wr_reg] <= cur_byte;
        bq_wr_reg <= bq_wr_reg + 1'b1;
        unpack_oh_reg <= {unpack_oh_reg[LINK_W-2:0], unpack_oh_reg[LINK_W-1]};
        last_byte_reg <= unpack_oh_reg[LINK_W-2];
    end
    if (load) begin
        dout_reg <= bq_reg[bq_rd_reg];
        bq_rd_reg <= bq_rd_reg + 1'b1;
    end
    if (bq_push && !load)
        bq_n_reg <= {bq_n_reg[3:0], 1'b0};
    else if (load && !bq_push)
        bq_n_reg <= {1'b0, bq_n_reg[4:1]};
    if (take_nxt) begin
        cur_reg <= nxt_reg;
    end
    // the two valid bits as logic rather than as enables: with ft_rst
    // an enable would grow by a LUT (on the iCE40 a flip-flop's reset
    // acts only when it is enabled)
    cur_valid_reg <= take_nxt || (cur_valid_reg && !cur_done);
    nxt_valid_reg <= nxt_valid_reg ? !take_nxt : tx_valid;
    if (tx_pop) begin
        nxt_reg <= tx_beat;
    end
    out_valid_reg <= out_valid_next;

    // the turn's byte count and whose turn it is, from mode_reg alone
    // (every turn begins in M_IDLE), so that they wait for no decision
    mode_reg <= mode_next;
    if (mode_reg == M_IDLE || mode_reg == M_OE) begin
        burst_reg <= 0;
    end else if ((got || taken) && !turn_over) begin
        burst_reg <= burst_reg + 1'b1;
    end
    if (mode_reg == M_WR)
        last_wr_reg <= 1'b1;
    if (mode_reg == M_RD)
        last_wr_reg <= 1'b0;


    if (ft_rst) begin
        mode_reg <= M_IDLE;
        out_valid_reg <= 1'b0;
        last_wr_reg <= 1'b0;
        burst_reg <= 0;
        pack_n_reg <= 0;
        pack_last_reg <= 1'b0;
        push_reg <= 1'b0;
        unpack_oh_reg <= 1;
        cur_valid_reg <= 1'b0;
        nxt_valid_reg <= 1'b0;
        // the queue empties at the first cycle of ft_rst, which lasts
        // several (until the clk side has seen it), so bq_rd_reg stands
        // still by its last, and bq_wr_reg meets it there: bq_rd_reg needs
        // no reset, which on the iCE40 would widen its enable (load) by a
        // LUT
        bq_wr_reg <= bq_rd_reg;
        bq_n_reg <= 5'b00001;
        last_byte_reg <= 1'b0;
        got_reg <= 1'b0;
    end
end

// the pins' registers, let go as soon as the link is down (pin_rst)
always @(posedge ft_clk or posedge pin_rst) begin
    if (pin_rst) begin
        oe_n_reg <= 1'b1;
        rd_n_reg <= 1'b1;
        wr_n_reg <= 1'b1;
        data_oe_reg <= 1'b0;
        siwu_n_reg <= 1'b1;
    end else begin
        oe_n_reg <= !(mode_next == M_OE || mode_next == M_RD);
        rd_n_reg <= !(mode_next == M_RD);
        wr_n_reg <= !(mode_next == M_WR && out_valid_next);
        data_oe_reg <= mode_next == M_WR;
        siwu_n_reg <= !(SEND_IMMEDIATE && mode_reg == M_WR && mode_next != M_WR &&
                        !out_valid_next);
    end
end

assign ft_data_out = dout_reg;
assign ft_data_oe = data_oe_reg;
assign ft_rd_n = rd_n_reg;
assign ft_wr_n = wr_n_reg;
assign ft_oe_n = oe_n_reg;
assign ft_siwu_n = siwu_n_reg;

// room is counted with h2d_room2 (two beats), so the FIFO is never full
// when the packer pushes; d2h_free is the bridge side's and not needed
/* verilator lint_off UNUSEDSIGNAL */
wire unused = &{1'b0, h2d_ready, h2d_free, d2h_free, d2h_room2};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall
