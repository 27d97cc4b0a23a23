/*
 * boards.c -- `sluice boards [NAME|FILE] [--json] [--constraints]`: the
 * boards sluice knows (boards/ *.board under the sluice home).
 *
 *   (no NAME)      a table: name, part, clock, host link, LEDs, programmer;
 *   NAME or FILE   one board in full, with its file;
 *   --json         the same as JSON, for tools (a list, or one object);
 *   --constraints  NAME's constraint file (PCF, LPF or CST) for the board
 *                  top level, with every LED, on standard output.
 *
 * A board file with an error is reported (file:line) and makes the exit
 * status 1; the table still lists the boards that read well.
 */
#include "driver.h"

#include "../flow/board.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static void boards_usage(FILE *f)
{
	fputs("usage: sluice boards [NAME|FILE.board] [--json] [--constraints]\n"
	      "  (no NAME)      list the boards sluice knows\n"
	      "  NAME           one board in full, with its file\n"
	      "  --json         the same as JSON, for tools\n"
	      "  --constraints  NAME's constraint file (PCF, LPF, CST) for the board\n"
	      "                 top level, on standard output\n",
	      f);
}

static const char *link_text(struct hls_ctx *ctx, const struct board *b)
{
	if (b->link == BOARD_LINK_UART)
		return arena_printf(&ctx->arena, "uart %lu baud", b->uart_baud);
	if (b->link == BOARD_LINK_FT245)
		return arena_printf(&ctx->arena, "ft245 FIFO %g MHz", BOARD_FT245_MHZ);
	return board_link_name(b->link);
}

static const char *pull_name(enum board_pull p)
{
	static const char *const names[] = {"", "no pull", "pull-up", "pull-down"};
	return names[p];
}

static const char *programmer_text(struct hls_ctx *ctx, const struct board *b)
{
	if (b->programmer_cable)
		return arena_printf(&ctx->arena, "%s -c %s", b->programmer, b->programmer_cable);
	return b->programmer;
}

/* ", LVCMOS18" when a group's I/O type is not the board's */
static const char *own_iostd(struct hls_ctx *ctx, const char *iostd, const struct board *b)
{
	if (!iostd || (b->io_standard && !strcmp(iostd, b->io_standard)))
		return "";
	return arena_printf(&ctx->arena, ", %s", iostd);
}

static void print_row(struct hls_ctx *ctx, const struct board *b, int name_w)
{
	printf("%-*s %-20s %7g MHz  %-18s %4u  %s\n", name_w, b->name, b->part, b->clock_mhz,
	       link_text(ctx, b), b->nleds, programmer_text(ctx, b));
}

static void print_full(struct hls_ctx *ctx, const struct board *b)
{
	const char **args;
	unsigned nargs = board_nextpnr_args(ctx, b, &args);
	printf("%s: %s\n", b->name, b->title);
	printf("  file         %s\n", b->path);
	printf("  part         %s (%s, nextpnr", b->part, hls_target_name(b->family));
	for (unsigned i = 0; i < nargs; i++)
		printf(" %s", args[i]);
	printf(")\n");
	printf("  clock        pin %s, %g MHz\n", b->clock.pin, b->clock_mhz);
	if (b->link == BOARD_LINK_UART)
		printf("  host link    uart at %lu baud: rx pin %s, tx pin %s\n", b->uart_baud,
		       b->uart_rx.pin, b->uart_tx.pin);
	else if (b->link == BOARD_LINK_FT245) {
		printf("  host link    ft245 synchronous FIFO at %g MHz: clock pin %s, data pins",
		       BOARD_FT245_MHZ, b->ft_clk.pin);
		for (unsigned i = 0; i < 8; i++)
			printf(" %s", b->ft_data[i].pin);
		printf(" (D0 first),\n               RXF# %s, TXE# %s, RD# %s, WR# %s, OE# %s, "
		       "SIWU# %s\n", b->ft_rxf.pin, b->ft_txe.pin, b->ft_rd.pin, b->ft_wr.pin,
		       b->ft_oe.pin, b->ft_siwu.pin ? b->ft_siwu.pin : "tied high on the board");
	} else
		printf("  host link    %s\n", board_link_name(b->link));
	printf("  LEDs        ");
	for (unsigned i = 0; i < b->nleds; i++)
		printf(" %s", b->leds[i].pin);
	if (b->nleds)
		printf(" (active %s%s)\n", b->led_active_low ? "low" : "high",
		       own_iostd(ctx, b->led_io_standard, b));
	else
		printf(" none\n");
	if (b->has_reset)
		printf("  reset        pin %s (active %s%s%s%s)\n", b->reset.pin,
		       b->reset_active_low ? "low" : "high",
		       b->reset_pull != BOARD_PULL_DEFAULT ? ", " : "", pull_name(b->reset_pull),
		       own_iostd(ctx, b->reset_io_standard, b));
	for (unsigned i = 0; i < b->nties; i++)
		printf("  held         pin %s %s\n", b->ties[i].pin.pin, b->ties[i].high ? "high" : "low");
	if (b->io_standard)
		printf("  I/O type     %s\n", b->io_standard);
	printf("  programmer   openFPGALoader -b %s%s%s\n", b->programmer,
	       b->programmer_cable ? " -c " : "", b->programmer_cable ? b->programmer_cable : "");
	printf("  constraints  %s\n", board_constraints_ext(b));
	if (b->note)
		printf("  note         %s\n", b->note);
}

