/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * LED pulse stretcher: makes one-cycle events visible to a person
 *
 * Parameters:
 *
 *   HOLD  clocks the LED stays on after the last event, >= 1 (the default,
 *         2**20, is 87 ms at 12 MHz)
 *
 * An event is pulse high in a cycle (a byte on the host link, a kernel
 * finishing).  led is high from the cycle after an event in cycle n to
 * cycle n+HOLD, and an event while it is on starts the HOLD cycles again,
 * so steady traffic keeps it lit and it goes out HOLD cycles after the
 * last event.  led is a register; it is active high (a board whose LED
 * lights on a low pin inverts it in the top level).
 *
 * Reset: rst is synchronous and active high; it turns the LED off.  The
 * registers also start off at configuration.
 */
module sluice_led_pulse #
(
    parameter HOLD = 1 << 20
)
(
    input  wire         clk,
    input  wire         rst,

    input  wire         pulse,
    output wire         led
);

localparam CNT_WIDTH = HOLD > 1 ? $clog2(HOLD) : 1;

// check configuration
initial begin
    if (HOLD < 1) begin
        $error("Error: HOLD must be at least 1 (instance %m)");
        $finish;
    end
end

// Cycles since the last event (counting up from 0, so that loading it is a
// synchronous reset of every bit alike and its carry chain stays whole
// when placed), and whether the LED stays on after this cycle (a
// register, so that the terminal count is not behind the carry chain)
localparam integer CNT_STOP_INT = HOLD > 1 ? HOLD - 2 : 0;
localparam [CNT_WIDTH-1:0] CNT_STOP = CNT_STOP_INT[CNT_WIDTH-1:0];

reg [CNT_WIDTH-1:0] cnt_reg = {CNT_WIDTH{1'b0}};
reg more_reg = 1'b0;
reg led_reg = 1'b0;

assign led = led_reg;

always @(posedge clk) begin
    if (pulse) begin
        cnt_reg <= {CNT_WIDTH{1'b0}};
        more_reg <= HOLD > 1;
        led_reg <= 1'b1;
    end else begin
        if (more_reg) begin
            cnt_reg <= cnt_reg + 1'b1;
            more_reg <= cnt_reg != CNT_STOP;
        end
        led_reg <= more_reg;
    end

    if (rst) begin
        cnt_reg <= {CNT_WIDTH{1'b0}};
        more_reg <= 1'b0;
        led_reg <= 1'b0;
    end
end

endmodule

`resetall
