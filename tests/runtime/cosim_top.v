/*

sluice: co-simulation top for the host-link tests

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * What a generated sluice_top with a host bridge looks like, with
 * stand-ins for the kernels, driven by tests/runtime/cosim_main.cpp
 * through the real runtime/link/proto.c:
 *
 *   H2D pipe 0 (32 bits, DEPTH0) -> loopback -> D2H pipe 0 (32 bits, 16)
 *   H2D pipe 1 (24 bits, 8)      -> xor spec word 0 -> D2H pipe 1 (24 bits, 4)
 *   kernel 0 "count": args n (word 0) and a 64-bit tag (words 1-2); busy
 *            for n cycles; its sampled arguments are visible on k0_*
 *   kernel 1 "nop":   no arguments; busy for 3 cycles
 *
 * The loopbacks move a word when lb_stall[i] is low (the harness drives it
 * at random), so the FIFOs fill and empty.  The instantiation of the
 * bridge and of the FIFOs is exactly what the compiler generates.
 */
module cosim_top #
(
    parameter [31:0] DEPTH0 = 64,
    parameter RETX_TIMEOUT = 2048,
    parameter STATUS_GAP = 256,
    parameter TX_SLOT_AW = 6,
    parameter LINK_W = 1
)
(
    input  wire         clk,
    input  wire         rst,

    input  wire [8*LINK_W-1:0] s_axis_link_tdata,
    input  wire         s_axis_link_tvalid,
    output wire         s_axis_link_tready,
    output wire [8*LINK_W-1:0] m_axis_link_tdata,
    output wire         m_axis_link_tvalid,
    input  wire         m_axis_link_tready,
    input  wire         link_down,

    input  wire [1:0]   lb_stall,
    output wire [31:0]  k0_arg_n,
    output wire [63:0]  k0_arg_tag,
    output wire [15:0]  k0_runs,
    output wire         k0_busy_o,
    // the words the bridge hands to the H2D FIFOs, for the harness
    output wire [31:0]  h2d_mon_tdata,
    output wire [1:0]   h2d_mon_fire
);

localparam CW0 = $clog2(DEPTH0 + 1);

// ---- bridge -------------------------------------------------------------

wire [31:0] h2d_tdata;
wire [1:0] h2d_tvalid, h2d_tready;
wire [31:0] h2d_count;
wire [63:0] d2h_tdata;
wire [1:0] d2h_tvalid, d2h_tready;
wire [31:0] d2h_count;
wire [1:0] kernel_start, kernel_busy, kernel_done;
wire [95:0] kernel_args;
wire [31:0] spec_values;
wire core_rst;
wire pipe_rst = rst || core_rst;

sluice_host_bridge #(
    .CLOCK_HZ(100000000),
    .DESIGN_ID(32'hC051A001),
    .N_H2D(2),
    .H2D_WIDTHS({16'd24, 16'd32}),
    .H2D_DEPTHS({32'd8, DEPTH0}),
    .H2D_MAXW(32),
    .N_D2H(2),
    .D2H_WIDTHS({16'd24, 16'd32}),
    .D2H_DEPTHS({32'd4, 32'd16}),
    .D2H_MAXW(32),
    .N_KERNELS(2),
    .ARG_WORDS(3),
    .SPEC_WORDS(1),
    .SPEC_INIT(32'h00A5A5A5),
    .RETX_TIMEOUT(RETX_TIMEOUT),
    .STATUS_GAP(STATUS_GAP),
    .TX_SLOT_AW(TX_SLOT_AW),
    .LINK_W(LINK_W)
)
bridge (
    .clk(clk),
    .rst(rst),
    .s_axis_link_tdata(s_axis_link_tdata),
    .s_axis_link_tvalid(s_axis_link_tvalid),
    .s_axis_link_tready(s_axis_link_tready),
    .m_axis_link_tdata(m_axis_link_tdata),
    .m_axis_link_tvalid(m_axis_link_tvalid),
    .m_axis_link_tready(m_axis_link_tready),
    .h2d_tdata(h2d_tdata),
    .h2d_tvalid(h2d_tvalid),
    .h2d_tready(h2d_tready),
    .h2d_count(h2d_count),
    .d2h_tdata(d2h_tdata),
    .d2h_tvalid(d2h_tvalid),
    .d2h_tready(d2h_tready),
    .d2h_count(d2h_count),
    .kernel_start(kernel_start),
    .kernel_busy(kernel_busy),
    .kernel_done(kernel_done),
    .kernel_args(kernel_args),
    .spec_values(spec_values),
    .core_rst(core_rst),
    .link_down(link_down)
);

// ---- pipe FIFOs ---------------------------------------------------------

wire [31:0] in0_tdata;
wire in0_tvalid, in0_tready;
wire [CW0-1:0] in0_count;
wire [23:0] in1_tdata;
wire in1_tvalid, in1_tready;
wire [3:0] in1_count;
wire [31:0] out0_tdata;
wire out0_tvalid, out0_tready;
wire [23:0] out1_tdata;
wire out1_tvalid, out1_tready;
wire [4:0] out0_count;
wire [2:0] out1_count;

sluice_fifo #(.WIDTH(32), .DEPTH(DEPTH0)) pipe_in0 (
    .clk(clk), .rst(pipe_rst),
    .s_axis_tdata(h2d_tdata[31:0]), .s_axis_tvalid(h2d_tvalid[0]), .s_axis_tready(h2d_tready[0]),
    .m_axis_tdata(in0_tdata), .m_axis_tvalid(in0_tvalid), .m_axis_tready(in0_tready),
    .count(in0_count));

sluice_fifo #(.WIDTH(24), .DEPTH(8)) pipe_in1 (
    .clk(clk), .rst(pipe_rst),
    .s_axis_tdata(h2d_tdata[23:0]), .s_axis_tvalid(h2d_tvalid[1]), .s_axis_tready(h2d_tready[1]),
    .m_axis_tdata(in1_tdata), .m_axis_tvalid(in1_tvalid), .m_axis_tready(in1_tready),
    .count(in1_count));

sluice_fifo #(.WIDTH(32), .DEPTH(16)) pipe_out0 (
    .clk(clk), .rst(pipe_rst),
    .s_axis_tdata(in0_tdata), .s_axis_tvalid(in0_tvalid && !lb_stall[0]),
    .s_axis_tready(out0_tready),
    .m_axis_tdata(out0_tdata), .m_axis_tvalid(out0_tvalid), .m_axis_tready(d2h_tready[0]),
    .count(out0_count));

