/*

sluice: testbench for the floating-point units of rtl/

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for sluice_fadd, sluice_fmul, sluice_fdiv,
 * sluice_fcmp, sluice_fcvt_i2f, sluice_fcvt_f2i and sluice_fcvt_f2f, for
 * Icarus and Verilator.
 *
 * UNIT picks the unit (0 fadd, 1 fmul, 2 fdiv, 3 fcmp, 4 i2f, 5 f2i,
 * 6 f2f); EW, MW the floating-point format (of the operands; f2f's result
 * has EWO, MWO); IW, SIGNED the integer of the conversions.  The unit is
 * given the LATENCY this testbench computes, so elaboration stops if the
 * unit's own differs.
 *
 * The vectors come from vectors.hex (tests/rtl/fp_vectors.c writes it with
 * the CPU's results): NV words {ctl, a, b, y} of 64 bits each.  One vector
 * is fed at each step (rising edge with ce high); ce is low for a quarter
 * of the cycles, at random, and the output must then hold.  After LATENCY
 * steps, the output must be the vector's y: bit for bit, except that a NaN
 * y asks for the canonical quiet NaN (x86 gives other NaNs).  fcmp is
 * combinational (latency 0) and checked in the cycle its operands are
 * applied.  Prints the first mismatches with their operands and ends with
 * "N passed, N failed" and $fatal if anything failed.
 */
module sluice_fp_tb #
(
    parameter UNIT = 0,
    parameter EW = 8,
    parameter MW = 23,
    parameter IW = 32,
    parameter SIGNED = 1,
    parameter EWO = 11,
    parameter MWO = 52,
    parameter NV = 4000
);

localparam W = EW + MW + 1;

// the output's floating-point format, and the output's width
localparam OE = UNIT == 6 ? EWO : EW;
localparam OM = UNIT == 6 ? MWO : MW;
localparam OW = UNIT == 3 ? 3 : UNIT == 5 ? IW : OE + OM + 1;
localparam FLOAT_OUT = UNIT != 3 && UNIT != 5;

// the latencies the units document
localparam SPLIT = MW + 1 <= 32 ? 16 : 18;
localparam NP = (MW + SPLIT) / SPLIT;
localparam LATENCY =
    UNIT == 0 ? 8 :
    UNIT == 1 ? 7 + $clog2(NP * NP) :
    UNIT == 2 ? MW + 9 :
    UNIT == 3 ? 0 :
    UNIT == 4 ? 5 :
    UNIT == 5 ? 3 :
    6;

localparam [31:0] NAME = UNIT == 0 ? "fadd" : UNIT == 1 ? "fmul" : UNIT == 2 ? "fdiv" :
                         UNIT == 3 ? "fcmp" : UNIT == 4 ? "i2f" : UNIT == 5 ? "f2i" : "f2f";

reg clk = 1'b0;
always #5 clk = ~clk;

reg           ce = 1'b0;
reg  [63:0]   ctl = 64'd0;
reg  [63:0]   a = 64'd0;
reg  [63:0]   b = 64'd0;
wire [OW-1:0] y;
// sluice_fadd's y0: y, or +0 where clr was high at the step that put y
// there (clr_q: clr at the last step)
reg           clr = 1'b0, clr_q = 1'b0;
wire [OW-1:0] y0;

generate
if (UNIT == 0) begin : u_fadd
    sluice_fadd #(.EW(EW), .MW(MW), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[W-1:0]), .b(b[W-1:0]), .sub(ctl[0]), .clr(clr),
        .y(y), .y0(y0)
    );
end else if (UNIT == 3) begin : u_fcmp
    sluice_fcmp #(.EW(EW), .MW(MW)) dut (
        .a(a[W-1:0]), .b(b[W-1:0]), .lt(y[0]), .eq(y[1]), .unord(y[2])
    );
end else if (UNIT == 4) begin : u_i2f
    sluice_fcvt_i2f #(.EW(EW), .MW(MW), .IW(IW), .SIGNED(SIGNED), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[IW-1:0]), .y(y)
    );
end else if (UNIT == 5) begin : u_f2i
    sluice_fcvt_f2i #(.EW(EW), .MW(MW), .IW(IW), .SIGNED(SIGNED), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[W-1:0]), .y(y)
    );
end else if (UNIT == 6) begin : u_f2f
    sluice_fcvt_f2f #(.EWI(EW), .MWI(MW), .EWO(EWO), .MWO(MWO), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[W-1:0]), .y(y)
    );
