/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Send buffer of the host bridge: builds sequenced device->host frames and
 * keeps them until the host acknowledges them
 *
 * Parameters:
 *
 *   N_D2H       number of D2H pipes (0 or more)
 *   D2H_WIDTHS  width in bits of D2H pipe i in [16*i +: 16], multiples of 8
 *   D2H_MAXW    stride of d2h_tdata: pipe i's word is
 *               d2h_tdata[D2H_MAXW*i +: W_i]; at least every D2H width
 *   SLOTS_AW    2**SLOTS_AW frame slots: the send window (1..6)
 *   SLOT_AW     2**SLOT_AW bytes per slot, header included (6..8)
 *
 * One block-RAM array of 2**(SLOTS_AW+SLOT_AW) bytes holds frame bodies
 * (TYPE SEQ ARG_LO ARG_HI payload, runtime/link/proto.h section 3); frame
 * s lives in slot s mod 2**SLOTS_AW.  Frames tx_base .. tx_top-1 are kept;
 * the assembler fills slot tx_top while fewer than 2**SLOTS_AW are kept
 * and the sender is not reading that slot.
 *
 * The assembler makes two kinds of frame:
 *
 *   CSR_RDATA  for a read request (rd_req_*, from the dispatcher): reads
 *              the registers one by one (csr_raddr, held for two cycles
 *              before csr_rdata is taken: sluice_csr decodes the address
 *              in one and reads in the other) and pulses rd_req_ready when
 *              the frame is complete.
 *              Requests go first.
 *   DATA       for the D2H pipes, taken round robin: takes words while the
 *              pipe has one (d2h_tvalid) and credit (d2h_credit, which the
 *              bridge derives from the words taken, combinationally from
 *              registers) and the slot has room.  It closes the frame as
 *              soon as the sender is idle (send_idle) or a read request
 *              waits (both seen a cycle late), and also when the pipe runs dry and another pipe has
 *              a word; while the sender is busy it keeps collecting, so
 *              frames grow with the backlog: 1-word frames when the link
 *              is idle, full slots when it is busy.
 *
 * Timing: d2h_tready is an AND of registers (whether the assembler is at a
 * word boundary with room, want_close_reg) with the pipe's tvalid and
 * credit, so that it reaches the pipe FIFO two LUTs from registers; the
 * room is counted in words (words_left_reg), the idle test of the sender
 * and the read request are taken a cycle late (want_close_reg), and the
 * window test of a new slot is computed a cycle ahead (slot_free_reg).
 *
 * Throughput: one byte per cycle (a word is taken in the cycle its
 * predecessor's last byte is written), plus 6 cycles per frame.
 *
 * Sender read port: rd_data is the byte at (rd_slot, rd_idx) one cycle
 * later; rd_len is the body length of the frame in slot rd_slot.
 */
module sluice_link_txbuf #
(
    parameter N_D2H = 1,
    parameter D2H_WIDTHS = 16'd32,
    parameter D2H_MAXW = 32,
    parameter SLOTS_AW = 3,
    parameter SLOT_AW = 6
)
(
    input  wire                                     clk,
    input  wire                                     rst,

    /*
     * D2H pipes (from the pipe FIFOs) and their credit
     */
    input  wire [D2H_MAXW*(N_D2H > 0 ? N_D2H : 1)-1:0] d2h_tdata,
    input  wire [(N_D2H > 0 ? N_D2H : 1)-1:0]       d2h_tvalid,
    output wire [(N_D2H > 0 ? N_D2H : 1)-1:0]       d2h_tready,
    input  wire [(N_D2H > 0 ? N_D2H : 1)-1:0]       d2h_credit,

    /*
     * CSR read requests and the register read port
     */
    input  wire                                     rd_req_valid,
    input  wire [15:0]                              rd_req_addr,
    input  wire [7:0]                               rd_req_count,
    output wire                                     rd_req_ready,
    output wire [15:0]                              csr_raddr,
    input  wire [31:0]                              csr_rdata,

    /*
     * Window
     */
    input  wire [7:0]                               tx_base,
    output wire [7:0]                               tx_top,

    /*
     * Sender
     */
    input  wire                                     send_busy,
    input  wire [SLOTS_AW-1:0]                      send_slot,
    input  wire                                     send_idle,
    input  wire [SLOTS_AW-1:0]                      rd_slot,
    input  wire [SLOT_AW-1:0]                       rd_idx,
    output wire [7:0]                               rd_data,
    output wire [SLOT_AW:0]                         rd_len
);

localparam NP = N_D2H > 0 ? N_D2H : 1;
localparam PIPE_W = NP > 1 ? $clog2(NP) : 1;
localparam SLOTS = 2**SLOTS_AW;
localparam SLOT_BYTES = 2**SLOT_AW;
localparam AW_W = D2H_MAXW > 32 ? D2H_MAXW : 32;
localparam MAX_READ = (SLOT_BYTES - 4) / 4 > 15 ? 15 : (SLOT_BYTES - 4) / 4;

localparam [7:0]
    T_DATA = 8'h01,
    T_CSR_RDATA = 8'h04;

localparam [2:0]
    STATE_IDLE = 3'd0,
    STATE_HDR = 3'd1,
    STATE_LOAD = 3'd2,
    STATE_WORD = 3'd3,
    STATE_CSR_RA = 3'd4,
    STATE_CSR_LD = 3'd5,
    STATE_CLOSE = 3'd6;

// check configuration
integer ci;
initial begin
    if (N_D2H < 0 || N_D2H > 64) begin
        $error("Error: N_D2H must be 0 to 64 (instance %m)");
        $finish;
    end
    if (SLOTS_AW < 1 || SLOTS_AW > 6) begin
        $error("Error: SLOTS_AW must be 1 to 6 (instance %m)");
        $finish;
    end
    if (SLOT_AW < 6 || SLOT_AW > 8) begin
        $error("Error: SLOT_AW must be 6 to 8 (instance %m)");
        $finish;
    end
    for (ci = 0; ci < N_D2H; ci = ci + 1) begin
        if (D2H_WIDTHS[16*ci +: 16] < 8 || D2H_WIDTHS[16*ci +: 16] % 8 != 0 ||
                {16'd0, D2H_WIDTHS[16*ci +: 16]} > D2H_MAXW ||
                {16'd0, D2H_WIDTHS[16*ci +: 16]} / 8 > SLOT_BYTES - 4) begin
            $error("Error: D2H width %0d must be a multiple of 8 in 8..D2H_MAXW, and fit a slot (instance %m)", ci);
            $finish;
        end
    end
end

(* no_rw_check *)
reg [7:0] mem[0:SLOTS*SLOT_BYTES-1];
reg [SLOT_AW:0] len_reg [0:SLOTS-1];
reg [7:0] rd_data_reg = 8'd0;

reg [2:0] state_reg = STATE_IDLE;
reg [7:0] top_reg = 8'd0;
reg csr_frame_reg = 1'b0;          // building CSR_RDATA (else DATA)
reg [PIPE_W-1:0] pipe_reg = {PIPE_W{1'b0}};
reg [15:0] arg_reg = 16'd0;        // ARG; for CSR_RDATA, after the header,
                                   // the register to read next
reg [SLOT_AW:0] idx_reg = {SLOT_AW+1{1'b0}};
reg [8:0] wb_reg = 9'd4;           // bytes per word of the pipe
reg [8:0] left_reg = 9'd0;         // bytes of the word still to write
reg [AW_W-1:0] aw_reg = {AW_W{1'b0}};
reg [3:0] csr_i_reg = 4'd0;
reg [3:0] csr_n_reg = 4'd1;
reg [PIPE_W-1:0] rr_reg = {PIPE_W{1'b0}};

// Registers that keep the pipe handshake short (d2h_tready is two LUTs
// from registers: the credit and this AND):
reg word_last_reg = 1'b0;          // left_reg == 1
reg wb_one_reg = 1'b0;             // wb_reg == 1
reg [7:0] words_left_reg = 8'd0;   // DATA words the slot still has room for
reg bound_reg = 1'b0, bound_next;  // at a DATA word boundary, with room for a word
reg first_reg = 1'b0, first_next;  // no word taken yet in this frame
reg want_close_reg = 1'b0;         // send_idle || rd_req_valid, a cycle late
reg take_ok_reg = 1'b0;            // take_ok, from the next values of the above
reg [NP-1:0] pipe_oh_reg = {NP{1'b0}};  // pipe_reg, one-hot
reg slot_free_reg = 1'b0;          // slot_free, for the next cycle

assign tx_top = top_reg;
assign rd_data = rd_data_reg;
assign rd_len = len_reg[rd_slot];
assign csr_raddr = arg_reg;
// state_reg == STATE_CLOSE && csr_frame_reg, as a register
reg rd_req_ready_reg = 1'b0;
assign rd_req_ready = rd_req_ready_reg;

// DATA words of pipe p that fit a slot after the 4-byte header (a word
// has W/8 <= SLOT_BYTES - 4 <= 252 bytes)
localparam [7:0] SLOT_ROOM = SLOT_BYTES - 4;

function [7:0] words_of;
    input [PIPE_W-1:0] p;
    integer i;
    begin
        words_of = 8'd1;
        for (i = 0; i < N_D2H; i = i + 1) begin
            if ({{(32-PIPE_W){1'b0}}, p} == i && D2H_WIDTHS[16*i+3 +: 8] != 8'd0) begin
                words_of = SLOT_ROOM / D2H_WIDTHS[16*i+3 +: 8];
            end
        end
    end
endfunction

function [8:0] wb_of;
    input [PIPE_W-1:0] p;
    integer i;
    begin
        wb_of = 9'd1;
        for (i = 0; i < N_D2H; i = i + 1) begin
            if ({{(32-PIPE_W){1'b0}}, p} == i) begin
                wb_of = D2H_WIDTHS[16*i+3 +: 9];
            end
        end
    end
endfunction

// pipes with a word to send
wire [NP-1:0] ready_pipes = d2h_tvalid & d2h_credit & {NP{N_D2H > 0}};

// round robin: the first ready pipe at or after rr_reg, else the first
reg [PIPE_W-1:0] pick;
reg pick_ok;
reg [PIPE_W-1:0] pick_lo;
reg pick_lo_ok;
integer pi;

always @* begin
    pick = {PIPE_W{1'b0}};
    pick_ok = 1'b0;
    pick_lo = {PIPE_W{1'b0}};
    pick_lo_ok = 1'b0;
    for (pi = NP - 1; pi >= 0; pi = pi - 1) begin
        if (ready_pipes[pi]) begin
            pick_lo = pi[PIPE_W-1:0];
            pick_lo_ok = 1'b1;
            if (pi >= {{(32-PIPE_W){1'b0}}, rr_reg}) begin
                pick = pi[PIPE_W-1:0];
                pick_ok = 1'b1;
            end
        end
    end
    if (!pick_ok) begin
        pick = pick_lo;
        pick_ok = pick_lo_ok;
    end
end

wire [SLOTS_AW-1:0] top_slot = top_reg[SLOTS_AW-1:0];

// slot_free_reg: slot tx_top may be filled in this cycle: fewer than SLOTS
// frames kept and the sender not reading it.  Computed a cycle ahead, from
// the next tx_top and this cycle's tx_base and sender state.  That is
// safe: tx_base only grows (so a newer one only frees slots), and a frame
// the sender starts in this cycle lies in tx_base .. tx_top-1 of the
// previous cycle, whose slots are all distinct from the slot of tx_top
// when fewer than SLOTS frames counted from that tx_base are kept.
// (kept < SLOTS and kept < SLOTS - 1 are bit tests, SLOTS a power of 2)
wire closing = state_reg == STATE_CLOSE;
wire [7:0] kept = top_reg - tx_base;
wire kept_lt = kept[7:SLOTS_AW] == 0;
wire kept_lt_m1 = kept_lt && kept[SLOTS_AW-1:0] != {SLOTS_AW{1'b1}};
wire [SLOTS_AW-1:0] top_slot_inc = top_slot + 1'b1;
wire read_top = send_busy && send_slot == top_slot;
wire read_top_inc = send_busy && send_slot == top_slot_inc;
wire slot_free_next = closing ? kept_lt_m1 && !read_top_inc : kept_lt && !read_top;
wire slot_free = slot_free_reg;

// the current pipe
wire cur_avail = ready_pipes[pipe_reg];
localparam [NP-1:0] ONE_HOT_0 = 1;
localparam integer LAST_PIPE_I = NP - 1;
localparam [PIPE_W-1:0] LAST_PIPE = LAST_PIPE_I[PIPE_W-1:0];
wire others_ready = |(ready_pipes & ~(ONE_HOT_0 << pipe_reg));

// At a word boundary of a DATA frame (STATE_LOAD, or the last byte of a
// word in STATE_WORD) with room in the slot (bound_reg), take another word
// from the pipe if it has one, unless the frame should close: the sender
// is idle or a read request waits (want_close_reg, a cycle late), which
// does not stop a frame's first word.  A DATA frame is never closed empty
// (the pipe cannot take back its word).
wire take_ok = take_ok_reg;
wire take_word = take_ok && cur_avail;
wire load_more = state_reg == STATE_LOAD && take_word;
wire chain_more = state_reg == STATE_WORD && take_word;
wire load_wait = !cur_avail && (first_reg || (bound_reg && !want_close_reg && !others_ready));

wire word_last = word_last_reg;

genvar g;
generate
    for (g = 0; g < NP; g = g + 1) begin : ready_gen
        assign d2h_tready[g] = take_ok && (NP == 1 || pipe_oh_reg[g]) && d2h_tvalid[g] && d2h_credit[g] && g < N_D2H;
    end
endgenerate

wire [D2H_MAXW-1:0] cur_word = d2h_tdata[D2H_MAXW*pipe_reg +: D2H_MAXW];

// cur_word and csr_rdata widened to the word register
reg [AW_W-1:0] cur_word_ext;
reg [AW_W-1:0] csr_rdata_ext;

always @* begin
    cur_word_ext = {AW_W{1'b0}};
    cur_word_ext[D2H_MAXW-1:0] = cur_word;
    csr_rdata_ext = {AW_W{1'b0}};
    csr_rdata_ext[31:0] = csr_rdata;
end

// the byte written this cycle
reg [7:0] wr_byte;
reg wr_en;

always @* begin
    wr_en = 1'b0;
    wr_byte = aw_reg[7:0];
    if (state_reg == STATE_HDR) begin
        wr_en = 1'b1;
        case (idx_reg[1:0])
            2'd0: wr_byte = csr_frame_reg ? T_CSR_RDATA : T_DATA;
            2'd1: wr_byte = top_reg;
            2'd2: wr_byte = arg_reg[7:0];
            default: wr_byte = arg_reg[15:8];
        endcase
    end else if (state_reg == STATE_WORD) begin
        wr_en = 1'b1;
    end
end

always @(posedge clk) begin
    if (wr_en) begin
        mem[{top_slot, idx_reg[SLOT_AW-1:0]}] <= wr_byte;
    end
end

always @(posedge clk) begin
    rd_data_reg <= mem[{rd_slot, rd_idx}];
end

// bound_reg and first_reg of the next cycle (take_ok_reg is computed from
// them, so that d2h_tready is one LUT from registers)
always @* begin
    bound_next = bound_reg;
    first_next = take_word ? 1'b0 : first_reg;
    case (state_reg)
        STATE_IDLE: begin
            bound_next = 1'b0;
            first_next = 1'b1;
        end
        STATE_HDR: begin
            if (idx_reg[1:0] == 2'd3) begin
                // the first word always fits (W/8 <= SLOT_BYTES - 4)
                bound_next = !csr_frame_reg;
            end
        end
        STATE_LOAD: begin
            if (load_more) begin
                bound_next = wb_one_reg && words_left_reg != 8'd1;
            end else if (!load_wait) begin
                bound_next = 1'b0;
            end
        end
        STATE_WORD: begin
            bound_next = !csr_frame_reg && left_reg == 9'd2 && words_left_reg != 8'd0;
            if (word_last && !csr_frame_reg) begin
                if (chain_more) begin
                    bound_next = wb_one_reg && words_left_reg != 8'd1;
                end else begin
                    bound_next = words_left_reg != 8'd0;
                end
            end
        end
        default: begin
        end
    endcase
    if (rst) begin
        bound_next = 1'b0;
    end
end

wire want_close_next = !rst && (send_idle || rd_req_valid);

always @(posedge clk) begin
    bound_reg <= bound_next;
    first_reg <= first_next;
    want_close_reg <= want_close_next;
    take_ok_reg <= bound_next && (first_next || !want_close_next);
end

always @(posedge clk) begin
    if (wr_en) begin
        idx_reg <= idx_reg + 1'b1;
    end

    rd_req_ready_reg <= 1'b0;
    slot_free_reg <= slot_free_next;
    if (take_word) begin
        words_left_reg <= words_left_reg - 8'd1;
    end

    case (state_reg)
        STATE_IDLE: begin
            idx_reg <= {SLOT_AW+1{1'b0}};
            csr_i_reg <= 4'd0;
            if (slot_free && rd_req_valid) begin
                csr_frame_reg <= 1'b1;
                arg_reg <= rd_req_addr;
                csr_n_reg <= rd_req_count == 8'd0 ? 4'd1 :
                             rd_req_count > MAX_READ ? MAX_READ[3:0] : rd_req_count[3:0];
                state_reg <= STATE_HDR;
            end else if (slot_free && pick_ok) begin
                csr_frame_reg <= 1'b0;
                pipe_reg <= pick;
                pipe_oh_reg <= ONE_HOT_0 << pick;
                arg_reg <= {{(16-PIPE_W){1'b0}}, pick};
                wb_reg <= wb_of(pick);
                wb_one_reg <= wb_of(pick) == 9'd1;
                words_left_reg <= words_of(pick);
                rr_reg <= pick == LAST_PIPE ? {PIPE_W{1'b0}} : pick + 1'b1;
                state_reg <= STATE_HDR;
            end
        end
        STATE_HDR: begin
            if (idx_reg[1:0] == 2'd3) begin
                state_reg <= csr_frame_reg ? STATE_CSR_RA : STATE_LOAD;
            end
        end
        STATE_LOAD: begin
            // the word registers load whether or not the word is taken
            // (they are unused until it is), so that only state_reg waits
            // on the handshake
            aw_reg <= cur_word_ext;
            left_reg <= wb_reg;
            word_last_reg <= wb_one_reg;
            if (load_more) begin
                state_reg <= STATE_WORD;
            end else if (!load_wait) begin
                state_reg <= STATE_CLOSE;
            end
        end
        STATE_WORD: begin
            // likewise the next word at the last byte of this one (unused
            // unless it is taken: chain_more)
            aw_reg <= word_last ? cur_word_ext : aw_reg >> 8;
            left_reg <= word_last ? wb_reg : left_reg - 9'd1;
            word_last_reg <= word_last ? wb_one_reg : left_reg == 9'd2;
            if (word_last) begin
                if (csr_frame_reg) begin
                    csr_i_reg <= csr_i_reg + 4'd1;
                    state_reg <= csr_i_reg + 4'd1 == csr_n_reg ? STATE_CLOSE : STATE_CSR_RA;
                    rd_req_ready_reg <= csr_i_reg + 4'd1 == csr_n_reg;
                end else if (!chain_more) begin
                    state_reg <= STATE_LOAD;
                end
            end
        end
        STATE_CSR_RA: begin
            state_reg <= STATE_CSR_LD;
        end
        STATE_CSR_LD: begin
            // the next register's address, four cycles before it is read
            // (sluice_csr decodes it in one cycle and reads it in the next)
            aw_reg <= csr_rdata_ext;
            arg_reg <= arg_reg + 16'd1;
            left_reg <= 9'd4;
            word_last_reg <= 1'b0;
            state_reg <= STATE_WORD;
        end
        default: begin
            // STATE_CLOSE
            len_reg[top_slot] <= idx_reg;
            top_reg <= top_reg + 8'd1;
            state_reg <= STATE_IDLE;
        end
    endcase

    if (rst) begin
        state_reg <= STATE_IDLE;
        top_reg <= 8'd0;
        idx_reg <= {SLOT_AW+1{1'b0}};
        rr_reg <= {PIPE_W{1'b0}};
        rd_req_ready_reg <= 1'b0;
        slot_free_reg <= 1'b0;
    end
end

endmodule

`resetall
