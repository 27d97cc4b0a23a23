/*
 * flow.h -- from a module's Verilog to a bitstream for a board: the board
 * top level, the constraints, Yosys, nextpnr and the family's packer, and
 * what they report, into the module.
 */
#ifndef SLUICE_FLOW_H
#define SLUICE_FLOW_H

#include "../ir/ir.h"
#include "../rtlgen/rtlgen.h"
#include "board.h"

#include <stdbool.h>

struct flow_opts {
	const struct board *board;
	const char *home;	  /* sluice_home(): rtl/ and build/venv-fpga */
	const char *dir;	  /* the module directory; rtl/ holds the design */
	const struct ir_program *p;
	const struct rtl_files *files;
	bool allow_slow;	  /* a design below the board clock is a warning */
	bool quiet;
	unsigned seed;		  /* nextpnr's --seed */
};

/* The UART's clocks per bit on this board, or 0 after an error when the
 * board clock cannot make its baud rate within 2 percent. */
unsigned flow_uart_div(struct hls_ctx *ctx, const struct board *b);

/* The host link's retransmission timeout (the bridge's RETX_TIMEOUT) for
 * the board's link: long enough for a full frame each way. */
unsigned flow_retx_timeout(const struct board *b);

/* Fits the design to the board before it is scheduled: each I/O pipe,
 * which has no pins on a board, becomes a host pipe of the same name and
 * direction (MinCapacity at least 32), with a note at its declaration.
 * 0, or -1 after an error (a board whose host link has no PHY yet, I/O
 * pipes on a board without a host link). */
int flow_check_design(struct hls_ctx *ctx, struct ir_program *p, const struct board *b);

/* Writes DIR/rtl/sluice_board.v and the constraints into DIR/board/,
 * runs synthesis, place and route and the packer with their logs in
 * DIR/board/, and adds to DIR/manifest.json the bitstream image
 * ("images": {BOARD: ...}) and "reports": {"implementation": ...}; the
 * same in words is appended to DIR/report.txt.  Returns 0, or -1 after an
 * error (a missing tool names its package; a design too large for the
 * device names the resource; a design below the board clock unless
 * allow_slow; a failing tool names its log and quotes its end). */
int flow_build(struct hls_ctx *ctx, const struct flow_opts *o);

/* board_top.c: the board top level `sluice_board` around sluice_top (the
 * oscillator's clock, a power-on reset and the reset button, the UART
 * PHY on the host link, LEDs).  *units gets the rtl/ library files it
 * instantiates. */
int board_top_write(struct hls_ctx *ctx, const struct flow_opts *o, const char *path,
		    const char ***units, unsigned *nunits);

#endif /* SLUICE_FLOW_H */
