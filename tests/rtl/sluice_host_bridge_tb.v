/*

sluice: testbench for rtl/sluice_host_bridge.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for the host bridge, for Icarus and Verilator
 * (--binary/--main --timing).  The host side is written here from
 * runtime/link/proto.h (CRC-32C, byte stuffing, frame layouts), so the
 * test does not share code with runtime/link/proto.c; the co-simulation in
 * tests/runtime/ runs the two together.
 *
 * Design under test: one H2D pipe (32 bits, FIFO depth 4) whose FIFO the
 * testbench reads, one D2H pipe (16 bits, FIFO depth 4) whose FIFO the
 * testbench fills, one kernel stand-in (busy 5 cycles) with one argument
 * word, one spec-constant word.
 *
 * A receiver deframes every byte the bridge sends and keeps the good
 * frames; the checks look at them.  Each check prints PASS or FAIL; ends
 * with "N passed, N failed" and $fatal if anything failed.
 */
module sluice_host_bridge_tb #
(
    parameter READY_PCT = 100   // chance the host takes a device byte
);

reg clk = 1'b0;
reg rst = 1'b1;

always #5 clk = ~clk;

reg [7:0] s_link_tdata = 8'd0;
reg s_link_tvalid = 1'b0;
wire s_link_tready;
wire [7:0] m_link_tdata;
wire m_link_tvalid;
reg m_link_tready = 1'b1;

wire [31:0] h2d_tdata;
wire [0:0] h2d_tvalid, h2d_tready;
wire [15:0] h2d_count;
wire [15:0] d2h_tdata;
wire [0:0] d2h_tvalid, d2h_tready;
wire [0:0] kernel_start, kernel_busy, kernel_done;
wire [31:0] kernel_args;
wire [31:0] spec_values;
wire core_rst;

