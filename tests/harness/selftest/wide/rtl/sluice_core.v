// Hand-written fixture of the harness self-test (wide): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [95:0] sin_tdata,
    input  wire        sin_tvalid,
    output wire        sin_tready,
    output wire [95:0] sout_tdata,
    output wire        sout_tvalid,
    input  wire        sout_tready
);
kernel_wide k (.clk(clk), .rst(rst), .sin_tdata(sin_tdata), .sin_tvalid(sin_tvalid), .sin_tready(sin_tready),
    .sout_tdata(sout_tdata), .sout_tvalid(sout_tvalid), .sout_tready(sout_tready));
endmodule
`resetall
