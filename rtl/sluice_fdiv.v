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
 *   normalising shifts and the quotient's exponent; MW + 3 restoring
 *   division stages, one quotient bit each (as rtl/sluice_div.v), the
 *   last remainder giving the sticky bit; the quotient cut to the
 *   significand, guard, round and sticky bits, with the shift right that
 *   results below the normal range need; that shift; rounding decision;
 *   rounding.
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
 * a register folding its outputs; LUT and FF of the unit, Fmax of the
 * whole; Yosys 0.23 synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package
 * sg48 --freq 48; YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1
 * --25k --package CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K   1889  2148     0       37.1
 *   float             ECP5 25F-6   2412  2148     0      135.7
 *
 * The iCE40 figures miss 48 MHz; the combinations not listed were not
 * measured.
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
 * Stage 1: special operands (kind: 0 finite, 1 infinity, 2 NaN, 3 zero),
 * the significands and their leading zeros
 */
wire [EW-1:0] a_e = a[W-2:MW];
wire [EW-1:0] b_e = b[W-2:MW];
wire a_zero = a[W-2:0] == 0;
wire b_zero = b[W-2:0] == 0;
wire a_inf = a_e == EMAX && a[MW-1:0] == 0;
wire b_inf = b_e == EMAX && b[MW-1:0] == 0;
wire a_nan = a_e == EMAX && a[MW-1:0] != 0;
wire b_nan = b_e == EMAX && b[MW-1:0] != 0;
wire [1:0] kind = a_nan || b_nan || (a_zero && b_zero) || (a_inf && b_inf) ? 2'd2 :
                  a_inf || b_zero ? 2'd1 :
                  a_zero || b_inf ? 2'd3 : 2'd0;
wire [SW-1:0] a_m = {a_e != 0, a[MW-1:0]};
wire [SW-1:0] b_m = {b_e != 0, b[MW-1:0]};

