/*
 * diag.c -- user diagnostics in clang's format.
 *
 *   file:line:col: error: message
 *       source line
 *           ^
 *
 * The source line is read from the file when it can be opened; a location
 * with no file prints as "sluice: error: message".  Errors and warnings are
 * counted in the struct diag so that a pass can report everything it finds
 * and the driver stops afterwards.
 */
#include "ir.h"

#include <stdio.h>
#include <string.h>

static void print_source_line(FILE *out, struct ir_loc loc)
{
	if (!loc.file || !loc.line)
		return;
	FILE *f = fopen(loc.file, "r");
	if (!f)
		return;
	char buf[4096];
	unsigned line = 0;
	while (fgets(buf, sizeof buf, f)) {
		size_t n = strlen(buf);
		bool whole = n && buf[n - 1] == '\n';
		if (++line == loc.line) {
			if (whole)
				buf[--n] = 0;
			fprintf(out, "%6u | %s\n", line, buf);
			if (loc.col) {
				fputs("       | ", out);
				for (unsigned i = 1; i < loc.col && i <= n; i++)
					fputc(buf[i - 1] == '\t' ? '\t' : ' ', out);
				fputs("^\n", out);
			}
			break;
		}
		/* a line longer than the buffer continues without counting */
		while (!whole && fgets(buf, sizeof buf, f)) {
			n = strlen(buf);
			whole = n && buf[n - 1] == '\n';
		}
	}
	fclose(f);
}

void diag_vreport(struct diag *d, const char *kind, struct ir_loc loc,
		  const char *fmt, va_list ap)
{
	if (d->quiet)
		return;
	FILE *out = d->out ? d->out : stderr;
	if (loc.file && loc.line && loc.col)
		fprintf(out, "%s:%u:%u: ", loc.file, loc.line, loc.col);
	else if (loc.file && loc.line)
		fprintf(out, "%s:%u: ", loc.file, loc.line);
	else if (loc.file)
		fprintf(out, "%s: ", loc.file);
	else
		fputs("sluice: ", out);
	fprintf(out, "%s: ", kind);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
	print_source_line(out, loc);
	if (!strcmp(kind, "error"))
		d->errors++;
	else if (!strcmp(kind, "warning"))
		d->warnings++;
}

#define DIAG_FN(fn, kind)                                                 \
	void fn(struct diag *d, struct ir_loc loc, const char *fmt, ...)  \
	{                                                                 \
		va_list ap;                                               \
		va_start(ap, fmt);                                        \
		diag_vreport(d, kind, loc, fmt, ap);                      \
		va_end(ap);                                               \
	}

DIAG_FN(diag_error, "error")
DIAG_FN(diag_warning, "warning")
DIAG_FN(diag_note, "note")
