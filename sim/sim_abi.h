/*
 * sim/sim_abi.h -- the C ABI of a sluice simulator model.
 *
 * A module's "sim" image is a shared library: the design's top level
 * (sluice_top, host bridge inside) verilated with the class name
 * Vsluice_top, plus sim/sim_shim.cpp, which implements this header over it
 * (sim/build-model.sh builds one).  libsluice's sim transport
 * (runtime/device/sim.c) loads it with dlopen and drives it: it clocks the
 * model while the host blocks or polls and moves the host link's bytes.
 *
 * The model's ports: clk, rst (synchronous, active high), and the host
 * link of rtl/sluice_host_bridge.v, beats of W bytes (sim_link_beat; byte
 * k of a beat in bits [8k+7:8k]):
 *   s_axis_link_tdata[8*W-1:0], s_axis_link_tvalid, s_axis_link_tready  (into the design)
 *   m_axis_link_tdata[8*W-1:0], m_axis_link_tvalid, m_axis_link_tready  (out of it)
 * W = 1 is the byte link with its byte framing (runtime/link/proto.h
 * section 2); a wider link carries plain framing on W-byte beats (section
 * 2b), the design's LINK_W.  Any other input port is held at 0.
 *
 * Link bytes pass through two queues inside the shim: sim_link_put appends
 * to the input queue, from which the model takes one beat per cycle in
 * which s_axis_link_tready is high, once the queue holds a whole beat (a
 * caller under plain framing puts whole beats); each beat the model offers
 * is taken (m_axis_link_tready high) while the output queue has room for
 * it, and sim_link_get drains it.  So a caller puts bytes, steps, gets
 * bytes, without caring about handshakes, and nothing is lost: a full
 * output queue back-pressures the model.
 *
 * Every function takes the handle from sim_create; handles are independent
 * (several models may run in one process).  A handle is not thread-safe:
 * one thread at a time (libsluice holds its device lock).  Nothing prints,
 * nothing exits.
 */
#ifndef SLUICE_SIM_ABI_H
#define SLUICE_SIM_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: sim_link_beat, and links of beats wider than a byte */
#define SIM_ABI_VERSION 2

/* Capacity of each link queue, in bytes (a whole number of beats). */
#define SIM_LINK_QUEUE 8192

/* Trace formats a model can write (sim_trace_formats). */
#define SIM_TRACE_FST 0x1
#define SIM_TRACE_VCD 0x2

/* sim_create results */
#define SIM_OK 0
#define SIM_E_TRACE 1      /* the model cannot write that trace format */
#define SIM_E_FAIL 2       /* anything else (out of memory, ...) */
#define SIM_E_TRACE_FILE 3 /* the trace file cannot be created */

struct sim;

/* SIM_ABI_VERSION of the library. */
uint32_t sim_abi_version(void);

/* Bytes per beat of the model's host link, W above: 1 for the byte link
 * (and for a virtual board's UART), else a power of two from 4 to 128. */
uint32_t sim_link_beat(void);

/* Which trace formats the model was built with (SIM_TRACE_* bits). */
uint32_t sim_trace_formats(void);

/* Makes a model instance, holds rst high for 8 cycles and releases it
 * (the cycles count from 0 after that).  trace_path: NULL or "" for no
 * waveform, else a file name ending in .fst or .vcd (one the model was
 * built for).  On failure a message goes into err (errlen bytes,
 * NUL-terminated) and *out is untouched. */
int sim_create(struct sim **out, const char *trace_path, char *err, size_t errlen);

/* Ends the model (runs its final blocks) and closes the trace. */
void sim_destroy(struct sim *s);

/* Runs n clock cycles. */
void sim_step(struct sim *s, uint64_t n);

/* Runs up to n clock cycles, and stops early at what a caller waits for:
 * the first cycle after a burst of output (bytes put into the output queue
 * cycle after cycle: a frame, or frames back to back) ended, or the cycle
 * that took the last whole beat of the input queue (if it held one),
 * whether or not output is coming.  Returns the cycles run (at least 1
 * when n > 0). */
uint64_t sim_run(struct sim *s, uint64_t n);

/* Cycles run since reset was released. */
uint64_t sim_cycles(const struct sim *s);

/* Appends up to n bytes to the input queue; returns how many fit. */
size_t sim_link_put(struct sim *s, const uint8_t *bytes, size_t n);

/* Bytes in the input queue that the model has not taken yet. */
size_t sim_link_pending(const struct sim *s);

/* Takes up to cap bytes from the output queue; returns how many. */
size_t sim_link_get(struct sim *s, uint8_t *bytes, size_t cap);

/* Writes buffered trace data out (also done by sim_destroy). */
void sim_trace_flush(struct sim *s);

#ifdef __cplusplus
}
#endif

#endif
