/*
 * board.c -- reads a board description (boards/NAME.board, the format in
 * board.h) into a struct board, and writes the family's constraint file
 * for the board top level from it.
 *
 * Reading goes in two steps: the lines become entries (key, value, line,
 * column), which catches what is wrong with a line on its own (no '=', an
 * unknown key, a key twice); then the entries become values, in an order
 * where each check knows what it depends on (the family before the
 * device).  Every error is reported, then board_load fails; the struct is
 * written only on success.
 */
#include "board.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum key {
	K_TITLE, K_PART, K_FAMILY, K_DEVICE, K_PACKAGE, K_GOWIN_FAMILY, K_SPEED,
	K_CLOCK_PIN, K_CLOCK_MHZ, K_LINK, K_UART_RX, K_UART_TX, K_UART_BAUD,
	K_FT_CLK, K_FT_DATA, K_FT_RXF, K_FT_TXE, K_FT_RD, K_FT_WR, K_FT_OE, K_FT_SIWU,
	K_LED_ACTIVE_LOW, K_LED_IO_STANDARD, K_RESET_PIN, K_RESET_ACTIVE_LOW,
	K_RESET_PULL, K_RESET_IO_STANDARD, K_IO_STANDARD, K_PROGRAMMER,
	K_PROGRAMMER_CABLE, K_NOTE, K_NUM
};

static const char *const key_names[K_NUM] = {
	[K_TITLE] = "title", [K_PART] = "part", [K_FAMILY] = "family",
	[K_DEVICE] = "device", [K_PACKAGE] = "package",
	[K_GOWIN_FAMILY] = "gowin.family", [K_SPEED] = "speed",
	[K_CLOCK_PIN] = "clock.pin", [K_CLOCK_MHZ] = "clock.mhz", [K_LINK] = "link",
	[K_UART_RX] = "uart.rx", [K_UART_TX] = "uart.tx", [K_UART_BAUD] = "uart.baud",
	[K_FT_CLK] = "ft245.clk", [K_FT_DATA] = "ft245.data", [K_FT_RXF] = "ft245.rxf",
	[K_FT_TXE] = "ft245.txe", [K_FT_RD] = "ft245.rd", [K_FT_WR] = "ft245.wr",
	[K_FT_OE] = "ft245.oe", [K_FT_SIWU] = "ft245.siwu",
	[K_LED_ACTIVE_LOW] = "led.active_low", [K_LED_IO_STANDARD] = "led.io_standard",
	[K_RESET_PIN] = "reset.pin", [K_RESET_ACTIVE_LOW] = "reset.active_low",
	[K_RESET_PULL] = "reset.pull", [K_RESET_IO_STANDARD] = "reset.io_standard",
	[K_IO_STANDARD] = "io_standard", [K_PROGRAMMER] = "programmer",
	[K_PROGRAMMER_CABLE] = "programmer.cable", [K_NOTE] = "note",
};

/* nextpnr-ice40's and nextpnr-ecp5's device options, without "--". */
static const char *const ice40_devices[] = {
	"lp384", "lp1k", "lp4k", "lp8k", "hx1k", "hx4k", "hx8k", "up3k", "up5k",
	"u1k", "u2k", "u4k", NULL,
};
static const char *const ecp5_devices[] = {
	"12k", "25k", "45k", "85k", "um-25k", "um-45k", "um-85k", "um5g-25k",
	"um5g-45k", "um5g-85k", NULL,
};

/* One `key = value` as read; line 0: the key was not given. */
struct entry {
	const char *value;
	unsigned line, col, key_col; /* col: the value's column */
};

/* led.N and tie.N */
struct indexed {
	unsigned index;
	struct entry e;
};

/* A pin and what it serves, for the one-purpose check. */
struct use {
	const char *pin, *what;
	unsigned line;
};

struct reader {
	struct hls_ctx *ctx;
	const char *path;
	unsigned errors;
	struct entry keys[K_NUM];
	struct indexed *leds, *ties;
	unsigned nleds, nties;
	struct use *uses;
	unsigned nuses;
};

#define MAX_INDEX 64 /* led.N, tie.N: N < MAX_INDEX */

static void report(struct reader *r, const char *kind, unsigned line, unsigned col,
		   const char *fmt, va_list ap)
{
	struct ir_loc loc = {r->path, line, col};
	diag_vreport(&r->ctx->diag, kind, loc, fmt, ap);
}

__attribute__((format(printf, 4, 5)))
static void error_at(struct reader *r, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, "error", line, col, fmt, ap);
	va_end(ap);
	r->errors++;
}

__attribute__((format(printf, 4, 5)))
static void note_at(struct reader *r, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, "note", line, col, fmt, ap);
	va_end(ap);
}

/* ---- step 1: lines to entries ------------------------------------------ */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* "led.12" with prefix "led." -> 12; -1 when s is not prefix + digits,
 * -2 when the digits are not a plain index below MAX_INDEX. */
static int index_of(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);
	if (strncmp(s, prefix, n) || !s[n])
		return -1;
	s += n;
	for (const char *p = s; *p; p++)
		if (!isdigit((unsigned char)*p))
			return -1;
	if ((s[0] == '0' && s[1]) || strlen(s) > 2 || atoi(s) >= MAX_INDEX)
		return -2;
	return atoi(s);
}

static void add_indexed(struct reader *r, struct indexed **arr, unsigned *n,
			const char *key, unsigned index, struct entry e)
{
	for (unsigned i = 0; i < *n; i++)
		if ((*arr)[i].index == index) {
			error_at(r, e.line, e.key_col, "'%s' is given twice", key);
			note_at(r, (*arr)[i].e.line, (*arr)[i].e.key_col, "first given here");
			return;
		}
	VEC_PUSH(&r->ctx->arena, *arr, *n, ((struct indexed){index, e}));
}

static void read_line(struct reader *r, char *s, unsigned line)
{
	char *hash = strchr(s, '#');
	if (hash)
		*hash = 0;
	size_t n = strlen(s);
	while (n && is_blank(s[n - 1]))
		s[--n] = 0;
	char *k = s;
	while (is_blank(*k))
		k++;
	if (!*k)
		return;
	unsigned key_col = (unsigned)(k - s) + 1;
	char *eq = strchr(k, '=');
	if (!eq) {
		error_at(r, line, key_col, "expected 'key = value'");
		return;
	}
	char *v = eq + 1;
	while (is_blank(*v))
		v++;
	char *kend = eq;
	while (kend > k && is_blank(kend[-1]))
		kend--;
	*kend = 0;
	if (!*k) {
		error_at(r, line, key_col, "expected a key before '='");
		return;
	}
	if (!*v) {
		error_at(r, line, (unsigned)(eq - s) + 1, "'%s' has no value", k);
		return;
	}
	struct entry e = {arena_strdup(&r->ctx->arena, v), line, (unsigned)(v - s) + 1, key_col};
	int led = index_of(k, "led."), tie = index_of(k, "tie.");
	if (led == -2 || tie == -2) {
		error_at(r, line, key_col, "'%s': the index must be a number from 0 to %d, "
			 "without leading zeros", k, MAX_INDEX - 1);
		return;
	}
	if (led >= 0) {
		add_indexed(r, &r->leds, &r->nleds, k, (unsigned)led, e);
		return;
	}
	if (tie >= 0) {
		add_indexed(r, &r->ties, &r->nties, k, (unsigned)tie, e);
		return;
	}
	for (int i = 0; i < K_NUM; i++)
		if (!strcmp(k, key_names[i])) {
			if (r->keys[i].line) {
				error_at(r, line, key_col, "'%s' is given twice", k);
				note_at(r, r->keys[i].line, r->keys[i].key_col, "first given here");
			} else {
				r->keys[i] = e;
			}
			return;
		}
	error_at(r, line, key_col, "unknown key '%s'", k);
}

/* ---- step 2: entries to values ------------------------------------------ */

static const struct entry *given(const struct reader *r, enum key k)
{
	return r->keys[k].line ? &r->keys[k] : NULL;
}

/* A key that only makes sense with another: an error when given without. */
static void only_with(struct reader *r, enum key k, bool ok, const char *why)
{
	const struct entry *e = given(r, k);
	if (e && !ok)
		error_at(r, e->line, e->key_col, "'%s' is only for %s", key_names[k], why);
}

static bool word_ok(const char *s, bool (*ok)(int c))
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!ok((unsigned char)*s))
			return false;
	return true;
}

static bool pin_char(int c)
{
	return isalnum(c) || c == '_';
}

