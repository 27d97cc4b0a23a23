/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Fully pipelined integer divider with C semantics
 *
 * Parameters:
 *
 *   WIDTH    operand and result width in bits, 1 to 64 (wider also works)
 *   SIGNED   0: unsigned operands; 1: two's-complement operands
 *   LATENCY  not a knob: it must be left at its default, WIDTH + 2.  An
 *            instantiating generator may pass the value it computed, and
 *            elaboration stops if that differs from the module's latency.
 *
 * Timing:
 *
 *   LATENCY = WIDTH + 2
 *
 *   Every rising edge of clk at which ce is high is a step.  a and b are
 *   sampled at a step, and their quot and rem are on the outputs right
 *   after the LATENCY-th step counting that one, and stay there until the
 *   next step.  A new operation can start at every step.  With ce low the
 *   whole pipeline, outputs included, holds its state.  The stages are one
 *   operand stage (absolute values, signs), WIDTH restoring-division stages
 *   (one quotient bit each) and one output stage (sign correction).
 *
 * Results, as in C (and as RISC-V DIV/DIVU/REM/REMU):
 *
 *   quot = a / b, truncated toward zero
 *   rem  = a % b, with the sign of a, so a == quot * b + rem
 *   b == 0:                          quot = all ones (-1 if SIGNED),
 *                                    rem = a
 *   SIGNED, a = most negative, b = -1: quot = a (the overflow wraps),
 *                                    rem = 0
 *
 * There is no reset: the pipeline is datapath only.  Outputs are undefined
 * until LATENCY steps have passed since configuration.
 */
module sluice_div #
(
    parameter WIDTH = 32,
    parameter SIGNED = 0,
    parameter LATENCY = WIDTH + 2
)
(
    input  wire              clk,
    input  wire              ce,

    input  wire [WIDTH-1:0]  a,
    input  wire [WIDTH-1:0]  b,

    output wire [WIDTH-1:0]  quot,
    output wire [WIDTH-1:0]  rem
);

// check configuration
initial begin
    if (WIDTH < 1) begin
        $error("Error: WIDTH must be at least 1 (instance %m)");
        $finish;
    end

    if (SIGNED != 0 && SIGNED != 1) begin
        $error("Error: SIGNED must be 0 or 1 (instance %m)");
        $finish;
    end

    if (LATENCY != WIDTH + 2) begin
        $error("Error: LATENCY is WIDTH + 2 and cannot be set (instance %m)");
        $finish;
    end
end

/*
 * Operand stage
 */
wire a_neg = SIGNED != 0 && a[WIDTH-1];
wire b_neg = SIGNED != 0 && b[WIDTH-1];
wire b_zero = ~|b;

reg [WIDTH-1:0] a_abs_reg;
reg [WIDTH-1:0] b_abs_reg;
reg in_qneg_reg;
reg in_rneg_reg;

always @(posedge clk) begin
    if (ce) begin
        a_abs_reg <= a_neg ? -a : a;
        b_abs_reg <= b_neg ? -b : b;
        // x / 0 is all ones whatever the signs
        in_qneg_reg <= (a_neg ^ b_neg) && !b_zero;
        in_rneg_reg <= a_neg;
    end
end

/*
 * Division stages.  Stage k (0 <= k < WIDTH) brings down dividend bit
 * WIDTH-1-k and produces quotient bit WIDTH-1-k.  Its registers:
 *
 *   dq_reg    the dividend with its top k+1 bits replaced by the quotient
 *             bits found so far
 *   prem_reg  the partial remainder, below 2**(k+1) as only k+1 dividend
 *             bits have come down, so k+1 bits wide
 *   dvs_reg   the divisor (not kept by the last stage)
 *   qneg_reg, rneg_reg  negate the quotient / the remainder at the output
 */
genvar k;

generate

for (k = 0; k < WIDTH; k = k + 1) begin : stage

    localparam TW = k + 1;

    wire [WIDTH-1:0] dq;
    wire [WIDTH-1:0] dvs;
    wire qneg;
    wire rneg;

    // trial remainder: the partial remainder with the next dividend bit
    // brought down
    wire [TW-1:0] trial;

    if (k == 0) begin : first
        assign dq = a_abs_reg;
        assign dvs = b_abs_reg;
        assign qneg = in_qneg_reg;
        assign rneg = in_rneg_reg;
        assign trial = dq[WIDTH-1];
    end else begin : later
        assign dq = stage[k-1].dq_reg;
        assign dvs = stage[k-1].keep.dvs_reg;
        assign qneg = stage[k-1].qneg_reg;
        assign rneg = stage[k-1].rneg_reg;
        assign trial = {stage[k-1].prem_reg, dq[WIDTH-1-k]};
    end

    wire [TW:0] diff = {1'b0, trial} - {1'b0, dvs[TW-1:0]};

    // trial >= divisor: the divisor has no bits above the trial's and the
    // subtraction does not borrow
    wire fits;

    if (TW < WIDTH) begin : narrow
        assign fits = !diff[TW] && !(|dvs[WIDTH-1:TW]);
    end else begin : full
        assign fits = !diff[TW];
    end

    reg [WIDTH-1:0] dq_reg;
    reg [TW-1:0] prem_reg;
    reg qneg_reg;
    reg rneg_reg;

    always @(posedge clk) begin
        if (ce) begin
            dq_reg <= dq;
            dq_reg[WIDTH-1-k] <= fits;
            prem_reg <= fits ? diff[TW-1:0] : trial;
            qneg_reg <= qneg;
            rneg_reg <= rneg;
        end
    end

    if (k < WIDTH-1) begin : keep
        reg [WIDTH-1:0] dvs_reg;

        always @(posedge clk) begin
            if (ce) begin
                dvs_reg <= dvs;
            end
        end
    end

end

endgenerate

/*
 * Output stage
 */
wire [WIDTH-1:0] q_abs = stage[WIDTH-1].dq_reg;
wire [WIDTH-1:0] r_abs = stage[WIDTH-1].prem_reg;

reg [WIDTH-1:0] quot_reg;
reg [WIDTH-1:0] rem_reg;

always @(posedge clk) begin
    if (ce) begin
        quot_reg <= stage[WIDTH-1].qneg_reg ? -q_abs : q_abs;
        rem_reg <= stage[WIDTH-1].rneg_reg ? -r_abs : r_abs;
    end
end

assign quot = quot_reg;
assign rem = rem_reg;

endmodule

`resetall
