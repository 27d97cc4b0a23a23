/*
 * test_board.c -- board descriptions (hls/flow/board.c): every file in
 * boards/ reads and holds sane values; malformed files are refused with an
 * error on standard error that names the file and the line (or the missing
 * key); the constraint file of each family holds the lines the board top
 * level needs, for a board written here.
 *
 * Run from the repository root (boards/ is read from there).  Malformed
 * and sample files go to a temporary folder, removed at the end.  Prints
 * PASS/FAIL per test and "N passed, N failed"; exits non-zero on a failure.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include "flow/board.h"
#include "ir/ir.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK(cond)                                                        \
	do {                                                               \
		if (!(cond)) {                                             \
			fprintf(stderr, "  %s:%d: check failed: %s\n",     \
				__FILE__, __LINE__, #cond);                \
			ok = false;                                        \
		}                                                          \
	} while (0)

static char tmpdir[256];

/* ---- fixtures ------------------------------------------------------------- */

/* Writes tmpdir/NAME with `text`; returns the path (static buffer). */
static const char *write_file(const char *name, const char *text)
{
	static char path[512];
	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs(text, f);
	fclose(f);
	return path;
}

/* board_load with standard error captured into *err (malloc'd). */
static int load_capturing(struct hls_ctx *ctx, const char *home, const char *name,
			  struct board *b, char **err)
{
	char path[512];
	snprintf(path, sizeof path, "%s/stderr.txt", tmpdir);
	fflush(stderr);
	int saved = dup(2);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 2);
	close(fd);
	int rc = board_load(ctx, home, name, b);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	FILE *f = fopen(path, "r");
	size_t cap = 0;
	*err = NULL;
	FILE *m = open_memstream(err, &cap);
	int c;
	while (f && (c = fgetc(f)) != EOF)
		fputc(c, m);
	if (f)
		fclose(f);
	fclose(m);
	return rc;
}

/* A complete iCE40 board; tests replace or add lines to make it wrong. */
static const char *const ice40_board =
	"# a sample board\n"			 /* 1 */
	"title = Sample iCE40 board\n"		 /* 2 */
	"family = ice40\n"			 /* 3 */
	"part = iCE40UP5K-SG48\n"		 /* 4 */
	"device = up5k\n"			 /* 5 */
	"package = sg48\n"			 /* 6 */
	"clock.pin = 35      # the oscillator\n" /* 7 */
	"clock.mhz = 12\n"			 /* 8 */
	"link = uart\n"				 /* 9 */
	"uart.rx = 6\n"				 /* 10 */
	"uart.tx = 9\n"				 /* 11 */
	"uart.baud = 3000000\n"			 /* 12 */
	"\n"					 /* 13 */
	"led.0 = 11\n"				 /* 14 */
	"led.1 = 37\n"				 /* 15 */
	"led.active_low = yes\n"		 /* 16 */
	"reset.pin = 10\n"			 /* 17 */
	"reset.active_low = yes\n"		 /* 18 */
	"reset.pull = up\n"			 /* 19 */
	"tie.0 = 16 high\n"			 /* 20 */
	"programmer = ice40_generic\n";		 /* 21 */

/* base with line `line` replaced by `text` ("\n" blanks it and keeps the
 * numbering; "" drops it), and `extra` appended. */
static const char *edit_of(const char *base, unsigned line, const char *text, const char *extra)
{
	static char buf[4096];
	buf[0] = 0;
	const char *s = base;
	for (unsigned n = 1; *s; n++) {
		const char *nl = strchr(s, '\n');
		size_t len = (size_t)(nl - s) + 1;
		if (n == line)
			strcat(buf, text);
		else
			strncat(buf, s, len);
		s += len;
	}
	strcat(buf, extra);
	return buf;
}

/* ice40_board, edited so */
static const char *edit(unsigned line, const char *text, const char *extra)
{
	return edit_of(ice40_board, line, text, extra);
}

/* The board file `text` must be refused, and standard error must hold each
 * of the `want` texts (NULL-terminated). */
