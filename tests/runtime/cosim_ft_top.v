/*

sluice: co-simulation top for the host link through the FT245 PHY

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * cosim_top (the bridge, its pipes and kernel stand-ins) on a link of
 * LINK_W-byte beats, behind rtl/sluice_ft245_phy.v: what a board with an
 * FTDI chip in synchronous FIFO mode builds.  tests/runtime/cosim_main.cpp,
 * built with FT245 defined, plays the chip on the FIFO bus at its own
 * clock, ft_clk, and checks the bus rules as it goes.
 */
module cosim_ft_top #
(
    parameter [31:0] DEPTH0 = 64,
    parameter LINK_W = 8,
    parameter DOWN_CYCLES = 0
)
(
    input  wire         clk,
    input  wire         rst,
    output wire         phy_ready,

    input  wire         ft_clk,
    input  wire [7:0]   ft_data_in,
    output wire [7:0]   ft_data_out,
    output wire         ft_data_oe,
    input  wire         ft_rxf_n,
    input  wire         ft_txe_n,
    output wire         ft_rd_n,
    output wire         ft_wr_n,
    output wire         ft_oe_n,
    output wire         ft_siwu_n,

    input  wire [1:0]   lb_stall,
    output wire [31:0]  k0_arg_n,
    output wire [63:0]  k0_arg_tag,
    output wire [15:0]  k0_runs,
    output wire         k0_busy_o,
    output wire [31:0]  h2d_mon_tdata,
    output wire [1:0]   h2d_mon_fire
);

wire [8*LINK_W-1:0] up_tdata, down_tdata;
wire up_tvalid, up_tready, down_tvalid, down_tready;

sluice_ft245_phy #(.LINK_W(LINK_W), .DOWN_CYCLES(DOWN_CYCLES)) phy (
    .clk(clk), .rst(rst),
    .m_axis_tdata(up_tdata), .m_axis_tvalid(up_tvalid), .m_axis_tready(up_tready),
    .s_axis_tdata(down_tdata), .s_axis_tvalid(down_tvalid), .s_axis_tready(down_tready),
    .ready(phy_ready),
    .ft_clk(ft_clk), .ft_data_in(ft_data_in), .ft_data_out(ft_data_out), .ft_data_oe(ft_data_oe),
    .ft_rxf_n(ft_rxf_n), .ft_txe_n(ft_txe_n), .ft_rd_n(ft_rd_n), .ft_wr_n(ft_wr_n),
    .ft_oe_n(ft_oe_n), .ft_siwu_n(ft_siwu_n)
);

cosim_top #(.DEPTH0(DEPTH0), .LINK_W(LINK_W)) cosim (
    .clk(clk), .rst(rst),
    .s_axis_link_tdata(up_tdata), .s_axis_link_tvalid(up_tvalid), .s_axis_link_tready(up_tready),
    .m_axis_link_tdata(down_tdata), .m_axis_link_tvalid(down_tvalid),
    .m_axis_link_tready(down_tready), .link_down(!phy_ready),
    .lb_stall(lb_stall), .k0_arg_n(k0_arg_n), .k0_arg_tag(k0_arg_tag), .k0_runs(k0_runs),
    .k0_busy_o(k0_busy_o), .h2d_mon_tdata(h2d_mon_tdata), .h2d_mon_fire(h2d_mon_fire)
);

endmodule

`resetall
