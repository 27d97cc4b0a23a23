/*
 * rtlgen.h -- the Verilog back end.
 *
 * Takes the IR and nothing of scheduling but the hls_schedule struct, and
 * writes into a directory:
 *   kernel_<name>.v  one FSM+datapath module per kernel;
 *   sluice_core.v    the kernels and their pipe FIFOs, with host pipes and
 *                    kernel control (start/busy/done/arguments) as ports:
 *                    what the test benches drive directly;
 *   sluice_top.v     the design's top level (DESIGN.md section 7): clk,
 *                    rst, the byte-wide host link and the I/O pipes;
 *                    sluice_core behind rtl/sluice_host_bridge.v.
 * The library modules of rtl/ that the design instantiates (sluice_fifo,
 * sluice_div, the bridge and its parts) are listed in the returned file
 * list but copied by the caller.
 */
#ifndef SLUICE_RTLGEN_H
#define SLUICE_RTLGEN_H

#include "../ir/ir.h"
#include "../sched/schedule.h"

struct rtl_files {
	const char **generated; /* file names written into dir */
	unsigned ngenerated;
	const char **library;	/* rtl/ library file names the design needs */
	unsigned nlibrary;
	uint32_t design_id;	/* identity of the design's host interface: the
				   bridge's DESIGN_ID, the manifest's design_id */
	bool host_link;		/* sluice_top has the host link and its bridge;
				   false when the host could reach nothing (no
				   host pipe, started kernel or spec register) */
	/* The host link's numbering, as the bridge in sluice_top has it (the
	 * manifest records it for the runtime): */
	int *link_id;		/* [pipe]: index among the host pipes of its
				   direction; -1 for other pipes */
	int *ctrl;		/* [kernel]: index among started kernels; -1 */
	unsigned **arg_word;	/* [kernel][param]: first 32-bit argument word
				   (started kernels; NULL for autorun) */
};

/* What the host link needs to know of the board (or the simulator). */
struct rtl_opts {
	uint64_t clock_hz;	/* the bridge's CLOCK_HZ register; 0: unknown */
	unsigned retx_timeout;	/* the bridge's RETX_TIMEOUT in cycles */
};

/* Chooses each pipe's FIFO depth (pipe->depth >= min_capacity), writes the
 * Verilog into `dir` (which exists).  Returns 0, or -1 after reporting an
 * error (I/O failure, unsupported construct, a host interface the bridge
 * cannot carry: more than 64 host pipes one way, more than 255 started
 * kernels, host pipe words over 1008 bits to the device or 60 bytes to the
 * host; nothing is written for these).  opts->retx_timeout 0 means 4096. */
int rtlgen_program(struct hls_ctx *ctx, struct ir_program *p,
		   const struct hls_schedule *s, const struct rtl_opts *opts,
		   const char *dir, struct rtl_files *out);

#endif /* SLUICE_RTLGEN_H */
