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
 *   of the significands and, beside them, the shift by the count's top
 *   bit (whether the top half of the count's range is zero): that logic
 *   is before the first register; the rest of the normalising shifts (of
 *   denormal operands); the NP * NP partial products of SPLIT x SPLIT bits, each a
 *   plain * between registers (an SB_MAC16 with synth_ice40 -dsp, a
 *   MULT18X18D with synth_ecp5); clog2(NP * NP) levels of an adder tree
 *   summing them; the product cut to the significand, guard, round and
 *   sticky bits, the shift right for results below the normal range and
 *   the mask of the bits it loses (the exponent's cases, for either
 *   value of the product's top bit, come ready from the last adder
 *   stage); the shift right; the rounding decision (with the exponent
 *   field plus one); rounding.
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
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float             iCE40 UP5K    751   481     4       48.4
 *   float             ECP5 25F-6    794   609     4      138.5
 *   double            ECP5 25F-6   2117  1692     9      127.2
 *
 * Float clears 48 MHz on the UP5K (seeds 2 and 3: 48.1, 49.3); double
 * needs 9 SB_MAC16, more than the UP5K has.
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
 * denormal), each already shifted by the count's top bit (its top H bits
 * are zero), which is known before the whole count.  Stage 2: the
 * significands normalised (top bit 1, unless zero) by the rest of the
 * count.
 */
localparam H = 1 << (NS - 1);
wire [SW-1:0] a_m = {a_e != 0, a[MW-1:0]};
wire [SW-1:0] b_m = {b_e != 0, b[MW-1:0]};
wire [SW-1:0] a_mh = a_m[SW-1:SW-H] == 0 ? a_m << H : a_m;
wire [SW-1:0] b_mh = b_m[SW-1:SW-H] == 0 ? b_m << H : b_m;

reg [SW-1:0] n1_a_reg, n1_b_reg, n2_a_reg, n2_b_reg;
reg [NS-1:0] n1_lza_reg, n1_lzb_reg;
reg [EW-1:0] n1_ea_reg, n1_eb_reg;
reg [XW-1:0] n2_ea_reg, n2_eb_reg;
reg n1_azero_reg, n1_bzero_reg, n1_ainf_reg, n1_binf_reg, n1_anan_reg, n1_bnan_reg;
reg [1:0] n2_kind_reg;
reg n1_s_reg, n2_s_reg;

