/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The last two stages of the floating-point units that round a value
 * they have cut to its mantissa and the bits below it (sluice_fadd,
 * sluice_fmul, sluice_fdiv, sluice_fcvt_f2f): the rounding decision, then
 * rounding and packing
 *
 * Parameters:
 *
 *   EW       exponent bits of the result: 8 for float, 11 for double
 *   MW       stored mantissa bits of the result: 23 for float, 52 for double
 *
 * Inputs, sampled at a step (a rising edge of clk with ce high):
 *
 *   v     the mantissa field above the guard, round and sticky bits:
 *         {m[MW-1:0], g, r, sticky}; the hidden bit is left out, the
 *         exponent field implies it (a unit with no round bit of its own
 *         gives 0 there, its sticky bit all it has below the guard)
 *   f     the exponent field before rounding
 *   kind  0: the value {s, f, m} rounded; 1: infinity with sign s; 2: the
 *         canonical quiet NaN (sign 0, exponent all ones, mantissa MSB
 *         alone set); 3: zero with sign s
 *   s     the sign
 *
 * Timing: y is on the output right after the second step counting the
 * one that sampled the inputs, and stays there until the next step; a new
 * value can come at every step.  With ce low both stages hold.
 *
 * Rounding: to nearest, ties to even: the mantissa is incremented when
 * the guard bit is set and the round or sticky bit or the mantissa's
 * lowest bit is; an increment that carries out of the mantissa makes the
 * exponent field one more (its mantissa is then zero), up to all ones:
 * infinity.
 */
module sluice_fround #(
    parameter EW = 8,
    parameter MW = 23
) (
    input  wire             clk,
    input  wire             ce,
    input  wire [MW+2:0]    v,
    input  wire [EW-1:0]    f,
    input  wire [1:0]       kind,
    input  wire             s,
    output wire [EW+MW:0]   y
);

localparam [EW-1:0] EMAX = {EW{1'b1}};

/*
 * Stage 1: rounding decision; the exponent field plus one, for an
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
        r_f_reg <= f;
        r_f1_reg <= f + 1'b1;
        r_m_reg <= v[MW+2:3];
        r_ones_reg <= &v[MW+2:3];
        r_inc_reg <= v[2] && (v[1] || v[0] || v[3]);
        r_kind_reg <= kind;
        r_s_reg <= s;
    end
end

/*
 * Stage 2: rounding; the increment carries from the mantissa into the
 * exponent field (up to infinity)
 */
wire [MW-1:0] r_m = r_m_reg + {{MW-1{1'b0}}, r_inc_reg};
wire [EW-1:0] r_f = r_inc_reg && r_ones_reg ? r_f1_reg : r_f_reg;

reg [EW+MW:0] y_reg;

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
