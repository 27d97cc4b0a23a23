// Hand-written fixture of the harness self-test (scale): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module kernel_scale (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    output wire        busy,
    output wire        done,
    input  wire [31:0] arg_n,
    input  wire [31:0] in_tdata,
    input  wire        in_tvalid,
    output wire        in_tready,
    output wire [31:0] out_tdata,
    output wire        out_tvalid,
    input  wire        out_tready
);
localparam S_IDLE = 3'd0, S_CHECK = 3'd1, S_READ = 3'd2, S_WRITE = 3'd3, S_RET = 3'd4;
reg [2:0] state_reg = S_IDLE;
reg [31:0] n_reg = 32'd0, i_reg = 32'd0, x_reg = 32'd0;
assign busy = state_reg != S_IDLE;
assign done = state_reg == S_RET;
assign in_tready = state_reg == S_READ;
assign out_tvalid = state_reg == S_WRITE;
assign out_tdata = x_reg;
always @(posedge clk) begin
    case (state_reg)
    S_IDLE: if (start) begin n_reg <= arg_n; i_reg <= 32'd0; state_reg <= S_CHECK; end
    S_CHECK: state_reg <= ($signed(i_reg) < $signed(n_reg)) ? S_READ : S_RET;
    S_READ: if (in_tvalid) begin x_reg <= in_tdata * 32'd3; state_reg <= S_WRITE; end
    S_WRITE: if (out_tready) begin i_reg <= i_reg + 32'd1; state_reg <= S_CHECK; end
    S_RET: state_reg <= S_IDLE;
    default: state_reg <= S_IDLE;
    endcase
    if (rst) state_reg <= S_IDLE;
end
endmodule
`resetall
