/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined IEEE 754 floating-point multiplier
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
 *   LATENCY = 7 + clog2(NP * NP), NP = ceil((MW + 1) / SPLIT), SPLIT = 16
 *   when MW + 1 <= 32, else 18: 9 for float (NP = 2), 11 for double
 *   (NP = 3)
 *
 *   Every rising edge of clk at which ce is high is a step.  a and b are
 *   sampled at a step, and y is on the output right after the LATENCY-th
 *   step counting that one, and stays there until the next step.  A new
 *   operation can start at every step.  With ce low the whole pipeline,
 *   outputs included, holds its state.  The stages: leading-zero counts
 *   of the significands (their logic is before the first register);
 *   normalising shifts (of denormal operands); the NP * NP partial products of SPLIT x SPLIT bits, each a
 *   plain * between registers (an SB_MAC16 with synth_ice40 -dsp, a
 *   MULT18X18D with synth_ecp5); clog2(NP * NP) levels of an adder tree
 *   summing them; the product cut to the significand, guard, round and
 *   sticky bits; a shift right for results below the normal range; the
 *   rounding decision; rounding.
 *
 * Results: y = a * b, IEEE 754 binary with EW exponent and MW mantissa
 * bits, rounded to nearest, ties to even; denormal operands and results
 * (no flush to zero); the sign of a zero or infinite result is the
 * exclusive or of the operands' signs ((-0) * 5 = -0); overflow to
 * infinity; 0 * inf and every NaN operand give the canonical quiet NaN
 * (sign 0, exponent all ones, mantissa MSB alone set), as RISC-V does.
 * No exception flags.  Bit for bit what an x86-64 CPU (SSE) computes in
 * C, NaN payloads aside.
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit, Fmax of the
 * whole; Yosys 0.23 synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package
 * sg48 --freq 48; YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1
 * --25k --package CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K    730   366     4       34.1
 *   float             ECP5 25F-6   1038   494     4      129.9
 *   double            ECP5 25F-6   2610  1474     9      113.8
 *
 * The iCE40 figures miss 48 MHz; the combinations not listed were not
 * measured.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fmul #
