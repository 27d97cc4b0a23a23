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
 * request once offered must stay offered, unchanged, until it is
 * accepted (as in AXI4-Stream): the memory decides from the requests
 * offered in one cycle who is served in the next.  A load is accepted
 * only while its port has room for its answer (answers accepted and not
 * yet taken < RSP_DEPTH): the kernel's pipeline must be able to take
 * RSP_DEPTH answers without accepting another request, which the
 * compiler sizes it for.  An answer appears on rsp_tvalid no earlier
 * than 3 cycles after its request was accepted.
 *
 * Timing (not promised beyond the above, for sizing): each cycle is a
 * slot that belongs to at most one requester, chosen in the cycle
 * before from registers only; a request is accepted in a slot of its
 * requester.  The pipeline is that choice, the slot (the cycle of
 * acceptance), the RAM access, then the push into the port's response
 * FIFO, so an answer whose FIFO is empty appears exactly 3 cycles after
 * acceptance when RSP_DEPTH < 32 (a flip-flop FIFO) and 5 from 32 up (a
 * block-RAM FIFO); the host's (16 words, block RAM) after 5.  A kernel
 * port keeps the slot while nobody else asks for it and the port has
 * room for two more answers (the host: while it has accesses to issue,
 * reading with room for two more): a requester alone is served every
 * cycle, and a request it offers after a pause is accepted in the cycle
 * it is offered; a request offered while another requester holds the
 * slot is accepted a cycle later at the earliest.  With every requester
 * offering, each is served once every NPORTS + 1 cycles.  The host
 * engine asks for the slot in the cycle after taking a command's
 * header, so that the command's first access is accepted 2 cycles after
 * the header at the earliest.  req_tready and host_cmd_tready come from
 * registers and rst alone (they do not depend on req_tvalid, req_tdata,
 * host_cmd_tvalid or host_cmd_tdata); rsp_* and host_data_* are driven
 * from registers, and nothing depends combinationally on rsp_tready or
 * host_data_tready.  No request is accepted during reset or in the
 * cycle after it.
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
 * 8, TAGW = 8): NPORTS = 1 takes 1105 SB_LUT4, 861 flip-flops, 81
 * SB_CARRY and 12 SB_RAM40_4K (8 the RAM, 4 the host's FIFO); each
 * further kernel port about 585 SB_LUT4 and 535 flip-flops, most of them
 * its response FIFO.  CHECK = 1 adds 66 flip-flops and two 33-bit
 * comparisons per table entry.  No path between registers is more than
 * four LUT levels deep (the host's address and count also have carry
 * chains of at most 15 bits): on the iCE40 UP5K, NPORTS = 3 places at
 * about 50 MHz on its own.
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
localparam [CW-1:0] CREDITS_1 = CREDITS - 1'b1;
localparam integer DEPTH_2 = RSP_DEPTH - 2;
localparam [CW-1:0] CREDITS_2 = DEPTH_2[CW-1:0];
localparam HOST_DEPTH = 16;
localparam [4:0] HOST_CREDITS = 5'd16;

localparam EW = ALLOCS > 1 ? $clog2(ALLOCS) : 1;
localparam [23:0] ENTRIES = ALLOCS[23:0];

localparam [7:0] OP_WRITE = 8'd1, OP_READ = 8'd2, OP_ALLOC = 8'd3, OP_STATUS = 8'd4;

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

// (Combinational logic below is continuous assignments and functions, no
// always @* block: what comes from registers that may never change after
// time 0 must still be known from time 0, which an event-driven simulator
// does not promise an always @* block.)

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

// the requesters after the one-hot g (none when g is 0)
function [N-1:0] after;
    input [N-1:0] g;
    integer i;
    reg seen;
    begin
        seen = 1'b0;
        for (i = 0; i < N; i = i + 1) begin
            after[i] = seen;
            seen = seen | g[i];
        end
    end
endfunction

// round robin: the first requester of w among those of mask `later`, else
// the first of w.  Written as "no requester ahead of i wants" for each i,
// a flat AND-OR of w and later that maps to two LUT levels for up to four
// requesters (a priority chain would be one level per requester)
function [N-1:0] arbitrate;
    input [N-1:0] w, later;
    integer i, j;
    reg ahead;
    begin
        for (i = 0; i < N; i = i + 1) begin
            ahead = 1'b0;
            for (j = 0; j < N; j = j + 1) begin
                // j is ahead of i: later and i is not, or both alike and j first
                if (j < i) begin
                    ahead = ahead | (w[j] & (later[j] | !later[i]));
                end else if (j > i) begin
                    ahead = ahead | (w[j] & later[j] & !later[i]);
                end
            end
            arbitrate[i] = w[i] & !ahead;
        end
    end
endfunction

// an access to the word at index w (a byte address's bits 31:3) faults
// past BYTES; when WORDS is a power of two, written as the OR of the bits
// above the RAM's (Yosys makes a carry chain of a comparison)
localparam WORDS_POW2 = (WORDS & (WORDS - 1)) == 0;
localparam WORDS_LOG2 = $clog2(WORDS);

function past_end;
    input [28:0] w;
    begin
        if (WORDS_POW2) begin
            past_end = (w >> WORDS_LOG2) != 29'd0;
        end else begin
            past_end = {1'b0, w} >= WORD_LIMIT;
        end
    end
endfunction

/*
 * Stage A: the slot.  Each cycle belongs to at most one requester,
 * ready_reg, chosen in the cycle before from registers only: that
 * requester's request, if it offers one, is accepted (req_tready and
 * host_cmd_tready are ready_reg, gated by reset and the frozen ports).
 *
 * The next cycle's slot goes round-robin, from the one after this
 * cycle's holder (from requester 0 when there is none: then nobody was
 * waiting), to a requester that wants it:
 *
 *   - the holder (whose request of this cycle, if any, is being accepted:
 *     the next one is unknown) wants it while its port has room for two
 *     more answers: it keeps the slot, at the lowest priority, so that a
 *     requester alone streams one request a cycle, and a request it
 *     offers after a pause is accepted at once;
 *   - any other kernel port wants it when it offers a request, is not
 *     frozen, and the request is a store or its port has room for one
 *     more answer (the request offered now is the one offered next
 *     cycle: requests are held until accepted);
 *   - the host engine likewise, with its own credit.
 *
 * Credits are counted from registers, so conservatively: answers taken
 * in this cycle count from the next.
 */
reg [N-1:0] ready_reg = {N{1'b0}};     // this cycle's slot (one-hot or none)
reg [NPORTS-1:0] frozen_reg = {NPORTS{1'b0}};
wire [NPORTS-1:0] room1;                // the port can take one more answer
wire [NPORTS-1:0] room2;                // ... two more

// host engine, below: its state, as flags
reg h_take_reg = 1'b0;                  // takes any word: a header, or ALLOC's length
reg h_al_reg = 1'b0;                    // ... ALLOC's length
reg h_dec_reg = 1'b0;                   // the cycle after a header
reg h_wr_reg = 1'b0;                    // issues h_n_reg WRITE data words
reg h_rd_reg = 1'b0;                    // issues h_n_reg READs, or one STATUS
reg h_status_reg = 1'b0;                // ... STATUS
reg h_none_reg = 1'b0;                  // h_n_reg == 0
reg h_last_reg = 1'b0;                  // h_n_reg == 1 (a STATUS ignores it)
reg [23:0] h_n_reg = 24'd0;
reg [31:0] h_addr_reg = 32'd0;
reg h_room1_reg = 1'b1;
reg h_room2_reg = 1'b1;

// the whole request words; tag bits above the 16 a fault keeps are unused
/* verilator lint_off UNUSEDSIGNAL */
wire [NPORTS*REQW-1:0] req_word = req_tdata;
/* verilator lint_on UNUSEDSIGNAL */

wire [NPORTS-1:0] k_store;
wire [NPORTS-1:0] k_oob;
wire [N-1:0] want;
wire [N-1:0] sel;                       // the request accepted this cycle

assign req_tready = ready_reg[NPORTS-1:0] & ~frozen_reg & {NPORTS{!rst}};
assign host_cmd_tready = !rst && (h_take_reg || (ready_reg[HOST] && h_wr_reg));

// the host engine takes a header, or ALLOC's length
wire h_take_fire = host_cmd_tvalid && !rst && h_take_reg;
wire h_hdr_fire = h_take_fire && !h_al_reg;
wire h_len_fire = h_take_fire && h_al_reg;

genvar p;

generate

for (p = 0; p < NPORTS; p = p + 1) begin : port_req
    assign k_store[p] = req_word[REQW*p + 98];
    assign k_oob[p] = past_end(req_word[REQW*p + 67 +: 29]);
    assign want[p] = ready_reg[p] ? room2[p] && !frozen_reg[p] :
                     req_tvalid[p] && !frozen_reg[p] && (k_store[p] || room1[p]);
    assign sel[p] = req_tvalid[p] && req_tready[p];
end

endgenerate

assign want[HOST] = ready_reg[HOST] ? h_wr_reg || (h_rd_reg && h_room2_reg) :
                    (h_wr_reg && host_cmd_tvalid) || (h_rd_reg && h_room1_reg);
assign sel[HOST] = ready_reg[HOST] && !rst && ((h_wr_reg && host_cmd_tvalid) || h_rd_reg);

wire [N-1:0] grant = arbitrate(want, after(ready_reg));

// the slot's request: a one-hot multiplexer on ready_reg (its fields
// matter only when it is accepted)
function [REQW-1:0] slot_request;
    input [N-1:0] r;
    input [NPORTS*REQW-1:0] k;
    input [REQW-1:0] h;
    integer i;
    begin
        slot_request = {REQW{r[HOST]}} & h;
        for (i = 0; i < NPORTS; i = i + 1) begin
            slot_request = slot_request | ({REQW{r[i]}} & k[REQW*i +: REQW]);
        end
    end
endfunction

function [7:0] slot_port;
    input [N-1:0] r;
    integer i;
    begin
        slot_port = 8'd0;
        for (i = 0; i < N; i = i + 1) begin
            slot_port = slot_port | ({8{r[i]}} & i[7:0]);
        end
    end
endfunction

// the host's request: 8 bytes, tag 0
wire [REQW-1:0] h_req = {{TAGW{1'b0}}, h_wr_reg, 2'd3, h_addr_reg, host_cmd_tdata};
/* verilator lint_off UNUSEDSIGNAL */
wire [REQW-1:0] a_req = slot_request(ready_reg, req_word, h_req);
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0] a_addr = a_req[95:64];
wire [1:0] a_size = a_req[97:96];
wire [15:0] a_tag;

generate

if (TAGW < 16) begin : tag_short
    assign a_tag = {{(16 - TAGW){1'b0}}, a_req[99 +: TAGW]};
end else begin : tag_long
    assign a_tag = a_req[99 +: 16];
end

endgenerate

/*
 * The allocation table (CHECK = 1): a kernel access must lie within one
 * valid entry.  Looked up on the slot's request, so that a faulting
 * access freezes its port before it could offer another.
 */
wire a_in_table;

generate

if (CHECK != 0) begin : alloc_table

    reg [32*ALLOCS-1:0] lo_reg;         // first byte
    reg [33*ALLOCS-1:0] hi_reg;         // first byte past the range
    reg [ALLOCS-1:0] valid_reg = {ALLOCS{1'b0}};

    wire [31:0] first = {a_addr[31:3], lane_of(a_addr[2:0], a_size)};
    wire [32:0] last = {1'b0, first} + (33'd1 << a_size);

    function hit;
        input [31:0] f;
        input [32:0] l;
        input [ALLOCS-1:0] v;
        input [32*ALLOCS-1:0] lo;
        input [33*ALLOCS-1:0] hi;
        integer e;
        begin
            hit = 1'b0;
            for (e = 0; e < ALLOCS; e = e + 1) begin
                if (v[e] && f >= lo[32*e +: 32] && l <= hi[33*e +: 33]) begin
                    hit = 1'b1;
                end
            end
        end
    endfunction

    assign a_in_table = hit(first, last, valid_reg, lo_reg, hi_reg);

    wire [EW-1:0] entry = h_n_reg[EW-1:0];
    wire [31:0] len = host_cmd_tdata[31:0];

    always @(posedge clk) begin
        if (h_len_fire && h_n_reg < ENTRIES) begin
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

// the slot's request lies past BYTES (a STATUS's address is not an access)
wire h_oob = past_end(h_addr_reg[31:3]) && !h_status_reg;
wire a_oob = |(ready_reg & {h_oob, k_oob});
wire a_miss = CHECK != 0 && !ready_reg[HOST] && !a_in_table;

// a kernel request accepted in its port's slot that faults freezes the
// port from the next cycle on, so that it is the last the port accepts
// (the slot the port may hold then goes unused).  kill leaves out what
// req_tready adds: a frozen port stays frozen, and reset clears them.
wire [NPORTS-1:0] kill = ready_reg[NPORTS-1:0] & req_tvalid & (k_oob | {NPORTS{a_miss}});

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

// the store's bytes in every lane they may go to, and the lanes written
function [63:0] spread;
    input [63:0] d;
    input [1:0] size;
    begin
        case (size)
            2'd0: spread = {8{d[7:0]}};
            2'd1: spread = {4{d[15:0]}};
            2'd2: spread = {2{d[31:0]}};
            default: spread = d;
        endcase
    end
endfunction

function [7:0] lanes_written;
    input [2:0] lane;
    input [1:0] size;
    integer i;
    reg [2:0] mask;
    begin
        case (size)
            2'd0: mask = 3'b111;
            2'd1: mask = 3'b110;
            2'd2: mask = 3'b100;
            default: mask = 3'b000;
        endcase
        for (i = 0; i < 8; i = i + 1) begin
            lanes_written[i] = (i[2:0] & mask) == (lane & mask);
        end
    end
endfunction

wire [63:0] ram_wdata = spread(b_data_reg, b_size_reg);
wire [7:0] ram_we = {8{ram_write}} & lanes_written(b_addr_reg[2:0], b_size_reg);

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
 * response FIFO.  Its bytes are picked from the RAM word by one-hot
 * selects worked out in stage B (all zero for a faulting load), so that
 * the answer is two LUT levels from the RAM (the host's, whole words,
 * one).
 */
reg [N-1:0] c_push_reg = {N{1'b0}};     // the answer goes to this requester's FIFO
reg c_status_reg;
reg [7:0] c_byte0_reg;                  // answer byte 0 from byte i
reg [3:0] c_byte1_reg;                  // byte 1 from byte 2i+1
reg [1:0] c_half1_reg;                  // bytes 2-3 from bytes 4i+2, 4i+3
reg c_word1_reg;                        // bytes 4-7 from bytes 4-7

function [63:0] pick;
    input [63:0] w;
    input [7:0] byte0;
    input [3:0] byte1;
    input [1:0] half1;
    input word1;
    integer i;
    begin
        pick = {{32{word1}} & w[63:32], 32'd0};
        for (i = 0; i < 8; i = i + 1) begin
            pick[7:0] = pick[7:0] | ({8{byte0[i]}} & w[8*i +: 8]);
        end
        for (i = 0; i < 4; i = i + 1) begin
            pick[15:8] = pick[15:8] | ({8{byte1[i]}} & w[16*i + 8 +: 8]);
        end
        for (i = 0; i < 2; i = i + 1) begin
            pick[31:16] = pick[31:16] | ({16{half1[i]}} & w[32*i + 16 +: 16]);
        end
    end
endfunction

wire [63:0] answer = pick(rd_data_reg, c_byte0_reg, c_byte1_reg, c_half1_reg, c_word1_reg);
// the host's accesses are whole words (c_word1_reg clear: a fault's zeros)
wire [63:0] host_answer = c_status_reg ? status_word : {64{c_word1_reg}} & rd_data_reg;

// the selects for an access of 2**size bytes at lane
wire [7:0] b_byte0 = 8'd1 << b_lane;
wire [3:0] b_byte1 = {4{b_size_reg != 2'd0}} & (4'd1 << b_lane[2:1]);
wire [1:0] b_half1 = {2{b_size_reg[1]}} & (2'd1 << b_lane[2]);
wire b_word1 = b_size_reg == 2'd3;

always @(posedge clk) begin
    ready_reg <= grant;
    frozen_reg <= frozen_reg | kill;

    b_valid_reg <= |sel;
    b_sel_reg <= ready_reg;
    b_data_reg <= a_req[63:0];
    b_addr_reg <= a_addr;
    b_size_reg <= a_size;
    b_store_reg <= a_req[98];
    b_status_reg <= ready_reg[HOST] && h_status_reg;
    b_fault_reg <= a_oob || a_miss;
    b_tag_reg <= a_tag;
    b_port_reg <= slot_port(ready_reg);

    c_push_reg <= b_sel_reg & {N{b_valid_reg && !b_store_reg}};
    c_status_reg <= b_status_reg;
    c_byte0_reg <= b_byte0;
    c_byte1_reg <= b_byte1;
    c_half1_reg <= b_half1;
    c_word1_reg <= b_word1;
    if (b_fault_reg) begin
        // a faulting load's answer: zeros
        c_byte0_reg <= 8'd0;
        c_byte1_reg <= 4'd0;
        c_half1_reg <= 2'd0;
        c_word1_reg <= 1'b0;
    end

    if (rst) begin
        ready_reg <= {N{1'b0}};
        frozen_reg <= {NPORTS{1'b0}};
        b_valid_reg <= 1'b0;
        b_sel_reg <= {N{1'b0}};
        c_push_reg <= {N{1'b0}};
    end
end

generate

for (p = 0; p < NPORTS; p = p + 1) begin : port_rsp

    // loads accepted whose answers are not yet taken
    reg [CW-1:0] count_reg = {CW{1'b0}};
    reg room1_reg = 1'b1;
    reg room2_reg = 1'b1;

    // (reset clears the count: no need to gate load with it)
    wire load = ready_reg[p] && !frozen_reg[p] && req_tvalid[p] && !k_store[p];
    wire taken = rsp_tvalid[p] && rsp_tready[p];

    always @(posedge clk) begin
        if (load && !taken) begin
            count_reg <= count_reg + 1'b1;
        end else if (taken && !load) begin
            count_reg <= count_reg - 1'b1;
        end
        // room for one (two) more answers after this cycle, written from
        // comparisons of count_reg so that load and taken are one LUT
        // level from the register
        room1_reg <= load && !taken ? count_reg < CREDITS_1 :
                     taken && !load ? 1'b1 : count_reg < CREDITS;
        room2_reg <= load && !taken ? count_reg < CREDITS_1 && count_reg != CREDITS_2 :
                     taken && !load ? count_reg < CREDITS : count_reg < CREDITS_1;

        if (rst) begin
            count_reg <= {CW{1'b0}};
            room1_reg <= 1'b1;
            room2_reg <= 1'b1;
        end
    end

    assign room1[p] = room1_reg;
    assign room2[p] = room2_reg;

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
        .s_axis_tvalid(c_push_reg[p]),
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
 * request, so host_cmd_tready is the slot's then; READ and STATUS
 * requests take credit from the host port's FIFO as a kernel's loads do.
 * The flags are set from a header's op alone as it is taken; in the next
 * cycle (h_dec_reg) those of a WRITE or READ of no words are cleared (a
 * slot they may get meanwhile goes unused), and a header that asks for
 * nothing leaves the engine taking the next one.
 */
wire h_acc = sel[HOST];

wire [7:0] h_op = host_cmd_tdata[63:56];
wire [23:0] h_n = host_cmd_tdata[55:32];

always @(posedge clk) begin
    if (h_hdr_fire) begin
        h_dec_reg <= 1'b1;
        h_take_reg <= h_op == OP_ALLOC;
        h_al_reg <= h_op == OP_ALLOC;
        h_wr_reg <= h_op == OP_WRITE;
        h_rd_reg <= h_op == OP_READ || h_op == OP_STATUS;
        h_status_reg <= h_op == OP_STATUS;
        h_n_reg <= h_n;
        h_none_reg <= h_n == 24'd0;
        h_last_reg <= h_n == 24'd1;
        h_addr_reg <= host_cmd_tdata[31:0];
    end

    if (h_dec_reg) begin
        h_dec_reg <= 1'b0;
        if (h_none_reg && !h_status_reg) begin
            h_wr_reg <= 1'b0;
            h_rd_reg <= 1'b0;
        end
    end

    if (h_len_fire) begin
        h_al_reg <= 1'b0;
    end

    if (h_acc) begin
        // h_n_reg - 1 and h_addr_reg + 8, each as two carry chains of
        // half the length, the upper one enabled by the lower one's carry
        h_n_reg[11:0] <= h_n_reg[11:0] - 12'd1;
        if (h_n_reg[11:0] == 12'd0) begin
            h_n_reg[23:12] <= h_n_reg[23:12] - 12'd1;
        end
        h_last_reg <= h_n_reg == 24'd2;
        h_addr_reg[17:3] <= h_addr_reg[17:3] + 15'd1;
        if (&h_addr_reg[17:3]) begin
            h_addr_reg[31:18] <= h_addr_reg[31:18] + 14'd1;
        end
        if (h_last_reg || h_status_reg) begin
            h_take_reg <= 1'b1;
            h_wr_reg <= 1'b0;
            h_rd_reg <= 1'b0;
        end
    end

    // after reset, or a header that asks for nothing
    if (!h_take_reg && !h_dec_reg && !h_wr_reg && !h_rd_reg) begin
        h_take_reg <= 1'b1;
    end

    if (rst) begin
        h_take_reg <= 1'b0;
        h_dec_reg <= 1'b0;
        h_al_reg <= 1'b0;
        h_wr_reg <= 1'b0;
        h_rd_reg <= 1'b0;
    end
end

// answers of the host's READ and STATUS requests not yet taken
reg [4:0] h_count_reg = 5'd0;

// (as a kernel port's; reset clears the count)
wire h_load = ready_reg[HOST] && h_rd_reg;
wire h_taken = host_data_tvalid && host_data_tready;

always @(posedge clk) begin
    if (h_load && !h_taken) begin
        h_count_reg <= h_count_reg + 5'd1;
    end else if (h_taken && !h_load) begin
        h_count_reg <= h_count_reg - 5'd1;
    end
    // (as a kernel port's room1_reg and room2_reg)
    h_room1_reg <= h_load && !h_taken ? h_count_reg < HOST_CREDITS - 5'd1 :
                   h_taken && !h_load ? 1'b1 : h_count_reg < HOST_CREDITS;
    h_room2_reg <= h_load && !h_taken ? h_count_reg < HOST_CREDITS - 5'd2 :
                   h_taken && !h_load ? h_count_reg < HOST_CREDITS : h_count_reg < HOST_CREDITS - 5'd1;

    if (rst) begin
        h_count_reg <= 5'd0;
        h_room1_reg <= 1'b1;
        h_room2_reg <= 1'b1;
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
    .s_axis_tdata(host_answer),
    .s_axis_tvalid(c_push_reg[HOST]),
    .s_axis_tready(host_fifo_ready),
    .m_axis_tdata(host_data_tdata),
    .m_axis_tvalid(host_data_tvalid),
    .m_axis_tready(host_data_tready),
    .count(host_fifo_count)
);

endmodule

`resetall
