/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined conversion of an integer to IEEE 754 floating point
 *
 * Parameters:
 *
 *   EW       exponent bits of the result: 8 for float, 11 for double
 *   MW       stored mantissa bits of the result: 23 for float, 52 for double
 *   IW       integer width in bits (32 and 64 are tested)
 *   SIGNED   0: unsigned integer; 1: two's-complement integer
 *   LATENCY  not a knob: it must be left at its default, 5.  An
 *            instantiating generator may pass the value it computed, and
 *            elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = 5
 *
 *   Every rising edge of clk at which ce is high is a step.  a is sampled
 *   at a step, and y is on the output right after the LATENCY-th step
 *   counting that one, and stays there until the next step.  A new
 *   operation can start at every step.  With ce low the whole pipeline,
 *   outputs included, holds its state.  The stages: absolute value (its
 *   negation is the logic before the first register); leading-zero count;
 *   normalising shift; rounding decision (with the exponent field plus
 *   one); rounding.
 *
 * Results: y = (float) a as C converts it: rounded to nearest, ties to
 * even (exact when the integer fits the significand); 0 gives +0.  Bit
 * for bit what an x86-64 CPU computes.
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   int32 -> float    iCE40 UP5K    350   188     0       48.4
 *   int64 -> double   iCE40 UP5K    750   351     0       31.5
 *   int32 -> float    ECP5 25F-6    441   188     0      164.7
 *   int64 -> double   ECP5 25F-6   1016   355     0      138.5
 *
 * int32 -> float clears 48 MHz on the UP5K (seeds 2 and 3: 48.4, 48.4;
 * the path that limits it is the negation before the first register);
 * int64 -> double does not.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fcvt_i2f #
(
    parameter EW = 8,
    parameter MW = 23,
    parameter IW = 32,
    parameter SIGNED = 1,
    parameter LATENCY = 5
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [IW-1:0]     a,

    output wire [EW+MW:0]    y
);

localparam W = EW + MW + 1;
localparam SW = MW + 1;                      // significand, hidden bit included
localparam XV = (IW > SW ? IW : SW) + 2;     // the integer left-aligned, guard and sticky room
localparam NS = $clog2(IW + 1);              // a leading-zero count
localparam [EW-1:0] EMAX = {EW{1'b1}};
localparam [EW:0] BIAS = {2'b00, {EW-1{1'b1}}};
localparam integer TOPI = IW - 1;
localparam [EW:0] TOP = TOPI[EW:0];

// check configuration
initial begin
    if (EW < 2 || MW < 2 || IW < 2) begin
        $error("Error: EW, MW and IW must be at least 2 (instance %m)");
        $finish;
    end

    if (SIGNED != 0 && SIGNED != 1) begin
        $error("Error: SIGNED must be 0 or 1 (instance %m)");
        $finish;
    end

    if (LATENCY != 5) begin
        $error("Error: LATENCY is 5 and cannot be set (instance %m)");
        $finish;
    end
end

// leading zeros, by a tree: v is padded with ones below to 2**NS bits
// (then it is never all zeros), each level combines pairs of groups
function [NS-1:0] lzc;
    input [IW-1:0] v;
    reg [(1<<NS)-1:0] z;
    reg [NS*(1<<NS)-1:0] c;
    integer l, g;
    begin
        z = ~{v, {(1<<NS)-IW{1'b1}}};
        c = 0;
        for (l = 1; l <= NS; l = l + 1)
            for (g = 0; g < (1 << (NS - l)); g = g + 1) begin
                c[g*NS +: NS] = z[2*g+1] ? (1 << (l - 1)) | c[2*g*NS +: NS] : c[(2*g+1)*NS +: NS];
                z[g] = z[2*g+1] && z[2*g];
            end
        lzc = c[NS-1:0];
    end
endfunction

/*
 * Stage 1: sign and absolute value
 */
wire a_neg = SIGNED != 0 && a[IW-1];

reg [IW-1:0] s1_v_reg;
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_v_reg <= a_neg ? -a : a;
        s1_s_reg <= a_neg;
    end
end

/*
 * Stage 2: leading zeros
 */
reg [IW-1:0] s2_v_reg;
reg [NS-1:0] s2_lz_reg;
reg s2_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s2_v_reg <= s1_v_reg;
        s2_lz_reg <= lzc(s1_v_reg);
        s2_s_reg <= s1_s_reg;
    end
end

/*
 * Stage 3: the integer shifted left until its top bit is 1; the exponent
 * bias + IW - 1 - lz (0 for a zero)
 */
reg [IW-1:0] s3_v_reg;
reg [EW:0] s3_e_reg;
reg s3_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s3_v_reg <= s2_v_reg << s2_lz_reg;
        s3_e_reg <= s2_v_reg == 0 ? {EW+1{1'b0}} : BIAS + TOP - {{EW+1-NS{1'b0}}, s2_lz_reg};
        s3_s_reg <= s2_s_reg;
    end
end

/*
 * Stage 4: rounding decision: significand, guard bit, sticky bits; the
 * exponent field plus one, taken when the increment carries out of the
 * mantissa (all ones), and whether each overflows
 */
wire [XV-1:0] s4_x = {s3_v_reg, {XV-IW{1'b0}}};
wire [EW:0] s4_e1 = s3_e_reg + 1'b1;

reg [EW-1:0] s4_e_reg, s4_e1_reg;
reg s4_ovf_reg, s4_ovf1_reg;
reg [MW-1:0] s4_m_reg;
reg s4_ones_reg;
reg s4_inc_reg;
reg s4_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s4_e_reg <= s3_e_reg[EW-1:0];
        s4_e1_reg <= s4_e1[EW-1:0];
        s4_ovf_reg <= s3_e_reg >= {1'b0, EMAX};
        s4_ovf1_reg <= s4_e1 >= {1'b0, EMAX};
        s4_m_reg <= s4_x[XV-2:XV-1-MW];
        s4_ones_reg <= &s4_x[XV-2:XV-1-MW];
        s4_inc_reg <= s4_x[XV-1-SW] && ((|s4_x[XV-2-SW:0]) || s4_x[XV-SW]);
        s4_s_reg <= s3_s_reg;
    end
end

/*
 * Stage 5: rounding; the increment carries from the mantissa into the
 * exponent field (up to infinity, for formats too narrow for the integer)
 */
wire s5_c = s4_inc_reg && s4_ones_reg;
wire [MW-1:0] s5_m = s4_m_reg + {{MW-1{1'b0}}, s4_inc_reg};

reg [W-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        if (s5_c ? s4_ovf1_reg : s4_ovf_reg)
            y_reg <= {s4_s_reg, EMAX, {MW{1'b0}}};
        else
            y_reg <= {s4_s_reg, s5_c ? s4_e1_reg : s4_e_reg, s5_m};
    end
end

assign y = y_reg;

endmodule

`resetall
