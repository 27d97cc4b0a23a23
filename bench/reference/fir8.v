// bench/fir8.c by hand: the 8-tap symmetric FIR, three pipeline stages:
// the delay line (shifted as a sample is taken), the four pre-added tap
// pairs times their coefficients, their sum scaled by 1/256.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [15:0] adc_tdata,
    input  wire        adc_tvalid,
    output wire        adc_tready,
    output wire [15:0] dac_tdata,
    output wire        dac_tvalid,
    input  wire        dac_tready
);
    reg signed [15:0] x0, x1, x2, x3, x4, x5, x6, x7;
    reg signed [23:0] p0, p1, p2, p3;
    reg [15:0] y;
    reg v1, v2, v3;
    wire ce = !v3 || dac_tready;
    assign adc_tready = ce;
    assign dac_tdata = y;
    assign dac_tvalid = v3;
    // symmetric taps: T0 = T7 = -6, T1 = T6 = 10, T2 = T5 = 40, T3 = T4 = 84
    wire signed [16:0] s07 = x0 + x7, s16 = x1 + x6, s25 = x2 + x5, s34 = x3 + x4;
    wire signed [23:0] sum = p0 + p1 + p2 + p3;
    always @(posedge clk) begin
        if (ce) begin
            v1 <= adc_tvalid;
            if (adc_tvalid) begin
                x0 <= adc_tdata;
                x1 <= x0; x2 <= x1; x3 <= x2; x4 <= x3; x5 <= x4; x6 <= x5; x7 <= x6;
            end
            v2 <= v1;
            p0 <= -(s07 <<< 2) - (s07 <<< 1);     // -6
            p1 <= (s16 <<< 3) + (s16 <<< 1);      // 10
            p2 <= (s25 <<< 5) + (s25 <<< 3);      // 40
            p3 <= (s34 <<< 6) + (s34 <<< 4) + (s34 <<< 2); // 84
            v3 <= v2;
            y <= sum[23:8];
        end
        if (rst) begin
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0;
            x0 <= 16'sd0; x1 <= 16'sd0; x2 <= 16'sd0; x3 <= 16'sd0;
            x4 <= 16'sd0; x5 <= 16'sd0; x6 <= 16'sd0; x7 <= 16'sd0;
        end
    end
endmodule
