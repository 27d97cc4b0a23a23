/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Asynchronous FIFO: words from one clock domain to another
 *
 * The usual design with Gray-coded pointers (Cummings, "Simulation and
 * Synthesis Techniques for Asynchronous FIFO Design", SNUG 2002): each
 * side keeps its pointer in binary and in Gray code, and sees the other
 * side's Gray pointer through two flip-flops of its own clock.  A Gray
 * pointer changes one bit per step, so a sample taken while it moves is
 * either the old value or the new one, and either is safe: the writer may
 * see the FIFO fuller than it is and the reader emptier, never the
 * reverse.
 *
 * Parameters:
 *
 *   WIDTH   word width in bits, >= 1
 *   AW      capacity of 2**AW words, >= 2
 *
 * Write side (clock w_clk): s_axis ready/valid.  s_axis_tready is a
 * register (not full).  w_free is the number of free words as the writer
 * sees it: at most the true number, since the reader's pointer reaches
 * the writer two or three cycles late.  w_room2 is a register too: w_free
 * is at least 2.
 *
 * Read side (clock r_clk): m_axis ready/valid, first word fall-through:
 * m_axis_tdata is the head word while m_axis_tvalid is high.  It is the
 * memory's registered read, of the address the read pointer takes at
 * this edge, done at every edge: a word the writer wrote reaches the
 * reader's empty flag two edges after the write at the earliest, so the
 * read that comes with the flag sees it.  With a write port on w_clk and
 * a registered read on r_clk, Yosys maps the memory to block RAM
 * (SB_RAM40_4K on iCE40: its two ports have clocks of their own).
 * m_axis_tvalid is a register (not empty).
 *
 * Latency: a word written at a w_clk edge is seen by the reader at the
 * third r_clk edge after it, at the latest.  For the writer not to stall
 * on a reader that keeps up, 2**AW must cover the round trip: about 3
 * cycles of each clock.
 *
 * Reset: w_rst and r_rst are synchronous to their own clocks and active
 * high.  Each empties the FIFO's pointers of its side; the two must be
 * held together, so that neither side runs on while the other is reset
 * (sluice_ft245_phy does it with a handshake).  The words in the memory
 * are not cleared.
 */
module sluice_async_fifo #
(
    parameter WIDTH = 8,
    parameter AW = 3
)
(
    input  wire             w_clk,
    input  wire             w_rst,
    input  wire [WIDTH-1:0] s_axis_tdata,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,
    output wire [AW:0]      w_free,
    output wire             w_room2,

    input  wire             r_clk,
    input  wire             r_rst,
    output wire [WIDTH-1:0] m_axis_tdata,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready
);

localparam DEPTH = 1 << AW;
localparam [AW:0] DEPTH_W = DEPTH;

reg [WIDTH-1:0] mem [0:DEPTH-1];

reg [AW:0] wbin_reg = 0, wgray_reg = 0;
reg [AW:0] wbin_inc_reg = 1, wgray_inc_reg = 1;  // of wbin_reg + 1
reg [AW:0] rgray_w1_reg = 0, rgray_w2_reg = 0;   // the reader's pointer, synchronized
reg full_reg = 1'b1;
reg [AW:0] free_reg = 0;
reg room2_reg = 1'b0;

reg [AW-1:0] rbin_reg = 0;               // the read address (the pointer's low bits)
reg [AW:0] rgray_r_reg = 0;
reg [AW:0] rbin_inc_reg = 1, rgray_inc_reg = 1;  // of rbin_reg + 1
reg [AW:0] wgray_r1_reg = 0, wgray_r2_reg = 0;   // the writer's pointer, synchronized
reg empty_reg = 1'b1;
// no initial value: the block RAM's own read register has none, and
// Yosys would put a multiplexer after each of its bits to give it one
// (m_axis_tvalid says when the word counts)
reg [WIDTH-1:0] rdata_reg;
`ifndef SYNTHESIS
initial rdata_reg = 0;
`endif

function [AW:0] bin2gray(input [AW:0] b);
    bin2gray = b ^ (b >> 1);
endfunction

function [AW:0] gray2bin(input [AW:0] g);
    integer i;
    begin
        gray2bin[AW] = g[AW];
        for (i = AW - 1; i >= 0; i = i - 1)
            gray2bin[i] = gray2bin[i + 1] ^ g[i];
    end
endfunction

// Each side computes what its registers become with and without a
// transfer from its registers alone, and the handshake picks one: the
// handshake, often a long path from the logic outside, meets the pointer
// logic in one multiplexer.  The pointer after the next transfer, binary
// and Gray, is a register too (*_inc_reg), so that the full and empty
// tests compare registers, with no carry chain before them.

// ---- write side ---------------------------------------------------------

wire w_fire = s_axis_tvalid && !full_reg;
wire [AW:0] wbin_inc2 = wbin_inc_reg + 1'b1;
wire [AW:0] rbin_w = gray2bin(rgray_w2_reg);
// full: the write pointer a lap ahead of the reader's (the two top bits of
// the Gray code inverted, the rest equal)
wire [AW:0] rgray_lap = {~rgray_w2_reg[AW:AW-1], rgray_w2_reg[AW-2:0]};
wire [AW:0] free_now = DEPTH_W - (wbin_reg - rbin_w);

always @(posedge w_clk) begin
    if (w_fire)
        mem[wbin_reg[AW-1:0]] <= s_axis_tdata;
    if (w_fire) begin
        wbin_reg <= wbin_inc_reg;
        wgray_reg <= wgray_inc_reg;
        wbin_inc_reg <= wbin_inc2;
        wgray_inc_reg <= bin2gray(wbin_inc2);
    end
    rgray_w1_reg <= rgray_r_reg;
    rgray_w2_reg <= rgray_w1_reg;
    full_reg <= w_fire ? wgray_inc_reg == rgray_lap : wgray_reg == rgray_lap;
    free_reg <= w_fire ? free_now - 1'b1 : free_now;
    room2_reg <= w_fire ? free_now >= 3 : free_now >= 2;
    if (w_rst) begin
        wbin_reg <= 0;
        wgray_reg <= 0;
        wbin_inc_reg <= 1;
        wgray_inc_reg <= 1;
        rgray_w1_reg <= 0;
        rgray_w2_reg <= 0;
        full_reg <= 1'b1;
        free_reg <= 0;
        room2_reg <= 1'b0;
    end
end

assign s_axis_tready = !full_reg;
assign w_free = free_reg;
assign w_room2 = room2_reg;

// ---- read side ----------------------------------------------------------

wire r_fire = m_axis_tready && !empty_reg;
wire [AW:0] rbin_inc2 = rbin_inc_reg + 1'b1;
wire [AW-1:0] raddr = r_fire ? rbin_inc_reg[AW-1:0] : rbin_reg;

always @(posedge r_clk) begin
    if (r_fire) begin
        rbin_reg <= rbin_inc_reg[AW-1:0];
        rgray_r_reg <= rgray_inc_reg;
        rbin_inc_reg <= rbin_inc2;
        rgray_inc_reg <= bin2gray(rbin_inc2);
    end
    wgray_r1_reg <= wgray_reg;
    wgray_r2_reg <= wgray_r1_reg;
    empty_reg <= r_fire ? rgray_inc_reg == wgray_r2_reg : rgray_r_reg == wgray_r2_reg;
    rdata_reg <= mem[raddr];
    if (r_rst) begin
        rbin_reg <= 0;
        rgray_r_reg <= 0;
        rbin_inc_reg <= 1;
        rgray_inc_reg <= 1;
        wgray_r1_reg <= 0;
        wgray_r2_reg <= 0;
        empty_reg <= 1'b1;
    end
end

assign m_axis_tdata = rdata_reg;
assign m_axis_tvalid = !empty_reg;

endmodule

`resetall
