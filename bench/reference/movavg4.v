// bench/movavg4.c by hand: a running sum of the last four samples, 18 bits
// wide (four 16-bit values need no more), and the delay line that says
// which sample leaves; the average is registered with the sum.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [15:0] xs_tdata,
    input  wire        xs_tvalid,
    output wire        xs_tready,
    output wire [15:0] avg_tdata,
    output wire        avg_tvalid,
    input  wire        avg_tready
);
    reg signed [15:0] x1, x2, x3, x4;
    reg signed [17:0] sum;
    reg v;
    wire ce = !v || avg_tready;
    wire signed [15:0] x = xs_tdata;
    wire signed [17:0] next = sum + x - x4;
    assign xs_tready = ce;
    assign avg_tdata = sum[17:2];
    assign avg_tvalid = v;
    always @(posedge clk) begin
        if (ce) begin
            v <= xs_tvalid;
            if (xs_tvalid) begin
                sum <= next;
                x1 <= x; x2 <= x1; x3 <= x2; x4 <= x3;
            end
        end
        if (rst) begin
            v <= 1'b0;
            sum <= 18'sd0;
            x1 <= 16'sd0; x2 <= 16'sd0; x3 <= 16'sd0; x4 <= 16'sd0;
        end
    end
endmodule
