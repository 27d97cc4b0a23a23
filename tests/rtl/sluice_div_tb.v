/*

sluice: testbench for rtl/sluice_div.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for sluice_div, for Icarus and Verilator
 * (--binary, which implies --timing).  WIDTH from 1 to 64.
 *
 * One process drives ce, a and b at falling edges and samples quot and rem
 * at the next falling edge, so there is no race whichever simulator runs
 * it.  It counts steps (rising edges with ce high) and expects the result
 * of the operands of step n on the outputs once step n + LATENCY - 1 is
 * done, i.e. exactly LATENCY = WIDTH + 2 steps after they were sampled.
 * While ce is low the operands are random junk and the outputs must hold.
 *
 * The expected results come from a reference model that uses Verilog's own
 * / and % (which truncate toward zero, remainder with the dividend's sign,
 * as in C) on operands widened by two bits, with b == 0 handled as the
 * module documents; the model itself is first checked against a table of
 * results worked out by hand.
 *
 * Phases, each reported PASS or FAIL: reference model; latency counted with
 * ce high and with ce toggling; corner-case operand pairs; every operand
 * pair (WIDTH <= 8) or OPS random ones drawn from several distributions;
 * outputs hold while ce is low.  Ends with "N passed, N failed" and $fatal
 * if anything failed.
 */
module sluice_div_tb #
(
    parameter WIDTH = 8,
    parameter SIGNED = 0,
    parameter SEED = 1,
    parameter OPS = 10000
);

localparam LATENCY = WIDTH + 2;

reg clk = 1'b0;

always #5 clk = ~clk;

