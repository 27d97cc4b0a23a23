/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * UART receiver: the host-link PHY's input side, one byte per frame
 *
 * Parameters:
 *
 *   DIV  clocks per bit, >= 4 (the board clock over the baud rate,
 *        rounded; 12 MHz / 115200 gives 104, 0.16 % off)
 *
 * Line format: 8N1, idle high; a frame is a start bit (0), 8 data bits
 * least significant first, a stop bit (1).
 *
 * Receiving: rx is asynchronous and goes through two flip-flops first.
 * The receiver is armed once it has seen the line high.  An armed idle
 * receiver takes the first low sample as the falling edge of a start bit
 * and counts from it: at HS = ceil(DIV/2) clocks it checks that the line
 * is still low (otherwise it was a glitch, not a start bit, and the
 * receiver is idle again), then samples data bit i at H + (i+1)*DIV
 * clocks and the stop bit at H + 9*DIV clocks, where H, about
 * (DIV-1)/2, places the samples at the middle of the sender's bits (the
 * edge is seen 0 to 1 clock late) and balances the two tolerances below.
 * A line low for less than half a bit is thus never a start bit.  A stop
 * bit of 1 ends the frame and re-arms at once, so the next start bit may
 * follow without a gap; a stop bit of 0 is a frame error and disarms the
 * receiver until the line is high again, so a break (the line held low)
 * gives one frame error and nothing more.  After garbage on the line, a
 * line idle for one frame time (10 bits) brings the receiver back in
 * step.
 *
 *      DIV   H   the sender's bit period may be off DIV clocks by
 *        4   1   -5.0 % .. +2.7 %
 *        5   2   -4.0 % .. +4.4 %
 *        8   3   -5.0 % .. +4.1 %
 *       13   6   -4.6 % .. +5.1 %
 *       16   7   -5.0 % .. +4.8 %
 *      104  49   -5.1 % .. +5.2 %
 *
 * Tolerance: the stop bit, sampled H + 9*DIV clocks after the edge was
 * seen, must lie inside the sender's tenth bit, for every position of the
 * edge between two clocks.  A sender whose bit period is DIV*(1+e) clocks
 * is received correctly for -(DIV-1-H)/(10*DIV) < e < H/(9*DIV) (table
 * above, rounded toward zero; about +-5.2 % at large DIV); its baud rate
 * may be off by about as much, the other way.  At DIV 4 the one clock of
 * uncertainty in where the edge lies is a quarter of a bit, hence the
 * narrower window.  Jitter and unequal rise and fall times of the line
 * come out of this budget.  Beyond it bytes come out wrong or as frame
 * errors, in no particular mix; the link's CRC catches them.  The test
 * bench holds both ends at 0.99 of these bounds and shows the errors
 * just beyond them.
 *
 * Output: a one-word register.  m_axis_tvalid rises at the
 * (9*DIV + H + 3)-th rising edge of clk after the start bit's falling
 * edge on rx (one later if that edge came too close to a clock edge for
 * the first flip-flop to settle), and stays high, with m_axis_tdata
 * unchanged, until the byte is taken; behind sluice_uart_tx at the same
 * DIV that is 9*DIV + H + 4 cycles after the transmitter took the byte.
 * The next byte comes at least 10*DIV cycles later at the nominal rate;
 * if the held byte is still not taken when it arrives, the held byte is
 * kept and the new byte is dropped (overrun).  The host link's credits
 * keep the host from sending more than the design takes, so behind the
 * host bridge (always ready) no overrun happens.
 *
 *   frame_error  high for one cycle, at the edge where m_axis_tvalid would
 *                have risen, for a frame whose stop bit was 0; that byte
 *                is dropped
 *   overrun      high for one cycle, at the edge where m_axis_tvalid would
 *                have risen, for a good byte that was dropped because the
 *                previous one was still not taken
 *
 * All outputs come from registers.  Reset: rst is synchronous and active
 * high; it abandons a frame in progress, empties the output register and
 * disarms the receiver until it sees the line high.
 */
module sluice_uart_rx #
(
    parameter DIV = 4
)
(
    input  wire         clk,
    input  wire         rst,

    /*
     * The line, straight from the pin
     */
    input  wire         rx,

    /*
     * Received bytes
     */
    output wire [7:0]   m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,

    /*
     * Status, one-cycle pulses
     */
    output wire         frame_error,
    output wire         overrun
);

// the start bit is checked HS clocks after its edge was seen, data bit i
// sampled at H + (i+1)*DIV; H is the integer near 9*(DIV-1)/19 that gives
// the larger min(H/(9*DIV), (DIV-1-H)/(10*DIV))
localparam HS = (DIV + 1) / 2;
localparam H_LO = 9 * (DIV - 1) / 19;
localparam H = 9 * (DIV - 2 - H_LO) > 10 * H_LO ? H_LO + 1 : H_LO;

