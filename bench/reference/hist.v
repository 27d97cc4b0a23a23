// bench/hist.c by hand: 256 counters in block RAM, read in the cycle a
// word is taken, incremented and written back the next, the new count
// registered for the output; a word whose counter the previous word is
// writing in its read cycle takes the written count instead of the RAM's
// (read-first) old one.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] in_tdata,
    input  wire        in_tvalid,
    output wire        in_tready,
    output wire [31:0] counts_tdata,
    output wire        counts_tvalid,
    input  wire        counts_tready
);
    reg [31:0] mem [0:255];
    reg [31:0] q, fwd, y;
    reg [7:0] a1;
    reg v1, v2, hit;
    integer i;
    initial for (i = 0; i < 256; i = i + 1) mem[i] = 32'd0;
    wire ce = !v2 || counts_tready;
    wire [7:0] a = in_tdata[7:0];
    wire [31:0] n = (hit ? fwd : q) + 32'd1;
    wire we = ce && v1;
    assign in_tready = ce;
    assign counts_tdata = y;
    assign counts_tvalid = v2;
    always @(posedge clk) begin
        if (we)
            mem[a1] <= n;
        if (ce) begin
            q <= mem[a];
            hit <= we && a1 == a;
            fwd <= n;
            a1 <= a;
            v1 <= in_tvalid;
            v2 <= v1;
            if (v1)
                y <= n;
        end
        if (rst) begin
            v1 <= 1'b0;
            v2 <= 1'b0;
        end
    end
endmodule
