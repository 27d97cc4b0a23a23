/*

sluice: pipelined multiplier

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * sluice_mul: p = a * b modulo 2^WIDTH (the low half of the product, the
 * same for signed and unsigned operands, as C's * and LLVM's mul), a new
 * product at every step, with registers on both sides of every multiply
 * so that a hard multiplier block (the iCE40 UltraPlus SB_MAC16, 16 x 16;
 * the ECP5 MULT18X18D, 18 x 18) runs between two registers and no fabric
 * logic is chained before or after it.
 *
 *   WIDTH <= SPLIT:      LATENCY = 2: the operand registers, the product
 *                        register
 *   WIDTH <= 2 * SPLIT:  LATENCY = 3: the operand registers; the pieces
 *                        al * bl (whole), al * bh and ah * bl (their low
 *                        WIDTH - SPLIT bits; ah * bh lies above the
 *                        result), each SPLIT x SPLIT at most, registered;
 *                        their sum, registered
 *
 *   EXT 1 (2):           LATENCY = 2: a and b are sign (zero) extensions
 *                        of their low SPLIT bits, so one signed (unsigned)
 *                        SPLIT x SPLIT multiply between the registers is
 *                        the product (int16_t * int16_t in C: one SB_MAC16,
 *                        not three)
 *
 * (al, ah: the low SPLIT bits of a and the rest; bl, bh likewise.)  Every
 * rising edge of clk at which ce is high is a step: a and b are sampled
 * at a step and their product is on p right after the LATENCY-th step
 * counting that one, and stays there until the next step; with ce low
 * everything holds.  No reset: the pipeline is datapath only, and p is
 * undefined until LATENCY steps have passed.  Yosys's synth_ice40 -dsp
 * packs each SPLIT x SPLIT multiply with the registers around it into an
 * SB_MAC16; without -dsp (or on a part without DSP blocks) the pieces are
 * LUT multipliers between the same registers.
 */
module sluice_mul #
(
    parameter WIDTH = 32,
    parameter SPLIT = 16,
    parameter EXT = 0
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [WIDTH-1:0]  a,
    input  wire [WIDTH-1:0]  b,
    output wire [WIDTH-1:0]  p
);

// with EXT, only the low SPLIT bits are read (synthesis drops the rest)
/* verilator lint_off UNUSEDSIGNAL */
reg [WIDTH-1:0] a_reg = {WIDTH{1'b0}};
reg [WIDTH-1:0] b_reg = {WIDTH{1'b0}};
/* verilator lint_on UNUSEDSIGNAL */
reg [WIDTH-1:0] p_reg = {WIDTH{1'b0}};

assign p = p_reg;

always @(posedge clk) begin
    if (ce) begin
        a_reg <= a;
        b_reg <= b;
    end
end

generate

if (WIDTH <= SPLIT) begin : whole

    always @(posedge clk) begin
        if (ce) begin
            p_reg <= a_reg * b_reg;
        end
    end

end else if (EXT == 1) begin : sext

    // a and b are sign extensions of their low SPLIT bits: one signed
    // SPLIT x SPLIT multiply gives the whole product (WIDTH <= 2 * SPLIT)
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [SPLIT-1:0]   al = a_reg[SPLIT-1:0];
    wire signed [SPLIT-1:0]   bl = b_reg[SPLIT-1:0];
    wire signed [2*SPLIT-1:0] prod = al * bl;
    /* verilator lint_on UNUSEDSIGNAL */

    always @(posedge clk) begin
        if (ce) begin
            p_reg <= prod[WIDTH-1:0];
        end
    end

end else if (EXT == 2) begin : zext

    // a and b are zero extensions of their low SPLIT bits: one unsigned
    // SPLIT x SPLIT multiply
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SPLIT-1:0]   al = a_reg[SPLIT-1:0];
    wire [SPLIT-1:0]   bl = b_reg[SPLIT-1:0];
    wire [2*SPLIT-1:0] prod = al * bl;
    /* verilator lint_on UNUSEDSIGNAL */

    always @(posedge clk) begin
        if (ce) begin
            p_reg <= prod[WIDTH-1:0];
        end
    end

end else begin : pieces

    localparam H = WIDTH - SPLIT;

    // the pieces, each at most SPLIT bits; the products' bits above
    // what the result needs are left unused
    /* verilator lint_off UNUSEDSIGNAL */
    wire [WIDTH-1:0]   a_high = a_reg >> SPLIT;
    wire [WIDTH-1:0]   b_high = b_reg >> SPLIT;
    wire [SPLIT-1:0]   al = a_reg[SPLIT-1:0];
    wire [SPLIT-1:0]   bl = b_reg[SPLIT-1:0];
    wire [SPLIT-1:0]   ah = a_high[SPLIT-1:0];
    wire [SPLIT-1:0]   bh = b_high[SPLIT-1:0];
    wire [2*SPLIT-1:0] ll = {{SPLIT{1'b0}}, al} * {{SPLIT{1'b0}}, bl};
    wire [SPLIT-1:0]   lh = al * bh;
    wire [SPLIT-1:0]   hl = ah * bl;
    /* verilator lint_on UNUSEDSIGNAL */

    reg [WIDTH-1:0] ll_reg = {WIDTH{1'b0}};
    reg [H-1:0]     lh_reg = {H{1'b0}};
    reg [H-1:0]     hl_reg = {H{1'b0}};

    always @(posedge clk) begin
        if (ce) begin
            ll_reg <= ll[WIDTH-1:0];
            lh_reg <= lh[H-1:0];
            hl_reg <= hl[H-1:0];
            p_reg <= ll_reg + {lh_reg + hl_reg, {SPLIT{1'b0}}};
        end
    end

end

endgenerate

endmodule

`resetall