static json_t *pin_json(const struct board_pin *p)
{
	return p->pin ? json_string(p->pin) : json_null();
}

static json_t *str_json(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *board_json(struct hls_ctx *ctx, const struct board *b)
{
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(b->name));
	json_object_set_new(o, "file", json_string(b->path));
	json_object_set_new(o, "title", json_string(b->title));
	json_object_set_new(o, "family", json_string(hls_target_name(b->family)));
	json_object_set_new(o, "part", json_string(b->part));
	json_object_set_new(o, "device", json_string(b->device));
	json_object_set_new(o, "package", str_json(b->package));
	if (b->gowin_family)
		json_object_set_new(o, "gowin_family", json_string(b->gowin_family));
	if (b->speed)
		json_object_set_new(o, "speed", json_integer(b->speed));
	json_object_set_new(o, "clock", json_pack("{s:o, s:f}", "pin", pin_json(&b->clock),
						  "mhz", b->clock_mhz));
	json_t *link = json_pack("{s:s}", "kind", board_link_name(b->link));
	if (b->link == BOARD_LINK_UART) {
		json_object_set_new(link, "rx", pin_json(&b->uart_rx));
		json_object_set_new(link, "tx", pin_json(&b->uart_tx));
		json_object_set_new(link, "baud", json_integer((json_int_t)b->uart_baud));
	}
	if (b->link == BOARD_LINK_FT245) {
		json_t *data = json_array();
		for (unsigned i = 0; i < 8; i++)
			json_array_append_new(data, pin_json(&b->ft_data[i]));
		json_object_set_new(link, "clk", pin_json(&b->ft_clk));
		json_object_set_new(link, "mhz", json_real(BOARD_FT245_MHZ));
		json_object_set_new(link, "data", data);
		json_object_set_new(link, "rxf", pin_json(&b->ft_rxf));
		json_object_set_new(link, "txe", pin_json(&b->ft_txe));
		json_object_set_new(link, "rd", pin_json(&b->ft_rd));
		json_object_set_new(link, "wr", pin_json(&b->ft_wr));
		json_object_set_new(link, "oe", pin_json(&b->ft_oe));
		json_object_set_new(link, "siwu", b->ft_siwu.pin ? pin_json(&b->ft_siwu) : json_null());
		json_object_set_new(link, "beat", json_integer(BOARD_FT245_BEAT));
	}
	json_object_set_new(o, "link", link);
	json_t *leds = json_array();
	for (unsigned i = 0; i < b->nleds; i++)
		json_array_append_new(leds, pin_json(&b->leds[i]));
	json_object_set_new(o, "leds", leds);
	json_object_set_new(o, "led_active_low", json_boolean(b->led_active_low));
	json_object_set_new(o, "led_io_standard", str_json(b->led_io_standard));
	if (b->has_reset) {
		static const char *const pulls[] = {"default", "none", "up", "down"};
		json_object_set_new(o, "reset", json_pack("{s:o, s:b, s:s, s:o}", "pin",
							  pin_json(&b->reset), "active_low",
							  b->reset_active_low, "pull",
							  pulls[b->reset_pull], "io_standard",
							  str_json(b->reset_io_standard)));
	}
	json_t *ties = json_array();
	for (unsigned i = 0; i < b->nties; i++)
		json_array_append_new(ties, json_pack("{s:o, s:b}", "pin", pin_json(&b->ties[i].pin),
						      "high", b->ties[i].high));
	json_object_set_new(o, "ties", ties);
	json_object_set_new(o, "io_standard", str_json(b->io_standard));
	json_object_set_new(o, "programmer", json_string(b->programmer));
	if (b->programmer_cable)
		json_object_set_new(o, "programmer_cable", json_string(b->programmer_cable));
	json_object_set_new(o, "constraints", json_string(board_constraints_ext(b)));
	const char **args;
	unsigned nargs = board_nextpnr_args(ctx, b, &args);
	json_t *a = json_array();
	for (unsigned i = 0; i < nargs; i++)
		json_array_append_new(a, json_string(args[i]));
	json_object_set_new(o, "nextpnr_args", a);
	if (b->note)
		json_object_set_new(o, "note", json_string(b->note));
	return o;
}

