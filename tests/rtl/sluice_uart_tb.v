/*

sluice: testbench for rtl/sluice_uart_rx.v, rtl/sluice_uart_tx.v,
rtl/sluice_reset_gen.v and rtl/sluice_led_pulse.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for the board-level pieces: the UART PHY, the
 * reset generator and the LED pulse stretcher, for Icarus and Verilator
 * (--binary, which implies --timing).  The clock period is 10 ns.
 *
 * The design is wired as a board top level would wire it: a
 * sluice_reset_gen with a button resets everything else.  A second one
 * without a button must ignore it.  The receiver's line is either the
 * transmitter's pin (loopback) or a behavioural sender that drives it at
 * arbitrary times (in picoseconds, unrelated to the clock) with a bit
 * period of its own.
 *
 * Checked in every cycle, whatever the phase:
 *
 *   - tx: the pin is what 8N1 at exactly DIV cycles a bit gives for the
 *     bytes taken (start bit from the cycle after the handshake, least
 *     significant bit first), high when idle and after reset;
 *     s_axis_tready is high exactly when idle or in the stop bit's last
 *     cycle, low after a cycle of reset;
 *   - loopback: a cycle-exact model of the receiver's output register
 *     (each byte taken by tx arrives LAT = 9*DIV + H + 4 cycles later;
 *     one arriving while the held one is not taken raises overrun and is
 *     dropped, the held one is kept) agrees with m_axis_tvalid,
 *     m_axis_tdata and overrun in every cycle; no frame error;
 *   - the reset without a button stays low after configuration.
 *
 * Phases, each reported PASS or FAIL: reset from configuration (CYCLES
 * edges); the button (rise and fall counted in cycles, bounces); the LED
 * (against a model, and cleared by reset); loopback at line rate (cycles
 * counted), with random gaps and back-pressure (no overrun, nothing lost),
 * and with a slow reader (overruns, exactly as the model says); a
 * behavioural sender at the nominal rate and at the edges of the
 * tolerance the receiver's header claims, back to back and with gaps
 * (every byte right, in order, no error); beyond the tolerance, slow and
 * fast (each byte gives one event; those that cannot come out right come
 * out as frame errors or wrong bytes); glitches shorter than half a bit
 * (no event) and a low pulse of 0.9 bit (a start bit: 8'hFF); a stop bit
 * of 0 (a frame error, no byte) and a break (one frame error); garbage and
 * a reset in mid-frame followed by one idle frame time (back in step).
 * With DIV < 4 only the transmitter is there, and only its phases run.
 *
 * Define SLUICE_RESET_GEN_NETLIST to use a synthesized netlist of
 * sluice_reset_gen (made with this bench's CYCLES and BUTTON_ACTIVE_LOW
 * and HAS_BUTTON = 1) for the button instance; the other one is then left
 * out.
 *
 * Ends with "N passed, N failed" and $fatal if anything failed.
 */
module sluice_uart_tb #
(
    parameter DIV = 4,
    parameter BYTES = 400,
    parameter CYCLES = 16,
    parameter BUTTON_ACTIVE_LOW = 1,
    parameter HOLD = 7,
    parameter SEED = 1
);

// the receiver's sample offset, as its header computes it
localparam HAS_RX = DIV >= 4;
localparam H_LO = 9 * (DIV - 1) / 19;
localparam H = 9 * (DIV - 2 - H_LO) > 10 * H_LO ? H_LO + 1 : H_LO;
localparam LAT = 9 * DIV + H + 4;
localparam FRAME = 10 * DIV;
localparam PRESSED = BUTTON_ACTIVE_LOW != 0 ? 1'b0 : 1'b1;
localparam EVN = 8192;
localparam QN = 64;

reg clk = 1'b0;

always #5 clk = ~clk;

integer cycle = 0;

always @(posedge clk) begin
    cycle <= cycle + 1;
end

/*
 * The design
 */
reg btn = ~PRESSED;
wire rst;
wire rst0;

