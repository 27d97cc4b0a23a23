/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Receive buffer of the host bridge: a byte ring with commit and rollback
 *
 * Parameters:
 *
 *   ADDR_WIDTH   the ring holds 2**ADDR_WIDTH bytes (8 or more; 9 fits one
 *                iCE40 SB_RAM40_4K)
 *
 * Write side: the bytes of a frame body are written (wr_valid, wr_data) as
 * they arrive, tentatively.  Then either
 *
 *   commit    the bytes written since the last commit or rollback become
 *             readable; in the same cycle commit_patch is written over the
 *             frame's byte 1 (the bridge puts the payload length there, in
 *             place of the sequence number, which the reader has no use
 *             for).  Needs at least 2 bytes written since the last commit.
 *   rollback  they are forgotten.
 *
 * A byte written while the ring is full is dropped and sets overflow,
 * which stays high until the next commit or rollback (the bridge rolls
 * such a frame back).  Never written in the same cycle as commit or
 * rollback.
 *
 * Read side: the committed bytes, in order, as an AXI4-Stream style byte
 * stream, one byte per cycle; m_tvalid and m_tdata come from registers.
 * A byte becomes readable two cycles after the commit.
 *
 * Timing: the reader's m_tready, often a long path, only selects between
 * values computed from registers (the next read pointer and whether a byte
 * follows), and the full flag is a register, so the write side does not
 * wait on the reader either.
 */
module sluice_link_ring #
(
    parameter ADDR_WIDTH = 9
)
(
    input  wire         clk,
    input  wire         rst,

    input  wire [7:0]   wr_data,
    input  wire         wr_valid,
    input  wire         commit,
    input  wire [7:0]   commit_patch,
    input  wire         rollback,
    output wire         overflow,

    output wire [7:0]   m_tdata,
    output wire         m_tvalid,
    input  wire         m_tready
);

localparam SIZE = 2**ADDR_WIDTH;

// check configuration
initial begin
    if (ADDR_WIDTH < 8 || ADDR_WIDTH > 16) begin
        $error("Error: ADDR_WIDTH must be 8 to 16 (instance %m)");
        $finish;
    end
end

(* no_rw_check *)
reg [7:0] mem[0:SIZE-1];

reg [ADDR_WIDTH:0] wr_ptr_reg = {ADDR_WIDTH+1{1'b0}};   // next byte to write
reg [ADDR_WIDTH:0] cm_ptr_reg = {ADDR_WIDTH+1{1'b0}};   // end of committed bytes
reg [ADDR_WIDTH:0] rd_ptr_reg = {ADDR_WIDTH+1{1'b0}};   // next byte to read
reg [ADDR_WIDTH:0] wr_ptr_inc_reg = {{ADDR_WIDTH{1'b0}}, 1'b1};  // wr_ptr_reg + 1
reg overflow_reg = 1'b0;
reg full_reg = 1'b0;           // wr_ptr_reg - rd_ptr_reg == SIZE

reg [7:0] rd_data_reg = 8'd0;
reg m_tvalid_reg = 1'b0;

assign overflow = overflow_reg;
assign m_tdata = rd_data_reg;
assign m_tvalid = m_tvalid_reg;

wire wr_fire = wr_valid && !full_reg;

wire rd_fire = m_tvalid_reg && m_tready;
wire [ADDR_WIDTH:0] rd_ptr_inc = rd_ptr_reg + 1'b1;
wire [ADDR_WIDTH:0] rd_ptr_next = rd_fire ? rd_ptr_inc : rd_ptr_reg;
// a committed byte is readable at the next read pointer
wire more_if_read = rd_ptr_inc != cm_ptr_reg;
wire more_if_not = rd_ptr_reg != cm_ptr_reg;

// the ring is full after this cycle: never after a read; after a rollback
// if the committed bytes fill it; after a write if one place was left.
// Pointers a and b are SIZE apart when their top bits differ and the rest
// are equal: no subtraction.
function size_apart;
    input [ADDR_WIDTH:0] a;
    input [ADDR_WIDTH:0] b;
    begin
        size_apart = a[ADDR_WIDTH] != b[ADDR_WIDTH] && a[ADDR_WIDTH-1:0] == b[ADDR_WIDTH-1:0];
    end
endfunction

wire one_left = size_apart(wr_ptr_inc_reg, rd_ptr_reg);
wire cm_full = size_apart(cm_ptr_reg, rd_ptr_reg);
wire full_next = !rd_fire && (rollback && !commit ? cm_full : wr_fire ? one_left : full_reg);

wire [ADDR_WIDTH-1:0] patch_addr = cm_ptr_reg[ADDR_WIDTH-1:0] + 1'b1;

always @(posedge clk) begin
    if (wr_fire) begin
        mem[wr_ptr_reg[ADDR_WIDTH-1:0]] <= wr_data;
    end else if (commit) begin
        mem[patch_addr] <= commit_patch;
    end
end

// Read-ahead: rd_data_reg holds mem[rd_ptr] each cycle.  A committed byte
// was written at least one cycle before the commit and is read again in
// every cycle it waits, so a read in the cycle of its write does no harm.
always @(posedge clk) begin
    rd_data_reg <= mem[rd_ptr_next[ADDR_WIDTH-1:0]];
end

always @(posedge clk) begin
    rd_ptr_reg <= rd_ptr_next;
    m_tvalid_reg <= rd_fire ? more_if_read : more_if_not;
    full_reg <= full_next;

    if (wr_fire) begin
        wr_ptr_reg <= wr_ptr_inc_reg;
        wr_ptr_inc_reg <= wr_ptr_inc_reg + 1'b1;
    end else if (wr_valid) begin
        overflow_reg <= 1'b1;
    end

    if (commit) begin
        cm_ptr_reg <= wr_ptr_reg;
        overflow_reg <= 1'b0;
    end else if (rollback) begin
        wr_ptr_reg <= cm_ptr_reg;
        wr_ptr_inc_reg <= cm_ptr_reg + 1'b1;
        overflow_reg <= 1'b0;
    end

    if (rst) begin
        wr_ptr_reg <= {ADDR_WIDTH+1{1'b0}};
        wr_ptr_inc_reg <= {{ADDR_WIDTH{1'b0}}, 1'b1};
        cm_ptr_reg <= {ADDR_WIDTH+1{1'b0}};
        rd_ptr_reg <= {ADDR_WIDTH+1{1'b0}};
        overflow_reg <= 1'b0;
        m_tvalid_reg <= 1'b0;
        full_reg <= 1'b0;
    end
end

endmodule

`resetall
