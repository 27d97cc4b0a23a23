/*
 * board_top.c -- the board top level, `sluice_board`: what a board needs
 * around sluice_top.
 *
 *   clk       the board's oscillator; the design's clock clk_d is it, or
 *             what the PLL makes from it (pll.c; simulators take clk_d
 *             to be the model's clock);
 *   rst       sluice_reset_gen: high from configuration for 16 clocks, and
 *             while the board's reset button (if it has one) is pressed
 *             or the PLL has not locked;
 *   uart_*    the host link's PHY, sluice_uart_rx / sluice_uart_tx at the
 *             board's baud rate (DIV clocks a bit), on the pins of the
 *             board's USB-serial chip; a design with no host link keeps
 *             its transmit pin idle (high);
 *   ft_*      or, on a board with an FTDI chip in synchronous FIFO mode,
 *             sluice_ft245_phy on the chip's bus and clock, and sluice_top
 *             with a link of BOARD_FT245_BEAT-byte beats in plain framing;
 *             the data bus is driven only while the PHY says so, and
 *             sluice_top's link_down is high while the PHY is not ready
 *             (the chip's clock stopped for a millisecond: its host
 *             reopened it, or it is unplugged);
 *   led0      heartbeat: a counter's top bit, toggling every 0.5 to 1 s;
 *   led1      link activity: on for 1/20 s after any byte (beat) either
 *             way;
 *   led2      UART: line errors, on for 1/2 s after a byte with a bad stop
 *             bit or one that came before the last was taken (the link's
 *             CRC and retries recover from both; a lit LED says the line
 *             is poor); FIFO: lit while the chip's clock does not run (the
 *             host has not put it in FIFO mode);
 *   led3      kernels busy: lit while a host-started kernel runs
 *             (sluice_top's kernels_busy);
 *   tieN      pins the board needs held (a flash select that shares the
 *             UART's pins), at the board file's level.
 * LEDs the board lacks are left out; those it has beyond four are not
 * driven (not in the constraints).  Active-low LEDs are inverted here.
 *
 * An I/O pipe has no pins on a board (a board file names none for it), so
 * flow_check_design makes it a host pipe of the same name and direction
 * before the design is scheduled: a host program, or `sluice run`,
 * feeds and drains it through the host link, as a test bench drives its
 * port in simulation.
 */
#include "flow.h"

#include <errno.h>
#include <math.h>

/* The FIFO of an I/O pipe that a board build brings to the host link:
 * room for a few frames of the link's words, as the examples' host pipes. */
#define IO_PIPE_HOST_CAPACITY 32
#include <stdio.h>
#include <string.h>

unsigned flow_uart_div(struct hls_ctx *ctx, const struct board *b, double mhz)
{
	double hz = mhz * 1e6;
	unsigned div = b->uart_baud ? (unsigned)(hz / (double)b->uart_baud + 0.5) : 0;
	double err = div ? fabs(hz / div - (double)b->uart_baud) / (double)b->uart_baud : 1;
	if (div < 4 || err > 0.02) {
		diag_error(&ctx->diag, (struct ir_loc){0},
			   "board '%s' (%s): its %.3f MHz clock cannot make the UART's %lu baud "
			   "(%s): at least 4 clocks a bit, within 2 percent", b->name, b->path,
			   mhz, b->uart_baud,
			   div < 4 ? "too fast for the clock" : "the nearest divider is too far off");
		return 0;
	}
	return div;
}

unsigned flow_retx_timeout(const struct board *b, double mhz)
{
	if (b->link != BOARD_LINK_UART || !b->uart_baud)
		return 0; /* the bridge's default */
	/* a frame of up to 256 bytes each way, at 10 bits a byte */
	double clocks_per_byte = 10.0 * mhz * 1e6 / (double)b->uart_baud;
	double t = 2 * 256 * clocks_per_byte;
	return t < 4096 ? 4096 : t > (1u << 30) ? (1u << 30) : (unsigned)t;
}

