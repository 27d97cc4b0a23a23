/*

sluice: testbench for rtl/sluice_mul.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for sluice_mul, for Icarus and Verilator.
 *
 * One process drives ce, a and b at falling edges and checks p at the
 * next falling edge.  A model pipeline of LATENCY registers, moved at each
 * step (rising edge with ce high), holds the products a * b (Verilog's own
 * *, modulo 2^WIDTH) of the operands sampled at the last LATENCY steps;
 * once LATENCY steps have passed, p must equal the oldest.  With ce low
 * (a quarter of the cycles, at random) p must hold.  Operands: corner
 * values (0, 1, all ones, the top bit alone, SPLIT-bit boundaries) mixed
 * with random ones of random widths.  Ends with "N passed, N failed" and
 * $fatal if anything failed.
 */
module sluice_mul_tb #
(
    parameter WIDTH = 32,
    parameter SPLIT = 16,
    parameter EXT = 0,
    parameter OPS = 20000
);

localparam LATENCY = WIDTH <= SPLIT || EXT != 0 ? 2 : 3;

reg clk = 1'b0;
always #5 clk = ~clk;

reg              ce = 1'b0;
reg  [WIDTH-1:0] a = {WIDTH{1'b0}};
reg  [WIDTH-1:0] b = {WIDTH{1'b0}};
wire [WIDTH-1:0] p;

sluice_mul #(.WIDTH(WIDTH), .SPLIT(SPLIT), .EXT(EXT)) dut (
    .clk(clk), .ce(ce), .a(a), .b(b), .p(p)
);

reg [63:0] rng = 64'h2545f4914f6cdd1d;

function [63:0] next_rng;
    input dummy;
    reg [63:0] y;
    begin
        y = rng ^ (rng << 13);
        y = y ^ (y >> 7);
        rng = y ^ (y << 17);
        next_rng = rng;
    end
endfunction

// a corner value or a random one of random width
function [WIDTH-1:0] operand;
    input dummy;
    reg [63:0] r, s;
    integer sh;
    begin
        r = next_rng(0);
        s = next_rng(0);
        sh = {26'd0, r[13:8]};
        sh = sh % WIDTH;
        case (r[3:0])
        4'd0: operand = {WIDTH{1'b0}};
        4'd1: operand = 1;
        4'd2: operand = {WIDTH{1'b1}};
        4'd3: operand = {WIDTH{1'b1}} << (WIDTH - 1);
        4'd4: operand = {WIDTH{1'b1}} >> (WIDTH > SPLIT ? WIDTH - SPLIT : 0);
        default: operand = s[WIDTH-1:0] >> sh;
        endcase
        // EXT 1 (2): the operand is a sign (zero) extension of its low
        // SPLIT bits, as the compiler gives sluice_mul such operands
        if (EXT != 0 && WIDTH > SPLIT) begin
            for (sh = SPLIT; sh < WIDTH; sh = sh + 1)
                operand[sh] = EXT == 1 ? operand[SPLIT-1] : 1'b0;
        end
    end
endfunction

reg [WIDTH-1:0] model [0:LATENCY-1];
reg [WIDTH-1:0] held;
integer steps = 0, i, n, bad = 0, checked = 0;
reg [63:0] r;

initial begin
    for (n = 0; n < OPS; n = n + 1) begin
        @(negedge clk);
        // check what the last step left
        if (steps >= LATENCY) begin
            checked = checked + 1;
            if (p !== model[LATENCY-1]) begin
                bad = bad + 1;
                if (bad <= 5)
                    $display("FAIL step %0d: p = %h, want %h", steps, p, model[LATENCY-1]);
            end
        end
        if (!ce && steps >= LATENCY && p !== held) begin
            bad = bad + 1;
            if (bad <= 5)
                $display("FAIL: p changed with ce low");
        end
        held = p;
        r = next_rng(0);
        ce = r[1:0] != 2'd0;
        a = operand(0);
        b = operand(0);
        @(posedge clk);
        if (ce) begin
            for (i = LATENCY - 1; i > 0; i = i - 1)
                model[i] = model[i-1];
            model[0] = a * b;
            steps = steps + 1;
        end
    end
    if (bad == 0 && checked > OPS / 2)
        $display("PASS sluice_mul WIDTH=%0d SPLIT=%0d EXT=%0d: %0d products checked", WIDTH, SPLIT,
                 EXT, checked);
    else
        $display("FAIL sluice_mul WIDTH=%0d SPLIT=%0d: %0d of %0d wrong", WIDTH, SPLIT, bad, checked);
    $display("%0d passed, %0d failed", bad == 0 ? 1 : 0, bad == 0 ? 0 : 1);
    if (bad != 0)
        $fatal(1, "sluice_mul_tb failed");
    $finish;
end

endmodule

`resetall