sluice_host_bridge #(
    .CLOCK_HZ(12000000),
    .DESIGN_ID(32'h0000BEEF),
    .N_H2D(1),
    .H2D_WIDTHS(16'd32),
    .H2D_DEPTHS(32'd4),
    .H2D_MAXW(32),
    .N_D2H(1),
    .D2H_WIDTHS(16'd16),
    .D2H_DEPTHS(32'd4),
    .D2H_MAXW(16),
    .N_KERNELS(1),
    .ARG_WORDS(1),
    .SPEC_WORDS(1),
    .SPEC_INIT(32'd3),
    .RETX_TIMEOUT(400),
    .STATUS_GAP(64)
)
dut (
    .clk(clk),
    .rst(rst),
    .s_axis_link_tdata(s_link_tdata),
    .s_axis_link_tvalid(s_link_tvalid),
    .s_axis_link_tready(s_link_tready),
    .m_axis_link_tdata(m_link_tdata),
    .m_axis_link_tvalid(m_link_tvalid),
    .m_axis_link_tready(m_link_tready),
    .h2d_tdata(h2d_tdata),
    .h2d_tvalid(h2d_tvalid),
    .h2d_tready(h2d_tready),
    .h2d_count(h2d_count),
    .d2h_tdata(d2h_tdata),
    .d2h_tvalid(d2h_tvalid),
    .d2h_tready(d2h_tready),
    .kernel_start(kernel_start),
    .kernel_busy(kernel_busy),
    .kernel_done(kernel_done),
    .kernel_args(kernel_args),
    .spec_values(spec_values),
    .core_rst(core_rst),
    .link_down(1'b0)
);

// pipe FIFOs, as the generated top has them
wire [31:0] in_tdata;
wire in_tvalid;
reg in_tready = 1'b0;
wire [2:0] in_count;
reg [15:0] out_tdata = 16'd0;
reg out_tvalid = 1'b0;
wire out_tready;

sluice_fifo #(.WIDTH(32), .DEPTH(4)) pipe_in (
    .clk(clk), .rst(rst || core_rst),
    .s_axis_tdata(h2d_tdata), .s_axis_tvalid(h2d_tvalid[0]), .s_axis_tready(h2d_tready[0]),
    .m_axis_tdata(in_tdata), .m_axis_tvalid(in_tvalid), .m_axis_tready(in_tready),
    .count(in_count));

/* verilator lint_off PINCONNECTEMPTY */
sluice_fifo #(.WIDTH(16), .DEPTH(4)) pipe_out (
    .clk(clk), .rst(rst || core_rst),
    .s_axis_tdata(out_tdata), .s_axis_tvalid(out_tvalid), .s_axis_tready(out_tready),
    .m_axis_tdata(d2h_tdata), .m_axis_tvalid(d2h_tvalid[0]), .m_axis_tready(d2h_tready[0]),
    .count());
/* verilator lint_on PINCONNECTEMPTY */

assign h2d_count = {13'd0, in_count};

// kernel stand-in: busy for 5 cycles after a start; done in its last cycle
reg [2:0] k_left = 3'd0;
reg k_busy = 1'b0;
reg [31:0] k_arg = 32'd0;
integer k_starts = 0;

always @(posedge clk) begin
    if (kernel_start[0] && !k_busy) begin
        k_busy <= 1'b1;
        k_left <= 3'd4;
        k_arg <= kernel_args;
        k_starts <= k_starts + 1;
    end else if (k_busy) begin
        if (k_left == 3'd0) begin
            k_busy <= 1'b0;
        end
        k_left <= k_left - 3'd1;
    end
end

assign kernel_busy[0] = k_busy;
assign kernel_done[0] = k_busy && k_left == 3'd0;

/*
 * CRC-32C, reflected
 */
function [31:0] crc_byte;
    input [31:0] c;
    input [7:0] d;
    integer i;
    reg [31:0] x;
    begin
        x = c ^ {24'd0, d};
        for (i = 0; i < 8; i = i + 1) begin
            x = x[0] ? ((x >> 1) ^ 32'h82F63B78) : (x >> 1);
        end
        crc_byte = x;
    end
endfunction

/*
 * Host sender: the body in tx_body[0 .. tx_len-1]; flip bit (flip_bit)
 * of body byte flip_at if flip_at >= 0
 */
reg [7:0] tx_body [0:299];
integer tx_len;
integer flip_at = -1;
integer flip_bit = 0;
integer cycle = 0;

always @(posedge clk) begin
    cycle <= cycle + 1;
end

task put_wire;
    input [7:0] b;
    begin
        s_link_tdata <= b;
        s_link_tvalid <= 1'b1;
        @(posedge clk);
        while (!s_link_tready) begin
            @(posedge clk);
        end
        s_link_tvalid <= 1'b0;
    end
endtask

task put_stuffed;
    input [7:0] b;
    begin
        if (b == 8'h7E || b == 8'h7D) begin
            put_wire(8'h7D);
            put_wire(b ^ 8'h20);
        end else begin
            put_wire(b);
        end
    end
endtask

task send_frame;
    integer i;
    reg [31:0] c;
    reg [7:0] b;
    begin
        c = 32'hFFFFFFFF;
        put_wire(8'h7E);
        for (i = 0; i < tx_len; i = i + 1) begin
            c = crc_byte(c, tx_body[i]);
            b = tx_body[i];
            if (i == flip_at) begin
                b = b ^ (8'd1 << flip_bit);
            end
            put_stuffed(b);
        end
        c = ~c;
        for (i = 0; i < 4; i = i + 1) begin
            put_stuffed(c[8*i +: 8]);
        end
        put_wire(8'h7E);
        flip_at = -1;
    end
endtask

// body builders
task seq_hdr;
    input [7:0] ftype;
    input [7:0] seq;
    input [15:0] arg;
    begin
        tx_body[0] = ftype;
        tx_body[1] = seq;
        tx_body[2] = arg[7:0];
        tx_body[3] = arg[15:8];
        tx_len = 4;
    end
endtask

task put32;
    input [31:0] v;
    begin
        tx_body[tx_len] = v[7:0];
        tx_body[tx_len + 1] = v[15:8];
        tx_body[tx_len + 2] = v[23:16];
        tx_body[tx_len + 3] = v[31:24];
        tx_len = tx_len + 4;
    end
endtask

task host_status;
    input [7:0] flags;
    input [7:0] ack;
    input [7:0] exp;
    input [7:0] next;
    input [7:0] session;
    input [15:0] limit;
    begin
        tx_body[0] = 8'h10;
        tx_body[1] = flags;
        tx_body[2] = ack;
        tx_body[3] = exp;
        tx_body[4] = next;
        tx_body[5] = 8'd0;
        tx_body[6] = session;
        tx_body[7] = 8'd0;
        tx_body[8] = limit[7:0];
        tx_body[9] = limit[15:8];
        tx_len = 10;
        send_frame;
    end
endtask

/*
 * Host receiver: deframes the bridge's bytes; good frames go to rx_mem,
 * frame f at rx_start[f], rx_flen[f] bytes
 */
reg [7:0] rx_mem [0:65535];
integer rx_start [0:1023];
integer rx_flen [0:1023];
integer rx_frames = 0;
integer rx_bad = 0;
integer rx_pos = 0;
integer rx_cur = 0;       // bytes in the current frame (body + CRC)
reg rx_esc = 1'b0;
reg [31:0] rx_c;
reg [63:0] rx_rng = 64'h0123456789abcdef;
integer rx_wire_bytes = 0;

function [63:0] xorshift;
    input [63:0] x;
    reg [63:0] y;
    begin
        y = x ^ (x << 13);
        y = y ^ (y >> 7);
        xorshift = y ^ (y << 17);
    end
endfunction

always @(posedge clk) begin : receiver
    integer i;
    reg [7:0] b;
    reg [31:0] got;

    rx_rng <= xorshift(rx_rng);
    m_link_tready <= (rx_rng[31:0] % 100) < READY_PCT;

    if (m_link_tvalid && m_link_tready) begin
        rx_wire_bytes = rx_wire_bytes + 1;
        b = m_link_tdata;
        if (b == 8'h7E) begin
            if (rx_cur >= 5 && !rx_esc) begin
                rx_c = 32'hFFFFFFFF;
                for (i = 0; i < rx_cur - 4; i = i + 1) begin
                    rx_c = crc_byte(rx_c, rx_mem[rx_pos + i]);
                end
                got = {rx_mem[rx_pos + rx_cur - 1], rx_mem[rx_pos + rx_cur - 2],
                       rx_mem[rx_pos + rx_cur - 3], rx_mem[rx_pos + rx_cur - 4]};
                if (~rx_c == got) begin
                    rx_start[rx_frames] = rx_pos;
                    rx_flen[rx_frames] = rx_cur - 4;
                    rx_frames = rx_frames + 1;
                    rx_pos = rx_pos + rx_cur;
                end else begin
                    rx_bad = rx_bad + 1;
                end
            end else if (rx_cur != 0) begin
                rx_bad = rx_bad + 1;
            end
            rx_cur = 0;
            rx_esc = 1'b0;
        end else if (b == 8'h7D) begin
            rx_esc = 1'b1;
        end else begin
            rx_mem[rx_pos + rx_cur] = rx_esc ? b ^ 8'h20 : b;
            rx_esc = 1'b0;
            rx_cur = rx_cur + 1;
        end
    end
end

function [7:0] rx_byte;
    input integer f;
    input integer i;
    begin
        rx_byte = rx_mem[rx_start[f] + i];
    end
endfunction

// the first frame of type t received at or after frame index from; -1 if none
function integer find_frame;
    input integer from;
    input [7:0] t;
    integer f;
    begin
        find_frame = -1;
        for (f = rx_frames - 1; f >= from; f = f - 1) begin
            if (rx_byte(f, 0) == t) begin
                find_frame = f;
            end
        end
    end
endfunction

// the first STATUS at or after frame index from with all of flags set
function integer find_status;
    input integer from;
    input [7:0] flags;
    integer f;
    begin
        find_status = -1;
        for (f = rx_frames - 1; f >= from; f = f - 1) begin
            if (rx_byte(f, 0) == 8'h10 && (rx_byte(f, 1) & flags) == flags) begin
                find_status = f;
            end
        end
    end
endfunction

// the last frame of type t
function integer last_frame;
    input [7:0] t;
    integer f;
    begin
        last_frame = -1;
        for (f = 0; f < rx_frames; f = f + 1) begin
            if (rx_byte(f, 0) == t) begin
                last_frame = f;
            end
        end
    end
endfunction

/*
 * H2D sink: the testbench reads the H2D FIFO when sink_en
 */
reg sink_en = 1'b0;
reg [31:0] sunk [0:255];
integer n_sunk = 0;

always @(posedge clk) begin
    in_tready <= sink_en;
    if (in_tvalid && in_tready) begin
        sunk[n_sunk] = in_tdata;
        n_sunk = n_sunk + 1;
    end
end

/*
 * Checks
 */
integer passed = 0;
integer failed = 0;

task result;
    input ok;
    input [8*120-1:0] what;
    begin
        if (ok) begin
            $display("PASS: %0s", what);
            passed = passed + 1;
        end else begin
            $display("FAIL: %0s (cycle %0d)", what, cycle);
            failed = failed + 1;
        end
    end
endtask

task wait_cycles;
    input integer n;
    integer i;
    begin
        for (i = 0; i < n; i = i + 1) begin
            @(posedge clk);
        end
    end
endtask

// a wait for an answer: longer when the host takes device bytes slowly
task wait_resp;
    input integer n;
    begin
        wait_cycles(n * 100 / READY_PCT);
    end
endtask

function [31:0] rx32;
    input integer f;
    input integer i;
    begin
        rx32 = {rx_byte(f, i + 3), rx_byte(f, i + 2), rx_byte(f, i + 1), rx_byte(f, i)};
    end
endfunction

integer f, g, mark, t0, i, nwords, nframes;
reg [7:0] dev_seq;
reg ok;

initial begin
    wait_cycles(5);
    rst <= 1'b0;
    wait_resp(100);

    // 1. after reset the bridge announces itself
    f = find_frame(0, 8'h10);
    result(f >= 0 && rx_flen[f] == 10 && rx_byte(f, 6) == 8'd0 && rx_byte(f, 8) == 8'd4 && rx_byte(f, 9) == 8'd0,
           "after reset: STATUS, session 0, H2D credit limit 4 (the FIFO depth)");

    // 2. LINK_RESET with session 5
    mark = rx_frames;
    tx_body[0] = 8'h11;
    tx_body[1] = 8'h05;
    tx_len = 2;
    send_frame;
    wait_resp(60);
    f = find_frame(mark, 8'h10);
    result(f >= 0 && rx_byte(f, 6) == 8'd5 && rx_byte(f, 2) == 8'd0 && rx_byte(f, 3) == 8'd0,
           "LINK_RESET answered by a STATUS of session 5, ACK 0, EXP 0");

    // 3. CSR read of the information block
    mark = rx_frames;
    seq_hdr(8'h03, 8'd0, 16'h0000);
    tx_body[4] = 8'd8;
    tx_len = 5;
    send_frame;
    wait_resp(300);
    f = find_frame(mark, 8'h04);
    if (f >= 0) begin
        $display("  info block: len %0d: %h %h %h %h %h %h %h %h", rx_flen[f], rx32(f, 4), rx32(f, 8), rx32(f, 12),
                 rx32(f, 16), rx32(f, 20), rx32(f, 24), rx32(f, 28), rx32(f, 32));
    end
    result(f >= 0 && rx_flen[f] == 4 + 32 && rx_byte(f, 1) == 8'd0 && rx32(f, 4) == 32'h45434C53 &&
           rx32(f, 8) == 32'h00000100 && rx32(f, 12) == 32'h00010101 && rx32(f, 16) == 32'd12000000 &&
           rx32(f, 20) == 32'd512 && rx32(f, 24) == 32'h004008 && rx32(f, 28) == 32'h00010001 &&
           rx32(f, 32) == 32'h0000BEEF,
           "CSR_RD of 8 words: MAGIC, VERSION, COUNTS, CLOCK_HZ, RXBUF, TXCFG, WORDS, DESIGN_ID");
    dev_seq = 8'd1;
    g = last_frame(8'h10);
    result(g >= 0 && rx_byte(g, 2) == 8'd1, "STATUS acknowledges the CSR_RD (ACK 1)");

    // 4. DATA with bytes that need stuffing
    seq_hdr(8'h01, 8'd1, 16'd0);
    put32(32'h7E7D7E7D);
    put32(32'h12345678);
    send_frame;
    wait_resp(40);
    result(in_count == 3'd2 && pipe_in.m_axis_tdata == 32'h7E7D7E7D,
           "DATA of 2 words (with FLAG and ESC bytes) reaches the H2D FIFO");

    // 5. a corrupted frame is not delivered; the next one, ahead, gets a NAK
    mark = rx_frames;
    seq_hdr(8'h01, 8'd2, 16'd0);
    put32(32'hAAAA0001);
    flip_at = 5;
    flip_bit = 3;
    send_frame;
    wait_resp(30);
    result(in_count == 3'd2, "a frame with one flipped bit is not delivered");
    seq_hdr(8'h01, 8'd3, 16'd0);
    put32(32'hAAAA0002);
    send_frame;
    wait_resp(60);
    f = find_status(mark, 8'h01);
    result(in_count == 3'd2 && f >= 0 && rx_byte(f, 3) == 8'd2,
           "a frame after a gap is dropped and answered by NAK with EXP 2");
    seq_hdr(8'h01, 8'd2, 16'd0);
    put32(32'hAAAA0001);
    send_frame;
    seq_hdr(8'h01, 8'd3, 16'd0);
    put32(32'hAAAA0002);
    send_frame;
    wait_resp(40);
    result(in_count == 3'd4, "the resent frames are delivered (FIFO full: 4 words)");

    // 6. credits follow the FIFO: full FIFO, limit = 4 pushed + 4 - 4 = 4 ...
    wait_resp(100);
    g = last_frame(8'h10);
    result(g >= 0 && rx_byte(g, 8) == 8'd4 && rx_byte(g, 2) == 8'd4, "full FIFO: limit stays 4 (no new credit), ACK 4");
    mark = rx_frames;
    sink_en <= 1'b1;
    wait_resp(120);
    sink_en <= 1'b0;
    g = last_frame(8'h10);
    result(n_sunk == 4 && sunk[0] == 32'h7E7D7E7D && sunk[1] == 32'h12345678 && sunk[2] == 32'hAAAA0001 &&
           sunk[3] == 32'hAAAA0002, "words leave the FIFO in order, intact");
    result(g >= mark && rx_byte(g, 8) == 8'd8, "the kernel read 4: STATUS raises the limit to 8");

    // 7. duplicate frame: dropped, re-acknowledged
    mark = rx_frames;
    seq_hdr(8'h01, 8'd3, 16'd0);
    put32(32'hBAD0BAD0);
    send_frame;
    wait_resp(60);
    f = find_frame(mark, 8'h10);
    result(in_count == 3'd0 && f >= 0 && rx_byte(f, 2) == 8'd4, "a duplicate is dropped and re-acknowledged");

    // 8. D2H: no credit, nothing is sent; a STATUS grants 2 words
    mark = rx_frames;
    for (i = 0; i < 3; i = i + 1) begin
        out_tdata <= 16'h7E00 + i[15:0];
        out_tvalid <= 1'b1;
        @(posedge clk);
        while (!out_tready) begin
            @(posedge clk);
        end
    end
    out_tvalid <= 1'b0;
    wait_resp(100);
    result(find_frame(mark, 8'h01) < 0, "no D2H DATA without host credit");
    host_status(8'h00, 8'd0, 8'd0, 8'd4, 8'd5, 16'd2);
    wait_resp(100);
    f = find_frame(mark, 8'h01);
    nwords = 0;
    nframes = 0;
    for (g = mark; g < rx_frames; g = g + 1) begin
        if (rx_byte(g, 0) == 8'h01) begin
            nwords = nwords + (rx_flen[g] - 4) / 2;
            nframes = nframes + 1;
        end
    end
    result(f >= 0 && nwords == 2 && rx_byte(f, 1) == dev_seq && rx_byte(f, 4) == 8'h00 && rx_byte(f, 5) == 8'h7E,
           "credit 2: exactly 2 D2H words (with a FLAG byte) in sequence");

    // 9. go-back-N on the device: a NAK resends byte for byte
    mark = rx_frames;
    host_status(8'h01, dev_seq, dev_seq, 8'd4, 8'd5, 16'd2);
    wait_resp(80);
    g = find_frame(mark, 8'h01);
    ok = g >= 0 && rx_flen[g] == rx_flen[f];
    for (i = 0; ok && i < rx_flen[f]; i = i + 1) begin
        ok = rx_byte(g, i) == rx_byte(f, i);
    end
    result(ok, "NAK from the host: the device resends its frame unchanged");

    // acknowledge, grant more: the third word comes in the next sequence
    dev_seq = dev_seq + nframes[7:0];
    mark = rx_frames;
    host_status(8'h00, dev_seq, dev_seq, 8'd4, 8'd5, 16'd10);
    wait_resp(100);
    f = find_frame(mark, 8'h01);
    result(f >= 0 && rx_byte(f, 1) == dev_seq && rx_flen[f] == 6 && rx_byte(f, 4) == 8'h02,
           "after ACK and more credit the third word follows in the next frame");
    dev_seq = dev_seq + 8'd1;

    // 10. tail loss: no ACK for RETX_TIMEOUT -> the device POLLs
    mark = rx_frames;
    wait_resp(600);
    f = find_status(mark, 8'h02);
    result(f >= 0 && rx_byte(f, 4) == dev_seq,
           "unacknowledged frame, no progress: STATUS with POLL and NEXT");
    host_status(8'h00, dev_seq, dev_seq, 8'd4, 8'd5, 16'd10);

    // 11. kernel start with an argument, completion seen in EVENTS
    mark = rx_frames;
    seq_hdr(8'h02, 8'd4, 16'h1000);
    put32(32'hCAFEF00D);
    send_frame;
    seq_hdr(8'h02, 8'd5, 16'h0100);
    put32(32'd1);
    send_frame;
    wait_resp(100);
    g = last_frame(8'h10);
    result(k_starts == 1 && k_arg == 32'hCAFEF00D && g >= mark && rx_byte(g, 5) == 8'd1,
           "CSR writes: argument, start; kernel ran once with it; STATUS EVENTS = 1");
    mark = rx_frames;
    seq_hdr(8'h03, 8'd6, 16'h0100);
    tx_body[4] = 8'd1;
    tx_len = 5;
    send_frame;
    seq_hdr(8'h03, 8'd7, 16'h2000);
    tx_body[4] = 8'd1;
    tx_len = 5;
    send_frame;
    wait_resp(150);
    f = find_frame(mark, 8'h04);
    g = f >= 0 ? find_frame(f + 1, 8'h04) : -1;
    result(f >= 0 && g >= 0 && rx32(f, 4) == 32'h00010000 && rx32(g, 4) == 32'd3,
           "KCTRL reads 1 completion, not busy; SPEC(0) reads its reset value 3");

    // 12. core reset empties the FIFOs
    seq_hdr(8'h01, 8'd8, 16'd0);
    put32(32'h11111111);
    send_frame;
    wait_resp(30);
    t0 = {29'd0, in_count};
    seq_hdr(8'h02, 8'd9, 16'h0009);
    put32(32'd1);
    send_frame;
    wait_resp(60);
    result(t0 == 1 && in_count == 3'd0, "RESET register: the pipe FIFOs are emptied");

    // 13. frames of unknown type and wrong length are dropped, not acted on
    mark = rx_frames;
    seq_hdr(8'h07, 8'd10, 16'd0);
    send_frame;
    tx_body[0] = 8'h10;
    tx_len = 9;
    send_frame;
    seq_hdr(8'h01, 8'd10, 16'd0);
    put32(32'h22222222);
    send_frame;
    wait_resp(60);
    result(in_count == 3'd1 && pipe_in.m_axis_tdata == 32'h22222222,
           "an unknown type and a short STATUS are ignored; sequence 10 still expected");

    wait_resp(20);
    result(rx_bad == 0, "every frame from the bridge had a good CRC");

    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) begin
        $fatal(1, "sluice_host_bridge_tb: %0d failed", failed);
    end
    $finish;
end

// a hung test ends
initial begin
    #2000000;
    $display("FAIL: timeout");
    $display("%0d passed, %0d failed", passed, failed + 1);
    $fatal(1, "sluice_host_bridge_tb: timeout");
end

endmodule

`resetall
