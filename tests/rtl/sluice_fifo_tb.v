/*

sluice: testbench for rtl/sluice_fifo.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for sluice_fifo, for Icarus and Verilator
 * (--binary, which implies --timing).
 *
 * A source offers words numbered 0, 1, 2, ... (the data of word n is a hash
 * of n and SEED) with random gaps, holding each offer until it is taken; a
 * sink takes words with random back-pressure.  A monitor checks, in every
 * cycle after reset:
 *
 *   - the words come out in order, none lost or duplicated;
 *   - count is the number of words accepted and not yet delivered;
 *   - s_axis_tready is high exactly when that number is below DEPTH;
 *   - m_axis_tvalid and m_axis_tdata hold until the word is taken.
 *
 * Phases, each reported PASS or FAIL: reset state; with no reader exactly
 * DEPTH words are accepted; draining gives them back in order; streaming
 * sustains one word per cycle (DEPTH >= 2) or one per two cycles
 * (DEPTH = 1), counted in cycles; random traffic in three mixes.
 *
 * Ends with "N passed, N failed" and $fatal if anything failed.
 */
module sluice_fifo_tb #
(
    parameter WIDTH = 32,
    parameter DEPTH = 4,
    parameter RAM_MIN_DEPTH = 32,
    parameter READY_THROUGH = 0,
    parameter SEED = 1,
    parameter WORDS = 2000
);

localparam COUNT_WIDTH = $clog2(DEPTH+1);

reg clk = 1'b0;
reg rst = 1'b1;

always #5 clk = ~clk;

reg  [WIDTH-1:0]        s_axis_tdata = {WIDTH{1'b0}};
reg                     s_axis_tvalid = 1'b0;
wire                    s_axis_tready;
wire [WIDTH-1:0]        m_axis_tdata;
wire                    m_axis_tvalid;
reg                     m_axis_tready = 1'b0;
wire [COUNT_WIDTH-1:0]  count;

sluice_fifo #(
    .WIDTH(WIDTH),
    .DEPTH(DEPTH),
    .RAM_MIN_DEPTH(RAM_MIN_DEPTH),
    .READY_THROUGH(READY_THROUGH)
)
dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .count(count)
);

/*
 * Random numbers and word contents
 */
function [63:0] xorshift;
    input [63:0] x;
    reg [63:0] y;
    begin
        y = x ^ (x << 13);
        y = y ^ (y >> 7);
        xorshift = y ^ (y << 17);
    end
endfunction

function [63:0] mix;
    input [63:0] x;
    reg [63:0] z;
    begin
        z = x + 64'h9e3779b97f4a7c15;
        z = (z ^ (z >> 30)) * 64'hbf58476d1ce4e5b9;
        z = (z ^ (z >> 27)) * 64'h94d049bb133111eb;
        mix = z ^ (z >> 31);
    end
endfunction

