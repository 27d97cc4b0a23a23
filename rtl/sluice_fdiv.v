/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined IEEE 754 floating-point divider
 *
 * Parameters:
 *
 *   EW       exponent bits: 8 for float, 11 for double
 *   MW       stored mantissa bits: 23 for float, 52 for double
 *   LATENCY  not a knob: it must be left at its default, MW + 9.  An
 *            instantiating generator may pass the value it computed, and
 *            elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = MW + 9: 32 for float, 61 for double
 *
 *   Every rising edge of clk at which ce is high is a step.  a and b are
 *   sampled at a step, and y is on the output right after the LATENCY-th
 *   step counting that one, and stays there until the next step.  A new
 *   operation can start at every step.  With ce low the whole pipeline,
 *   outputs included, holds its state.  The stages: leading-zero counts
 *   of the significands (their logic is before the first register);
 *   normalising shifts (the divisor complemented), the quotient's
 *   exponent and the special operands' kind; MW + 3 restoring division
 *   stages, one quotient bit each (as rtl/sluice_div.v, each one carry
 *   chain from the registers), the last remainder giving the sticky bit;
 *   the quotient cut to the significand, guard, round and sticky bits,
 *   with the shift right that results below the normal range need and
 *   overflow, found from the exponent's bits; that shift, with the mask
 *   of the bits it loses; rounding decision (with the exponent field
 *   plus one); rounding.
 *
 * Results: y = a / b, IEEE 754 binary with EW exponent and MW mantissa
 * bits, correctly rounded to nearest, ties to even; denormal operands and
 * results (no flush to zero); the sign of a zero or infinite result is
 * the exclusive or of the operands' signs; x / 0 is a signed infinity for
 * x finite and not 0; overflow to infinity; 0 / 0, inf / inf and every
 * NaN operand give the canonical quiet NaN (sign 0, exponent all ones,
 * mantissa MSB alone set), as RISC-V does.  No exception flags.  Bit for
 * bit what an x86-64 CPU (SSE) computes in C, NaN payloads aside.
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K   1275  2211     0       51.4
 *   float             ECP5 25F-6   2076  2211     0      161.1
 *   double            ECP5 25F-6   7721  8754     0      132.8
 *
 * Float clears 48 MHz on the UP5K (seeds 2 and 3: 48.9, 48.7); double
 * does not fit it.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fdiv #
(
    parameter EW = 8,
    parameter MW = 23,
    parameter LATENCY = MW + 9
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [EW+MW:0]    a,
    input  wire [EW+MW:0]    b,

    output wire [EW+MW:0]    y
);

localparam W = EW + MW + 1;
localparam SW = MW + 1;                  // significand, hidden bit included
localparam NQ = SW + 2;                  // quotient bits
localparam NS = $clog2(SW + 1);          // a leading-zero count
localparam DW = $clog2(SW + 3);          // a shift right to a denormal
localparam XW = EW + 2;                  // signed exponents
localparam [EW-1:0] EMAX = {EW{1'b1}};
localparam [XW-1:0] BIAS = {3'b000, {EW-1{1'b1}}};

// check configuration
initial begin
    if (EW < 2 || MW < 2) begin
        $error("Error: EW and MW must be at least 2 (instance %m)");
        $finish;
    end

    if (LATENCY != MW + 9) begin
        $error("Error: LATENCY is MW + 9 and cannot be set (instance %m)");
        $finish;
    end
end

