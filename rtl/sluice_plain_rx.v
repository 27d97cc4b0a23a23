/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Receive side of the host bridge on a lossless link of W-byte beats
 *
 * runtime/link/proto.h section 2b (plain framing): every frame is a
 * header beat (the body's first 4 bytes, its length, zeros) and its
 * payload from the next beat on, whole beats, zero-padded.  The link never
 * loses or damages a byte and has back-pressure (s_axis_tready), so the
 * payload goes straight through, cut-through, as it comes: there is no
 * receive buffer, no CRC, and a frame is carried out as it arrives.
 *
 *   header beat   decided as it comes (P_HDR): its length and reserved
 *                 bytes, its type and sequence number
 *   payload       cut into items by one byte-gathering register (P_PAY):
 *                 DATA: words of its pipe, into that pipe's FIFO
 *                 CSR_WR: 32-bit values, written at A, A+1, ...
 *                 CSR_RD: the count byte, a request to the sender (P_RD)
 *                 STATUS: 16-bit fields (NEXT/EVENTS, SESSION, the D2H
 *                 limits), shifted in and applied at its end (P_END)
 *   anything else dropped as proto.h sections 3 and 4 say (P_SKIP)
 *
 * A word's bytes may straddle two beats (a 3-byte word on 8-byte beats);
 * a word wider than a beat is gathered over several.  The gather takes
 * min(bytes the item still needs, bytes left in the beat) a cycle, so a
 * pipe whose word size divides W moves a word a cycle.
 *
 * Sequence numbers: a sequenced frame is accepted when its SEQ is EXP and
 * its length fits its type; EXP and ACK advance together when its last
 * item has been carried out, so ACK = EXP (exp).  An out-of-order frame
 * asks for a NAK or, a duplicate, a STATUS (st_nak, st_force), as the byte
 * link does; on a lossless link neither happens.
 *
 * A DATA or CSR_WR frame ends when its last item is taken, and the next
 * header may be in by then: it is decided in the cycle that item is taken
 * or after (done_pend_reg), against the EXP that the frame's end makes
 * (exp1_reg, EXP + 1, while it is pending), so that frames back to back
 * lose no cycle between them.
 *
 * A header whose length is 0 or above 259, or whose reserved bytes (6 to
 * W-1) are not zero, means that the host does not speak this framing (a
 * byte link's host, another W): the receiver takes nothing more until rst
 * (P_DEAD), as proto.h section 2b says.
 *
 * Parameters: W (bytes per beat, a power of two, 8 to 64), N_H2D,
 * H2D_WIDTHS, H2D_MAXW (as sluice_host_bridge), N_D2H (for a STATUS's
 * length).
 */
module sluice_plain_rx #
(
    parameter W = 8,
    parameter N_H2D = 1,
    parameter H2D_WIDTHS = 16'd32,
    parameter H2D_MAXW = 32,
    parameter N_D2H = 1
)
(
    input  wire                                     clk,
    input  wire                                     rst,
    input  wire                                     lrst,

    /*
     * Beats from the host
     */
    input  wire [8*W-1:0]                           s_axis_tdata,
    input  wire                                     s_axis_tvalid,
    output wire                                     s_axis_tready,

    /*
     * H2D pipes, control-register writes, read requests to the sender
     */
    output wire [H2D_MAXW-1:0]                      h2d_tdata,
    output wire [(N_H2D > 0 ? N_H2D : 1)-1:0]       h2d_tvalid,
    input  wire [(N_H2D > 0 ? N_H2D : 1)-1:0]       h2d_tready,
    output wire                                     csr_we,
    output wire [15:0]                              csr_waddr,
    output wire [31:0]                              csr_wdata,
    output wire                                     rd_req_valid,
    output wire [15:0]                              rd_req_addr,
    output wire [7:0]                               rd_req_count,
    input  wire                                     rd_req_ready,

    /*
     * Link state for the sender and the bridge
     */
    output wire [7:0]                               exp,
    output wire [7:0]                               session,
    output wire                                     link_reset,
    output wire                                     status_valid,
    output wire [7:0]                               status_ack,
    output wire [16*(N_D2H > 0 ? N_D2H : 1)-1:0]    status_limits,
    output wire                                     st_force,
    output wire                                     st_nak
);

localparam NH = N_H2D > 0 ? N_H2D : 1;
localparam ND = N_D2H > 0 ? N_D2H : 1;
localparam HB = (H2D_MAXW + 7) / 8;
localparam MAXS = HB > 4 ? HB : 4;         // bytes of the largest item
localparam IB = 8 * MAXS;
localparam BW = 8 * W;
localparam PW = $clog2(W);                  // a byte's place in a beat
localparam ST_ITEMS = 2 + N_D2H;            // 16-bit items of a STATUS's payload
localparam integer ST_LEN_I = 8 + 2 * N_D2H;
localparam [15:0] ST_LEN = ST_LEN_I[15:0];
localparam integer NH_I = NH;
localparam [15:0] NH16 = NH_I[15:0];
localparam PIPE_W = NH > 1 ? $clog2(NH) : 1;

// every item's size a power of two up to W: a pipe's word, 4 (CSR_WR),
// 2 (a STATUS's fields), 1 (CSR_RD).  A payload starts on a beat and its
// length is whole items, so then no item straddles two beats: each takes
// one step, from a place in the beat that its size divides.
/* verilator lint_off UNUSEDSIGNAL */
function all_aligned;
    input integer dummy;        // (a constant function takes an input)
    integer i, b;
    begin
        all_aligned = 1'b1;
        for (i = 0; i < N_H2D; i = i + 1) begin
            b = {23'd0, H2D_WIDTHS[16*i+3 +: 9]};
            if (b > W || (b & (b - 1)) != 0) begin
                all_aligned = 1'b0;
            end
        end
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
localparam ALIGNED = all_aligned(0);

localparam [7:0]
    T_DATA = 8'h01,
    T_CSR_WR = 8'h02,
    T_CSR_RD = 8'h03,
    T_STATUS = 8'h10,
    T_LINK_RESET = 8'h11;

localparam [2:0]
    P_HDR = 3'd0,
    P_PAY = 3'd2,
    P_SKIP = 3'd3,
    P_END = 3'd4,
    P_RD = 3'd5,
    P_DEAD = 3'd6;

localparam [1:0]
    K_DATA = 2'd0,
    K_CSR_WR = 2'd1,
    K_CSR_RD = 2'd2,
    K_STATUS = 2'd3;

// check configuration
initial begin
    if (W < 8 || W > 64 || (W & (W - 1)) != 0) begin
        $error("Error: W must be 8, 16, 32 or 64 (instance %m)");
        $finish;
    end
end

// bytes per word of H2D pipe p (0 for no pipe)
function [8:0] bytes_of;
    input [15:0] p;
    integer i;
    begin
        bytes_of = 9'd0;
        for (i = 0; i < N_H2D; i = i + 1) begin
            if ({16'd0, p} == i) begin
                bytes_of = H2D_WIDTHS[16*i+3 +: 9];
            end
        end
    end
endfunction

// a DATA frame of length n (4 bytes of its body's header, then the
// payload) carries whole words of pipe p: n - 4 = 0 modulo the word's
// bytes, that is n = 4, with no subtraction before the remainder
function data_len_ok;
    input [15:0] p;
    input [8:0] n;
    integer i;
    begin
        data_len_ok = 1'b0;
        for (i = 0; i < N_H2D; i = i + 1) begin
            if ({16'd0, p} == i) begin
                data_len_ok = n % H2D_WIDTHS[16*i+3 +: 9] == 9'd4 % H2D_WIDTHS[16*i+3 +: 9];
            end
        end
    end
endfunction

// n <= W: a payload of n bytes ends in a beat
function n_le_w;
    input [8:0] n;
    begin
        n_le_w = n <= W[8:0];
    end
endfunction

reg [2:0] state_reg = P_HDR;

// the header of the frame at hand
reg h_poll_reg = 1'b0;              // a STATUS's FLAGS.POLL
reg [15:0] h_arg_reg = 16'd0;       // ARG, or a STATUS's ACK and EXP

// link state
reg [7:0] exp_reg = 8'd0;
reg [7:0] exp1_reg = 8'd1;          // exp_reg + 1
reg [7:0] session_reg = 8'd0;
reg nak_sent_reg = 1'b0;
reg [7:0] ooo_last_reg = 8'd0;

// the payload's gather
reg [1:0] kind_reg = K_DATA;
reg [15:0] pipe_reg = 16'd0;
reg [15:0] addr_reg = 16'd0;
reg [PW-1:0] pos_reg = {PW{1'b0}};  // next byte of the beat at hand
reg [8:0] isz_reg = 9'd1;           // bytes per item
reg [8:0] have_reg = 9'd0;          // bytes of the item gathered
// what the gather compares, kept beside what it is of, so that taking a
// beat waits for one compare of two registers and no subtraction or
// minimum before it
reg [8:0] avail_reg = 9'd0;         // min(payload left, W - pos_reg): bytes
                                    // of the payload in the beat at hand
reg left_in_reg = 1'b0;             // the payload ends in the beat at hand
reg [8:0] rest_reg = 9'd0;          // payload bytes after the beat at hand
reg [8:0] need_reg = 9'd1;          // isz_reg - have_reg: bytes the item lacks
reg [IB-1:0] acc_reg = {IB{1'b0}};
reg [IB-1:0] item_reg = {IB{1'b0}};
reg item_valid_reg = 1'b0;
reg done_pend_reg = 1'b0;          // a DATA or CSR_WR frame ends with its item
reg [7:0] rd_count_reg = 8'd0;
reg rd_valid_reg = 1'b0;            // state_reg == P_RD, for the sender's choice
// (a host's EVENTS, SESSION and reserved byte are not used)
/* verilator lint_off UNUSEDSIGNAL */
reg [16*ST_ITEMS-1:0] st_sh_reg = {16*ST_ITEMS{1'b0}};
/* verilator lint_on UNUSEDSIGNAL */

reg link_reset_reg = 1'b0;
reg status_valid_reg = 1'b0;
reg [7:0] status_ack_reg = 8'd0;
reg st_force_reg = 1'b0;
reg st_nak_reg = 1'b0;

/*
 * The beat register: each beat is taken into b_data_reg, and the checks
 * of a header beat are made as it comes in, on the beat as it leaves the
 * link's FIFO, into registers beside it (hv_*), so that deciding a header
 * (P_HDR) waits for no compare of its length, arg or type.  Its ready is
 * passed through: a beat comes in as the one held is taken, one a cycle.
 */
reg b_valid_reg = 1'b0;
reg [BW-1:0] b_data_reg = {BW{1'b0}};
// (at most one of the three below, each with hv_len_ok_reg)
reg hv_len_ok_reg = 1'b0;          // length and reserved bytes of this framing
reg hv_reset_reg = 1'b0;           // and a LINK_RESET that fits its type
reg hv_status_reg = 1'b0;          // a STATUS that fits
reg hv_seq_reg = 1'b0;             // a DATA, CSR_WR or CSR_RD that fits
reg [1:0] hv_kind_reg = K_DATA;    // which of them
reg [8:0] hv_isz_reg = 9'd1;       // and the bytes of its payload's items
reg hv_pay_none_reg = 1'b0;        // no payload
reg hv_pay_in_reg = 1'b0;          // the payload ends in its first beat
reg [8:0] hv_avail_reg = 9'd0;     // min(payload, W)
reg [8:0] hv_rest_reg = 9'd0;      // payload - min(payload, W)

wire [7:0] i_type = s_axis_tdata[7:0];
wire [15:0] i_arg = s_axis_tdata[31:16];
wire [15:0] i_len = s_axis_tdata[47:32];
wire i_len_ok = s_axis_tdata[BW-1:48] == {(BW-48){1'b0}} && i_len != 16'd0 && i_len <= 16'd259;
// (the checks below on the length itself, each beside the others, none
// after the payload's subtraction; the payload's figures are compared
// with W + 4 on the length likewise)
wire [8:0] i_pay = i_len > 16'd4 ? i_len[8:0] - 9'd4 : 9'd0;
localparam [15:0] W4 = 16'd4 + W[15:0];
wire i_pay_in = i_len <= W4;
wire i_fit_data = i_type == T_DATA && i_len >= 16'd5 && N_H2D > 0 && i_arg < NH16 &&
                  data_len_ok(i_arg, i_len[8:0]);
wire i_fit_wr = i_type == T_CSR_WR && i_len >= 16'd8 && i_len[1:0] == 2'd0;
wire i_fit_rd = i_type == T_CSR_RD && i_len == 16'd5;
wire i_fit_seq = i_fit_data || i_fit_wr || i_fit_rd;
wire i_fit_status = i_type == T_STATUS && i_len == ST_LEN;
wire i_fit_reset = i_type == T_LINK_RESET && i_len == 16'd2;

// the header in the beat register; of this framing, and none of the
// types that fit: dropped
wire hv_other = hv_len_ok_reg && !hv_reset_reg && !hv_status_reg && !hv_seq_reg;
wire [7:0] h_b1 = b_data_reg[15:8];
wire [15:0] h_arg = b_data_reg[31:16];
// SEQ against EXP, or against EXP + 1 when the frame before ends now:
// both compared, the end picks
wire [7:0] seq_off0 = h_b1 - exp_reg;
wire [7:0] seq_off1 = h_b1 - exp1_reg;
wire seq_now = done_pend_reg ? h_b1 == exp1_reg : h_b1 == exp_reg;
wire seq_ahead = done_pend_reg ? seq_off1 != 8'd0 && !seq_off1[7] :
                                 seq_off0 != 8'd0 && !seq_off0[7];
wire [7:0] ooo_step = h_b1 - ooo_last_reg;
wire ooo_back = ooo_step == 8'd0 || ooo_step[7];

/*
 * The gather (P_PAY): this cycle takes k bytes of the beat from pos_reg
 * into the item from have_reg
 */
// sluice_csr decodes a write in the cycle of we and makes it at the end of
// the next, so its address and value are registers that hold a cycle
// past we, and writes come every other cycle at most
reg csr_we_reg = 1'b0;
reg [15:0] csr_waddr_reg = 16'd0;
reg [31:0] csr_wdata_reg = 32'd0;
wire item_take = item_valid_reg &&
                 (kind_reg == K_DATA ? h2d_tready[pipe_reg[PIPE_W-1:0]] :
                  kind_reg == K_CSR_WR ? !csr_we_reg : 1'b1);
// the frame whose end is pending ends this cycle (or none is pending):
// a header may be decided
wire done_go = done_pend_reg && (!item_valid_reg || item_take);
wire hdr_go = !done_pend_reg || done_go;
wire step = state_reg == P_PAY && b_valid_reg && (!item_valid_reg || item_take);
wire need_lt = need_reg < avail_reg;
// (aligned: k is the item's size, and have_reg stays 0)
wire [8:0] k = ALIGNED || need_lt ? need_reg : avail_reg;
wire [BW-1:0] shifted = b_data_reg >> {pos_reg, 3'b000};
// (bits above IB: bytes that do not fit the item, never within k)
/* verilator lint_off UNUSEDSIGNAL */
wire [IB+BW-1:0] ins_wide = {{IB{1'b0}}, shifted} << {have_reg, 3'b000};
wire [IB-1:0] ins = ins_wide[IB-1:0];
wire [IB+BW-1:0] ones_k = ~({(IB+BW){1'b1}} << {k, 3'b000});
wire [IB+BW-1:0] mask_wide = ones_k << {have_reg, 3'b000};
/* verilator lint_on UNUSEDSIGNAL */
wire [IB-1:0] mask = mask_wide[IB-1:0];
wire [IB-1:0] acc_next = (acc_reg & ~mask) | (ins & mask);
// k = min(need, avail), avail = min(left, room): the item is full when k is need, and the
// beat is done when k is all that is left of it or of the payload, that
// is when k is avail; the payload is done when k is left, that is when
// the beat is done and the payload ends in it
wire item_full = ALIGNED || !(avail_reg < need_reg);
wire [PW-1:0] pos_next = pos_reg + k[PW-1:0];   // below W unless beat_done
wire beat_done = !need_lt;
wire pay_done = beat_done && left_in_reg;
// the next beat's avail, left_in and rest from the rest of the payload
// (P_PAY's and P_SKIP's)
wire n_in_beat = n_le_w(rest_reg);
wire [8:0] nb_avail = n_in_beat ? rest_reg : W[8:0];
wire [8:0] nb_rest = n_in_beat ? 9'd0 : rest_reg - W[8:0];

// a STATUS's NEXT (its first payload byte) against EXP
wire [7:0] st_next = st_sh_reg[7:0];
wire [7:0] next_off = st_next - exp_reg;
wire st_next_ahead = next_off != 8'd0 && !next_off[7];

// P_SKIP drops a beat a cycle, the last when the payload ends in it

wire b_take = b_valid_reg &&
              ((state_reg == P_HDR && hdr_go) || state_reg == P_DEAD ||
               state_reg == P_SKIP ||
               (step && beat_done));
assign s_axis_tready = !b_valid_reg || b_take;

always @(posedge clk) begin
    if (s_axis_tvalid && s_axis_tready) begin
        b_valid_reg <= 1'b1;
        b_data_reg <= s_axis_tdata;
        hv_len_ok_reg <= i_len_ok;
        hv_reset_reg <= i_len_ok && i_fit_reset;
        hv_status_reg <= i_len_ok && i_fit_status;
        hv_seq_reg <= i_len_ok && i_fit_seq;
        hv_kind_reg <= i_fit_data ? K_DATA : i_fit_wr ? K_CSR_WR : K_CSR_RD;
        hv_isz_reg <= i_fit_data ? bytes_of(i_arg) : i_fit_wr ? 9'd4 : 9'd1;
        hv_pay_none_reg <= i_len <= 16'd4;
        hv_pay_in_reg <= i_pay_in;
        hv_avail_reg <= i_pay_in ? i_pay : W[8:0];
        hv_rest_reg <= i_pay_in ? 9'd0 : i_len[8:0] - W4[8:0];
    end else if (b_take) begin
        b_valid_reg <= 1'b0;
    end
    if (rst) begin
        b_valid_reg <= 1'b0;
    end
end

always @(posedge clk) begin
    link_reset_reg <= 1'b0;
    status_valid_reg <= 1'b0;
    st_force_reg <= 1'b0;
    st_nak_reg <= 1'b0;

    csr_we_reg <= item_take && kind_reg == K_CSR_WR;
    if (done_go) begin
        done_pend_reg <= 1'b0;
        exp_reg <= exp1_reg;
        exp1_reg <= exp1_reg + 8'd1;
        nak_sent_reg <= 1'b0;
    end
    if (item_take) begin
        item_valid_reg <= 1'b0;
        csr_waddr_reg <= addr_reg;
        csr_wdata_reg <= item_reg[31:0];
        case (kind_reg)
            K_CSR_WR: addr_reg <= addr_reg + 16'd1;
            K_CSR_RD: rd_count_reg <= item_reg[7:0];
            K_STATUS: st_sh_reg <= {item_reg[15:0], st_sh_reg[16*ST_ITEMS-1:16]};
            default: ;
        endcase
    end

    case (state_reg)
        P_HDR: if (b_valid_reg && hdr_go) begin
            // a header, decided as it comes (the frame before has ended,
            // or ends now: EXP is final)
            h_poll_reg <= h_b1[1];
            h_arg_reg <= h_arg;
            pos_reg <= {PW{1'b0}};
            have_reg <= 9'd0;
            acc_reg <= {IB{1'b0}};
            avail_reg <= hv_avail_reg;
            left_in_reg <= hv_pay_in_reg;
            rest_reg <= hv_rest_reg;
            pipe_reg <= h_arg;
            addr_reg <= h_arg;
            // (the cases apart, each on its own flags)
            if (!hv_len_ok_reg) begin
                state_reg <= P_DEAD;
            end
            if (hv_reset_reg) begin
                link_reset_reg <= 1'b1;
                session_reg <= h_b1;
                state_reg <= P_HDR;
            end
            if (hv_status_reg) begin
                kind_reg <= K_STATUS;
                isz_reg <= 9'd2;
                need_reg <= 9'd2;
                state_reg <= P_PAY;
            end
            if (hv_seq_reg && seq_now) begin
                kind_reg <= hv_kind_reg;
                isz_reg <= hv_isz_reg;
                need_reg <= hv_isz_reg;
                state_reg <= P_PAY;
            end
            if (hv_seq_reg && seq_ahead) begin
                // a gap before this frame: ask once, and again when the
                // host has resent and it is still there
                if (!nak_sent_reg || ooo_back) begin
                    st_nak_reg <= 1'b1;
                    nak_sent_reg <= 1'b1;
                end
                ooo_last_reg <= h_b1;
            end
            if (hv_seq_reg && !seq_now && !seq_ahead) begin
                // a duplicate: the host missed our ACK
                st_force_reg <= 1'b1;
            end
            if (hv_other || (hv_seq_reg && !seq_now)) begin
                // dropped
                state_reg <= hv_pay_none_reg ? P_HDR : P_SKIP;
            end
        end
        P_PAY: begin
            if (step) begin
                pos_reg <= beat_done ? {PW{1'b0}} : pos_next;
                // within the beat, both the payload and the beat lose k
                // bytes; a new beat has min(rest, W) of the rest
                if (beat_done) begin
                    avail_reg <= nb_avail;
                    left_in_reg <= n_in_beat;
                    rest_reg <= nb_rest;
                end else begin
                    avail_reg <= avail_reg - k;
                end
                if (item_full) begin
                    item_reg <= acc_next;
                    item_valid_reg <= 1'b1;
                    acc_reg <= {IB{1'b0}};
                    have_reg <= 9'd0;
                    need_reg <= isz_reg;
                end else begin
                    acc_reg <= acc_next;
                    have_reg <= have_reg + k;
                    need_reg <= need_reg - k;
                end
                if (pay_done) begin
                    // DATA and CSR_WR end when their last item is taken
                    // (done_pend_reg), while the next header comes in
                    if (kind_reg == K_DATA || kind_reg == K_CSR_WR) begin
                        done_pend_reg <= 1'b1;
                        state_reg <= P_HDR;
                    end else begin
                        state_reg <= P_END;
                    end
                end
            end
        end
        P_SKIP: begin
            if (b_valid_reg) begin
                avail_reg <= nb_avail;
                left_in_reg <= n_in_beat;
                rest_reg <= nb_rest;
                if (left_in_reg) begin
                    state_reg <= P_HDR;
                end
            end
        end
        P_END: begin
            // the frame's last item has been carried out
            if (!item_valid_reg) begin
                state_reg <= P_HDR;
                case (kind_reg)
                    K_CSR_RD: begin
                        // 1 <= k <= SL_CSR_RD_MAX, else dropped (proto.h
                        // section 3)
                        if (rd_count_reg != 8'd0 && rd_count_reg <= 8'd15) begin
                            state_reg <= P_RD;
                            rd_valid_reg <= 1'b1;
                        end
                    end
                    K_STATUS: begin
                        status_valid_reg <= 1'b1;
                        status_ack_reg <= h_arg_reg[7:0];
                        // POLL: answer now; NEXT ahead of EXP: frames
                        // were lost (never, on this link)
                        if (h_poll_reg) begin
                            st_force_reg <= 1'b1;
                        end
                        if (st_next_ahead && (!nak_sent_reg || h_poll_reg)) begin
                            st_nak_reg <= 1'b1;
                            nak_sent_reg <= 1'b1;
                        end
                    end
                    default: ;
                endcase
            end
        end
        P_RD: begin
            if (rd_req_ready) begin
                rd_valid_reg <= 1'b0;
                exp_reg <= exp1_reg;
                exp1_reg <= exp1_reg + 8'd1;
                nak_sent_reg <= 1'b0;
                state_reg <= P_HDR;
            end
        end
        default: begin
            // P_DEAD: the host speaks another framing
        end
    endcase

    if (lrst) begin
        done_pend_reg <= 1'b0;
        exp_reg <= 8'd0;
        exp1_reg <= 8'd1;
        nak_sent_reg <= 1'b0;
        ooo_last_reg <= 8'd0;
    end
    if (rst) begin
        state_reg <= P_HDR;
        rd_valid_reg <= 1'b0;
        item_valid_reg <= 1'b0;
        csr_we_reg <= 1'b0;
        session_reg <= 8'd0;
        link_reset_reg <= 1'b0;
        status_valid_reg <= 1'b0;
        st_force_reg <= 1'b0;
        st_nak_reg <= 1'b0;
    end
end

genvar g;
generate
    for (g = 0; g < NH; g = g + 1) begin : h2d_gen
        assign h2d_tvalid[g] = N_H2D > 0 && item_valid_reg && kind_reg == K_DATA && pipe_reg == g;
    end
endgenerate

assign h2d_tdata = item_reg[H2D_MAXW-1:0];
assign csr_we = csr_we_reg;
assign csr_waddr = csr_waddr_reg;
assign csr_wdata = csr_wdata_reg;
assign rd_req_valid = rd_valid_reg;
assign rd_req_addr = h_arg_reg;
assign rd_req_count = rd_count_reg;

assign exp = exp_reg;
assign session = session_reg;
assign link_reset = link_reset_reg;
assign status_valid = status_valid_reg;
assign status_ack = status_ack_reg;
// payload items: NEXT and EVENTS, SESSION and 0, then the limits
assign status_limits = N_D2H > 0 ? st_sh_reg[16*ST_ITEMS-1 -: 16*ND] : {16*ND{1'b0}};
assign st_force = st_force_reg;
assign st_nak = st_nak_reg;

endmodule

`resetall
