// Hand-written fixture of the harness self-test (lat): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] a_tdata,
    input  wire        a_tvalid,
    output wire        a_tready,
    output wire [31:0] b_tdata,
    output wire        b_tvalid,
    input  wire        b_tready,
    output wire [31:0] c_tdata,
    output wire        c_tvalid,
    input  wire        c_tready,
    input  wire        lat_start,
    output wire        lat_busy,
    output wire        lat_done,
    input  wire [31:0] lat_arg_n
);
localparam S_IDLE = 3'd0, S_CHECK = 3'd1, S_READ = 3'd2, S_W1 = 3'd3, S_B = 3'd4, S_W2 = 3'd5, S_C = 3'd6, S_RET = 3'd7;
reg [2:0] st = S_IDLE;
reg [31:0] n_reg = 0, i_reg = 0, v_reg = 0;
assign lat_busy = st != S_IDLE;
assign lat_done = st == S_RET;
assign a_tready = st == S_READ;
assign b_tvalid = st == S_B;
assign b_tdata = v_reg;
assign c_tvalid = st == S_C;
assign c_tdata = v_reg + 32'd1;
always @(posedge clk) begin
    case (st)
    S_IDLE: if (lat_start) begin n_reg <= lat_arg_n; i_reg <= 0; st <= S_CHECK; end
    S_CHECK: st <= ($signed(i_reg) < $signed(n_reg)) ? S_READ : S_RET;
    S_READ: if (a_tvalid) begin v_reg <= a_tdata; st <= S_W1; end
    S_W1: st <= S_B;
    S_B: if (b_tready) st <= S_W2;
    S_W2: st <= S_C;
    S_C: if (c_tready) begin i_reg <= i_reg + 1; st <= S_CHECK; end
    S_RET: st <= S_IDLE;
    default: st <= S_IDLE;
    endcase
    if (rst) st <= S_IDLE;
end
endmodule
`resetall
