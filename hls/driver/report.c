/*
 * report.c -- `sluice report MODULE.sluice [--json] [--html FILE]`.
 *
 *   (no option)  the module's report.txt: per loop its II, length, stages
 *                and what limits the II, then the schedule state by state;
 *   --json       the manifest's "reports" (schedule file, FSM states per
 *                kernel, the kernels cut from others, and each loop of one block with its II, what
 *                limits it and its ops with their cycles) with the module's
 *                name, target and clock, for tools;
 *   --html FILE  a page that draws each loop's schedule: one row per op,
 *                one column per cycle of an iteration, stages shaded, and
 *                for a pipelined loop the iterations that overlap in the
 *                steady state; and for a board build (--board) the
 *                implementation: Fmax and each part's cells.
 * A board build's report.txt ends with its implementation (flow.c), so
 * the text report has it too.
 * Errors: not a module (no report.txt / manifest.json), a manifest that
 * does not parse, a file that cannot be written; exit status 1.
 */
#include "driver.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static int print_text(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/report.txt", dir);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "sluice: error: '%s' is not a sluice module (no report.txt)\n", dir);
		return 1;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
	return 0;
}

static json_t *load_manifest(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/manifest.json", dir);
	json_error_t err;
	json_t *m = json_load_file(path, 0, &err);
	if (!m)
		fprintf(stderr, "sluice: error: %s:%d: %s\n", path, err.line, err.text);
	else if (!json_is_object(json_object_get(m, "reports"))) {
		fprintf(stderr, "sluice: error: %s has no reports\n", path);
		json_decref(m);
		m = NULL;
	}
	return m;
}

static void html_text(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		default: fputc(*s, f);
		}
}

static long num(json_t *o, const char *key)
{
	return (long)json_integer_value(json_object_get(o, key));
}

