/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined conversion of IEEE 754 floating point to an integer
 *
 * Parameters:
 *
 *   EW       exponent bits of the operand: 8 for float, 11 for double
 *   MW       stored mantissa bits of the operand: 23 for float, 52 for double
 *   IW       integer width in bits (32 and 64 are tested)
 *   SIGNED   0: unsigned integer; 1: two's-complement integer
 *   LATENCY  not a knob: it must be left at its default, 3.  An
 *            instantiating generator may pass the value it computed, and
 *            elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = 3
 *
 *   Every rising edge of clk at which ce is high is a step.  a is sampled
 *   at a step, and y is on the output right after the LATENCY-th step
 *   counting that one, and stays there until the next step.  A new
 *   operation can start at every step.  With ce low the whole pipeline,
 *   outputs included, holds its state.  The stages: exponent and range
 *   (decoding the operand is the logic before the first register); shift
 *   of the significand, complemented for a negative result, or the
 *   saturated result; the negation's increment.
 *
 * Results: y = (int) a as C converts it, truncated toward zero, wherever C
 * defines the conversion (the truncated value fits the integer).  C
 * leaves the others undefined; they give what RISC-V's fcvt gives:
 *
 *   NaN                               the maximum (2**(IW-1) - 1 signed,
 *                                     2**IW - 1 unsigned)
 *   too large, +inf                   the maximum
 *   too small, -inf                   the minimum (-2**(IW-1) signed, 0
 *                                     unsigned; a negative operand whose
 *                                     truncation is 0, such as -0.5, gives
 *                                     0 as C says)
 *
 * (x86 gives its "integer indefinite", 0x80...0, for all of these.)
 *
 * Measured (the unit alone between a shift register feeding its inputs and
 * a register folding its outputs; LUT and FF of the unit synthesized
 * alone, an ECP5 CCU2C counted as two LUT4, Fmax of the whole; Yosys 0.23
 * synth_ice40 -dsp, nextpnr-ice40 0.4 --up5k --package sg48 --freq 48;
 * YoWASP Yosys 0.70 synth_ecp5, nextpnr-ecp5 0.11.1 --25k --package
 * CABGA256 --speed 6 --freq 100; seed 1):
 *
 *   format            part         LUT4    FF   DSP   Fmax MHz
 *   float -> int32    iCE40 UP5K    250    98     0       51.2
 *   double -> int64   iCE40 UP5K    569   192     0       37.5
 *   float -> int32    ECP5 25F-6    382    98     0      150.6
 *   double -> int64   ECP5 25F-6   1080   192     0      133.9
 *
 * float -> int32 clears 48 MHz on the UP5K (seeds 2 and 3: 54.0, 50.8);
 * double -> int64 does not.
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_fcvt_f2i #
(
    parameter EW = 8,
    parameter MW = 23,
    parameter IW = 32,
    parameter SIGNED = 1,
    parameter LATENCY = 3
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [EW+MW:0]    a,

    output wire [IW-1:0]     y
);

localparam W = EW + MW + 1;
localparam SW = MW + 1;              // significand, hidden bit included
localparam KW = $clog2(IW);          // a shift below IW
localparam [EW-1:0] EMAX = {EW{1'b1}};
localparam [EW:0] BIAS = {2'b00, {EW-1{1'b1}}};
localparam [IW-1:0] IMAX = SIGNED != 0 ? {1'b0, {IW-1{1'b1}}} : {IW{1'b1}};
localparam [IW-1:0] IMIN = SIGNED != 0 ? {1'b1, {IW-1{1'b0}}} : {IW{1'b0}};

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

    if (LATENCY != 3) begin
        $error("Error: LATENCY is 3 and cannot be set (instance %m)");
        $finish;
    end
end

/*
 * Stage 1: k, the unbiased exponent: the value is below 1 in magnitude
 * when k < 0 (the result is 0), too large for the integer when k >=
 * IW - SIGNED (saturation; a negative operand saturates when k >= 0 if
 * unsigned, and -2**(IW-1) itself is the minimum anyway)
 */
wire [EW-1:0] a_e = a[W-2:MW];
wire a_s = a[W-1];
wire a_nan = a_e == EMAX && a[MW-1:0] != 0;
wire [EW+1:0] k = {2'b00, a_e} - {1'b0, BIAS};
wire k_neg = k[EW+1];
localparam integer KBIGI = IW - SIGNED;
localparam [EW+1:0] KBIG = KBIGI[EW+1:0];
wire big = !k_neg && k >= KBIG;

reg [SW-1:0] s1_m_reg;
reg [KW-1:0] s1_k_reg;
reg [1:0] s1_kind_reg;   // 0 in range, 1 zero, 2 maximum, 3 minimum
reg s1_s_reg;

always @(posedge clk) begin
    if (ce) begin
        s1_m_reg <= {a_e != 0, a[MW-1:0]};
        s1_k_reg <= k[KW-1:0];
        s1_kind_reg <= a_nan ? 2'd2 :
                       k_neg ? 2'd1 :
                       SIGNED == 0 && a_s ? 2'd3 :
                       big ? (a_s ? 2'd3 : 2'd2) : 2'd0;
        s1_s_reg <= a_s;
    end
end

/*
 * Stage 2: the integer part, the significand shifted left by k and its
 * MW fraction bits dropped; sign and saturation
 */
// the fraction bits (below MW) and the top bit are dropped
/* verilator lint_off UNUSEDSIGNAL */
wire [IW+MW:0] s2_sh = {{IW{1'b0}}, s1_m_reg} << s1_k_reg;
/* verilator lint_on UNUSEDSIGNAL */

reg [IW-1:0] s2_v_reg;
reg s2_inc_reg;

// the integer part complemented for a negative result (the + 1 of the
// negation comes in stage 3), or the saturated or zero result whole
always @(posedge clk) begin
    if (ce) begin
        case (s1_kind_reg)
        2'd0: s2_v_reg <= {IW{s1_s_reg}} ^ s2_sh[IW+MW-1:MW];
        2'd1: s2_v_reg <= {IW{1'b0}};
        2'd2: s2_v_reg <= IMAX;
        default: s2_v_reg <= IMIN;
        endcase
        s2_inc_reg <= s1_kind_reg == 2'd0 && s1_s_reg;
    end
end

/*
 * Stage 3: the negation's increment
 */
reg [IW-1:0] y_reg;

always @(posedge clk) begin
    if (ce) begin
        y_reg <= s2_v_reg + {{IW-1{1'b0}}, s2_inc_reg};
    end
end

assign y = y_reg;

endmodule

`resetall
