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
 *   the significand (its logic is before the first register);
 *   normalising shift and the new exponent; the significand cut to the
 *   result's width with guard, round and sticky bits; a shift right for
 *   results below the normal range; rounding decision; rounding.
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
 * a register folding its outputs; LUT and FF of the unit, Fmax of the
 * whole; Yosys 0.23 synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package
 * sg48 --freq 48; YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1
 * --25k --package CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   double -> float   iCE40 UP5K    686   246     0       31.4
 *
 * The iCE40 figures miss 48 MHz; the combinations not listed were not
 * measured.
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
 * the significand and its leading zeros
 */
wire [EWI-1:0] a_e = a[WI-2:MWI];

reg [SI-1:0] s1_m_reg;
reg [NS-1:0] s1_lz_reg;
reg [EWI-1:0] s1_e_reg;
reg [1:0] s1_kind_reg;
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_m_reg <= {a_e != 0, a[MWI-1:0]};
        s1_lz_reg <= lzc({a_e != 0, a[MWI-1:0]});
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
        s2_m_reg <= s1_m_reg << s1_lz_reg;
        s2_e_reg <= {{XW-EWI{1'b0}}, s1_e_reg} - {{XW-NS{1'b0}}, s1_lz_reg} - BIASI + BIASO;
        s2_kind_reg <= s1_kind_reg;
        s2_s_reg <= s1_s_reg;
    end
end

/*
 * Stage 3: the significand cut to SO + 3 bits (significand, guard,
 * round, sticky); rs, the shift right that brings a result below the
 * normal range to exponent 1 (a denormal)
 */
wire [VW-1:0] c_x = {s2_m_reg, {VW-SI{1'b0}}};
wire [RW-1:0] c_v;
wire c_low = s2_e_reg[XW-1] || s2_e_reg == 0;

generate
if (VW > RW) begin : cut
    assign c_v = {c_x[VW-1:VW-RW+1], |c_x[VW-RW:0]};
end else begin : whole
    assign c_v = c_x;
end
endgenerate

reg [RW-1:0] c_v_reg;
reg [XW-1:0] c_e_reg;
reg [XW-1:0] c_rs_reg;
reg c_low_reg;
reg [1:0] c_kind_reg;
reg c_s_reg;

always @(posedge clk) begin
    if (ce) begin
        c_v_reg <= c_v;
        c_e_reg <= s2_e_reg;
        c_rs_reg <= c_low ? {{XW-1{1'b0}}, 1'b1} - s2_e_reg : {XW{1'b0}};
        c_low_reg <= c_low;
        c_kind_reg <= s2_kind_reg;
        c_s_reg <= s2_s_reg;
    end
end

/*
 * Stage 4: the shift right, the bits shifted out ORed into the sticky
 * bit; the exponent field (0 for a denormal)
 */
wire [RW-1:0] d_sh = c_v_reg >> c_rs_reg;
wire [RW-1:0] d_lost;

genvar i;

generate
for (i = 0; i < RW; i = i + 1) begin : lost
    localparam [XW-1:0] I = i;
    assign d_lost[i] = c_v_reg[i] && c_rs_reg > I;
end
endgenerate

// the hidden bit is not used: the exponent field implies it
/* verilator lint_off UNUSEDSIGNAL */
reg [RW-1:0] d_v_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [XW-1:0] d_f_reg;
reg [1:0] d_kind_reg;
reg d_s_reg;

always @(posedge clk) begin
    if (ce) begin
        d_v_reg <= {d_sh[RW-1:1], d_sh[0] || (|d_lost)};
        d_f_reg <= c_low_reg ? {XW{1'b0}} : c_e_reg;
        d_kind_reg <= c_kind_reg;
        d_s_reg <= c_s_reg;
    end
end

/*
 * Stage 5: rounding decision and overflow
 */
reg [EWO-1:0] r_f_reg;
reg [MWO-1:0] r_m_reg;
reg r_inc_reg;
reg [1:0] r_kind_reg;
reg r_s_reg;

always @(posedge clk) begin
    if (ce) begin
        r_f_reg <= d_f_reg[EWO-1:0];
        r_m_reg <= d_v_reg[MWO+2:3];
        r_inc_reg <= d_v_reg[2] && (d_v_reg[1] || d_v_reg[0] || d_v_reg[3]);
        r_kind_reg <= d_kind_reg == 2'd0 && d_f_reg >= {{XW-EWO{1'b0}}, EMAXO} ? 2'd1 : d_kind_reg;
        r_s_reg <= d_s_reg;
    end
end

/*
 * Stage 6: rounding; the increment carries from the mantissa into the
 * exponent field (up to infinity)
 */
wire [EWO+MWO-1:0] r_r = {r_f_reg, r_m_reg} + {{EWO+MWO-1{1'b0}}, r_inc_reg};

reg [WO-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        case (r_kind_reg)
        2'd0: y_reg <= {r_s_reg, r_r};
        2'd1: y_reg <= {r_s_reg, EMAXO, {MWO{1'b0}}};
        2'd2: y_reg <= {1'b0, EMAXO, 1'b1, {MWO-1{1'b0}}};
        default: y_reg <= {r_s_reg, {EWO+MWO{1'b0}}};
        endcase
    end
end

assign y = y_reg;

endmodule

`resetall