static bool refused(const char *file, const char *text, const char *const *want)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	const char *path = write_file(file, text);
	struct board b;
	memset(&b, 0x5a, sizeof b);
	struct board before = b;
	char *err;
	int rc = load_capturing(&ctx, ".", path, &b, &err);
	CHECK(rc == -1);
	CHECK(!memcmp(&b, &before, sizeof b)); /* written only on success */
	for (const char *const *w = want; *w; w++) {
		char expect[1024];
		snprintf(expect, sizeof expect, *w, path);
		if (!strstr(err, expect)) {
			fprintf(stderr, "  expected \"%s\" in:\n%s", expect, err);
			ok = false;
		}
	}
	free(err);
	hls_ctx_fini(&ctx);
	return ok;
}

#define WANT(...) ((const char *const[]){__VA_ARGS__, NULL})

/* ---- the boards of boards/ ------------------------------------------------ */

static bool test_every_board_loads(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	const char **names;
	unsigned n = board_list(&ctx, ".", &names);
	static const char *const required[] = {"icebreaker", "upduino3", "icestick",
					       "ulx3s", "orangecrab", "tangnano9k"};
	for (size_t r = 0; r < sizeof required / sizeof *required; r++) {
		bool found = false;
		for (unsigned i = 0; i < n; i++)
			found |= !strcmp(names[i], required[r]);
		if (!found)
			fprintf(stderr, "  no boards/%s.board\n", required[r]);
		CHECK(found);
	}
	for (unsigned i = 1; i < n; i++)
		CHECK(strcmp(names[i - 1], names[i]) < 0); /* sorted */
	unsigned families[4] = {0};
	for (unsigned i = 0; i < n; i++) {
		struct board b;
		if (board_load(&ctx, ".", names[i], &b)) {
			fprintf(stderr, "  boards/%s.board does not load\n", names[i]);
			ok = false;
			continue;
		}
		bool was = ok;
		CHECK(!strcmp(b.name, names[i]));
		CHECK(b.title && b.part && b.device && b.programmer);
		CHECK(b.family == TARGET_ICE40 || b.family == TARGET_ECP5 || b.family == TARGET_GOWIN);
		families[b.family]++;
		CHECK(b.family == TARGET_GOWIN ? b.gowin_family != NULL : b.package != NULL);
		CHECK(b.family == TARGET_ICE40 || b.io_standard != NULL);
		CHECK(b.clock.pin && b.clock.line > 0);
		CHECK(b.clock_mhz >= 1 && b.clock_mhz <= 500);
		if (b.link == BOARD_LINK_UART) {
			CHECK(b.uart_rx.pin && b.uart_tx.pin && strcmp(b.uart_rx.pin, b.uart_tx.pin));
			/* a UART receiver needs a few clocks a bit to find its middle */
			CHECK(b.uart_baud >= 9600 && b.clock_mhz * 1e6 / (double)b.uart_baud >= 4);
		} else {
			CHECK(!b.uart_rx.pin && !b.uart_tx.pin);
		}
		for (unsigned l = 0; l < b.nleds; l++) {
			CHECK(b.leds[l].pin && b.leds[l].line > 0);
			CHECK(strcmp(b.leds[l].pin, b.clock.pin));
		}
		CHECK(!b.has_reset || (b.reset.pin && b.reset.line > 0));
		const char **args;
		unsigned nargs = board_nextpnr_args(&ctx, &b, &args);
		CHECK(nargs >= 4 && !args[nargs] && !strcmp(args[nargs - 2], "--freq"));
		CHECK(!strcmp(board_constraints_ext(&b), b.family == TARGET_ICE40  ? "pcf"
							  : b.family == TARGET_ECP5 ? "lpf" : "cst"));
		/* every board writes its constraints */
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		CHECK(board_write_constraints(&b, b.nleds, f) == 0);
		fclose(f);
		CHECK(strstr(text, "\"clk\"") || strstr(text, " clk "));
		free(text);
		if (ok != was)
			fprintf(stderr, "  (in boards/%s.board)\n", names[i]);
	}
	CHECK(families[TARGET_ICE40] >= 3 && families[TARGET_ECP5] >= 2 && families[TARGET_GOWIN] >= 1);
	hls_ctx_fini(&ctx);
	return ok;
}