`ifdef SLUICE_RESET_GEN_NETLIST
sluice_reset_gen
rg (
    .clk(clk),
    .btn(btn),
    .rst(rst)
);

assign rst0 = 1'b0;
`else
sluice_reset_gen #(
    .CYCLES(CYCLES),
    .BUTTON_ACTIVE_LOW(BUTTON_ACTIVE_LOW),
    .HAS_BUTTON(1)
)
rg (
    .clk(clk),
    .btn(btn),
    .rst(rst)
);

sluice_reset_gen #(
    .CYCLES(CYCLES),
    .BUTTON_ACTIVE_LOW(BUTTON_ACTIVE_LOW),
    .HAS_BUTTON(0)
)
rg0 (
    .clk(clk),
    .btn(btn),
    .rst(rst0)
);
`endif

reg  [7:0]  s_axis_tdata = 8'd0;
reg         s_axis_tvalid = 1'b0;
wire        s_axis_tready;
wire        tx;

sluice_uart_tx #(
    .DIV(DIV)
)
utx (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .tx(tx)
);

reg loop = 1'b1;
reg beh_line = 1'b1;
wire rx_line = loop ? tx : beh_line;

wire [7:0]  m_axis_tdata;
wire        m_axis_tvalid;
reg         m_axis_tready = 1'b0;
wire        frame_error;
wire        overrun;

generate

if (HAS_RX) begin : with_rx

    sluice_uart_rx #(
        .DIV(DIV)
    )
    urx (
        .clk(clk),
        .rst(rst),
        .rx(rx_line),
        .m_axis_tdata(m_axis_tdata),
        .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready),
        .frame_error(frame_error),
        .overrun(overrun)
    );

end else begin : without_rx

    assign m_axis_tdata = 8'd0;
    assign m_axis_tvalid = 1'b0;
    assign frame_error = 1'b0;
    assign overrun = 1'b0;

end

endgenerate

reg led_pulse_in = 1'b0;
wire led;

sluice_led_pulse #(
    .HOLD(HOLD)
)
uled (
    .clk(clk),
    .rst(rst),
    .pulse(led_pulse_in),
    .led(led)
);

/*
 * Random numbers
 */
function [63:0] xorshift;
    input [63:0] x;
    reg [63:0] y;
    begin
        y = x ^ (x << 13);
        y = y ^ (y >> 7);
        xorshift = y ^ (y << 17);
    end
endfunction

function [63:0] mix;
    input [63:0] x;
    reg [63:0] z;
    begin
        z = x + 64'h9e3779b97f4a7c15;
        z = (z ^ (z >> 30)) * 64'hbf58476d1ce4e5b9;
        z = (z ^ (z >> 27)) * 64'h94d049bb133111eb;
        mix = z ^ (z >> 31);
    end
endfunction

// byte seq of the loopback source
function [7:0] src_byte;
    input integer seq;
    reg [63:0] h;
    begin
        h = mix({seq[31:0], SEED[31:0]});
        src_byte = h[7:0];
    end
endfunction

// a number in 0..9999
function integer permille10;
    input [63:0] r;
    begin
        permille10 = r[31:0] % 10000;
    end
endfunction

// the test sequence's own generator
reg [63:0] rng = 64'h2545f4914f6cdd1d ^ {32'd0, SEED[31:0]};

function integer urand;
    input integer n;
    begin
        rng = xorshift(rng);
        urand = rng[31:0] % n;
    end
endfunction

function [7:0] urand_byte;
    input integer dummy;
    begin
        rng = xorshift(rng);
        urand_byte = rng[7:0] ^ dummy[7:0];
    end
endfunction

// uniform in [0, 1)
function real ureal;
    input integer dummy;
    begin
        rng = xorshift(rng);
        ureal = (rng[31:0] % 1000000) / 1000000.0 + dummy * 0.0;
    end
endfunction

/*
 * Errors seen by the monitors
 */
integer errors = 0;

task check_failed;
    input [8*72-1:0] what;
    begin
        if (errors < 12) begin
            $display("  error at cycle %0d: %0s", cycle, what);
        end
        errors = errors + 1;
    end
endtask

/*
 * Configuration: the reset from configuration lasts CYCLES edges; the one
 * without a button stays low afterwards; the LED is off meanwhile
 */
reg cfg_done = 1'b0;
integer cfg_edges = 0;
integer cfg_edges0 = 0;

always @(posedge clk) begin
    if (!cfg_done) begin
        if (rst) begin
            cfg_edges <= cfg_edges + 1;
        end else begin
            cfg_done <= 1'b1;
        end
        if (rst0) begin
            cfg_edges0 <= cfg_edges0 + 1;
        end
        if (led) begin
            check_failed("led on at configuration");
        end
    end else if (rst0) begin
        check_failed("the reset without a button rose");
    end
end

/*
 * Loopback source: offers byte in_seq with probability src_p/10000 each
 * cycle it is free, while src_en and in_seq < src_limit; holds an offer
 * until it is taken
 */
reg src_en = 1'b0;
integer src_p = 10000;
integer src_limit = 0;
integer in_seq = 0;
reg [63:0] src_rng = 64'h0123456789abcdef ^ {32'd0, SEED[31:0]};

always @(posedge clk) begin : source
    integer next_seq;

    src_rng <= xorshift(src_rng);

    next_seq = in_seq;
    if (s_axis_tvalid && s_axis_tready) begin
        next_seq = in_seq + 1;
    end
    in_seq <= next_seq;

    if (!s_axis_tvalid || s_axis_tready) begin
        if (src_en && next_seq < src_limit && permille10(src_rng) < src_p) begin
            s_axis_tvalid <= 1'b1;
            s_axis_tdata <= src_byte(next_seq);
        end else begin
            s_axis_tvalid <= 1'b0;
            s_axis_tdata <= ~src_byte(next_seq);
        end
    end
end

/*
 * Sink: ready with probability snk_p/10000 each cycle
 */
integer snk_p = 10000;
reg [63:0] snk_rng = 64'hfedcba9876543210 ^ {32'd0, SEED[31:0]};

always @(posedge clk) begin
    snk_rng <= xorshift(snk_rng);
    m_axis_tready <= permille10(snk_rng) < snk_p;
end

/*
 * Transmitter check: the pin and s_axis_tready against 8N1 at DIV cycles a
 * bit for the bytes taken, with handshake statistics
 */
integer lf = -1000000;       // cycle of the last byte taken
reg [7:0] lb = 8'd0;         // that byte
reg prev_rst = 1'b1;
integer in_n = 0, in_first = 0, in_last = 0;
integer gap_min = 0, gap_max = 0;

always @(posedge clk) begin : tx_check
    integer k;
    reg want;

    k = cycle - lf - 1;
    want = 1'b1;
    if (k >= 0 && k < FRAME) begin
        if (k / DIV == 0) begin
            want = 1'b0;
        end else if (k / DIV <= 8) begin
            want = lb[k / DIV - 1];
        end
    end
    if (tx !== want) begin
        check_failed("tx is not the 8N1 frame of the byte taken");
    end

    if (prev_rst) begin
        if (s_axis_tready !== 1'b0) begin
            check_failed("s_axis_tready high in the cycle after reset");
        end
    end else if (!rst && s_axis_tready !== (cycle - lf >= FRAME)) begin
        check_failed("s_axis_tready is not (idle or the stop bit's last cycle)");
    end
    prev_rst <= rst;

    if (rst) begin
        lf <= -1000000;
    end else if (s_axis_tvalid && s_axis_tready) begin
        if (in_n == 0) begin
            in_first <= cycle;
        end else begin
            if (in_n == 1 || cycle - in_last < gap_min) begin
                gap_min <= cycle - in_last;
            end
            if (in_n == 1 || cycle - in_last > gap_max) begin
                gap_max <= cycle - in_last;
            end
        end
        in_last <= cycle;
        in_n <= in_n + 1;
        lf <= cycle;
        lb <= s_axis_tdata;
    end
end

/*
 * Loopback model of the receiver's output register.  A byte taken by tx
 * in cycle f is due on m_axis from cycle f + LAT: the model loads it at
 * the edge that ends cycle f + LAT - 1.
 */
integer q_cycle[0:QN-1];
reg [7:0] q_data[0:QN-1];
integer q_head = 0, q_tail = 0;
reg mv = 1'b0;               // the model's m_axis_tvalid, tdata, overrun
reg [7:0] md = 8'd0;
reg mo = 1'b0;
integer delivered = 0, dropped = 0;
integer out_n = 0, out_first = 0, out_last = 0;

always @(posedge clk) begin : loop_model
    reg take;

    if (loop && HAS_RX) begin
        if (m_axis_tvalid !== mv || (mv && m_axis_tdata !== md)) begin
            check_failed("m_axis is not what the model holds");
        end
        if (overrun !== mo) begin
            check_failed("overrun is not where the model drops a byte");
        end
        if (frame_error !== 1'b0) begin
            check_failed("frame error in loopback");
        end

        take = mv && m_axis_tready;
        if (take) begin
            delivered = delivered + 1;
            if (out_n == 0) begin
                out_first = cycle;
            end
            out_last = cycle;
            out_n = out_n + 1;
        end
        mo = 1'b0;
        if (q_head != q_tail && q_cycle[q_head % QN] == cycle) begin
            if (mv && !take) begin
                mo = 1'b1;
                dropped = dropped + 1;
            end else begin
                mv = 1'b1;
                md = q_data[q_head % QN];
            end
            q_head = q_head + 1;
        end else if (take) begin
            mv = 1'b0;
        end

        if (s_axis_tvalid && s_axis_tready) begin
            q_cycle[q_tail % QN] = cycle + LAT - 1;
            q_data[q_tail % QN] = s_axis_tdata;
            q_tail = q_tail + 1;
        end
    end
end

/*
 * Receiver events: bytes taken, frame errors, overruns, in order
 */
localparam EV_BYTE = 0, EV_FRAME_ERROR = 1, EV_OVERRUN = 2;

integer ev_kind[0:EVN-1];
reg [7:0] ev_data[0:EVN-1];
integer ev_n = 0;

always @(posedge clk) begin : events
    integer n;

    n = ev_n;
    if (m_axis_tvalid && m_axis_tready) begin
        ev_kind[n % EVN] = EV_BYTE;
        ev_data[n % EVN] = m_axis_tdata;
        n = n + 1;
    end
    if (frame_error) begin
        ev_kind[n % EVN] = EV_FRAME_ERROR;
        ev_data[n % EVN] = 8'd0;
        n = n + 1;
    end
    if (overrun) begin
        ev_kind[n % EVN] = EV_OVERRUN;
        ev_data[n % EVN] = 8'd0;
        n = n + 1;
    end
    ev_n <= n;
end

/*
 * Test sequence: it changes the design's inputs at falling edges (or, for
 * the behavioural sender, at times of its own) and reads the monitors
 */
integer passed = 0;
integer failed = 0;
integer phase_errors = 0;

task report;
    input [8*100-1:0] name;
    input ok;
    begin
        if (ok && errors == phase_errors) begin
            $display("PASS: sluice_uart DIV=%0d: %0s", DIV, name);
            passed = passed + 1;
        end else begin
            $display("FAIL: sluice_uart DIV=%0d: %0s", DIV, name);
            failed = failed + 1;
        end
        phase_errors = errors;
    end
endtask

integer i, j, n, t, k;
integer mark, rise, fall, last_release;
integer lp;
integer right, wrong, ferr, other;
reg ok;
reg want_led;
reg [7:0] sent[0:EVN-1];
real bit_ns, tnext, e, e_slow, e_fast;

/*
 * Behavioural sender
 */

// drive the line to v until tnext + len, then advance tnext
task line_until;
    input v;
    input real len;
    begin
        beh_line = v;
        tnext = tnext + len;
        if (tnext > $realtime) begin
            #(tnext - $realtime);
        end
    end
endtask

// one frame of byte b with the given stop bit, each bit bit_ns long
task send_frame;
    input [7:0] b;
    input stop;
    integer m;
    begin
        line_until(1'b0, bit_ns);
        for (m = 0; m < 8; m = m + 1) begin
            line_until(b[m], bit_ns);
        end
        line_until(stop, bit_ns);
        beh_line = 1'b1;
    end
endtask

// start the sender's clock from now plus a random fraction of a clock
task sender_start;
    begin
        @(negedge clk);
        tnext = $realtime + 10.0 * ureal(0);
        line_until(1'b1, 0.0);
    end
endtask

// wait for the receiver to be done with whatever it saw: two frame times
task settle;
    begin
        line_until(1'b1, 20.0 * DIV * 10.0);
        @(negedge clk);
        @(negedge clk);
        tnext = $realtime;
    end
endtask

// n random bytes at period bit_ns into sent[]: the first half back to
// back, the second half with idle gaps of gap_max_bits at most (random)
task send_bytes;
    input integer count;
    input real gap_min_bits;
    input real gap_max_bits;
    input integer back_to_back;
    integer m;
    begin
        for (m = 0; m < count; m = m + 1) begin
            sent[m % EVN] = urand_byte(0);
            send_frame(sent[m % EVN], 1'b1);
            if (m >= back_to_back) begin
                line_until(1'b1, bit_ns * (gap_min_bits + (gap_max_bits - gap_min_bits) * ureal(0)));
            end
        end
    end
endtask

// the events since mark are exactly sent[0 .. count-1], as bytes
function events_are_sent;
    input integer from;
    input integer count;
    integer m;
    begin
        events_are_sent = ev_n - from == count;
        for (m = 0; m < count && events_are_sent; m = m + 1) begin
            if (ev_kind[(from + m) % EVN] != EV_BYTE || ev_data[(from + m) % EVN] != sent[m % EVN]) begin
                events_are_sent = 1'b0;
            end
        end
    end
endfunction

// sender off by e (bit period DIV*(1+e) clocks): count bytes, all right
task tolerance_run;
    input [8*100-1:0] name;
    input real off;
    begin
        bit_ns = DIV * 10.0 * (1.0 + off);
        sender_start;
        mark = ev_n;
        send_bytes(BYTES, 0.0, 2.0, BYTES / 2);
        settle;
        ok = events_are_sent(mark, BYTES);
        report(name, ok);
        if (!ok) begin
            $display("  bit period %f clocks: %0d events for %0d bytes", bit_ns / 10.0, ev_n - mark, BYTES);
        end
    end
endtask

// sender off by e beyond the tolerance, isolated bytes: one event each;
// each byte whose bit 7 is 0 gives a frame error (slow) or a wrong byte
// (fast), never itself
task beyond_run;
    input [8*100-1:0] name;
    input real off;
    input slow;
    begin
        bit_ns = DIV * 10.0 * (1.0 + off);
        sender_start;
        mark = ev_n;
        n = BYTES / 2;
        send_bytes(n, 2.0, 3.0, 0);
        settle;
        right = 0;
        wrong = 0;
        ferr = 0;
        other = 0;
        ok = ev_n - mark == n;
        for (i = 0; i < n && ok; i = i + 1) begin
            k = ev_kind[(mark + i) % EVN];
            if (k == EV_BYTE && ev_data[(mark + i) % EVN] == sent[i]) begin
                right = right + 1;
            end else if (k == EV_BYTE) begin
                wrong = wrong + 1;
            end else if (k == EV_FRAME_ERROR) begin
                ferr = ferr + 1;
            end else begin
                other = other + 1;
            end
            if (!sent[i][7]) begin
                if (slow && k != EV_FRAME_ERROR) begin
                    ok = 1'b0;
                end
                if (!slow && (k != EV_BYTE || ev_data[(mark + i) % EVN] == sent[i])) begin
                    ok = 1'b0;
                end
            end
        end
        report(name, ok && other == 0 && right < n);
        $display("  bit period %f clocks: of %0d bytes %0d right, %0d wrong, %0d frame errors",
            bit_ns / 10.0, n, right, wrong, ferr);
    end
endtask

initial begin
    $display("sluice_uart_tb: DIV=%0d H=%0d LAT=%0d BYTES=%0d CYCLES=%0d BUTTON_ACTIVE_LOW=%0d HOLD=%0d SEED=%0d%0s",
        DIV, H, LAT, BYTES, CYCLES, BUTTON_ACTIVE_LOW, HOLD, SEED, HAS_RX ? "" : " (transmitter only)");
`ifdef SLUICE_RESET_GEN_NETLIST
    $display("sluice_uart_tb: sluice_reset_gen is a synthesized netlist");
