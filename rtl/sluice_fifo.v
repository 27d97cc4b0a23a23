/*

sluice: hand-written RTL library

*/

// Language: Verilog 2005

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Synchronous FIFO: the buffer behind every sluice pipe
 *
 * Parameters:
 *
 *   WIDTH          word width in bits, >= 1
 *   DEPTH          capacity in words, >= 1
 *   RAM_MIN_DEPTH  smallest DEPTH kept in an inferred block RAM (>= 4,
 *                  default 32); shallower FIFOs are built from flip-flops.
 *                  Measured with Yosys 0.23 synth_ice40: in flip-flops
 *                  16x32 takes 528 FFs and 417 LUTs, 31x32 1010 FFs and
 *                  865 LUTs; in block RAM 32x32 takes 2 SB_RAM40_4K, 53 FFs
 *                  and 49 LUTs, 512x32 4 SB_RAM40_4K, 65 FFs and 66 LUTs.
 *                  A generator short of block RAMs, or with narrow words,
 *                  can raise the threshold.
 *
 * Protocol: AXI4-Stream style ready/valid on both sides.  A word moves on
 * s_axis in a cycle where s_axis_tvalid and s_axis_tready are both high,
 * and on m_axis in a cycle where m_axis_tvalid and m_axis_tready are both
 * high.  Once m_axis_tvalid is high it stays high, with m_axis_tdata
 * unchanged, until the word is taken.
 *
 * Capacity: the FIFO holds exactly DEPTH words.  s_axis_tready is high
 * exactly when count < DEPTH, so with no reader DEPTH writes in a row are
 * accepted and the next one is back-pressured.
 *
 * Isolation: s_axis_tready, m_axis_tvalid, m_axis_tdata and count are
 * driven straight from registers.  Nothing on one side depends
 * combinationally on the other, so any chain of kernels and FIFOs is free
 * of combinational loops.  READY_THROUGH = 1 (DEPTH = 1 only) gives that up
 * for s_axis_tready, which is (!m_axis_tvalid || m_axis_tready) && !rst:
 * half the flip-flops and none of the multiplexers of DEPTH = 2, for a
 * generator that knows no loop of readies goes through it (hls/rtlgen's
 * fifo_size.c).  Then s_axis_tready is also high during reset.
 *
 * Throughput and latency (from the s_axis handshake of a word into an
 * empty FIFO to its m_axis_tvalid):
 *
 *   DEPTH = 1                     a single register: one word every two
 *                                 cycles (s_axis_tready is low while the
 *                                 word is held); latency 1
 *   DEPTH = 1, READY_THROUGH = 1  a register slice: the register takes a
 *                                 word in the cycle its word is taken, so
 *                                 one word per cycle; latency 1; but
 *                                 s_axis_tready depends on m_axis_tready
 *                                 (see Isolation)
 *   2 <= DEPTH < RAM_MIN_DEPTH    DEPTH-1 flip-flop words plus the output
 *                                 register; one word per cycle; latency 1
 *   DEPTH >= RAM_MIN_DEPTH        block RAM of 2**clog2(DEPTH) words
 *                                 (synchronous write, registered
 *                                 synchronous read, so Yosys maps it to
 *                                 SB_RAM40_4K on iCE40) followed by the
 *                                 read-data register and the output
 *                                 register; one word per cycle; latency 3
 *
 * Reset: rst is synchronous and active high; it empties the FIFO.
 * s_axis_tready is low during reset and in the first cycle after it.
 */
module sluice_fifo #
(
    parameter WIDTH = 32,
    parameter DEPTH = 2,
    parameter RAM_MIN_DEPTH = 32,
    parameter READY_THROUGH = 0
)
(
    input  wire                         clk,
    input  wire                         rst,

    /*
     * Input stream
     */
    input  wire [WIDTH-1:0]             s_axis_tdata,
    input  wire                         s_axis_tvalid,
    output wire                         s_axis_tready,

    /*
     * Output stream
     */
    output wire [WIDTH-1:0]             m_axis_tdata,
    output wire                         m_axis_tvalid,
    input  wire                         m_axis_tready,

    /*
     * Status: number of words held, 0 to DEPTH
     */
    output wire [$clog2(DEPTH+1)-1:0]   count
);

localparam COUNT_WIDTH = $clog2(DEPTH+1);
localparam [COUNT_WIDTH-1:0] COUNT_FULL = DEPTH[COUNT_WIDTH-1:0];