static void html_loop(FILE *f, json_t *loop)
{
	long ii = num(loop, "ii"), len = num(loop, "cycles_per_iteration");
	json_t *loc = json_object_get(loop, "loc");
	fputs("<h2>", f);
	html_text(f, json_string_value(json_object_get(loop, "kernel")));
	fputs(", loop ", f);
	html_text(f, json_string_value(json_object_get(loop, "block")));
	fprintf(f, " <small>(%s:%ld)</small></h2>\n<p>",
		json_string_value(json_object_get(loc, "file")), num(loc, "line"));
	if (ii)
		fprintf(f, "Pipelined: a new iteration every <b>%ld</b> cycle%s (II), "
			"%ld cycles per iteration in %ld stages; %ld cycles per "
			"iteration unpipelined.", ii, ii == 1 ? "" : "s", len,
			num(loop, "stages"), num(loop, "unpipelined_cycles"));
	else
		fprintf(f, "Not pipelined: %ld cycles per iteration.", len);
	const char *limit = json_string_value(json_object_get(loop, "limit"));
	if (limit) {
		fputs(ii ? "<br>II limited by " : "<br>", f);
		html_text(f, limit);
	}
	fputs("</p>\n<table>\n<tr><th>op</th><th>line</th>", f);
	for (long c = 0; c < len; c++)
		fprintf(f, "<th class=\"s%ld\">%ld</th>", ii ? (c / ii) % 2 : 0, c);
	fputs("</tr>\n", f);
	size_t i;
	json_t *op;
	json_array_foreach(json_object_get(loop, "ops"), i, op) {
		long cy = num(op, "cycle"), lat = num(op, "latency");
		fputs("<tr><td class=\"op\">", f);
		html_text(f, json_string_value(json_object_get(op, "op")));
		fprintf(f, "</td><td>%ld</td>", num(op, "line"));
		for (long c = 0; c < len; c++) {
			bool on = c >= cy && c <= cy + lat;
			fprintf(f, "<td class=\"s%ld%s\">%s</td>", ii ? (c / ii) % 2 : 0,
				on ? " on" : "", c == cy ? "&#9632;" : on ? "&#8943;" : "");
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	if (!ii)
		return;
	/* the steady state: which cycle of which iteration runs when */
	long show = len + 2 * ii;
	fputs("<p>Iterations in flight (cell: the cycle of that iteration's "
	      "schedule that runs at that clock):</p>\n<table>\n<tr><th>clock</th>", f);
	for (long t = 0; t < show; t++)
		fprintf(f, "<th>%ld</th>", t);
	fputs("</tr>\n", f);
	for (long it = 0; it * ii < show && it < 12; it++) {
		fprintf(f, "<tr><td>iteration %ld</td>", it);
		for (long t = 0; t < show; t++) {
			long c = t - it * ii;
			if (c >= 0 && c < len)
				fprintf(f, "<td class=\"s%ld on\">%ld</td>", (c / ii) % 2, c);
			else
				fputs("<td></td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* A board build's implementation: Fmax against the design clock, then
 * per part of the design its cells. */
static void html_implementation(FILE *f, json_t *impl)
{
	double fmax = json_number_value(json_object_get(impl, "fmax_mhz"));
	double clk = json_number_value(json_object_get(impl, "clock_mhz"));
	fputs("<h2>Implementation on ", f);
	html_text(f, json_string_value(json_object_get(impl, "board")));
	fputs(" <small>(", f);
	html_text(f, json_string_value(json_object_get(impl, "part")));
	fprintf(f, ")</small></h2>\n<p>Fmax %.2f MHz for a design clock of %.2f MHz: %s.</p>\n",
		fmax, clk, fmax >= clk ? "met" : "<b>missed</b>");
	fputs("<table><tr><th>part of the design</th><th>LUT</th><th>FF</th><th>carry</th>"
	      "<th>RAM</th><th>DSP</th></tr>\n", f);
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(impl, "parts"), i, p) {
		fputs("<tr><td class=\"op\">", f);
		html_text(f, json_string_value(json_object_get(p, "part")));
		fputs("</td>", f);
		static const char *const kinds[] = {"lut", "ff", "carry", "ram", "dsp"};
		for (unsigned k = 0; k < 5; k++)
			fprintf(f, "<td>%ld</td>", num(p, kinds[k]));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* The memories: what each is and how its kernel reads and writes it. */
static void html_memories(FILE *f, json_t *mems)
{
	fputs("<h2>Memories</h2>\n<table><tr><th>kernel</th><th>memory</th><th>line</th>"
	      "<th>words</th><th>bits a word</th><th>kind</th><th>reads</th><th>read ports</th>"
	      "<th>writes</th><th>copies</th></tr>\n", f);
	size_t i;
	json_t *mem;
	json_array_foreach(mems, i, mem) {
		fputs("<tr><td class=\"op\">", f);
		html_text(f, json_string_value(json_object_get(mem, "kernel")));
		fputs("</td><td class=\"op\">", f);
		html_text(f, json_string_value(json_object_get(mem, "name")));
		fprintf(f, "</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%s</td>",
			num(json_object_get(mem, "loc"), "line"), num(mem, "depth"), num(mem, "width"),
			json_is_true(json_object_get(mem, "rom")) ? "ROM" : "RAM");
		static const char *const cols[] = {"reads", "read_ports", "writes", "copies"};
		for (unsigned c = 0; c < 4; c++)
			fprintf(f, "<td>%ld</td>", num(mem, cols[c]));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static int write_html(json_t *m, const char *out)
{
	FILE *f = fopen(out, "w");
	if (!f) {
		fprintf(stderr, "sluice: error: cannot write '%s'\n", out);
		return 1;
	}
	const char *name = json_string_value(json_object_get(m, "name"));
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sluice report: ", f);
	html_text(f, name);
	fputs("</title>\n<style>\n"
	      "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}\n"
	      "td,th{border:1px solid #ccc;padding:2px 6px;text-align:center;font-size:13px}\n"
	      "td.op{text-align:left;font-family:monospace;white-space:nowrap}\n"
	      ".s0{background:#fff}.s1{background:#eef3fb}.on{background:#7aa7e0;color:#fff}\n"
	      "</style></head><body>\n<h1>sluice report: ", f);
	html_text(f, name);
	fprintf(f, "</h1>\n<p>target %s, clock %.1f MHz. Columns shaded in turn are "
		"the stages of a pipelined loop (II cycles each).</p>\n",
		json_string_value(json_object_get(m, "target")),
		json_real_value(json_object_get(m, "clock_mhz")));
	json_t *loops = json_object_get(json_object_get(m, "reports"), "loops");
	size_t i;
	json_t *loop;
	if (!json_array_size(loops))
		fputs("<p>The module has no loop of one block.</p>\n", f);
	json_array_foreach(loops, i, loop)
		html_loop(f, loop);
	json_t *mems = json_object_get(json_object_get(m, "reports"), "memories");
	if (json_array_size(mems))
		html_memories(f, mems);
	json_t *impl = json_object_get(json_object_get(m, "reports"), "implementation");
	if (impl)
		html_implementation(f, impl);
	fputs("</body></html>\n", f);
	if (fclose(f)) {
		fprintf(stderr, "sluice: error: cannot write '%s'\n", out);
		return 1;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	const char *dir = NULL, *html = NULL;
	bool json = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!strcmp(argv[i], "--html") && i + 1 < argc)
			html = argv[++i];
		else if (argv[i][0] != '-' && !dir)
			dir = argv[i];
		else
			dir = NULL, argc = 0;
	}
	if (!dir) {
		fputs("usage: sluice report MODULE.sluice [--json] [--html FILE]\n", stderr);
		return 2;
	}
	if (!json && !html)
		return print_text(dir);
	json_t *m = load_manifest(dir);
	if (!m)
		return 1;
	int rc = 0;
	if (json) {
		json_t *out = json_pack("{s:O, s:O, s:O, s:O}", "name", json_object_get(m, "name"),
					"target", json_object_get(m, "target"),
					"clock_mhz", json_object_get(m, "clock_mhz"),
					"reports", json_object_get(m, "reports"));
		rc = out && json_dumpf(out, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0 ? 0 : 1;
		fputc('\n', stdout);
		json_decref(out);
	}
	if (html && !rc)
		rc = write_html(m, html);
	json_decref(m);
	return rc;
}