/* ---- malformed files -------------------------------------------------------- */

static bool test_sample_loads(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	const char *path = write_file("sample.board", ice40_board);
	struct board b;
	char *err;
	CHECK(load_capturing(&ctx, ".", path, &b, &err) == 0);
	CHECK(!strcmp(err, ""));
	free(err);
	CHECK(!strcmp(b.name, "sample") && !strcmp(b.path, path));
	CHECK(b.family == TARGET_ICE40 && !strcmp(b.device, "up5k") && !strcmp(b.package, "sg48"));
	CHECK(!strcmp(b.clock.pin, "35") && b.clock.line == 7 && b.clock_mhz == 12);
	CHECK(b.link == BOARD_LINK_UART && b.uart_baud == 3000000);
	CHECK(!strcmp(b.uart_rx.pin, "6") && b.uart_rx.line == 10 && !strcmp(b.uart_tx.pin, "9"));
	CHECK(b.nleds == 2 && !strcmp(b.leds[1].pin, "37") && b.leds[1].line == 15);
	CHECK(b.led_active_low && b.has_reset && b.reset_active_low && b.reset_pull == BOARD_PULL_UP);
	CHECK(b.nties == 1 && !strcmp(b.ties[0].pin.pin, "16") && b.ties[0].high);
	CHECK(!b.io_standard && !b.programmer_cable && !b.note && !b.gowin_family);
	hls_ctx_fini(&ctx);
	return ok;
}

static bool test_unknown_key(void)
{
	return refused("unknown.board", edit(13, "colour = orange\n", ""),
		       WANT("%s:13:1: error: unknown key 'colour'"));
}

static bool test_duplicate_key(void)
{
	return refused("dup.board", edit(13, "  clock.pin = 36\n", ""),
		       WANT("%s:13:3: error: 'clock.pin' is given twice",
			    "%s:7:1: note: first given here"));
}

static bool test_duplicate_led(void)
{
	return refused("dupled.board", edit(13, "led.1 = 38\n", ""),
		       WANT("%s:15:1: error: 'led.1' is given twice"));
}

static bool test_missing_key(void)
{
	return refused("missing.board", edit(21, "", ""),
		       WANT("%s: error: missing key 'programmer'"));
}

static bool test_missing_uart_keys(void)
{
	return refused("nobaud.board", edit(12, "\n", ""),
		       WANT("%s: error: missing key 'uart.baud'"));
}

static bool test_bad_family(void)
{
	return refused("family.board", edit(3, "family = xilinx\n", ""),
		       WANT("%s:3:10: error: family must be ice40, ecp5 or gowin, not 'xilinx'"));
}

static bool test_bad_number(void)
{
	return refused("mhz.board", edit(8, "clock.mhz = twelve\n", ""),
		       WANT("%s:8:13: error: clock.mhz must be a frequency in MHz"));
}

static bool test_bad_baud(void)
{
	return refused("baud.board", edit(12, "uart.baud = 3e6\n", ""),
		       WANT("%s:12:13: error: uart.baud must be a whole number"));
}

static bool test_missing_equals(void)
{
	return refused("noeq.board", edit(13, "led.active_high yes\n", ""),
		       WANT("%s:13:1: error: expected 'key = value'"));
}

static bool test_no_value(void)
{
	return refused("novalue.board", edit(13, "note =\n", ""),
		       WANT("%s:13:6: error: 'note' has no value"));
}

static bool test_bad_device(void)
{
	return refused("device.board", edit(5, "device = up5x\n", ""),
		       WANT("%s:5:10: error: device (nextpnr-ice40) must be lp384, lp1k,"));
}

static bool test_bad_yes_no(void)
{
	return refused("yesno.board", edit(16, "led.active_low = true\n", ""),
		       WANT("%s:16:18: error: led.active_low must be 'yes' or 'no', not 'true'"));
}