static int print_json(json_t *j)
{
	int rc = json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) ? 1 : 0;
	fputc('\n', stdout);
	json_decref(j);
	return rc;
}

static int one_board(struct hls_ctx *ctx, const char *home, const char *name, bool json,
		     bool constraints)
{
	struct board b;
	if (board_load(ctx, home, name, &b))
		return 1;
	if (constraints)
		return board_write_constraints(&b, b.nleds, stdout) ? 1 : 0;
	if (json)
		return print_json(board_json(ctx, &b));
	print_full(ctx, &b);
	return 0;
}

static int all_boards(struct hls_ctx *ctx, const char *home, bool json)
{
	const char **names;
	unsigned n = board_list(ctx, home, &names);
	if (!n) {
		fprintf(stderr, "sluice: error: no boards in %s/boards\n", home);
		return 1;
	}
	int rc = 0;
	json_t *list = json ? json_array() : NULL;
	int name_w = 12;
	for (unsigned i = 0; i < n; i++)
		if ((int)strlen(names[i]) > name_w)
			name_w = (int)strlen(names[i]);
	if (!json)
		printf("%-*s %-20s %11s  %-18s %4s  %s\n", name_w, "NAME", "PART", "CLOCK",
		       "HOST LINK", "LEDS", "PROGRAMMER (openFPGALoader -b)");
	for (unsigned i = 0; i < n; i++) {
		struct board b;
		if (board_load(ctx, home, names[i], &b)) {
			rc = 1;
			continue;
		}
		if (json)
			json_array_append_new(list, board_json(ctx, &b));
		else
			print_row(ctx, &b, name_w);
	}
	if (json && print_json(list))
		rc = 1;
	return rc;
}

int cmd_boards(int argc, char **argv)
{
	const char *name = NULL;
	bool json = false, constraints = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!strcmp(argv[i], "--constraints"))
			constraints = true;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			boards_usage(stdout);
			return 0;
		} else if (argv[i][0] != '-' && !name)
			name = argv[i];
		else {
			fprintf(stderr, "sluice: error: boards: unexpected argument '%s'\n", argv[i]);
			boards_usage(stderr);
			return 2;
		}
	}
	if ((constraints && !name) || (constraints && json)) {
		fprintf(stderr, "sluice: error: boards: --constraints takes one board, and no --json\n");
		boards_usage(stderr);
		return 2;
	}
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	const char *home = sluice_home(&ctx);
	int rc = name ? one_board(&ctx, home, name, json, constraints) : all_boards(&ctx, home, json);
	hls_ctx_fini(&ctx);
	return rc;
}
