/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * PCIe stream adapter: the host link on a PCIe DMA engine's stream channels
 *
 * A PCIe DMA engine with AXI4-Stream user ports (Xilinx XDMA in AXI-Stream
 * mode, LitePCIe's DMA) moves the host's writes to an H2C (host to card)
 * stream and fills the host's reads from a C2H (card to host) stream.  The
 * bridge speaks plain framing (proto.h section 2b) on beats as wide as the
 * stream: PCIe loses nothing.  What this adapter adds:
 *
 *   H2C  --> m_axis_link (the bridge's s_axis_link): passed through.
 *        TLAST (the end of one host write) means nothing to the link: the
 *        host writes whole frames, so whole beats.  A beat with a TKEEP
 *        byte low breaks that; it is passed on as it is and `h2c_partial`
 *        rises and stays high until rst, for a debugger to see.
 *   C2H  <-- s_axis_link (the bridge's m_axis_link): TLAST added.  A host
 *        read of the C2H channel ends only at TLAST (or when its buffer is
 *        full), so a beat must not wait for a TLAST that only a later beat
 *        could bring: the adapter holds one beat, sends it with TLAST low
 *        once the next is there, and with TLAST high once the bridge has
 *        had nothing more for IDLE cycles, or when the packet has
 *        MAX_BEATS beats (at most the host's read buffer).  TKEEP is all
 *        ones: the bridge's frames are whole beats.
 *
 * Parameters:
 *
 *   LINK_W      bytes per beat: the stream's width (8 for 64 bits, 16, 32)
 *   IDLE        cycles without a next beat before a packet ends (>= 1)
 *   MAX_BEATS   beats per packet at most (>= 1)
 *
 * m_axis_c2h_tvalid depends on s_axis_link_tvalid (a beat goes with TLAST
 * low only when the next is there), never on m_axis_c2h_tready; tdata and
 * tlast hold while tvalid is high and the beat is not taken.  Latency: a
 * beat leaves when its successor arrives, or IDLE cycles after it came.
 *
 * Reset: rst is synchronous and active high.
 */
module sluice_pcie_stream #
(
    parameter LINK_W = 16,
    parameter IDLE = 16,
    parameter MAX_BEATS = 4096
)
(
    input  wire                  clk,
    input  wire                  rst,

    /*
     * H2C stream from the DMA engine, and on to the bridge
     */
    input  wire [8*LINK_W-1:0]   s_axis_h2c_tdata,
    input  wire [LINK_W-1:0]     s_axis_h2c_tkeep,
    input  wire                  s_axis_h2c_tvalid,
    output wire                  s_axis_h2c_tready,
    input  wire                  s_axis_h2c_tlast,
    output wire [8*LINK_W-1:0]   m_axis_link_tdata,
    output wire                  m_axis_link_tvalid,
    input  wire                  m_axis_link_tready,
    output wire                  h2c_partial,

    /*
     * From the bridge, and on to the DMA engine's C2H stream
     */
    input  wire [8*LINK_W-1:0]   s_axis_link_tdata,
    input  wire                  s_axis_link_tvalid,
    output wire                  s_axis_link_tready,
    output wire [8*LINK_W-1:0]   m_axis_c2h_tdata,
    output wire [LINK_W-1:0]     m_axis_c2h_tkeep,
    output wire                  m_axis_c2h_tvalid,
    input  wire                  m_axis_c2h_tready,
    output wire                  m_axis_c2h_tlast
);

localparam CW = $clog2(IDLE + 1);
localparam PW = $clog2(MAX_BEATS + 1);
localparam integer IDLE_LAST_I = IDLE - 1;
localparam integer PKT_LAST_I = MAX_BEATS - 1;
localparam [CW-1:0] IDLE_LAST = IDLE_LAST_I[CW-1:0];
localparam [PW-1:0] PKT_LAST = PKT_LAST_I[PW-1:0];

// ---- H2C ---------------------------------------------------------------

reg partial_reg = 1'b0;

always @(posedge clk) begin
    if (s_axis_h2c_tvalid && m_axis_link_tready && !(&s_axis_h2c_tkeep))
        partial_reg <= 1'b1;
    if (rst)
        partial_reg <= 1'b0;
end

assign m_axis_link_tdata = s_axis_h2c_tdata;
assign m_axis_link_tvalid = s_axis_h2c_tvalid;
assign s_axis_h2c_tready = m_axis_link_tready;
assign h2c_partial = partial_reg;

// ---- C2H ---------------------------------------------------------------

reg [8*LINK_W-1:0] hold_reg = 0;
reg hold_valid_reg = 1'b0;
reg closing_reg = 1'b0;          // the held beat goes with TLAST high
reg [CW-1:0] idle_reg = 0;       // cycles the held beat has waited alone
reg [PW-1:0] count_reg = 0;      // beats of this packet already sent

wire full_pkt = count_reg == PKT_LAST;
wire out_valid = hold_valid_reg && (s_axis_link_tvalid || closing_reg || full_pkt);
wire out_last = closing_reg || full_pkt;
wire out_fire = out_valid && m_axis_c2h_tready;
wire in_fire = s_axis_link_tvalid && (!hold_valid_reg || out_fire);

always @(posedge clk) begin
    if (in_fire)
        hold_reg <= s_axis_link_tdata;
    if (in_fire)
        hold_valid_reg <= 1'b1;
    else if (out_fire)
        hold_valid_reg <= 1'b0;

    if (out_fire)
        count_reg <= out_last ? {PW{1'b0}} : count_reg + 1'b1;

    if (out_fire || in_fire) begin
        closing_reg <= 1'b0;
        idle_reg <= 0;
    end else if (hold_valid_reg && !s_axis_link_tvalid && !closing_reg) begin
        if (idle_reg == IDLE_LAST)
            closing_reg <= 1'b1;
        else
            idle_reg <= idle_reg + 1'b1;
    end

    if (rst) begin
        hold_valid_reg <= 1'b0;
        closing_reg <= 1'b0;
        idle_reg <= 0;
        count_reg <= 0;
    end
end

assign s_axis_link_tready = !hold_valid_reg || out_fire;
assign m_axis_c2h_tdata = hold_reg;
assign m_axis_c2h_tkeep = {LINK_W{1'b1}};
assign m_axis_c2h_tvalid = out_valid;
assign m_axis_c2h_tlast = out_last;

/* verilator lint_off UNUSEDSIGNAL */
wire unused = &{1'b0, s_axis_h2c_tlast};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall
