// examples/vadd/vadd.c by hand: c[i] = a[i] + b[i] for i < n (int32_t
// words) over device memory, on the library's memory (rtl/sluice_devmem.v)
// built as sluice builds it for this kernel: three kernel ports (a, b, c,
// in the manifest's order), 4096 bytes, 16-bit site tags, answer FIFOs of
// 5, and the two 32-word host FIFOs in front of its host port.  Only the
// engine is written by hand; the memory is the same on both sides.
//
// The memory serves one access a clock, so an element takes at least 3
// clocks (two loads and a store); the engine keeps it busy every clock:
//
//   - Each port has one request register (valid, address, and for c the
//     sum), loaded from the start's arguments and, when its request is
//     taken, with the next one in the same clock.  The memory gives the
//     slots round-robin to the ports that offer a request, so with all
//     three offering it takes a, b and c in turn, one element each per
//     round of 3 clocks; before the first sum is out (the memory answers
//     3 clocks after it takes a load) the loads fill the slots, and they
//     stay that far ahead of the stores.
//   - a counts the elements (n down to 0); b follows a, offering b[i] once
//     a[i] is taken, so it needs no count of its own: only how many loads
//     of a are taken whose b is not, at most 5 (a's answers wait for b's,
//     and the memory takes a load only while its port has room for the
//     answer, 5), 3 bits.  The stores need only how many answers of b are
//     out, 3 bits too: the sum of the last answer, after every load has
//     been taken, is the last store.
//   - An element's two answers are taken together when both are out and
//     the store register is empty: their sum goes into it with the next
//     address of c.  Taking them also in the clock the store is taken
//     would put the memory's ready into the answers' readies; it gains
//     nothing in the steady state (the store is offered again before the
//     round comes back to c) and costs a clock per store only in the drain
//     at the end, 2 clocks a run.
//   - The last store taken ends the run: done pulses in the next clock
//     (busy still high, as sluice's kernel has it) and busy falls in the
//     one after; a start is taken while busy is low.  With n = 0 nothing
//     is requested and done pulses in the clock after the start.
//
// The memory's contract wants a request, once offered, held unchanged
// until it is taken.  sluice puts a two-word FIFO in front of each request
// channel for that: its kernel offers a and b in the same clock, each
// valid waiting for the other's ready, which the memory (one request a
// clock) never gives together, and a valid that falls untaken.  Here each
// channel's request register holds its request by construction and
// reloads in the clock it is taken, so no FIFO: one register a channel is
// enough for a memory that takes one request a clock in all.
//
// Paths: the memory's readies come from its registers (and rst), its
// answers from its FIFOs' output registers, and every valid offered to it
// is a register.  The readies of the answers are one LUT of the answers'
// valids and the store's; inside the answer FIFOs they go through three
// more levels to the FIFOs' pointer enables, the longest path of the
// design on the UP5K (a register in between would take 64 flip-flops and
// a clock of latency, for a memory that alone places at about 50 MHz).
// The data paths are the 32-bit sum, the count of a and the addresses
// (carry chains), and the compare of a's count with 1.
//
// Sites (the tags a fault reports, the manifest's "sites"): 0 the load of
// a, 1 the load of b, 2 the store to c.

`resetall
`timescale 1ns / 1ps
`default_nettype none

module sluice_core (
    input  wire            clk,
    input  wire            rst,

    input  wire [63:0]     sluice_devmem_cmd_tdata,
    input  wire            sluice_devmem_cmd_tvalid,
    output wire            sluice_devmem_cmd_tready,
    output wire [15:0]     sluice_devmem_cmd_count,

    output wire [63:0]     sluice_devmem_data_tdata,
    output wire            sluice_devmem_data_tvalid,
    input  wire            sluice_devmem_data_tready,

    input  wire            vadd_start,
    output wire            vadd_busy,
    output wire            vadd_done,
    // (the memory's addresses are 32 bits: the pointers' upper halves
    // are not used)
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [63:0]     vadd_arg_a,
    input  wire [63:0]     vadd_arg_b,
    input  wire [63:0]     vadd_arg_c,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]     vadd_arg_n
);

    // a request: {tag[15:0], store, size (2: 4 bytes), address, data}
    localparam [18:0] LOAD_A = {16'd0, 1'b0, 2'd2};
    localparam [18:0] LOAD_B = {16'd1, 1'b0, 2'd2};
    localparam [18:0] STORE_C = {16'd2, 1'b1, 2'd2};

    // ---- the memory and its host FIFOs, as sluice's core has them ----

    wire [63:0] cmd_tdata;
    wire cmd_tvalid, cmd_tready;
    wire [5:0] cmd_level;
    assign sluice_devmem_cmd_count = {10'd0, cmd_level};

    sluice_fifo #(.WIDTH(64), .DEPTH(32)) cmd_fifo (
        .clk(clk),
        .rst(rst),
        .s_axis_tdata(sluice_devmem_cmd_tdata),
        .s_axis_tvalid(sluice_devmem_cmd_tvalid),
        .s_axis_tready(sluice_devmem_cmd_tready),
        .m_axis_tdata(cmd_tdata),
        .m_axis_tvalid(cmd_tvalid),
        .m_axis_tready(cmd_tready),
        .count(cmd_level)
    );

    wire [63:0] data_tdata;
    wire data_tvalid, data_tready;

    /* verilator lint_off PINCONNECTEMPTY */
    sluice_fifo #(.WIDTH(64), .DEPTH(32)) data_fifo (
        .clk(clk),
        .rst(rst),
        .s_axis_tdata(data_tdata),
        .s_axis_tvalid(data_tvalid),
        .s_axis_tready(data_tready),
        .m_axis_tdata(sluice_devmem_data_tdata),
        .m_axis_tvalid(sluice_devmem_data_tvalid),
        .m_axis_tready(sluice_devmem_data_tready),
        .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    reg a_valid_reg = 1'b0, b_valid_reg = 1'b0, c_valid_reg = 1'b0;
    reg [31:0] a_addr_reg, b_addr_reg, c_addr_reg;
    reg [31:0] c_data_reg;

    wire a_ready, b_ready, c_ready;
    // (a 4-byte load's answer is in the low half, zeros above)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [63:0] a_rsp_tdata, b_rsp_tdata;
    /* verilator lint_on UNUSEDSIGNAL */
    wire a_rsp_tvalid, b_rsp_tvalid;
    wire a_rsp_tready, b_rsp_tready;

    // port c only stores: its answers are never there
    /* verilator lint_off UNUSEDSIGNAL */
    wire [64:0] c_unanswered;
    /* verilator lint_on UNUSEDSIGNAL */

`ifdef SLUICE_DEVMEM_CHECK
    localparam DEVMEM_CHECK = 1;
`else
    localparam DEVMEM_CHECK = 0;
`endif
    sluice_devmem #(.NPORTS(3), .AW(32), .BYTES(4096), .TAGW(16), .RSP_DEPTH(5),
                    .CHECK(DEVMEM_CHECK)) u_devmem (
        .clk(clk),
        .rst(rst),
        .req_tdata({STORE_C, c_addr_reg, 32'd0, c_data_reg,
                    LOAD_B, b_addr_reg, 64'd0,
                    LOAD_A, a_addr_reg, 64'd0}),
        .req_tvalid({c_valid_reg, b_valid_reg, a_valid_reg}),
        .req_tready({c_ready, b_ready, a_ready}),
        .rsp_tdata({c_unanswered[63:0], b_rsp_tdata, a_rsp_tdata}),
        .rsp_tvalid({c_unanswered[64], b_rsp_tvalid, a_rsp_tvalid}),
        .rsp_tready({1'b1, b_rsp_tready, a_rsp_tready}),
        .host_cmd_tdata(cmd_tdata),
        .host_cmd_tvalid(cmd_tvalid),
        .host_cmd_tready(cmd_tready),
        .host_data_tdata(data_tdata),
        .host_data_tvalid(data_tvalid),
        .host_data_tready(data_tready)
    );

    // ---- the engine ----

    reg busy_reg = 1'b0;
    reg done_reg = 1'b0;
    reg [31:0] a_left_reg;              // loads of a to be taken, the one offered included
    reg [2:0] ahead_reg;                // loads of a taken whose b is not
    reg [2:0] b_out_reg;                // loads of b taken whose answer is not
    reg c_last_reg;                     // the store offered is the last

    wire go = vadd_start && !busy_reg;
    wire none = vadd_arg_n == 32'd0;
    wire a_take = a_valid_reg && a_ready;
    wire b_take = b_valid_reg && b_ready;
    wire c_take = c_valid_reg && c_ready;
    // an element's two answers, taken together into the store register
    // when it is empty (not also when it is being emptied: the readies of
    // the answers' FIFOs drive their write enables, so they are kept to one
    // LUT of registers, and an element's store is offered again by the time
    // the memory's round comes back to port c)
    wire pair = a_rsp_tvalid && b_rsp_tvalid && !c_valid_reg;

    // b follows a: it offers b[i] once a[i] is taken, so a alone counts the
    // elements.  a runs ahead of b by at most RSP_DEPTH (5) loads, since a's
    // answers wait for b's and the memory takes a load only while its port
    // has room for the answer; likewise b's answers in flight: 3 bits each.
    wire [2:0] ahead_next = ahead_reg + {2'd0, a_take} - {2'd0, b_take};

    assign a_rsp_tready = pair;
    assign b_rsp_tready = pair;
    assign vadd_busy = busy_reg;
    assign vadd_done = done_reg;

    always @(posedge clk) begin
        done_reg <= c_take && c_last_reg;
        if (done_reg) begin
            busy_reg <= 1'b0;
        end

        if (a_take) begin
            a_addr_reg <= a_addr_reg + 32'd4;
            a_left_reg <= a_left_reg - 32'd1;
            a_valid_reg <= a_left_reg != 32'd1;
        end
        ahead_reg <= ahead_next;
        b_valid_reg <= ahead_next != 3'd0;
        if (b_take) begin
            b_addr_reg <= b_addr_reg + 32'd4;
        end
        b_out_reg <= b_out_reg + {2'd0, b_take} - {2'd0, pair};
        if (c_take) begin
            c_addr_reg <= c_addr_reg + 32'd4;
            c_valid_reg <= 1'b0;
        end
        if (pair) begin
            c_data_reg <= a_rsp_tdata[31:0] + b_rsp_tdata[31:0];
            c_valid_reg <= 1'b1;
            // every load issued, and this is the last answer
            c_last_reg <= !a_valid_reg && !b_valid_reg && b_out_reg == 3'd1;
        end

        if (go) begin
            busy_reg <= 1'b1;
            done_reg <= none;
            a_addr_reg <= vadd_arg_a[31:0];
            b_addr_reg <= vadd_arg_b[31:0];
            c_addr_reg <= vadd_arg_c[31:0];
            a_left_reg <= vadd_arg_n;
            a_valid_reg <= !none;
        end

        if (rst) begin
            busy_reg <= 1'b0;
            done_reg <= 1'b0;
            a_valid_reg <= 1'b0;
            ahead_reg <= 3'd0;
            b_valid_reg <= 1'b0;
            b_out_reg <= 3'd0;
            c_valid_reg <= 1'b0;
        end
    end

endmodule

`resetall
