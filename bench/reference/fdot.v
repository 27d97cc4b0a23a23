// bench/fdot.c by hand: the float dot product of vectors of 16, the sum
// added in C's order, on the library's units: rtl/sluice_fmul.v (9 steps)
// and rtl/sluice_fadd.v (8 steps), instantiated as sluice instantiates
// them (both are in the bench's file list for this design).
//
// Each sum needs the one before it, and reassociating the sum would change
// its rounding, so one vector's adds follow each other at the adder's
// latency: 8 cycles per element, the floor for C's order with this adder
// (a faster adder would be another unit, not another schedule).  What the
// design does beyond that: the multiplies and the vectors overlap it.
//
//   - A free-running phase counter (0..7, moving on the enable) gives
//     the adder one slot every 8 cycles, in phase 0; the pair of an
//     element is taken in phase 6 into the multiplier's input registers,
//     so its product is at the multiplier's output in the next slot but
//     one (1 + 9 steps).  The adder's result comes back at the next slot
//     (8 steps), where it feeds the adder again: the sum's recurrence is
//     the adder alone, and the multiplier is idle 7 cycles in 8.
//   - A slot without a pair (an input gap) adds -0, which leaves every
//     sum as it is (x + -0 = x, -0 + -0 = -0): the input registers hold
//     -0 * +0 then, so the chain needs no hold and no valid bit.
//   - The first element of a vector adds its product to +0 (C's s = 0),
//     not to the adder's result; the sum after the last element is
//     taken into the output register at the next slot, the slot in which
//     the next vector's first add may start: vectors go back to back,
//     128 cycles for 16 elements.
//   - The enable stops only when a sum is due in the output register and
//     the one before it is still waiting (dot_tready low); otherwise the
//     output's back-pressure does not hold the adder.
//
// The first add (+0 + p) could be left out (the product itself, with -0
// made +0): 15 adds a vector, 7.5 cycles per element.  Not done: it takes
// a second path into the output side for one element in 16.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] xs_tdata,
    input  wire        xs_tvalid,
    output wire        xs_tready,
    input  wire [31:0] ys_tdata,
    input  wire        ys_tvalid,
    output wire        ys_tready,
    output wire [31:0] dot_tdata,
    output wire        dot_tvalid,
    input  wire        dot_tready
);
    reg [2:0] ph;                  // phase: the adder's slot is phase 0
    reg [3:0] i;                   // elements of this vector taken
    reg [31:0] xr, yr;             // the multiplier's operands
    reg first_a, last_a;           // the pair in xr, yr: first / last of its vector
    reg first_b, last_b;           // its product, in the multiplier's output at the slot
    reg last_q;                    // the add issued at the last slot was a vector's last
    reg [31:0] out;
    reg out_v;
    wire [31:0] prod, sum;

    wire slot = ph == 3'd0;
    // a sum is due in the output register while it still holds the last
    wire ce = !(slot && last_q && out_v && !dot_tready);
    wire take_phase = ce && ph == 3'd6;
    wire take = take_phase && xs_tvalid && ys_tvalid;
    assign xs_tready = take_phase && ys_tvalid;
    assign ys_tready = take_phase && xs_tvalid;
    assign dot_tdata = out;
    assign dot_tvalid = out_v;

    sluice_fmul #(.EW(8), .MW(23), .LATENCY(9)) u_mul (
        .clk(clk),
        .ce(ce),
        .a(xr),
        .b(yr),
        .y(prod)
    );

    // at the slot: +0 + p for a vector's first element, else the sum so far
    sluice_fadd #(.EW(8), .MW(23), .LATENCY(8)) u_add (
        .clk(clk),
        .ce(ce),
        .a(first_b ? 32'h00000000 : sum),
        .b(prod),
        .sub(1'b0),
        .y(sum)
    );

    always @(posedge clk) begin
        if (dot_tready)
            out_v <= 1'b0;
        if (ce) begin
            ph <= ph + 3'd1;
            if (take_phase) begin
                // -0 * +0 = -0: an empty slot adds -0
                xr <= take ? xs_tdata : 32'h80000000;
                yr <= take ? ys_tdata : 32'h00000000;
                first_a <= take && i == 4'd0;
                last_a <= take && i == 4'd15;
            end
            if (take)
                i <= i + 4'd1;
            if (slot) begin
                first_b <= first_a;
                last_b <= last_a;
                last_q <= last_b;
                if (last_q) begin
                    out <= sum;
                    out_v <= 1'b1;
                end
            end
        end
        if (rst) begin
            ph <= 3'd0;
            i <= 4'd0;
            first_a <= 1'b0;
            last_a <= 1'b0;
            first_b <= 1'b0;
            last_b <= 1'b0;
            last_q <= 1'b0;
            out_v <= 1'b0;
        end
    end
endmodule