static bool iostd_char(int c)
{
	return isupper(c) || isdigit(c) || c == '_';
}

static bool name_char(int c)
{
	return isgraph(c);
}

/* A value that must be one word of `ok` characters; NULL after an error. */
static const char *word(struct reader *r, const struct entry *e, const char *key,
			bool (*ok)(int c), const char *what)
{
	if (!e)
		return NULL;
	if (!word_ok(e->value, ok)) {
		error_at(r, e->line, e->col, "%s '%s' is not %s", key, e->value, what);
		return NULL;
	}
	return e->value;
}

/* The pin of entry e (for `what`), checked and claimed. */
static struct board_pin pin(struct reader *r, const struct entry *e, const char *what)
{
	struct board_pin p = {NULL, 0};
	if (!e || !word(r, e, what, pin_char, "a pin name (letters, digits, '_')"))
		return p;
	for (unsigned i = 0; i < r->nuses; i++)
		if (!strcmp(r->uses[i].pin, e->value)) {
			error_at(r, e->line, e->col, "pin %s is already %s", e->value, r->uses[i].what);
			note_at(r, r->uses[i].line, 0, "%s is given here", r->uses[i].what);
			return p;
		}
	VEC_PUSH(&r->ctx->arena, r->uses, r->nuses, ((struct use){e->value, what, e->line}));
	p.pin = e->value;
	p.line = e->line;
	return p;
}

/* yes/no; *out untouched after an error. */
static void yes_no(struct reader *r, const struct entry *e, const char *key, bool *out)
{
	if (!e)
		return;
	if (!strcmp(e->value, "yes"))
		*out = true;
	else if (!strcmp(e->value, "no"))
		*out = false;
	else
		error_at(r, e->line, e->col, "%s must be 'yes' or 'no', not '%s'", key, e->value);
}

/* One of names[] (NULL-terminated); -1 after an error. */
static int choice(struct reader *r, const struct entry *e, const char *key,
		  const char *const *names)
{
	if (!e)
		return -1;
	for (int i = 0; names[i]; i++)
		if (!strcmp(e->value, names[i]))
			return i;
	char list[256] = "";
	for (int i = 0; names[i]; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 i ? (names[i + 1] ? ", " : " or ") : "", names[i]);
	error_at(r, e->line, e->col, "%s must be %s, not '%s'", key, list, e->value);
	return -1;
}

static void read_family(struct reader *r, struct board *b, bool *family_ok)
{
	static const char *const names[] = {"ice40", "ecp5", "gowin", NULL};
	static const enum hls_target targets[] = {TARGET_ICE40, TARGET_ECP5, TARGET_GOWIN};
	int f = choice(r, given(r, K_FAMILY), "family", names);
	*family_ok = f >= 0;
	if (f >= 0)
		b->family = targets[f];
}

static void read_device(struct reader *r, struct board *b)
{
	const struct entry *e = given(r, K_DEVICE);
	if (!e)
		return;
	const char *const *list = b->family == TARGET_ICE40 ? ice40_devices
				  : b->family == TARGET_ECP5 ? ecp5_devices : NULL;
	if (list) {
		int d = choice(r, e, b->family == TARGET_ICE40 ? "device (nextpnr-ice40)"
								: "device (nextpnr-ecp5)",
			       list);
		b->device = d >= 0 ? list[d] : NULL;
		return;
	}
	/* gowin: nextpnr-himbaechel's --device, the full part name */
	if (strncmp(e->value, "GW", 2) || !word_ok(e->value, name_char))
		error_at(r, e->line, e->col, "a Gowin device is its full part name "
			 "(GW1NR-LV9QN88PC6/I5), not '%s'", e->value);
	else
		b->device = e->value;
}

