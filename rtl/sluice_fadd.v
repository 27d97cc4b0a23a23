/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined IEEE 754 floating-point adder / subtracter
 *
 * Parameters:
 *
 *   EW       exponent bits: 8 for float, 11 for double
 *   MW       stored mantissa bits: 23 for float, 52 for double
 *   LATENCY  not a knob: it must be left at its default (below).  An
 *            instantiating generator may pass the value it computed, and
 *            elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = 8 (float and double alike)
 *
 *   Every rising edge of clk at which ce is high is a step.  a, b and sub
 *   are sampled at a step, and y is on the output right after the
 *   LATENCY-th step counting that one, and stays there until the next
 *   step.  A new operation can start at every step.  With ce low the
 *   whole pipeline, outputs included, holds its state.  The inputs go
 *   through logic (the magnitude compare) before the first register.
 *   The stages: magnitude compare; swap so that |x| >= |y|, the
 *   alignment shift and the mask of the bits it loses; alignment of y
 *   (shift right with sticky bit, y complemented for a subtraction); add
 *   or subtract; normalisation (two stages of a shift left limited by
 *   the exponent, so that tiny results come out as denormals); rounding
 *   decision (with the exponent field plus one); rounding.
 *
 *   y0 is y, or +0 where clr was high at the step that put y there: a
 *   second output register, for `s = last ? 0 : s + x`, a running sum
 *   that starts again (the sum of a loop made one with the loop around
 *   it, hls/pass/if_convert.c).  The select of 0 is then the register's
 *   synchronous reset, not a LUT level on the sum's way back into a (the
 *   recurrence through the adder); hls/rtlgen connects it where the
 *   select comes right after the sum and its condition a step before
 *   (bench/fdot: 42.5 -> 45.6 MHz on the UP5K at seed 1).  clr tied low, y0 left
 *   open: synthesis removes the register.
 *
 * Results: y = a + b (sub = 0) or a - b (sub = 1), IEEE 754 binary with
 * EW exponent and MW mantissa bits, rounded to nearest, ties to even;
 * denormal operands and results (no flush to zero); x + (-x) = +0 and
 * -0 + -0 = -0; overflow to infinity; inf - inf and every NaN operand give
 * the canonical quiet NaN (sign 0, exponent all ones, mantissa MSB alone
 * set), as RISC-V does.  No exception flags.  Bit for bit what an x86-64
 * CPU (SSE) computes in C, NaN payloads aside.
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K    700   470     0       51.6
 *   double            iCE40 UP5K   1488   885     0       34.5
 *   float             ECP5 25F-6    827   470     0      160.1
 *   double            ECP5 25F-6   1716   885     0      127.4
 *
 * Float clears 48 MHz on the UP5K (seeds 2 and 3: 53.1, 53.2); double
 * does not.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fadd #
(
    parameter EW = 8,
    parameter MW = 23,
    parameter LATENCY = 8
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [EW+MW:0]    a,
    input  wire [EW+MW:0]    b,
    input  wire              sub,
    input  wire              clr,

    output wire [EW+MW:0]    y,
    output wire [EW+MW:0]    y0
);

