/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * UART transmitter: the host-link PHY's output side, one byte per frame
 *
 * Parameters:
 *
 *   DIV  clocks per bit, >= 2 (the board clock over the baud rate,
 *        rounded)
 *
 * Line format: 8N1, idle high; a frame is a start bit (0), 8 data bits
 * least significant first, a stop bit (1), each exactly DIV cycles.
 *
 * Timing: a byte taken on s_axis in cycle f is on tx as its start bit
 * from cycle f+1, data bit i in cycles f+1+(i+1)*DIV .. f+(i+2)*DIV and
 * the stop bit in cycles f+1+9*DIV .. f+10*DIV.  s_axis_tready is high
 * when the transmitter is idle and in the last cycle of a stop bit, so a
 * byte waiting there is taken in that cycle and its start bit follows the
 * stop bit with no idle gap: N bytes back to back take exactly N*10*DIV
 * cycles, the full line rate.
 *
 * tx is a register (no glitches on the pin) and s_axis_tready is a
 * register too: nothing depends combinationally on s_axis_tdata or
 * s_axis_tvalid.
 *
 * Reset: rst is synchronous and active high; it abandons a frame in
 * progress and drives tx high (idle) from the edge where it is first
 * seen.  s_axis_tready is low during reset and in the first cycle after
 * it.
 */
module sluice_uart_tx #
(
    parameter DIV = 4
)
(
    input  wire         clk,
    input  wire         rst,

    /*
     * Bytes to send
     */
    input  wire [7:0]   s_axis_tdata,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    /*
     * The line, straight to the pin
     */
    output wire         tx
);

localparam CNT_WIDTH = DIV > 1 ? $clog2(DIV) : 1;
localparam CNT_BIT_INT = DIV - 1;
localparam [CNT_WIDTH-1:0] CNT_BIT = CNT_BIT_INT[CNT_WIDTH-1:0];

// check configuration
initial begin
    if (DIV < 2) begin
        $error("Error: DIV must be at least 2 (instance %m)");
        $finish;
    end
end

reg tx_reg = 1'b1, tx_next;
reg s_axis_tready_reg = 1'b0;

// the bits still to send after the one on tx, least significant next:
// the data bits, then the stop bit; ones shift in behind them
reg [8:0] shift_reg = 9'h1ff, shift_next;
reg [3:0] bits_reg = 4'd0, bits_next;                        // how many
reg [CNT_WIDTH-1:0] cnt_reg = {CNT_WIDTH{1'b0}}, cnt_next;   // cycles left of the bit on tx after this one

assign s_axis_tready = s_axis_tready_reg;
assign tx = tx_reg;

wire s_fire = s_axis_tvalid && s_axis_tready_reg;

always @* begin
    tx_next = tx_reg;
    shift_next = shift_reg;
    bits_next = bits_reg;
    cnt_next = cnt_reg;

    if (cnt_reg != {CNT_WIDTH{1'b0}}) begin
        cnt_next = cnt_reg - 1'b1;
    end else if (bits_reg != 4'd0) begin
        tx_next = shift_reg[0];
        shift_next = {1'b1, shift_reg[8:1]};
        bits_next = bits_reg - 1'b1;
        cnt_next = CNT_BIT;
    end else if (s_fire) begin
        // s_axis_tready_reg is high only here: idle, or the stop bit's
        // last cycle
        tx_next = 1'b0;
        shift_next = {1'b1, s_axis_tdata};
        bits_next = 4'd9;
        cnt_next = CNT_BIT;
    end
end

always @(posedge clk) begin
    tx_reg <= tx_next;
    shift_reg <= shift_next;
    bits_reg <= bits_next;
    cnt_reg <= cnt_next;
    s_axis_tready_reg <= cnt_next == {CNT_WIDTH{1'b0}} && bits_next == 4'd0;

    if (rst) begin
        tx_reg <= 1'b1;
        bits_reg <= 4'd0;
        cnt_reg <= {CNT_WIDTH{1'b0}};
        s_axis_tready_reg <= 1'b0;
    end
end

endmodule

`resetall