(
    parameter EW = 8,
    parameter MW = 23,
    parameter LATENCY = 7 + $clog2(((MW + 1 + (MW + 1 <= 32 ? 16 : 18) - 1) /
                                   (MW + 1 <= 32 ? 16 : 18)) ** 2)
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
localparam SPLIT = SW <= 32 ? 16 : 18;   // multiplier pieces
localparam NP = (SW + SPLIT - 1) / SPLIT;
localparam NT = NP * NP;                 // partial products
localparam NL = $clog2(NT);              // levels of the adder tree
localparam PW = 2 * SW;                  // the product
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

    if (LATENCY != 7 + NL) begin
        $error("Error: LATENCY is 7 + clog2(NP * NP) and cannot be set (instance %m)");
        $finish;
    end
end

/*
 * Special operands, and the side information that travels with each
 * operation: sign, exponent, kind (0 finite, 1 infinity, 2 NaN, 3 zero)
 */
wire [EW-1:0] a_e = a[W-2:MW];
wire [EW-1:0] b_e = b[W-2:MW];
wire a_zero = a[W-2:0] == 0;
wire b_zero = b[W-2:0] == 0;
wire a_inf = a_e == EMAX && a[MW-1:0] == 0;
wire b_inf = b_e == EMAX && b[MW-1:0] == 0;
wire a_nan = a_e == EMAX && a[MW-1:0] != 0;
wire b_nan = b_e == EMAX && b[MW-1:0] != 0;
wire [1:0] kind = a_nan || b_nan || (a_inf && b_zero) || (a_zero && b_inf) ? 2'd2 :
                  a_inf || b_inf ? 2'd1 :
                  a_zero || b_zero ? 2'd3 : 2'd0;

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
 * Stage 1: the significands and their leading zeros (not 0 for a
 * denormal).  Stage 2: the significands normalised (top bit 1, unless
 * zero).
 */
wire [SW-1:0] a_m = {a_e != 0, a[MW-1:0]};
wire [SW-1:0] b_m = {b_e != 0, b[MW-1:0]};

reg [SW-1:0] n1_a_reg, n1_b_reg, n2_a_reg, n2_b_reg;
reg [NS-1:0] n1_lza_reg, n1_lzb_reg, n2_lza_reg, n2_lzb_reg;
reg [EW-1:0] n1_ea_reg, n1_eb_reg, n2_ea_reg, n2_eb_reg;
reg [1:0] n1_kind_reg, n2_kind_reg;
reg n1_s_reg, n2_s_reg;

always @(posedge clk) begin
    if (ce) begin
        n1_a_reg <= a_m;
        n1_b_reg <= b_m;
        n1_lza_reg <= lzc(a_m);
        n1_lzb_reg <= lzc(b_m);
        n1_ea_reg <= a_e | {{EW-1{1'b0}}, a_e == 0};
        n1_eb_reg <= b_e | {{EW-1{1'b0}}, b_e == 0};
        n1_kind_reg <= kind;
        n1_s_reg <= a[W-1] ^ b[W-1];

        n2_a_reg <= n1_a_reg << n1_lza_reg;
        n2_b_reg <= n1_b_reg << n1_lzb_reg;
        n2_lza_reg <= n1_lza_reg;
        n2_lzb_reg <= n1_lzb_reg;
        n2_ea_reg <= n1_ea_reg;
        n2_eb_reg <= n1_eb_reg;
        n2_kind_reg <= n1_kind_reg;
        n2_s_reg <= n1_s_reg;
    end
end

genvar i, j;

/*
 * Stage 3: the partial products, one register each, and the exponent of
 * the product (for a product in [1, 2)): ea - lza + eb - lzb - bias
 */
wire [NP*SPLIT-1:0] pa = {{NP*SPLIT-SW{1'b0}}, n2_a_reg};
wire [NP*SPLIT-1:0] pb = {{NP*SPLIT-SW{1'b0}}, n2_b_reg};

reg [NT*PW-1:0] pp_reg;

generate
for (i = 0; i < NP; i = i + 1) begin : pi
    for (j = 0; j < NP; j = j + 1) begin : pj
        wire [2*SPLIT-1:0] p = pa[SPLIT*i +: SPLIT] * pb[SPLIT*j +: SPLIT];
        // the product in place; its bits above PW are 0
        /* verilator lint_off UNUSEDSIGNAL */
        wire [PW+2*SPLIT-1:0] placed = {{PW{1'b0}}, p} << (SPLIT * (i + j));
        /* verilator lint_on UNUSEDSIGNAL */
        always @(posedge clk) begin
            if (ce) begin
                pp_reg[PW*(NP*i+j) +: PW] <= placed[PW-1:0];
            end
        end
    end
end
endgenerate

/*
 * Side information along the product's stages: sign, exponent, kind
 */
localparam SIDE = 1 + XW + 2;
localparam NSD = 1 + NL;   // the stages from the partial products to the sum

reg [SIDE-1:0] side_reg [0:NSD-1];
wire [XW-1:0] p_e = {2'b00, n2_ea_reg} - {{XW-NS{1'b0}}, n2_lza_reg} + {2'b00, n2_eb_reg} - {{XW-NS{1'b0}}, n2_lzb_reg} - BIAS;

integer k;

always @(posedge clk) begin
    if (ce) begin
        side_reg[0] <= {n2_s_reg, p_e, n2_kind_reg};
        for (k = 1; k < NSD; k = k + 1)
            side_reg[k] <= side_reg[k-1];
    end
end

/*
 * Stages 4 to 3 + NL: the adder tree, pairs of terms summed at each level
 */
generate
for (i = 0; i < NL; i = i + 1) begin : tree
    localparam NI = (NT + (1 << i) - 1) >> i;   // terms in
    localparam NO = (NI + 1) / 2;               // terms out
    wire [NI*PW-1:0] t;
    reg [NO*PW-1:0] t_reg;

    if (i == 0) begin : first
        assign t = pp_reg;
    end else begin : later
        assign t = tree[i-1].t_reg;
    end

    for (j = 0; j < NO; j = j + 1) begin : pair
        if (2 * j + 1 < NI) begin : two
            always @(posedge clk) begin
                if (ce) begin
                    t_reg[PW*j +: PW] <= t[PW*2*j +: PW] + t[PW*(2*j+1) +: PW];
                end
            end
        end else begin : one
            always @(posedge clk) begin
                if (ce) begin
                    t_reg[PW*j +: PW] <= t[PW*2*j +: PW];
                end
            end
        end
    end
end
endgenerate

wire [PW-1:0] prod = tree[NL-1].t_reg[PW-1:0];
wire [SIDE-1:0] p_side = side_reg[NSD-1];

/*
 * Stage 4 + NL: the product cut to SW + 3 bits (significand, guard,
 * round, sticky), with its exponent er; rs, the shift right that brings
 * a result below the normal range to exponent 1 (a denormal)
 */
wire [XW-1:0] c_e = p_side[XW+1:2] + {{XW-1{1'b0}}, prod[PW-1]};
wire [SW+2:0] c_v = prod[PW-1] ? {prod[PW-1:PW-SW-2], |prod[PW-SW-3:0]}
                               : {prod[PW-2:PW-SW-3], |prod[PW-SW-4:0]};
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
 * Stage 5 + NL: the shift right, the bits shifted out ORed into the
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
 * Stage 6 + NL: rounding decision and overflow
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
 * Stage 7 + NL: rounding; the increment carries from the mantissa into
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
