// bench/crc32.c by hand: CRC-32 (reflected, 0xEDB88320), one byte per
// clock: the eight bit steps are one XOR network into the CRC register,
// which is also the output (inverted).
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [7:0]  bytes_tdata,
    input  wire        bytes_tvalid,
    output wire        bytes_tready,
    output wire [31:0] crc_tdata,
    output wire        crc_tvalid,
    input  wire        crc_tready
);
    function [31:0] step8;
        input [31:0] c;
        integer i;
        begin
            step8 = c;
            for (i = 0; i < 8; i = i + 1)
                step8 = (step8 >> 1) ^ (32'hedb88320 & {32{step8[0]}});
        end
    endfunction
    reg [31:0] c;
    reg v;
    wire ce = !v || crc_tready;
    assign bytes_tready = ce;
    assign crc_tdata = ~c;
    assign crc_tvalid = v;
    always @(posedge clk) begin
        if (ce) begin
            v <= bytes_tvalid;
            if (bytes_tvalid)
                c <= step8(c ^ {24'd0, bytes_tdata});
        end
        if (rst) begin
            v <= 1'b0;
            c <= 32'hffffffff;
        end
    end
endmodule
