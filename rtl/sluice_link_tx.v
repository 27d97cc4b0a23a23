/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Host-link framer: frame bodies in, wire bytes out
 *
 * The framing of runtime/link/proto.h section 2.  A frame body arrives on
 * s_* (AXI4-Stream style, s_tlast on its last byte) and leaves as
 *
 *     [FLAG] stuff(body, CRC-32C of body least significant byte first) FLAG
 *
 * where stuff() sends FLAG (8'h7E) and ESC (8'h7D) as ESC, byte ^ 8'h20.
 * The opening FLAG is left out when the previous frame's closing FLAG was
 * sent no more than IDLE_CYCLES cycles before (frames back to back share
 * one FLAG); after a longer pause it is sent, so that noise on an idle
 * line cannot join the next frame.
 *
 * Throughput: one wire byte per cycle when m_axis_tready is high, so a
 * body of n bytes with e bytes to escape takes n + e + 5 cycles back to
 * back (n + e + 6 after a pause).
 *
 * Timing: m_axis_* are driven from registers, and wire bytes pass a
 * two-place output buffer, so the framer does not depend on m_axis_tready.
 * s_tready depends on the framer's state (registers) only; s_* should come
 * from registers (sluice_link_sender's output).
 */
module sluice_link_tx #
(
    parameter IDLE_CYCLES = 8
)
(
    input  wire         clk,
    input  wire         rst,

    /*
     * Frame bodies
     */
    input  wire [7:0]   s_tdata,
    input  wire         s_tvalid,
    input  wire         s_tlast,
    output wire         s_tready,

    /*
     * Wire bytes to the host
     */
    output wire [7:0]   m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

localparam [7:0] FLAG = 8'h7E;
localparam [7:0] ESC = 8'h7D;

localparam [1:0]
    STATE_IDLE = 2'd0,
    STATE_BODY = 2'd1,
    STATE_CRC = 2'd2,
    STATE_CLOSE = 2'd3;

// check configuration
initial begin
    if (IDLE_CYCLES < 1 || IDLE_CYCLES > 255) begin
        $error("Error: IDLE_CYCLES must be 1 to 255 (instance %m)");
        $finish;
    end
end

reg [1:0] state_reg = STATE_IDLE, state_next;
reg [1:0] crc_idx_reg = 2'd0;
reg [31:0] crc_reg = 32'hFFFFFFFF;
reg esc_pend_reg = 1'b0;
reg [7:0] esc_byte_reg = 8'd0;
reg [7:0] idle_reg = 8'd0;   // cycles since the last closing FLAG left
// the last closing FLAG can open the next frame: it left no more than
// IDLE_CYCLES cycles ago and nothing was sent since
reg skip_open_reg = 1'b0;

// the body byte offered (s_* come from registers in sluice_link_sender)
wire [7:0] b_tdata = s_tdata;
wire b_tlast = s_tlast;
wire b_tvalid = s_tvalid;

reg [7:0] m_axis_tdata_reg = 8'd0;
reg m_axis_tvalid_reg = 1'b0;

assign m_axis_tdata = m_axis_tdata_reg;
assign m_axis_tvalid = m_axis_tvalid_reg;

// Output: m_axis_* and a second place behind it (o1_*), so that whether a
// byte may be framed in this cycle (out_free: the second place is empty)
// is a register, not m_axis_tready.
reg [7:0] o1_tdata_reg = 8'd0;
reg o1_valid_reg = 1'b0;
wire out_free = !o1_valid_reg;

// a frame may start without its own FLAG
wire in_body = state_reg == STATE_BODY || (state_reg == STATE_IDLE && skip_open_reg);

wire [31:0] crc_next;

sluice_crc crc_inst (
    .crc_in(crc_reg),
    .data(b_tdata),
    .crc_out(crc_next)
);

// the CRC byte to send: crc_reg is shifted down a byte as each goes
wire [7:0] crc_byte = ~crc_reg[7:0];

// a byte that must be escaped; tested on the registers, not on raw
function is_special;
    input [7:0] b;
    begin
        is_special = b == FLAG || b == ESC;
    end
endfunction

// the next raw byte (before stuffing); a FLAG that delimits is sent as
// it is (needs_esc below)
reg [7:0] raw;
reg raw_valid;

always @* begin
    raw = b_tdata;
    raw_valid = 1'b0;

    if (in_body) begin
        raw_valid = b_tvalid;
    end else begin
        case (state_reg)
            STATE_IDLE: begin
                raw = FLAG;
                raw_valid = b_tvalid;
            end
            STATE_CRC: begin
                raw = crc_byte;
                raw_valid = 1'b1;
            end
            default: begin
                raw = FLAG;
                raw_valid = 1'b1;
            end
        endcase
    end
end

wire take = out_free && !esc_pend_reg && raw_valid;
wire needs_esc = in_body ? is_special(b_tdata) :
                 state_reg == STATE_CRC && is_special(crc_byte);

// the body byte in b_* is framed in this cycle
wire b_take = take && in_body;

// the wire byte of this cycle: an escaped byte's second half, or the
// framed byte (ESC first if it needs escaping)
wire push = out_free && (esc_pend_reg || raw_valid);
wire [7:0] push_byte = esc_pend_reg ? esc_byte_reg : needs_esc ? ESC : raw;
wire out_pop = m_axis_tvalid_reg && m_axis_tready;

assign s_tready = b_take;

always @* begin
    state_next = state_reg;

    if (take) begin
        if (in_body) begin
            state_next = b_tlast ? STATE_CRC : STATE_BODY;
        end else if (state_reg == STATE_IDLE) begin
            state_next = STATE_BODY;
        end else if (state_reg == STATE_CRC) begin
            state_next = crc_idx_reg == 2'd3 ? STATE_CLOSE : STATE_CRC;
        end else begin
            state_next = STATE_IDLE;
        end
    end
end

always @(posedge clk) begin
    state_reg <= state_next;

    if (out_free && esc_pend_reg) begin
        esc_pend_reg <= 1'b0;
    end else if (take && needs_esc) begin
        esc_byte_reg <= raw ^ 8'h20;
        esc_pend_reg <= 1'b1;
    end

    // the output places: the head (m_axis_*) is refilled from o1, or from
    // the byte pushed in this cycle
    if (!m_axis_tvalid_reg || out_pop) begin
        if (o1_valid_reg) begin
            m_axis_tdata_reg <= o1_tdata_reg;
            m_axis_tvalid_reg <= 1'b1;
            o1_tdata_reg <= push_byte;
            o1_valid_reg <= push;
        end else begin
            m_axis_tdata_reg <= push_byte;
            m_axis_tvalid_reg <= push;
        end
    end else if (push) begin
        o1_tdata_reg <= push_byte;
        o1_valid_reg <= 1'b1;
    end

    if (b_take) begin
        crc_reg <= crc_next;
    end

    if (take && state_reg == STATE_CRC) begin
        crc_idx_reg <= crc_idx_reg + 2'd1;
        crc_reg <= {8'hFF, crc_reg[31:8]};
    end

    // the closing FLAG: the next frame starts afresh
    if (take && state_reg == STATE_CLOSE) begin
        crc_reg <= 32'hFFFFFFFF;
        crc_idx_reg <= 2'd0;
        skip_open_reg <= 1'b1;
        idle_reg <= 8'd0;
    end else if (take) begin
        skip_open_reg <= 1'b0;
    end else if (!m_axis_tvalid_reg && idle_reg != 8'hFF) begin
        idle_reg <= idle_reg + 8'd1;
        skip_open_reg <= skip_open_reg && idle_reg < IDLE_CYCLES - 1;
    end

    if (rst) begin
        state_reg <= STATE_IDLE;
        crc_idx_reg <= 2'd0;
        crc_reg <= 32'hFFFFFFFF;
        esc_pend_reg <= 1'b0;
        idle_reg <= 8'd0;
        skip_open_reg <= 1'b0;
        m_axis_tvalid_reg <= 1'b0;
        o1_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