localparam W = EW + MW + 1;
localparam SW = MW + 1;          // significand, hidden bit included
localparam VW = MW + 5;          // carry, significand, guard, round, sticky
localparam NS = $clog2(VW + 1);  // a leading-zero count
localparam DW = $clog2(SW + 3);  // an alignment shift
localparam [EW-1:0] EMAX = {EW{1'b1}};

// check configuration
initial begin
    if (EW < 2 || MW < 2) begin
        $error("Error: EW and MW must be at least 2 (instance %m)");
        $finish;
    end

    if (LATENCY != 8) begin
        $error("Error: LATENCY is 8 and cannot be set (instance %m)");
        $finish;
    end
end

/*
 * Stage 1: magnitude compare, exponent differences, special operands
 */
wire [EW-1:0] a_e = a[W-2:MW];
wire [EW-1:0] b_e = b[W-2:MW];
wire b_s = b[W-1] ^ sub;
wire a_inf = a_e == EMAX && a[MW-1:0] == 0;
wire b_inf = b_e == EMAX && b[MW-1:0] == 0;
wire a_nan = a_e == EMAX && a[MW-1:0] != 0;
wire b_nan = b_e == EMAX && b[MW-1:0] != 0;
// effective exponents: a denormal's is 1
wire [EW-1:0] a_ee = a_e | {{EW-1{1'b0}}, a_e == 0};
wire [EW-1:0] b_ee = b_e | {{EW-1{1'b0}}, b_e == 0};

reg [W-2:0] s1_a_reg, s1_b_reg;
reg s1_as_reg, s1_bs_reg, s1_swap_reg;
reg [EW-1:0] s1_dab_reg, s1_dba_reg;
reg s1_nan_reg, s1_inf_reg, s1_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_a_reg <= a[W-2:0];
        s1_b_reg <= b[W-2:0];
        s1_as_reg <= a[W-1];
        s1_bs_reg <= b_s;
        // |b| > |a|: magnitudes order as their bit patterns do
        s1_swap_reg <= b[W-2:0] > a[W-2:0];
        s1_dab_reg <= a_ee - b_ee;
        s1_dba_reg <= b_ee - a_ee;
        s1_nan_reg <= a_nan || b_nan || (a_inf && b_inf && a[W-1] != b_s);
        s1_inf_reg <= a_inf || b_inf;
        s1_infs_reg <= a_inf ? a[W-1] : b_s;
    end
end

/*
 * Stage 2: x the operand of the larger magnitude, y the other; d the
 * shift that aligns y with x, cut to DW bits (a shift of SW + 3 or more
 * leaves nothing), and the mask of the bits of y that it shifts out
 */
wire [W-2:0] s2_x = s1_swap_reg ? s1_b_reg : s1_a_reg;
wire [W-2:0] s2_y = s1_swap_reg ? s1_a_reg : s1_b_reg;
wire [EW+DW-1:0] s2_d = {{DW{1'b0}}, s1_swap_reg ? s1_dba_reg : s1_dab_reg};
wire [DW-1:0] s2_ds = s2_d[EW+DW-1:DW] != 0 ? {DW{1'b1}} : s2_d[DW-1:0];
// the bits of {y, 3'b000} below d; the 3 zero bits do not matter
/* verilator lint_off UNUSEDSIGNAL */
wire [SW+2:0] s2_lost = ~({SW+3{1'b1}} << s2_ds);
/* verilator lint_on UNUSEDSIGNAL */

reg [EW-1:0] s2_xe_reg;
reg [SW-1:0] s2_xm_reg, s2_ym_reg;
reg [DW-1:0] s2_d_reg;
reg [SW-1:0] s2_lost_reg;
reg s2_xs_reg, s2_sub_reg;
reg s2_nan_reg, s2_inf_reg, s2_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s2_xe_reg <= s2_x[W-2:MW] | {{EW-1{1'b0}}, s2_x[W-2:MW] == 0};
        s2_xm_reg <= {s2_x[W-2:MW] != 0, s2_x[MW-1:0]};
        s2_ym_reg <= {s2_y[W-2:MW] != 0, s2_y[MW-1:0]};
        s2_d_reg <= s2_ds;
        s2_lost_reg <= s2_lost[SW+2:3];
        s2_xs_reg <= s1_swap_reg ? s1_bs_reg : s1_as_reg;
        s2_sub_reg <= s1_as_reg != s1_bs_reg;
        s2_nan_reg <= s1_nan_reg;
        s2_inf_reg <= s1_inf_reg;
        s2_infs_reg <= s1_infs_reg;
    end
end

/*
 * Stage 3: alignment.  y's significand with three bits below it (guard,
 * round, sticky), shifted right by d; the bits shifted out (those under
 * the mask) are ORed into the sticky bit.
 */
wire [SW+2:0] s3_yx = {s2_ym_reg, 3'b000};
wire [SW+2:0] s3_ysh = s3_yx >> s2_d_reg;

reg [EW-1:0] s3_xe_reg;
reg [SW-1:0] s3_xm_reg;
reg [VW-1:0] s3_y_reg;        // y, complemented for a subtraction
reg s3_xs_reg, s3_sub_reg;
reg s3_nan_reg, s3_inf_reg, s3_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s3_xe_reg <= s2_xe_reg;
        s3_xm_reg <= s2_xm_reg;
        s3_y_reg <= {VW{s2_sub_reg}} ^ {1'b0, s3_ysh[SW+2:1], s3_ysh[0] || (|(s2_ym_reg & s2_lost_reg))};
        s3_xs_reg <= s2_xs_reg;
        s3_sub_reg <= s2_sub_reg;
        s3_nan_reg <= s2_nan_reg;
        s3_inf_reg <= s2_inf_reg;
        s3_infs_reg <= s2_infs_reg;
    end
end

/*
 * Stage 4: add or subtract (|x| >= |y|, so the difference is not
 * negative).  The sum's top bit (the carry) stands for exponent xe + 1.
 * The sentinel marks the bit that a shift left by xe brings to the top:
 * normalisation shifts no further, so that the exponent stays >= 1 (and
 * a result whose top bit is then still 0 is a denormal).
 */
// x - y = x + ~y + 1: the 1 comes in as the carry out of a bit below
/* verilator lint_off UNUSEDSIGNAL */
wire [VW:0] s4_sum = {1'b0, s3_xm_reg, 3'b000, 1'b1} + {s3_y_reg, s3_sub_reg};
/* verilator lint_on UNUSEDSIGNAL */
// (a decoder of xe: none of its bits is set when xe >= VW)
wire [VW-1:0] s4_sentinel = {1'b1, {VW-1{1'b0}}} >> s3_xe_reg;

reg [VW-1:0] s4_v_reg, s4_m_reg;
reg [EW-1:0] s4_xe_reg;
reg s4_s_reg, s4_sub_reg;
reg s4_nan_reg, s4_inf_reg, s4_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s4_v_reg <= s4_sum[VW:1];
        s4_m_reg <= s4_sentinel;
        s4_xe_reg <= s3_xe_reg;
        s4_s_reg <= s3_xs_reg;
        s4_sub_reg <= s3_sub_reg;
        s4_nan_reg <= s3_nan_reg;
        s4_inf_reg <= s3_inf_reg;
        s4_infs_reg <= s3_infs_reg;
    end
end

/*
 * Stages 5 and 6: normalisation, a shift left by min(leading zeros, xe):
 * stage 5 counts the leading zeros of value and sentinel together, stage
 * 6 shifts.
 */
// leading zeros, by a tree: v is padded with ones below to 2**NS bits
// (then it is never all zeros), each level combines pairs of groups
function [NS-1:0] lzc;
    input [VW-1:0] v;
    reg [(1<<NS)-1:0] z;
    reg [NS*(1<<NS)-1:0] c;
    integer l, g;
    begin
        z = ~{v, {(1<<NS)-VW{1'b1}}};
        c = 0;
        for (l = 1; l <= NS; l = l + 1)
            for (g = 0; g < (1 << (NS - l)); g = g + 1) begin
                c[g*NS +: NS] = z[2*g+1] ? (1 << (l - 1)) | c[2*g*NS +: NS] : c[(2*g+1)*NS +: NS];
                z[g] = z[2*g+1] && z[2*g];
            end
        lzc = c[NS-1:0];
    end
endfunction

reg [VW-1:0] s5_v_reg;
reg [NS-1:0] s5_sh_reg;
reg [EW-1:0] s5_xe_reg;
reg s5_s_reg, s5_sub_reg;
reg s5_nan_reg, s5_inf_reg, s5_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s5_v_reg <= s4_v_reg;
        s5_sh_reg <= lzc(s4_v_reg | s4_m_reg);
        s5_xe_reg <= s4_xe_reg;
        s5_s_reg <= s4_s_reg;
        s5_sub_reg <= s4_sub_reg;
        s5_nan_reg <= s4_nan_reg;
        s5_inf_reg <= s4_inf_reg;
        s5_infs_reg <= s4_infs_reg;
    end
end

reg [VW-1:0] s6_v_reg;
reg [EW:0] s6_e_reg;
reg s6_s_reg, s6_sub_reg;
reg s6_nan_reg, s6_inf_reg, s6_infs_reg;

always @(posedge clk) begin
    if (ce) begin
        s6_v_reg <= s5_v_reg << s5_sh_reg;
        s6_e_reg <= {1'b0, s5_xe_reg} + 1'b1 - {{EW+1-NS{1'b0}}, s5_sh_reg};
        s6_s_reg <= s5_s_reg;
        s6_sub_reg <= s5_sub_reg;
        s6_nan_reg <= s5_nan_reg;
        s6_inf_reg <= s5_inf_reg;
        s6_infs_reg <= s5_infs_reg;
    end
end

/*
 * Stage 7: rounding decision.  The result's significand is the top SW
 * bits, then the guard bit, then the sticky bits.  The biased exponent
 * field is xe + 1 - sh for a normalised value, 0 for a denormal or zero
 * (top bit 0).
 */
wire s7_g = s6_v_reg[VW-1-SW];
wire s7_st = |s6_v_reg[VW-2-SW:0];
wire s7_zero = s6_v_reg == 0;
wire [EW:0] s7_f = s6_v_reg[VW-1] ? s6_e_reg : {EW+1{1'b0}};

reg [EW-1:0] s7_f_reg, s7_f1_reg;
reg [MW-1:0] s7_m_reg;
reg s7_ones_reg;
reg s7_inc_reg;
reg [1:0] s7_kind_reg;   // 0 finite, 1 infinity (or overflow), 2 NaN
reg s7_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s7_f_reg <= s7_f[EW-1:0];
        s7_f1_reg <= s7_f[EW-1:0] + 1'b1;
        s7_m_reg <= s6_v_reg[VW-2:VW-1-MW];
        s7_ones_reg <= &s6_v_reg[VW-2:VW-1-MW];
        s7_inc_reg <= s7_g && (s7_st || s6_v_reg[VW-SW]);
        s7_kind_reg <= s6_nan_reg ? 2'd2 : s6_inf_reg || s7_f >= {1'b0, EMAX} ? 2'd1 : 2'd0;
        // an exact zero: +0 from a subtraction, else the operands' sign
        s7_s_reg <= s6_inf_reg ? s6_infs_reg : s7_zero ? s6_s_reg && !s6_sub_reg : s6_s_reg;
    end
end

/*
 * Stage 8: rounding.  The increment carries from the mantissa into the
 * exponent field (a denormal rounding up to the smallest normal, or a
 * normal to the next binade, up to infinity): then the exponent field is
 * the one stage 7 incremented.
 */
wire [MW-1:0] s8_m = s7_m_reg + {{MW-1{1'b0}}, s7_inc_reg};
wire [EW-1:0] s8_f = s7_inc_reg && s7_ones_reg ? s7_f1_reg : s7_f_reg;

reg [W-1:0] s8_y;

always @* begin
    case (s7_kind_reg)
    2'd0: s8_y = {s7_s_reg, s8_f, s8_m};
    2'd1: s8_y = {s7_s_reg, EMAX, {MW{1'b0}}};
    default: s8_y = {1'b0, EMAX, 1'b1, {MW-1{1'b0}}};
    endcase
end

reg [W-1:0] y_reg, y0_reg;

always @(posedge clk) begin
    if (ce) begin
        y_reg <= s8_y;
        y0_reg <= clr ? {W{1'b0}} : s8_y;
    end
end

assign y = y_reg;
assign y0 = y0_reg;

endmodule

`resetall
