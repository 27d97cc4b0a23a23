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
 *   NPORTS     kernel ports, >= 1
 *   AW         byte-address bits used, 4..32; the RAM holds 2**(AW-3)
 *              words unless BYTES says fewer
 *   BYTES      bytes of RAM, a multiple of 8, <= 2**AW (0: 2**AW)
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
 * Host commands (64-bit words on host_cmd, the first word a header:
 * [63:56] op, [55:32] n, [31:0] address):
 *
 *   1 WRITE   n data words follow; each is written whole at address,
 *             address + 8, ... (address a multiple of 8)
 *   2 READ    n words read from address, address + 8, ... are sent on
 *             host_data in order (address a multiple of 8)
 *   3 ALLOC   table entry n (< ALLOCS) becomes [address, address + L)
 *             where L is the next word's low 32 bits; L = 0 frees it
 *             (ignored, the word consumed all the same, when CHECK = 0)
 *   4 STATUS  one word is sent on host_data: the first fault since
 *             reset, {1'b1, 7'd0, port[7:0], tag[15:0], address[31:0]}
 *             (port NPORTS: the host's), or 0 when there was none
 *
 * An unknown op is skipped as a header without data.  Host accesses fault
 * only past BYTES (the runtime checks them against its allocations).
 *
 * A faulting access does not touch the RAM; a faulting load is answered
 * with zeros.  The first fault is kept for STATUS, and from then on the
 * faulting kernel port accepts no request (its kernel stalls at its next
 * access, which the runtime reports with the fault).  Reset clears the
 * faults, the frozen ports and the table.
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

endmodule

`resetall
