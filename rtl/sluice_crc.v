/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * CRC-32C byte update (combinational)
 *
 * The CRC of the sluice host link (runtime/link/proto.h, section 2):
 * Castagnoli polynomial 0x1EDC6F41, bit-reflected (0x82F63B78), register
 * initialised to 32'hFFFFFFFF, result inverted, sent least significant
 * byte first.  crc_out is the register after one more byte, data, has been
 * shifted in least significant bit first; the CRC of a message is
 * ~(register after its last byte).  "123456789" gives 32'hE3069283.
 *
 * About 32 LUT4 of XOR logic; no clock.
 */
module sluice_crc
(
    input  wire [31:0]  crc_in,
    input  wire [7:0]   data,
    output wire [31:0]  crc_out
);

reg [31:0] c;
integer i;

always @* begin
    c = crc_in ^ {24'd0, data};
    for (i = 0; i < 8; i = i + 1) begin
        c = c[0] ? ((c >> 1) ^ 32'h82F63B78) : (c >> 1);
    end
end

assign crc_out = c;

endmodule

`resetall