static void read_numbers(struct reader *r, struct board *b)
{
	const struct entry *e = given(r, K_CLOCK_MHZ);
	if (e) {
		char *end;
		errno = 0;
		double v = strtod(e->value, &end);
		if (*end || end == e->value || errno || !isfinite(v) || v <= 0 || v > 1000)
			error_at(r, e->line, e->col, "clock.mhz must be a frequency in MHz "
				 "(above 0, at most 1000), not '%s'", e->value);
		else
			b->clock_mhz = v;
	}
	e = given(r, K_UART_BAUD);
	if (e) {
		char *end;
		errno = 0;
		unsigned long v = strtoul(e->value, &end, 10);
		if (*end || !isdigit((unsigned char)e->value[0]) || errno || v < 300 || v > 100000000)
			error_at(r, e->line, e->col, "uart.baud must be a whole number of bits a "
				 "second from 300 to 100000000, not '%s'", e->value);
		else
			b->uart_baud = v;
	}
	e = given(r, K_SPEED);
	if (e) {
		static const char *const grades[] = {"6", "7", "8", NULL};
		int g = choice(r, e, "speed (the ECP5 speed grade)", grades);
		if (g >= 0)
			b->speed = (unsigned)(6 + g);
	}
}

static int by_index(const void *a, const void *b)
{
	const struct indexed *x = a, *y = b;
	return (x->index > y->index) - (x->index < y->index);
}

/* led.0 .. led.{n-1}: no gaps. */
static void read_leds(struct reader *r, struct board *b)
{
	qsort(r->leds, r->nleds, sizeof *r->leds, by_index);
	b->leds = arena_alloc(&r->ctx->arena, (r->nleds ? r->nleds : 1) * sizeof *b->leds);
	for (unsigned i = 0; i < r->nleds; i++) {
		const struct entry *e = &r->leds[i].e;
		if (r->leds[i].index != i) {
			error_at(r, e->line, e->key_col, "led.%u is given without led.%u: LEDs are "
				 "numbered from 0 without gaps", r->leds[i].index, i);
			break;
		}
		b->leds[i] = pin(r, e, arena_printf(&r->ctx->arena, "led.%u", i));
	}
	b->nleds = r->nleds;
}

/* Splits e's value at blanks into up to max entries of one word each, each
 * with its own column; returns how many words there are (max or more: only
 * the first max are kept). */
static unsigned split_words(struct reader *r, const struct entry *e, struct entry *out,
			    unsigned max)
{
	const char *v = e->value;
	unsigned n = 0;
	while (is_blank(*v))
		v++;
	while (*v) {
		const char *w = v;
		while (*v && !is_blank(*v))
			v++;
		if (n < max) {
			out[n] = *e;
			out[n].value = arena_printf(&r->ctx->arena, "%.*s", (int)(v - w), w);
			out[n].col = e->col + (unsigned)(w - e->value);
		}
		n++;
		while (is_blank(*v))
			v++;
	}
	return n;
}

static void read_ties(struct reader *r, struct board *b)
{
	qsort(r->ties, r->nties, sizeof *r->ties, by_index);
	b->ties = arena_alloc(&r->ctx->arena, (r->nties ? r->nties : 1) * sizeof *b->ties);
	for (unsigned i = 0; i < r->nties; i++) {
		struct entry e = r->ties[i].e;
		if (r->ties[i].index != i) {
			error_at(r, e.line, e.key_col, "tie.%u is given without tie.%u: ties are "
				 "numbered from 0 without gaps", r->ties[i].index, i);
			break;
		}
		/* "PIN high" */
		struct entry w[2];
		if (split_words(r, &e, w, 2) != 2 ||
		    (strcmp(w[1].value, "high") && strcmp(w[1].value, "low"))) {
			error_at(r, e.line, e.col, "tie.%u must be 'PIN high' or 'PIN low', not '%s'",
				 i, e.value);
			continue;
		}
		b->ties[i].pin = pin(r, &w[0], arena_printf(&r->ctx->arena, "tie.%u", i));
		b->ties[i].high = !strcmp(w[1].value, "high");
	}
	b->nties = r->nties;
}

/* ft245.data: eight pins, D0 first, each claimed as "ft245.data bit i". */
static void read_ft_data(struct reader *r, struct board *b)
{
	const struct entry *e = given(r, K_FT_DATA);
	if (!e)
		return;
	struct entry w[8];
	unsigned n = split_words(r, e, w, 8);
	for (unsigned i = 0; i < n && i < 8; i++)
		b->ft_data[i] = pin(r, &w[i], arena_printf(&r->ctx->arena, "ft245.data bit %u", i));
	if (n != 8)
		error_at(r, e->line, e->col, "ft245.data must be eight pins, D0 first, not %u", n);
}