function [WIDTH-1:0] word;
    input integer seq;
    integer i;
    reg [63:0] h;
    begin
        h = 64'd0;
        word = {WIDTH{1'b0}};
        for (i = 0; i < WIDTH; i = i + 1) begin
            if (i % 64 == 0) begin
                h = mix({seq[31:0], i[15:0], SEED[15:0]});
            end
            word[i] = h[i % 64];
        end
    end
endfunction

// a number in 0..99
function integer percent;
    input [63:0] r;
    begin
        percent = r[31:0] % 100;
    end
endfunction

integer cycle = 0;

always @(posedge clk) begin
    cycle <= cycle + 1;
end

/*
 * Source: offers word in_seq with probability src_pct each cycle it is free,
 * while src_en and in_seq < src_limit; holds an offer until it is taken.
 */
reg src_en = 1'b0;
integer src_pct = 100;
integer src_limit = 0;
integer in_seq = 0;
reg [63:0] src_rng = 64'h0123456789abcdef ^ SEED;

always @(posedge clk) begin : source
    integer next_seq;

    src_rng <= xorshift(src_rng);

    next_seq = in_seq;
    if (s_axis_tvalid && s_axis_tready) begin
        next_seq = in_seq + 1;
    end
    in_seq <= next_seq;

    if (!s_axis_tvalid || s_axis_tready) begin
        if (src_en && next_seq < src_limit && percent(src_rng) < src_pct) begin
            s_axis_tvalid <= 1'b1;
            s_axis_tdata <= word(next_seq);
        end else begin
            s_axis_tvalid <= 1'b0;
            s_axis_tdata <= ~word(next_seq);
        end
    end
end

/*
 * Sink: ready with probability snk_pct while snk_en
 */
reg snk_en = 1'b0;
integer snk_pct = 100;
reg [63:0] snk_rng = 64'hfedcba9876543210 ^ SEED;

always @(posedge clk) begin
    snk_rng <= xorshift(snk_rng);
    m_axis_tready <= snk_en && percent(snk_rng) < snk_pct;
end

/*
 * Monitor
 */
reg checking = 1'b0;
integer errors = 0;
integer out_seq = 0;

// per-phase handshake statistics
integer in_n = 0, in_first = 0, in_last = 0;
integer out_n = 0, out_first = 0, out_last = 0;

reg prev_m_axis_tvalid = 1'b0;
reg prev_m_axis_tready = 1'b0;
reg [WIDTH-1:0] prev_m_axis_tdata = {WIDTH{1'b0}};

task check_failed;
    input [8*64-1:0] what;
    begin
        if (errors < 10) begin
            $display("  error at cycle %0d: %0s (in %0d, out %0d, count %0d, tready %b, tvalid %b)",
                cycle, what, in_seq, out_seq, count, s_axis_tready, m_axis_tvalid);
        end
        errors = errors + 1;
    end
endtask

always @(posedge clk) begin : monitor
    integer held;

    if (checking) begin
        held = in_seq - out_seq;

        if (count !== held[COUNT_WIDTH-1:0] || held > DEPTH) begin
            check_failed("count is not the number of words held");
        end

        if (READY_THROUGH == 0 && s_axis_tready !== (held < DEPTH)) begin
            check_failed("s_axis_tready is not (words held < DEPTH)");
        end

        if (READY_THROUGH != 0 && s_axis_tready !== (held < DEPTH || m_axis_tready)) begin
            check_failed("s_axis_tready is not (words held < DEPTH or one is taken)");
        end

        if (prev_m_axis_tvalid && !prev_m_axis_tready) begin
            if (m_axis_tvalid !== 1'b1 || m_axis_tdata !== prev_m_axis_tdata) begin
                check_failed("m_axis word changed before it was taken");
            end
        end

        if (m_axis_tvalid && m_axis_tready) begin
            if (out_seq >= in_seq) begin
                check_failed("word delivered that was never written");
            end else if (m_axis_tdata !== word(out_seq)) begin
                check_failed("word out of order or corrupted");
            end
        end
    end

    if (s_axis_tvalid && s_axis_tready) begin
        if (in_n == 0) begin
            in_first <= cycle;
        end
        in_last <= cycle;
        in_n <= in_n + 1;
    end

    if (m_axis_tvalid && m_axis_tready) begin
        if (out_n == 0) begin
            out_first <= cycle;
        end
        out_last <= cycle;
        out_n <= out_n + 1;
        out_seq <= out_seq + 1;
    end

    prev_m_axis_tvalid <= m_axis_tvalid;
    prev_m_axis_tready <= m_axis_tready;
    prev_m_axis_tdata <= m_axis_tdata;
end

/*
 * Test sequence: it changes inputs and samples outputs at falling edges,
 * between the rising edges where the design and the processes above act,
 * so there is no race whichever simulator runs it.
 */
integer passed = 0;
integer failed = 0;
integer phase_errors = 0;
integer n;
integer t;

task report;
    input [8*64-1:0] name;
    input ok;
    begin
        if (ok && errors == phase_errors) begin
            $display("PASS: sluice_fifo W=%0d D=%0d: %0s", WIDTH, DEPTH, name);
            passed = passed + 1;
        end else begin
            $display("FAIL: sluice_fifo W=%0d D=%0d: %0s", WIDTH, DEPTH, name);
            failed = failed + 1;
        end
        phase_errors = errors;
    end
endtask

task clear_stats;
    begin
        in_n = 0;
        out_n = 0;
    end
endtask

// run the source and the sink until every word up to src_limit is out,
// or for at most max_cycles
task run_until_drained;
    input integer max_cycles;
    begin
        t = 0;
        while ((out_seq < src_limit) && t < max_cycles) begin
            @(negedge clk);
            t = t + 1;
        end
    end
endtask

task random_traffic;
    input [8*64-1:0] name;
    input integer s_pct;
    input integer m_pct;
    begin
        src_pct = s_pct;
        snk_pct = m_pct;
        src_limit = in_seq + WORDS;
        src_en = 1'b1;
        snk_en = 1'b1;
        @(negedge clk);
        run_until_drained(WORDS * 50 + 10 * DEPTH + 100);
        src_en = 1'b0;
        report(name, out_seq == src_limit && in_seq == src_limit);
    end
endtask

initial begin
    if (DEPTH == 1 && READY_THROUGH != 0) begin
        $display("sluice_fifo_tb: WIDTH=%0d DEPTH=%0d SEED=%0d: register slice, ready through",
            WIDTH, DEPTH, SEED);
    end else if (DEPTH == 1) begin
        $display("sluice_fifo_tb: WIDTH=%0d DEPTH=%0d SEED=%0d: single register",
            WIDTH, DEPTH, SEED);
    end else if (DEPTH < RAM_MIN_DEPTH) begin
        $display("sluice_fifo_tb: WIDTH=%0d DEPTH=%0d SEED=%0d: flip-flops",
            WIDTH, DEPTH, SEED);
    end else begin
        $display("sluice_fifo_tb: WIDTH=%0d DEPTH=%0d SEED=%0d: block RAM (RAM_MIN_DEPTH=%0d)",
            WIDTH, DEPTH, SEED, RAM_MIN_DEPTH);
    end

    // reset
    rst = 1'b1;
    repeat (5) @(negedge clk);
    rst = 1'b0;
    repeat (2) @(negedge clk);
    report("reset leaves it empty and ready",
        !m_axis_tvalid && count == 0 && s_axis_tready);
    checking = 1'b1;

    // no reader: DEPTH+1 words offered back to back, exactly DEPTH taken
    clear_stats;
    src_pct = 100;
    src_limit = in_seq + DEPTH + 1;
    src_en = 1'b1;
    snk_en = 1'b0;
    repeat (DEPTH + 20) @(negedge clk);
    report("no reader: exactly DEPTH writes accepted, back to back",
        in_n == DEPTH && in_last - in_first == DEPTH - 1 &&
        count == DEPTH[COUNT_WIDTH-1:0] && !s_axis_tready && s_axis_tvalid && m_axis_tvalid);

    // drain: all of them, then the one that was back-pressured
    snk_pct = 100;
    snk_en = 1'b1;
    run_until_drained(4 * DEPTH + 100);
    src_en = 1'b0;
    repeat (3) @(negedge clk);
    report("drain delivers them in order",
        out_seq == src_limit && count == 0 && s_axis_tready && !m_axis_tvalid);

    // streaming: source always valid, sink always ready
    n = 2 * DEPTH + 200;
    clear_stats;
    src_pct = 100;
    snk_pct = 100;
    src_limit = in_seq + n;
    src_en = 1'b1;
    snk_en = 1'b1;
    @(negedge clk);
    run_until_drained(4 * n + 100);
    src_en = 1'b0;
    @(negedge clk);
    if (DEPTH >= 2 || READY_THROUGH != 0) begin
        report("streaming sustains 1 word/cycle (cycles counted)",
            in_n == n && out_n == n &&
            in_last - in_first == n - 1 && out_last - out_first == n - 1);
    end else begin
        report("streaming sustains 1 word/2 cycles (cycles counted)",
            in_n == n && out_n == n &&
            in_last - in_first == 2 * (n - 1) && out_last - out_first == 2 * (n - 1));
    end
    if (in_last - in_first != out_last - out_first || errors != phase_errors) begin
        $display("  %0d words in over %0d cycles, out over %0d cycles",
            n, in_last - in_first + 1, out_last - out_first + 1);
    end

    random_traffic("random traffic, mostly full (90% in, 30% out)", 90, 30);
    random_traffic("random traffic, mostly empty (30% in, 90% out)", 30, 90);
    random_traffic("random traffic, balanced (60% in, 60% out)", 60, 60);

    // reset with words inside empties it
    src_pct = 100;
    src_limit = in_seq + DEPTH;
    src_en = 1'b1;
    snk_en = 1'b0;
    repeat (DEPTH + 5) @(negedge clk);
    checking = 1'b0;
    src_en = 1'b0;
    rst = 1'b1;
    @(negedge clk);
    rst = 1'b0;
    repeat (2) @(negedge clk);
    report("reset empties a full FIFO",
        !m_axis_tvalid && count == 0 && s_axis_tready && in_seq == src_limit);

    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) begin
        $fatal(1, "sluice_fifo_tb: %0d failed", failed);
    end
    $finish;
end

endmodule

`resetall
