/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Device memory: the RAM behind kernels' pointer arguments
 *
 * One RAM of 64-bit words, byte-addressed, shared by NPORTS kernel ports
 * and one host port.  Each port is a request stream and a response
 * stream (ready/valid).  The generated sluice_core instantiates it when
 * some kernel takes a pointer argument: port p is kernel p's (in the
 * order of the manifest's "device_memory" "ports"), the host port is fed
 * by the host pipe sluice_devmem_cmd and answers on sluice_devmem_data.
 *
 * Parameters:
 *
 *   NPORTS     kernel ports, 1..255 (a fault names its port in 8 bits,
 *              the host being port NPORTS)
 *   AW         byte-address bits used, 4..32; the RAM holds 2**(AW-3)
 *              words unless BYTES says fewer
 *   BYTES      bytes of RAM, a multiple of 8, <= 2**AW (0: 2**AW);
 *              the RAM is reg [63:0] mem[0:BYTES/8-1], which Yosys maps
 *              to block RAM (on iCE40, 8 SB_RAM40_4K for 4096 bytes)
 *   TAGW       bits of a request's site tag, >= 1
 *   RSP_DEPTH  response FIFO depth of each kernel port, >= 2 (the host
 *              port's is 16)
 *   CHECK      1: keep a table of ALLOCS allocated ranges (set by the
 *              host's ALLOC command) and fault on a kernel access that
 *              does not lie within one of them (the simulator's check);
 *              0: fault only on an access past BYTES (boards)
 *   ALLOCS     entries of that table, 1..256
 *
 * Kernel request word (req_tdata[REQW*p +: REQW], REQW = 99 + TAGW):
 *
 *   [63:0]    store data, in the low 8 << size bits (not shifted to the
 *             byte lane: the memory does that)
 *   [95:64]   byte address; must be a multiple of the access size
 *             (the bits below it are ignored)
 *   [97:96]   size: log2 of the bytes, 0..3 (1, 2, 4 or 8 bytes)
 *   [98]      1: store, 0: load
 *   [98+TAGW:99]  site tag: which access of the kernel this is (the
 *             manifest's "sites" of the port), reported with a fault
 *
 * A load is answered on rsp_tdata[64*p +: 64] with the bytes read in
 * the low bits (shifted down from their lane) and zeros above; a store
 * has no answer.  Requests of one port take effect in the order they
 * are accepted, so a load after a store of the same port sees it; ports
 * are served round-robin with the host, one request a cycle in all.  A
 * load is accepted only while its port has room for its answer
 * (answers accepted and not yet taken < RSP_DEPTH): the kernel's pipeline
 * must be able to take RSP_DEPTH answers without accepting another
 * request, which the compiler sizes it for.  An answer appears on
 * rsp_tvalid no earlier than 3 cycles after its request was accepted.
 *
 * Timing (not promised beyond the above, for sizing): the pipeline is
 * arbitration (the cycle of acceptance), the RAM access, then the push
 * into the port's response FIFO, so an answer whose FIFO is empty
 * appears exactly 3 cycles after acceptance when RSP_DEPTH < 32 (a
 * flip-flop FIFO) and 5 from 32 up (a block-RAM FIFO); the host's (16
 * words, block RAM) after 5.  With every requester offering, each is
 * served once every NPORTS + 1 cycles.  req_tready and host_cmd_tready
 * are the arbiter's grant: they depend combinationally on req_tvalid,
 * each request's store bit and host_cmd_tvalid (so req_tvalid must not
 * depend on req_tready, as in AXI4-Stream); rsp_* and host_data_* are
 * driven from registers, and nothing depends combinationally on
 * rsp_tready or host_data_tready.  No request is accepted during reset
 * or in the cycle after it.
 *
 * Host commands (64-bit words on host_cmd, the first word a header:
 * [63:56] op, [55:32] n, [31:0] address):
 *
 *   1 WRITE   n data words follow; each is written whole at address,
 *             address + 8, ... (address a multiple of 8; its low 3 bits
 *             are ignored)
 *   2 READ    n words read from address, address + 8, ... are sent on
 *             host_data in order (address a multiple of 8, likewise)
 *   3 ALLOC   table entry n (< ALLOCS) becomes [address, address + L)
 *             where L is the next word's low 32 bits; L = 0 frees it
 *             (ignored, the word consumed all the same, when CHECK = 0
 *             or n >= ALLOCS)
 *   4 STATUS  one word is sent on host_data: the first fault since
 *             reset, {1'b1, 7'd0, port[7:0], tag[15:0], address[31:0]}
 *             (port NPORTS: the host's), or 0 when there was none
 *
 * WRITE or READ with n = 0 does nothing.  An unknown op is skipped as a
 * header without data.  The host's accesses are requests of the host
 * port, 8 bytes each with tag 0, taken in turn with the kernel ports;
 * a READ's and a STATUS's answers take the host port's credit like a
 * kernel's loads.  A STATUS's word is in order with the READ answers
 * before it and covers every request accepted before its own (in
 * particular the accesses of every command before it).  Host accesses
 * fault only past BYTES (the runtime checks them against its
 * allocations).
 *
 * A faulting access does not touch the RAM; a faulting load is answered
 * with zeros.  The first fault is kept for STATUS, and from then on the
 * faulting kernel port accepts no request (its kernel stalls at its next
 * access, which the runtime reports with the fault).  Reset clears the
 * faults, the frozen ports and the table.  Every kernel port that faults
 * is frozen, not only the first one's (only the first fault is kept);
 * the faulting request is the last its port accepts.  A fault of the
 * host port freezes nothing.  The fault's address is the request's as
 * given (the host's: the header's address + 8 * i), its tag the
 * request's, truncated or zero-extended to 16 bits.
 *
 * Resources (Yosys 0.23 synth_ice40, BYTES = 4096, CHECK = 0, RSP_DEPTH =
 * 8, TAGW = 8): NPORTS = 1 takes 1071 SB_LUT4, 846 flip-flops, 137
 * SB_CARRY and 12 SB_RAM40_4K (8 the RAM, 4 the host's FIFO); each
 * further kernel port about 590 SB_LUT4 and 535 flip-flops, most of them
 * its response FIFO.  CHECK = 1 adds 66 flip-flops and two 33-bit
 * comparisons per table entry.
 */
module sluice_devmem #
(
    parameter NPORTS = 1,
    parameter AW = 16,
    parameter BYTES = 0,
    parameter TAGW = 8,
    parameter RSP_DEPTH = 8,
    parameter CHECK = 0,
    parameter ALLOCS = 64
)
(
    input  wire                       clk,
    input  wire                       rst,

    input  wire [NPORTS*(99+TAGW)-1:0] req_tdata,
    input  wire [NPORTS-1:0]          req_tvalid,
    output wire [NPORTS-1:0]          req_tready,

    output wire [NPORTS*64-1:0]       rsp_tdata,
    output wire [NPORTS-1:0]          rsp_tvalid,
    input  wire [NPORTS-1:0]          rsp_tready,

    input  wire [63:0]                host_cmd_tdata,
    input  wire                       host_cmd_tvalid,
    output wire                       host_cmd_tready,

    output wire [63:0]                host_data_tdata,
    output wire                       host_data_tvalid,
    input  wire                       host_data_tready
);

localparam REQW = 99 + TAGW;

// the arbiter's requesters: kernel ports 0 .. NPORTS-1, then the host engine
localparam N = NPORTS + 1;
localparam HOST = NPORTS;

localparam WORDS = BYTES == 0 ? 2**(AW-3) : BYTES / 8;
localparam WAW = WORDS > 1 ? $clog2(WORDS) : 1;
// an access faults past BYTES when its word index, address[31:3], is not
// below WORDS (an access never straddles two words)
localparam [29:0] WORD_LIMIT = WORDS[29:0];

localparam CW = $clog2(RSP_DEPTH + 1);
localparam [CW-1:0] CREDITS = RSP_DEPTH[CW-1:0];
localparam HOST_DEPTH = 16;
localparam [4:0] HOST_CREDITS = 5'd16;

localparam EW = ALLOCS > 1 ? $clog2(ALLOCS) : 1;
localparam [23:0] ENTRIES = ALLOCS[23:0];

localparam [7:0] OP_WRITE = 8'd1, OP_READ = 8'd2, OP_ALLOC = 8'd3, OP_STATUS = 8'd4;

// host engine states
localparam [2:0]
    H_HDR = 3'd0,       // waiting for a header
    H_WRITE = 3'd1,     // h_n_reg data words to write, one request each
    H_READ = 3'd2,      // h_n_reg read requests to issue
    H_ALEN = 3'd3,      // waiting for ALLOC's length word
    H_STAT = 3'd4;      // the STATUS request to issue

// check configuration
initial begin
    if (NPORTS < 1 || NPORTS > 255) begin
        $error("Error: NPORTS must be 1 to 255 (instance %m)");
        $finish;
    end

    if (AW < 4 || AW > 32) begin
        $error("Error: AW must be 4 to 32 (instance %m)");
        $finish;
    end

    if (BYTES < 0 || BYTES % 8 != 0 || BYTES / 8 > 2**(AW-3)) begin
        $error("Error: BYTES must be a multiple of 8, at most 2**AW (instance %m)");
        $finish;
    end

    if (TAGW < 1) begin
        $error("Error: TAGW must be at least 1 (instance %m)");
        $finish;
    end

    if (RSP_DEPTH < 2) begin
        $error("Error: RSP_DEPTH must be at least 2 (instance %m)");
        $finish;
    end

    if (CHECK != 0 && CHECK != 1) begin
        $error("Error: CHECK must be 0 or 1 (instance %m)");
        $finish;
    end

    if (ALLOCS < 1 || ALLOCS > 256) begin
        $error("Error: ALLOCS must be 1 to 256 (instance %m)");
        $finish;
    end
end

// the lane of a byte address's word where an access of 2**size bytes
// starts: the address's low bits below the size are ignored
function [2:0] lane_of;
    input [2:0] addr;
    input [1:0] size;
    begin
        case (size)
            2'd0: lane_of = addr;
            2'd1: lane_of = {addr[2:1], 1'b0};
            2'd2: lane_of = {addr[2], 2'b00};
            default: lane_of = 3'b000;
        endcase
    end
endfunction

// the 2**size bytes at lane of a RAM word, in the low bits, zeros above
function [63:0] extract;
    input [63:0] w;
    input [2:0] lane;
    input [1:0] size;
    reg [7:0] b0, b1, b2, b3;
    begin
        b0 = w[{lane, 3'b000} +: 8];
        b1 = w[{lane[2:1], 4'b1000} +: 8];
        b2 = w[{lane[2], 5'b10000} +: 8];
        b3 = w[{lane[2], 5'b11000} +: 8];
        case (size)
            2'd0: extract = {56'd0, b0};
            2'd1: extract = {48'd0, b1, b0};
            2'd2: extract = {32'd0, b3, b2, b1, b0};
            default: extract = {w[63:32], b3, b2, b1, b0};
        endcase
    end
endfunction

/*
 * Stage A: arbitration.  Each cycle one of the requesters that want the
 * RAM is granted, round-robin from the one after the last granted; its
 * request is accepted and goes to stage B.  A kernel port wants it when it
 * offers a request, is not frozen, and the request is a store or its port
 * has credit for the answer.  req_tready is the grant.
 */
reg active_reg = 1'b0;                  // high from the second cycle after reset
wire active = active_reg && !rst;       // requests may be accepted
reg [NPORTS-1:0] frozen_reg = {NPORTS{1'b0}};
wire [NPORTS-1:0] credit_ok;            // the port can take one more answer
reg [N-1:0] rr_mask_reg = {N{1'b0}};    // requesters after the last granted

// host engine, below
reg [2:0] h_state_reg = H_HDR, h_state_next;
reg [23:0] h_n_reg = 24'd0, h_n_next;
reg [31:0] h_addr_reg = 32'd0, h_addr_next;
reg h_credit_ok_reg = 1'b0;

// the whole request words; tag bits above the 16 a fault keeps are unused
/* verilator lint_off UNUSEDSIGNAL */
wire [NPORTS*REQW-1:0] req_word = req_tdata;
/* verilator lint_on UNUSEDSIGNAL */

wire [NPORTS-1:0] k_store;
wire [NPORTS-1:0] k_oob;
wire [N-1:0] want;
wire [N-1:0] grant;

genvar p;

generate

for (p = 0; p < NPORTS; p = p + 1) begin : port_req
    assign k_store[p] = req_word[REQW*p + 98];
    assign k_oob[p] = {1'b0, req_word[REQW*p + 67 +: 29]} >= WORD_LIMIT;
    assign want[p] = active && req_tvalid[p] && !frozen_reg[p] &&
                     (k_store[p] || credit_ok[p]);
end

endgenerate

wire h_issue_read = h_state_reg == H_READ || h_state_reg == H_STAT;
wire h_oob = {1'b0, h_addr_reg[31:3]} >= WORD_LIMIT && h_state_reg != H_STAT;

assign want[HOST] = active &&
                    (h_state_reg == H_WRITE ? host_cmd_tvalid : h_issue_read && h_credit_ok_reg);

// (a function and a continuous assignment, not an always block: the
// grant must be known from time 0 even when no input ever changes, which
// an event-driven simulator does not promise an always @* block)
function [N-1:0] arbitrate;
    input [N-1:0] w, after;
    integer i;
    reg [N-1:0] first, first_after;
    begin
        first = {N{1'b0}};
        first_after = {N{1'b0}};
        for (i = N - 1; i >= 0; i = i - 1) begin
            if (w[i]) begin
                first = {N{1'b0}};
                first[i] = 1'b1;
            end
            if (w[i] && after[i]) begin
                first_after = {N{1'b0}};
                first_after[i] = 1'b1;
            end
        end
        arbitrate = |(w & after) ? first_after : first;
    end
endfunction

assign grant = arbitrate(want, rr_mask_reg);

assign req_tready = grant[NPORTS-1:0];

// the granted request
reg [63:0] a_data;
reg [31:0] a_addr;
reg [1:0] a_size;
reg a_store;
reg a_status;
reg [15:0] a_tag;
reg a_oob;
reg [7:0] a_port;

always @* begin : select
    integer i;
    reg [15:0] tag;

    a_data = {64{grant[HOST]}} & host_cmd_tdata;
    a_addr = {32{grant[HOST]}} & h_addr_reg;
    a_size = {2{grant[HOST]}};
    a_store = grant[HOST] && h_state_reg == H_WRITE;
    a_status = grant[HOST] && h_state_reg == H_STAT;
    a_tag = 16'd0;
    a_oob = grant[HOST] && h_oob;
    a_port = grant[HOST] ? HOST[7:0] : 8'd0;
    for (i = 0; i < NPORTS; i = i + 1) begin
        tag = 16'd0;
        tag[TAGW < 16 ? TAGW - 1 : 15:0] = req_word[REQW*i + 99 +: (TAGW < 16 ? TAGW : 16)];
        a_data = a_data | ({64{grant[i]}} & req_word[REQW*i +: 64]);
        a_addr = a_addr | ({32{grant[i]}} & req_word[REQW*i + 64 +: 32]);
        a_size = a_size | ({2{grant[i]}} & req_word[REQW*i + 96 +: 2]);
        a_store = a_store | (grant[i] & k_store[i]);
        a_tag = a_tag | ({16{grant[i]}} & tag);
        a_oob = a_oob | (grant[i] & k_oob[i]);
        a_port = a_port | ({8{grant[i]}} & i[7:0]);
    end
end

/*
 * The allocation table (CHECK = 1): a kernel access must lie within one
 * valid entry.  Checked on the granted request, so that a faulting access
 * is the last its port accepts.
 */
wire a_in_table;

generate

if (CHECK != 0) begin : alloc_table

    reg [32*ALLOCS-1:0] lo_reg;         // first byte
    reg [33*ALLOCS-1:0] hi_reg;         // first byte past the range
    reg [ALLOCS-1:0] valid_reg = {ALLOCS{1'b0}};

    wire [31:0] first = {a_addr[31:3], lane_of(a_addr[2:0], a_size)};
    wire [32:0] last = {1'b0, first} + (33'd1 << a_size);

    reg hit;

    always @* begin : lookup
        integer e;

        hit = 1'b0;
        for (e = 0; e < ALLOCS; e = e + 1) begin
            if (valid_reg[e] && first >= lo_reg[32*e +: 32] && last <= hi_reg[33*e +: 33]) begin
                hit = 1'b1;
            end
        end
    end

    assign a_in_table = hit;

    wire [EW-1:0] entry = h_n_reg[EW-1:0];
    wire [31:0] len = host_cmd_tdata[31:0];

    always @(posedge clk) begin
        if (h_state_reg == H_ALEN && host_cmd_tvalid && host_cmd_tready && h_n_reg < ENTRIES) begin
            lo_reg[32*entry +: 32] <= h_addr_reg;
            hi_reg[33*entry +: 33] <= {1'b0, h_addr_reg} + {1'b0, len};
            valid_reg[entry] <= len != 32'd0;
        end

        if (rst) begin
            valid_reg <= {ALLOCS{1'b0}};
        end
    end

end else begin : no_table

    assign a_in_table = 1'b1;

end

endgenerate

wire a_fault = a_oob || (CHECK != 0 && !grant[HOST] && !a_in_table);

/*
 * Stage B: the RAM.  A store writes its lanes, a load reads the word; a
 * faulting store writes nothing (a faulting load reads, and its answer
 * is zeros).  The first fault is kept for STATUS.
 */
reg b_valid_reg = 1'b0;
reg [N-1:0] b_sel_reg = {N{1'b0}};
reg [63:0] b_data_reg;
reg [31:0] b_addr_reg;
reg [1:0] b_size_reg;
reg b_store_reg;
reg b_status_reg;
reg b_fault_reg;
reg [15:0] b_tag_reg;
reg [7:0] b_port_reg;

(* no_rw_check *)
reg [63:0] mem [0:WORDS-1];
reg [63:0] rd_data_reg;

wire [WAW-1:0] ram_word = b_addr_reg[WAW+2:3];
wire ram_write = b_valid_reg && b_store_reg && !b_fault_reg;
wire ram_read = b_valid_reg && !b_store_reg && !b_status_reg;
wire [2:0] b_lane = lane_of(b_addr_reg[2:0], b_size_reg);

reg [63:0] ram_wdata;
reg [7:0] ram_we;

always @* begin : lanes
    integer i;
    reg [2:0] mask;

    case (b_size_reg)
        2'd0: begin ram_wdata = {8{b_data_reg[7:0]}}; mask = 3'b111; end
        2'd1: begin ram_wdata = {4{b_data_reg[15:0]}}; mask = 3'b110; end
        2'd2: begin ram_wdata = {2{b_data_reg[31:0]}}; mask = 3'b100; end
        default: begin ram_wdata = b_data_reg; mask = 3'b000; end
    endcase
    for (i = 0; i < 8; i = i + 1) begin
        ram_we[i] = ram_write && (i[2:0] & mask) == (b_addr_reg[2:0] & mask);
    end
end

always @(posedge clk) begin : ram
    integer i;

    for (i = 0; i < 8; i = i + 1) begin
        if (ram_we[i]) begin
            mem[ram_word][8*i +: 8] <= ram_wdata[8*i +: 8];
        end
    end

    if (ram_read) begin
        rd_data_reg <= mem[ram_word];
    end
end

reg fault_reg = 1'b0;
reg [7:0] fault_port_reg;
reg [15:0] fault_tag_reg;
reg [31:0] fault_addr_reg;

always @(posedge clk) begin
    if (b_valid_reg && b_fault_reg && !fault_reg) begin
        fault_reg <= 1'b1;
        fault_port_reg <= b_port_reg;
        fault_tag_reg <= b_tag_reg;
        fault_addr_reg <= b_addr_reg;
    end

    if (rst) begin
        fault_reg <= 1'b0;
    end
end

wire [63:0] status_word = fault_reg ? {1'b1, 7'd0, fault_port_reg, fault_tag_reg, fault_addr_reg} : 64'd0;

/*
 * Stage C: the answer of a load (or STATUS) is pushed into its port's
 * response FIFO; credits keep the FIFOs from overflowing.
 */
reg c_valid_reg = 1'b0;
reg [N-1:0] c_sel_reg = {N{1'b0}};
reg c_status_reg;
reg c_zero_reg;
reg [2:0] c_lane_reg;
reg [1:0] c_size_reg;

wire [63:0] answer = c_status_reg ? status_word :
                     c_zero_reg ? 64'd0 : extract(rd_data_reg, c_lane_reg, c_size_reg);

always @(posedge clk) begin
    active_reg <= 1'b1;
    frozen_reg <= frozen_reg | (grant[NPORTS-1:0] & {NPORTS{a_fault}});
    if (|grant) begin
        // the requesters after the granted one
        rr_mask_reg <= ~({grant[N-2:0], 1'b0} - 1'b1);
    end

    h_state_reg <= h_state_next;
    h_n_reg <= h_n_next;
    h_addr_reg <= h_addr_next;

    b_valid_reg <= |grant;
    b_sel_reg <= grant;
    b_data_reg <= a_data;
    b_addr_reg <= a_addr;
    b_size_reg <= a_size;
    b_store_reg <= a_store;
    b_status_reg <= a_status;
    b_fault_reg <= a_fault;
    b_tag_reg <= a_tag;
    b_port_reg <= a_port;

    c_valid_reg <= b_valid_reg && !b_store_reg;
    c_sel_reg <= b_sel_reg;
    c_status_reg <= b_status_reg;
    c_zero_reg <= b_fault_reg;
    c_lane_reg <= b_lane;
    c_size_reg <= b_size_reg;

    if (rst) begin
        active_reg <= 1'b0;
        frozen_reg <= {NPORTS{1'b0}};
        rr_mask_reg <= {N{1'b0}};
        h_state_reg <= H_HDR;
        b_valid_reg <= 1'b0;
        b_sel_reg <= {N{1'b0}};
        c_valid_reg <= 1'b0;
        c_sel_reg <= {N{1'b0}};
    end
end

generate

for (p = 0; p < NPORTS; p = p + 1) begin : port_rsp

    // loads accepted whose answers are not yet taken
    reg [CW-1:0] count_reg = {CW{1'b0}}, count_next;
    reg credit_ok_reg = 1'b0;

    wire load = grant[p] && !k_store[p];
    wire taken = rsp_tvalid[p] && rsp_tready[p];

    always @* begin
        count_next = count_reg;
        if (load && !taken) begin
            count_next = count_reg + 1'b1;
        end else if (taken && !load) begin
            count_next = count_reg - 1'b1;
        end
    end

    always @(posedge clk) begin
        count_reg <= count_next;
        credit_ok_reg <= count_next < CREDITS;

        if (rst) begin
            count_reg <= {CW{1'b0}};
            credit_ok_reg <= 1'b0;
        end
    end

    assign credit_ok[p] = credit_ok_reg;

    /* verilator lint_off UNUSEDSIGNAL */
    wire fifo_ready;
    wire [CW-1:0] fifo_count;
    /* verilator lint_on UNUSEDSIGNAL */

    sluice_fifo #(
        .WIDTH(64),
        .DEPTH(RSP_DEPTH)
    )
    fifo (
        .clk(clk),
        .rst(rst),
        .s_axis_tdata(answer),
        .s_axis_tvalid(c_valid_reg && c_sel_reg[p]),
        .s_axis_tready(fifo_ready),
        .m_axis_tdata(rsp_tdata[64*p +: 64]),
        .m_axis_tvalid(rsp_tvalid[p]),
        .m_axis_tready(rsp_tready[p]),
        .count(fifo_count)
    );

end

endgenerate

/*
 * Host engine: reads commands from host_cmd and issues their accesses as
 * requests of the host port (size 8, tag 0).  A WRITE's data word is its
 * request, so host_cmd_tready is the grant then; READ and STATUS requests
 * take credit from the host port's FIFO as a kernel's loads do.
 */
wire h_cmd_fire = host_cmd_tvalid && host_cmd_tready;
wire [7:0] h_op = host_cmd_tdata[63:56];
wire [23:0] h_n = host_cmd_tdata[55:32];

assign host_cmd_tready = (active && (h_state_reg == H_HDR || h_state_reg == H_ALEN)) ||
                         (h_state_reg == H_WRITE && grant[HOST]);

always @* begin
    h_state_next = h_state_reg;
    h_n_next = h_n_reg;
    h_addr_next = h_addr_reg;

    case (h_state_reg)
        H_HDR: begin
            if (h_cmd_fire) begin
                h_n_next = h_n;
                h_addr_next = host_cmd_tdata[31:0];
                if (h_op == OP_WRITE && h_n != 24'd0) begin
                    h_state_next = H_WRITE;
                end else if (h_op == OP_READ && h_n != 24'd0) begin
                    h_state_next = H_READ;
                end else if (h_op == OP_ALLOC) begin
                    h_state_next = H_ALEN;
                end else if (h_op == OP_STATUS) begin
                    h_state_next = H_STAT;
                end
            end
        end
        H_WRITE, H_READ: begin
            if (grant[HOST]) begin
                h_n_next = h_n_reg - 24'd1;
                h_addr_next = h_addr_reg + 32'd8;
                if (h_n_reg == 24'd1) begin
                    h_state_next = H_HDR;
                end
            end
        end
        H_ALEN: begin
            if (h_cmd_fire) begin
                h_state_next = H_HDR;
            end
        end
        H_STAT: begin
            if (grant[HOST]) begin
                h_state_next = H_HDR;
            end
        end
        default: begin
            h_state_next = H_HDR;
        end
    endcase
end

// answers of the host's READ and STATUS requests not yet taken
reg [4:0] h_count_reg = 5'd0, h_count_next;

wire h_load = grant[HOST] && h_issue_read;
wire h_taken = host_data_tvalid && host_data_tready;

always @* begin
    h_count_next = h_count_reg;
    if (h_load && !h_taken) begin
        h_count_next = h_count_reg + 5'd1;
    end else if (h_taken && !h_load) begin
        h_count_next = h_count_reg - 5'd1;
    end
end

always @(posedge clk) begin
    h_count_reg <= h_count_next;
    h_credit_ok_reg <= h_count_next < HOST_CREDITS;

    if (rst) begin
        h_count_reg <= 5'd0;
        h_credit_ok_reg <= 1'b0;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire host_fifo_ready;
wire [4:0] host_fifo_count;
/* verilator lint_on UNUSEDSIGNAL */

sluice_fifo #(
    .WIDTH(64),
    .DEPTH(HOST_DEPTH),
    .RAM_MIN_DEPTH(HOST_DEPTH)
)
host_fifo (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(answer),
    .s_axis_tvalid(c_valid_reg && c_sel_reg[HOST]),
    .s_axis_tready(host_fifo_ready),
    .m_axis_tdata(host_data_tdata),
    .m_axis_tvalid(host_data_tvalid),
    .m_axis_tready(host_data_tready),
    .count(host_fifo_count)
);

endmodule

`resetall