static void read_link(struct reader *r, struct board *b)
{
	static const char *const names[] = {"none", "uart", "ft245", "ft601", "pcie", NULL};
	int l = choice(r, given(r, K_LINK), "link", names);
	if (l >= 0)
		b->link = (enum board_link)l;
	bool uart = l == BOARD_LINK_UART, ft = l == BOARD_LINK_FT245;
	if (uart) {
		b->uart_rx = pin(r, given(r, K_UART_RX), "uart.rx");
		b->uart_tx = pin(r, given(r, K_UART_TX), "uart.tx");
	}
	if (ft) {
		b->ft_clk = pin(r, given(r, K_FT_CLK), "ft245.clk");
		read_ft_data(r, b);
		b->ft_rxf = pin(r, given(r, K_FT_RXF), "ft245.rxf");
		b->ft_txe = pin(r, given(r, K_FT_TXE), "ft245.txe");
		b->ft_rd = pin(r, given(r, K_FT_RD), "ft245.rd");
		b->ft_wr = pin(r, given(r, K_FT_WR), "ft245.wr");
		b->ft_oe = pin(r, given(r, K_FT_OE), "ft245.oe");
		b->ft_siwu = pin(r, given(r, K_FT_SIWU), "ft245.siwu");
	}
	if (l >= 0) {
		for (enum key k = K_UART_RX; k <= K_UART_BAUD; k++)
			only_with(r, k, uart, "link = uart");
		for (enum key k = K_FT_CLK; k <= K_FT_SIWU; k++)
			only_with(r, k, ft, "link = ft245");
	}
	if (l == BOARD_LINK_FT601 || l == BOARD_LINK_PCIE) {
		const struct entry *e = given(r, K_LINK);
		error_at(r, e->line, e->col, "link = %s: sluice has no PHY for it on a board yet "
			 "(uart and ft245 have one)", names[l]);
	}
}

static void read_reset(struct reader *r, struct board *b)
{
	const struct entry *e = given(r, K_RESET_PIN);
	b->has_reset = e != NULL;
	b->reset = pin(r, e, "reset.pin");
	yes_no(r, given(r, K_RESET_ACTIVE_LOW), "reset.active_low", &b->reset_active_low);
	for (enum key k = K_RESET_ACTIVE_LOW; k <= K_RESET_IO_STANDARD; k++)
		only_with(r, k, b->has_reset, "a board with reset.pin");
	static const char *const pulls[] = {"none", "up", "down", NULL};
	static const enum board_pull pull_of[] = {BOARD_PULL_NONE, BOARD_PULL_UP, BOARD_PULL_DOWN};
	e = given(r, K_RESET_PULL);
	int p = choice(r, e, "reset.pull", pulls);
	if (p >= 0)
		b->reset_pull = pull_of[p];
	if (p >= 0 && b->family == TARGET_ICE40 && b->reset_pull == BOARD_PULL_DOWN)
		error_at(r, e->line, e->col, "iCE40 pins have pull-ups only, no pull-down");
}

/* The keys every board has, and those its family or other keys require. */
static void check_missing(struct reader *r, const struct board *b, bool family_ok)
{
	bool need[K_NUM] = {
		[K_TITLE] = true, [K_PART] = true, [K_FAMILY] = true, [K_DEVICE] = true,
		[K_CLOCK_PIN] = true, [K_CLOCK_MHZ] = true, [K_LINK] = true,
		[K_PROGRAMMER] = true,
	};
	if (family_ok) {
		need[K_PACKAGE] = b->family != TARGET_GOWIN;
		need[K_GOWIN_FAMILY] = b->family == TARGET_GOWIN;
		need[K_IO_STANDARD] = b->family != TARGET_ICE40;
	}
	if (b->link == BOARD_LINK_UART)
		need[K_UART_RX] = need[K_UART_TX] = need[K_UART_BAUD] = true;
	if (b->link == BOARD_LINK_FT245)
		for (enum key k = K_FT_CLK; k < K_FT_SIWU; k++)
			need[k] = true;
	need[K_LED_ACTIVE_LOW] = r->nleds > 0;
	need[K_RESET_ACTIVE_LOW] = b->has_reset;
	for (int k = 0; k < K_NUM; k++)
		if (need[k] && !r->keys[k].line) {
			struct ir_loc loc = {r->path, 0, 0};
			diag_error(&r->ctx->diag, loc, "missing key '%s'", key_names[k]);
			r->errors++;
		}
}