static bool test_led_gap(void)
{
	return refused("gap.board", edit(15, "led.2 = 37\n", ""),
		       WANT("%s:15:1: error: led.2 is given without led.1"));
}

static bool test_pin_twice(void)
{
	return refused("pintwice.board", edit(15, "led.1 = 6\n", ""),
		       WANT("%s:15:9: error: pin 6 is already uart.rx", "%s:10: note: uart.rx"));
}

static bool test_uart_key_without_uart(void)
{
	return refused("nouart.board", edit(9, "link = none\n", ""),
		       WANT("%s:10:1: error: 'uart.rx' is only for link = uart",
			    "%s:12:1: error: 'uart.baud' is only for link = uart"));
}

static bool test_ice40_pull_down(void)
{
	return refused("pulldown.board", edit(19, "reset.pull = down\n", ""),
		       WANT("%s:19:14: error: iCE40 pins have pull-ups only"));
}

static bool test_reset_keys_without_pin(void)
{
	return refused("noreset.board", edit(17, "\n", ""),
		       WANT("%s:18:1: error: 'reset.active_low' is only for a board with reset.pin"));
}

static bool test_bad_tie(void)
{
	return refused("tie.board", edit(20, "tie.0 = 16 up\n", ""),
		       WANT("%s:20:9: error: tie.0 must be 'PIN high' or 'PIN low'"));
}

static bool test_bad_pin_name(void)
{
	return refused("pinname.board", edit(7, "clock.pin = 3 5\n", ""),
		       WANT("%s:7:13: error: clock.pin '3 5' is not a pin name"));
}

static bool test_key_for_other_family(void)
{
	return refused("speed.board", edit(13, "speed = 6\n", "gowin.family = GW1N-9C\n"),
		       WANT("%s:13:1: error: 'speed' is only for ecp5 boards",
			    "%s:22:1: error: 'gowin.family' is only for gowin boards"));
}

/* Every error of a file is reported, not just the first. */
static bool test_every_error_reported(void)
{
	return refused("many.board",
		       edit(3, "family = ice40\ncolour = red\n", "clock.mhz = 13\nflavour = x\n"),
		       WANT("%s:4:1: error: unknown key 'colour'",
			    "%s:23:1: error: 'clock.mhz' is given twice",
			    "%s:24:1: error: unknown key 'flavour'"));
}

static bool test_unknown_board(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	char home[512], dir[600];
	snprintf(home, sizeof home, "%s/home", tmpdir);
	snprintf(dir, sizeof dir, "%s/boards", home);
	CHECK(mkdir(home, 0755) == 0 && mkdir(dir, 0755) == 0);
	write_file("home/boards/zeta.board", ice40_board);
	write_file("home/boards/alpha.board", ice40_board);
	write_file("home/boards/notes.txt", "not a board\n");
	const char **names;
	CHECK(board_list(&ctx, home, &names) == 2 && !strcmp(names[0], "alpha") &&
	      !strcmp(names[1], "zeta"));
	struct board b;
	char *err;
	CHECK(load_capturing(&ctx, home, "icebraker", &b, &err) == -1);
	CHECK(strstr(err, "sluice: error: unknown board 'icebraker' (known: alpha, zeta)") != NULL);
	free(err);
	CHECK(load_capturing(&ctx, home, "zeta", &b, &err) == 0 && !strcmp(b.name, "zeta"));
	free(err);
	hls_ctx_fini(&ctx);
	return ok;
}

/* ---- constraint files --------------------------------------------------------- */

/* Loads `text` as NAME.board and writes its constraints with nleds LEDs
 * into a malloc'd string (NULL when either fails). */
static char *constraints(struct hls_ctx *ctx, const char *name, const char *text, unsigned nleds,
			 struct board *b)
{
	char file[64];
	snprintf(file, sizeof file, "%s.board", name);
	if (board_load(ctx, ".", write_file(file, text), b))
		return NULL;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int rc = board_write_constraints(b, nleds, f);
	fclose(f);
	if (rc) {
		free(out);
		return NULL;
	}
	return out;
}

