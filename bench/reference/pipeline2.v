// bench/pipeline2.c by hand: the two stages fused into one pipeline of
// two registers (no FIFO between them: one enable moves both).
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
    reg [31:0] m, y;
    reg v1, v2;
    wire ce = !v2 || ys_tready;
    assign xs_tready = ce;
    assign ys_tdata = y;
    assign ys_tvalid = v2;
    always @(posedge clk) begin
        if (ce) begin
            v1 <= xs_tvalid;
            m <= {xs_tdata[29:0], 2'b00} + xs_tdata;   // x * 5
            v2 <= v1;
            y <= m ^ (m >> 3);
        end
        if (rst) begin
            v1 <= 1'b0;
            v2 <= 1'b0;
        end
    end
endmodule
