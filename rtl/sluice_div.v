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
 * Stage k (0 <= k < WIDTH) of the division takes from slot k and leaves
 * in slot k+1:
 *
 *   dq   the dividend, its top k bits replaced by the quotient bits found
 *        so far (bit WIDTH-1-k is the dividend bit stage k brings down and
 *        the quotient bit it produces)
 *   dvs  the divisor (not kept after the last stage)
 *   prem the partial remainder; after k dividend bits it is below 2**k,
 *        so slot k is k bits wide and the slots are packed at k*(k-1)/2
 *   qneg, rneg  negate the quotient / the remainder at the output
 */
wire [(WIDTH+1)*WIDTH-1:0]   dq_slot;
wire [WIDTH*WIDTH-1:0]       dvs_slot;
wire [(WIDTH+1)*WIDTH/2-1:0] prem_slot;
wire [WIDTH:0]               qneg_slot;
wire [WIDTH:0]               rneg_slot;

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

assign dq_slot[WIDTH-1:0] = a_abs_reg;
assign dvs_slot[WIDTH-1:0] = b_abs_reg;
assign qneg_slot[0] = in_qneg_reg;
assign rneg_slot[0] = in_rneg_reg;

/*
 * Division stages
 */
genvar k;

generate

for (k = 0; k < WIDTH; k = k + 1) begin : stage

    // trial remainder: the partial remainder with the next dividend bit
    // brought down; k+1 bits
    localparam TW = k + 1;

    wire [WIDTH-1:0] dq = dq_slot[k*WIDTH +: WIDTH];
    wire [WIDTH-1:0] dvs = dvs_slot[k*WIDTH +: WIDTH];
    wire [TW-1:0] trial;
    wire fits;

    if (k == 0) begin : first
        assign trial = dq[WIDTH-1];
    end else begin : later
        assign trial = {prem_slot[k*(k-1)/2 +: k], dq[WIDTH-1-k]};
    end

    wire [TW:0] diff = {1'b0, trial} - {1'b0, dvs[TW-1:0]};

    // trial >= divisor: the divisor has no bits above the trial's and the
    // subtraction does not borrow
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
            qneg_reg <= qneg_slot[k];
            rneg_reg <= rneg_slot[k];
        end
    end

    assign dq_slot[(k+1)*WIDTH +: WIDTH] = dq_reg;
    assign prem_slot[(k+1)*k/2 +: TW] = prem_reg;
    assign qneg_slot[k+1] = qneg_reg;
    assign rneg_slot[k+1] = rneg_reg;

    if (k < WIDTH-1) begin : pass_divisor
        reg [WIDTH-1:0] dvs_reg;

        always @(posedge clk) begin
            if (ce) begin
                dvs_reg <= dvs;
            end
        end

        assign dvs_slot[(k+1)*WIDTH +: WIDTH] = dvs_reg;
    end

end

endgenerate

/*
 * Output stage
 */
wire [WIDTH-1:0] q_abs = dq_slot[WIDTH*WIDTH +: WIDTH];
wire [WIDTH-1:0] r_abs = prem_slot[(WIDTH-1)*WIDTH/2 +: WIDTH];

reg [WIDTH-1:0] quot_reg;
reg [WIDTH-1:0] rem_reg;

always @(posedge clk) begin
    if (ce) begin
        quot_reg <= qneg_slot[WIDTH] ? -q_abs : q_abs;
        rem_reg <= rneg_slot[WIDTH] ? -r_abs : r_abs;
    end
end

assign quot = quot_reg;
assign rem = rem_reg;

endmodule

`resetall