static bool has_lines(const char *text, const char *const *lines)
{
	bool ok = true;
	for (const char *const *l = lines; *l; l++) {
		char want[256];
		snprintf(want, sizeof want, "\n%s\n", *l);
		if (!strstr(text, want)) {
			fprintf(stderr, "  no line \"%s\" in:\n%s", *l, text);
			ok = false;
		}
	}
	return ok;
}

static bool test_pcf(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct board b;
	char *pcf = constraints(&ctx, "pcf", ice40_board, 2, &b);
	CHECK(pcf != NULL);
	if (pcf)
		CHECK(has_lines(pcf, WANT("set_io clk 35", "set_frequency clk 12",
					  "set_io -pullup yes uart_rx 6", "set_io uart_tx 9",
					  "set_io led0 11", "set_io led1 37",
					  "set_io -pullup yes rst_btn 10", "set_io tie0 16")));
	CHECK(!strcmp(board_constraints_ext(&b), "pcf"));
	free(pcf);
	/* fewer LEDs than the board has: only those */
	pcf = constraints(&ctx, "pcf1", ice40_board, 1, &b);
	CHECK(pcf && strstr(pcf, "led0") && !strstr(pcf, "led1"));
	free(pcf);
	/* more LEDs than the board has: an error */
	char *none = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&none, &len);
	fflush(stderr);
	int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
	dup2(devnull, 2);
	CHECK(board_write_constraints(&b, 3, f) == -1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(devnull);
	fclose(f);
	free(none);
	const char **args;
	CHECK(board_nextpnr_args(&ctx, &b, &args) == 5 && !strcmp(args[0], "--up5k") &&
	      !strcmp(args[1], "--package") && !strcmp(args[2], "sg48") && !strcmp(args[4], "12"));
	hls_ctx_fini(&ctx);
	return ok;
}

static bool test_lpf(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct board b;
	char *lpf = constraints(&ctx, "lpf",
				"title = Sample ECP5 board\nfamily = ecp5\npart = LFE5U-25F-8MG285C\n"
				"device = 25k\npackage = CSFBGA285\nspeed = 8\n"
				"clock.pin = A9\nclock.mhz = 48\nlink = uart\nuart.rx = M1\n"
				"uart.tx = L4\nuart.baud = 1000000\nled.0 = K4\nled.active_low = yes\n"
				"led.io_standard = LVCMOS25\nreset.pin = J17\nreset.active_low = no\n"
				"reset.pull = down\nreset.io_standard = SSTL135_I\n"
				"io_standard = LVCMOS33\nprogrammer = orangeCrab\n",
				1, &b);
	CHECK(lpf != NULL);
	if (lpf)
		CHECK(has_lines(lpf, WANT("LOCATE COMP \"clk\" SITE \"A9\";",
					  "IOBUF PORT \"clk\" IO_TYPE=LVCMOS33;",
					  "FREQUENCY PORT \"clk\" 48 MHZ;",
					  "LOCATE COMP \"uart_rx\" SITE \"M1\";",
					  "IOBUF PORT \"uart_rx\" IO_TYPE=LVCMOS33 PULLMODE=UP;",
					  "LOCATE COMP \"uart_tx\" SITE \"L4\";",
					  "LOCATE COMP \"led0\" SITE \"K4\";",
					  "IOBUF PORT \"led0\" IO_TYPE=LVCMOS25;",
					  "LOCATE COMP \"rst_btn\" SITE \"J17\";",
					  "IOBUF PORT \"rst_btn\" IO_TYPE=SSTL135_I PULLMODE=DOWN;")));
	CHECK(!strcmp(board_constraints_ext(&b), "lpf"));
	const char **args;
	unsigned n = board_nextpnr_args(&ctx, &b, &args);
	CHECK(n == 7 && !strcmp(args[0], "--25k") && !strcmp(args[2], "CSFBGA285") &&
	      !strcmp(args[3], "--speed") && !strcmp(args[4], "8") && !strcmp(args[6], "48"));
	free(lpf);
	hls_ctx_fini(&ctx);
	return ok;
}