int flow_check_design(struct hls_ctx *ctx, struct ir_program *p, const struct board *b)
{
	if (b->link != BOARD_LINK_UART && b->link != BOARD_LINK_FT245 &&
	    b->link != BOARD_LINK_NONE) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "board '%s': its host link is %s, and "
			   "sluice has PHYs for a UART and an FT245 FIFO only", b->name,
			   board_link_name(b->link));
		return -1;
	}
	for (unsigned i = 0; i < p->npipes; i++) {
		struct ir_pipe *pp = p->pipes[i];
		if (pp->kind != PIPE_IO)
			continue;
		if (b->link == BOARD_LINK_NONE) {
			diag_error(&ctx->diag, pp->loc, "I/O pipe '%s' has no pins on board '%s', "
				   "and the board has no host link to carry it", pp->name, b->name);
			continue;
		}
		/* the same pipe, its far end the host instead of a port */
		bool in = pp->dir == DIR_IN;
		pp->kind = PIPE_HOST;
		pp->dir = in ? DIR_H2D : DIR_D2H;
		if (pp->min_capacity < IO_PIPE_HOST_CAPACITY)
			pp->min_capacity = IO_PIPE_HOST_CAPACITY;
		diag_note(&ctx->diag, pp->loc, "I/O pipe '%s' has no pins on board '%s': it becomes "
			  "a host pipe %s the host (MinCapacity %d), reached through the host link",
			  pp->name, b->name, in ? "from" : "to", pp->min_capacity);
	}
	return ctx->diag.errors ? -1 : 0;
}

static unsigned bits_for(double n)
{
	unsigned b = 1;
	while ((double)(1ull << b) <= n && b < 40)
		b++;
	return b;
}

/* The family's PLL primitive, from clk to clk_d with pll_lock (pll.c has
 * its settings). */