// leading zeros, by a tree: v is padded with ones below to 2**NS bits
// (then it is never all zeros), each level combines pairs of groups
function [NS-1:0] lzc;
    input [SW-1:0] v;
    reg [(1<<NS)-1:0] z;
    reg [NS*(1<<NS)-1:0] c;
    integer l, g;
    begin
        z = ~{v, {(1<<NS)-SW{1'b1}}};
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
 * Stage 1: special operands (zero, infinity, NaN), the significands and
 * their leading zeros
 */
wire [EW-1:0] a_e = a[W-2:MW];
wire [EW-1:0] b_e = b[W-2:MW];
wire a_zero = a[W-2:0] == 0;
wire b_zero = b[W-2:0] == 0;
wire a_inf = a_e == EMAX && a[MW-1:0] == 0;
wire b_inf = b_e == EMAX && b[MW-1:0] == 0;
wire a_nan = a_e == EMAX && a[MW-1:0] != 0;
wire b_nan = b_e == EMAX && b[MW-1:0] != 0;
wire [SW-1:0] a_m = {a_e != 0, a[MW-1:0]};
wire [SW-1:0] b_m = {b_e != 0, b[MW-1:0]};

reg [SW-1:0] s1_a_reg, s1_b_reg;
reg [NS-1:0] s1_lza_reg, s1_lzb_reg;
reg [EW-1:0] s1_ea_reg, s1_eb_reg;
reg s1_azero_reg, s1_bzero_reg, s1_ainf_reg, s1_binf_reg, s1_anan_reg, s1_bnan_reg;
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_a_reg <= a_m;
        s1_b_reg <= b_m;
        s1_lza_reg <= lzc(a_m);
        s1_lzb_reg <= lzc(b_m);
        s1_ea_reg <= a_e | {{EW-1{1'b0}}, a_e == 0};
        s1_eb_reg <= b_e | {{EW-1{1'b0}}, b_e == 0};
        s1_azero_reg <= a_zero;
        s1_bzero_reg <= b_zero;
        s1_ainf_reg <= a_inf;
        s1_binf_reg <= b_inf;
        s1_anan_reg <= a_nan;
        s1_bnan_reg <= b_nan;
        s1_s_reg <= a[W-1] ^ b[W-1];
    end
end

/*
 * Stage 2: normalised significands (top bit 1, unless zero; the divisor
 * complemented); the exponent of a quotient in [1, 2): ea - lza - (eb -
 * lzb) + bias; the kind (0 finite, 1 infinity, 2 NaN, 3 zero)
 */
localparam SIDE = 1 + XW + 2;

reg [SW-1:0] s2_a_reg;
reg [SW-1:0] s2_b_reg;   // complemented
reg [SIDE-1:0] s2_side_reg;

always @(posedge clk) begin
    if (ce) begin
        s2_a_reg <= s1_a_reg << s1_lza_reg;
        s2_b_reg <= ~(s1_b_reg << s1_lzb_reg);
        s2_side_reg <= {s1_s_reg,
                        {2'b00, s1_ea_reg} - {{XW-NS{1'b0}}, s1_lza_reg} - {2'b00, s1_eb_reg} + {{XW-NS{1'b0}}, s1_lzb_reg} + BIAS,
                        s1_anan_reg || s1_bnan_reg || (s1_azero_reg && s1_bzero_reg) ||
                        (s1_ainf_reg && s1_binf_reg) ? 2'd2 :
                        s1_ainf_reg || s1_bzero_reg ? 2'd1 :
                        s1_azero_reg || s1_binf_reg ? 2'd3 : 2'd0};
    end
end

/*
 * Division stages.  Stage k (0 <= k < NQ) produces quotient bit NQ-1-k:
 * the partial remainder r (below twice the divisor, SW + 1 bits) less the
 * divisor if that does not borrow, then doubled.  Registers:
 *
 *   q_reg     the quotient bits found so far
 *   r_reg     the partial remainder, doubled
 *   d_reg     the divisor, complemented (not kept by the last stage)
 *   side_reg  sign, exponent, kind
 */
genvar i;

generate

for (i = 0; i < NQ; i = i + 1) begin : stage

    wire [SW:0] r;
    wire [SW-1:0] d;
    wire [SIDE-1:0] side;
    wire [i:0] q;
    // r - d = r + ~d + 1, the 1 a carry from the bit below: one carry
    // chain straight from the registers
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SW+2:0] sum = {1'b0, r, 1'b1} + {2'b11, d, 1'b1};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SW+1:0] diff = sum[SW+2:1];
    wire fits = !diff[SW+1];
    // below the divisor, so SW bits
    wire [SW-1:0] rem = fits ? diff[SW-1:0] : r[SW-1:0];

    if (i == 0) begin : first
        assign r = {1'b0, s2_a_reg};
        assign d = s2_b_reg;
        assign side = s2_side_reg;
        assign q = fits;
    end else begin : later
        assign r = stage[i-1].r_reg;
        assign d = stage[i-1].keep.d_reg;
        assign side = stage[i-1].side_reg;
        assign q = {stage[i-1].q_reg, fits};
    end

    reg [i:0] q_reg;
    reg [SW:0] r_reg;
    reg [SIDE-1:0] side_reg;

    always @(posedge clk) begin
        if (ce) begin
            q_reg <= q;
            r_reg <= {rem, 1'b0};
            side_reg <= side;
        end
    end

    if (i < NQ - 1) begin : keep
        reg [SW-1:0] d_reg;

        always @(posedge clk) begin
            if (ce) begin
                d_reg <= d;
            end
        end
    end

end

endgenerate

/*
 * Stage MW + 6: the quotient cut to SW + 3 bits (significand, guard,
 * round, sticky: the remainder is not 0), with its exponent; rs, the
 * shift right that brings a result below the normal range to exponent 1
 * (a denormal), cut to DW bits (a shift of SW + 3 or more leaves
 * nothing); the exponent field (0 for a denormal); overflow
 */
wire [NQ-1:0] quo = stage[NQ-1].q_reg;
wire q_st = stage[NQ-1].r_reg != 0;
wire [SIDE-1:0] p_side = stage[NQ-1].side_reg;
// e = p - 1 when the quotient's top bit is 0; what depends on e is
// found from p, without a compare's carry: below the normal range (e <=
// 0), overflow (e >= EMAX), the shift 1 - e (for -2**DW <= p <= 1 it fits
// DW + 1 bits; below, and when its top bit is set, the shift is at least
// SW + 3)
wire c_top = quo[NQ-1];
wire [XW-1:0] c_p = p_side[XW+1:2];
wire [EW-1:0] c_e = c_p[EW-1:0] - {{EW-1{1'b0}}, !c_top};
wire [SW+2:0] c_v = c_top ? {quo, q_st} : {quo[NQ-2:0], 1'b0, q_st};
wire c_low = c_p[XW-1] || (c_p[XW-2:1] == 0 && !(c_p[0] && c_top));
wire [DW:0] c_rs = {{DW-1{1'b0}}, !c_top, c_top} - c_p[DW:0];
wire c_big = c_p[XW-1] && !(&c_p[XW-2:DW]) || c_rs[DW];
wire c_ovf = !c_p[XW-1] && (|c_p[XW-2:EW] || (c_top && &c_p[EW-1:0]));

reg [SW+2:0] c_v_reg;
reg [EW-1:0] c_f_reg;
reg [DW-1:0] c_rs_reg;
reg [1:0] c_kind_reg;
reg c_s_reg;

always @(posedge clk) begin
    if (ce) begin
        c_v_reg <= c_v;
        c_f_reg <= c_low ? {EW{1'b0}} : c_e;
        c_rs_reg <= !c_low ? {DW{1'b0}} : c_big ? {DW{1'b1}} : c_rs[DW-1:0];
        c_kind_reg <= p_side[1:0] == 2'd0 && c_ovf ? 2'd1 : p_side[1:0];
        c_s_reg <= p_side[SIDE-1];
    end
end

/*
 * Stage MW + 7: the shift right, the bits shifted out (those under the
 * mask of the bits below rs) ORed into the sticky bit
 */
wire [SW+2:0] d_sh = c_v_reg >> c_rs_reg;
wire [SW+2:0] d_lost = ~({SW+3{1'b1}} << c_rs_reg);

// the hidden bit is not used: the exponent field implies it
/* verilator lint_off UNUSEDSIGNAL */
reg [SW+2:0] d_v_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [EW-1:0] d_f_reg;
reg [1:0] d_kind_reg;
reg d_s_reg;

always @(posedge clk) begin
    if (ce) begin
        d_v_reg <= {d_sh[SW+2:1], d_sh[0] || (|(c_v_reg & d_lost))};
        d_f_reg <= c_f_reg;
        d_kind_reg <= c_kind_reg;
        d_s_reg <= c_s_reg;
    end
end

/*
 * Stage MW + 8: rounding decision; the exponent field plus one, for an
 * increment that carries out of the mantissa
 */
reg [EW-1:0] r_f_reg, r_f1_reg;
reg [MW-1:0] r_m_reg;
reg r_ones_reg;
reg r_inc_reg;
reg [1:0] r_kind_reg;
reg r_s_reg;

always @(posedge clk) begin
    if (ce) begin
        r_f_reg <= d_f_reg;
        r_f1_reg <= d_f_reg + 1'b1;
        r_m_reg <= d_v_reg[MW+2:3];
        r_ones_reg <= &d_v_reg[MW+2:3];
        r_inc_reg <= d_v_reg[2] && (d_v_reg[1] || d_v_reg[0] || d_v_reg[3]);
        r_kind_reg <= d_kind_reg;
        r_s_reg <= d_s_reg;
    end
end

/*
 * Stage MW + 9: rounding; the increment carries from the mantissa into
 * the exponent field (up to infinity)
 */
wire [MW-1:0] r_m = r_m_reg + {{MW-1{1'b0}}, r_inc_reg};
wire [EW-1:0] r_f = r_inc_reg && r_ones_reg ? r_f1_reg : r_f_reg;

reg [W-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        case (r_kind_reg)
        2'd0: y_reg <= {r_s_reg, r_f, r_m};
        2'd1: y_reg <= {r_s_reg, EMAX, {MW{1'b0}}};
        2'd2: y_reg <= {1'b0, EMAX, 1'b1, {MW-1{1'b0}}};
        default: y_reg <= {r_s_reg, {EW+MW{1'b0}}};
        endcase
    end
end

assign y = y_reg;

endmodule

`resetall