static bool test_cst(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct board b;
	char *cst = constraints(&ctx, "cst",
				"title = Sample Gowin board\nfamily = gowin\n"
				"part = GW1NR-LV9QN88PC6/I5\ndevice = GW1NR-LV9QN88PC6/I5\n"
				"gowin.family = GW1N-9C\nclock.pin = 52\nclock.mhz = 27\n"
				"link = none\nled.0 = 10\nled.1 = 11\nled.active_low = yes\n"
				"led.io_standard = LVCMOS18\nio_standard = LVCMOS33\n"
				"programmer = tangnano9k\n",
				2, &b);
	CHECK(cst != NULL);
	if (cst) {
		CHECK(has_lines(cst, WANT("IO_LOC \"clk\" 52;", "IO_PORT \"clk\" IO_TYPE=LVCMOS33;",
					  "IO_LOC \"led0\" 10;", "IO_PORT \"led0\" IO_TYPE=LVCMOS18;",
					  "IO_LOC \"led1\" 11;")));
		CHECK(!strstr(cst, "uart")); /* link none: no UART ports */
		CHECK(!strstr(cst, "rst_btn"));
		CHECK(!strncmp(cst, "//", 2)); /* CST comments */
	}
	CHECK(!strcmp(board_constraints_ext(&b), "cst") && !b.package);
	const char **args;
	unsigned n = board_nextpnr_args(&ctx, &b, &args);
	CHECK(n == 6 && !strcmp(args[0], "--device") && !strcmp(args[1], "GW1NR-LV9QN88PC6/I5") &&
	      !strcmp(args[3], "family=GW1N-9C") && !strcmp(args[5], "27"));
	free(cst);
	hls_ctx_fini(&ctx);
	return ok;
}


/* ---- the FT245 FIFO link ---------------------------------------------------- */

/* ice40_board with its UART (lines 9 to 12) replaced by an FT245 FIFO; the
 * line numbers below are this text's */
static const char *const ft_board =
	"title = Sample FIFO board\n"			   /* 1 */
	"family = ice40\n"				   /* 2 */
	"part = iCE40UP5K-SG48\n"			   /* 3 */
	"device = up5k\n"				   /* 4 */
	"package = sg48\n"				   /* 5 */
	"clock.pin = 35\n"				   /* 6 */
	"clock.mhz = 12\n"				   /* 7 */
	"link = ft245\n"				   /* 8 */
	"ft245.clk = 20\n"				   /* 9 */
	"ft245.data = 4 2 47 45 3 48 46 44\n"		   /* 10 */
	"ft245.rxf = 43\n"				   /* 11 */
	"ft245.txe = 38\n"				   /* 12 */
	"ft245.rd = 34\n"				   /* 13 */
	"ft245.wr = 31\n"				   /* 14 */
	"ft245.oe = 36\n"				   /* 15 */
	"led.0 = 11\n"					   /* 16 */
	"led.active_low = yes\n"			   /* 17 */
	"programmer = ice40_generic\n";		   /* 18 */

/* ft_board, edited as edit() edits ice40_board */
static const char *ft_edit(unsigned line, const char *text, const char *extra)
{
	return edit_of(ft_board, line, text, extra);
}

