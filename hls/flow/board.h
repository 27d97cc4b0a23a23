/*
 * board.h -- board descriptions (boards/NAME.board) and the constraint
 * files made from them.
 *
 * A board file is plain text: one `key = value` a line, `#` to the end of
 * a line is a comment, blank lines are ignored.  The keys:
 *
 *   title, part            free text: "iCEBreaker v1.0e", "iCE40UP5K-SG48"
 *   family                 ice40, ecp5 or gowin
 *   device                 nextpnr's device option without its dashes: ice40
 *                          up5k, hx1k, ...; ecp5 25k, 85k, um5g-85k, ...;
 *                          gowin the full part, GW1NR-LV9QN88PC6/I5
 *   package                nextpnr's --package (sg48, CABGA381); gowin: optional
 *   gowin.family           gowin only: nextpnr-himbaechel's --vopt family=
 *   speed                  ecp5 only, optional: the speed grade (6, 7, 8)
 *   clock.pin, clock.mhz   the oscillator's pin and frequency
 *   link                   none, uart, ft245, ft601 or pcie
 *   uart.rx, uart.tx       link uart: the FPGA pin that receives from the
 *                          host (the USB-serial chip's TXD) and the one that
 *                          sends; uart.baud: the rate the link runs at
 *   ft245.clk, ft245.data, link ft245 (an FTDI FT232H or FT2232H channel A in
 *   ft245.rxf, ft245.txe,  synchronous FIFO mode): the FPGA pins of the
 *   ft245.rd, ft245.wr,    chip's CLKOUT (60 MHz), of D0..D7 (ft245.data:
 *   ft245.oe, ft245.siwu   eight pins, D0 first), and of RXF#, TXE#, RD#,
 *                          WR#, OE# and SIWU# (optional: without it the
 *                          chip's SIWU# must be tied high on the board)
 *   led.N                  optional, N = 0, 1, ...: the user LEDs in order;
 *                          led.active_low (yes/no) with them, and
 *                          led.io_standard if they differ from io_standard
 *   reset.pin              optional: a button that resets the design, with
 *                          reset.active_low; optional reset.pull (up, down,
 *                          none) and reset.io_standard
 *   tie.N                  optional, N = 0, 1, ...: "PIN high" or "PIN low",
 *                          a pin the design must hold (a flash's select that
 *                          shares the host link's pins)
 *   io_standard            ecp5, gowin: the pins' I/O type (LVCMOS33, ...);
 *                          optional for ice40
 *   programmer             openFPGALoader's board name (-b); programmer.cable
 *                          optionally its cable (-c) when the board's default
 *                          is not the board's chip
 *   note                   optional: one line a user must know (a jumper)
 *
 * Unknown keys, a key given twice, a missing required key and a bad value
 * are errors that name the file (and line); every error of a file is
 * reported before board_load fails.  Pins are the package's pin names
 * (35, G2); one pin serves one purpose.
 *
 * The board top level (the other side of board_write_constraints) has the
 * ports clk, uart_rx and uart_tx (link uart), ft_clk, ft_data[7:0],
 * ft_rxf_n, ft_txe_n, ft_rd_n, ft_wr_n, ft_oe_n and ft_siwu_n (link
 * ft245), led0..led{n-1}, rst_btn (reset.pin) and tie0..tie{t-1} (outputs
 * held at ties[i].high).
 */
#ifndef SLUICE_BOARD_H
#define SLUICE_BOARD_H

#include "../ir/ir.h"

#include <stdbool.h>
#include <stdio.h>

enum board_link { BOARD_LINK_NONE, BOARD_LINK_UART, BOARD_LINK_FT245, BOARD_LINK_FT601, BOARD_LINK_PCIE };

/* reset.pull: DEFAULT when the file does not say (the family's default). */
enum board_pull { BOARD_PULL_DEFAULT, BOARD_PULL_NONE, BOARD_PULL_UP, BOARD_PULL_DOWN };

struct board_pin {
	const char *pin; /* the package's name of the pin; NULL when absent */
	unsigned line;	 /* its line in the board file */
};

struct board_tie {
	struct board_pin pin;
	bool high;
};