localparam CNT_WIDTH = DIV > 1 ? $clog2(DIV) : 1;
localparam CNT_START_INT = HS - 1;
localparam CNT_FIRST_INT = H + DIV - HS - 1;
localparam CNT_BIT_INT = DIV - 1;
localparam [CNT_WIDTH-1:0] CNT_START = CNT_START_INT[CNT_WIDTH-1:0];
localparam [CNT_WIDTH-1:0] CNT_FIRST = CNT_FIRST_INT[CNT_WIDTH-1:0];
localparam [CNT_WIDTH-1:0] CNT_BIT = CNT_BIT_INT[CNT_WIDTH-1:0];

// check configuration
initial begin
    if (DIV < 4) begin
        $error("Error: DIV must be at least 4 (instance %m)");
        $finish;
    end
end

localparam [1:0]
    STATE_IDLE = 2'd0,
    STATE_START = 2'd1,
    STATE_DATA = 2'd2,
    STATE_STOP = 2'd3;

// the synchroniser; initial 0 so that nothing arms the receiver but the
// line itself
reg rx_meta_reg = 1'b0;
reg rx_sync_reg = 1'b0;

reg [1:0] state_reg = STATE_IDLE, state_next;
reg armed_reg = 1'b0, armed_next;
reg [CNT_WIDTH-1:0] cnt_reg = {CNT_WIDTH{1'b0}}, cnt_next;   // clocks to the next sample
reg [2:0] bit_reg = 3'd0, bit_next;                          // data bits received
reg [7:0] shift_reg = 8'd0, shift_next;                      // newest bit in [7]

reg [7:0] m_axis_tdata_reg = 8'd0;
reg m_axis_tvalid_reg = 1'b0, m_axis_tvalid_next;
reg frame_error_reg = 1'b0, frame_error_next;
reg overrun_reg = 1'b0, overrun_next;
reg load;

assign m_axis_tdata = m_axis_tdata_reg;
assign m_axis_tvalid = m_axis_tvalid_reg;
assign frame_error = frame_error_reg;
assign overrun = overrun_reg;

wire line = rx_sync_reg;
wire sample = cnt_reg == {CNT_WIDTH{1'b0}};

always @* begin
    state_next = state_reg;
    armed_next = armed_reg;
    cnt_next = cnt_reg - 1'b1;
    bit_next = bit_reg;
    shift_next = shift_reg;
    m_axis_tvalid_next = m_axis_tvalid_reg && !m_axis_tready;
    frame_error_next = 1'b0;
    overrun_next = 1'b0;
    load = 1'b0;

    case (state_reg)
    STATE_IDLE: begin
        cnt_next = CNT_START;
        if (line) begin
            armed_next = 1'b1;
        end else if (armed_reg) begin
            state_next = STATE_START;
        end
    end
    STATE_START: begin
        if (sample) begin
            // high again at mid-bit: a glitch; the line is high, so the
            // receiver stays armed
            state_next = line ? STATE_IDLE : STATE_DATA;
            cnt_next = CNT_FIRST;
            bit_next = 3'd0;
        end
    end
    STATE_DATA: begin
        if (sample) begin
            shift_next = {line, shift_reg[7:1]};
            bit_next = bit_reg + 1'b1;
            cnt_next = CNT_BIT;
            if (bit_reg == 3'd7) begin
                state_next = STATE_STOP;
            end
        end
    end
    default: begin
        if (sample) begin
            state_next = STATE_IDLE;
            if (line) begin
                if (m_axis_tvalid_reg && !m_axis_tready) begin
                    overrun_next = 1'b1;
                end else begin
                    load = 1'b1;
                    m_axis_tvalid_next = 1'b1;
                end
            end else begin
                frame_error_next = 1'b1;
                armed_next = 1'b0;
            end
        end
    end
    endcase
end

always @(posedge clk) begin
    rx_meta_reg <= rx;
    rx_sync_reg <= rx_meta_reg;

    state_reg <= state_next;
    armed_reg <= armed_next;
    cnt_reg <= cnt_next;
    bit_reg <= bit_next;
    shift_reg <= shift_next;
    m_axis_tvalid_reg <= m_axis_tvalid_next;
    frame_error_reg <= frame_error_next;
    overrun_reg <= overrun_next;

    if (load) begin
        m_axis_tdata_reg <= shift_reg;
    end

    if (rst) begin
        state_reg <= STATE_IDLE;
        armed_reg <= 1'b0;
        m_axis_tvalid_reg <= 1'b0;
        frame_error_reg <= 1'b0;
        overrun_reg <= 1'b0;
    end
end

endmodule

`resetall
