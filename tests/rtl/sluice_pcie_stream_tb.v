/*

sluice: test bench of rtl/sluice_pcie_stream.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The adapter between a PCIe DMA engine's streams and the bridge, on
 * random traffic: the bridge offers beats in bursts with gaps (holding a
 * beat until it is taken, as AXI4-Stream says), the DMA engine takes C2H
 * beats when READY_PCT says.  Checked, beat by beat:
 *
 *   - every beat comes out once, in order, with TKEEP all ones;
 *   - while TVALID is high and the beat is not taken, TDATA and TLAST hold;
 *   - a beat waits no longer than IDLE + 2 cycles of a ready engine for
 *     the packet to end: once the bridge has nothing more, TLAST comes;
 *   - no packet has more than MAX_BEATS beats, and beats that follow each
 *     other closely share a packet (fewer than half as many packets as
 *     beats);
 *   - H2C: beats pass straight through, and a beat with a TKEEP byte low
 *     raises h2c_partial, which only rst clears.
 *
 * Closes with "N passed, N failed", and $fatal if anything failed.
 */
module sluice_pcie_stream_tb;

parameter LINK_W = 8;
parameter IDLE = 5;
parameter MAX_BEATS = 9;
parameter READY_PCT = 70;
parameter BEATS = 20000;

localparam DW = 8 * LINK_W;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = !clk;

