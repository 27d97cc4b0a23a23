/*

sluice: testbench for rtl/sluice_devmem.v

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking testbench for sluice_devmem, for Icarus and Verilator
 * (--main --timing).
 *
 * Each kernel port has a source that offers the requests queued for it,
 * with random gaps, holding each until it is accepted; the host has one
 * that offers queued command words the same way.  Sinks take answers with
 * random back-pressure.  A monitor keeps a reference model: a shadow of
 * the RAM's bytes, the allocation table, the first fault and the frozen
 * ports.  Requests are applied to it in the order they are accepted (a
 * kernel request at its handshake, a host WRITE data word at its
 * handshake), so a load's expected answer is known when it is accepted.
 * A host READ's and a STATUS's expected words are taken at the handshake
 * of their header: the tests never let a kernel store to what the host
 * reads, or fault, while such a command is under way.
 *
 * In every cycle after reset the monitor checks:
 *
 *   - every answer, of each kernel port and of the host, in order, against
 *     the model, and that none comes that was not asked for;
 *   - an answer is on rsp_tvalid no earlier than 3 cycles after its load
 *     was accepted (cycles counted);
 *   - a port never has more than RSP_DEPTH loads accepted and not taken;
 *   - at most one request (kernel, or host WRITE data word) is accepted
 *     per cycle;
 *   - a frozen port's req_tready is low, and every ready is low in reset
 *     and in the cycle after it;
 *   - rsp_tvalid / rsp_tdata and host_data hold until taken.
 *
 * Phases, each reported PASS or FAIL: STATUS after reset; host WRITE and
 * READ of the whole RAM with empty and unknown commands between; random
 * kernel traffic from all ports with concurrent host commands, in three
 * mixes of gaps and back-pressure; round-robin service counted in cycles;
 * a port alone streaming one request a cycle; the slot's holder served at
 * once and another port the next cycle (cycles counted); latency of a
 * lone load counted; credits with a sink that takes nothing;
 * faults past BYTES (answered with zeros, the store not done, the port
 * frozen, STATUS, later faults not kept, reset clearing them); host
 * accesses past BYTES; the allocation table (with CHECK = 0 the same
 * accesses must not fault).
 *
 * Ends with "N passed, N failed" and $fatal if anything failed.
 */
module sluice_devmem_tb #
(
    parameter NPORTS = 3,
    parameter AW = 16,
    parameter BYTES = 1024,
    parameter TAGW = 8,
    parameter RSP_DEPTH = 4,
    parameter CHECK = 0,
    parameter ALLOCS = 8,
    parameter SEED = 1,
    parameter OPS = 1500
);

localparam REQW = 99 + TAGW;
localparam NB = BYTES == 0 ? 2**AW : BYTES;    // bytes of RAM
localparam NW = NB / 8;
localparam [63:0] NB64 = 64'd1 * NB;
localparam KQN = OPS + 256;                     // per-port request queue
localparam EQN = 2 * RSP_DEPTH + 16;            // per-port expected answers
localparam HQN = 4 * NW + 8192;                 // host command words
localparam HEQN = 2 * NW + 4096;                // host expected answers
localparam KSTORE = (NB / 2) / 8 * 8;           // kernels store below, the host works above

localparam [7:0] OP_WRITE = 8'd1, OP_READ = 8'd2, OP_ALLOC = 8'd3, OP_STATUS = 8'd4;

reg clk = 1'b0;
reg rst = 1'b1;

always #5 clk = ~clk;

