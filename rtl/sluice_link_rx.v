/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Host-link deframer: wire bytes in, frame bodies out
 *
 * Undoes the framing of runtime/link/proto.h section 2: FLAG (8'h7E)
 * delimits frames, ESC (8'h7D) x stands for x ^ 8'h20, and the last four
 * bytes before the closing FLAG are the CRC-32C of the body, least
 * significant byte first.
 *
 * The input is always ready (after reset): the deframer never stalls the
 * link, so it can sit behind a PHY that cannot be stopped (a UART).
 *
 * Timing: an input byte is registered with its FLAG and ESC compares
 * before it is deframed, so that no compare of the PHY's byte lies in front
 * of the deframer's enables; the outputs below come one cycle later for
 * it.
 *
 * Output, registered, two cycles after the input byte that causes it:
 *
 *   m_tvalid, m_tdata  one body byte.  Bytes are held back four places
 *                      (a delay line), so the CRC is never output: when
 *                      the closing FLAG comes, exactly the body has been.
 *   m_tfirst           with m_tvalid: this is body byte 0
 *   m_eof              a FLAG closed a non-empty frame; every body byte of
 *                      it has been output in earlier cycles (never in the
 *                      same cycle as m_eof)
 *   m_eof_ok           with m_eof: the frame is good (no ESC before the
 *                      FLAG, at least 5 bytes, CRC matches).  A consumer
 *                      must treat the bytes of a frame as tentative until
 *                      m_eof with m_eof_ok.
 *
 * There is no length limit here; the consumer counts bytes.
 */
module sluice_link_rx
(
    input  wire         clk,
    input  wire         rst,

    /*
     * Wire bytes from the host
     */
    input  wire [7:0]   s_axis_tdata,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    /*
     * Frame bodies
     */
    output wire [7:0]   m_tdata,
    output wire         m_tvalid,
    output wire         m_tfirst,
    output wire         m_eof,
    output wire         m_eof_ok
);

localparam [7:0] FLAG = 8'h7E;
localparam [7:0] ESC = 8'h7D;

reg s_axis_tready_reg = 1'b0;

reg [7:0] m_tdata_reg = 8'd0;
reg m_tvalid_reg = 1'b0;
reg m_tfirst_reg = 1'b0;
reg m_eof_reg = 1'b0;
reg m_eof_ok_reg = 1'b0;

// state of the frame being received
reg esc_reg = 1'b0;          // the previous byte was ESC
reg bad_reg = 1'b0;          // ESC ESC seen
reg [2:0] cnt_reg = 3'd0;    // bytes received, saturating at 5
reg [31:0] crc_reg = 32'hFFFFFFFF;
reg [31:0] dly_reg = 32'd0;  // the last four bytes, newest in [7:0]

assign s_axis_tready = s_axis_tready_reg;
assign m_tdata = m_tdata_reg;
assign m_tvalid = m_tvalid_reg;
assign m_tfirst = m_tfirst_reg;
assign m_eof = m_eof_reg;
assign m_eof_ok = m_eof_ok_reg;

// the input byte, registered with its compares
reg in_valid_reg = 1'b0;
reg [7:0] in_tdata_reg = 8'd0;
reg in_flag_reg = 1'b0;
reg in_esc_reg = 1'b0;

always @(posedge clk) begin
    in_valid_reg <= s_axis_tvalid && s_axis_tready_reg;
    in_tdata_reg <= s_axis_tdata;
    in_flag_reg <= s_axis_tdata == FLAG;
    in_esc_reg <= s_axis_tdata == ESC;

    if (rst) begin
        in_valid_reg <= 1'b0;
    end
end

wire s_fire = in_valid_reg;
wire [7:0] byte_in = esc_reg ? (in_tdata_reg ^ 8'h20) : in_tdata_reg;

// the byte leaving the delay line is a body byte
wire [7:0] out_byte = dly_reg[31:24];
wire out_now = cnt_reg >= 3'd4;

wire [31:0] crc_next;

sluice_crc crc_inst (
    .crc_in(crc_reg),
    .data(out_byte),
    .crc_out(crc_next)
);

// the CRC bytes as sent: first one oldest in the delay line
wire [31:0] crc_rx = {dly_reg[7:0], dly_reg[15:8], dly_reg[23:16], dly_reg[31:24]};

always @(posedge clk) begin
    s_axis_tready_reg <= 1'b1;
    m_tvalid_reg <= 1'b0;
    m_tfirst_reg <= 1'b0;
    m_eof_reg <= 1'b0;
    m_eof_ok_reg <= 1'b0;

    if (s_fire) begin
        if (in_flag_reg) begin
            if (cnt_reg != 3'd0 || esc_reg) begin
                m_eof_reg <= 1'b1;
                m_eof_ok_reg <= !esc_reg && !bad_reg && cnt_reg == 3'd5 && ~crc_reg == crc_rx;
            end
            esc_reg <= 1'b0;
            bad_reg <= 1'b0;
            cnt_reg <= 3'd0;
            crc_reg <= 32'hFFFFFFFF;
        end else if (in_esc_reg && !esc_reg) begin
            esc_reg <= 1'b1;
        end else begin
            if (esc_reg && in_esc_reg) begin
                bad_reg <= 1'b1;
            end
            esc_reg <= 1'b0;
            dly_reg <= {dly_reg[23:0], byte_in};
            if (out_now) begin
                m_tvalid_reg <= 1'b1;
                m_tdata_reg <= out_byte;
                m_tfirst_reg <= cnt_reg == 3'd4;
                crc_reg <= crc_next;
            end
            if (cnt_reg != 3'd5) begin
                cnt_reg <= cnt_reg + 3'd1;
            end
        end
    end

    if (rst) begin
        s_axis_tready_reg <= 1'b0;
        m_tvalid_reg <= 1'b0;
        m_tfirst_reg <= 1'b0;
        m_eof_reg <= 1'b0;
        m_eof_ok_reg <= 1'b0;
        esc_reg <= 1'b0;
        bad_reg <= 1'b0;
        cnt_reg <= 3'd0;
        crc_reg <= 32'hFFFFFFFF;
    end
end

endmodule

`resetall
