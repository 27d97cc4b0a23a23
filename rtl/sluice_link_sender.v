/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Sender of the host bridge: chooses the next device->host frame and
 * streams its body to the framer (sluice_link_tx)
 *
 * Two kinds of frame (runtime/link/proto.h sections 3 and 4):
 *
 *   STATUS     built here, byte by byte as the framer takes them, from
 *              ACK (ack), EXP (exp), NEXT (the send pointer), EVENTS,
 *              SESSION and the credit limit of every H2D pipe (whose high
 *              byte is held when the low byte goes, so no limit is torn);
 *              each value is recorded as advertised when its byte goes.
 *              Sent, before any data frame,
 *                - at once when asked (st_force: a duplicate frame, a POLL
 *                  from the host, a reset; st_nak: a gap, with FLAGS.NAK),
 *                  and after RETX_TIMEOUT cycles of waiting without
 *                  progress (with FLAGS.POLL);
 *                - 16 cycles after the last one when something the host is
 *                  short of changed: an H2D limit while the host has less
 *                  than half the FIFO of credit left (as far as the device
 *                  can tell), EVENTS, or ACK by 2 or more;
 *                - STATUS_GAP cycles after the last one when any field
 *                  changed.
 *              (These conditions are evaluated two cycles late.)
 *   sequenced  the frames tx_base .. tx_top-1 kept by sluice_link_txbuf,
 *              from the send pointer on (go-back-N): the pointer follows
 *              tx_base when the host acknowledges past it, and goes back
 *              on rewind_valid (a NAK) to rewind_seq if that lies in
 *              tx_base .. tx_top.  Both apply between frames.
 *
 * Timing: the decisions of STATE_IDLE use registers only: the window
 * comparisons (send pointer, rewind target and tx_top against tx_base) are
 * registered in two stages and used only when no pointer moved at the last
 * two edges (window_move from the bridge, and the sender's own moves,
 * including the step past a frame sent, made in STATE_IDLE), so a move
 * costs two cycles; the STATUS triggers (dirty, urgent, the gap) are two
 * cycles late and the decision to send (status_go_reg) another, so they
 * are masked while a STATUS goes and for three cycles after it, by when
 * they reflect every value it recorded.  m_* are registers with a second
 * place behind them (a byte is sent when it enters them), so no decision
 * waits on m_tready.
 *
 * Parameters: N_H2D, H2D_DEPTHS (32 bits per pipe, for the urgency test),
 * SLOTS_AW, SLOT_AW (as sluice_link_txbuf), STATUS_GAP, RETX_TIMEOUT
 * (cycles; should exceed a round trip of the slowest link, a full frame
 * each way).
 */
module sluice_link_sender #
(
    parameter N_H2D = 1,
    parameter H2D_DEPTHS = 32'd16,
    parameter SLOTS_AW = 3,
    parameter SLOT_AW = 6,
    parameter STATUS_GAP = 256,
    parameter RETX_TIMEOUT = 4096
)
(
    input  wire                                     clk,
    input  wire                                     rst,

    /*
     * Window (sluice_link_txbuf) and go-back-N
     */
    input  wire [7:0]                               tx_base,
    input  wire [7:0]                               tx_top,
    input  wire                                     window_move,
    input  wire                                     rewind_valid,
    input  wire [7:0]                               rewind_seq,

    /*
     * STATUS contents and requests
     */
    input  wire [7:0]                               ack,
    input  wire [7:0]                               exp,
    input  wire [7:0]                               events,
    input  wire [7:0]                               session,
    input  wire [16*(N_H2D > 0 ? N_H2D : 1)-1:0]    h2d_limit,
    input  wire [16*(N_H2D > 0 ? N_H2D : 1)-1:0]    h2d_pushed,
    input  wire                                     st_force,
    input  wire                                     st_nak,
    input  wire                                     waiting,
    input  wire                                     progress,

    /*
     * Send buffer read port
     */
    output wire [SLOTS_AW-1:0]                      rd_slot,
    output wire [SLOT_AW-1:0]                       rd_idx,
    input  wire [7:0]                               rd_data,
    input  wire [SLOT_AW:0]                         rd_len,
    output wire                                     send_busy,
    output wire [SLOTS_AW-1:0]                      send_slot,
    output wire                                     send_idle,

    /*
     * Frame bodies to the framer
     */
    output wire [7:0]                               m_tdata,
    output wire                                     m_tvalid,
    output wire                                     m_tlast,
    input  wire                                     m_tready
);

