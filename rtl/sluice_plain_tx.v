/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Send side of the host bridge on a lossless link of W-byte beats
 *
 * runtime/link/proto.h section 2b (plain framing): a frame is a header
 * beat and its payload from the next beat on, zero-padded to whole beats.
 * Three kinds of frame, a header item and then payload items, all through
 * one packer that lays items of 1 to MAXS bytes into beats (an item may
 * straddle two beats; an item wider than a beat takes several):
 *
 *   STATUS     ACK and EXP (both exp: a frame is finished when it has
 *              been carried out), NEXT (tx_top), EVENTS, SESSION and the
 *              limit of every H2D pipe, taken together when the STATUS
 *              starts.  Sent first, when asked (st_force, st_nak), after
 *              RETX_TIMEOUT cycles of waiting without progress (with
 *              POLL), GAP_SHORT cycles after the last one when the host
 *              is short of something (an H2D limit while its credit is
 *              below half the FIFO, EVENTS, ACK by 2 or more), STATUS_GAP
 *              cycles after the last one when anything changed: the byte
 *              link's rules (sluice_link_sender), but for GAP_SHORT.  On
 *              the byte link it is 16 cycles, a sixteenth of a frame's
 *              time; here a frame takes 256 / W beats, and under bulk
 *              traffic both ways the host is short of an ACK or of credit
 *              almost always, so that a STATUS (2 beats) every 16 cycles
 *              took 9 % of the beats to the host (measured at W = 16).
 *              GAP_SHORT is a quarter of the smallest H2D FIFO's depth,
 *              from 16 to 64 cycles: a FIFO drains at most a word a
 *              cycle, so a credit that turns short at half the FIFO is
 *              sent well before the FIFO runs dry, and an urgent STATUS
 *              takes at most 1 beat in 32.
 *   CSR_RDATA  the answer to a CSR_RD of the receiver, read from the CSR
 *              block a word every four cycles.
 *   DATA       n words of one D2H pipe, n = min(words in its FIFO
 *              (d2h_count), credit, the words of a 255-byte payload),
 *              popped as the packer takes them.  Pipes take turns.
 *
 * The link is lossless, so nothing is kept once sent: there is no send
 * buffer and a NAK is never answered with a resend (a host sends none on
 * such a link: it NAKs only frames that went missing).  Sequence numbers
 * still count, and at most WINDOW frames are unacknowledged (the window
 * that TXCFG advertises).  A link reset (LINK_RESET) takes effect between
 * frames, so a frame on the wire is never cut short.
 *
 * Parameters: W (bytes per beat, 8 to 64), N_H2D, H2D_DEPTHS, N_D2H,
 * D2H_WIDTHS, D2H_MAXW (as sluice_host_bridge), WINDOW (2 to 64),
 * STATUS_GAP, RETX_TIMEOUT (cycles).
 */
module sluice_plain_tx #
(
    parameter W = 8,
    parameter N_H2D = 1,
    parameter H2D_DEPTHS = 32'd16,
    parameter N_D2H = 1,
    parameter D2H_WIDTHS = 16'd32,
    parameter D2H_MAXW = 32,
    parameter WINDOW = 32,
    parameter STATUS_GAP = 256,
    parameter RETX_TIMEOUT = 4096
)
(
    input  wire                                     clk,
    input  wire                                     rst,
    input  wire                                     lrst,

    /*
     * Beats to the host
     */
    output wire [8*W-1:0]                           m_axis_tdata,
    output wire                                     m_axis_tvalid,
    input  wire                                     m_axis_tready,

    /*
     * D2H pipes, the CSR block's read port, read requests
     */
    input  wire [D2H_MAXW*(N_D2H > 0 ? N_D2H : 1)-1:0]  d2h_tdata,
    input  wire [(N_D2H > 0 ? N_D2H : 1)-1:0]       d2h_tvalid,
    output wire [(N_D2H > 0 ? N_D2H : 1)-1:0]       d2h_tready,
    input  wire [16*(N_D2H > 0 ? N_D2H : 1)-1:0]    d2h_count,
    output wire [15:0]                              csr_raddr,
    input  wire [31:0]                              csr_rdata,
    input  wire                                     rd_req_valid,
    input  wire [15:0]                              rd_req_addr,
    input  wire [7:0]                               rd_req_count,
    output wire                                     rd_req_ready,

    /*
     * Link state
     */
    input  wire [7:0]                               exp,
    input  wire [7:0]                               events,
    input  wire [7:0]                               session,
    input  wire [16*(N_H2D > 0 ? N_H2D : 1)-1:0]    h2d_limit,
    input  wire [16*(N_H2D > 0 ? N_H2D : 1)-1:0]    h2d_pushed,
    input  wire                                     status_valid,
    input  wire [7:0]                               status_ack,
    input  wire [16*(N_D2H > 0 ? N_D2H : 1)-1:0]    status_limits,
    input  wire                                     st_force,
    input  wire                                     st_nak
);

