/*

sluice: co-simulation top for the host link through the PCIe stream adapter

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * cosim_top (the bridge, its pipes and kernel stand-ins) on a link of
 * LINK_W-byte beats behind rtl/sluice_pcie_stream.v: what a card with a
 * PCIe DMA engine's stream channels builds, the DMA engine left out.
 * tests/runtime/pcie_board.cpp plays the engine: it puts the host's
 * writes on the H2C stream and ends each read of the C2H stream at TLAST.
 */
module cosim_pcie_top #
(
    parameter [31:0] DEPTH0 = 64,
    parameter LINK_W = 16,
    parameter IDLE = 16,
    parameter MAX_BEATS = 256
)
(
    input  wire                  clk,
    input  wire                  rst,

    input  wire [8*LINK_W-1:0]   s_axis_h2c_tdata,
    input  wire [LINK_W-1:0]     s_axis_h2c_tkeep,
    input  wire                  s_axis_h2c_tvalid,
    output wire                  s_axis_h2c_tready,
    input  wire                  s_axis_h2c_tlast,
    output wire                  h2c_partial,

    output wire [8*LINK_W-1:0]   m_axis_c2h_tdata,
    output wire [LINK_W-1:0]     m_axis_c2h_tkeep,
    output wire                  m_axis_c2h_tvalid,
    input  wire                  m_axis_c2h_tready,
    output wire                  m_axis_c2h_tlast,

    input  wire [1:0]            lb_stall,
    output wire [31:0]           k0_arg_n,
    output wire [63:0]           k0_arg_tag,
    output wire [15:0]           k0_runs,
    output wire                  k0_busy_o,
    output wire [31:0]           h2d_mon_tdata,
    output wire [1:0]            h2d_mon_fire
);

wire [8*LINK_W-1:0] up_tdata, down_tdata;
wire up_tvalid, up_tready, down_tvalid, down_tready;

sluice_pcie_stream #(.LINK_W(LINK_W), .IDLE(IDLE), .MAX_BEATS(MAX_BEATS)) adapter (
    .clk(clk), .rst(rst),
    .s_axis_h2c_tdata(s_axis_h2c_tdata), .s_axis_h2c_tkeep(s_axis_h2c_tkeep),
    .s_axis_h2c_tvalid(s_axis_h2c_tvalid), .s_axis_h2c_tready(s_axis_h2c_tready),
    .s_axis_h2c_tlast(s_axis_h2c_tlast),
    .m_axis_link_tdata(up_tdata), .m_axis_link_tvalid(up_tvalid), .m_axis_link_tready(up_tready),
    .h2c_partial(h2c_partial),
    .s_axis_link_tdata(down_tdata), .s_axis_link_tvalid(down_tvalid),
    .s_axis_link_tready(down_tready),
    .m_axis_c2h_tdata(m_axis_c2h_tdata), .m_axis_c2h_tkeep(m_axis_c2h_tkeep),
    .m_axis_c2h_tvalid(m_axis_c2h_tvalid), .m_axis_c2h_tready(m_axis_c2h_tready),
    .m_axis_c2h_tlast(m_axis_c2h_tlast)
);

cosim_top #(.DEPTH0(DEPTH0), .LINK_W(LINK_W)) cosim (
    .clk(clk), .rst(rst),
    .s_axis_link_tdata(up_tdata), .s_axis_link_tvalid(up_tvalid), .s_axis_link_tready(up_tready),
    .m_axis_link_tdata(down_tdata), .m_axis_link_tvalid(down_tvalid),
    .m_axis_link_tready(down_tready), .link_down(1'b0),
    .lb_stall(lb_stall), .k0_arg_n(k0_arg_n), .k0_arg_tag(k0_arg_tag), .k0_runs(k0_runs),
    .k0_busy_o(k0_busy_o), .h2d_mon_tdata(h2d_mon_tdata), .h2d_mon_fire(h2d_mon_fire)
);

endmodule

`resetall
