/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined conversion between IEEE 754 floating-point formats
 *
 * Parameters:
 *
 *   EWI, MWI  exponent and stored mantissa bits of the operand (8, 23
 *             float; 11, 52 double)
 *   EWO, MWO  those of the result
 *   LATENCY   not a knob: it must be left at its default, 6.  An
 *             instantiating generator may pass the value it computed, and
 *             elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = 6 (float to double and double to float alike)
 *
 *   Every rising edge of clk at which ce is high is a step.  a is sampled
 *   at a step, and y is on the output right after the LATENCY-th step
 *   counting that one, and stays there until the next step.  A new
 *   operation can start at every step.  With ce low the whole pipeline,
 *   outputs included, holds its state.  The stages: leading-zero count of
 *   the significand and, beside it, the shift by the count's top bit
 *   (its logic is before the first register; none of it when narrowing
 *   double to float, where a denormal operand gives 0 unnormalised);
 *   the rest of the normalising shift and the new exponent; the
 *   significand cut to the result's width with guard, round and sticky
 *   bits, the shift right for results below the normal range and
 *   overflow; that shift, with the mask of the bits it loses; rounding
 *   decision (with the exponent field plus one); rounding.
 *
 * Results: y = a in the other format, as C's (double) and (float) give
 * it: exact when widening (a denormal float becomes a normal double);
 * when narrowing, rounded to nearest, ties to even, overflowing to
 * infinity, underflowing to denormals and zero; zeros and infinities keep
 * their sign; a NaN gives the canonical quiet NaN (sign 0, exponent all
 * ones, mantissa MSB alone set), as RISC-V does.  Bit for bit what an
 * x86-64 CPU computes, NaN payloads aside.
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   double -> float   iCE40 UP5K    296   291     0       54.3
 *   float -> double   iCE40 UP5K    551   336     0       38.3
 *   double -> float   ECP5 25F-6    358   292     0      152.3
 *   float -> double   ECP5 25F-6    713   335     0      154.3
 *
 * double -> float clears 48 MHz on the UP5K (seeds 2 and 3: 53.2, 53.3);
 * float -> double does not.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fcvt_f2f #
(
    parameter EWI = 8,
    parameter MWI = 23,
    parameter EWO = 11,
    parameter MWO = 52,
    parameter LATENCY = 6
)
(
    input  wire                clk,
    input  wire                ce,

    input  wire [EWI+MWI:0]    a,

    output wire [EWO+MWO:0]    y
);