reg [SW-1:0] s1_a_reg, s1_b_reg;
reg [NS-1:0] s1_lza_reg, s1_lzb_reg;
reg [EW-1:0] s1_ea_reg, s1_eb_reg;
reg [1:0] s1_kind_reg;
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_a_reg <= a_m;
        s1_b_reg <= b_m;
        s1_lza_reg <= lzc(a_m);
        s1_lzb_reg <= lzc(b_m);
        s1_ea_reg <= a_e | {{EW-1{1'b0}}, a_e == 0};
        s1_eb_reg <= b_e | {{EW-1{1'b0}}, b_e == 0};
        s1_kind_reg <= kind;
        s1_s_reg <= a[W-1] ^ b[W-1];
    end
end

/*
 * Stage 2: normalised significands (top bit 1, unless zero); the
 * exponent of a quotient in [1, 2): ea - lza - (eb - lzb) + bias
 */
localparam SIDE = 1 + XW + 2;

reg [SW-1:0] s2_a_reg, s2_b_reg;
reg [SIDE-1:0] s2_side_reg;

always @(posedge clk) begin
    if (ce) begin
        s2_a_reg <= s1_a_reg << s1_lza_reg;
        s2_b_reg <= s1_b_reg << s1_lzb_reg;
        s2_side_reg <= {s1_s_reg,
                        {2'b00, s1_ea_reg} - {{XW-NS{1'b0}}, s1_lza_reg} - {2'b00, s1_eb_reg} + {{XW-NS{1'b0}}, s1_lzb_reg} + BIAS,
                        s1_kind_reg};
    end
end

/*
 * Division stages.  Stage k (0 <= k < NQ) produces quotient bit NQ-1-k:
 * the partial remainder r (below twice the divisor, SW + 1 bits) less the
 * divisor if that does not borrow, then doubled.  Registers:
 *
 *   q_reg     the quotient bits found so far
 *   r_reg     the partial remainder, doubled
 *   d_reg     the divisor (not kept by the last stage)
 *   side_reg  sign, exponent, kind
 */
genvar i;

generate

for (i = 0; i < NQ; i = i + 1) begin : stage

    wire [SW:0] r;
    wire [SW-1:0] d;
    wire [SIDE-1:0] side;
    wire [i:0] q;
    wire [SW+1:0] diff = {1'b0, r} - {2'b00, d};
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
 * (a denormal)
 */
wire [NQ-1:0] quo = stage[NQ-1].q_reg;
wire q_st = stage[NQ-1].r_reg != 0;
wire [SIDE-1:0] p_side = stage[NQ-1].side_reg;
wire [XW-1:0] c_e = p_side[XW+1:2] - {{XW-1{1'b0}}, !quo[NQ-1]};
wire [SW+2:0] c_v = quo[NQ-1] ? {quo, q_st} : {quo[NQ-2:0], 1'b0, q_st};
wire c_low = c_e[XW-1] || c_e == 0;

reg [SW+2:0] c_v_reg;
reg [XW-1:0] c_e_reg;
reg [XW-1:0] c_rs_reg;
reg c_low_reg;
reg [1:0] c_kind_reg;
reg c_s_reg;

always @(posedge clk) begin
    if (ce) begin
        c_v_reg <= c_v;
        c_e_reg <= c_e;
        c_rs_reg <= c_low ? {{XW-1{1'b0}}, 1'b1} - c_e : {XW{1'b0}};
        c_low_reg <= c_low;
        c_kind_reg <= p_side[1:0];
        c_s_reg <= p_side[SIDE-1];
    end
end

/*
 * Stage MW + 7: the shift right, the bits shifted out ORed into the
 * sticky bit; the exponent field (0 for a denormal)
 */
wire [SW+2:0] d_sh = c_v_reg >> c_rs_reg;
wire [SW+2:0] d_lost;

generate
for (i = 0; i < SW + 3; i = i + 1) begin : lost
    localparam [XW-1:0] I = i;
    assign d_lost[i] = c_v_reg[i] && c_rs_reg > I;
end
endgenerate

// the hidden bit is not used: the exponent field implies it
/* verilator lint_off UNUSEDSIGNAL */
reg [SW+2:0] d_v_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [XW-1:0] d_f_reg;
reg [1:0] d_kind_reg;
reg d_s_reg;

always @(posedge clk) begin
    if (ce) begin
        d_v_reg <= {d_sh[SW+2:1], d_sh[0] || (|d_lost)};
        d_f_reg <= c_low_reg ? {XW{1'b0}} : c_e_reg;
        d_kind_reg <= c_kind_reg;
        d_s_reg <= c_s_reg;
    end
end

/*
 * Stage MW + 8: rounding decision and overflow
 */
reg [EW-1:0] r_f_reg;
reg [MW-1:0] r_m_reg;
reg r_inc_reg;
reg [1:0] r_kind_reg;
reg r_s_reg;

always @(posedge clk) begin
    if (ce) begin
        r_f_reg <= d_f_reg[EW-1:0];
        r_m_reg <= d_v_reg[MW+2:3];
        r_inc_reg <= d_v_reg[2] && (d_v_reg[1] || d_v_reg[0] || d_v_reg[3]);
        r_kind_reg <= d_kind_reg == 2'd0 && d_f_reg >= {2'b00, EMAX} ? 2'd1 : d_kind_reg;
        r_s_reg <= d_s_reg;
    end
end

/*
 * Stage MW + 9: rounding; the increment carries from the mantissa into
 * the exponent field (up to infinity)
 */
wire [EW+MW-1:0] r_r = {r_f_reg, r_m_reg} + {{EW+MW-1{1'b0}}, r_inc_reg};

reg [W-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        case (r_kind_reg)
        2'd0: y_reg <= {r_s_reg, r_r};
        2'd1: y_reg <= {r_s_reg, EMAX, {MW{1'b0}}};
        2'd2: y_reg <= {1'b0, EMAX, 1'b1, {MW-1{1'b0}}};
        default: y_reg <= {r_s_reg, {EW+MW{1'b0}}};
        endcase
    end
end

assign y = y_reg;

endmodule

`resetall