always @(posedge clk) begin
    if (ce) begin
        n1_a_reg <= a_mh;
        n1_b_reg <= b_mh;
        n1_lza_reg <= lzc(a_m);
        n1_lzb_reg <= lzc(b_m);
        n1_ea_reg <= a_e | {{EW-1{1'b0}}, a_e == 0};
        n1_eb_reg <= b_e | {{EW-1{1'b0}}, b_e == 0};
        n1_azero_reg <= a_zero;
        n1_bzero_reg <= b_zero;
        n1_ainf_reg <= a_inf;
        n1_binf_reg <= b_inf;
        n1_anan_reg <= a_nan;
        n1_bnan_reg <= b_nan;
        n1_s_reg <= a[W-1] ^ b[W-1];

        n2_a_reg <= n1_a_reg << n1_lza_reg[NS-2:0];
        n2_b_reg <= n1_b_reg << n1_lzb_reg[NS-2:0];
        // the exponents of the normalised significands, the bias taken
        // from one of them
        n2_ea_reg <= {2'b00, n1_ea_reg} - {{XW-NS{1'b0}}, n1_lza_reg};
        n2_eb_reg <= {2'b00, n1_eb_reg} - {{XW-NS{1'b0}}, n1_lzb_reg} - BIAS;
        n2_kind_reg <= n1_anan_reg || n1_bnan_reg || (n1_ainf_reg && n1_bzero_reg) ||
                       (n1_azero_reg && n1_binf_reg) ? 2'd2 :
                       n1_ainf_reg || n1_binf_reg ? 2'd1 :
                       n1_azero_reg || n1_bzero_reg ? 2'd3 : 2'd0;
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
 * Side information along the product's stages: sign, exponent (of a
 * product in [1, 2)), kind.  In the last of them, what the product's
 * top bit selects is made ready for both of its values: the exponent
 * and the exponent plus one, whether that is below the normal range
 * (low), the shift right that brings such a result to exponent 1 (cut to
 * DW bits: a shift of SW + 3 or more leaves nothing), whether it
 * overflows.
 */
localparam SIDE = 1 + XW + 2;
localparam NSD = NL;   // the stages from the partial products to the last but one sum

reg [SIDE-1:0] side_reg [0:NSD-1];
wire [XW-1:0] p_e = n2_ea_reg + n2_eb_reg;

integer k;

always @(posedge clk) begin
    if (ce) begin
        side_reg[0] <= {n2_s_reg, p_e, n2_kind_reg};
        for (k = 1; k < NSD; k = k + 1)
            side_reg[k] <= side_reg[k-1];
    end
end

wire [XW-1:0] q_e0 = side_reg[NSD-1][XW+1:2];
// 1 - e0 and -e0 (the shifts, when e0 or e0 + 1 is not above 0): their
// low DW bits, and whether they are 2**DW or more
wire [DW-1:0] q_rs0 = {{DW-1{1'b0}}, 1'b1} - q_e0[DW-1:0];
wire [DW-1:0] q_rs1 = {DW{1'b0}} - q_e0[DW-1:0];
localparam [XW-1:0] BIG0 = {{XW-1{1'b0}}, 1'b1} - (1 << DW);
localparam [XW-1:0] BIG1 = {XW{1'b0}} - (1 << DW);
wire q_big0 = $signed(q_e0) <= $signed(BIG0);
wire q_big1 = $signed(q_e0) <= $signed(BIG1);

reg [EW-1:0] q_f0_reg, q_f1_reg;
reg [DW-1:0] q_rs0_reg, q_rs1_reg;
reg q_low0_reg, q_low1_reg, q_ovf0_reg, q_ovf1_reg;
reg [1:0] q_kind_reg;
reg q_s_reg;

always @(posedge clk) begin
    if (ce) begin
        q_f0_reg <= q_e0[EW-1:0];
        q_f1_reg <= q_e0[EW-1:0] + 1'b1;
        q_rs0_reg <= q_big0 ? {DW{1'b1}} : q_rs0;
        q_rs1_reg <= q_big1 ? {DW{1'b1}} : q_rs1;
        q_low0_reg <= q_e0[XW-1] || q_e0 == 0;
        q_low1_reg <= q_e0[XW-1];
        q_ovf0_reg <= !q_e0[XW-1] && q_e0 >= {2'b00, EMAX};
        q_ovf1_reg <= !q_e0[XW-1] && q_e0 >= {2'b00, EMAX} - 1'b1;
        q_kind_reg <= side_reg[NSD-1][1:0];
        q_s_reg <= side_reg[NSD-1][SIDE-1];
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

/*
 * Stage 4 + NL: the product cut to SW + 3 bits (significand, guard,
 * round, sticky); with its top bit, the exponent field (0 for a result
 * below the normal range), the shift right that makes such a result a
 * denormal and the mask of the bits that shift moves out; overflow
 */
wire p_top = prod[PW-1];
wire [SW+2:0] c_v = p_top ? {prod[PW-1:PW-SW-2], |prod[PW-SW-3:0]}
                          : {prod[PW-2:PW-SW-3], |prod[PW-SW-4:0]};
wire c_low = p_top ? q_low1_reg : q_low0_reg;
wire [DW-1:0] c_rs = !c_low ? {DW{1'b0}} : p_top ? q_rs1_reg : q_rs0_reg;

reg [SW+2:0] c_v_reg;
reg [EW-1:0] c_f_reg;
reg [DW-1:0] c_rs_reg;
reg [SW+2:0] c_lost_reg;
reg [1:0] c_kind_reg;
reg c_s_reg;

always @(posedge clk) begin
    if (ce) begin
        c_v_reg <= c_v;
        c_f_reg <= c_low ? {EW{1'b0}} : p_top ? q_f1_reg : q_f0_reg;
        c_rs_reg <= c_rs;
        c_lost_reg <= ~({SW+3{1'b1}} << c_rs);
        c_kind_reg <= q_kind_reg == 2'd0 && (p_top ? q_ovf1_reg : q_ovf0_reg) ? 2'd1 : q_kind_reg;
        c_s_reg <= q_s_reg;
    end
end

/*
 * Stage 5 + NL: the shift right, the bits shifted out ORed into the
 * sticky bit
 */
wire [SW+2:0] d_sh = c_v_reg >> c_rs_reg;

// the hidden bit is not used: the exponent field implies it
/* verilator lint_off UNUSEDSIGNAL */
reg [SW+2:0] d_v_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [EW-1:0] d_f_reg;
reg [1:0] d_kind_reg;
reg d_s_reg;

always @(posedge clk) begin
    if (ce) begin
        d_v_reg <= {d_sh[SW+2:1], d_sh[0] || (|(c_v_reg & c_lost_reg))};
        d_f_reg <= c_f_reg;
        d_kind_reg <= c_kind_reg;
        d_s_reg <= c_s_reg;
    end
end

/*
 * Stage 6 + NL: rounding decision; the exponent field plus one, for an
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
 * Stage 7 + NL: rounding; the increment carries from the mantissa into
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