reg              ce = 1'b0;
reg  [WIDTH-1:0] a = {WIDTH{1'b0}};
reg  [WIDTH-1:0] b = {WIDTH{1'b0}};
wire [WIDTH-1:0] quot;
wire [WIDTH-1:0] rem;

sluice_div #(
    .WIDTH(WIDTH),
    .SIGNED(SIGNED),
    .LATENCY(LATENCY)
)
dut (
    .clk(clk),
    .ce(ce),
    .a(a),
    .b(b),
    .quot(quot),
    .rem(rem)
);

/*
 * Reference model: {quot, rem} as C computes a / b and a % b
 */
function [2*WIDTH-1:0] c_divrem;
    input [WIDTH-1:0] x;
    input [WIDTH-1:0] y;
    reg signed [WIDTH+1:0] sx, sy, sq, sr;
    reg [WIDTH-1:0] q, r;
    begin
        if (y == {WIDTH{1'b0}}) begin
            q = {WIDTH{1'b1}};
            r = x;
        end else if (SIGNED != 0) begin
            sx = {{2{x[WIDTH-1]}}, x};
            sy = {{2{y[WIDTH-1]}}, y};
            sq = sx / sy;
            sr = sx % sy;
            q = sq[WIDTH-1:0];
            r = sr[WIDTH-1:0];
        end else begin
            q = x / y;
            r = x % y;
        end
        c_divrem = {q, r};
    end
endfunction

/*
 * Helpers
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

reg [63:0] rng = 64'h2545f4914f6cdd1d ^ SEED;

function [63:0] next_rng;
    input dummy;
    begin
        rng = xorshift(rng);
        next_rng = rng;
    end
endfunction

// an integer as a WIDTH-bit two's-complement value
function [WIDTH-1:0] val;
    input integer v;
    integer i;
    begin
        for (i = 0; i < WIDTH; i = i + 1) begin
            val[i] = v[i < 31 ? i : 31];
        end
    end
endfunction

// v is representable as an operand
function fits;
    input integer v;
    begin
        if (SIGNED != 0) begin
            fits = WIDTH >= 32 || (v >= -(1 << (WIDTH-1)) && v < (1 << (WIDTH-1)));
        end else begin
            fits = v >= 0 && (WIDTH >= 31 || v < (1 << WIDTH));
        end
    end
endfunction

function [WIDTH-1:0] int_min;
    input dummy;
    begin
        int_min = {WIDTH{1'b0}};
        int_min[WIDTH-1] = 1'b1;
    end
endfunction

/*
 * Bookkeeping
 */
integer passed = 0;
integer failed = 0;

integer steps = 0;
integer checked = 0;
integer mismatches = 0;
integer hold_checks = 0;
integer hold_errors = 0;

reg [WIDTH-1:0] op_a[0:127];
reg [WIDTH-1:0] op_b[0:127];
reg [WIDTH-1:0] exp_q[0:127];
reg [WIDTH-1:0] exp_r[0:127];
reg [WIDTH-1:0] last_quot;
reg [WIDTH-1:0] last_rem;
reg have_last = 1'b0;

task report;
    input [8*64-1:0] name;
    input ok;
    begin
        if (ok) begin
            $display("PASS: sluice_div W=%0d SIGNED=%0d: %0s", WIDTH, SIGNED, name);
            passed = passed + 1;
        end else begin
            $display("FAIL: sluice_div W=%0d SIGNED=%0d: %0s", WIDTH, SIGNED, name);
            failed = failed + 1;
        end
    end
endtask

// drive ce, a and b for one cycle, then check the outputs
task tick;
    input c;
    input [WIDTH-1:0] x;
    input [WIDTH-1:0] y;
    reg [2*WIDTH-1:0] e;
    integer n;
    begin
        ce = c;
        a = x;
        b = y;
        @(negedge clk);

        if (c) begin
            e = c_divrem(x, y);
            op_a[steps % 128] = x;
            op_b[steps % 128] = y;
            exp_q[steps % 128] = e[2*WIDTH-1:WIDTH];
            exp_r[steps % 128] = e[WIDTH-1:0];
            steps = steps + 1;
        end

        if (steps >= LATENCY) begin
            n = (steps - LATENCY) % 128;
            checked = checked + 1;
            if (quot !== exp_q[n] || rem !== exp_r[n]) begin
                if (mismatches < 10) begin
                    $display("  step %0d: a=%h b=%h: quot=%h rem=%h, expected quot=%h rem=%h",
                        steps - LATENCY, op_a[n], op_b[n], quot, rem, exp_q[n], exp_r[n]);
                end
                mismatches = mismatches + 1;
            end
        end

        if (!c && have_last) begin
            hold_checks = hold_checks + 1;
            if (quot !== last_quot || rem !== last_rem) begin
                hold_errors = hold_errors + 1;
            end
        end

        last_quot = quot;
        last_rem = rem;
        have_last = 1'b1;
    end
endtask

// one cycle with ce high with probability pct, else junk operands
task tick_maybe;
    input integer pct;
    input [WIDTH-1:0] x;
    input [WIDTH-1:0] y;
    output issued;
    reg [63:0] r;
    begin
        r = next_rng(0);
        issued = r[31:0] % 100 < pct;
        if (issued) begin
            tick(1'b1, x, y);
        end else begin
            r = next_rng(0);
            tick(1'b0, r[WIDTH-1:0], r[63:64-WIDTH]);
        end
    end
endtask

// ce high with probability pct, sometimes stalls of up to 3*LATENCY cycles
task step_op;
    input integer pct;
    input [WIDTH-1:0] x;
    input [WIDTH-1:0] y;
    reg [63:0] r;
    reg issued;
    integer i;
    begin
        r = next_rng(0);
        if (r[9:0] == 0) begin
            for (i = 0; i < r[63:32] % (3 * LATENCY); i = i + 1) begin
                tick(1'b0, r[WIDTH-1:0], ~r[WIDTH-1:0]);
            end
        end
        issued = 1'b0;
        while (!issued) begin
            tick_maybe(pct, x, y, issued);
        end
    end
endtask

// run the pipeline empty so every operation so far has been checked
task flush;
    integer i;
    begin
        for (i = 0; i < LATENCY; i = i + 1) begin
            tick(1'b1, {WIDTH{1'b0}}, {WIDTH{1'b1}});
        end
    end
endtask

/*
 * Reference model against hand-worked C results
 */
integer ref_cases = 0;
integer ref_errors = 0;

task known;
    input integer x;
    input integer y;
    input integer q;
    input integer r;
    reg [2*WIDTH-1:0] e;
    begin
        if (fits(x) && fits(y)) begin
            e = c_divrem(val(x), val(y));
            ref_cases = ref_cases + 1;
            if (e !== {val(q), val(r)}) begin
                $display("  reference: %0d / %0d gives quot=%h rem=%h, C gives %0d, %0d",
                    x, y, e[2*WIDTH-1:WIDTH], e[WIDTH-1:0], q, r);
                ref_errors = ref_errors + 1;
            end
        end
    end
endtask

task check_reference;
    reg [2*WIDTH-1:0] e;
    begin
        known(0, 1, 0, 0);
        known(1, 1, 1, 0);
        known(7, 2, 3, 1);
        known(6, 3, 2, 0);
        known(2, 3, 0, 2);
        known(5, 0, -1, 5);
        known(0, 0, -1, 0);
        if (SIGNED != 0) begin
            known(-1, 1, -1, 0);
            known(-1, -1, 1, 0);
            known(-7, 2, -3, -1);
            known(7, -2, -3, 1);
            known(-7, -2, 3, -1);
            known(-8, 3, -2, -2);
            known(0, -3, 0, 0);
            known(-5, 0, -1, -5);
            known(-1, 0, -1, -1);
            known(-100, 7, -14, -2);
            known(100, -7, -14, 2);
            // most negative / -1 wraps to itself
            e = c_divrem(int_min(0), {WIDTH{1'b1}});
            ref_cases = ref_cases + 1;
            if (e !== {int_min(0), {WIDTH{1'b0}}}) begin
                $display("  reference: INT_MIN / -1 gives quot=%h rem=%h",
                    e[2*WIDTH-1:WIDTH], e[WIDTH-1:0]);
                ref_errors = ref_errors + 1;
            end
        end else begin
            known(15, 4, 3, 3);
            known(100, 7, 14, 2);
            known(255, 16, 15, 15);
            // all ones / all ones, all ones / 1
            e = c_divrem({WIDTH{1'b1}}, {WIDTH{1'b1}});
            ref_cases = ref_cases + 1;
            if (e !== {val(1), val(0)}) begin
                ref_errors = ref_errors + 1;
            end
            e = c_divrem({WIDTH{1'b1}}, val(1));
            ref_cases = ref_cases + 1;
            if (e !== {{WIDTH{1'b1}}, val(0)}) begin
                ref_errors = ref_errors + 1;
            end
        end
        report("reference model gives C results on hand-worked cases",
            ref_errors == 0 && ref_cases >= 3);
    end
endtask

/*
 * Latency, counted in steps: a pipeline full of 0 / -1 (result 0), then
 * one 1 / 1 (quotient 1, or all ones when WIDTH = 1), then 0 / -1 again
 */
task check_latency;
    input integer pct;
    input [8*64-1:0] name;
    integer t;
    reg issued;
    begin
        repeat (LATENCY + 2) begin
            tick(1'b1, {WIDTH{1'b0}}, {WIDTH{1'b1}});
        end
        tick(1'b1, val(1), val(1));
        t = 1;
        while (quot !== val(1) && t < 3 * LATENCY) begin
            tick_maybe(pct, {WIDTH{1'b0}}, {WIDTH{1'b1}}, issued);
            if (issued) begin
                t = t + 1;
            end
        end
        if (t != LATENCY) begin
            $display("  result appeared after %0d steps, expected %0d", t, LATENCY);
        end
        report(name, t == LATENCY && rem === {WIDTH{1'b0}});
    end
endtask

/*
 * Operands
 */
reg [WIDTH-1:0] corner[0:11];

task init_corners;
    integer k;
    begin
        corner[0] = val(0);
        corner[1] = val(1);
        corner[2] = val(2);
        corner[3] = val(3);
        corner[4] = {WIDTH{1'b1}};
        corner[5] = ~val(1);
        corner[6] = int_min(0);
        corner[7] = int_min(0) + val(1);
        corner[8] = ~int_min(0);
        corner[9] = ~int_min(0) - val(1);
        for (k = 0; k < WIDTH; k = k + 1) begin
            corner[10][k] = k % 2 == 0;
            corner[11][k] = k % 2 == 1;
        end
    end
endtask

// a random operand pair from one of eight distributions
task random_op;
    output [WIDTH-1:0] x;
    output [WIDTH-1:0] y;
    reg [63:0] r1, r2, r3;
    integer s1, s2;
    begin
        r1 = next_rng(0);
        r2 = next_rng(0);
        r3 = next_rng(0);
        x = r1[WIDTH-1:0];
        y = r2[WIDTH-1:0];
        s1 = {3'b000, r3[31:3]} % WIDTH;
        s2 = r3[63:32] % WIDTH;
        case (r3[2:0])
            3'd0: ;                                         // uniform
            3'd1: y = y >> s2;                              // small divisor
            3'd2: begin x = x >> s1; y = y >> s2; end       // random magnitudes
            3'd3: y = {WIDTH{1'b0}};                        // divide by zero
            3'd4: y = y >> (WIDTH > 4 ? WIDTH - 4 : 0);     // divisor 0..15
            3'd5: x = (y >> s2) * (x >> s1);                // often exact
            3'd6: begin x = -(x >> s1); y = y >> s2; end    // negative dividend
            3'd7: begin x = x >> s1; y = -(y >> s2); end    // negative divisor
        endcase
    end
endtask

/*
 * Test sequence
 */
integer i, j;
integer mismatches_before;
reg [WIDTH-1:0] x, y;

initial begin
    $display("sluice_div_tb: WIDTH=%0d SIGNED=%0d LATENCY=%0d SEED=%0d",
        WIDTH, SIGNED, LATENCY, SEED);

    if (WIDTH < 1 || WIDTH > 64) begin
        $fatal(1, "sluice_div_tb: WIDTH must be 1 to 64");
    end

    check_reference;

    @(negedge clk);
    check_latency(100, "latency is WIDTH+2 steps, ce always high");
    check_latency(60, "latency is WIDTH+2 steps, ce toggling");

    // every pair of corner values
    init_corners;
    flush;
    mismatches_before = mismatches;
    for (i = 0; i < 12; i = i + 1) begin
        for (j = 0; j < 12; j = j + 1) begin
            step_op(70, corner[i], corner[j]);
        end
    end
    flush;
    report("corner-case operands (0, 1, -1, min, max, ...) all pairs",
        mismatches == mismatches_before);

    mismatches_before = mismatches;
    if (WIDTH <= 8) begin
        for (i = 0; i < (1 << (2 * WIDTH)); i = i + 1) begin
            x = val(i >> WIDTH);
            y = val(i);
            step_op(i % 3 == 0 ? 30 : 80, x, y);
        end
        flush;
        report("every operand pair, ce toggling", mismatches == mismatches_before);
    end else begin
        for (i = 0; i < OPS; i = i + 1) begin
            random_op(x, y);
            step_op(i % 3 == 0 ? 30 : 80, x, y);
        end
        flush;
        report("random operands, ce toggling", mismatches == mismatches_before);
    end

    report("outputs hold while ce is low",
        hold_errors == 0 && hold_checks > 10);

    $display("  %0d steps, %0d results checked, %0d holds checked",
        steps, checked, hold_checks);
    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) begin
        $fatal(1, "sluice_div_tb: %0d failed", failed);
    end
    $finish;
end

endmodule

`resetall