static void pll_write(FILE *f, const struct board *b, const struct flow_clock *clk)
{
#define P(name) flow_clock_param(clk, name)
	switch (b->family) {
	case TARGET_ICE40:
		fprintf(f, "    SB_PLL40_%s #(\n"
			   "        .FEEDBACK_PATH(\"SIMPLE\"), .PLLOUT_SELECT(\"GENCLK\"),\n"
			   "        .DIVR(4'd%u), .DIVF(7'd%u), .DIVQ(3'd%u), .FILTER_RANGE(3'd%u)\n"
			   "    ) u_pll (\n"
			   "        .%s(clk), .PLLOUTGLOBAL(clk_d), .LOCK(pll_lock),\n"
			   "        .RESETB(1'b1), .BYPASS(1'b0));\n",
			clk->pll_pad ? "PAD" : "CORE", P("DIVR"), P("DIVF"), P("DIVQ"),
			P("FILTER_RANGE"), clk->pll_pad ? "PACKAGEPIN" : "REFERENCECLK");
		break;
	case TARGET_ECP5:
		/* CLKOP fed back to CLKFB; the frequency attributes tell
		 * nextpnr and Lattice's tools what the PLL makes */
		fprintf(f, "    (* FREQUENCY_PIN_CLKI=\"%g\" *) (* FREQUENCY_PIN_CLKOP=\"%g\" *)\n"
			   "    (* ICP_CURRENT=\"12\" *) (* LPF_RESISTOR=\"8\" *) (* MFG_ENABLE_FILTEROPAMP=\"1\" *)\n"
			   "    (* MFG_GMCREF_SEL=\"2\" *)\n"
			   "    EHXPLLL #(\n"
			   "        .PLLRST_ENA(\"DISABLED\"), .INTFB_WAKE(\"DISABLED\"),\n"
			   "        .STDBY_ENABLE(\"DISABLED\"), .DPHASE_SOURCE(\"DISABLED\"),\n"
			   "        .OUTDIVIDER_MUXA(\"DIVA\"), .CLKOP_ENABLE(\"ENABLED\"),\n"
			   "        .CLKI_DIV(%u), .CLKFB_DIV(%u), .CLKOP_DIV(%u),\n"
			   "        .CLKOP_CPHASE(%u), .CLKOP_FPHASE(0), .FEEDBK_PATH(\"CLKOP\")\n"
			   "    ) u_pll (\n"
			   "        .CLKI(clk), .CLKFB(clk_d), .CLKOP(clk_d), .LOCK(pll_lock),\n"
			   "        .RST(1'b0), .STDBY(1'b0), .PHASESEL0(1'b0), .PHASESEL1(1'b0),\n"
			   "        .PHASEDIR(1'b0), .PHASESTEP(1'b0), .PHASELOADREG(1'b0),\n"
			   "        .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0));\n",
			b->clock_mhz, clk->mhz, P("CLKI_DIV"), P("CLKFB_DIV"), P("CLKOP_DIV"),
			P("CLKOP_CPHASE"));
		break;
	case TARGET_GOWIN:
		fprintf(f, "    rPLL #(\n"
			   "        .FCLKIN(\"%g\"), .DEVICE(\"%s\"),\n"
			   "        .IDIV_SEL(%u), .FBDIV_SEL(%u), .ODIV_SEL(%u),\n"
			   "        .DYN_IDIV_SEL(\"false\"), .DYN_FBDIV_SEL(\"false\"), .DYN_ODIV_SEL(\"false\"),\n"
			   "        .DYN_DA_EN(\"false\"), .PSDA_SEL(\"0000\"), .DUTYDA_SEL(\"1000\"),\n"
			   "        .CLKFB_SEL(\"internal\"), .CLKOUT_BYPASS(\"false\"),\n"
			   "        .CLKOUTP_BYPASS(\"false\"), .CLKOUTD_BYPASS(\"false\"),\n"
			   "        .DYN_SDIV_SEL(2), .CLKOUTD_SRC(\"CLKOUT\"), .CLKOUTD3_SRC(\"CLKOUT\")\n"
			   "    ) u_pll (\n"
			   "        .CLKIN(clk), .CLKOUT(clk_d), .LOCK(pll_lock),\n"
			   "        .CLKOUTP(), .CLKOUTD(), .CLKOUTD3(),\n"
			   "        .RESET(1'b0), .RESET_P(1'b0), .CLKFB(1'b0),\n"
			   "        .FBDSEL(6'd0), .IDSEL(6'd0), .ODSEL(6'd0),\n"
			   "        .PSDA(4'd0), .DUTYDA(4'd0), .FDLY(4'd0));\n",
			b->clock_mhz, b->gowin_family, P("IDIV_SEL"), P("FBDIV_SEL"), P("ODIV_SEL"));
		break;
	default:
		break;
	}
#undef P
}

unsigned board_top_leds(const struct board *b)
{
	return b->nleds < 4 ? b->nleds : 4;
}

