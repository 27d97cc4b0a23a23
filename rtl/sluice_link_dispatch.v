/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Host-bridge dispatcher: carries out accepted host frames, in order
 *
 * Reads the committed frames of the receive ring (sluice_link_ring), each
 *
 *     TYPE  LEN (payload bytes, patched in place of SEQ)  ARG_LO  ARG_HI
 *     payload
 *
 * and does what runtime/link/proto.h section 3 says:
 *
 *   DATA    the payload's words go to H2D pipe ARG, one word per
 *           handshake on h2d_tvalid[ARG] / h2d_tready[ARG].  A trailing
 *           partial word, or a pipe id out of range, is dropped.
 *   CSR_WR  each 4 payload bytes are one write (csr_we, csr_waddr,
 *           csr_wdata, registered) to ARG, ARG+1, ...
 *   CSR_RD  rd_req_* asks the sender side for a CSR_RDATA frame of
 *           payload byte 0 words at ARG, and waits for rd_req_ready.
 *   other   skipped.
 *
 * frame_done pulses when a frame has been carried out (the bridge's ACK
 * counts these).  The last word of a DATA frame may still be waiting in
 * the word register then; credits cover it.
 *
 * Parameters:
 *
 *   N_H2D       number of H2D pipes (0 or more)
 *   H2D_WIDTHS  width in bits of H2D pipe i in [16*i +: 16], multiples of 8
 *   H2D_MAXW    width of h2d_tdata: at least every H2D width (and 8)
 *
 * h2d_tdata is shared: pipe i's word is h2d_tdata[W_i-1:0], valid while
 * h2d_tvalid[i].  Throughput: one payload byte per cycle while the FIFOs
 * take the words (a word leaves in the same cycle the next one's first
 * byte arrives), plus 6 cycles per frame.
 *
 * Timing: s_tready is two LUTs from registers and h2d_tready (the frame's
 * TYPE and state decoded in registers), the enables of the word and CSR
 * registers use their own frame's condition only, and the state moves to
 * STATE_END in the cycle after the body's last byte (body_done_reg), not
 * on the handshake.
 */
module sluice_link_dispatch #
(
    parameter N_H2D = 1,
    parameter H2D_WIDTHS = 16'd32,
    parameter H2D_MAXW = 32
)
(
    input  wire                                 clk,
    input  wire                                 rst,

    /*
     * Committed frames from the ring
     */
    input  wire [7:0]                           s_tdata,
    input  wire                                 s_tvalid,
    output wire                                 s_tready,

    /*
     * H2D pipes (toward the pipe FIFOs)
     */
    output wire [H2D_MAXW-1:0]                  h2d_tdata,
    output wire [(N_H2D > 0 ? N_H2D : 1)-1:0]   h2d_tvalid,
    input  wire [(N_H2D > 0 ? N_H2D : 1)-1:0]   h2d_tready,

    /*
     * CSR writes
     */
    output wire                                 csr_we,
    output wire [15:0]                          csr_waddr,
    output wire [31:0]                          csr_wdata,

    /*
     * CSR read requests (answered by the sender side)
     */
    output wire                                 rd_req_valid,
    output wire [15:0]                          rd_req_addr,
    output wire [7:0]                           rd_req_count,
    input  wire                                 rd_req_ready,

    output wire                                 frame_done
);

localparam NP = N_H2D > 0 ? N_H2D : 1;
localparam LANES = (H2D_MAXW + 7) / 8;
localparam LANE_W = LANES > 1 ? $clog2(LANES) : 1;
localparam PIPE_W = NP > 1 ? $clog2(NP) : 1;
localparam [31:0] NP32 = NP;
localparam HAVE_PIPES = N_H2D > 0;

localparam [7:0]
    T_DATA = 8'h01,
    T_CSR_WR = 8'h02,
    T_CSR_RD = 8'h03;

localparam [2:0]
    STATE_TYPE = 3'd0,
    STATE_LEN = 3'd1,
    STATE_ARG0 = 3'd2,
    STATE_ARG1 = 3'd3,
    STATE_BODY = 3'd4,
    STATE_END = 3'd5;