end else if (UNIT == 2) begin : u_fdiv
    sluice_fdiv #(.EW(EW), .MW(MW), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[W-1:0]), .b(b[W-1:0]), .y(y)
    );
end else if (UNIT == 1) begin : u_fmul
    sluice_fmul #(.EW(EW), .MW(MW), .LATENCY(LATENCY)) dut (
        .clk(clk), .ce(ce), .a(a[W-1:0]), .b(b[W-1:0]), .y(y)
    );
end
endgenerate

reg [255:0] vec [0:NV-1];

reg [63:0] rng = 64'h2545f4914f6cdd1d;

function [63:0] next_rng;
    input dummy;
    reg [63:0] x;
    begin
        x = rng ^ (rng << 13);
        x = x ^ (x >> 7);
        rng = x ^ (x << 17);
        next_rng = rng;
    end
endfunction

// a NaN of the output format; the canonical quiet NaN
function is_nan;
    input [63:0] v;
    begin
        is_nan = FLOAT_OUT && (&v[OE+OM-1:OM]) && (|v[OM-1:0]);
    end
endfunction

localparam [63:0] QNAN_F = {{64-OE-OM{1'b0}}, {OE{1'b1}}, 1'b1, {OM-1{1'b0}}};
localparam [OW-1:0] QNAN = FLOAT_OUT ? QNAN_F[OW-1:0] : {OW{1'b0}};

// the operands and expected results of the last LATENCY + 1 steps
reg [255:0] model [0:LATENCY];
reg [OW-1:0] held, want;
integer steps = 0, fed = 0, i, bad = 0, checked = 0, cycles = 0;
reg [63:0] r;

task check;
    input [255:0] v;
    begin
        want = v[OW-1:0];
        checked = checked + 1;
        if (is_nan(v[63:0]) ? y !== QNAN : y !== want) begin
            bad = bad + 1;
            if (bad <= 8)
                $display("FAIL %0s EW=%0d MW=%0d vector %0d: ctl %h a %h b %h: y = %h, want %h",
                         NAME, EW, MW, checked - 1,
                         v[255:192], v[191:128], v[127:64], y, want);
        end
    end
endtask

initial begin
    $readmemh("vectors.hex", vec);
    while (checked < NV) begin
        @(negedge clk);
        cycles = cycles + 1;
        if (LATENCY == 0) begin
            if (ce)
                check(model[0]);
        end else begin
            // check what the last step left
            if (ce && steps >= LATENCY)
                check(model[LATENCY-1]);
            if (!ce && steps >= LATENCY && y !== held) begin
                bad = bad + 1;
                if (bad <= 8)
                    $display("FAIL: y changed with ce low");
            end
        end
        if (UNIT == 0 && steps >= LATENCY && y0 !== (clr_q ? {OW{1'b0}} : y)) begin
            bad = bad + 1;
            if (bad <= 8)
                $display("FAIL: y0 = %h with clr %b at the last step, y = %h", y0, clr_q, y);
        end
        held = y;
        r = next_rng(0);
        ce = r[1:0] != 2'd0;
        clr = r[2];
        if (ce) begin
            model[LATENCY] = vec[fed < NV ? fed : NV - 1];
            fed = fed + 1;
            ctl = model[LATENCY][255:192];
            a = model[LATENCY][191:128];
            b = model[LATENCY][127:64];
        end
        if (LATENCY == 0) begin
            model[0] = model[LATENCY];
            #1;
        end else begin
            @(posedge clk);
            if (ce) begin
                clr_q = clr;
                for (i = LATENCY - 1; i > 0; i = i - 1)
                    model[i] = model[i-1];
                model[0] = model[LATENCY];
                steps = steps + 1;
            end
        end
    end
    if (bad == 0)
        $display("PASS %0s EW=%0d MW=%0d: %0d vectors checked in %0d cycles",
                 NAME, EW, MW, checked, cycles);
    else
        $display("FAIL %0s EW=%0d MW=%0d: %0d of %0d wrong",
                 NAME, EW, MW, bad, checked);
    $display("%0d passed, %0d failed", bad == 0 ? 1 : 0, bad == 0 ? 0 : 1);
    if (bad != 0)
        $fatal(1, "sluice_fp_tb failed");
    $finish;
end

endmodule

`resetall
