/*
 * rtlgen.h -- the Verilog back end.
 *
 * Takes the IR and nothing of scheduling but the hls_schedule struct, and
 * writes one module per kernel (kernel_<name>.v) and the top level
 * (sluice_top.v) into a directory.  The library modules of rtl/ that the
 * design instantiates (sluice_fifo, sluice_div) are listed in the returned
 * file list but copied by the caller.
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
};

/* Chooses each pipe's FIFO depth (pipe->depth >= min_capacity), writes the
 * Verilog into `dir` (which exists).  Returns 0, or -1 after reporting an
 * error (I/O failure, unsupported construct). */
int rtlgen_program(struct hls_ctx *ctx, struct ir_program *p,
		   const struct hls_schedule *s, const char *dir,
		   struct rtl_files *out);

#endif /* SLUICE_RTLGEN_H */
