// bench/axpb.c by hand: y = 3x + 1, one word per clock, an output register.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] xs_tdata,
    input  wire        xs_tvalid,
    output wire        xs_tready,
    output wire [31:0] ys_tdata,
    output wire        ys_tvalid,
    input  wire        ys_tready
);
    reg [31:0] y;
    reg v;
    wire ce = !v || ys_tready;
    assign xs_tready = ce;
    assign ys_tdata = y;
    assign ys_tvalid = v;
    always @(posedge clk) begin
        if (ce) begin
            v <= xs_tvalid;
            if (xs_tvalid)
                y <= {xs_tdata[30:0], 1'b0} + xs_tdata + 32'd1;
        end
        if (rst)
            v <= 1'b0;
    end
endmodule
