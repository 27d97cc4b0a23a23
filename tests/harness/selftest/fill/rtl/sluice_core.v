// Hand-written fixture of the harness self-test (fill): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sluice_core #(parameter DEPTH = 16) (
    input  wire        clk,
    input  wire        rst,
    output wire [31:0] out_tdata,
    output wire        out_tvalid,
    input  wire        out_tready,
    input  wire        fill_start,
    output wire        fill_busy,
    output wire        fill_done,
    input  wire [31:0] fill_arg_base
);
localparam S_IDLE = 2'd0, S_W = 2'd1, S_RET = 2'd2;
reg [1:0] st = S_IDLE;
reg [31:0] base = 0, i = 0;
wire k_tready;
assign fill_busy = st != S_IDLE;
assign fill_done = st == S_RET;
always @(posedge clk) begin
    case (st)
    S_IDLE: if (fill_start) begin base <= fill_arg_base; i <= 0; st <= S_W; end
    S_W: if (k_tready) begin i <= i + 1; if (i == 7) st <= S_RET; end
    default: st <= S_IDLE;
    endcase
    if (rst) st <= S_IDLE;
end
/* verilator lint_off PINCONNECTEMPTY */
sluice_fifo #(.WIDTH(32), .DEPTH(DEPTH)) f (.clk(clk), .rst(rst),
    .s_axis_tdata(base + i), .s_axis_tvalid(st == S_W), .s_axis_tready(k_tready),
    .m_axis_tdata(out_tdata), .m_axis_tvalid(out_tvalid), .m_axis_tready(out_tready), .count());
/* verilator lint_on PINCONNECTEMPTY */
endmodule
`resetall
