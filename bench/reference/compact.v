// bench/compact.c by hand: odd words pass through an output register, even
// ones are dropped as they arrive; one word in per clock.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] xs_tdata,
    input  wire        xs_tvalid,
    output wire        xs_tready,
    output wire [31:0] odd_tdata,
    output wire        odd_tvalid,
    input  wire        odd_tready
);
    reg [31:0] y;
    reg v;
    wire ce = !v || odd_tready;
    assign xs_tready = ce;
    assign odd_tdata = y;
    assign odd_tvalid = v;
    always @(posedge clk) begin
        if (ce) begin
            v <= xs_tvalid && xs_tdata[0];
            y <= xs_tdata;
        end
        if (rst)
            v <= 1'b0;
    end
endmodule
