// Hand-written fixture of the harness self-test (wide): a sluice_core with
// the port conventions of the compiler, to test the harness without it.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module kernel_wide (
    input  wire        clk,
    input  wire        rst,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [95:0] sin_tdata, // padding bits unused
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire        sin_tvalid,
    output wire        sin_tready,
    output wire [95:0] sout_tdata,
    output wire        sout_tvalid,
    input  wire        sout_tready
);
reg st_reg = 1'b0;
reg [7:0] a_reg = 8'd0;
reg [31:0] b_reg = 32'd0;
reg [15:0] c_reg = 16'd0;
assign sin_tready = !st_reg;
assign sout_tvalid = st_reg;
assign sout_tdata = {16'd0, c_reg, b_reg, 24'd0, a_reg};
always @(posedge clk) begin
    if (!st_reg) begin
        if (sin_tvalid) begin
            a_reg <= sin_tdata[7:0];
            b_reg <= sin_tdata[63:32] + {24'd0, sin_tdata[7:0]};
            c_reg <= sin_tdata[79:64] ^ 16'h1234;
            st_reg <= 1'b1;
        end
    end else if (sout_tready) begin
        st_reg <= 1'b0;
    end
    if (rst) st_reg <= 1'b0;
end
endmodule
`resetall