static void read_board(struct reader *r, struct board *b)
{
	bool family_ok;
	read_family(r, b, &family_ok);
	b->title = given(r, K_TITLE) ? r->keys[K_TITLE].value : NULL;
	b->part = given(r, K_PART) ? r->keys[K_PART].value : NULL;
	b->note = given(r, K_NOTE) ? r->keys[K_NOTE].value : NULL;
	if (family_ok)
		read_device(r, b);
	b->package = word(r, given(r, K_PACKAGE), "package", name_char, "one word");
	b->gowin_family = word(r, given(r, K_GOWIN_FAMILY), "gowin.family", name_char, "one word");
	if (family_ok) {
		only_with(r, K_GOWIN_FAMILY, b->family == TARGET_GOWIN, "gowin boards");
		only_with(r, K_SPEED, b->family == TARGET_ECP5, "ecp5 boards");
	}
	read_numbers(r, b);
	b->clock = pin(r, given(r, K_CLOCK_PIN), "clock.pin");
	read_link(r, b);
	read_leds(r, b);
	yes_no(r, given(r, K_LED_ACTIVE_LOW), "led.active_low", &b->led_active_low);
	only_with(r, K_LED_ACTIVE_LOW, r->nleds > 0, "a board with led.N");
	only_with(r, K_LED_IO_STANDARD, r->nleds > 0, "a board with led.N");
	read_reset(r, b);
	read_ties(r, b);
	const char *iostd = "an I/O type (LVCMOS33, SSTL135_I: capitals, digits, '_')";
	b->io_standard = word(r, given(r, K_IO_STANDARD), "io_standard", iostd_char, iostd);
	b->led_io_standard = word(r, given(r, K_LED_IO_STANDARD), "led.io_standard",
				  iostd_char, iostd);
	b->reset_io_standard = word(r, given(r, K_RESET_IO_STANDARD), "reset.io_standard",
				    iostd_char, iostd);
	if (!b->led_io_standard)
		b->led_io_standard = b->io_standard;
	if (!b->reset_io_standard)
		b->reset_io_standard = b->io_standard;
	b->programmer = word(r, given(r, K_PROGRAMMER), "programmer", name_char, "one word");
	b->programmer_cable = word(r, given(r, K_PROGRAMMER_CABLE), "programmer.cable",
				   name_char, "one word");
	check_missing(r, b, family_ok);
}

/* ---- finding boards ------------------------------------------------------ */

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && !strcmp(s + n - m, tail);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

unsigned board_list(struct hls_ctx *ctx, const char *home, const char ***names)
{
	const char **list = NULL;
	unsigned n = 0;
	DIR *d = opendir(arena_printf(&ctx->arena, "%s/boards", home));
	if (d) {
		struct dirent *de;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.' && ends_with(de->d_name, ".board")) {
				char *name = arena_strdup(&ctx->arena, de->d_name);
				name[strlen(name) - strlen(".board")] = 0;
				VEC_PUSH(&ctx->arena, list, n, name);
			}
		closedir(d);
	}
	if (n)
		qsort(list, n, sizeof *list, by_name);
	*names = list;
	return n;
}

static void unknown_board(struct hls_ctx *ctx, const char *home, const char *name)
{
	const char **names;
	unsigned n = board_list(ctx, home, &names);
	const char *known = "";
	for (unsigned i = 0; i < n; i++)
		known = arena_printf(&ctx->arena, "%s%s%s", known, i ? ", " : "", names[i]);
	struct ir_loc none = {NULL, 0, 0};
	if (n)
		diag_error(&ctx->diag, none, "unknown board '%s' (known: %s)", name, known);
	else
		diag_error(&ctx->diag, none, "unknown board '%s' (%s/boards holds none)", name, home);
}