`endif

    /*
     * Reset from configuration
     */
    t = 0;
    while (!cfg_done && t < CYCLES + 10) begin
        @(negedge clk);
        t = t + 1;
    end
    repeat (2) @(negedge clk);
`ifdef SLUICE_RESET_GEN_NETLIST
    report("reset from configuration: CYCLES edges, then low", cfg_edges == CYCLES && !rst);
`else
    report("reset from configuration: CYCLES edges, then low; also without a button",
        cfg_edges == CYCLES && cfg_edges0 == CYCLES && !rst && !rst0);
`endif
    if (cfg_edges != CYCLES) begin
        $display("  rst was high at %0d edges", cfg_edges);
    end
    report("after reset: tx idle high, ready, no byte, LED off",
        tx && s_axis_tready && !m_axis_tvalid && !led);

    /*
     * The button: rst rises at the 3rd edge after a press, falls at the
     * (CYCLES+2)-th after the release; the LED goes off in reset
     */
    ok = 1'b1;
    for (j = 0; j < 5; j = j + 1) begin
        repeat (urand(5) + 1) @(negedge clk);
        led_pulse_in = 1'b1;
        @(negedge clk);
        led_pulse_in = 1'b0;
        btn = PRESSED;
        mark = cycle;
        n = j == 0 ? 1 : urand(3 * CYCLES + 5) + 1;
        last_release = -1;
        rise = -1;
        fall = -1;
        t = 0;
        while (fall < 0 && t < n + CYCLES + 20) begin
            @(negedge clk);
            t = t + 1;
            if (t == n) begin
                btn = ~PRESSED;
                last_release = cycle;
            end
            if (rise >= 0 && cycle == rise + 1 && HOLD >= 5 && led) begin
                $display("  the LED is on in reset");
                ok = 1'b0;
            end
            if (rise < 0 && rst) begin
                rise = cycle;
            end else if (rise >= 0 && !rst) begin
                fall = cycle;
            end
        end
        if (rise != mark + 3 || fall != last_release + CYCLES + 2) begin
            $display("  pressed in cycle %0d, rst rose in %0d; released in %0d, rst fell in %0d",
                mark, rise, last_release, fall);
            ok = 1'b0;
        end
    end
    report("button: rst from the 3rd edge after the press to the (CYCLES+2)-th after the release", ok);

    if (CYCLES >= 2) begin
        // pressed 1 to 4 cycles, released 1 to CYCLES-1, six times
        ok = 1'b1;
        @(negedge clk);
        btn = PRESSED;
        mark = cycle;
        for (j = 0; j < 13; j = j + 1) begin
            n = j % 2 == 0 ? urand(4) + 1 : urand(CYCLES - 1) + 1;
            for (i = 0; i < n; i = i + 1) begin
                @(negedge clk);
                if (cycle >= mark + 3 && !rst) begin
                    ok = 1'b0;
                end
            end
            btn = j % 2 == 0 ? ~PRESSED : PRESSED;
            if (j % 2 == 0) begin
                last_release = cycle;
            end
        end
        fall = -1;
        t = 0;
        while (fall < 0 && t < CYCLES + 10) begin
            @(negedge clk);
            t = t + 1;
            if (!rst) begin
                fall = cycle;
            end
        end
        report("button bouncing faster than CYCLES: one reset, CYCLES+2 edges after the last release",
            ok && fall == last_release + CYCLES + 2);
    end

    /*
     * The LED: on from the cycle after an event to HOLD cycles after it,
     * events in three densities
     */
    ok = 1'b1;
    lp = -1000000;
    for (j = 0; j < 3; j = j + 1) begin
        n = j == 0 ? 5000 / (2 * HOLD) : j == 1 ? 5000 / (HOLD + 1) : 5000;
        for (i = 0; i < 40 * HOLD + 200; i = i + 1) begin
            @(negedge clk);
            want_led = cycle - lp >= 1 && cycle - lp <= HOLD;
            if (led !== want_led) begin
                if (ok) begin
                    $display("  cycle %0d: led %b, last event in cycle %0d", cycle, led, lp);
                end
                ok = 1'b0;
            end
            led_pulse_in = urand(10000) < n;
            if (led_pulse_in) begin
                lp = cycle;
            end
        end
    end
    led_pulse_in = 1'b0;
    repeat (HOLD + 2) @(negedge clk);
    report("LED: on for exactly HOLD cycles after the last event", ok && !led);

    /*
     * Loopback
     */
    loop = 1'b1;

    // line rate: N bytes offered back to back
    n = BYTES / 4 + 2;
    @(negedge clk);
    in_n = 0;
    out_n = 0;
    src_p = 10000;
    snk_p = 10000;
    src_limit = in_seq + n;
    src_en = 1'b1;
    t = 0;
    while ((in_seq < src_limit || (HAS_RX && delivered < src_limit)) && t < (n + 2) * FRAME + 100) begin
        @(negedge clk);
        t = t + 1;
    end
    src_en = 1'b0;
    repeat (FRAME + LAT) @(negedge clk);
    if (HAS_RX) begin
        report("line rate: N bytes take (N-1)*10*DIV + LAT cycles, first taken to last out",
            in_n == n && out_n == n && gap_min == FRAME && gap_max == FRAME &&
            out_first - in_first == LAT && out_last - in_first == (n - 1) * FRAME + LAT);
    end else begin
        report("line rate: one byte taken every 10*DIV cycles",
            in_n == n && gap_min == FRAME && gap_max == FRAME);
    end
    if (in_n != n || gap_min != FRAME || gap_max != FRAME || (HAS_RX && out_last - in_first != (n - 1) * FRAME + LAT)) begin
        $display("  %0d bytes taken %0d..%0d cycles apart, from cycle %0d to %0d; %0d out, last in cycle %0d",
            in_n, gap_min, gap_max, in_first, in_last, out_n, out_last);
    end

    // random gaps at the sender, random back-pressure at the receiver
    mark = dropped;
    src_p = 300;
    snk_p = 5000;
    src_limit = in_seq + BYTES;
    src_en = 1'b1;
    t = 0;
    while ((in_seq < src_limit || (HAS_RX && delivered + dropped < src_limit)) && t < BYTES * FRAME * 4 + 1000) begin
        @(negedge clk);
        t = t + 1;
    end
    src_en = 1'b0;
    repeat (FRAME + LAT) @(negedge clk);
    report("random gaps and back-pressure: every byte, in order, no overrun",
        in_seq == src_limit && (!HAS_RX || (delivered == src_limit && dropped == mark)));

    if (HAS_RX) begin
        // a reader slower than the line: overruns keep the held byte
        mark = dropped;
        src_p = 5000;
        snk_p = 10000 / FRAME;
        src_limit = in_seq + BYTES;
        src_en = 1'b1;
        t = 0;
        while ((in_seq < src_limit || delivered + dropped < src_limit) && t < BYTES * FRAME * 4 + 1000) begin
            @(negedge clk);
            t = t + 1;
        end
        src_en = 1'b0;
        snk_p = 10000;
        repeat (FRAME + LAT) @(negedge clk);
        report("slow reader: overrun exactly when a byte arrives on an untaken one, which is kept",
            delivered + dropped == src_limit && dropped > mark && !m_axis_tvalid);
        $display("  %0d of %0d bytes dropped", dropped - mark, BYTES);
    end

    /*
     * The behavioural sender
     */
    if (HAS_RX) begin
        loop = 1'b0;
        snk_p = 10000;
        e_slow = H * 1.0 / (9.0 * DIV);
        e_fast = (DIV - 1 - H) * 1.0 / (10.0 * DIV);
        $display("  tolerance: bit period -%f %% .. +%f %%", 100.0 * e_fast, 100.0 * e_slow);

        tolerance_run("sender at the nominal rate: every byte right, in order", 0.0);
        tolerance_run("sender slow by 0.99 of the tolerance: every byte right, in order", 0.99 * e_slow);
        tolerance_run("sender fast by 0.99 of the tolerance: every byte right, in order", -0.99 * e_fast);

        e = 1.02 * (H + 1) / (9.0 * DIV);
        beyond_run("sender slow beyond the tolerance: errors seen, none passed as right", e, 1'b1);
        e = -1.02 * (DIV - H) / (9.0 * DIV);
        beyond_run("sender fast beyond the tolerance: errors seen, none passed as right", e, 1'b0);

        // glitches shorter than half a bit
        bit_ns = DIV * 10.0;
        sender_start;
        mark = ev_n;
        for (j = 0; j < 40; j = j + 1) begin
            line_until(1'b0, bit_ns * (0.02 + 0.47 * ureal(0)));
            line_until(1'b1, bit_ns * (1.0 + 3.0 * ureal(0)));
        end
        settle;
        n = ev_n - mark;
        sent[0] = urand_byte(0);
        send_frame(sent[0], 1'b1);
        settle;
        report("glitches shorter than half a bit: no event; then a byte is right",
            n == 0 && events_are_sent(mark, 1));

        // a low pulse of 0.9 bit is a start bit
        mark = ev_n;
        line_until(1'b0, bit_ns * 0.9);
        settle;
        report("a low pulse of 0.9 bit is a start bit: byte 8'hFF",
            ev_n - mark == 1 && ev_kind[mark % EVN] == EV_BYTE && ev_data[mark % EVN] == 8'hff);

        // stop bits of 0
        ok = 1'b1;
        for (j = 0; j < 8; j = j + 1) begin
            mark = ev_n;
            send_frame(j == 0 ? 8'h00 : j == 1 ? 8'hff : urand_byte(0), 1'b0);
            line_until(1'b1, bit_ns * (1.0 + 2.0 * ureal(0)));
            settle;
            if (ev_n - mark != 1 || ev_kind[mark % EVN] != EV_FRAME_ERROR) begin
                ok = 1'b0;
            end
        end
        mark = ev_n;
        send_bytes(4, 0.0, 0.0, 4);
        settle;
        report("stop bit of 0: a frame error and no byte, then bytes are right",
            ok && events_are_sent(mark, 4));

        // a break: the line low for five frames
        mark = ev_n;
        line_until(1'b0, bit_ns * 50.0);
        line_until(1'b1, bit_ns * 1.0);
        n = ev_n;
        send_bytes(4, 0.0, 0.0, 4);
        settle;
        report("a break gives one frame error; then bytes are right",
            n - mark == 1 && ev_kind[mark % EVN] == EV_FRAME_ERROR && events_are_sent(n, 4));

        // garbage, then one frame of idle line
        ok = 1'b1;
        for (j = 0; j < 20; j = j + 1) begin
            for (i = 0; i < 12; i = i + 1) begin
                line_until(i[0], bit_ns * (0.1 + 3.0 * ureal(0)));
            end
            line_until(1'b1, bit_ns * 10.0);
            mark = ev_n;
            send_bytes(3, 0.0, 0.0, 3);
            settle;
            if (!events_are_sent(mark, 3)) begin
                ok = 1'b0;
            end
        end
        report("garbage, then 10 bits of idle line: back in step", ok);

        // a reset in the middle of a frame, then one frame of idle line
        ok = 1'b1;
        for (j = 0; j < 6; j = j + 1) begin
            fork
                send_frame(urand_byte(0), 1'b1);
                begin
                    repeat (urand(FRAME)) @(negedge clk);
                    btn = PRESSED;
                    @(negedge clk);
                    btn = ~PRESSED;
                end
            join
            t = 0;
            while (t < CYCLES + 5) begin
                @(negedge clk);
                t = t + 1;
            end
            if (tnext < $realtime) begin
                tnext = $realtime;
            end
            line_until(1'b1, bit_ns * 10.0);
            mark = ev_n;
            send_bytes(3, 0.0, 0.0, 3);
            settle;
            if (!events_are_sent(mark, 3)) begin
                ok = 1'b0;
            end
        end
        report("reset in mid-frame, then 10 bits of idle line: back in step", ok);
    end

    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) begin
        $fatal(1, "sluice_uart_tb: %0d failed", failed);
    end
    $finish;
end

endmodule

`resetall