reg  [NPORTS*REQW-1:0]  req_tdata = {NPORTS*REQW{1'b0}};
reg  [NPORTS-1:0]       req_tvalid = {NPORTS{1'b0}};
wire [NPORTS-1:0]       req_tready;
wire [NPORTS*64-1:0]    rsp_tdata;
wire [NPORTS-1:0]       rsp_tvalid;
reg  [NPORTS-1:0]       rsp_tready = {NPORTS{1'b0}};
reg  [63:0]             host_cmd_tdata = 64'd0;
reg                     host_cmd_tvalid = 1'b0;
wire                    host_cmd_tready;
wire [63:0]             host_data_tdata;
wire                    host_data_tvalid;
reg                     host_data_tready = 1'b0;

sluice_devmem #(
    .NPORTS(NPORTS),
    .AW(AW),
    .BYTES(BYTES),
    .TAGW(TAGW),
    .RSP_DEPTH(RSP_DEPTH),
    .CHECK(CHECK),
    .ALLOCS(ALLOCS)
)
dut (
    .clk(clk),
    .rst(rst),
    .req_tdata(req_tdata),
    .req_tvalid(req_tvalid),
    .req_tready(req_tready),
    .rsp_tdata(rsp_tdata),
    .rsp_tvalid(rsp_tvalid),
    .rsp_tready(rsp_tready),
    .host_cmd_tdata(host_cmd_tdata),
    .host_cmd_tvalid(host_cmd_tvalid),
    .host_cmd_tready(host_cmd_tready),
    .host_data_tdata(host_data_tdata),
    .host_data_tvalid(host_data_tvalid),
    .host_data_tready(host_data_tready)
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

// a number in 0..99
function integer percent;
    input [63:0] r;
    begin
        percent = r[31:0] % 100;
    end
endfunction

// the test sequence's own generator
reg [63:0] t_rng = 64'h2545f4914f6cdd1d ^ SEED;

function [63:0] rnd;
    input dummy;
    begin
        t_rng = xorshift(t_rng);
        rnd = t_rng;
    end
endfunction

// a number in 0..n-1
function integer below;
    input integer n;
    reg [63:0] r;
    begin
        r = rnd(1'b0);
        below = r[31:0] % n;
    end
endfunction

integer cycle = 0;

always @(posedge clk) begin
    cycle <= cycle + 1;
end

/*
 * Kernel sources: port p offers kq[KQN*p + i % KQN] for i = kpos[p] ..
 * klen[p]-1, each with probability k_pct in a cycle it is free.  kpos is
 * the source's (the request offered or the next one), klen the test's.
 * flush drops what is queued (used in reset).
 */
reg [REQW-1:0] kq [0:NPORTS*KQN-1];
integer kpos [0:NPORTS-1];
integer klen [0:NPORTS-1];
integer k_pct = 100;
reg flush = 1'b0;
reg [63:0] k_rng = 64'h0123456789abcdef ^ SEED;

always @(posedge clk) begin : kernel_sources
    integer p, next;
    reg [63:0] r;
    reg [REQW-1:0] junk;

    r = k_rng;
    for (p = 0; p < NPORTS; p = p + 1) begin
        r = xorshift(r);
        next = kpos[p];
        if (req_tvalid[p] && req_tready[p]) begin
            next = next + 1;
        end
        if (flush) begin
            next = klen[p];
        end
        kpos[p] <= next;
        if (!req_tvalid[p] || req_tready[p] || flush) begin
            if (!flush && next < klen[p] && percent(r) < k_pct) begin
                req_tvalid[p] <= 1'b1;
                req_tdata[REQW*p +: REQW] <= kq[KQN*p + next % KQN];
            end else begin
                junk = {REQW{1'b0}};
                junk[63:0] = ~r;
                junk[95:64] = r[31:0];
                junk[98:96] = r[47:45];
                req_tvalid[p] <= 1'b0;
                req_tdata[REQW*p +: REQW] <= junk;
            end
        end
    end
    k_rng <= r;
end

/*
 * Host source: offers hq[i % HQN] for i = hpos .. hlen-1 the same way
 */
reg [63:0] hq [0:HQN-1];
integer hpos = 0;
integer hlen = 0;
integer h_pct = 100;
reg [63:0] h_rng = 64'h0f1e2d3c4b5a6978 ^ SEED;

always @(posedge clk) begin : host_source
    integer next;
    reg [63:0] r;

    r = xorshift(h_rng);
    h_rng <= r;
    next = hpos;
    if (host_cmd_tvalid && host_cmd_tready) begin
        next = next + 1;
    end
    if (flush) begin
        next = hlen;
    end
    hpos <= next;
    if (!host_cmd_tvalid || host_cmd_tready || flush) begin
        if (!flush && next < hlen && percent(r) < h_pct) begin
            host_cmd_tvalid <= 1'b1;
            host_cmd_tdata <= hq[next % HQN];
        end else begin
            host_cmd_tvalid <= 1'b0;
            host_cmd_tdata <= r;
        end
    end
end

/*
 * Sinks: each kernel port takes an answer with probability snk_pct while
 * its bit of snk_en is set; the host with probability hsnk_pct
 */
integer snk_pct = 100;
integer hsnk_pct = 100;
reg [NPORTS-1:0] snk_en = {NPORTS{1'b1}};
reg [63:0] s_rng = 64'hfedcba9876543210 ^ SEED;

always @(posedge clk) begin : sinks
    integer p;
    reg [63:0] r;

    r = s_rng;
    for (p = 0; p < NPORTS; p = p + 1) begin
        r = xorshift(r);
        rsp_tready[p] <= snk_en[p] && percent(r) < snk_pct;
    end
    r = xorshift(r);
    host_data_tready <= percent(r) < hsnk_pct;
    s_rng <= r;
end

/*
 * The reference model
 */
reg [7:0] shadow [0:NB-1];

reg m_fault = 1'b0;                 // the first fault, for STATUS
reg [63:0] m_status = 64'd0;
reg [NPORTS-1:0] m_frozen = {NPORTS{1'b0}};
integer m_faults = 0;               // faulting accesses since reset

reg [32:0] m_lo [0:ALLOCS-1];
reg [32:0] m_hi [0:ALLOCS-1];
reg [ALLOCS-1:0] m_valid = {ALLOCS{1'b0}};

// expected answers of each kernel port, with the cycle their load was
// accepted; eq_head .. eq_tail-1, modulo EQN
reg [63:0] eq_val [0:NPORTS*EQN-1];
integer eq_cyc [0:NPORTS*EQN-1];
integer eq_head [0:NPORTS-1];
integer eq_tail [0:NPORTS-1];

// expected host answers
reg [63:0] heq [0:HEQN-1];
integer heq_head = 0;
integer heq_tail = 0;

// the host's command decoder: 0 header, 1 WRITE data, 2 ALLOC length;
// the cycle of the last header
integer m_hstate = 0;
integer m_hdr_cycle = 0;
reg [23:0] m_hn = 24'd0;
reg [31:0] m_haddr = 32'd0;

// statistics
integer lat_min = 1000000, lat_max = 0, lat_last = 0;
integer n_loads = 0, n_stores = 0, n_host_words = 0;

integer errors = 0;

task check_failed;
    input [8*72-1:0] what;
    begin
        if (errors < 20) begin
            $display("  error at cycle %0d: %0s", cycle, what);
        end
        errors = errors + 1;
    end
endtask

// an access of sz bytes at the (aligned) byte address a faults past BYTES
function past_end;
    input [31:0] a;
    input [31:0] sz;
    begin
        past_end = {32'd0, a} + {32'd0, sz} > NB64;
    end
endfunction

// ... or, with CHECK = 1, outside every entry of the table
function outside_table;
    input [31:0] a;
    input integer sz;
    integer e;
    reg [32:0] last;
    begin
        last = {1'b0, a} + sz;
        outside_table = 1'b1;
        for (e = 0; e < ALLOCS; e = e + 1) begin
            if (m_valid[e] && {1'b0, a} >= m_lo[e] && last <= m_hi[e]) begin
                outside_table = 1'b0;
            end
        end
    end
endfunction

task record_fault;
    input [7:0] port;
    input [15:0] tag;
    input [31:0] addr;
    begin
        if (!m_fault) begin
            m_fault = 1'b1;
            m_status = {1'b1, 7'd0, port, tag, addr};
        end
        m_faults = m_faults + 1;
    end
endtask

// the bytes [a, a+sz) of the shadow, in the low bits
function [63:0] shadow_read;
    input [31:0] a;
    input integer sz;
    integer i;
    begin
        shadow_read = 64'd0;
        for (i = 0; i < sz; i = i + 1) begin
            shadow_read[8*i +: 8] = shadow[a + i];
        end
    end
endfunction

task shadow_write;
    input [31:0] a;
    input integer sz;
    input [63:0] d;
    integer i;
    begin
        for (i = 0; i < sz; i = i + 1) begin
            shadow[a + i] = d[8*i +: 8];
        end
    end
endtask

// a kernel request accepted from port p
task model_kernel;
    input integer p;
    input [REQW-1:0] w;
    reg [31:0] addr, a;
    reg [1:0] size;
    reg [15:0] tag;
    reg [63:0] v;
    integer sz, i, k;
    begin
        addr = w[95:64];
        size = w[97:96];
        sz = 1 << size;
        a = addr & ~(sz - 1);
        tag = 16'd0;
        for (i = 0; i < 16 && i < TAGW; i = i + 1) begin
            tag[i] = w[99 + i];
        end
        v = 64'd0;
        if (past_end(a, sz) || (CHECK != 0 && outside_table(a, sz))) begin
            record_fault(p[7:0], tag, addr);
            m_frozen[p] = 1'b1;
        end else if (w[98]) begin
            shadow_write(a, sz, w[63:0]);
        end else begin
            v = shadow_read(a, sz);
        end
        if (w[98]) begin
            n_stores = n_stores + 1;
        end else begin
            n_loads = n_loads + 1;
            if (eq_tail[p] - eq_head[p] >= RSP_DEPTH) begin
                check_failed("a load accepted while RSP_DEPTH answers were not taken");
            end
            if (eq_tail[p] - eq_head[p] < EQN) begin
                k = EQN * p + eq_tail[p] % EQN;
                eq_val[k] = v;
                eq_cyc[k] = cycle;
                eq_tail[p] = eq_tail[p] + 1;
            end
        end
    end
endtask

task expect_host;
    input [63:0] v;
    begin
        heq[heq_tail % HEQN] = v;
        heq_tail = heq_tail + 1;
    end
endtask

// a word accepted on host_cmd
task model_host;
    input [63:0] w;
    reg [31:0] addr, a;
    integer k, e;
    begin
        n_host_words = n_host_words + 1;
        if (m_hstate == 1) begin
            a = m_haddr & ~32'd7;
            if (past_end(a, 8)) begin
                record_fault(NPORTS[7:0], 16'd0, m_haddr);
            end else begin
                shadow_write(a, 8, w);
            end
            m_haddr = m_haddr + 32'd8;
            m_hn = m_hn - 24'd1;
            if (m_hn == 24'd0) begin
                m_hstate = 0;
            end
        end else if (m_hstate == 2) begin
            e = {8'd0, m_hn};
            if (e < ALLOCS) begin
                m_lo[e] = {1'b0, m_haddr};
                m_hi[e] = {1'b0, m_haddr} + {1'b0, w[31:0]};
                m_valid[e] = w[31:0] != 32'd0;
            end
            m_hstate = 0;
        end else begin
            m_hn = w[55:32];
            m_haddr = w[31:0];
            m_hdr_cycle = cycle;
            case (w[63:56])
                OP_WRITE: begin
                    if (m_hn != 24'd0) begin
                        m_hstate = 1;
                    end
                end
                OP_READ: begin
                    for (k = 0; k < m_hn; k = k + 1) begin
                        addr = m_haddr + 8 * k;
                        a = addr & ~32'd7;
                        if (past_end(a, 8)) begin
                            record_fault(NPORTS[7:0], 16'd0, addr);
                            expect_host(64'd0);
                        end else begin
                            expect_host(shadow_read(a, 8));
                        end
                    end
                end
                OP_ALLOC: begin
                    m_hstate = 2;
                end
                OP_STATUS: begin
                    expect_host(m_status);
                end
                default: begin
                end
            endcase
        end
    end
endtask

/*
 * Monitor
 */
reg [NPORTS-1:0] seen = {NPORTS{1'b0}};     // the head answer was on rsp_tvalid
reg [NPORTS-1:0] prev_rsp_tvalid = {NPORTS{1'b0}};
reg [NPORTS-1:0] prev_rsp_tready = {NPORTS{1'b0}};
reg [NPORTS*64-1:0] prev_rsp_tdata = {NPORTS*64{1'b0}};
reg prev_host_tvalid = 1'b0;
reg prev_host_tready = 1'b0;
reg [63:0] prev_host_tdata = 64'd0;

// round-robin bookkeeping: requests accepted, the cycles of the first and
// the last, and the longest a requester offering a request waited
// (requester NPORTS: the host's WRITE data, from the second cycle after
// its header: the host engine asks for a slot in the cycle after taking
// the header, for the one after that)
reg rr_on = 1'b0;
integer rr_wait [0:NPORTS];
integer rr_n = 0, rr_first = 0, rr_end = 0, rr_wait_max = 0;

task rr_count;
    input integer j;
    input offered;
    input accepted;
    begin
        if (offered && !accepted) begin
            rr_wait[j] = rr_wait[j] + 1;
            if (rr_wait[j] > rr_wait_max) begin
                rr_wait_max = rr_wait[j];
            end
        end else begin
            rr_wait[j] = 0;
        end
    end
endtask

// the cycles each port's request offered has waited, and the last
// accepted one waited
integer k_wait [0:NPORTS-1];
integer k_last_wait [0:NPORTS-1];

reg prev_rst = 1'b1;

always @(posedge clk) begin : monitor
    integer p, k, nacc, lat;
    reg [63:0] got;

    if ((rst || prev_rst) && (req_tready != {NPORTS{1'b0}} || host_cmd_tready)) begin
        check_failed("a ready high in reset or in the cycle after it");
    end
    prev_rst <= rst;

    if (!rst) begin
        nacc = 0;

        for (p = 0; p < NPORTS; p = p + 1) begin
            if (req_tready[p] && m_frozen[p]) begin
                check_failed("req_tready high on a frozen port");
            end
            if (rr_on) begin
                rr_count(p, req_tvalid[p], req_tready[p]);
            end
            if (req_tvalid[p] && req_tready[p]) begin
                nacc = nacc + 1;
                model_kernel(p, req_tdata[REQW*p +: REQW]);
                k_last_wait[p] = k_wait[p];
                k_wait[p] = 0;
            end else if (req_tvalid[p]) begin
                k_wait[p] = k_wait[p] + 1;
            end
        end

        for (p = 0; p < NPORTS; p = p + 1) begin
            if (prev_rsp_tvalid[p] && !prev_rsp_tready[p] &&
                (!rsp_tvalid[p] || rsp_tdata[64*p +: 64] !== prev_rsp_tdata[64*p +: 64])) begin
                check_failed("an answer changed before it was taken");
            end
            if (rsp_tvalid[p]) begin
                if (eq_head[p] == eq_tail[p]) begin
                    check_failed("an answer nobody asked for");
                end else begin
                    k = EQN * p + eq_head[p] % EQN;
                    if (!seen[p]) begin
                        lat = cycle - eq_cyc[k];
                        lat_last = lat;
                        if (lat < lat_min) begin
                            lat_min = lat;
                        end
                        if (lat > lat_max) begin
                            lat_max = lat;
                        end
                        if (lat < 3) begin
                            check_failed("an answer earlier than 3 cycles after its load");
                        end
                        seen[p] = 1'b1;
                    end
                    if (rsp_tready[p]) begin
                        got = rsp_tdata[64*p +: 64];
                        if (got !== eq_val[k]) begin
                            check_failed("a load's answer is wrong");
                            if (errors <= 20) begin
                                $display("    port %0d: got %h, expected %h", p, got, eq_val[k]);
                            end
                        end
                        eq_head[p] = eq_head[p] + 1;
                        seen[p] = 1'b0;
                    end
                end
            end
        end

        if (rr_on) begin
            rr_count(NPORTS, host_cmd_tvalid && m_hstate == 1 && cycle >= m_hdr_cycle + 2,
                     host_cmd_tready);
        end
        if (host_cmd_tvalid && host_cmd_tready) begin
            if (m_hstate == 1) begin
                nacc = nacc + 1;
            end
            model_host(host_cmd_tdata);
        end

        if (nacc > 1) begin
            check_failed("more than one request accepted in a cycle");
        end
        if (rr_on && nacc > 0) begin
            if (rr_n == 0) begin
                rr_first = cycle;
            end
            rr_end = cycle;
            rr_n = rr_n + nacc;
        end

        if (prev_host_tvalid && !prev_host_tready &&
            (!host_data_tvalid || host_data_tdata !== prev_host_tdata)) begin
            check_failed("a host answer changed before it was taken");
        end
        if (host_data_tvalid) begin
            if (heq_head == heq_tail) begin
                check_failed("a host answer nobody asked for");
            end else if (host_data_tready) begin
                if (host_data_tdata !== heq[heq_head % HEQN]) begin
                    check_failed("a host answer is wrong");
                    if (errors <= 20) begin
                        $display("    got %h, expected %h", host_data_tdata, heq[heq_head % HEQN]);
                    end
                end
                heq_head = heq_head + 1;
            end
        end
    end

    prev_rsp_tvalid <= rsp_tvalid;
    prev_rsp_tready <= rsp_tready;
    prev_rsp_tdata <= rsp_tdata;
    prev_host_tvalid <= host_data_tvalid;
    prev_host_tready <= host_data_tready;
    prev_host_tdata <= host_data_tdata;
end

/*
 * Building requests and commands (the test sequence runs at falling edges)
 */
task kpush;
    input integer p;
    input store;
    input [1:0] size;
    input [31:0] addr;
    input [63:0] data;
    input [63:0] tag;
    reg [REQW-1:0] w;
    integer i;
    begin
        w = {REQW{1'b0}};
        w[63:0] = data;
        w[95:64] = addr;
        w[97:96] = size;
        w[98] = store;
        for (i = 0; i < TAGW; i = i + 1) begin
            w[99 + i] = tag[i % 64];
        end
        kq[KQN * p + klen[p] % KQN] = w;
        klen[p] = klen[p] + 1;
    end
endtask

task hpush;
    input [63:0] w;
    begin
        hq[hlen % HQN] = w;
        hlen = hlen + 1;
    end
endtask

task host_write;
    input [31:0] addr;
    input integer n;
    integer i;
    begin
        hpush({OP_WRITE, n[23:0], addr});
        for (i = 0; i < n; i = i + 1) begin
            hpush(rnd(1'b0));
        end
    end
endtask

task host_read;
    input [31:0] addr;
    input integer n;
    begin
        hpush({OP_READ, n[23:0], addr});
    end
endtask

task host_alloc;
    input integer entry;
    input [31:0] addr;
    input [31:0] len;
    reg [63:0] junk;
    begin
        junk = rnd(1'b0);
        hpush({OP_ALLOC, entry[23:0], addr});
        hpush({junk[31:0], len});       // the high half is ignored
    end
endtask

task host_status;
    begin
        hpush({OP_STATUS, 24'd0, 32'd0});
    end
endtask

// the ranges kernels' random accesses fall in, byte [r_lo, r_hi), both
// multiples of 8; the same ranges are allocated as table entries 0..r_n-1
integer r_n = 0;
integer r_lo [0:3];
integer r_hi [0:3];

// n random requests for port p: stores (below KSTORE) with probability
// store_pct, else loads anywhere in the ranges; data with junk above the
// size, random tags
task kgen;
    input integer p;
    input integer n;
    input integer store_pct;
    integer i, e, sz, lanes, r;
    reg [1:0] size;
    reg [31:0] addr;
    reg store;
    begin
        for (i = 0; i < n; i = i + 1) begin
            e = below(r_n);
            r = below(4);
            size = r[1:0];
            sz = 1 << size;
            lanes = 8 / sz;
            addr = r_lo[e] + 8 * below((r_hi[e] - r_lo[e]) / 8) + sz * below(lanes);
            store = below(100) < store_pct && addr < KSTORE;
            kpush(p, store, size, addr, rnd(1'b0), rnd(1'b0));
        end
    end
endtask

// a few random host commands in the host's half: WRITEs, READs, STATUS,
// unknown ops and empty WRITEs and READs, ALLOCs of entries the ranges do
// not use
task hgen;
    input integer n;
    integer i, words, nw;
    reg [31:0] addr;
    reg [63:0] r;
    reg [7:0] op;
    begin
        words = (NB - KSTORE) / 8;
        for (i = 0; i < n; i = i + 1) begin
            nw = 1 + below(words < 12 ? words : 12);
            addr = KSTORE + 8 * below(words - nw + 1);
            r = rnd(1'b0);
            case (below(8))
                0, 1: host_write(addr, nw);
                2, 3: host_read(addr, nw);
                4: host_status;
                5: begin
                    op = r[63:56];
                    if (op >= OP_WRITE && op <= OP_STATUS) begin
                        op = 8'd0;
                    end
                    hpush({op, r[55:0]});
                end
                6: hpush({r[0] ? OP_WRITE : OP_READ, 24'd0, r[63:32]});
                default: begin
                    if (ALLOCS > r_n) begin
                        host_alloc(r_n + below(ALLOCS - r_n + 2), r[31:0], {16'd0, r[47:32]});
                    end else begin
                        host_alloc(ALLOCS + below(3), 32'd0, NB);
                    end
                end
            endcase
        end
    end
endtask

/*
 * Running
 */
function quiet;
    input dummy;
    integer p;
    begin
        quiet = hpos == hlen && heq_head == heq_tail && m_hstate == 0;
        for (p = 0; p < NPORTS; p = p + 1) begin
            if ((kpos[p] != klen[p] && !m_frozen[p]) || eq_head[p] != eq_tail[p]) begin
                quiet = 1'b0;
            end
        end
    end
endfunction

integer t;

// run until every queued request is done and answered (a frozen port's
// are not), for at most max_cycles; a few more cycles for stray answers
task drain;
    input integer max_cycles;
    output ok;
    begin
        t = 0;
        while (!quiet(1'b0) && t < max_cycles) begin
            @(negedge clk);
            t = t + 1;
        end
        repeat (8) @(negedge clk);
        ok = quiet(1'b0);
        if (!ok) begin
            $display("  not done after %0d cycles", max_cycles);
        end
    end
endtask

// reset the design and the model's faults, table and queues (not the
// shadow: reset leaves the RAM alone).  A store of each port not frozen
// and a STATUS are offered from the cycle before reset: the monitor
// checks they are not accepted in reset.
task do_reset;
    integer p;
    begin
        k_pct = 100;
        h_pct = 100;
        for (p = 0; p < NPORTS; p = p + 1) begin
            if (!m_frozen[p]) begin
                kpush(p, 1'b1, 2'd3, 0, 64'd0, 64'd0);
            end
        end
        host_status;
        @(negedge clk);
        rst = 1'b1;
        flush = 1'b1;
        repeat (3) @(negedge clk);
        flush = 1'b0;
        m_fault = 1'b0;
        m_status = 64'd0;
        m_frozen = {NPORTS{1'b0}};
        m_faults = 0;
        m_valid = {ALLOCS{1'b0}};
        m_hstate = 0;
        for (p = 0; p < NPORTS; p = p + 1) begin
            eq_head[p] = eq_tail[p];
        end
        heq_head = heq_tail;
        seen = {NPORTS{1'b0}};
        repeat (2) @(negedge clk);
        rst = 1'b0;
        repeat (2) @(negedge clk);
    end
endtask

// reset, then one table entry covering the RAM (so that with CHECK = 1
// only accesses past BYTES fault)
task reset_with_table;
    reg ok;
    begin
        do_reset;
        host_alloc(0, 0, NB);
        drain(100, ok);
    end
endtask

integer passed = 0;
integer failed = 0;
integer phase_errors = 0;

task report;
    input [8*100-1:0] name;
    input ok;
    begin
        if (ok && errors == phase_errors) begin
            $display("PASS: sluice_devmem P=%0d B=%0d CHECK=%0d: %0s", NPORTS, NB, CHECK, name);
            passed = passed + 1;
        end else begin
            $display("FAIL: sluice_devmem P=%0d B=%0d CHECK=%0d: %0s", NPORTS, NB, CHECK, name);
            failed = failed + 1;
        end
        phase_errors = errors;
    end
endtask

integer i, p, q, base, n, mix;
reg ok;
reg [63:0] fault_tag = 64'h5a5a_5a5a_5a5a_abcd;
reg [15:0] ftag;
reg [31:0] addr;

// a single access on port q, after the ALLOCs queued, then STATUS; expect_fault says whether the model must have seen it fault
task table_case;
    input [8*100-1:0] name;
    input store;
    input [1:0] size;
    input [31:0] a;
    input expect_fault;
    begin
        drain(200, ok);                         // the ALLOCs first
        kpush(q, store, size, a, rnd(1'b0), rnd(1'b0));
        drain(200, ok);
        host_status;
        drain(200, ok);
        report(name, ok && m_faults == (expect_fault ? 1 : 0) && m_frozen[q] == expect_fault);
    end
endtask

initial begin
    $display("sluice_devmem_tb: NPORTS=%0d AW=%0d BYTES=%0d TAGW=%0d RSP_DEPTH=%0d CHECK=%0d ALLOCS=%0d SEED=%0d",
        NPORTS, AW, BYTES, TAGW, RSP_DEPTH, CHECK, ALLOCS, SEED);

    for (p = 0; p < NPORTS; p = p + 1) begin
        kpos[p] = 0;
        klen[p] = 0;
        k_wait[p] = 0;
        k_last_wait[p] = 0;
        eq_head[p] = 0;
        eq_tail[p] = 0;
    end
    for (i = 0; i <= NPORTS; i = i + 1) begin
        rr_wait[i] = 0;
    end
    for (i = 0; i < NB; i = i + 1) begin
        shadow[i] = 8'd0;
    end
    for (i = 0; i < ALLOCS; i = i + 1) begin
        m_lo[i] = 33'd0;
        m_hi[i] = 33'd0;
    end

    rst = 1'b1;
    repeat (5) @(negedge clk);
    rst = 1'b0;
    repeat (2) @(negedge clk);

    // STATUS after reset
    report("reset: nothing offered, no answers",
        req_tready == {NPORTS{1'b0}} && rsp_tvalid == {NPORTS{1'b0}} && !host_data_tvalid);
    host_status;
    drain(100, ok);
    report("STATUS after reset reads 0", ok);

    // the whole RAM written and read back by the host, with empty and
    // unknown commands between and back-pressure on host_data
    h_pct = 70;
    hsnk_pct = 40;
    base = n_host_words;
    host_write(0, NW);
    hpush({OP_READ, 24'd0, 32'hfffffff8});      // n = 0: nothing, not even a fault
    hpush({OP_WRITE, 24'd0, 32'd0});
    hpush({8'd0, 24'd5, 32'd0});                // unknown ops: a header alone
    hpush({8'd200, 24'd1, 32'd8});
    host_read(0, NW);
    host_status;
    drain(20 * NW + 200, ok);
    report("host WRITE and READ of the whole RAM; empty and unknown commands skipped",
        ok && !m_fault && n_host_words == base + NW + 7);

    // random traffic: ranges (allocated) splitting the RAM; kernels store
    // in the lower half, the host writes and reads the upper half
    r_n = ALLOCS < 4 ? ALLOCS : 4;
    for (i = 0; i < r_n; i = i + 1) begin
        r_lo[i] = NW * i / r_n * 8;
        r_hi[i] = NW * (i + 1) / r_n * 8;
        host_alloc(i, r_lo[i], r_hi[i] - r_lo[i]);
    end
    drain(100, ok);

    for (mix = 0; mix < 3; mix = mix + 1) begin
        case (mix)
            0: begin k_pct = 90; snk_pct = 30; h_pct = 50; hsnk_pct = 50; end
            1: begin k_pct = 40; snk_pct = 90; h_pct = 90; hsnk_pct = 20; end
            default: begin k_pct = 100; snk_pct = 100; h_pct = 100; hsnk_pct = 100; end
        endcase
        for (p = 0; p < NPORTS; p = p + 1) begin
            kgen(p, OPS / 3, 60);
        end
        hgen(OPS / 30 + 4);
        drain(OPS * NPORTS * 40 + 1000, ok);
        case (mix)
            0: report("random traffic, all ports and the host, mostly back-pressured", ok && !m_fault);
            1: report("random traffic, sparse requests, host back-pressured", ok && !m_fault);
            default: report("random traffic, no gaps, no back-pressure", ok && !m_fault);
        endcase
    end
    $display("  %0d loads, %0d stores, %0d host words; answer latency %0d to %0d cycles",
        n_loads, n_stores, n_host_words, lat_min, lat_max);

    // round robin: every port streams stores and the host streams WRITE
    // data; one request is accepted each cycle, and no requester waits
    // more than NPORTS cycles (one for each of the others)
    k_pct = 100;
    h_pct = 100;
    snk_pct = 100;
    hsnk_pct = 100;
    n = (NB - KSTORE) / 8 < 40 ? (NB - KSTORE) / 8 : 40;
    rr_on = 1'b1;
    rr_n = 0;
    rr_wait_max = 0;
    for (p = 0; p < NPORTS; p = p + 1) begin
        for (i = 0; i < n; i = i + 1) begin
            kpush(p, 1'b1, 2'd3, 8 * ((p * n + i) % (KSTORE / 8)), rnd(1'b0), rnd(1'b0));
        end
    end
    host_write(KSTORE, n);
    drain(n * (NPORTS + 1) * 4 + 100, ok);
    rr_on = 1'b0;
    report("round robin: one request a cycle, no requester waits more than NPORTS cycles",
        ok && rr_n == n * (NPORTS + 1) && rr_end - rr_first == rr_n - 1 && rr_wait_max == NPORTS);
    if (rr_end - rr_first != rr_n - 1 || rr_wait_max != NPORTS) begin
        $display("  %0d requests over %0d cycles, longest wait %0d cycles",
            rr_n, rr_end - rr_first + 1, rr_wait_max);
    end

    // a port alone keeps the slot and streams one request a cycle: stores,
    // and loads while its port has room for two more answers besides
    // those in flight (3 of them with answers taken at once: RSP_DEPTH >= 5;
    // 5 with a block-RAM response FIFO)
    n = 16;
    rr_on = 1'b1;
    rr_n = 0;
    for (i = 0; i < n; i = i + 1) begin
        kpush(0, 1'b1, 2'd3, 8 * (i % (KSTORE / 8)), rnd(1'b0), rnd(1'b0));
    end
    drain(200, ok);
    rr_on = 1'b0;
    report("a port alone streams stores, one a cycle (cycles counted)",
        ok && rr_n == n && rr_end - rr_first == n - 1);
    if (RSP_DEPTH >= 5) begin
        rr_on = 1'b1;
        rr_n = 0;
        for (i = 0; i < n; i = i + 1) begin
            kpush(0, 1'b0, 2'd3, 8 * below(NW), 64'd0, rnd(1'b0));
        end
        drain(200, ok);
        rr_on = 1'b0;
        report("a port alone streams loads, one a cycle (cycles counted)",
            ok && rr_n == n && rr_end - rr_first == n - 1);
    end

    // the slot: port 0 still holds it, so a request it offers after a
    // pause is accepted in the cycle it is offered; another port's waits
    // one cycle for the slot
    repeat (5) @(negedge clk);
    kpush(0, 1'b0, 2'd0, 3, 64'd0, 1);
    drain(100, ok);
    base = k_last_wait[0];
    q = NPORTS - 1;
    if (q != 0) begin
        kpush(q, 1'b1, 2'd0, 5, rnd(1'b0), 1);
        drain(100, ok);
    end
    report("the slot: its holder's request is accepted at once, another port's a cycle later",
        ok && base == 0 && (q == 0 || k_last_wait[q] == 1));

    // a lone load with nothing else going on is answered in 3 cycles (5
    // when the response FIFO is deep enough to be block RAM)
    kpush(0, 1'b0, 2'd2, 4, 64'd0, 1);
    drain(100, ok);
    report(RSP_DEPTH < 32 ? "a lone load is answered 3 cycles after it is accepted (cycles counted)" :
                            "a lone load is answered 5 cycles after it is accepted (cycles counted)",
        ok && lat_last == (RSP_DEPTH < 32 ? 3 : 5));
    host_read(KSTORE, 1);
    drain(100, ok);

    // credits: port 0's answers are not taken, so exactly RSP_DEPTH of its
    // loads are accepted; the other ports go on meanwhile
    snk_en = {NPORTS{1'b1}};
    snk_en[0] = 1'b0;
    base = kpos[0];
    r_n = 1;
    r_lo[0] = 0;
    r_hi[0] = NB;
    for (i = 0; i < RSP_DEPTH + 3; i = i + 1) begin
        n = below(4);
        kpush(0, 1'b0, n[1:0], 8 * below(NW), 64'd0, rnd(1'b0));
    end
    for (p = 1; p < NPORTS; p = p + 1) begin
        kgen(p, 50, 50);
    end
    repeat (NPORTS * 50 * 3 + 50) @(negedge clk);
    ok = kpos[0] - base == RSP_DEPTH && req_tvalid[0] && !req_tready[0] && rsp_tvalid[0];
    for (p = 1; p < NPORTS; p = p + 1) begin
        ok = ok && kpos[p] == klen[p] && eq_head[p] == eq_tail[p];
    end
    snk_en = {NPORTS{1'b1}};
    drain(200, ok);
    report("credits: a port whose answers are not taken gets exactly RSP_DEPTH loads accepted",
        ok && kpos[0] - base == RSP_DEPTH + 3);

    // faults past BYTES: the last port loads past the end; answered with
    // zeros, the port frozen, the next request never accepted
    reset_with_table;
    q = NPORTS - 1;
    kpush(q, 1'b1, 2'd3, 16, 64'h1122334455667788, 3);
    kpush(q, 1'b0, 2'd2, NB + 4, 64'd0, fault_tag);
    kpush(q, 1'b1, 2'd3, 24, 64'h0, 5);
    base = kpos[q];
    for (p = 0; p < q; p = p + 1) begin
        kgen(p, 60, 50);
    end
    drain(2000, ok);
    repeat (30) @(negedge clk);
    ok = ok && kpos[q] == base + 2 && req_tvalid[q] && !req_tready[q];
    host_status;
    drain(200, ok);
    for (i = 0; i < 16; i = i + 1) begin
        ftag[i] = i < TAGW ? fault_tag[i] : 1'b0;
    end
    report("a load past BYTES: answered 0, port frozen, other ports go on, STATUS",
        ok && m_faults == 1 && m_frozen == (1 << q) &&
        m_status == {1'b1, 7'd0, q[7:0], ftag, NB[31:0] + 32'd4});

    // a store past BYTES (where the RAM's index bits alias a word in range)
    // and a load far past it, from the other ports: no write, each port
    // frozen, STATUS keeps the first fault
    for (p = 0; p < q; p = p + 1) begin
        kpush(p, 1'b1, 2'd3, NB + 16, 64'hdeadbeefdeadbeef, 7);
        kpush(p, 1'b0, 2'd0, 32'hfffffff8 - 8 * p, 64'd0, 8);
    end
    drain(200, ok);
    host_read(16, 1);
    host_status;
    drain(200, ok);
    report("a store past BYTES does not write; later faults freeze their ports, STATUS keeps the first",
        ok && m_faults == NPORTS && m_frozen == {NPORTS{1'b1}});

    // reset clears faults and frozen ports
    reset_with_table;
    host_status;
    for (p = 0; p < NPORTS; p = p + 1) begin
        kpush(p, 1'b1, 2'd3, 32, 64'h0123456789abcdef, 1);
        kpush(p, 1'b0, 2'd1, 38, 64'd0, 2);
    end
    drain(200, ok);
    report("reset clears the fault and unfreezes the ports", ok && !m_fault);

    // with one port, the store past BYTES after its own reset
    if (NPORTS == 1) begin
        kpush(0, 1'b1, 2'd3, NB + 16, 64'hdeadbeefdeadbeef, 7);
        drain(200, ok);
        host_read(16, 1);
        host_status;
        drain(200, ok);
        report("a store past BYTES does not write", ok && m_faults == 1 && m_frozen == {NPORTS{1'b1}});
        reset_with_table;
    end

    // host accesses past BYTES: the WRITE's second word, the READ's second
    // word and a READ further on fault, on port NPORTS; STATUS keeps the
    // first; the READs' words past BYTES are answered 0
    host_write(NB - 8, 2);
    host_read(NB - 8, 2);
    host_read(NB + 64, 1);
    host_status;
    drain(200, ok);
    for (p = 0; p < NPORTS; p = p + 1) begin
        kgen(p, 20, 50);
    end
    drain(1000, ok);
    report("host accesses past BYTES fault as port NPORTS, answered 0; no port frozen",
        ok && m_faults == 3 && m_frozen == {NPORTS{1'b0}} &&
        m_status == {1'b1, 7'd0, NPORTS[7:0], 16'd0, NB[31:0]});

    // the allocation table, on port 0 after a reset each; with CHECK = 0
    // the same accesses must not fault
    q = 0;
    do_reset;
    host_alloc(0, 64, 38);                      // [64, 102)
    table_case("table: an access inside an entry", 1'b0, 2'd1, 100, 1'b0);
    table_case("table: an access straddling an entry's end faults (CHECK=1)", 1'b0, 2'd2, 100, CHECK != 0);

    do_reset;
    host_alloc(ALLOCS - 1, 66, 30);             // [66, 96)
    table_case("table: an access ending at an entry's end", 1'b1, 2'd1, 94, 1'b0);
    table_case("table: an access before an entry's start faults (CHECK=1)", 1'b1, 2'd1, 64, CHECK != 0);

    if (ALLOCS > 1) begin
        do_reset;
        host_alloc(0, 64, 4);                   // [64, 68)
        host_alloc(1, 68, 4);                   // [68, 72)
        table_case("table: an access in the second of two adjacent entries", 1'b0, 2'd2, 68, 1'b0);
        table_case("table: an access spanning two adjacent entries faults (CHECK=1)", 1'b0, 2'd3, 64, CHECK != 0);
    end

    do_reset;
    host_alloc(0, 0, NB);
    host_alloc(0, 0, 0);                        // freed
    table_case("table: an access in a freed entry faults (CHECK=1)", 1'b0, 2'd0, 8, CHECK != 0);

    do_reset;
    table_case("table: an access with no entry faults (CHECK=1)", 1'b1, 2'd0, 8, CHECK != 0);

    do_reset;
    host_alloc(ALLOCS, 0, NB);                  // no such entry: ignored
    table_case("table: ALLOC of entry ALLOCS is ignored (CHECK=1)", 1'b0, 2'd0, 8, CHECK != 0);

    do_reset;
    host_write(KSTORE, 2);
    host_read(KSTORE, 2);
    host_status;
    drain(200, ok);
    report("table: host accesses are not checked against it", ok && !m_fault);

    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) begin
        $fatal(1, "sluice_devmem_tb: %0d failed", failed);
    end
    $finish;
end

endmodule

`resetall