sluice_fifo #(.WIDTH(24), .DEPTH(4)) pipe_out1 (
    .clk(clk), .rst(pipe_rst),
    .s_axis_tdata(in1_tdata ^ spec_values[23:0]), .s_axis_tvalid(in1_tvalid && !lb_stall[1]),
    .s_axis_tready(out1_tready),
    .m_axis_tdata(out1_tdata), .m_axis_tvalid(out1_tvalid), .m_axis_tready(d2h_tready[1]),
    .count(out1_count));

// the loopback "kernels": a word moves when both sides are ready
assign in0_tready = out0_tready && !lb_stall[0];
assign in1_tready = out1_tready && !lb_stall[1];

assign h2d_count = {{(16-4){1'b0}}, in1_count, {(16-CW0){1'b0}}, in0_count};
assign d2h_count = {13'd0, out1_count, 11'd0, out0_count};
assign d2h_tdata = {8'd0, out1_tdata, out0_tdata};
assign d2h_tvalid = {out1_tvalid, out0_tvalid};

// ---- kernel stand-ins ---------------------------------------------------

reg [31:0] k0_left_reg = 32'd0;
reg k0_busy_reg = 1'b0;
reg k0_done_reg = 1'b0;
reg [31:0] k0_arg_n_reg = 32'd0;
reg [63:0] k0_arg_tag_reg = 64'd0;
reg [15:0] k0_runs_reg = 16'd0;

reg [1:0] k1_left_reg = 2'd0;
reg k1_busy_reg = 1'b0;
reg k1_done_reg = 1'b0;

always @(posedge clk) begin
    k0_done_reg <= 1'b0;
    k1_done_reg <= 1'b0;

    if (kernel_start[0] && !k0_busy_reg) begin
        k0_busy_reg <= 1'b1;
        k0_left_reg <= kernel_args[31:0];
        k0_arg_n_reg <= kernel_args[31:0];
        k0_arg_tag_reg <= kernel_args[95:32];
        k0_runs_reg <= k0_runs_reg + 16'd1;
    end else if (k0_busy_reg) begin
        if (k0_left_reg == 32'd0) begin
            k0_busy_reg <= 1'b0;
            k0_done_reg <= 1'b1;
        end else begin
            k0_left_reg <= k0_left_reg - 32'd1;
        end
    end

    if (kernel_start[1] && !k1_busy_reg) begin
        k1_busy_reg <= 1'b1;
        k1_left_reg <= 2'd3;
    end else if (k1_busy_reg) begin
        if (k1_left_reg == 2'd0) begin
            k1_busy_reg <= 1'b0;
            k1_done_reg <= 1'b1;
        end else begin
            k1_left_reg <= k1_left_reg - 2'd1;
        end
    end

    if (pipe_rst) begin
        k0_busy_reg <= 1'b0;
        k0_done_reg <= 1'b0;
        k1_busy_reg <= 1'b0;
        k1_done_reg <= 1'b0;
    end
    if (rst) begin
        k0_runs_reg <= 16'd0;
    end
end

assign kernel_busy = {k1_busy_reg, k0_busy_reg};
assign kernel_done = {k1_done_reg, k0_done_reg};
assign k0_arg_n = k0_arg_n_reg;
assign k0_arg_tag = k0_arg_tag_reg;
assign k0_runs = k0_runs_reg;
assign k0_busy_o = k0_busy_reg;
assign h2d_mon_tdata = h2d_tdata;
assign h2d_mon_fire = h2d_tvalid & h2d_tready;

// spec word 0 is 24 bits wide in this design
/* verilator lint_off UNUSEDSIGNAL */
wire unused_spec = &{1'b0, spec_values[31:24]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall
