/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Host bridge: host pipes and control registers over one byte stream
 *
 * The device side of the sluice host-link protocol, runtime/link/proto.h
 * (framing, frames, go-back-N delivery, credits, LINK_RESET, the CSR map).
 * The same bridge serves every transport; only the PHY in front of the
 * link ports differs (an in-process stream for the simulator, a UART, an
 * FTDI FIFO, USB, PCIe DMA).
 *
 *   s_axis_link_*  --> sluice_link_rx --> ring --> sluice_link_dispatch --> H2D FIFOs, CSR writes
 *                                     (STATUS and LINK_RESET: here)             |
 *   m_axis_link_*  <-- sluice_link_tx <-- sluice_link_sender <-- sluice_link_txbuf <-- D2H FIFOs, CSR reads
 *
 * That is the byte link (LINK_W = 1: HDLC framing, CRC, go-back-N, for a
 * UART that may lose or damage bytes).  On a lossless link with
 * back-pressure (the simulator, an FTDI FIFO, PCIe) LINK_W = W moves a
 * beat of W bytes a cycle in plain framing (proto.h section 2b), cut
 * through, with no receive ring and no send buffer:
 *
 *   s_axis_link_*  --> sluice_plain_rx --> H2D FIFOs, CSR writes, STATUS, LINK_RESET
 *   m_axis_link_*  <-- sluice_plain_tx <-- D2H FIFOs (by d2h_count), CSR reads, STATUS
 *
 * Both share the CSR block and the H2D credit counters.  The plain link
 * stalls the wire (s_axis_link_tready low) while a word waits for its
 * FIFO, which credits keep short, and while a CSR read waits its turn.
 *
 * Parameters:
 *
 *   CLOCK_HZ      the clock, for the CLOCK_HZ register (0: unknown)
 *   DESIGN_ID     32-bit identity of the design (DESIGN_ID register)
 *   N_H2D         host-to-device pipes, 0..64
 *   H2D_WIDTHS    width in bits of H2D pipe i in [16*i +: 16] (a multiple
 *                 of 8, at most 1008): write {16'dW_last, ..., 16'dW_0}
 *   H2D_DEPTHS    FIFO depth of H2D pipe i in [32*i +: 32]; credits assume
 *                 exactly this many words fit
 *   H2D_MAXW      width of the shared h2d_tdata bus, >= every H2D width
 *   N_D2H, D2H_WIDTHS, D2H_DEPTHS, D2H_MAXW
 *                 the same for device-to-host pipes (D2H_MAXW is also the
 *                 stride of d2h_tdata; a word must fit a frame slot:
 *                 W/8 <= 2**TX_SLOT_AW - 4)
 *   N_KERNELS     host-started kernels, 0..255
 *   ARG_WORDS     32-bit argument words of all kernels (proto.h section 7)
 *   SPEC_WORDS    32-bit specialization-constant words
 *   SPEC_INIT     their reset values, word j in [32*j +: 32]
 *   RX_AW         receive buffer of 2**RX_AW bytes (>= 8; 9 = one iCE40
 *                 block RAM)
 *   TX_SLOTS_AW   send window of 2**TX_SLOTS_AW frames (1..6)
 *   TX_SLOT_AW    2**TX_SLOT_AW bytes per device frame (6..8); the send
 *                 buffer is one block RAM of 2**(TX_SLOTS_AW+TX_SLOT_AW)
 *   STATUS_GAP    least cycles between STATUS frames that nobody waits for
 *   RETX_TIMEOUT  cycles without progress before the device polls the host;
 *                 must exceed a round trip (for a UART at B baud and clock
 *                 F: about 2 * 300 * 10 * F / B)
 *   IDLE_CYCLES   idle cycles after which a frame gets its own opening FLAG
 *   LINK_W        bytes per beat of the link: 1 (the byte link) or 8, 16,
 *                 32, 64 (plain framing; RX_AW, TX_SLOTS_AW, TX_SLOT_AW and
 *                 IDLE_CYCLES then do not apply: RXBUF reads 16384, TXCFG
 *                 32 frames of 259 bytes)
 *
 * Ports toward the design (the generated sluice_top connects them):
 *
 *   h2d_tdata [H2D_MAXW-1:0]       shared by all H2D pipes: pipe i's word
 *                                  is h2d_tdata[W_i-1:0]
 *   h2d_tvalid[i], h2d_tready[i]   into the s_axis side of pipe i's FIFO
 *   h2d_count[16*i +: 16]          that FIFO's `count`, zero-extended
 *   d2h_tdata[D2H_MAXW*i +: W_i]   from the m_axis side of D2H pipe i's
 *                                  FIFO (bits above W_i: tie to 0)
 *   d2h_tvalid[i], d2h_tready[i]
 *   d2h_count[16*i +: 16]          that FIFO's `count`, zero-extended (the
 *                                  plain link sizes its DATA frames by it;
 *                                  the byte link does not use it)
 *   kernel_start[k], kernel_busy[k], kernel_done[k]   K_start, K_busy, K_done
 *   kernel_args[32*j +: 32]        argument word j; K_arg_P is its slice
 *   spec_values[32*j +: 32]        spec-constant word j
 *   core_rst                       OR into the reset of kernels and FIFOs
 *
 * And toward the transport:
 *
 *   link_down                      high while the transport under the link
 *                                  is down (the FT245 PHY: the chip's clock
 *                                  has stopped, its host gone or going); 0
 *                                  where the transport cannot tell.  It
 *                                  clears the link state as a LINK_RESET
 *                                  does (words in FIFOs, kernels and CSRs
 *                                  untouched), and on plain framing it also
 *                                  drops the frame under way each way, so
 *                                  that both sides start again at a frame's
 *                                  first beat (proto.h section 2b)
 *
 * Guarantees: a word reaches an H2D FIFO only from a frame whose CRC
 * checked, whose length fits its type and whose sequence number was the
 * one expected (exactly once, in order); the host never has more words in
 * flight to a pipe than its FIFO can take, so h2d_tready is low only
 * momentarily; a D2H word is taken from its FIFO only with host credit and
 * kept until the host acknowledges it.  s_axis_link_tready is always high after reset: the bridge never
 * stalls the wire.
 *
 * Vectors sized by a count that may be 0 are 1 bit (or 1 word) wide then;
 * tie such inputs to 0.
 *
 * Timing: no adder or wide compare lies between a register and a
 * handshake, so that the bridge runs at 48 MHz and more on an iCE40 UP5K
 * (it was about 22 MHz, its D2H credit subtraction in front of the pipe
 * FIFO's read pointer).  d2h_tready and h2d_tvalid are one LUT from
 * registers, and the link's own paths are registered likewise.  What that
 * costs in latency, none of it visible to the protocol: the deframer
 * registers each wire byte with its FLAG and ESC compares, and a closing
 * frame's checks are registered in two stages, so a frame takes effect
 * three cycles later than it did; the D2H credit of a new STATUS applies
 * one cycle later; the H2D limits are advertised one cycle behind the
 * FIFOs (a smaller, safe value); CSR writes land one cycle after the
 * dispatcher's write and reads take two; the sender waits two cycles after
 * the window pointers move, and its STATUS triggers are two cycles late;
 * the dispatcher takes a cycle at the end of a frame's body.
 *
 * What the generated sluice_top contains (the compiler's back end writes
 * it; tests/runtime/cosim_top.v is a hand-written example):
 *
 *   - a parameter LINK_W (1 unless the image's transport moves beats) and
 *     ports clk, rst, s_axis_link_tdata[8*LINK_W-1:0]/_tvalid/_tready
 *     (host to device), m_axis_link_tdata[8*LINK_W-1:0]/_tvalid/_tready
 *     (device to host), and the I/O pipes.  Host pipes and kernel control are no longer
 *     ports: they meet the bridge inside.
 *   - numbering, all in manifest order: H2D pipe i and D2H pipe j (the
 *     host pipes of each direction), started kernel k; argument word j
 *     counts through the kernels' parameters in order, each parameter
 *     taking ceil(width/32) words; spec-constant words likewise.  The
 *     manifest records each pipe's id and each parameter's first word, so
 *     that the runtime addresses them the same way.
 *   - parameters as literal sized constants (Verilator rejects unsized
 *     values in the concatenations), e.g. for H2D pipes in (i = 0, 32 bits,
 *     depth 64) and coef (i = 1, 24 bits, depth 8):
 *         .N_H2D(2), .H2D_WIDTHS({16'd24, 16'd32}), .H2D_DEPTHS({32'd8, 32'd64}),
 *         .H2D_MAXW(32), ... .SPEC_INIT({32'd3})
 *     H2D_DEPTHS must be the DEPTH the FIFO is instantiated with (after
 *     any depth the back end adds): credits count on exactly that.
 *   - wire pipe_rst = rst | core_rst, the reset of every kernel and every
 *     pipe FIFO (the bridge itself gets rst).
 *   - per H2D pipe i, NAME of W bits and depth D:
 *         sluice_fifo #(.WIDTH(W), .DEPTH(D)) NAME_fifo (.clk(clk), .rst(pipe_rst),
 *             .s_axis_tdata(h2d_tdata[W-1:0]), .s_axis_tvalid(h2d_tvalid[i]),
 *             .s_axis_tready(h2d_tready[i]),
 *             .m_axis_*(the reading kernel's port), .count(NAME_count));
 *         assign h2d_count[16*i +: 16] = NAME_count zero-extended
 *   - per D2H pipe j, NAME of W bits:
 *         sluice_fifo ... (.s_axis_*(the writing kernel's port),
 *             .m_axis_tdata(NAME_q), .m_axis_tvalid(d2h_tvalid[j]),
 *             .m_axis_tready(d2h_tready[j]), .count(NAME_count));
 *         assign d2h_tdata[D2H_MAXW*j +: D2H_MAXW] = NAME_q zero-extended
 *         assign d2h_count[16*j +: 16] = NAME_count zero-extended
 *   - per started kernel k: K_start = kernel_start[k], K_busy ->
 *     kernel_busy[k], K_done -> kernel_done[k], and for parameter P of
 *     width w starting at argument word a: K_arg_P = kernel_args[32*a +: w].
 *     K_busy may fall in the cycle of K_done or after it.
 *   - a kernel that reads spec-constant word s: spec_values[32*s +: w].
 *   - RETX_TIMEOUT from the board's link (the simulator: a few thousand).
 *
 * Limits: a word of up to 1008 bits on H2D pipes and of up to
 * 2**TX_SLOT_AW - 4 bytes on D2H pipes (60 bytes by default; TX_SLOT_AW =
 * 8 allows 252).  Wider pipe words are not supported by this bridge.
 */
module sluice_host_bridge #
(
    parameter CLOCK_HZ = 0,
    parameter DESIGN_ID = 32'd0,
    parameter N_H2D = 1,
    parameter H2D_WIDTHS = 16'd32,
    parameter H2D_DEPTHS = 32'd16,
    parameter H2D_MAXW = 32,
    parameter N_D2H = 1,
    parameter D2H_WIDTHS = 16'd32,
    parameter D2H_DEPTHS = 32'd16,
    parameter D2H_MAXW = 32,
    parameter N_KERNELS = 1,
    parameter ARG_WORDS = 1,
    parameter SPEC_WORDS = 0,
    parameter SPEC_INIT = 32'd0,
    parameter RX_AW = 9,
    parameter TX_SLOTS_AW = 3,
    parameter TX_SLOT_AW = 6,
    parameter STATUS_GAP = 256,
    parameter RETX_TIMEOUT = 4096,
    parameter IDLE_CYCLES = 8,
    parameter LINK_W = 1
)
(
    input  wire                                             clk,
    input  wire                                             rst,

    /*
     * Host link: wire bytes from the host
     */
    input  wire [8*LINK_W-1:0]                              s_axis_link_tdata,
    input  wire                                             s_axis_link_tvalid,
    output wire                                             s_axis_link_tready,

    /*
     * Host link: wire bytes to the host
     */
    output wire [8*LINK_W-1:0]                              m_axis_link_tdata,
    output wire                                             m_axis_link_tvalid,
    input  wire                                             m_axis_link_tready,

    /*
     * H2D pipes
     */
    output wire [H2D_MAXW-1:0]                              h2d_tdata,
    output wire [(N_H2D > 0 ? N_H2D : 1)-1:0]               h2d_tvalid,
    input  wire [(N_H2D > 0 ? N_H2D : 1)-1:0]               h2d_tready,
    input  wire [16*(N_H2D > 0 ? N_H2D : 1)-1:0]            h2d_count,

    /*
     * D2H pipes
     */
    input  wire [D2H_MAXW*(N_D2H > 0 ? N_D2H : 1)-1:0]      d2h_tdata,
    input  wire [(N_D2H > 0 ? N_D2H : 1)-1:0]               d2h_tvalid,
    output wire [(N_D2H > 0 ? N_D2H : 1)-1:0]               d2h_tready,
    input  wire [16*(N_D2H > 0 ? N_D2H : 1)-1:0]            d2h_count,

    /*
     * Kernel control and specialization constants
     */
    output wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]       kernel_start,
    input  wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]       kernel_busy,
    input  wire [(N_KERNELS > 0 ? N_KERNELS : 1)-1:0]       kernel_done,
    output wire [32*(ARG_WORDS > 0 ? ARG_WORDS : 1)-1:0]    kernel_args,
    output wire [32*(SPEC_WORDS > 0 ? SPEC_WORDS : 1)-1:0]  spec_values,
    output wire                                             core_rst,

    /*
     * The transport
     */
    input  wire                                             link_down
);

localparam NH = N_H2D > 0 ? N_H2D : 1;
localparam ND = N_D2H > 0 ? N_D2H : 1;
localparam integer ST_LEN_I = 8 + 2 * N_D2H;
localparam [8:0] ST_LEN = ST_LEN_I[8:0];     // a host STATUS body
localparam CR_W = 16 * ND;
localparam PLAIN = LINK_W > 1;
localparam PLAIN_WINDOW = 32;       // frames unacknowledged, on a plain link
localparam PLAIN_FRAME = 259;       // bytes of a device frame's body, at most
// the host's bytes in flight on a plain link: the link back-pressures, so
// this only bounds the host's window (64 frames of 259 bytes fit)
localparam PLAIN_RXBUF = 16384;

localparam [7:0]
    T_DATA = 8'h01,
    T_CSR_RD = 8'h03,
    T_STATUS = 8'h10,
    T_LINK_RESET = 8'h11;

// check configuration
integer ci;
initial begin
    if (N_H2D < 0 || N_H2D > 64 || N_D2H < 0 || N_D2H > 64) begin
        $error("Error: N_H2D and N_D2H must be 0 to 64 (instance %m)");
        $finish;
    end
    for (ci = 0; ci < N_H2D; ci = ci + 1) begin
        if (H2D_WIDTHS[16*ci +: 16] > 1008 || H2D_DEPTHS[32*ci +: 32] < 1) begin
            $error("Error: H2D pipe %0d: width above 1008 or depth below 1 (instance %m)", ci);
            $finish;
        end
    end
end

/*
 * lrst clears the link state: rst, a LINK_RESET or the transport down, a
 * cycle later (a register, as it reaches most of the bridge)
 */
reg lrst_reg = 1'b1;
wire lrst = lrst_reg;
wire host_reset;

always @(posedge clk) begin
    lrst_reg <= rst || host_reset || link_down;
end

reg [16*NH-1:0] h2d_pushed_reg = {16*NH{1'b0}};
reg [16*NH-1:0] h2d_limit_reg = {16*NH{1'b0}};

// between the link and the control registers
wire csr_we;
wire [15:0] csr_waddr;
wire [31:0] csr_wdata;
wire [15:0] csr_raddr;
wire [31:0] csr_rdata;
wire [7:0] events;

/*
 * Control registers
 */

sluice_csr #(
    .N_H2D(N_H2D),
    .H2D_WIDTHS(H2D_WIDTHS),
    .H2D_DEPTHS(H2D_DEPTHS),
    .N_D2H(N_D2H),
    .D2H_WIDTHS(D2H_WIDTHS),
    .D2H_DEPTHS(D2H_DEPTHS),
    .N_KERNELS(N_KERNELS),
    .ARG_WORDS(ARG_WORDS),
    .SPEC_WORDS(SPEC_WORDS),
    .SPEC_INIT(SPEC_INIT),
    .CLOCK_HZ(CLOCK_HZ),
    .DESIGN_ID(DESIGN_ID),
    .RXBUF_BYTES(PLAIN ? PLAIN_RXBUF : 2**RX_AW),
    .TX_SLOTS(PLAIN ? PLAIN_WINDOW : 2**TX_SLOTS_AW),
    .TX_SLOT_BYTES(PLAIN ? PLAIN_FRAME : 2**TX_SLOT_AW)
)
csr_inst (
    .clk(clk),
    .rst(rst),
    .we(csr_we),
    .waddr(csr_waddr),
    .wdata(csr_wdata),
    .raddr(csr_raddr),
    .rdata(csr_rdata),
    .kernel_start(kernel_start),
    .kernel_busy(kernel_busy),
    .kernel_done(kernel_done),
    .kernel_args(kernel_args),
    .spec_values(spec_values),
    .core_rst(core_rst),
    .events(events)
);

/*
 * Credits.  Both directions are kept in registers so that no adder lies on
 * a handshake:
 *
 *   H2D   the limit advertised to the host, pushed + DEPTH - count, is
 *         registered: one cycle behind the FIFO.  The true limit never
 *         falls (pushed - count is the words read out), so an older value
 *         is a smaller one and safe to advertise.
 *   D2H   the credit of a cycle, LIMIT - SENT in 1..32767, is a register
 *         (credit_reg): LIMIT - SENT of the previous cycle, compared with 1
 *         and 2 by the borrows of three subtractions, less the word taken
 *         then.  In the cycle after d2h_limit_reg is written there is no
 *         credit: a new STATUS's credit applies one cycle later.
 */
wire [16*NH-1:0] h2d_limit = h2d_limit_reg;

genvar g;
generate
    for (g = 0; g < NH; g = g + 1) begin : h2d_gen
        localparam [15:0] CDEPTH = H2D_DEPTHS[32*g +: 32] > 16384 ? 16'd16384 : H2D_DEPTHS[32*g +: 16];

        always @(posedge clk) begin
            // LIMIT = words pushed + DEPTH - words in the FIFO
            h2d_limit_reg[16*g +: 16] <= h2d_pushed_reg[16*g +: 16] + CDEPTH - h2d_count[16*g +: 16];
            if (h2d_tvalid[g] && h2d_tready[g]) begin
                h2d_pushed_reg[16*g +: 16] <= h2d_pushed_reg[16*g +: 16] + 16'd1;
            end
            if (lrst) begin
                h2d_pushed_reg[16*g +: 16] <= 16'd0;
                h2d_limit_reg[16*g +: 16] <= 16'd0;
            end
        end
    end
endgenerate

/*
 * The link itself: bytes with CRC framing (LINK_W = 1), or beats with plain
 * framing (runtime/link/proto.h section 2b; rtl/sluice_plain_rx.v and
 * rtl/sluice_plain_tx.v)
 */
generate
if (!PLAIN) begin : byte_link

    /*
     * The byte link's state.  lrst clears it (LINK_RESET); session survives.
     */

    reg [7:0] session_reg = 8'd0;
    reg [7:0] rx_exp_reg = 8'd0;    // next host sequence number to accept
    reg [7:0] rx_done_reg = 8'd0;   // host frames carried out (ACK)
    reg nak_sent_reg = 1'b0;
    reg [7:0] ooo_last_reg = 8'd0;   // last out-of-order SEQ seen
    reg [7:0] tx_base_reg = 8'd0;   // oldest unacknowledged device frame
    wire [7:0] tx_top;

    reg st_force_reg = 1'b0;
    reg st_nak_reg = 1'b0;
    reg rewind_reg = 1'b0;
    reg [7:0] rewind_seq_reg = 8'd0;
    reg progress_reg = 1'b0;

    reg [16*ND-1:0] d2h_sent_reg = {16*ND{1'b0}};
    reg [16*ND-1:0] d2h_limit_reg = {16*ND{1'b0}};

    /*
     * Receive: deframer, header capture, ring
     */
    wire [7:0] rx_tdata;
    wire rx_tvalid, rx_tfirst, rx_eof, rx_eof_ok;

    sluice_link_rx link_rx_inst (
        .clk(clk),
        .rst(rst),
        .s_axis_tdata(s_axis_link_tdata),
        .s_axis_tvalid(s_axis_link_tvalid),
        .s_axis_tready(s_axis_link_tready),
        .m_tdata(rx_tdata),
        .m_tvalid(rx_tvalid),
        .m_tfirst(rx_tfirst),
        .m_eof(rx_eof),
        .m_eof_ok(rx_eof_ok)
    );

    reg [8:0] len_reg = 9'd0;           // body bytes so far, saturating
    reg [39:0] hdr_reg = 40'd0;         // body bytes 0..4
    reg [CR_W-1:0] cred_sh_reg = {CR_W{1'b0}};

    // The position of this byte in the body is 0 on rx_tfirst, else len_reg;
    // it is tested on registers kept beside len_reg (len_is_reg[k]: len_reg ==
    // k for k < 8; len_ge4_reg, len_ge8_reg) and rx_tfirst, so that the
    // header registers' enables are one LUT from registers.
    wire [8:0] len_inc = len_reg == 9'h1FF ? len_reg : len_reg + 9'd1;
    reg [7:0] len_is_reg = 8'd1;
    reg len_ge4_reg = 1'b0;
    reg len_ge8_reg = 1'b0;
    wire pos_ge4 = !rx_tfirst && len_ge4_reg;
    wire pos_ge8 = !rx_tfirst && len_ge8_reg;
    wire pos_eq3 = !rx_tfirst && len_is_reg[3];

    integer k;

    always @(posedge clk) begin
        if (rx_tvalid) begin
            len_reg <= rx_tfirst ? 9'd1 : len_inc;
            len_is_reg <= rx_tfirst ? 8'd2 : {len_is_reg[6:0], 1'b0};
            len_ge4_reg <= !rx_tfirst && (len_ge4_reg || len_is_reg[3]);
            len_ge8_reg <= !rx_tfirst && (len_ge8_reg || len_is_reg[7]);
            for (k = 0; k < 5; k = k + 1) begin
                if (k == 0 ? rx_tfirst : !rx_tfirst && len_is_reg[k]) begin
                    hdr_reg[8*k +: 8] <= rx_tdata;
                end
            end
            if (pos_ge8) begin
                cred_sh_reg <= {rx_tdata, cred_sh_reg[CR_W-1:8]};
            end
        end
    end

    // A sequenced frame's length must fit its type (proto.h section 3), else
    // it is dropped as if corrupted: DATA carries whole words (1 or more) of an
    // existing pipe, CSR_WR whole 32-bit values, CSR_RD one byte k with
    // 1 <= k <= 15 (SL_CSR_RD_MAX: one answer fits a 64-byte send slot).  For DATA the
    // payload bytes are counted modulo the pipe's word size.
    localparam [31:0] NH32 = NH;
    localparam HAVE_H2D = N_H2D > 0;
    localparam LANES = (H2D_MAXW + 7) / 8;
    localparam LANE_W = LANES > 1 ? $clog2(LANES) : 1;

    // bytes per word of H2D pipe p, minus 1 (mod 2**LANE_W; width/8 <= LANES)
    function [LANE_W-1:0] last_lane_of;
        input [15:0] p;
        integer i;
        begin
            last_lane_of = {LANE_W{1'b0}};
            for (i = 0; i < N_H2D; i = i + 1) begin
                if ({16'd0, p} == i) begin
                    last_lane_of = H2D_WIDTHS[16*i+3 +: LANE_W] - 1'b1;
                end
            end
        end
    endfunction

    reg [LANE_W-1:0] lane_reg = {LANE_W{1'b0}};
    reg [LANE_W-1:0] last_lane_reg = {LANE_W{1'b0}};
    reg pipe_ok_reg = 1'b0;

    always @(posedge clk) begin
        if (rx_tvalid) begin
            if (pos_eq3) begin
                last_lane_reg <= last_lane_of({rx_tdata, hdr_reg[23:16]});
                pipe_ok_reg <= HAVE_H2D && {16'd0, rx_tdata, hdr_reg[23:16]} < NH32;
                lane_reg <= {LANE_W{1'b0}};
            end else if (pos_ge4) begin
                lane_reg <= lane_reg == last_lane_reg ? {LANE_W{1'b0}} : lane_reg + 1'b1;
            end
        end
    end

    wire [7:0] h_type = hdr_reg[7:0];
    wire [7:0] h_b1 = hdr_reg[15:8];
    wire [7:0] h_ack = hdr_reg[23:16];
    wire [7:0] h_exp = hdr_reg[31:24];
    wire [7:0] h_next = hdr_reg[39:32];
    wire [7:0] h_rd_count = hdr_reg[39:32];    // CSR_RD: words to read

    wire is_seq = h_type >= T_DATA && h_type <= T_CSR_RD;
    wire seq_len_ok = len_reg >= 9'd4 && len_reg <= 9'd259;
    wire ring_ovf;
    wire [7:0] seq_off = h_b1 - rx_exp_reg;
    wire seq_ahead = seq_off != 8'd0 && !seq_off[7];
    // the host went back: an out-of-order SEQ not after the last one
    wire [7:0] ooo_step = h_b1 - ooo_last_reg;
    wire ooo_back = ooo_step == 8'd0 || ooo_step[7];
    wire [7:0] payload_len = len_reg[7:0] - 8'd4;   // len_reg <= 259 when used
    // payload_len tested on len_reg itself (4 <= len_reg <= 259 when used)
    wire payload_some = len_reg[7:0] != 8'd4;
    wire payload_one = len_reg[7:0] == 8'd5;

    // The checks of a frame are computed from the header and length registers
    // from the cycle of rx_eof on (the body's last byte came at least one
    // cycle earlier, so they are final), the type-and-length check in two
    // stages, and acted on two cycles later, eof_reg: a closing frame takes
    // effect two cycles after its FLAG, and no compare or subtraction lies
    // between those registers and the link state, the ring's commit or the
    // sender.  The next frame's first byte is at least five cycles behind its
    // opening FLAG, so the registers are not disturbed.
    reg eof_q_reg = 1'b0;           // rx_eof && rx_eof_ok, one cycle later
    reg eof_any_q_reg = 1'b0;       // rx_eof, one cycle later
    reg eof_reg = 1'b0;             // rx_eof && rx_eof_ok, two cycles later
    reg eof_any_reg = 1'b0;         // rx_eof, two cycles later
    // the parts of the type-and-length check, a stage early
    reg fit_seq_reg = 1'b0;         // is_seq && seq_len_ok
    reg fit_data_reg = 1'b0;        // h_type == T_DATA
    reg fit_rd_reg = 1'b0;          // h_type == T_CSR_RD
    reg fit_data_ok_reg = 1'b0;     // DATA: some payload, whole words, a pipe
    reg fit_rd_ok_reg = 1'b0;       // CSR_RD: one byte, a count of 1..15
    reg fit_wr_ok_reg = 1'b0;       // CSR_WR: some payload, whole 32-bit words
    reg chk_seq_reg = 1'b0;         // a sequenced frame of a fitting length
    reg chk_in_order_reg = 1'b0;    // its SEQ is the one expected
    reg chk_ahead_reg = 1'b0;       // its SEQ is after the one expected
    reg chk_ooo_back_reg = 1'b0;    // its SEQ is not after the last out-of-order one
    reg chk_status_reg = 1'b0;      // a STATUS of the right length
    reg chk_reset_reg = 1'b0;       // a LINK_RESET of the right length
    // top_off a cycle before the checks (tx_base moves only at a STATUS, and
    // a tx_top a cycle old is a smaller window)
    reg [7:0] top_off_reg = 8'd0;
    reg chk_ack_ok_reg = 1'b0;      // STATUS: ACK lies in tx_base .. tx_top
    reg chk_ack_new_reg = 1'b0;     // STATUS: ACK is past tx_base
    reg chk_next_ahead_reg = 1'b0;  // STATUS: NEXT is after the SEQ expected
    reg chk_cred_new_reg = 1'b0;    // STATUS: a D2H limit changed

    wire seq_ok = eof_reg && chk_seq_reg;
    wire accept = seq_ok && !ring_ovf && chk_in_order_reg;

    wire ring_tvalid, ring_tready;
    wire [7:0] ring_tdata;

    sluice_link_ring #(
        .ADDR_WIDTH(RX_AW)
    )
    ring_inst (
        .clk(clk),
        .rst(lrst),
        .wr_data(rx_tdata),
        .wr_valid(rx_tvalid),
        .commit(accept),
        .commit_patch(payload_len),
        .rollback(eof_any_reg && !accept),
        .overflow(ring_ovf),
        .m_tdata(ring_tdata),
        .m_tvalid(ring_tvalid),
        .m_tready(ring_tready)
    );

    /*
     * Frames that act at once: STATUS from the host, LINK_RESET, and the
     * sequence checks of sequenced frames
     */
    wire host_status = eof_reg && chk_status_reg;
    assign host_reset = eof_reg && chk_reset_reg;
    wire seq_reject = seq_ok && !accept;

    wire [7:0] ack_off = h_ack - tx_base_reg;
    wire [7:0] top_off = tx_top - tx_base_reg;
    wire [7:0] next_off = h_next - rx_exp_reg;
    wire next_ahead = next_off != 8'd0 && !next_off[7];
    wire host_nak = h_b1[0];
    wire host_poll = h_b1[1];

    wire frame_done;

    always @(posedge clk) begin
        eof_q_reg <= rx_eof && rx_eof_ok;
        eof_any_q_reg <= rx_eof;
        eof_reg <= eof_q_reg;
        eof_any_reg <= eof_any_q_reg;
        fit_seq_reg <= is_seq && seq_len_ok;
        fit_data_reg <= h_type == T_DATA;
        fit_rd_reg <= h_type == T_CSR_RD;
        fit_data_ok_reg <= payload_some && lane_reg == {LANE_W{1'b0}} && pipe_ok_reg;
        fit_rd_ok_reg <= payload_one && h_rd_count != 8'd0 && h_rd_count <= 8'd15;
        fit_wr_ok_reg <= payload_some && len_reg[1:0] == 2'd0;
        chk_seq_reg <= fit_seq_reg && (fit_data_reg ? fit_data_ok_reg :
                                       fit_rd_reg ? fit_rd_ok_reg : fit_wr_ok_reg);
        chk_in_order_reg <= seq_off == 8'd0;
        chk_ahead_reg <= seq_ahead;
        chk_ooo_back_reg <= ooo_back;
        chk_status_reg <= h_type == T_STATUS && len_reg == ST_LEN;
        chk_reset_reg <= h_type == T_LINK_RESET && len_reg == 9'd2;
        top_off_reg <= top_off;
        chk_ack_ok_reg <= ack_off <= top_off_reg;
        chk_ack_new_reg <= ack_off != 8'd0;
        chk_next_ahead_reg <= next_ahead;
        chk_cred_new_reg <= d2h_limit_reg != cred_sh_reg;

        st_force_reg <= 1'b0;
        st_nak_reg <= 1'b0;
        rewind_reg <= 1'b0;
        progress_reg <= 1'b0;

        if (accept) begin
            rx_exp_reg <= rx_exp_reg + 8'd1;
            nak_sent_reg <= 1'b0;
        end

        if (seq_reject) begin
            if (chk_ahead_reg || chk_in_order_reg) begin
                // a gap before this frame (or no room for it): ask once, and
                // again when the host has resent and the gap is still there
                if (!nak_sent_reg || chk_ooo_back_reg) begin
                    st_nak_reg <= 1'b1;
                    nak_sent_reg <= 1'b1;
                end
                ooo_last_reg <= h_b1;
            end else begin
                // a duplicate: the host missed our ACK
                st_force_reg <= 1'b1;
            end
        end

        if (host_status) begin
            if (chk_ack_ok_reg) begin
                tx_base_reg <= h_ack;
                if (chk_ack_new_reg) begin
                    progress_reg <= 1'b1;
                end
            end
            if (host_nak) begin
                rewind_reg <= 1'b1;
                rewind_seq_reg <= h_exp;
            end
            if (host_poll) begin
                st_force_reg <= 1'b1;
            end
            if (chk_next_ahead_reg && (!nak_sent_reg || host_poll)) begin
                st_nak_reg <= 1'b1;
                nak_sent_reg <= 1'b1;
            end
            if (chk_cred_new_reg) begin
                progress_reg <= 1'b1;
            end
            d2h_limit_reg <= cred_sh_reg;
        end

        if (frame_done) begin
            rx_done_reg <= rx_done_reg + 8'd1;
        end

        if (host_reset) begin
            session_reg <= h_b1;
        end

        if (lrst) begin
            rx_exp_reg <= 8'd0;
            rx_done_reg <= 8'd0;
            nak_sent_reg <= 1'b0;
            tx_base_reg <= 8'd0;
            d2h_limit_reg <= {CR_W{1'b0}};
            st_force_reg <= 1'b0;
            st_nak_reg <= 1'b0;
            rewind_reg <= 1'b0;
        end
        if (rst) begin
            session_reg <= 8'd0;
            eof_q_reg <= 1'b0;
            eof_any_q_reg <= 1'b0;
            eof_reg <= 1'b0;
            eof_any_reg <= 1'b0;
        end
    end

    /*
     * Carry out accepted frames
     */
    wire rd_req_valid, rd_req_ready;
    wire [15:0] rd_req_addr;
    wire [7:0] rd_req_count;

    sluice_link_dispatch #(
        .N_H2D(N_H2D),
        .H2D_WIDTHS(H2D_WIDTHS),
        .H2D_MAXW(H2D_MAXW)
    )
    dispatch_inst (
        .clk(clk),
        .rst(lrst),
        .s_tdata(ring_tdata),
        .s_tvalid(ring_tvalid),
        .s_tready(ring_tready),
        .h2d_tdata(h2d_tdata),
        .h2d_tvalid(h2d_tvalid),
        .h2d_tready(h2d_tready),
        .csr_we(csr_we),
        .csr_waddr(csr_waddr),
        .csr_wdata(csr_wdata),
        .rd_req_valid(rd_req_valid),
        .rd_req_addr(rd_req_addr),
        .rd_req_count(rd_req_count),
        .rd_req_ready(rd_req_ready),
        .frame_done(frame_done)
    );

    // d2h_count: the byte link takes a word at a time, on d2h_tvalid
    /* verilator lint_off UNUSEDSIGNAL */
    wire [16*ND-1:0] unused_count = d2h_count;
    /* verilator lint_on UNUSEDSIGNAL */

    wire [ND-1:0] d2h_credit;

    for (g = 0; g < ND; g = g + 1) begin : d2h_gen
        // LEFT = LIMIT - SENT is in 1..32767 when neither LEFT nor LEFT - 1
        // is negative, and in 2..32767 when neither LEFT nor LEFT - 2 is:
        // three borrows (the sign bits), with SENT + 1 kept in a register
        reg [15:0] sent_inc_reg = 16'd1;
        wire [15:0] limit = d2h_limit_reg[16*g +: 16];
        wire [15:0] left = limit - d2h_sent_reg[16*g +: 16];
        wire [15:0] left_m1 = limit + ~d2h_sent_reg[16*g +: 16];
        wire [15:0] left_m2 = limit + ~sent_inc_reg;
        wire take = d2h_tvalid[g] && d2h_tready[g];
        wire left_ge1 = left < 16'h8000 && left_m1 < 16'h8000;
        wire left_ge2 = left < 16'h8000 && left_m2 < 16'h8000;
        reg credit_reg = 1'b0;

        assign d2h_credit[g] = credit_reg;

        always @(posedge clk) begin
            credit_reg <= !host_status && (take ? left_ge2 : left_ge1);
            if (take) begin
                d2h_sent_reg[16*g +: 16] <= sent_inc_reg;
                sent_inc_reg <= sent_inc_reg + 16'd1;
            end
            if (lrst) begin
                d2h_sent_reg[16*g +: 16] <= 16'd0;
                sent_inc_reg <= 16'd1;
                credit_reg <= 1'b0;
            end
        end
    end

    // frames unacknowledged or words without credit, a cycle late (for the
    // sender's timeout)
    reg waiting_reg = 1'b0;

    always @(posedge clk) begin
        waiting_reg <= tx_top != tx_base_reg || |(d2h_tvalid & ~d2h_credit & {ND{N_D2H > 0}});
    end

    /*
     * Send: frame buffer, sender, framer
     */
    wire send_busy, send_idle;
    wire [TX_SLOTS_AW-1:0] send_slot;
    wire [TX_SLOTS_AW-1:0] rd_slot;
    wire [TX_SLOT_AW-1:0] rd_idx;
    wire [7:0] rd_data;
    wire [TX_SLOT_AW:0] rd_len;

    sluice_link_txbuf #(
        .N_D2H(N_D2H),
        .D2H_WIDTHS(D2H_WIDTHS),
        .D2H_MAXW(D2H_MAXW),
        .SLOTS_AW(TX_SLOTS_AW),
        .SLOT_AW(TX_SLOT_AW)
    )
    txbuf_inst (
        .clk(clk),
        .rst(lrst),
        .d2h_tdata(d2h_tdata),
        .d2h_tvalid(d2h_tvalid),
        .d2h_tready(d2h_tready),
        .d2h_credit(d2h_credit),
        .rd_req_valid(rd_req_valid),
        .rd_req_addr(rd_req_addr),
        .rd_req_count(rd_req_count),
        .rd_req_ready(rd_req_ready),
        .csr_raddr(csr_raddr),
        .csr_rdata(csr_rdata),
        .tx_base(tx_base_reg),
        .tx_top(tx_top),
        .send_busy(send_busy),
        .send_slot(send_slot),
        .send_idle(send_idle),
        .rd_slot(rd_slot),
        .rd_idx(rd_idx),
        .rd_data(rd_data),
        .rd_len(rd_len)
    );

    wire [7:0] body_tdata;
    wire body_tvalid, body_tlast, body_tready;

    sluice_link_sender #(
        .N_H2D(N_H2D),
        .H2D_DEPTHS(H2D_DEPTHS),
        .SLOTS_AW(TX_SLOTS_AW),
        .SLOT_AW(TX_SLOT_AW),
        .STATUS_GAP(STATUS_GAP),
        .RETX_TIMEOUT(RETX_TIMEOUT)
    )
    sender_inst (
        .clk(clk),
        .rst(lrst),
        .tx_base(tx_base_reg),
        .tx_top(tx_top),
        .window_move(host_status && chk_ack_ok_reg),
        .rewind_valid(rewind_reg),
        .rewind_seq(rewind_seq_reg),
        .ack(rx_done_reg),
        .exp(rx_exp_reg),
        .events(events),
        .session(session_reg),
        .h2d_limit(h2d_limit),
        .h2d_pushed(h2d_pushed_reg),
        .st_force(st_force_reg),
        .st_nak(st_nak_reg),
        .waiting(waiting_reg),
        .progress(progress_reg),
        .rd_slot(rd_slot),
        .rd_idx(rd_idx),
        .rd_data(rd_data),
        .rd_len(rd_len),
        .send_busy(send_busy),
        .send_slot(send_slot),
        .send_idle(send_idle),
        .m_tdata(body_tdata),
        .m_tvalid(body_tvalid),
        .m_tlast(body_tlast),
        .m_tready(body_tready)
    );

    sluice_link_tx #(
        .IDLE_CYCLES(IDLE_CYCLES)
    )
    link_tx_inst (
        .clk(clk),
        .rst(lrst),
        .s_tdata(body_tdata),
        .s_tvalid(body_tvalid),
        .s_tlast(body_tlast),
        .s_tready(body_tready),
        .m_axis_tdata(m_axis_link_tdata),
        .m_axis_tvalid(m_axis_link_tvalid),
        .m_axis_tready(m_axis_link_tready)
    );

end else begin : plain_link

    // the receiver's link state and requests, to the sender
    wire rd_req_valid, rd_req_ready;
    wire [15:0] rd_req_addr;
    wire [7:0] rd_req_count;
    wire [7:0] rx_exp, rx_session;
    wire host_status, st_force, st_nak;
    wire [7:0] host_ack;
    wire [16*ND-1:0] host_limits;

    sluice_plain_rx #(
        .W(LINK_W),
        .N_H2D(N_H2D),
        .H2D_WIDTHS(H2D_WIDTHS),
        .H2D_MAXW(H2D_MAXW),
        .N_D2H(N_D2H)
    )
    plain_rx_inst (
        .clk(clk),
        .rst(rst || link_down),
        .lrst(lrst),
        .s_axis_tdata(s_axis_link_tdata),
        .s_axis_tvalid(s_axis_link_tvalid),
        .s_axis_tready(s_axis_link_tready),
        .h2d_tdata(h2d_tdata),
        .h2d_tvalid(h2d_tvalid),
        .h2d_tready(h2d_tready),
        .csr_we(csr_we),
        .csr_waddr(csr_waddr),
        .csr_wdata(csr_wdata),
        .rd_req_valid(rd_req_valid),
        .rd_req_addr(rd_req_addr),
        .rd_req_count(rd_req_count),
        .rd_req_ready(rd_req_ready),
        .exp(rx_exp),
        .session(rx_session),
        .link_reset(host_reset),
        .status_valid(host_status),
        .status_ack(host_ack),
        .status_limits(host_limits),
        .st_force(st_force),
        .st_nak(st_nak)
    );

    sluice_plain_tx #(
        .W(LINK_W),
        .N_H2D(N_H2D),
        .H2D_DEPTHS(H2D_DEPTHS),
        .N_D2H(N_D2H),
        .D2H_WIDTHS(D2H_WIDTHS),
        .D2H_MAXW(D2H_MAXW),
        .WINDOW(PLAIN_WINDOW),
        .STATUS_GAP(STATUS_GAP),
        .RETX_TIMEOUT(RETX_TIMEOUT)
    )
    plain_tx_inst (
        .clk(clk),
        .rst(rst || link_down),
        .lrst(lrst),
        .m_axis_tdata(m_axis_link_tdata),
        .m_axis_tvalid(m_axis_link_tvalid),
        .m_axis_tready(m_axis_link_tready),
        .d2h_tdata(d2h_tdata),
        .d2h_tvalid(d2h_tvalid),
        .d2h_tready(d2h_tready),
        .d2h_count(d2h_count),
        .csr_raddr(csr_raddr),
        .csr_rdata(csr_rdata),
        .rd_req_valid(rd_req_valid),
        .rd_req_addr(rd_req_addr),
        .rd_req_count(rd_req_count),
        .rd_req_ready(rd_req_ready),
        .exp(rx_exp),
        .events(events),
        .session(rx_session),
        .h2d_limit(h2d_limit),
        .h2d_pushed(h2d_pushed_reg),
        .status_valid(host_status),
        .status_ack(host_ack),
        .status_limits(host_limits),
        .st_force(st_force),
        .st_nak(st_nak)
    );

end
endgenerate

endmodule

`resetall
