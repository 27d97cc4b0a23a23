// div_model.v -- a behavioural stand-in for rtl/sluice_div.v, for fast
// Icarus simulation of csmith kernels (tests/csmith/csmith_sim.py).
//
// Same ports, parameters and timing as sluice_div: a and b are sampled at
// every rising edge with ce high (a step) and their quotient and remainder
// are on the outputs after the LATENCY-th step counting that one; ce low
// holds everything.  Same results: C division truncating toward zero,
// x/0 = all ones with remainder x, signed MIN/-1 = MIN with remainder 0.
// The real divider is tested by tests/rtl; this model only makes the
// O(WIDTH^2) bit-level pipeline cheap for Icarus.  run.py --div rtl uses the
// real one.
`resetall
`timescale 1ns / 1ps
`default_nettype none
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

initial begin
    if (LATENCY != WIDTH + 2) begin
        $error("Error: LATENCY is WIDTH + 2 and cannot be set (instance %m)");
        $finish;
    end
end

// the last LATENCY results in a ring: a step overwrites the oldest one,
// which is the one on the outputs (O(1) work per step, unlike a shift
// register, which matters with dozens of instances)
reg [WIDTH-1:0] q_ring [0:LATENCY-1];
reg [WIDTH-1:0] r_ring [0:LATENCY-1];
integer ptr = 0;

wire a_neg = SIGNED != 0 && a[WIDTH-1];
wire b_neg = SIGNED != 0 && b[WIDTH-1];
wire [WIDTH-1:0] a_abs = a_neg ? -a : a;
wire [WIDTH-1:0] b_abs = b_neg ? -b : b;
wire [WIDTH-1:0] q_abs = b_abs == 0 ? {WIDTH{1'b1}} : a_abs / b_abs;
wire [WIDTH-1:0] r_abs = b_abs == 0 ? a_abs : a_abs % b_abs;
wire [WIDTH-1:0] q = (b_abs != 0 && (a_neg ^ b_neg)) ? -q_abs : q_abs;
wire [WIDTH-1:0] r = a_neg ? -r_abs : r_abs;

always @(posedge clk) begin
    if (ce) begin
        q_ring[ptr] <= q;
        r_ring[ptr] <= r;
        ptr <= ptr == LATENCY - 1 ? 0 : ptr + 1;
    end
end

assign quot = q_ring[ptr];
assign rem = r_ring[ptr];

endmodule
`resetall
