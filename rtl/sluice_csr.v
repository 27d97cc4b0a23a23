/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Control-register block of the host bridge
 *
 * The register map of runtime/link/proto.h section 7 (word addresses):
 *
 *   0x0000 MAGIC "SLCE"  0x0001 VERSION  0x0002 COUNTS  0x0003 CLOCK_HZ
 *   0x0004 RXBUF  0x0005 TXCFG  0x0006 WORDS  0x0007 DESIGN_ID
 *   0x0008 SCRATCH (RW)  0x0009 RESET (WO, bit 0: core reset)
 *   0x0040+i H2D pipe i info, 0x0080+i D2H pipe i info: width | depth<<16
 *   0x0100+k kernel k: write bit 0 = start; read {dones[15:0], 14'b0,
 *            start pending, busy}
 *   0x1000+j argument word j (RW)     0x2000+j spec-constant word j (RW)
 *
 * Writes (we, waddr, wdata) are decoded in the cycle of we and take
 * effect at the end of the next cycle, so that no address compare lies in
 * front of the registers' enables: waddr and wdata must still hold in the
 * cycle after we (sluice_link_dispatch keeps them until its next write,
 * four bytes later).  Reads take two cycles: raddr is decoded in the
 * first (its range compares registered) and read in the second, so raddr
 * must hold for two cycles and rdata is the value of raddr at the end of
 * the second (sluice_link_txbuf moves raddr four cycles before it loads
 * rdata).
 *
 * Kernels: kernel_start[k] is high while a start is pending and core_rst
 * is low; the request is cleared in the cycle the kernel accepts it
 * (kernel_start[k] && !kernel_busy[k]).  kernel_done[k] pulses count
 * completions (KCTRL[31:16], one cycle later) and events, the total mod
 * 256, which the bridge reports in every STATUS.  KCTRL's busy bit is
 * kernel_busy[k] || kernel_done[k], so that no read sees a kernel neither
 * busy nor counted done, whether K_busy falls in the cycle of K_done or
 * after it.
 *
 * kernel_args is argument word j in [32*j +: 32]; spec_values likewise,
 * reset to SPEC_INIT.  core_rst is high for 16 cycles after a write of 1
 * to RESET; the generated top ORs it into the reset of kernels and pipe
 * FIFOs (not of the bridge).
 */
module sluice_csr #
(
    parameter N_H2D = 1,
    parameter H2D_WIDTHS = 16'd32,
    parameter H2D_DEPTHS = 32'd16,
    parameter N_D2H = 1,
    parameter D2H_WIDTHS = 16'd32,
    parameter D2H_DEPTHS = 32'd16,
    parameter N_KERNELS = 1,
    parameter ARG_WORDS = 1,
    parameter SPEC_WORDS = 0,
    parameter SPEC_INIT = 32'd0,
    parameter CLOCK_HZ = 0,
    parameter DESIGN_ID = 32'd0,
    parameter RXBUF_BYTES = 512,
    parameter TX_SLOTS = 8,
    parameter TX_SLOT_BYTES = 64
)
(
    input  wire                                         clk,
    input  wire                                         rst,

    input  wire                                         we,
    input  wire [15:0]                                  waddr,
    input  wire [31:0]                                  wdata,

    input  wire [15:0]                                  raddr,
    output wire [31:0]                                  rdata,

    output wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]   kernel_start,
    input  wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]   kernel_busy,
    input  wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]   kernel_done,
    output wire [32*(ARG_WORDS > 0 ? ARG_WORDS : 1)-1:0] kernel_args,
    output wire [32*(SPEC_WORDS > 0 ? SPEC_WORDS : 1)-1:0] spec_values,
    output wire                                         core_rst,

    output wire [7:0]                                   events
);

localparam NK = N_KERNELS > 0 ? N_KERNELS : 1;

localparam [7:0] COUNT_K = N_KERNELS[7:0];
localparam [7:0] COUNT_H2D = N_H2D[7:0];
localparam [7:0] COUNT_D2H = N_D2H[7:0];
localparam [7:0] TXCFG_SLOTS = TX_SLOTS[7:0];
localparam [15:0] TXCFG_BYTES = TX_SLOT_BYTES[15:0];
localparam [15:0] WORDS_ARG = ARG_WORDS[15:0];
localparam [15:0] WORDS_SPEC = SPEC_WORDS[15:0];

localparam [31:0] MAGIC = 32'h45434C53;
localparam [31:0] VERSION = 32'h00000100;