localparam WI = EWI + MWI + 1;
localparam WO = EWO + MWO + 1;
localparam SI = MWI + 1;                     // significands, hidden bit included
localparam SO = MWO + 1;
localparam NS = $clog2(SI + 1);              // a leading-zero count
localparam XW = (EWI > EWO ? EWI : EWO) + 2; // signed exponents
localparam RW = SO + 3;                      // significand, guard, round, sticky
localparam DW = $clog2(RW);                  // a shift right to a denormal
localparam VW = SI > RW ? SI : RW;           // the operand's significand, left-aligned
localparam [EWI-1:0] EMAXI = {EWI{1'b1}};
localparam [EWO-1:0] EMAXO = {EWO{1'b1}};
localparam [XW-1:0] BIASI = {{XW-EWI+1{1'b0}}, {EWI-1{1'b1}}};
localparam [XW-1:0] BIASO = {{XW-EWO+1{1'b0}}, {EWO-1{1'b1}}};

// check configuration
initial begin
    if (EWI < 2 || MWI < 2 || EWO < 2 || MWO < 2) begin
        $error("Error: EWI, MWI, EWO and MWO must be at least 2 (instance %m)");
        $finish;
    end

    if (LATENCY != 6) begin
        $error("Error: LATENCY is 6 and cannot be set (instance %m)");
        $finish;
    end
end

// leading zeros, by a tree: v is padded with ones below to 2**NS bits
// (then it is never all zeros), each level combines pairs of groups
function [NS-1:0] lzc;
    input [SI-1:0] v;
    reg [(1<<NS)-1:0] z;
    reg [NS*(1<<NS)-1:0] c;
    integer l, g;
    begin
        z = ~{v, {(1<<NS)-SI{1'b1}}};
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
 * Stage 1: special operands (kind: 0 finite, 1 infinity, 2 NaN, 3 zero),
 * the significand and its leading zeros; the significand already shifted
 * by the count's top bit (its top H bits are zero), which is known
 * before the whole count
 */
localparam H = 1 << (NS - 1);
// Narrowing to a format whose smallest denormal is more than twice the
// operand's largest denormal (double to float): such an operand rounds to
// zero however it is normalised, so none is done (the count is taken as 0)
localparam integer BI = (1 << (EWI - 1)) - 1;
localparam integer BO = (1 << (EWO - 1)) - 1;
localparam NORM = BI < BO + MWO + 1;
wire [EWI-1:0] a_e = a[WI-2:MWI];
wire [SI-1:0] a_m = {a_e != 0, a[MWI-1:0]};

reg [SI-1:0] s1_m_reg;
reg [NS-1:0] s1_lz_reg;
reg [EWI-1:0] s1_e_reg;
reg [1:0] s1_kind_reg;
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_m_reg <= NORM && a_m[SI-1:SI-H] == 0 ? a_m << H : a_m;
        s1_lz_reg <= NORM ? lzc(a_m) : {NS{1'b0}};
        s1_e_reg <= a_e | {{EWI-1{1'b0}}, a_e == 0};
        s1_kind_reg <= a_e == EMAXI ? (a[MWI-1:0] != 0 ? 2'd2 : 2'd1) :
                       a[WI-2:0] == 0 ? 2'd3 : 2'd0;
        s1_s_reg <= a[WI-1];
    end
end

/*
 * Stage 2: normalised significand; the exponent rebiased
 */
reg [SI-1:0] s2_m_reg;
reg [XW-1:0] s2_e_reg;
reg [1:0] s2_kind_reg;
reg s2_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s2_m_reg <= s1_m_reg << s1_lz_reg[NS-2:0];
        s2_e_reg <= {{XW-EWI{1'b0}}, s1_e_reg} - {{XW-NS{1'b0}}, s1_lz_reg} + (BIASO - BIASI);
        s2_kind_reg <= s1_kind_reg;
        s2_s_reg <= s1_s_reg;
    end
end

/*
 * Stage 3: the significand cut to SO + 3 bits (significand, guard,
 * round, sticky); rs, the shift right that brings a result below the
 * normal range to exponent 1 (a denormal), cut to DW bits (a shift of RW
 * or more leaves nothing); the exponent field (0 for a denormal);
 * overflow
 */
wire [VW-1:0] c_x = {s2_m_reg, {VW-SI{1'b0}}};
wire [RW-1:0] c_v;
wire c_low = s2_e_reg[XW-1] || s2_e_reg == 0;
// for -2**DW <= e <= 0, 1 - e fits DW + 1 bits; below, and when its top
// bit is set, the shift is at least RW; all without a compare's carry
wire [DW:0] c_rs = {{DW{1'b0}}, 1'b1} - s2_e_reg[DW:0];
wire c_big = s2_e_reg[XW-1] && !(&s2_e_reg[XW-2:DW]) || c_rs[DW];
wire c_ovf = !s2_e_reg[XW-1] && (|s2_e_reg[XW-2:EWO] || &s2_e_reg[EWO-1:0]);

generate
if (VW > RW) begin : cut
    assign c_v = {c_x[VW-1:VW-RW+1], |c_x[VW-RW:0]};
end else begin : whole
    assign c_v = c_x;
end
endgenerate

reg [RW-1:0] c_v_reg;
reg [EWO-1:0] c_f_reg;
reg [DW-1:0] c_rs_reg;
reg [1:0] c_kind_reg;
reg c_s_reg;

always @(posedge clk) begin
    if (ce) begin
        c_v_reg <= c_v;
        c_f_reg <= c_low ? {EWO{1'b0}} : s2_e_reg[EWO-1:0];
        c_rs_reg <= !c_low ? {DW{1'b0}} : c_big ? {DW{1'b1}} : c_rs[DW-1:0];
        c_kind_reg <= s2_kind_reg == 2'd0 && c_ovf ? 2'd1 : s2_kind_reg;
        c_s_reg <= s2_s_reg;
    end
end

/*
 * Stage 4: the shift right, the bits shifted out (those under the mask
 * of the bits below rs) ORed into the sticky bit
 */
wire [RW-1:0] d_sh = c_v_reg >> c_rs_reg;
wire [RW-1:0] d_lost = ~({RW{1'b1}} << c_rs_reg);

// the hidden bit is not used: the exponent field implies it
/* verilator lint_off UNUSEDSIGNAL */
reg [RW-1:0] d_v_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [EWO-1:0] d_f_reg;
reg [1:0] d_kind_reg;
reg d_s_reg;

always @(posedge clk) begin
    if (ce) begin
        d_v_reg <= {d_sh[RW-1:1], d_sh[0] || (|(c_v_reg & d_lost))};
        d_f_reg <= c_f_reg;
        d_kind_reg <= c_kind_reg;
        d_s_reg <= c_s_reg;
    end
end

/*
 * Stage 5: rounding decision; the exponent field plus one, for an
 * increment that carries out of the mantissa
 */
reg [EWO-1:0] r_f_reg, r_f1_reg;
reg [MWO-1:0] r_m_reg;
reg r_ones_reg;
reg r_inc_reg;
reg [1:0] r_kind_reg;
reg r_s_reg;

always @(posedge clk) begin
    if (ce) begin
        r_f_reg <= d_f_reg;
        r_f1_reg <= d_f_reg + 1'b1;
        r_m_reg <= d_v_reg[MWO+2:3];
        r_ones_reg <= &d_v_reg[MWO+2:3];
        r_inc_reg <= d_v_reg[2] && (d_v_reg[1] || d_v_reg[0] || d_v_reg[3]);
        r_kind_reg <= d_kind_reg;
        r_s_reg <= d_s_reg;
    end
end

/*
 * Stage 6: rounding; the increment carries from the mantissa into the
 * exponent field (up to infinity)
 */
wire [MWO-1:0] r_m = r_m_reg + {{MWO-1{1'b0}}, r_inc_reg};
wire [EWO-1:0] r_f = r_inc_reg && r_ones_reg ? r_f1_reg : r_f_reg;

reg [WO-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        case (r_kind_reg)
        2'd0: y_reg <= {r_s_reg, r_f, r_m};
        2'd1: y_reg <= {r_s_reg, EMAXO, {MWO{1'b0}}};
        2'd2: y_reg <= {1'b0, EMAXO, 1'b1, {MWO-1{1'b0}}};
        default: y_reg <= {r_s_reg, {EWO+MWO{1'b0}}};
        endcase
    end
end

assign y = y_reg;

endmodule

`resetall