reg [DW-1:0] h2c_tdata = 0;
reg [LINK_W-1:0] h2c_tkeep = {LINK_W{1'b1}};
reg h2c_tvalid = 1'b0, h2c_tlast = 1'b0;
wire h2c_tready;
wire [DW-1:0] link_in_tdata;
wire link_in_tvalid;
reg link_in_tready = 1'b1;
wire h2c_partial;

reg [DW-1:0] src_tdata = 0;
reg src_tvalid = 1'b0;
wire src_tready;
wire [DW-1:0] c2h_tdata;
wire [LINK_W-1:0] c2h_tkeep;
wire c2h_tvalid, c2h_tlast;
reg c2h_tready = 1'b0;

sluice_pcie_stream #(.LINK_W(LINK_W), .IDLE(IDLE), .MAX_BEATS(MAX_BEATS)) dut (
    .clk(clk), .rst(rst),
    .s_axis_h2c_tdata(h2c_tdata), .s_axis_h2c_tkeep(h2c_tkeep), .s_axis_h2c_tvalid(h2c_tvalid),
    .s_axis_h2c_tready(h2c_tready), .s_axis_h2c_tlast(h2c_tlast),
    .m_axis_link_tdata(link_in_tdata), .m_axis_link_tvalid(link_in_tvalid),
    .m_axis_link_tready(link_in_tready), .h2c_partial(h2c_partial),
    .s_axis_link_tdata(src_tdata), .s_axis_link_tvalid(src_tvalid), .s_axis_link_tready(src_tready),
    .m_axis_c2h_tdata(c2h_tdata), .m_axis_c2h_tkeep(c2h_tkeep), .m_axis_c2h_tvalid(c2h_tvalid),
    .m_axis_c2h_tready(c2h_tready), .m_axis_c2h_tlast(c2h_tlast)
);

integer passed = 0, failed = 0;
integer errors = 0;

task fail(input [8*64-1:0] what);
    begin
        if (errors < 10)
            $display("ERROR at %0t: %0s", $time, what);
        errors = errors + 1;
    end
endtask

function [DW-1:0] beat_of(input integer i);
    integer k;
    begin
        for (k = 0; k < LINK_W; k = k + 1)
            beat_of[8*k +: 8] = (i * 37 + k * 11 + (i >> 8)) & 8'hff;
    end
endfunction

// ---- C2H: the bridge's side ---------------------------------------------

integer sent = 0;            // beats the bridge has handed over
integer gap = 0;             // cycles the bridge pauses before its next beat
integer quiet = 0;           // cycles the bridge has had no beat on offer
integer seed = 1;

// ---- C2H: the engine's side ---------------------------------------------

integer got = 0;             // beats out
integer pkt = 0;             // beats in the packet under way
integer packets = 0;
integer waited = 0;          // cycles of a ready engine a held beat waited
integer max_pkt = 0;
reg [DW-1:0] last_tdata;
reg last_tlast, last_pending = 1'b0;
reg drain = 1'b0;             // the engine takes every beat (the end of the run)

// The bench drives its inputs just after each falling edge and notes, a
// moment later, which handshakes the next rising edge will complete (the
// inputs and the adapter's outputs hold until then); at the next falling
// edge it accounts for them.
reg c2h_fire = 1'b0, src_fire = 1'b0;
reg [DW-1:0] c2h_seen;
reg c2h_last_seen;

always @(negedge clk) begin
    if (!rst) begin
        // the engine took a beat at the last rising edge
        if (c2h_fire) begin
            if (c2h_seen !== beat_of(got))
                fail("C2H beat out of order or wrong");
            got = got + 1;
            pkt = pkt + 1;
            if (c2h_last_seen) begin
                if (pkt > max_pkt)
                    max_pkt = pkt;
                if (pkt > MAX_BEATS)
                    fail("a packet longer than MAX_BEATS");
                pkt = 0;
                packets = packets + 1;
            end
        end
        if (last_pending && (c2h_tdata !== last_tdata || c2h_tlast !== last_tlast || !c2h_tvalid))
            fail("C2H beat changed before it was taken");

        // the bridge handed a beat over at the last rising edge
        if (src_fire) begin
            sent = sent + 1;
            src_tvalid = 1'b0;
            gap = ($random(seed) & 3) == 0 ? ($random(seed) & 15) : 0;
        end
        if (!src_tvalid) begin
            quiet = quiet + 1;
            if (gap > 0)
                gap = gap - 1;
            else if (sent < BEATS) begin
                src_tvalid = 1'b1;
                src_tdata = beat_of(sent);
                quiet = 0;
            end
        end
        // a beat waits for its successor at most IDLE cycles (plus the
        // adapter's own two) while the bridge has none and the engine
        // would take it
        if (sent > got && !src_tvalid && c2h_tready)
            waited = waited + 1;
        else
            waited = 0;
        if (waited > IDLE + 2)
            fail("a beat waited past IDLE for a TLAST");
        c2h_tready = drain || ($random(seed) % 100 + 100) % 100 < READY_PCT;

        #1;
        c2h_fire = c2h_tvalid && c2h_tready;
        c2h_seen = c2h_tdata;
        c2h_last_seen = c2h_tlast;
        if (c2h_tvalid && c2h_tkeep !== {LINK_W{1'b1}})
            fail("C2H TKEEP not all ones");
        src_fire = src_tvalid && src_tready;
        last_pending = c2h_tvalid && !c2h_tready;
        last_tdata = c2h_tdata;
        last_tlast = c2h_tlast;
    end
end

// ---- the run --------------------------------------------------------------

task check(input ok, input [8*64-1:0] what);
    begin
        if (ok && errors == 0) begin
            $display("PASS: sluice_pcie_stream W=%0d IDLE=%0d MAX=%0d ready %0d%%: %0s",
                     LINK_W, IDLE, MAX_BEATS, READY_PCT, what);
            passed = passed + 1;
        end else begin
            $display("FAIL: sluice_pcie_stream W=%0d IDLE=%0d MAX=%0d ready %0d%%: %0s",
                     LINK_W, IDLE, MAX_BEATS, READY_PCT, what);
            failed = failed + 1;
        end
        errors = 0;
    end
endtask

integer i, cycles;

initial begin
    repeat (4) @(posedge clk);
    rst <= 1'b0;

    // C2H: BEATS beats with random gaps and a random engine
    cycles = 0;
    while (got < BEATS && cycles < 40 * BEATS) begin
        @(posedge clk);
        cycles = cycles + 1;
    end
    // the last beat must come out with TLAST once the bridge is quiet
    drain = 1'b1;
    repeat (2 * IDLE + 8) @(posedge clk);
    check(got == BEATS && pkt == 0 && !c2h_tvalid,
          "C2H: every beat once, in order, packets closed");
    check(2 * packets < got, "C2H: beats close together share a packet");
    $display("  %0d beats in %0d packets (longest %0d), %0d cycles", got, packets, max_pkt, cycles);

    // H2C: beats straight through; a partial beat is seen
    @(negedge clk);
    h2c_tvalid = 1'b1;
    for (i = 0; i < 20; i = i + 1) begin
        h2c_tdata = beat_of(1000 + i);
        link_in_tready = i % 3 != 0;
        #1;
        if (link_in_tdata !== h2c_tdata || link_in_tvalid !== 1'b1 || h2c_tready !== link_in_tready)
            fail("H2C not passed through");
        @(negedge clk);
    end
    check(h2c_partial === 1'b0, "H2C: whole beats pass straight through");
    h2c_tkeep = {1'b0, {(LINK_W - 1){1'b1}}};
    link_in_tready = 1'b1;
    @(negedge clk);
    h2c_tkeep = {LINK_W{1'b1}};
    h2c_tvalid = 1'b0;
    repeat (3) @(negedge clk);
    check(h2c_partial === 1'b1, "H2C: a partial beat raises h2c_partial, and it stays");
    rst = 1'b1;
    @(negedge clk);
    rst = 1'b0;
    check(h2c_partial === 1'b0, "H2C: rst clears h2c_partial");

    $display("%0d passed, %0d failed", passed, failed);
    if (failed)
        $fatal(1, "sluice_pcie_stream_tb: %0d failed", failed);
    $finish;
end

endmodule

`resetall