int board_load(struct hls_ctx *ctx, const char *home, const char *name_or_path, struct board *out)
{
	const char *path = name_or_path;
	if (!strchr(name_or_path, '/') && !ends_with(name_or_path, ".board")) {
		path = arena_printf(&ctx->arena, "%s/boards/%s.board", home, name_or_path);
		if (access(path, F_OK)) {
			unknown_board(ctx, home, name_or_path);
			return -1;
		}
	}
	FILE *f = fopen(path, "r");
	if (!f) {
		struct ir_loc loc = {path, 0, 0};
		diag_error(&ctx->diag, loc, "cannot read the board file: %s", strerror(errno));
		return -1;
	}
	struct reader r = {.ctx = ctx, .path = path};
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	while (getline(&line, &cap, f) >= 0)
		read_line(&r, line, ++lineno);
	free(line);
	fclose(f);

	struct board b = {.path = path};
	const char *base = strrchr(path, '/');
	char *name = arena_strdup(&ctx->arena, base ? base + 1 : path);
	if (ends_with(name, ".board"))
		name[strlen(name) - strlen(".board")] = 0;
	b.name = name;
	read_board(&r, &b);
	if (r.errors)
		return -1;
	*out = b;
	return 0;
}

/* ---- constraint files ---------------------------------------------------- */

const char *board_link_name(enum board_link link)
{
	static const char *const names[] = {"none", "uart", "ft245", "ft601", "pcie"};
	return names[link];
}

const char *board_constraints_ext(const struct board *b)
{
	return b->family == TARGET_ECP5 ? "lpf" : b->family == TARGET_GOWIN ? "cst" : "pcf";
}

/* One port of the board top: its name, pin, I/O type, pull and, for a
 * clock, its frequency in MHz (0: not a clock). */
struct port {
	const char *name, *pin, *iostd;
	enum board_pull pull;
	double mhz;
};

static void write_port(const struct board *b, const struct port *p, FILE *f)
{
	/* indexed by enum board_pull; NULL: no attribute (iCE40 has no
	 * pull-down: board_load refuses one) */
	static const char *const ice40_pull[4] = {
		[BOARD_PULL_NONE] = "-pullup no ", [BOARD_PULL_UP] = "-pullup yes ",
	};
	static const char *const lpf_pull[4] = {
		[BOARD_PULL_NONE] = " PULLMODE=NONE", [BOARD_PULL_UP] = " PULLMODE=UP",
		[BOARD_PULL_DOWN] = " PULLMODE=DOWN",
	};
	static const char *const cst_pull[4] = {
		[BOARD_PULL_NONE] = " PULL_MODE=NONE", [BOARD_PULL_UP] = " PULL_MODE=UP",
		[BOARD_PULL_DOWN] = " PULL_MODE=DOWN",
	};
	switch (b->family) {
	case TARGET_ECP5:
		fprintf(f, "LOCATE COMP \"%s\" SITE \"%s\";\n", p->name, p->pin);
		fprintf(f, "IOBUF PORT \"%s\" IO_TYPE=%s%s;\n", p->name, p->iostd,
			lpf_pull[p->pull] ? lpf_pull[p->pull] : "");
		if (p->mhz > 0)
			fprintf(f, "FREQUENCY PORT \"%s\" %g MHZ;\n", p->name, p->mhz);
		break;
	case TARGET_GOWIN:
		fprintf(f, "IO_LOC \"%s\" %s;\n", p->name, p->pin);
		fprintf(f, "IO_PORT \"%s\" IO_TYPE=%s%s;\n", p->name, p->iostd,
			cst_pull[p->pull] ? cst_pull[p->pull] : "");
		break;
	default: /* ice40 */
		fprintf(f, "set_io %s%s %s\n", ice40_pull[p->pull] ? ice40_pull[p->pull] : "",
			p->name, p->pin);
		if (p->mhz > 0)
			fprintf(f, "set_frequency %s %g\n", p->name, p->mhz);
		break;
	}
}