int board_top_write(struct hls_ctx *ctx, const struct flow_opts *o, const char *path,
		    const char ***units, unsigned *nunits)
{
	const struct board *b = o->board;
	bool link = o->files->host_link, uart = b->link == BOARD_LINK_UART;
	bool fifo = b->link == BOARD_LINK_FT245;
	unsigned nleds = board_top_leds(b);
	unsigned div = 0;
	if (link && !uart && !fifo) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "board '%s' has no host link (%s), and "
			   "this design is reached through one (host pipes or host-started "
			   "kernels)", b->name, b->path);
		return -1;
	}
	const struct flow_clock *clk = o->clock;
	if (uart && !(div = flow_uart_div(ctx, b, clk->mhz)))
		return -1;
	FILE *f = fopen(path, "w");
	if (!f) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s': %s", path,
			   strerror(errno));
		return -1;
	}
	double hz = clk->mhz * 1e6;
	const char *inv = b->led_active_low ? "~" : "";
	fprintf(f, "// Generated by sluice for board '%s' (%s, %s); do not edit.\n"
		   "//\n"
		   "// sluice_board: sluice_top on the board: clock %.3f MHz %s pin %s, a\n"
		   "// power-on reset%s, %s, LEDs %s.\n"
		   "`default_nettype none\n\n"
		   "module sluice_board (\n"
		   "    input  wire clk",
		b->name, b->title, b->part, clk->mhz, clk->pll ? "from the PLL, from the oscillator on"
		: "from the oscillator on", b->clock.pin,
		b->has_reset ? " and the reset button" : "",
		uart ? arena_printf(&ctx->arena, "the host link on the UART at %lu baud (%u clocks a bit)",
				    b->uart_baud, div)
		: fifo ? arena_printf(&ctx->arena, "the host link on the FT245 FIFO at %g MHz, "
				      "%u-byte beats", BOARD_FT245_MHZ, BOARD_FT245_BEAT)
		: "no host link",
		!nleds ? "none"
		: fifo ? "heartbeat, link activity, FIFO clock stopped, kernels busy (as many as it has)"
		: "heartbeat, link activity, line errors, kernels busy (as many as it has)");
	if (b->has_reset)
		fputs(",\n    input  wire rst_btn", f);
	if (uart)
		fputs(",\n    input  wire uart_rx,\n    output wire uart_tx", f);
	if (fifo)
		fprintf(f, ",\n    input  wire ft_clk,\n    inout  wire [7:0] ft_data,\n"
			   "    input  wire ft_rxf_n,\n    input  wire ft_txe_n,\n"
			   "    output wire ft_rd_n,\n    output wire ft_wr_n,\n    output wire ft_oe_n%s",
			b->ft_siwu.pin ? ",\n    output wire ft_siwu_n" : "");
	for (unsigned i = 0; i < nleds; i++)
		fprintf(f, ",\n    output wire led%u", i);
	for (unsigned i = 0; i < b->nties; i++)
		fprintf(f, ",\n    output wire tie%u", i);
	fputs("\n);\n\n", f);
	for (unsigned i = 0; i < b->nties; i++)
		fprintf(f, "    assign tie%u = 1'b%d; // pin %s, held as the board needs\n", i,
			b->ties[i].high, b->ties[i].pin.pin);
	if (b->nties)
		fputc('\n', f);

	/* the reset button, if any, as a "released" level: the PLL's lock
	 * joins it, so the design waits in reset until the clock is good */
	const char *released = b->has_reset ? (b->reset_active_low ? "rst_btn" : "!rst_btn") : "1'b1";
	if (clk->pll) {
		fprintf(f, "    // the design's clock: %.3f MHz from the PLL (F_PFD %.3f MHz, F_VCO %.3f MHz)\n"
			   "    wire clk_d, pll_lock;\n"
			   "`ifdef SYNTHESIS\n", clk->mhz, clk->pfd_mhz, clk->vco_mhz);
		pll_write(f, b, clk);
		fputs("`else\n"
		      "    // a simulator's clock is the PLL's: the model is stepped at its rate\n"
		      "    assign clk_d = clk;\n"
		      "    assign pll_lock = 1'b1;\n"
		      "`endif\n\n", f);
		released = arena_printf(&ctx->arena, "pll_lock && %s", released);
	} else {
		fputs("    wire clk_d = clk; // the oscillator's\n\n", f);
	}
	bool gated = b->has_reset || clk->pll;
	fprintf(f, "    wire rst;\n"
		   "    sluice_reset_gen #(.CYCLES(16), .HAS_BUTTON(%d), .BUTTON_ACTIVE_LOW(1)) u_reset (\n"
		   "        .clk(clk_d), .btn(%s), .rst(rst));\n\n",
		gated, gated ? released : "1'b1");
	if (link && fifo) {
		unsigned w = 8 * BOARD_FT245_BEAT;
		unsigned down = (unsigned)(clk->mhz * 1000.0 + 0.5);
		fprintf(f, "    // the host link: the FTDI chip's FIFO bus, beats of %u bytes each way\n"
			   "    wire [%u:0] rx_tdata, tx_tdata;\n"
			   "    wire rx_tvalid, rx_tready, tx_tvalid, tx_tready;\n"
			   "    wire [7:0] ft_dout;\n"
			   "    wire ft_doe, phy_ready, kernels_busy;\n"
			   "    assign ft_data = ft_doe ? ft_dout : 8'bz;\n"
			   "    // the link is down after 1 ms without the chip's clock (%u cycles)\n"
			   "    sluice_ft245_phy #(.LINK_W(%u), .DOWN_CYCLES(%u)) u_phy (\n"
			   "        .clk(clk_d), .rst(rst),\n"
			   "        .m_axis_tdata(rx_tdata), .m_axis_tvalid(rx_tvalid), .m_axis_tready(rx_tready),\n"
			   "        .s_axis_tdata(tx_tdata), .s_axis_tvalid(tx_tvalid), .s_axis_tready(tx_tready),\n"
			   "        .ready(phy_ready),\n"
			   "        .ft_clk(ft_clk), .ft_data_in(ft_data), .ft_data_out(ft_dout), .ft_data_oe(ft_doe),\n"
			   "        .ft_rxf_n(ft_rxf_n), .ft_txe_n(ft_txe_n), .ft_rd_n(ft_rd_n), .ft_wr_n(ft_wr_n),\n"
			   "        .ft_oe_n(ft_oe_n), .ft_siwu_n(%s));\n\n"
			   "    sluice_top #(.LINK_W(%u)) u_top (\n"
			   "        .clk(clk_d), .rst(rst),\n"
			   "        .s_axis_link_tdata(rx_tdata), .s_axis_link_tvalid(rx_tvalid),\n"
			   "        .s_axis_link_tready(rx_tready),\n"
			   "        .m_axis_link_tdata(tx_tdata), .m_axis_link_tvalid(tx_tvalid),\n"
			   "        .m_axis_link_tready(tx_tready),\n"
			   "        .kernels_busy(kernels_busy),\n"
			   "        .link_down(!phy_ready));\n\n",
			BOARD_FT245_BEAT, w - 1, down, BOARD_FT245_BEAT, down,
			b->ft_siwu.pin ? "ft_siwu_n" : "", BOARD_FT245_BEAT);
	} else if (link) {
		fprintf(f, "    // the host link: bytes from the host, bytes to the host\n"
			   "    wire [7:0] rx_tdata, tx_tdata;\n"
			   "    wire rx_tvalid, rx_tready, tx_tvalid, tx_tready;\n"
			   "    wire frame_error, overrun, kernels_busy;\n"
			   "    sluice_uart_rx #(.DIV(%u)) u_uart_rx (\n"
			   "        .clk(clk_d), .rst(rst), .rx(uart_rx),\n"
			   "        .m_axis_tdata(rx_tdata), .m_axis_tvalid(rx_tvalid), .m_axis_tready(rx_tready),\n"
			   "        .frame_error(frame_error), .overrun(overrun));\n"
			   "    sluice_uart_tx #(.DIV(%u)) u_uart_tx (\n"
			   "        .clk(clk_d), .rst(rst),\n"
			   "        .s_axis_tdata(tx_tdata), .s_axis_tvalid(tx_tvalid), .s_axis_tready(tx_tready),\n"
			   "        .tx(uart_tx));\n\n"
			   "    sluice_top u_top (\n"
			   "        .clk(clk_d), .rst(rst),\n"
			   "        .s_axis_link_tdata(rx_tdata), .s_axis_link_tvalid(rx_tvalid),\n"
			   "        .s_axis_link_tready(rx_tready),\n"
			   "        .m_axis_link_tdata(tx_tdata), .m_axis_link_tvalid(tx_tvalid),\n"
			   "        .m_axis_link_tready(tx_tready),\n"
			   "        .kernels_busy(kernels_busy),\n"
			   "        .link_down(1'b0)); // a UART cannot tell; the byte link realigns itself\n\n",
			div, div);
	} else {
		fputs("    // no host link: the design runs on its own\n"
		      "    sluice_top u_top (.clk(clk_d), .rst(rst));\n", f);
		if (uart)
			fputs("    assign uart_tx = 1'b1; // idle\n", f);
		if (fifo)
			fprintf(f, "    // the FIFO bus left alone: never driven, never read\n"
				   "    assign ft_data = 8'bz;\n"
				   "    assign ft_rd_n = 1'b1;\n"
				   "    assign ft_wr_n = 1'b1;\n"
				   "    assign ft_oe_n = 1'b1;\n%s",
				b->ft_siwu.pin ? "    assign ft_siwu_n = 1'b1;\n" : "");
		fputc('\n', f);
	}
	if (nleds > 0) {
		unsigned w = bits_for(hz);
		fprintf(f, "    // heartbeat: bit %u of a counter, a period of %.2f s\n"
			   "    reg [%u:0] beat = %u'd0;\n"
			   "    always @(posedge clk_d) beat <= beat + 1'b1;\n"
			   "    assign led0 = %sbeat[%u];\n",
			w - 1, (double)(1ull << w) / hz, w - 1, w, inv, w - 1);
	}
	if (nleds > 1) {
		if (link)
			fprintf(f, "    // a beat either way, registered: the LED's counter is no\n"
				   "    // part of the link's handshakes' paths\n"
				   "    reg link_beat = 1'b0;\n"
				   "    always @(posedge clk_d) link_beat <= (rx_tvalid && rx_tready) ||\n"
				   "                                         (tx_tvalid && tx_tready);\n"
				   "    wire activity;\n"
				   "    sluice_led_pulse #(.HOLD(%u)) u_led_link (.clk(clk_d), .rst(rst),\n"
				   "        .pulse(link_beat), .led(activity));\n"
				   "    assign led1 = %sactivity;\n", (unsigned)(hz / 20), inv);
		else
			fprintf(f, "    assign led1 = %s1'b0; // no host link\n", inv);
	}
	if (nleds > 2) {
		if (link && fifo)
			fprintf(f, "    assign led2 = %s!phy_ready; // the chip's clock does not run\n",
				inv);
		else if (link)
			fprintf(f, "    wire line_error;\n"
				   "    sluice_led_pulse #(.HOLD(%u)) u_led_error (.clk(clk_d), .rst(rst),\n"
				   "        .pulse(frame_error || overrun), .led(line_error));\n"
				   "    assign led2 = %sline_error;\n", (unsigned)(hz / 2), inv);
		else
			fprintf(f, "    assign led2 = %s1'b0; // no host link\n", inv);
	}
	if (nleds > 3 && link)
		fprintf(f, "    assign led3 = %skernels_busy;\n", inv);
	else if (nleds > 3)
		fprintf(f, "    assign led3 = %s1'b0; // no host link\n", inv);
	else if (link)
		fputs("    /* verilator lint_off UNUSEDSIGNAL */\n"
		      "    wire unused_busy = kernels_busy; // no LED for it on this board\n"
		      "    /* verilator lint_on UNUSEDSIGNAL */\n", f);
	if (uart && !link)
		fputs("\n    /* verilator lint_off UNUSEDSIGNAL */\n"
		      "    wire unused_rx = uart_rx;\n"
		      "    /* verilator lint_on UNUSEDSIGNAL */\n", f);
	if (fifo && !link)
		fputs("\n    /* verilator lint_off UNUSEDSIGNAL */\n"
		      "    wire unused_ft = &{1'b0, ft_clk, ft_rxf_n, ft_txe_n};\n"
		      "    /* verilator lint_on UNUSEDSIGNAL */\n", f);
	else if (fifo && nleds < 3)
		fputs("\n    /* verilator lint_off UNUSEDSIGNAL */\n"
		      "    wire unused_ready = phy_ready; // no LED for it on this board\n"
		      "    /* verilator lint_on UNUSEDSIGNAL */\n", f);
	fputs("\nendmodule\n\n`default_nettype wire\n", f);
	if (fclose(f)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", path);
		return -1;
	}
	static const char *const with_uart[] = {"sluice_reset_gen.v", "sluice_uart_rx.v",
						"sluice_uart_tx.v", "sluice_led_pulse.v"};
	static const char *const with_fifo[] = {"sluice_reset_gen.v", "sluice_ft245_phy.v",
						"sluice_async_fifo.v", "sluice_led_pulse.v"};
	*nunits = link ? 3 + (nleds > 1) : 1;
	*units = arena_alloc(&ctx->arena, 4 * sizeof **units);
	for (unsigned i = 0; i < *nunits; i++)
		(*units)[i] = fifo ? with_fifo[i] : with_uart[i];
	return 0;
}