struct board {
	const char *name;	  /* "icebreaker": the file's name without .board */
	const char *path;	  /* the file read */
	const char *title, *part;
	const char *device;	  /* nextpnr's device option without "--" */
	const char *package;	  /* NULL for a gowin board that gives none */
	const char *gowin_family; /* gowin only, else NULL */
	const char *io_standard;  /* NULL for an ice40 board that gives none */
	const char *programmer;	  /* openFPGALoader -b */
	const char *programmer_cable; /* openFPGALoader -c, or NULL */
	const char *note;	  /* or NULL */
	unsigned speed;		  /* ecp5 speed grade; 0: nextpnr's default */
	enum hls_target family;	  /* TARGET_ICE40, TARGET_ECP5, TARGET_GOWIN */
	double clock_mhz;
	struct board_pin clock;
	enum board_link link;
	struct board_pin uart_rx, uart_tx; /* link uart */
	unsigned long uart_baud;
	/* link ft245: CLKOUT, D0..D7, RXF#, TXE#, RD#, WR#, OE#, SIWU# (its
	 * pin NULL when the board ties it) */
	struct board_pin ft_clk, ft_data[8], ft_rxf, ft_txe, ft_rd, ft_wr, ft_oe, ft_siwu;
	struct board_pin *leds;
	unsigned nleds;
	bool led_active_low;
	const char *led_io_standard;   /* io_standard unless the file says */
	struct board_pin reset;
	bool has_reset, reset_active_low;
	enum board_pull reset_pull;
	const char *reset_io_standard; /* io_standard unless the file says */
	struct board_tie *ties;
	unsigned nties;
};

/* Reads boards/NAME.board under `home`, or the file name_or_path when it
 * contains '/' or ends in ".board".  Everything is allocated from ctx's
 * arena.  Returns 0 and fills *b; or -1 after reporting through ctx->diag
 * (stderr unless redirected) "FILE:LINE:COL: error: ..." for each error in
 * the file, "FILE: error: missing key 'K'" for a missing key, or
 * "sluice: error: unknown board 'x' (known: a, b, c)". */
int board_load(struct hls_ctx *ctx, const char *home, const char *name_or_path, struct board *b);

/* The names of home/boards/ *.board, sorted, in *names (ctx's arena);
 * returns their count (0 when there is no such folder). */
unsigned board_list(struct hls_ctx *ctx, const char *home, const char ***names);

/* Writes the family's constraint file for the board top level (above) with
 * its first nleds LEDs: ice40 PCF (set_io, set_frequency), ecp5 LPF
 * (LOCATE COMP, IOBUF PORT with IO_TYPE, FREQUENCY PORT "clk"), gowin CST
 * (IO_LOC, IO_PORT with IO_TYPE).  The CST carries no clock: the CST reader
 * of nextpnr-himbaechel knows no frequency, so the flow passes the board's
 * clock as --freq (board_nextpnr_args does).  Returns 0; -1 with a message
 * on stderr when nleds > b->nleds or the write fails. */
int board_write_constraints(const struct board *b, unsigned nleds, FILE *f);

/* "pcf", "lpf" or "cst". */
const char *board_constraints_ext(const struct board *b);

/* nextpnr's options for the board's part and clock, NULL-terminated, in
 * *argv (ctx's arena): "--up5k --package sg48 --freq 12" for nextpnr-ice40,
 * "--85k --package CABGA381 --speed 6 --freq 25" for nextpnr-ecp5,
 * "--device GW1NR-LV9QN88PC6/I5 --vopt family=GW1N-9C --freq 27" for
 * nextpnr-himbaechel.  The constraint file's option is the caller's.
 * Returns the count. */
unsigned board_nextpnr_args(struct hls_ctx *ctx, const struct board *b, const char ***argv);

/* "none", "uart", "ft245", "ft601", "pcie" (the family's name is
 * hls_target_name's). */
const char *board_link_name(enum board_link link);

/* The FT245 synchronous FIFO's clock, the chip's CLKOUT: 60 MHz (FTDI's
 * DS_FT232H and DS_FT2232H). */
#define BOARD_FT245_MHZ 60.0
/* The bytes per beat of the bridge behind the FT245 PHY
 * (rtl/sluice_ft245_phy.v LINK_W; the image's link_beat). */
#define BOARD_FT245_BEAT 8

#endif