int board_write_constraints(const struct board *b, unsigned nleds, FILE *f)
{
	if (nleds > b->nleds) {
		fprintf(stderr, "sluice: error: %u LEDs asked of board '%s', which has %u\n",
			nleds, b->name, b->nleds);
		return -1;
	}
	const char *c = b->family == TARGET_GOWIN ? "//" : "#";
	fprintf(f, "%s The pins of the board top level on %s (%s):\n"
		   "%s written by sluice from %s.\n",
		c, b->title, b->part, c, b->path);
	/* the UART's line idles high: a pull-up keeps a receiver whose host
	 * side is not driven (no cable, chip unpowered) from seeing bits */
	struct port ports[20];
	unsigned n = 0;
	const char *io = b->io_standard;
	ports[n++] = (struct port){"clk", b->clock.pin, io, BOARD_PULL_DEFAULT, b->clock_mhz};
	if (b->link == BOARD_LINK_UART) {
		ports[n++] = (struct port){"uart_rx", b->uart_rx.pin, io, BOARD_PULL_UP, 0};
		ports[n++] = (struct port){"uart_tx", b->uart_tx.pin, io, BOARD_PULL_DEFAULT, 0};
	}
	/* the FIFO's flags idle high (pulled up: no chip, no data, no room),
	 * its clock is the chip's */
	static const char *const data_names[8] = {
		"ft_data[0]", "ft_data[1]", "ft_data[2]", "ft_data[3]",
		"ft_data[4]", "ft_data[5]", "ft_data[6]", "ft_data[7]",
	};
	if (b->link == BOARD_LINK_FT245) {
		ports[n++] = (struct port){"ft_clk", b->ft_clk.pin, io, BOARD_PULL_DEFAULT, BOARD_FT245_MHZ};
		for (unsigned i = 0; i < 8; i++)
			ports[n++] = (struct port){data_names[i], b->ft_data[i].pin, io, BOARD_PULL_DEFAULT, 0};
		ports[n++] = (struct port){"ft_rxf_n", b->ft_rxf.pin, io, BOARD_PULL_UP, 0};
		ports[n++] = (struct port){"ft_txe_n", b->ft_txe.pin, io, BOARD_PULL_UP, 0};
		ports[n++] = (struct port){"ft_rd_n", b->ft_rd.pin, io, BOARD_PULL_DEFAULT, 0};
		ports[n++] = (struct port){"ft_wr_n", b->ft_wr.pin, io, BOARD_PULL_DEFAULT, 0};
		ports[n++] = (struct port){"ft_oe_n", b->ft_oe.pin, io, BOARD_PULL_DEFAULT, 0};
		if (b->ft_siwu.pin)
			ports[n++] = (struct port){"ft_siwu_n", b->ft_siwu.pin, io, BOARD_PULL_DEFAULT, 0};
	}
	for (unsigned i = 0; i < n; i++)
		write_port(b, &ports[i], f);
	for (unsigned i = 0; i < nleds; i++) {
		char name[16];
		snprintf(name, sizeof name, "led%u", i);
		struct port p = {name, b->leds[i].pin, b->led_io_standard, BOARD_PULL_DEFAULT, 0};
		write_port(b, &p, f);
	}
	if (b->has_reset) {
		struct port p = {"rst_btn", b->reset.pin, b->reset_io_standard, b->reset_pull, 0};
		write_port(b, &p, f);
	}
	for (unsigned i = 0; i < b->nties; i++) {
		char name[16];
		snprintf(name, sizeof name, "tie%u", i);
		struct port p = {name, b->ties[i].pin.pin, b->io_standard, BOARD_PULL_DEFAULT, 0};
		write_port(b, &p, f);
	}
	if (fflush(f) || ferror(f)) {
		fprintf(stderr, "sluice: error: cannot write the %s file of board '%s': %s\n",
			board_constraints_ext(b), b->name, strerror(errno));
		return -1;
	}
	return 0;
}

unsigned board_nextpnr_args(struct hls_ctx *ctx, const struct board *b, const char ***argv)
{
	const char **a = NULL;
	unsigned n = 0;
	struct arena *ar = &ctx->arena;
	if (b->family == TARGET_GOWIN) {
		VEC_PUSH(ar, a, n, "--device");
		VEC_PUSH(ar, a, n, b->device);
		VEC_PUSH(ar, a, n, "--vopt");
		VEC_PUSH(ar, a, n, arena_printf(ar, "family=%s", b->gowin_family));
	} else {
		VEC_PUSH(ar, a, n, arena_printf(ar, "--%s", b->device));
		VEC_PUSH(ar, a, n, "--package");
		VEC_PUSH(ar, a, n, b->package);
		if (b->family == TARGET_ECP5 && b->speed) {
			VEC_PUSH(ar, a, n, "--speed");
			VEC_PUSH(ar, a, n, arena_printf(ar, "%u", b->speed));
		}
	}
	VEC_PUSH(ar, a, n, "--freq");
	VEC_PUSH(ar, a, n, arena_printf(ar, "%g", b->clock_mhz));
	unsigned count = n;
	VEC_PUSH(ar, a, n, NULL);
	*argv = a;
	return count;
}
