// bench/fir16.c by hand: the 16-tap symmetric FIR, four pipeline stages:
// the delay line (shifted as a sample is taken), the seven pre-added tap
// pairs times their coefficients (the pair of zero taps drops out), two
// partial sums, and their sum scaled by 1/512.
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
    reg signed [15:0] x [0:15];
    reg signed [24:0] p0, p1, p3, p4, p5, p6, p7;
    reg signed [24:0] q0, q1;
    reg [15:0] y;
    reg v1, v2, v3, v4;
    wire ce = !v4 || dac_tready;
    assign adc_tready = ce;
    assign dac_tdata = y;
    assign dac_tvalid = v4;
    // taps: -3, -5, 0, 14, 36, 62, 84, 96, then the same backwards
    wire signed [16:0] s0 = x[0] + x[15], s1 = x[1] + x[14], s3 = x[3] + x[12],
                       s4 = x[4] + x[11], s5 = x[5] + x[10], s6 = x[6] + x[9],
                       s7 = x[7] + x[8];
    wire signed [24:0] sum = q0 + q1;
    integer i;
    always @(posedge clk) begin
        if (ce) begin
            v1 <= adc_tvalid;
            if (adc_tvalid) begin
                x[0] <= adc_tdata;
                for (i = 1; i < 16; i = i + 1)
                    x[i] <= x[i - 1];
            end
            v2 <= v1;
            p0 <= -(s0 <<< 1) - s0;               // -3
            p1 <= -(s1 <<< 2) - s1;               // -5
            p3 <= (s3 <<< 4) - (s3 <<< 1);        // 14
            p4 <= (s4 <<< 5) + (s4 <<< 2);        // 36
            p5 <= (s5 <<< 6) - (s5 <<< 1);        // 62
            p6 <= (s6 <<< 6) + (s6 <<< 4) + (s6 <<< 2); // 84
            p7 <= (s7 <<< 6) + (s7 <<< 5);        // 96
            v3 <= v2;
            q0 <= p0 + p1 + p3 + p4;
            q1 <= p5 + p6 + p7;
            v4 <= v3;
            y <= sum[24:9];
        end
        if (rst) begin
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0; v4 <= 1'b0;
            for (i = 0; i < 16; i = i + 1)
                x[i] <= 16'sd0;
        end
    end
endmodule