localparam NP = N_H2D > 0 ? N_H2D : 1;
localparam PIPE_W = NP > 1 ? $clog2(NP) : 1;
localparam ST_BYTES = 8 + 2 * N_H2D;
localparam IDX_W = SLOT_AW + 1 > 8 ? SLOT_AW + 1 : 8;
localparam integer ST_LAST_I = ST_BYTES - 1;
localparam [IDX_W-1:0] ST_LAST = ST_LAST_I[IDX_W-1:0];
localparam GAP_URGENT = 16;
localparam GAP_W = $clog2(STATUS_GAP + 1);
localparam [GAP_W-1:0] GAP_MAX = {GAP_W{1'b1}};
localparam [GAP_W-1:0] GAP_LONG = STATUS_GAP[GAP_W-1:0];
localparam [GAP_W-1:0] GAP_SHORT = GAP_URGENT[GAP_W-1:0];
localparam POLL_W = $clog2(RETX_TIMEOUT + 1);
localparam [POLL_W-1:0] POLL_START = RETX_TIMEOUT[POLL_W-1:0];

localparam [7:0] T_STATUS = 8'h10;

localparam [1:0]
    STATE_IDLE = 2'd0,
    STATE_DLOAD = 2'd1,
    STATE_DATA = 2'd2,
    STATE_STATUS = 2'd3;

// check configuration
initial begin
    if (STATUS_GAP < GAP_URGENT || STATUS_GAP > 65535) begin
        $error("Error: STATUS_GAP must be 16 to 65535 (instance %m)");
        $finish;
    end
    if (RETX_TIMEOUT < 64 || RETX_TIMEOUT > 32'h3FFFFFFF) begin
        $error("Error: RETX_TIMEOUT must be 64 to 2**30 (instance %m)");
        $finish;
    end
end

function [15:0] credit_depth;
    input integer p;
    begin
        credit_depth = H2D_DEPTHS[32*p +: 32] > 16384 ? 16'd16384 : H2D_DEPTHS[32*p +: 16];
    end
endfunction

reg [1:0] state_reg = STATE_IDLE;
reg [7:0] send_reg = 8'd0;
reg [IDX_W-1:0] idx_reg = {IDX_W{1'b0}};
localparam [IDX_W-1:0] IDX_TWO = 2;
reg [IDX_W-1:0] len_reg = {IDX_W{1'b0}};  // DATA: the frame's length
reg [7:0] hold_reg = 8'd0;      // high byte of the limit being sent
reg st_nak_reg = 1'b0;         // the FLAGS of the STATUS being sent
reg st_poll_reg = 1'b0;

reg rewind_reg = 1'b0;
reg advance_reg = 1'b0;         // a DATA frame was sent: send_reg + 1
reg [7:0] rewind_seq_reg = 8'd0;

reg force_reg = 1'b1;
reg nak_reg = 1'b0;
reg poll_reg = 1'b0;

reg [7:0] ack_adv_reg = 8'd0;
reg [7:0] events_adv_reg = 8'd0;
reg [16*NP-1:0] limit_adv_reg = {16*NP{1'b0}};

reg [GAP_W-1:0] gap_reg = {GAP_W{1'b0}};
reg gap_short_reg = 1'b0;       // gap_reg >= GAP_SHORT, a cycle late
reg gap_long_reg = 1'b0;        // gap_reg >= GAP_LONG, a cycle late
reg dirty_reg = 1'b0;           // dirty, a cycle late
reg urgent_reg = 1'b0;          // urgent, a cycle late
reg [POLL_W-1:0] poll_cnt_reg = POLL_START;   // counts down while waiting

// window arithmetic, all relative to tx_base
wire [7:0] off_send = send_reg - tx_base;
wire [7:0] off_top = tx_top - tx_base;
wire [7:0] off_rewind = rewind_seq_reg - tx_base;
reg [7:0] off_send_reg = 8'd0;
reg [7:0] off_top_reg = 8'd0;
reg [7:0] off_rewind_reg = 8'd0;
reg moved_reg = 1'b1;           // a pointer moved at the edge before last

// The same comparisons, in two register stages (the offsets, then the
// compares): they describe this cycle's pointers when window_fresh_reg
// says that none of send_reg, rewind_seq_reg and tx_base moved at the last
// two edges (window_move: the bridge moves tx_base at this edge; tx_top
// only grows, which can only delay a frame).  STATE_IDLE acts only then,
// so a pointer move costs it two cycles.
reg window_fresh_reg = 1'b0;
reg have_data_reg = 1'b0;
reg behind_reg = 1'b0;          // acknowledged past the send pointer
reg rewind_ok_reg = 1'b0;       // rewind_seq_reg lies in tx_base .. tx_top

// What changed since the last STATUS, in register stages: each value
// against what was advertised (ACK and EVENTS, and per H2D pipe the limit
// and, a stage later, the host's credit left, advertised limit - words
// pushed, below half the depth or negative), then dirty and urgent.  They lag the values
// the STATUS records, so its triggers are masked while a STATUS goes and
// for QUIET cycles after (quiet_reg).
reg ack_new_reg = 1'b0;        // ack != ack_adv_reg
reg ack_far_reg = 1'b0;        // ack - ack_adv_reg >= 2
reg events_new_reg = 1'b0;     // events != events_adv_reg
reg [NP-1:0] limit_new_reg = {NP{1'b0}};    // h2d_limit != limit_adv_reg
reg [16*NP-1:0] left_adv_reg = {16*NP{1'b0}};  // limit_adv_reg - h2d_pushed
reg [NP-1:0] credit_low_reg = {NP{1'b0}};   // the host short of credit (a
                                            // stage later)

reg dirty;
reg urgent;
reg [NP-1:0] limit_new;
reg [NP-1:0] credit_low;
reg [15:0] left_adv;
reg [16*NP-1:0] left_adv_next;
integer i;

always @* begin
    for (i = 0; i < NP; i = i + 1) begin
        left_adv_next[16*i +: 16] = limit_adv_reg[16*i +: 16] - h2d_pushed[16*i +: 16];
        left_adv = left_adv_reg[16*i +: 16];
        limit_new[i] = i < N_H2D && h2d_limit[16*i +: 16] != limit_adv_reg[16*i +: 16];
        credit_low[i] = left_adv >= 16'h8000 || left_adv < (credit_depth(i) >> 1);
    end
end

always @(posedge clk) begin
    ack_new_reg <= ack != ack_adv_reg;
    ack_far_reg <= (ack - ack_adv_reg) >= 8'd2;
    events_new_reg <= events != events_adv_reg;
    limit_new_reg <= limit_new;
    left_adv_reg <= left_adv_next;
    credit_low_reg <= credit_low;
end

always @* begin
    dirty = ack_new_reg || events_new_reg || |limit_new_reg;
    urgent = events_new_reg || ack_far_reg || |(limit_new_reg & credit_low_reg);
end

localparam [1:0] QUIET = 2'd3;
reg [1:0] quiet_reg = 2'd0;     // cycles left of the mask after a STATUS
wire triggers_on = state_reg != STATE_STATUS && quiet_reg == 2'd0;
wire status_go = force_reg || nak_reg || poll_reg ||
                 (triggers_on && ((urgent_reg && gap_short_reg) || (dirty_reg && gap_long_reg)));
reg status_go_reg = 1'b0;       // status_go, a cycle late

// the STATUS byte at idx_reg; credits from byte 8 on, pipe (idx-8)/2
wire in_credits = idx_reg[IDX_W-1:3] != 0;
localparam integer CR_BASE_I = 8;
localparam [PIPE_W:0] CR_BASE = CR_BASE_I[PIPE_W:0];
wire [PIPE_W:0] cr_idx = idx_reg[PIPE_W:0] - CR_BASE;
wire [PIPE_W-1:0] cr_pipe = cr_idx[PIPE_W:1];
wire [15:0] cr_limit = h2d_limit[16*cr_pipe +: 16];
reg [7:0] st_byte;

always @* begin
    if (in_credits) begin
        st_byte = cr_idx[0] ? hold_reg : cr_limit[7:0];
    end else begin
        case (idx_reg[2:0])
            3'd0: st_byte = T_STATUS;
            3'd1: st_byte = {6'd0, st_poll_reg, st_nak_reg};
            3'd2: st_byte = ack;
            3'd3: st_byte = exp;
            3'd4: st_byte = send_reg;
            3'd5: st_byte = events;
            3'd6: st_byte = session;
            default: st_byte = 8'd0;
        endcase
    end
end

reg [IDX_W-1:0] rd_len_ext;

always @* begin
    rd_len_ext = {IDX_W{1'b0}};
    rd_len_ext[SLOT_AW:0] = rd_len;
end

wire poll_fire = waiting && !progress && poll_cnt_reg == {POLL_W{1'b0}};

// The body byte of this cycle goes to the output register (m_*), which is
// free when empty or taken: the byte is sent from then on.
reg [7:0] m_tdata_reg = 8'd0;
reg m_tvalid_reg = 1'b0;
reg m_tlast_reg = 1'b0;
// a second place behind m_*: a byte may go when it is empty (a register,
// not m_tready)
reg [7:0] o1_tdata_reg = 8'd0;
reg o1_tlast_reg = 1'b0;
reg o1_valid_reg = 1'b0;
wire out_free = !o1_valid_reg;
wire out_pop = m_tvalid_reg && m_tready;
wire byte_valid = state_reg == STATE_DATA || state_reg == STATE_STATUS;
wire take = byte_valid && out_free;
wire [7:0] take_byte = state_reg == STATE_DATA ? rd_data : st_byte;
// idx_reg is the frame's last byte: a register, set when idx_reg moves
// onto it (frames have 5 bytes or more, so never at idx 0); and, for a
// STATUS, which value byte idx_reg is (the ACK, the EVENTS, the low byte
// of a credit limit), also set as idx_reg moves
reg last_reg = 1'b0;
reg at_ack_reg = 1'b0;
reg at_events_reg = 1'b0;
reg at_limit_lo_reg = 1'b0;
wire last = last_reg;

assign m_tvalid = m_tvalid_reg;
assign m_tdata = m_tdata_reg;
assign m_tlast = m_tlast_reg;

always @(posedge clk) begin
    if (!m_tvalid_reg || out_pop) begin
        if (o1_valid_reg) begin
            m_tdata_reg <= o1_tdata_reg;
            m_tlast_reg <= o1_tlast_reg;
            m_tvalid_reg <= 1'b1;
            o1_tdata_reg <= take_byte;
            o1_tlast_reg <= last;
            o1_valid_reg <= take;
        end else begin
            m_tdata_reg <= take_byte;
            m_tlast_reg <= last;
            m_tvalid_reg <= take;
        end
    end else if (take) begin
        o1_tdata_reg <= take_byte;
        o1_tlast_reg <= last;
        o1_valid_reg <= 1'b1;
    end
    if (rst) begin
        m_tvalid_reg <= 1'b0;
        o1_valid_reg <= 1'b0;
    end
end

assign rd_slot = send_reg[SLOTS_AW-1:0];
wire [IDX_W-1:0] idx_plus = idx_reg + 1'b1;
assign rd_idx = (state_reg == STATE_DATA && take) ? idx_plus[SLOT_AW-1:0] : idx_reg[SLOT_AW-1:0];
assign send_busy = state_reg == STATE_DLOAD || state_reg == STATE_DATA;
assign send_slot = send_reg[SLOTS_AW-1:0];
assign send_idle = state_reg == STATE_IDLE && !have_data_reg;

// send_reg or rewind_seq_reg moves at this edge
reg own_move;

always @* begin
    own_move = rewind_valid;
    if (state_reg == STATE_IDLE) begin
        own_move = own_move || advance_reg || (window_fresh_reg && (rewind_reg || behind_reg));
    end
end

always @(posedge clk) begin
    if (gap_reg != GAP_MAX) begin
        gap_reg <= gap_reg + 1'b1;
    end
    gap_short_reg <= gap_reg >= GAP_SHORT;
    gap_long_reg <= gap_reg >= GAP_LONG;
    dirty_reg <= dirty;
    urgent_reg <= urgent;
    status_go_reg <= status_go;
    if (state_reg == STATE_STATUS) begin
        quiet_reg <= QUIET;
    end else if (quiet_reg != 2'd0) begin
        quiet_reg <= quiet_reg - 2'd1;
    end

    off_send_reg <= off_send;
    off_top_reg <= off_top;
    off_rewind_reg <= off_rewind;
    moved_reg <= own_move || window_move;
    window_fresh_reg <= !own_move && !window_move && !moved_reg;
    have_data_reg <= off_send_reg < off_top_reg;
    behind_reg <= off_send_reg > off_top_reg;
    rewind_ok_reg <= off_rewind_reg <= off_top_reg;

    if (!waiting || progress || poll_fire) begin
        poll_cnt_reg <= POLL_START;
    end else begin
        poll_cnt_reg <= poll_cnt_reg - 1'b1;
    end

    if (rewind_valid) begin
        rewind_reg <= 1'b1;
        rewind_seq_reg <= rewind_seq;
    end

    case (state_reg)
        STATE_IDLE: begin
            idx_reg <= {IDX_W{1'b0}};
            last_reg <= 1'b0;
            at_ack_reg <= 1'b0;
            at_events_reg <= 1'b0;
            at_limit_lo_reg <= 1'b0;
            if (advance_reg) begin
                // the frame just sent
                send_reg <= send_reg + 8'd1;
                advance_reg <= 1'b0;
            end else if (!window_fresh_reg) begin
                // the window flags are a cycle old: wait
            end else if (rewind_reg) begin
                if (rewind_ok_reg) begin
                    send_reg <= rewind_seq_reg;
                end
                if (!rewind_valid) begin
                    rewind_reg <= 1'b0;
                end
            end else if (behind_reg) begin
                // acknowledged past the send pointer
                send_reg <= tx_base;
            end else if (status_go_reg) begin
                st_nak_reg <= nak_reg;
                st_poll_reg <= poll_reg;
                force_reg <= 1'b0;
                nak_reg <= 1'b0;
                poll_reg <= 1'b0;
                gap_reg <= {GAP_W{1'b0}};
                state_reg <= STATE_STATUS;
            end else if (have_data_reg) begin
                state_reg <= STATE_DLOAD;
            end
        end
        STATE_DLOAD: begin
            // the frame's length (rd_slot is send_reg's slot)
            len_reg <= rd_len_ext;
            state_reg <= STATE_DATA;
        end
        STATE_DATA: begin
            if (take) begin
                idx_reg <= idx_plus;
                last_reg <= idx_reg == len_reg - IDX_TWO;
                if (last) begin
                    // send_reg moves on in STATE_IDLE (its enable then
                    // depends on registers only)
                    advance_reg <= 1'b1;
                    state_reg <= STATE_IDLE;
                end
            end
        end
        default: begin
            // STATE_STATUS: record what goes out as advertised
            if (take) begin
                idx_reg <= idx_plus;
                last_reg <= idx_reg == ST_LAST - 1'b1;
                at_ack_reg <= idx_reg == 1;
                at_events_reg <= idx_reg == 4;
                // the next byte, idx_reg + 1, is 8 or more and even
                at_limit_lo_reg <= (idx_reg[IDX_W-1:3] != 0 || idx_reg[2:0] == 3'd7) && idx_reg[0];
                if (at_ack_reg) begin
                    ack_adv_reg <= ack;
                end
                if (at_events_reg) begin
                    events_adv_reg <= events;
                end
                if (at_limit_lo_reg) begin
                    hold_reg <= cr_limit[15:8];
                    limit_adv_reg[16*cr_pipe +: 16] <= cr_limit;
                end
                if (last) begin
                    state_reg <= STATE_IDLE;
                end
            end
        end
    endcase

    // requests that arrive while a STATUS starts are kept for the next
    if (st_force) begin
        force_reg <= 1'b1;
    end
    if (st_nak) begin
        nak_reg <= 1'b1;
    end
    if (poll_fire) begin
        poll_reg <= 1'b1;
    end

    if (rst) begin
        state_reg <= STATE_IDLE;
        send_reg <= 8'd0;
        advance_reg <= 1'b0;
        idx_reg <= {IDX_W{1'b0}};
        last_reg <= 1'b0;
        rewind_reg <= 1'b0;
        force_reg <= 1'b1;
        nak_reg <= 1'b0;
        poll_reg <= 1'b0;
        ack_adv_reg <= 8'd0;
        events_adv_reg <= 8'd0;
        limit_adv_reg <= {16*NP{1'b0}};
        gap_reg <= {GAP_W{1'b0}};
        poll_cnt_reg <= POLL_START;
        window_fresh_reg <= 1'b0;
        moved_reg <= 1'b1;
    end
end

endmodule

`resetall