// check configuration
initial begin
    if (WIDTH < 1) begin
        $error("Error: WIDTH must be at least 1 (instance %m)");
        $finish;
    end

    if (DEPTH < 1) begin
        $error("Error: DEPTH must be at least 1 (instance %m)");
        $finish;
    end

    if (READY_THROUGH != 0 && DEPTH != 1) begin
        $error("Error: READY_THROUGH needs DEPTH 1 (instance %m)");
        $finish;
    end

    // the block-RAM FIFO has 3 words in flight when streaming
    if (RAM_MIN_DEPTH < 4) begin
        $error("Error: RAM_MIN_DEPTH must be at least 4 (instance %m)");
        $finish;
    end
end

reg [COUNT_WIDTH-1:0] count_reg = {COUNT_WIDTH{1'b0}}, count_next;
reg s_axis_tready_reg = 1'b0;

reg [WIDTH-1:0] m_axis_tdata_reg = {WIDTH{1'b0}};
reg m_axis_tvalid_reg = 1'b0, m_axis_tvalid_next;

// the output register is free for a new word this cycle
wire out_free = !m_axis_tvalid_reg || m_axis_tready;

assign s_axis_tready = READY_THROUGH != 0 ? out_free && !rst : s_axis_tready_reg;
assign m_axis_tdata = m_axis_tdata_reg;
assign m_axis_tvalid = m_axis_tvalid_reg;
assign count = count_reg;

// handshakes
wire s_fire = s_axis_tvalid && s_axis_tready;
wire m_fire = m_axis_tvalid_reg && m_axis_tready;

// s_axis_tready of the next cycle, count_next != DEPTH, without the adder:
// a word out always leaves room (a word in at the same time needs room
// now); otherwise a word in fills the FIFO if one place was left.
// m_axis_tready, often a long path from the reader, meets it in one LUT.
localparam [COUNT_WIDTH-1:0] COUNT_ONE_LEFT = COUNT_FULL - 1'b1;
wire one_left = count_reg == COUNT_ONE_LEFT;
wire full = count_reg == COUNT_FULL;
wire s_axis_tready_next = m_fire || (s_fire ? !one_left : !full);

always @* begin
    count_next = count_reg;

    if (s_fire && !m_fire) begin
        count_next = count_reg + 1'b1;
    end else if (m_fire && !s_fire) begin
        count_next = count_reg - 1'b1;
    end
end

always @(posedge clk) begin
    count_reg <= count_next;
    s_axis_tready_reg <= s_axis_tready_next;
    m_axis_tvalid_reg <= m_axis_tvalid_next;

    if (rst) begin
        count_reg <= {COUNT_WIDTH{1'b0}};
        s_axis_tready_reg <= 1'b0;
        m_axis_tvalid_reg <= 1'b0;
    end
end

generate

if (DEPTH == 1) begin : single

    // the output register is the whole FIFO; s_axis_tready is low while
    // it is full and its word is not taken, so s_fire implies out_free
    always @* begin
        m_axis_tvalid_next = m_axis_tvalid_reg;

        if (out_free) begin
            m_axis_tvalid_next = s_fire;
        end
    end

    always @(posedge clk) begin
        if (s_fire) begin
            m_axis_tdata_reg <= s_axis_tdata;
        end
    end

end else if (DEPTH < RAM_MIN_DEPTH) begin : regs

    // DEPTH-1 words of flip-flops behind the output register.  Invariant:
    // the array is empty whenever the output register is, so a word
    // arriving at an empty FIFO goes straight to the output register and
    // the array never holds more than DEPTH-1 words.
    localparam MEM_SIZE = DEPTH - 1;
    localparam PTR_WIDTH = MEM_SIZE > 1 ? $clog2(MEM_SIZE) : 1;
    localparam MEM_LAST = MEM_SIZE - 1;
    localparam [PTR_WIDTH-1:0] PTR_LAST = MEM_LAST[PTR_WIDTH-1:0];

    reg [WIDTH-1:0] mem[0:MEM_SIZE-1];

    reg [PTR_WIDTH-1:0] wr_ptr_reg = {PTR_WIDTH{1'b0}};
    reg [PTR_WIDTH-1:0] rd_ptr_reg = {PTR_WIDTH{1'b0}};

    // the array is empty: count == m_axis_tvalid, kept in a register so
    // that the write enables are a short path; it holds exactly one word
    // when count == m_axis_tvalid + 1 (mem_one, from registers), so its
    // next value is a mux of registers by the handshakes
    reg mem_empty_reg = 1'b1;
    wire mem_empty = mem_empty_reg;
    wire mem_one = count_reg == {{(COUNT_WIDTH-1){1'b0}}, m_axis_tvalid_reg} + 1'b1;

    wire out_load_mem = out_free && !mem_empty;
    wire out_load_in = out_free && mem_empty && s_fire;
    wire mem_write = s_fire && !out_load_in;

    always @* begin
        m_axis_tvalid_next = m_axis_tvalid_reg;

        if (out_free) begin
            m_axis_tvalid_next = !mem_empty || s_fire;
        end
    end

    always @(posedge clk) begin
        if (mem_write) begin
            mem_empty_reg <= 1'b0;
        end else if (out_load_mem) begin
            mem_empty_reg <= mem_one;
        end

        if (mem_write) begin
            mem[wr_ptr_reg] <= s_axis_tdata;
            wr_ptr_reg <= wr_ptr_reg == PTR_LAST ? {PTR_WIDTH{1'b0}} : wr_ptr_reg + 1'b1;
        end

        if (out_load_mem) begin
            m_axis_tdata_reg <= mem[rd_ptr_reg];
            rd_ptr_reg <= rd_ptr_reg == PTR_LAST ? {PTR_WIDTH{1'b0}} : rd_ptr_reg + 1'b1;
        end else if (out_load_in) begin
            m_axis_tdata_reg <= s_axis_tdata;
        end

        if (rst) begin
            mem_empty_reg <= 1'b1;
            wr_ptr_reg <= {PTR_WIDTH{1'b0}};
            rd_ptr_reg <= {PTR_WIDTH{1'b0}};
        end
    end

end else begin : ram

    // Block RAM, then the read-data register (rd_*), then the output
    // register.  A read is issued when the RAM holds a word and the
    // read-data register will be free.  The RAM is never read and written
    // at the same address in one cycle: that needs it holding 0 words (no
    // read) or 2**ADDR_WIDTH >= DEPTH words (FIFO full, no write).
    localparam ADDR_WIDTH = $clog2(DEPTH);

    (* no_rw_check *)
    reg [WIDTH-1:0] mem[0:(2**ADDR_WIDTH)-1];

    reg [ADDR_WIDTH:0] wr_ptr_reg = {ADDR_WIDTH+1{1'b0}};
    reg [ADDR_WIDTH:0] rd_ptr_reg = {ADDR_WIDTH+1{1'b0}};

    reg [WIDTH-1:0] rd_data_reg;
    reg rd_valid_reg = 1'b0;

    // the RAM holds no word (wr_ptr == rd_ptr), kept in a register so that
    // the read enable and the pointers behind it are a short path (the
    // pointer compare was the critical path of host-pipe designs); the
    // pointers move by one, so it is next empty after a read without a
    // write exactly when the RAM held one word
    reg mem_empty_reg = 1'b1;
    wire mem_empty = mem_empty_reg;
    wire mem_one = wr_ptr_reg == rd_ptr_reg + 1'b1;
    wire rd_free = !rd_valid_reg || out_free;
    wire mem_read = !mem_empty && rd_free;

    always @* begin
        m_axis_tvalid_next = m_axis_tvalid_reg;

        if (out_free) begin
            m_axis_tvalid_next = rd_valid_reg;
        end
    end

    always @(posedge clk) begin
        if (s_fire) begin
            mem[wr_ptr_reg[ADDR_WIDTH-1:0]] <= s_axis_tdata;
        end
    end

    always @(posedge clk) begin
        if (mem_read) begin
            rd_data_reg <= mem[rd_ptr_reg[ADDR_WIDTH-1:0]];
        end
    end

    always @(posedge clk) begin
        if (s_fire) begin
            wr_ptr_reg <= wr_ptr_reg + 1'b1;
        end

        if (mem_read) begin
            rd_ptr_reg <= rd_ptr_reg + 1'b1;
        end

        if (s_fire) begin
            mem_empty_reg <= 1'b0;
        end else if (mem_read) begin
            mem_empty_reg <= mem_one;
        end

        if (rd_free) begin
            rd_valid_reg <= mem_read;
        end

        if (out_free && rd_valid_reg) begin
            m_axis_tdata_reg <= rd_data_reg;
        end

        if (rst) begin
            wr_ptr_reg <= {ADDR_WIDTH+1{1'b0}};
            rd_ptr_reg <= {ADDR_WIDTH+1{1'b0}};
            mem_empty_reg <= 1'b1;
            rd_valid_reg <= 1'b0;
        end
    end

end

endgenerate

endmodule

`resetall
