/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Reset generator: the board's reset, from configuration and a button
 *
 * Parameters:
 *
 *   CYCLES             clocks of reset, >= 1
 *   HAS_BUTTON         1: btn is a reset button; 0: btn is ignored (tie it
 *                      to anything)
 *   BUTTON_ACTIVE_LOW  1: the button pulls btn low when pressed; 0: high
 *
 * After configuration rst is high at the first CYCLES rising edges of clk
 * and low from the (CYCLES+1)-th on: a design with a synchronous reset is
 * in reset for CYCLES cycles.  This needs no reset of its own: the counter
 * and rst are flip-flops with initial values, which the FPGA loads at
 * configuration.  Yosys keeps them in the iCE40 flow (whose flip-flops
 * power up at 0: it inverts those that start at 1) and in the ECP5 flow
 * (REGSET); tests/rtl/run.sh simulates both synthesized netlists from
 * configuration to hold this.  A flow that drops initial values cannot
 * use this module.
 *
 * With a button, btn is asynchronous and goes through two flip-flops.
 * rst rises at the third rising edge after btn is pressed, stays high
 * while it is pressed, and falls at the (CYCLES+2)-th rising edge after
 * it is released: the reset lasts at least CYCLES cycles after the
 * release, and a bounce shorter than CYCLES cycles only prolongs it, so a
 * CYCLES of some milliseconds also debounces the button.
 *
 * rst is a register: it is asserted and deasserted synchronously to clk.
 */
module sluice_reset_gen #
(
    parameter CYCLES = 16,
    parameter BUTTON_ACTIVE_LOW = 1,
    parameter HAS_BUTTON = 0
)
(
    input  wire         clk,

    /*
     * Reset button, asynchronous (ignored when HAS_BUTTON = 0)
     */
    input  wire         btn,

    /*
     * Reset, synchronous, active high
     */
    output wire         rst
);

localparam CNT_WIDTH = CYCLES > 1 ? $clog2(CYCLES) : 1;
localparam CNT_LAST_INT = CYCLES - 1;
localparam [CNT_WIDTH-1:0] CNT_LAST = CNT_LAST_INT[CNT_WIDTH-1:0];

// check configuration
initial begin
    if (CYCLES < 1) begin
        $error("Error: CYCLES must be at least 1 (instance %m)");
        $finish;
    end
end

// clocks of reset left after this one
reg [CNT_WIDTH-1:0] cnt_reg = CNT_LAST;
reg rst_reg = 1'b1;

assign rst = rst_reg;

wire pressed;

generate

if (HAS_BUTTON != 0) begin : button

    localparam RELEASED = BUTTON_ACTIVE_LOW != 0 ? 1'b1 : 1'b0;

    reg btn_meta_reg = RELEASED;
    reg btn_sync_reg = RELEASED;

    always @(posedge clk) begin
        btn_meta_reg <= btn;
        btn_sync_reg <= btn_meta_reg;
    end

    assign pressed = btn_sync_reg != RELEASED;

end else begin : no_button

    wire unused_btn = btn;

    assign pressed = 1'b0;

end

endgenerate

always @(posedge clk) begin
    if (pressed) begin
        cnt_reg <= CNT_LAST;
        rst_reg <= 1'b1;
    end else begin
        if (cnt_reg != {CNT_WIDTH{1'b0}}) begin
            cnt_reg <= cnt_reg - 1'b1;
        end
        rst_reg <= cnt_reg != {CNT_WIDTH{1'b0}};
    end
end

endmodule

`resetall