static bool test_ft245_loads(void)
{
	bool ok = true;
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct board b;
	char *pcf = constraints(&ctx, "ft", ft_board, 1, &b);
	CHECK(pcf != NULL);
	CHECK(b.link == BOARD_LINK_FT245 && !strcmp(b.ft_clk.pin, "20") && b.ft_clk.line == 9);
	CHECK(!strcmp(b.ft_data[0].pin, "4") && !strcmp(b.ft_data[7].pin, "44") &&
	      b.ft_data[7].line == 10);
	CHECK(!strcmp(b.ft_rxf.pin, "43") && !strcmp(b.ft_oe.pin, "36") && !b.ft_siwu.pin);
	CHECK(!b.uart_rx.pin && !b.uart_tx.pin);
	if (pcf) {
		CHECK(has_lines(pcf, WANT("set_io ft_clk 20", "set_frequency ft_clk 60",
					  "set_io ft_data[0] 4", "set_io ft_data[7] 44",
					  "set_io -pullup yes ft_rxf_n 43",
					  "set_io -pullup yes ft_txe_n 38", "set_io ft_rd_n 34",
					  "set_io ft_wr_n 31", "set_io ft_oe_n 36")));
		CHECK(!strstr(pcf, "ft_siwu_n") && !strstr(pcf, "uart"));
	}
	free(pcf);
	hls_ctx_fini(&ctx);
	return ok;
}

static bool test_ft245_errors(void)
{
	bool ok = true;
	ok &= refused("ftmissing.board", ft_edit(15, "", ""),
		      WANT("%s: error: missing key 'ft245.oe'"));
	ok &= refused("ftseven.board", ft_edit(10, "ft245.data = 4 2 47 45 3 48 46\n", ""),
		      WANT("%s:10:14: error: ft245.data must be eight pins, D0 first, not 7"));
	ok &= refused("ftshared.board", ft_edit(10, "ft245.data = 4 2 47 45 3 48 46 11\n", ""),
		      WANT("%s:16:9: error: pin 11 is already ft245.data bit 7"));
	ok &= refused("ftuart.board", ft_edit(0, "", "uart.rx = 6\n"),
		      WANT("%s:19:1: error: 'uart.rx' is only for link = uart"));
	ok &= refused("ftonuart.board", edit(13, "ft245.clk = 20\n", ""),
		      WANT("%s:13:1: error: 'ft245.clk' is only for link = ft245"));
	ok &= refused("pcie.board", ft_edit(8, "link = pcie\n", ""),
		      WANT("%s:8:8: error: link = pcie: sluice has no PHY for it on a board yet"));
	return ok;
}

static const struct {
	const char *name;
	bool (*fn)(void);
} tests[] = {
	{"every_board_loads", test_every_board_loads},
	{"sample_loads", test_sample_loads},
	{"unknown_key", test_unknown_key},
	{"duplicate_key", test_duplicate_key},
	{"duplicate_led", test_duplicate_led},
	{"missing_key", test_missing_key},
	{"missing_uart_keys", test_missing_uart_keys},
	{"bad_family", test_bad_family},
	{"bad_number", test_bad_number},
	{"bad_baud", test_bad_baud},
	{"missing_equals", test_missing_equals},
	{"no_value", test_no_value},
	{"bad_device", test_bad_device},
	{"bad_yes_no", test_bad_yes_no},
	{"led_gap", test_led_gap},
	{"pin_twice", test_pin_twice},
	{"uart_key_without_uart", test_uart_key_without_uart},
	{"ice40_pull_down", test_ice40_pull_down},
	{"reset_keys_without_pin", test_reset_keys_without_pin},
	{"bad_tie", test_bad_tie},
	{"bad_pin_name", test_bad_pin_name},
	{"key_for_other_family", test_key_for_other_family},
	{"every_error_reported", test_every_error_reported},
	{"unknown_board", test_unknown_board},
	{"pcf", test_pcf},
	{"lpf", test_lpf},
	{"cst", test_cst},
	{"ft245_loads", test_ft245_loads},
	{"ft245_errors", test_ft245_errors},
};

int main(void)
{
	if (access("boards", R_OK)) {
		fprintf(stderr, "test_board: run from the repository root (no boards/ here)\n");
		return 2;
	}
	const char *t = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/sluice-board-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 2;
	}
	unsigned pass = 0, fail = 0;
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		bool ok = tests[i].fn();
		printf("%s %s\n", ok ? "PASS" : "FAIL", tests[i].name);
		ok ? pass++ : fail++;
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd))
		fprintf(stderr, "test_board: could not remove %s\n", tmpdir);
	printf("%u passed, %u failed\n", pass, fail);
	return fail ? 1 : 0;
}