localparam NH = N_H2D > 0 ? N_H2D : 1;
localparam ND = N_D2H > 0 ? N_D2H : 1;
localparam DB = (D2H_MAXW + 7) / 8;
localparam MAXS = DB > 8 ? DB : 8;          // bytes of the largest item
localparam IB = 8 * MAXS;
localparam BW = 8 * W;
localparam DP_W = ND > 1 ? $clog2(ND) : 1;
// every item's size a power of two up to W: a pipe's word, a STATUS's
// (MAXS, the last smaller), 8 (a header), 4 (CSR_RDATA).  A frame starts
// on a beat and each item but a STATUS's last is of its frame's one size,
// so then no item straddles two beats: each goes in whole, in one step.
/* verilator lint_off UNUSEDSIGNAL */
function all_aligned;
    input integer dummy;        // (a constant function takes an input)
    integer i, b;
    begin
        all_aligned = MAXS <= W && (MAXS & (MAXS - 1)) == 0;
        for (i = 0; i < N_D2H; i = i + 1) begin
            b = {19'd0, D2H_WIDTHS[16*i+3 +: 13]};
            if (b > W || (b & (b - 1)) != 0) begin
                all_aligned = 1'b0;
            end
        end
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
localparam ALIGNED = all_aligned(0);

// a STATUS's payload, 4 + 2 * N_H2D bytes, goes in items of MAXS bytes
localparam ST_PAY = 4 + 2 * N_H2D;
localparam ST_ITEMS = (ST_PAY + MAXS - 1) / MAXS;
localparam integer ST_ITEMS_I = ST_ITEMS;
localparam [8:0] ST_N = ST_ITEMS_I[8:0];
localparam integer ST_LAST_I = ST_PAY - MAXS * (ST_ITEMS - 1);
localparam [8:0] ST_LAST = ST_LAST_I[8:0];     // bytes of the last item
localparam integer LAST_I = ND - 1;
localparam [DP_W-1:0] LAST_PIPE = LAST_I[DP_W-1:0];
localparam integer ST_LEN_I = 8 + 2 * N_H2D;
localparam [15:0] ST_LEN = ST_LEN_I[15:0];
localparam GAP_URGENT = 16;
localparam GAP_URGENT_MAX = 64;

// The least gap between urgent STATUSes (see the header): a quarter of
// the smallest H2D FIFO, from GAP_URGENT to GAP_URGENT_MAX and at most
// STATUS_GAP cycles.
function integer gap_short;
    input integer unused;
    integer p, d, g;
    begin
        g = GAP_URGENT_MAX;
        for (p = 0; p < N_H2D; p = p + 1) begin
            d = H2D_DEPTHS[32*p +: 32] / 4;
            if (d < g) begin
                g = d;
            end
        end
        if (g < GAP_URGENT) begin
            g = GAP_URGENT;
        end
        if (g > STATUS_GAP) begin
            g = STATUS_GAP;
        end
        gap_short = g + 0 * unused;
    end
endfunction

localparam integer GAP_SHORT_I = gap_short(0);
localparam GAP_W = $clog2(STATUS_GAP + 1);
localparam [GAP_W-1:0] GAP_MAX = {GAP_W{1'b1}};
localparam [GAP_W-1:0] GAP_LONG = STATUS_GAP[GAP_W-1:0];
localparam [GAP_W-1:0] GAP_SHORT = GAP_SHORT_I[GAP_W-1:0];
localparam POLL_W = $clog2(RETX_TIMEOUT + 1);
localparam [POLL_W-1:0] POLL_START = RETX_TIMEOUT[POLL_W-1:0];
localparam [7:0] WIN = WINDOW;

localparam [7:0]
    T_DATA = 8'h01,
    T_CSR_RDATA = 8'h04,
    T_STATUS = 8'h10;

localparam [1:0]
    S_IDLE = 2'd0,
    S_HDR = 2'd1,
    S_ITEMS = 2'd2;

localparam [1:0]
    K_STATUS = 2'd0,
    K_RDATA = 2'd1,
    K_DATA = 2'd2;

// check configuration
initial begin
    if (W < 8 || W > 64 || (W & (W - 1)) != 0) begin
        $error("Error: W must be 8, 16, 32 or 64 (instance %m)");
        $finish;
    end
    if (WINDOW < 2 || WINDOW > 64) begin
        $error("Error: WINDOW must be 2 to 64 (instance %m)");
        $finish;
    end
    if (STATUS_GAP < GAP_URGENT || STATUS_GAP > 65535) begin
        $error("Error: STATUS_GAP must be 16 to 65535 (instance %m)");
        $finish;
    end
end

function [15:0] credit_depth;
    input integer p;
    begin
        credit_depth = H2D_DEPTHS[32*p +: 32] > 16384 ? 16'd16384 : H2D_DEPTHS[32*p +: 16];
    end
endfunction

/*
 * The packer: the item at hand (pitem_reg, pused_reg of its bytes placed,
 * prest_reg to go) into the beat being filled (pbeat_reg, pfill_reg bytes);
 * a beat goes out when full, or after an item that ends a header or a
 * frame (pflush_reg), zero-padded.
 */
reg [BW-1:0] pbeat_reg = {BW{1'b0}};
reg [8:0] pfill_reg = 9'd0;
reg [IB-1:0] pitem_reg = {IB{1'b0}};
reg [8:0] pused_reg = 9'd0;
reg pvalid_reg = 1'b0;
reg pflush_reg = 1'b0;
// the two differences the packer compares, kept beside what they are of,
// so that the next item's load (and a pipe FIFO's pop) waits for no
// subtraction
reg [8:0] proom_reg = W[8:0];       // W - pfill_reg: room left in the beat
reg [8:0] prest_reg = 9'd0;         // the item's bytes not yet placed

// the output: m_* and a second place behind them, so that no decision
// waits on m_axis_tready
reg [BW-1:0] m_tdata_reg = {BW{1'b0}};
reg m_tvalid_reg = 1'b0;
reg [BW-1:0] o1_tdata_reg = {BW{1'b0}};
reg o1_valid_reg = 1'b0;
wire out_free = !o1_valid_reg;

wire pstep = pvalid_reg && out_free;
wire rest_lt = prest_reg < proom_reg;
// (aligned: k is the item's size, and pused_reg stays 0)
wire [8:0] k = ALIGNED || rest_lt ? prest_reg : proom_reg;
wire [IB-1:0] src_bytes = pitem_reg >> {pused_reg, 3'b000};
wire [IB+BW-1:0] ins_wide = {{BW{1'b0}}, src_bytes} << {pfill_reg, 3'b000};
wire [IB+BW-1:0] ones_k = ~({(IB+BW){1'b1}} << {k, 3'b000});
wire [IB+BW-1:0] mask_wide = ones_k << {pfill_reg, 3'b000};
/* verilator lint_off UNUSEDSIGNAL */
// (bits above the beat: never within k)
wire [IB+BW-1:0] ins_mask = ins_wide & mask_wide;
/* verilator lint_on UNUSEDSIGNAL */
wire [BW-1:0] pbeat_next = (pbeat_reg & ~mask_wide[BW-1:0]) | ins_mask[BW-1:0];
// k = min(rest, room): the item is done when k is rest, the beat full
// when k is room
wire item_done = ALIGNED || !(proom_reg < prest_reg);
wire emit = pstep && (!rest_lt || (item_done && pflush_reg));
wire load_ok = !pvalid_reg || (pstep && item_done);
wire packer_empty = !pvalid_reg && pfill_reg == 9'd0;

always @(posedge clk) begin
    if (!m_tvalid_reg || m_axis_tready) begin
        if (o1_valid_reg) begin
            m_tdata_reg <= o1_tdata_reg;
            m_tvalid_reg <= 1'b1;
            o1_tdata_reg <= pbeat_next;
            o1_valid_reg <= emit;
        end else begin
            m_tdata_reg <= pbeat_next;
            m_tvalid_reg <= emit;
        end
    end else if (emit) begin
        o1_tdata_reg <= pbeat_next;
        o1_valid_reg <= 1'b1;
    end
    if (rst) begin
        m_tvalid_reg <= 1'b0;
        o1_valid_reg <= 1'b0;
    end
end

assign m_axis_tdata = m_tdata_reg;
assign m_axis_tvalid = m_tvalid_reg;

/*
 * The frame at hand and its items
 */
reg [1:0] state_reg = S_IDLE;
reg [1:0] kind_reg = K_STATUS;
reg [7:0] f_type_reg = 8'd0;
reg [7:0] f_b1_reg = 8'd0;
reg [15:0] f_arg_reg = 16'd0;
reg [15:0] f_len_reg = 16'd0;
reg [8:0] f_items_reg = 9'd0;       // payload items still to load
reg [DP_W-1:0] f_pipe_reg = {DP_W{1'b0}};
reg [8:0] f_isz_reg = 9'd0;         // bytes per payload item
reg [IB*ST_ITEMS-1:0] st_sh_reg = {IB*ST_ITEMS{1'b0}};
reg [15:0] raddr_reg = 16'd0;
reg [1:0] rwait_reg = 2'd0;         // cycles raddr_reg has held
reg rd_ready_reg = 1'b0;

// link state
reg [7:0] tx_top_reg = 8'd0;        // next sequence number
reg [7:0] tx_base_reg = 8'd0;       // oldest unacknowledged
reg reset_pend_reg = 1'b0;          // a link reset waits for the frame's end
reg [16*ND-1:0] d2h_limit_reg = {16*ND{1'b0}};
reg [16*ND-1:0] d2h_sent_reg = {16*ND{1'b0}};

// what the last STATUS advertised
reg [7:0] ack_adv_reg = 8'd0;
reg [7:0] events_adv_reg = 8'd0;
reg [16*NH-1:0] limit_adv_reg = {16*NH{1'b0}};

// the link reset applies between frames: decided a cycle before it is
// carried out (clear_reg), nothing starting meanwhile (idle waits for
// lrst and reset_pend_reg), so that its fan-out starts at a register
reg clear_reg = 1'b0;
wire clear = rst || clear_reg;

// the next frame's inputs, computed below
reg status_go_reg = 1'b0;           // a STATUS is due (a cycle late)
reg room_reg = 1'b0;                // the window has room for a frame
wire [9*ND-1:0] avail;              // per D2H pipe: words a frame may carry now
wire [ND-1:0] avail_nz;             // avail != 0
wire [16*ND-1:0] dlen;              // and that frame's length

reg force_reg = 1'b1;
reg nak_reg = 1'b0;
reg poll_reg = 1'b0;

// item sources: header, STATUS fields, CSR values, pipe words
reg src_valid;
reg [IB-1:0] src_data;
reg [8:0] src_size;
reg src_flush;

wire [D2H_MAXW-1:0] d2h_word = d2h_tdata[D2H_MAXW*f_pipe_reg +: D2H_MAXW];

// S_IDLE's choice of the next frame, and its header, which goes into the
// packer in the same cycle when it is free (else from the f_* registers,
// S_HDR)
wire idle = state_reg == S_IDLE && !lrst && !reset_pend_reg;
wire dec_status = idle && status_go_reg;
wire dec_rdata = idle && !status_go_reg && rd_req_valid && room_reg;
wire dec_data = idle && !status_go_reg && !(rd_req_valid && room_reg) && N_D2H > 0 &&
                room_reg && avail_nz[f_pipe_reg];
wire [7:0] dec_type = dec_status ? T_STATUS : dec_rdata ? T_CSR_RDATA : T_DATA;
wire [7:0] dec_b1 = dec_status ? {6'd0, poll_reg, nak_reg} : tx_top_reg;
wire [15:0] dec_arg = dec_status ? {exp, exp} : dec_rdata ? rd_req_addr :
                      {{(16-DP_W){1'b0}}, f_pipe_reg};
wire [15:0] dec_len = dec_status ? ST_LEN : dec_rdata ? {6'd0, rd_req_count, 2'b00} + 16'd4 :
                      dlen[16*f_pipe_reg +: 16];

always @* begin
    src_valid = 1'b0;
    src_data = {IB{1'b0}};
    src_size = f_isz_reg;
    src_flush = f_items_reg == 9'd1;
    // by the state first: a DATA frame's words (S_ITEMS) wait for no
    // choice of the next frame (S_IDLE)
    case (state_reg)
        S_IDLE: begin
            if (dec_status || dec_rdata || dec_data) begin
                src_valid = 1'b1;
                src_data[63:0] = {16'd0, dec_len, dec_arg, dec_b1, dec_type};
                src_size = 9'd8;
                src_flush = 1'b1;
            end
        end
        S_HDR: begin
            src_valid = 1'b1;
            src_data[63:0] = {16'd0, f_len_reg, f_arg_reg, f_b1_reg, f_type_reg};
            src_size = 9'd8;
            src_flush = 1'b1;
        end
        S_ITEMS: begin
            case (kind_reg)
                K_STATUS: begin
                    src_valid = 1'b1;
                    src_data = st_sh_reg[IB-1:0];
                    src_size = f_items_reg == 9'd1 ? ST_LAST : MAXS[8:0];
                end
                K_RDATA: begin
                    src_valid = rwait_reg == 2'd3;
                    src_data[31:0] = csr_rdata;
                end
                default: begin
                    src_valid = d2h_tvalid[f_pipe_reg];
                    src_data[D2H_MAXW-1:0] = d2h_word;
                end
            endcase
        end
        default: ;
    endcase
end

wire src_take = src_valid && load_ok;

// a STATUS's payload: NEXT, EVENTS, SESSION, 0, the limits
wire [IB*ST_ITEMS-1:0] st_init;

generate
    if (N_H2D > 0) begin : st_limits
        assign st_init = {{(IB*ST_ITEMS-8*ST_PAY){1'b0}}, h2d_limit[16*N_H2D-1:0], 8'd0,
                          session, events, tx_top_reg};
    end else begin : st_none
        assign st_init = {{(IB*ST_ITEMS-8*ST_PAY){1'b0}}, 8'd0, session, events, tx_top_reg};
    end
endgenerate

always @(posedge clk) begin
    if (pstep) begin
        if (emit) begin
            pbeat_reg <= {BW{1'b0}};
            pfill_reg <= 9'd0;
            proom_reg <= W[8:0];
        end else begin
            pbeat_reg <= pbeat_next;
            pfill_reg <= pfill_reg + k;
            proom_reg <= proom_reg - k;
        end
        pused_reg <= pused_reg + k;
        prest_reg <= prest_reg - k;
        if (item_done) begin
            pvalid_reg <= 1'b0;
            pused_reg <= 9'd0;
        end
    end
    // the item's registers load whenever the packer may take one (what
    // they hold counts only while pvalid_reg is high), so that their
    // enable waits for no source's valid
    if (load_ok) begin
        pitem_reg <= src_data;
        pused_reg <= 9'd0;
        prest_reg <= src_size;
        pflush_reg <= src_flush;
    end
    if (src_take) begin
        pvalid_reg <= 1'b1;
    end
    if (rst) begin
        pvalid_reg <= 1'b0;
        pfill_reg <= 9'd0;
        proom_reg <= W[8:0];
        pbeat_reg <= {BW{1'b0}};
    end
end

genvar g;
generate
    for (g = 0; g < ND; g = g + 1) begin : d2h_ready_gen
        // src_take in a DATA frame's items, from the registers of the
        // frame and the packer alone: a pipe's pop, and the FIFO's read
        // behind it, wait for no choice of the next frame
        assign d2h_tready[g] = N_D2H > 0 && state_reg == S_ITEMS &&
                               kind_reg == K_DATA && f_pipe_reg == g && load_ok;
    end
endgenerate

/*
 * Per D2H pipe: the words a DATA frame may carry now, min(words in the
 * FIFO, credit, a 255-byte payload's), and the frame's length.  They are
 * registers, computed from the last cycle's counters (the subtraction,
 * the two minima and the multiply would otherwise lie between the
 * counters and the header that goes into the packer: at 8-byte beats the
 * bridge ran at 16 MHz on an iCE40 UP5K), and the credit itself is a
 * register beside its counters, so that only one minimum and the
 * multiply lie between registers there (at 20 MHz the subtraction and
 * its saturation were most of the bridge's critical path).  A register is behind the
 * counters by at most the last cycle's pop of its pipe: words and credit
 * only grow otherwise (the kernel pushes, the host grants), and both
 * fall by one at a pop.  So the frame may carry the register's count,
 * less one after a pop, and a frame may still follow the last pop of the
 * one before at once.  After a link reset (clear) nothing is sent for a
 * cycle, until the registers have seen the cleared counters.
 */
// v as a count of 0 .. m (m < 256), a negative v (a credit overdrawn) 0
function [7:0] sat_n;
    input [15:0] v;
    input [7:0] m;
    begin
        sat_n = v[15] ? 8'd0 : (|v[14:8] || v[7:0] > m) ? m : v[7:0];
    end
endfunction

reg [ND-1:0] starved_reg = {ND{1'b0}};      // words there, no credit
reg [ND-1:0] popped_reg = {ND{1'b0}};       // the last cycle took a word of the pipe
reg cleared_reg = 1'b1;

generate
    for (g = 0; g < ND; g = g + 1) begin : d2h_gen
        localparam [15:0] WB = {3'd0, D2H_WIDTHS[16*g+3 +: 13]};
        localparam [15:0] MAXN16 = 16'd255 / WB;
        localparam [7:0] MAXN = MAXN16[7:0];
        wire [15:0] count = d2h_count[16*g +: 16];
        wire pop = d2h_tready[g] && d2h_tvalid[g];
        // the credit, limit - sent, saturated to what a frame may carry
        // (0 .. MAXN), is a register kept equal to the counters' own
        // difference: computed from their next values, with and without
        // this cycle's pop, two carry chains side by side that the pop
        // picks from at their end
        wire [15:0] lim = status_valid ? status_limits[16*g +: 16] : d2h_limit_reg[16*g +: 16];
        wire [15:0] left0 = lim - d2h_sent_reg[16*g +: 16];
        wire [15:0] left1 = lim + ~d2h_sent_reg[16*g +: 16];     // lim - sent - 1
        reg [7:0] credit_reg = 8'd0;
        // a frame's words, min(count, credit, MAXN), each term in 8 bits
        wire [7:0] count_m = sat_n(count, MAXN);
        wire [7:0] n = count_m < credit_reg ? count_m : credit_reg;
        reg [8:0] n_reg = 9'd0;
        reg nz_reg = 1'b0, one_reg = 1'b0;
        reg [15:0] dlen_reg = 16'd4, dlen1_reg = 16'd4;   // for n and n - 1 words

        assign avail[9*g +: 9] = N_D2H > 0 ? n_reg - {8'd0, popped_reg[g]} : 9'd0;
        assign avail_nz[g] = N_D2H > 0 && nz_reg && !(one_reg && popped_reg[g]) &&
                             !cleared_reg;
        assign dlen[16*g +: 16] = popped_reg[g] ? dlen1_reg : dlen_reg;

        always @(posedge clk) begin
            n_reg <= {1'b0, n};
            nz_reg <= n != 8'd0;
            one_reg <= n == 8'd1;
            dlen_reg <= 16'd4 + {8'd0, n} * WB;
            dlen1_reg <= {8'd0, n} * WB + (16'd4 - WB);
            credit_reg <= clear ? 8'd0 : pop ? sat_n(left1, MAXN) : sat_n(left0, MAXN);
            popped_reg[g] <= pop;
            starved_reg[g] <= N_D2H > 0 && count != 16'd0 && credit_reg == 8'd0;
            if (pop) begin
                d2h_sent_reg[16*g +: 16] <= d2h_sent_reg[16*g +: 16] + 16'd1;
            end
            if (clear) begin
                d2h_sent_reg[16*g +: 16] <= 16'd0;
            end
        end
    end
endgenerate

always @(posedge clk) begin
    cleared_reg <= clear;
    clear_reg <= !clear && (lrst || reset_pend_reg) && state_reg == S_IDLE && packer_empty;
end

function [8:0] bytes_of;
    input [DP_W-1:0] p;
    integer i;
    begin
        bytes_of = 9'd1;
        for (i = 0; i < N_D2H; i = i + 1) begin
            if ({{(32-DP_W){1'b0}}, p} == i) begin
                bytes_of = D2H_WIDTHS[16*i+3 +: 9];
            end
        end
    end
endfunction

/*
 * STATUS triggers, as sluice_link_sender's, a cycle late
 */
reg [GAP_W-1:0] gap_reg = {GAP_W{1'b0}};
reg [1:0] quiet_reg = 2'd0;
reg dirty_reg = 1'b0;
reg urgent_reg = 1'b0;
reg [POLL_W-1:0] poll_cnt_reg = POLL_START;
reg waiting_reg = 1'b0;
reg progress_reg = 1'b0;

reg limit_new;
reg limit_urgent;
reg [15:0] left_adv;
integer i;

always @* begin
    limit_new = 1'b0;
    limit_urgent = 1'b0;
    for (i = 0; i < N_H2D; i = i + 1) begin
        left_adv = limit_adv_reg[16*i +: 16] - h2d_pushed[16*i +: 16];
        if (h2d_limit[16*i +: 16] != limit_adv_reg[16*i +: 16]) begin
            limit_new = 1'b1;
            if (left_adv[15] || left_adv < (credit_depth(i) >> 1)) begin
                limit_urgent = 1'b1;
            end
        end
    end
end

wire [7:0] ack_step = exp - ack_adv_reg;
wire dirty = exp != ack_adv_reg || events != events_adv_reg || limit_new;
wire urgent = events != events_adv_reg || ack_step >= 8'd2 || limit_urgent;
wire status_go = force_reg || nak_reg || poll_reg ||
                 (quiet_reg == 2'd0 && ((urgent_reg && gap_reg >= GAP_SHORT) ||
                                        (dirty_reg && gap_reg >= GAP_LONG)));
wire poll_fire = waiting_reg && !progress_reg && poll_cnt_reg == {POLL_W{1'b0}};


wire [7:0] ack_off = status_ack - tx_base_reg;
wire [7:0] top_off = tx_top_reg - tx_base_reg;
wire [DP_W-1:0] pipe_next = f_pipe_reg == LAST_PIPE ? {DP_W{1'b0}} : f_pipe_reg + 1'b1;

always @(posedge clk) begin
    dirty_reg <= dirty;
    urgent_reg <= urgent;
    status_go_reg <= status_go;
    if (gap_reg != GAP_MAX) begin
        gap_reg <= gap_reg + 1'b1;
    end
    if (quiet_reg != 2'd0) begin
        quiet_reg <= quiet_reg - 2'd1;
    end
    room_reg <= top_off < WIN;
    waiting_reg <= top_off != 8'd0 || |starved_reg;
    progress_reg <= 1'b0;
    if (!waiting_reg || progress_reg || poll_fire) begin
        poll_cnt_reg <= POLL_START;
    end else begin
        poll_cnt_reg <= poll_cnt_reg - 1'b1;
    end
    rd_ready_reg <= 1'b0;

    if (status_valid) begin
        // the host's ACK, if it lies in tx_base .. tx_top, and its limits
        // (a NAK is not answered: nothing is kept to resend)
        if (ack_off <= top_off) begin
            tx_base_reg <= status_ack;
            if (ack_off != 8'd0) begin
                progress_reg <= 1'b1;
            end
        end
        if (d2h_limit_reg != status_limits) begin
            progress_reg <= 1'b1;
        end
        d2h_limit_reg <= status_limits;
    end

    if (rwait_reg != 2'd3) begin
        rwait_reg <= rwait_reg + 2'd1;
    end

    case (state_reg)
        S_IDLE: begin
            // the CSR read's address follows the request while idle (a
            // read has no side effect), and a STATUS's fields the state
            // they report, so that neither waits for the decision
            raddr_reg <= rd_req_addr;
            rwait_reg <= 2'd0;
            st_sh_reg <= st_init;
            f_type_reg <= dec_type;
            f_b1_reg <= dec_b1;
            f_arg_reg <= dec_arg;
            f_len_reg <= dec_len;
            // the header went into the packer now, or goes from S_HDR
            if (dec_status || dec_rdata || dec_data) begin
                state_reg <= src_take ? S_ITEMS : S_HDR;
            end
            if (dec_status) begin
                kind_reg <= K_STATUS;
                f_items_reg <= ST_N;
                ack_adv_reg <= exp;
                events_adv_reg <= events;
                limit_adv_reg <= h2d_limit;
                force_reg <= 1'b0;
                nak_reg <= 1'b0;
                poll_reg <= 1'b0;
                gap_reg <= {GAP_W{1'b0}};
                quiet_reg <= 2'd3;
            end else if (dec_rdata) begin
                kind_reg <= K_RDATA;
                f_items_reg <= {1'b0, rd_req_count};
                f_isz_reg <= 9'd4;
                rd_ready_reg <= 1'b1;
                tx_top_reg <= tx_top_reg + 8'd1;
            end else if (dec_data) begin
                kind_reg <= K_DATA;
                f_items_reg <= avail[9*f_pipe_reg +: 9];
                f_isz_reg <= bytes_of(f_pipe_reg);
                tx_top_reg <= tx_top_reg + 8'd1;
            end else if (idle) begin
                f_pipe_reg <= pipe_next;
            end
        end
        S_HDR: begin
            if (src_take) begin
                state_reg <= S_ITEMS;
            end
        end
        S_ITEMS: begin
            if (src_take) begin
                f_items_reg <= f_items_reg - 9'd1;
                st_sh_reg <= st_sh_reg >> IB;
                raddr_reg <= raddr_reg + 16'd1;
                rwait_reg <= 2'd0;
                if (f_items_reg == 9'd1) begin
                    state_reg <= S_IDLE;
                    if (kind_reg == K_DATA) begin
                        f_pipe_reg <= pipe_next;
                    end
                end
            end
        end
        default: begin
            state_reg <= S_IDLE;
        end
    endcase

    if (st_force) begin
        force_reg <= 1'b1;
    end
    if (st_nak) begin
        nak_reg <= 1'b1;
    end
    if (poll_fire) begin
        poll_reg <= 1'b1;
    end
    if (lrst) begin
        reset_pend_reg <= 1'b1;
    end

    if (clear) begin
        reset_pend_reg <= 1'b0;
        tx_top_reg <= 8'd0;
        tx_base_reg <= 8'd0;
        d2h_limit_reg <= {16*ND{1'b0}};
        ack_adv_reg <= 8'd0;
        events_adv_reg <= 8'd0;
        limit_adv_reg <= {16*NH{1'b0}};
        force_reg <= 1'b1;
        nak_reg <= 1'b0;
        poll_reg <= 1'b0;
        gap_reg <= {GAP_W{1'b0}};
        poll_cnt_reg <= POLL_START;
    end
    if (rst) begin
        state_reg <= S_IDLE;
    end
end

assign csr_raddr = raddr_reg;
assign rd_req_ready = rd_ready_reg;

endmodule

`resetall
