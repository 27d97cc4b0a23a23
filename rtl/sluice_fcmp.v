/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * IEEE 754 floating-point comparison (combinational)
 *
 * Parameters:
 *
 *   EW       exponent bits: 8 for float, 11 for double
 *   MW       stored mantissa bits: 23 for float, 52 for double
 *
 * Timing:
 *
 *   Combinational (latency 0): the outputs follow a and b.  The deepest
 *   path is a compare of the magnitudes, EW + MW bits.
 *
 * Results, IEEE 754's ordered comparisons:
 *
 *   unord  a or b is a NaN (quiet or signalling)
 *   lt     a < b, 0 when unordered
 *   eq     a == b, 0 when unordered; +0 == -0
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit, Fmax of the
 * whole; Yosys 0.23 synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package
 * sg48 --freq 48; YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1
 * --25k --package CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K     88     0     0       42.6
 *   double            ECP5 25F-6    213     0     0      134.0
 *
 * The iCE40 figures miss 48 MHz; the combinations not listed were not
 * measured.
 *
 * Every fcmp predicate follows: oeq = eq, olt = lt, ogt = !lt && !eq &&
 * !unord (or lt with the operands swapped), ole = lt || eq, one = !eq &&
 * !unord, ord = !unord; each u* predicate is the negation of the opposite
 * o* one (ult = !(oge), une = !eq, ...).
 */
module sluice_fcmp #
(
    parameter EW = 8,
    parameter MW = 23
)
(
    input  wire [EW+MW:0]    a,
    input  wire [EW+MW:0]    b,

    output wire              lt,
    output wire              eq,
    output wire              unord
);

localparam W = EW + MW + 1;

// check configuration
initial begin
    if (EW < 2 || MW < 2) begin
        $error("Error: EW and MW must be at least 2 (instance %m)");
        $finish;
    end
end

wire a_nan = &a[W-2:MW] && |a[MW-1:0];
wire b_nan = &b[W-2:MW] && |b[MW-1:0];
wire zeros = a[W-2:0] == 0 && b[W-2:0] == 0;
// magnitudes order as their bit patterns do
wire mag_lt = a[W-2:0] < b[W-2:0];
wire mag_gt = b[W-2:0] < a[W-2:0];

assign unord = a_nan || b_nan;
assign eq = !unord && (a == b || zeros);
assign lt = !unord && !zeros &&
            (a[W-1] != b[W-1] ? a[W-1] : a[W-1] ? mag_gt : mag_lt);

endmodule

`resetall