// check configuration
integer ci;
initial begin
    if (N_H2D < 0 || N_H2D > 64) begin
        $error("Error: N_H2D must be 0 to 64 (instance %m)");
        $finish;
    end
    for (ci = 0; ci < N_H2D; ci = ci + 1) begin
        if (H2D_WIDTHS[16*ci +: 16] < 8 || H2D_WIDTHS[16*ci +: 16] % 8 != 0 ||
                {16'd0, H2D_WIDTHS[16*ci +: 16]} > H2D_MAXW || H2D_WIDTHS[16*ci +: 16] > 16'd2040) begin
            $error("Error: H2D width %0d is not a multiple of 8 in 8..min(H2D_MAXW, 2040) (instance %m)", ci);
            $finish;
        end
    end
end

reg [2:0] state_reg = STATE_TYPE;
// the frame's TYPE, decoded when it is read (no compare on a handshake)
reg is_data_reg = 1'b0;
reg is_csr_wr_reg = 1'b0;
reg is_csr_rd_reg = 1'b0;
// state_reg == STATE_END, and state_reg == STATE_BODY of a DATA frame, as
// registers: s_tready is two LUTs from registers and the FIFO's ready
reg end_reg = 1'b0;
reg data_body_reg = 1'b0;
reg csr_body_reg = 1'b0;       // STATE_BODY of a CSR_WR frame
reg [7:0] left_reg = 8'd0;          // payload bytes still to read
reg left_one_reg = 1'b0;            // left_reg == 1
reg [15:0] arg_reg = 16'd0;
reg [15:0] index_reg = 16'd0;       // CSR word address offset
reg [LANE_W-1:0] lane_reg = {LANE_W{1'b0}};
reg [LANE_W-1:0] last_lane_reg = {LANE_W{1'b0}};   // bytes per word - 1
reg pipe_ok_reg = 1'b0;
reg [1:0] csr_byte_reg = 2'd0;
reg [23:0] csr_sh_reg = 24'd0;
reg [7:0] rd_count_reg = 8'd0;

reg [H2D_MAXW-1:0] word_reg = {H2D_MAXW{1'b0}};
reg word_valid_reg = 1'b0;
reg [PIPE_W-1:0] word_pipe_reg = {PIPE_W{1'b0}};

reg csr_we_reg = 1'b0;
reg [15:0] csr_waddr_reg = 16'd0;
reg [31:0] csr_wdata_reg = 32'd0;

// bytes per word of pipe p, minus 1
function [LANE_W-1:0] last_lane_of;
    input [15:0] p;
    integer i;
    begin
        last_lane_of = {LANE_W{1'b0}};
        for (i = 0; i < N_H2D; i = i + 1) begin
            if ({16'd0, p} == i) begin
                // (width/8 - 1) mod 2**LANE_W, and width/8 <= LANES
                last_lane_of = H2D_WIDTHS[16*i+3 +: LANE_W] - 1'b1;
            end
        end
    end
endfunction

wire word_take = word_valid_reg && h2d_tready[word_pipe_reg];

// a DATA byte may enter the word register: it is empty or its word
// leaves in this cycle
wire data_room = !word_valid_reg || word_take;

wire body_stall = data_body_reg && !data_room;

// the body's last byte was taken in the last cycle: STATE_END follows
// (its own cycle, so that the state does not wait on h2d_tready)
reg body_done_reg = 1'b0;

assign s_tready = !end_reg && !body_done_reg && !body_stall;

// A byte is taken (s_tvalid && s_tready) in the header states, where
// s_tready is high (pop_hdr), and in STATE_BODY, where end_reg is low
// (pop_body); the body bytes of DATA and of CSR_WR frames apart (pop_data,
// pop_csr), so that the wide enables of the word and CSR registers need no
// more logic than their own frame's (a CSR_WR byte never waits).
wire pop_hdr = s_tvalid;
wire pop_body = s_tvalid && !body_done_reg && (!data_body_reg || data_room);
wire pop_data = s_tvalid && !body_done_reg && data_body_reg && data_room;
wire pop_csr = s_tvalid && !body_done_reg && csr_body_reg;

assign h2d_tdata = word_reg;
assign csr_we = csr_we_reg;
assign csr_waddr = csr_waddr_reg;
assign csr_wdata = csr_wdata_reg;
assign rd_req_valid = end_reg && is_csr_rd_reg;
assign rd_req_addr = arg_reg;
assign rd_req_count = rd_count_reg;
assign frame_done = end_reg && (!is_csr_rd_reg || rd_req_ready);

genvar g;
generate
    for (g = 0; g < NP; g = g + 1) begin : valid_gen
        assign h2d_tvalid[g] = word_valid_reg && word_pipe_reg == g && g < N_H2D;
    end
endgenerate

integer k;

always @(posedge clk) begin
    csr_we_reg <= 1'b0;

    if (word_take) begin
        word_valid_reg <= 1'b0;
    end

    case (state_reg)
        STATE_TYPE: begin
            if (pop_hdr) begin
                is_data_reg <= s_tdata == T_DATA;
                is_csr_wr_reg <= s_tdata == T_CSR_WR;
                is_csr_rd_reg <= s_tdata == T_CSR_RD;
                state_reg <= STATE_LEN;
            end
        end
        STATE_LEN: begin
            if (pop_hdr) begin
                left_reg <= s_tdata;
                left_one_reg <= s_tdata == 8'd1;
                state_reg <= STATE_ARG0;
            end
        end
        STATE_ARG0: begin
            if (pop_hdr) begin
                arg_reg[7:0] <= s_tdata;
                state_reg <= STATE_ARG1;
            end
        end
        STATE_ARG1: begin
            if (pop_hdr) begin
                arg_reg[15:8] <= s_tdata;
                last_lane_reg <= last_lane_of({s_tdata, arg_reg[7:0]});
                pipe_ok_reg <= HAVE_PIPES && {16'd0, s_tdata, arg_reg[7:0]} < NP32;
                lane_reg <= {LANE_W{1'b0}};
                csr_byte_reg <= 2'd0;
                index_reg <= 16'd0;
                rd_count_reg <= 8'd0;
                state_reg <= left_reg == 8'd0 ? STATE_END : STATE_BODY;
                end_reg <= left_reg == 8'd0;
                data_body_reg <= left_reg != 8'd0 && is_data_reg;
                csr_body_reg <= left_reg != 8'd0 && is_csr_wr_reg;
            end
        end
        STATE_BODY: begin
            if (body_done_reg) begin
                state_reg <= STATE_END;
                end_reg <= 1'b1;
                data_body_reg <= 1'b0;
                csr_body_reg <= 1'b0;
                body_done_reg <= 1'b0;
            end
            if (pop_body) begin
                left_reg <= left_reg - 8'd1;
                left_one_reg <= left_reg == 8'd2;
                body_done_reg <= left_one_reg;

            end
        end
        default: begin
            // STATE_END: a CSR_RD waits for its answer to be queued
            if (frame_done) begin
                state_reg <= STATE_TYPE;
                end_reg <= 1'b0;
            end
        end
    endcase

    // body bytes of DATA and CSR_WR frames
    if (pop_data) begin
        for (k = 0; k < LANES; k = k + 1) begin
            if ({{(32-LANE_W){1'b0}}, lane_reg} == k) begin
                word_reg[8*k +: 8] <= s_tdata;
            end
        end
        if (lane_reg == last_lane_reg) begin
            lane_reg <= {LANE_W{1'b0}};
            if (pipe_ok_reg) begin
                word_valid_reg <= 1'b1;
                word_pipe_reg <= arg_reg[PIPE_W-1:0];
            end
        end else begin
            lane_reg <= lane_reg + 1'b1;
        end
    end

    // a CSR_RD's count, its first payload byte (such a byte never waits)
    if (state_reg == STATE_BODY && is_csr_rd_reg && s_tvalid && !body_done_reg &&
            rd_count_reg == 8'd0) begin
        rd_count_reg <= s_tdata;
    end

    if (pop_csr) begin
        csr_byte_reg <= csr_byte_reg + 2'd1;
        csr_sh_reg <= {s_tdata, csr_sh_reg[23:8]};
        if (csr_byte_reg == 2'd3) begin
            csr_we_reg <= 1'b1;
            csr_waddr_reg <= arg_reg + index_reg;
            csr_wdata_reg <= {s_tdata, csr_sh_reg};
            index_reg <= index_reg + 16'd1;
        end
    end

    if (rst) begin
        state_reg <= STATE_TYPE;
        end_reg <= 1'b0;
        data_body_reg <= 1'b0;
        csr_body_reg <= 1'b0;
        body_done_reg <= 1'b0;
        word_valid_reg <= 1'b0;
        csr_we_reg <= 1'b0;
    end
end

endmodule

`resetall
