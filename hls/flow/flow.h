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

/* The design's clock on the board (pll.c): the oscillator's, or the
 * output of the family's PLL with its settings, the primitive's parameters
 * by name (iCE40 SB_PLL40_CORE: DIVR, DIVF, DIVQ, FILTER_RANGE; ECP5
 * EHXPLLL: CLKI_DIV, CLKFB_DIV, CLKOP_DIV, CLKOP_CPHASE; Gowin rPLL:
 * IDIV_SEL, FBDIV_SEL, ODIV_SEL). */
struct flow_clock {
	double mhz;
	bool pll;
	double pfd_mhz, vco_mhz;
	struct {
		const char *name;
		unsigned value;
	} params[4];
	unsigned nparams;
	bool pll_pad;		/* iCE40: the oscillator's pin is the PLL's input
				   pad: SB_PLL40_PAD (flow_build finds it out) */
};

/* Plans a clock of `mhz` (<= 0 or the oscillator's: the oscillator) on
 * board b; 0, or -1 after an error (a clock the PLL cannot make within 1
 * percent: the message gives the nearest). */
int flow_clock_plan(struct hls_ctx *ctx, const struct board *b, double mhz,
		    struct flow_clock *c);

/* "DIVR 0, DIVF 47, ..." of a PLL clock, in ctx's arena. */
const char *flow_clock_settings(struct hls_ctx *ctx, const struct flow_clock *c);

/* The value of the PLL setting `name` of c (0 if it has none). */
unsigned flow_clock_param(const struct flow_clock *c, const char *name);

struct flow_opts {
	const struct board *board;
	const struct flow_clock *clock;
	const char *home;	  /* sluice_home(): rtl/ and build/venv-fpga */
	const char *dir;	  /* the module directory; rtl/ holds the design */
	const struct ir_program *p;
	const struct rtl_files *files;
	bool allow_slow;	  /* a design below the board clock is a warning */
	bool quiet;
	unsigned seed;		  /* nextpnr's --seed */
};

/* The UART's clocks per bit on this board at a design clock of mhz, or 0
 * after an error when that clock cannot make its baud rate within 2
 * percent. */
unsigned flow_uart_div(struct hls_ctx *ctx, const struct board *b, double mhz);

/* The host link's retransmission timeout (the bridge's RETX_TIMEOUT) for
 * the board's link at a design clock of mhz: long enough for a full frame
 * each way. */
unsigned flow_retx_timeout(const struct board *b, double mhz);

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

/* The LEDs the board top drives: the board's first four at most
 * (heartbeat, link activity, line errors, kernels busy). */
unsigned board_top_leds(const struct board *b);

#endif /* SLUICE_FLOW_H */
