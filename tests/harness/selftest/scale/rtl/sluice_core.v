// Hand-written fixture of the harness self-test (scale): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] in_tdata,
    input  wire        in_tvalid,
    output wire        in_tready,
    output wire [15:0] in_count,
    output wire [31:0] out_tdata,
    output wire        out_tvalid,
    input  wire        out_tready,
    input  wire        scale_start,
    output wire        scale_busy,
    output wire        scale_done,
    input  wire [31:0] scale_arg_n
);
wire [31:0] k_in_tdata, k_out_tdata;
wire k_in_tvalid, k_in_tready, k_out_tvalid, k_out_tready;
wire [3:0] in_level;
assign in_count = {12'd0, in_level};
/* verilator lint_off PINCONNECTEMPTY */
sluice_fifo #(.WIDTH(32), .DEPTH(8)) in_fifo (
    .clk(clk), .rst(rst),
    .s_axis_tdata(in_tdata), .s_axis_tvalid(in_tvalid), .s_axis_tready(in_tready),
    .m_axis_tdata(k_in_tdata), .m_axis_tvalid(k_in_tvalid), .m_axis_tready(k_in_tready),
    .count(in_level));
sluice_fifo #(.WIDTH(32), .DEPTH(8)) out_fifo (
    .clk(clk), .rst(rst),
    .s_axis_tdata(k_out_tdata), .s_axis_tvalid(k_out_tvalid), .s_axis_tready(k_out_tready),
    .m_axis_tdata(out_tdata), .m_axis_tvalid(out_tvalid), .m_axis_tready(out_tready),
    .count());
/* verilator lint_on PINCONNECTEMPTY */
kernel_scale k (
    .clk(clk), .rst(rst), .start(scale_start), .busy(scale_busy), .done(scale_done),
    .arg_n(scale_arg_n),
    .in_tdata(k_in_tdata), .in_tvalid(k_in_tvalid), .in_tready(k_in_tready),
    .out_tdata(k_out_tdata), .out_tvalid(k_out_tvalid), .out_tready(k_out_tready));
endmodule
`resetall