// check configuration
initial begin
    if (N_H2D < 0 || N_H2D > 64 || N_D2H < 0 || N_D2H > 64) begin
        $error("Error: N_H2D and N_D2H must be 0 to 64 (instance %m)");
        $finish;
    end
    if (N_KERNELS < 0 || N_KERNELS > 255) begin
        $error("Error: N_KERNELS must be 0 to 255 (instance %m)");
        $finish;
    end
    if (ARG_WORDS < 0 || ARG_WORDS > 4096 || SPEC_WORDS < 0 || SPEC_WORDS > 4096) begin
        $error("Error: ARG_WORDS and SPEC_WORDS must be 0 to 4096 (instance %m)");
        $finish;
    end
end

function [15:0] sat16;
    input [31:0] v;
    begin
        sat16 = v > 32'hFFFF ? 16'hFFFF : v[15:0];
    end
endfunction

reg [31:0] scratch_reg = 32'd0;
reg [4:0] core_rst_reg = 5'd0;
reg [NK-1:0] pending_reg = {NK{1'b0}};
reg [16*NK-1:0] dones_reg = {16*NK{1'b0}};
reg [7:0] events_reg = 8'd0;
reg [31:0] rdata_reg = 32'd0;

// core_rst_reg != 0, as a register: core_rst fans out to every kernel and
// pipe FIFO of the design
reg core_rst_on_reg = 1'b0;
wire core_rst_w = core_rst_on_reg;

assign kernel_start = pending_reg & {NK{!core_rst_w}};
assign core_rst = core_rst_w;
assign events = events_reg;
assign rdata = rdata_reg;

// the read address widened to 32 bits, to compare with loop indices
wire [31:0] ra = {16'd0, raddr};

integer i;

/*
 * Write decode, registered: which register the write of the last cycle
 * goes to (waddr and wdata hold)
 */
reg wr_scratch_reg = 1'b0;
reg wr_reset_reg = 1'b0;
reg wr_start_reg = 1'b0;       // KCTRL of kernel waddr[7:0], bit 0 set

always @(posedge clk) begin
    wr_scratch_reg <= we && waddr == 16'h0008;
    wr_reset_reg <= we && waddr == 16'h0009 && wdata[0];
    wr_start_reg <= we && waddr[15:8] == 8'h01 && wdata[0];

    if (rst) begin
        wr_scratch_reg <= 1'b0;
        wr_reset_reg <= 1'b0;
        wr_start_reg <= 1'b0;
    end
end

/*
 * Information, scratch, reset, kernels
 */
always @(posedge clk) begin
    if (core_rst_on_reg) begin
        core_rst_reg <= core_rst_reg - 5'd1;
        core_rst_on_reg <= core_rst_reg != 5'd1;
    end

    if (wr_scratch_reg) begin
        scratch_reg <= wdata;
    end
    if (wr_reset_reg) begin
        core_rst_reg <= 5'd16;
        core_rst_on_reg <= 1'b1;
    end

    for (i = 0; i < N_KERNELS; i = i + 1) begin
        if (kernel_start[i] && !kernel_busy[i]) begin
            pending_reg[i] <= 1'b0;
        end
        if (wr_start_reg && {24'd0, waddr[7:0]} == i) begin
            pending_reg[i] <= 1'b1;
        end
        if (kernel_done[i]) begin
            dones_reg[16*i +: 16] <= dones_reg[16*i +: 16] + 16'd1;
        end
    end
    if (N_KERNELS > 0 && |kernel_done) begin
        events_reg <= events_reg + 8'd1;
    end

    if (rst) begin
        scratch_reg <= 32'd0;
        core_rst_reg <= 5'd0;
        core_rst_on_reg <= 1'b0;
        pending_reg <= {NK{1'b0}};
        dones_reg <= {16*NK{1'b0}};
        events_reg <= 8'd0;
    end
end

/*
 * Argument and spec-constant words: a register file each
 */
wire [31:0] arg_rd, spec_rd;
wire arg_rd_ok, spec_rd_ok;

generate
    if (ARG_WORDS > 0) begin : arg_file
        localparam IW = ARG_WORDS > 1 ? $clog2(ARG_WORDS) : 1;
        reg [31:0] r [0:ARG_WORDS-1];
        reg wr_arg_reg = 1'b0;      // the write decode, as above
        integer j;
        genvar g;

        always @(posedge clk) begin
            wr_arg_reg <= we && waddr[15:12] == 4'h1 && {20'd0, waddr[11:0]} < ARG_WORDS;
            if (wr_arg_reg) begin
                r[waddr[IW-1:0]] <= wdata;
            end
            if (rst) begin
                for (j = 0; j < ARG_WORDS; j = j + 1) begin
                    r[j] <= 32'd0;
                end
            end
        end

        for (g = 0; g < ARG_WORDS; g = g + 1) begin : out_gen
            assign kernel_args[32*g +: 32] = r[g];
        end

        assign arg_rd_ok = {20'd0, raddr[11:0]} < ARG_WORDS;
        assign arg_rd = r[raddr[IW-1:0]];
    end else begin : no_arg_file
        assign kernel_args = 32'd0;
        assign arg_rd_ok = 1'b0;
        assign arg_rd = 32'd0;
    end

    if (SPEC_WORDS > 0) begin : spec_file
        localparam IW = SPEC_WORDS > 1 ? $clog2(SPEC_WORDS) : 1;
        reg [31:0] r [0:SPEC_WORDS-1];
        reg wr_spec_reg = 1'b0;
        integer j;
        genvar g;

        always @(posedge clk) begin
            wr_spec_reg <= we && waddr[15:12] == 4'h2 && {20'd0, waddr[11:0]} < SPEC_WORDS;
            if (wr_spec_reg) begin
                r[waddr[IW-1:0]] <= wdata;
            end
            if (rst) begin
                for (j = 0; j < SPEC_WORDS; j = j + 1) begin
                    r[j] <= SPEC_INIT[32*j +: 32];
                end
            end
        end

        for (g = 0; g < SPEC_WORDS; g = g + 1) begin : out_gen
            assign spec_values[32*g +: 32] = r[g];
        end

        assign spec_rd_ok = {20'd0, raddr[11:0]} < SPEC_WORDS;
        assign spec_rd = r[raddr[IW-1:0]];
    end else begin : no_spec_file
        assign spec_values = 32'd0;
        assign spec_rd_ok = 1'b0;
        assign spec_rd = 32'd0;
    end
endgenerate

/*
 * Reads: the region of raddr, registered (raddr holds in the next cycle)
 */
reg rd_low_reg = 1'b0;      // 0x0000..0x0FFF
reg rd_arg_reg = 1'b0;      // an argument word
reg rd_spec_reg = 1'b0;     // a spec-constant word

always @(posedge clk) begin
    rd_low_reg <= raddr[15:12] == 4'h0;
    rd_arg_reg <= raddr[15:12] == 4'h1 && arg_rd_ok;
    rd_spec_reg <= raddr[15:12] == 4'h2 && spec_rd_ok;
end

reg [31:0] rmux;
// the read mux's own loop index, set on every path: sharing i with the
// clocked block above, and leaving it unset outside the low region, made i
// a latch, which Yosys 0.70 (YoWASP's, the ECP5 and Gowin flows) refuses
integer ri;

always @* begin
    rmux = 32'd0;
    ri = 0;
    if (rd_low_reg) begin
        if (raddr[11:4] == 8'h00) begin
            case (raddr[3:0])
                4'h0: rmux = MAGIC;
                4'h1: rmux = VERSION;
                4'h2: rmux = {8'd0, COUNT_K, COUNT_D2H, COUNT_H2D};
                4'h3: rmux = CLOCK_HZ;
                4'h4: rmux = RXBUF_BYTES;
                4'h5: rmux = {8'd0, TXCFG_BYTES, TXCFG_SLOTS};
                4'h6: rmux = {WORDS_SPEC, WORDS_ARG};
                4'h7: rmux = DESIGN_ID;
                4'h8: rmux = scratch_reg;
                default: rmux = 32'd0;
            endcase
        end
        for (ri = 0; ri < N_H2D; ri = ri + 1) begin
            if (ra == 32'h0040 + ri) begin
                rmux = {sat16(H2D_DEPTHS[32*ri +: 32]), H2D_WIDTHS[16*ri +: 16]};
            end
        end
        for (ri = 0; ri < N_D2H; ri = ri + 1) begin
            if (ra == 32'h0080 + ri) begin
                rmux = {sat16(D2H_DEPTHS[32*ri +: 32]), D2H_WIDTHS[16*ri +: 16]};
            end
        end
        for (ri = 0; ri < N_KERNELS; ri = ri + 1) begin
            if (ra == 32'h0100 + ri) begin
                rmux = {dones_reg[16*ri +: 16], 14'd0, pending_reg[ri], kernel_busy[ri] || kernel_done[ri]};
            end
        end
    end else if (rd_arg_reg) begin
        rmux = arg_rd;
    end else if (rd_spec_reg) begin
        rmux = spec_rd;
    end
end

always @(posedge clk) begin
    rdata_reg <= rmux;
end

endmodule

`resetall
