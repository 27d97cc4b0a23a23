/*
 * run_values.c -- the values of `sluice run`: parsing and printing pipe
 * words and kernel arguments by type, and loading input files.
 *
 * Guarantees: a value is accepted only if it fits its type (width and
 * sign; hex may give a signed type's bit pattern); integers of any width
 * are parsed exactly (byte-wise arithmetic, no 64-bit limit); a binary
 * file must hold a whole number of words; every refusal names the file and
 * line, the value and the range that fits.
 */
#include "run_values.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int run_fail(int status, const char *fmt, ...)
{
	va_list ap;
	fputs("sluice: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return status;
}

/* ---- types and values ------------------------------------------------------------ */

static bool has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
		if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return true;
	return false;
}

/* Whether a C type as written is a signed integer type (typedef names other
 * than the <stdint.h> ones count as unsigned). */
static bool type_is_signed(const char *t)
{
	static const char *const words[] = {"signed", "int", "short", "long", "char",
					    "_BitInt", "ssize_t", "ptrdiff_t", "intptr_t",
					    "intmax_t"};
	unsigned n;
	if (has_word(t, "unsigned"))
		return false;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (has_word(t, words[i]))
			return true;
	for (const char *p = t; *p; p++)
		if ((p == t || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    (sscanf(p, "int%u_t", &n) == 1 || sscanf(p, "int_least%u_t", &n) == 1 ||
		     sscanf(p, "int_fast%u_t", &n) == 1))
			return true;
	return false;
}

void vtype_of_pipe(const struct sluice_pipe_info *p, struct vtype *vt)
{
	const char *t = p->type ? p->type : "";
	vt->kind = !strcmp(t, "float") && p->width == 32 ? V_FLOAT
		   : !strcmp(t, "double") && p->width == 64 ? V_DOUBLE : V_INT;
	vt->width = p->width;
	vt->size = p->word_size;
	vt->is_signed = vt->kind != V_INT || type_is_signed(t);
	snprintf(vt->what, sizeof vt->what, "pipe '%s' (%s)", p->name, *t ? t : "no type");
}

const char *vtype_range(const struct vtype *vt, char *buf, size_t cap)
{
	unsigned w = vt->width;
	if (vt->kind != V_INT)
		snprintf(buf, cap, "a %s", vt->kind == V_FLOAT ? "float" : "double");
	else if (w > 64)
		snprintf(buf, cap, "%u-bit %s values", w, vt->is_signed ? "signed" : "unsigned");
	else if (vt->is_signed)
		snprintf(buf, cap, "%lld to %lld", (long long)(w == 64 ? INT64_MIN : -(1ll << (w - 1))),
			 (long long)(w == 64 ? INT64_MAX : (1ll << (w - 1)) - 1));
	else
		snprintf(buf, cap, "0 to %llu",
			 (unsigned long long)(w == 64 ? UINT64_MAX : (1ull << w) - 1));
	return buf;
}

/* Parses one integer (decimal or 0x hex, optional sign) into out: vt->size
 * bytes, little-endian two's complement.  A hex value may also give a signed
 * type's bit pattern (0xffffffff for an int32_t).  Returns NULL, or why not. */
static const char *parse_int(const char *s, const struct vtype *vt, uint8_t *out)
{
	size_t n = vt->size + 1;
	uint8_t *mag = calloc(n, 1);
	const char *why = NULL;
	bool neg = false, hex = false, any = false;

	if (!mag)
		return "out of memory";
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = true;
		s += 2;
	}
	for (; *s && !why; s++) {
		unsigned d, carry;
		if (isdigit((unsigned char)*s))
			d = (unsigned)(*s - '0');
		else if (hex && isxdigit((unsigned char)*s))
			d = (unsigned)(tolower((unsigned char)*s) - 'a' + 10);
		else {
			why = "is not a number";
			break;
		}
		carry = d;
		for (size_t i = 0; i < n; i++) {
			unsigned v = mag[i] * (hex ? 16u : 10u) + carry;
			mag[i] = (uint8_t)v;
			carry = v >> 8;
		}
		any = true;
		if (carry)
			why = "is out of range";
	}
	if (!why && !any)
		why = "is not a number";
	unsigned bits = 0; /* of the magnitude */
	for (size_t i = n; i-- > 0 && !bits;)
		for (unsigned b = 8; b-- > 0 && !bits;)
			if (mag[i] >> b & 1)
				bits = (unsigned)(i * 8 + b + 1);
	if (!why && neg && bits) {
		bool pow2 = true; /* the magnitude is 2^(bits-1) */
		for (unsigned b = 0; b + 1 < bits; b++)
			pow2 &= !(mag[b / 8] >> (b % 8) & 1);
		if (!vt->is_signed)
			why = "is negative";
		else if (bits > vt->width || (bits == vt->width && !pow2))
			why = "is out of range";
	} else if (!why && bits > (vt->is_signed && !hex ? vt->width - 1 : vt->width)) {
		why = "is out of range";
	}
	if (!why) {
		unsigned carry = 1;
		for (size_t i = 0; i < vt->size; i++) { /* two's complement if negative */
			unsigned v = neg ? (uint8_t)~mag[i] + carry : mag[i];
			out[i] = (uint8_t)v;
			carry = neg ? v >> 8 : 0;
		}
		/* sign-extend a signed type's bit pattern to the whole bytes */
		unsigned top = vt->width - 1;
		if (vt->is_signed && vt->width < 8 * vt->size && (out[top / 8] >> (top % 8) & 1)) {
			out[top / 8] |= (uint8_t)(0xff << (top % 8));
			memset(out + top / 8 + 1, 0xff, vt->size - top / 8 - 1);
		}
	}
	free(mag);
	return why;
}

const char *value_parse(const char *s, const struct vtype *vt, uint8_t *out)
{
	char *end;
	if (vt->kind == V_FLOAT || vt->kind == V_DOUBLE) {
		errno = 0;
		double d = strtod(s, &end);
		if (end == s || *end)
			return "is not a number";
		if (vt->kind == V_FLOAT) {
			float f = (float)d;
			memcpy(out, &f, sizeof f);
		} else {
			memcpy(out, &d, sizeof d);
		}
		return NULL;
	}
	if (!strcmp(s, "true") || !strcmp(s, "false"))
		s = s[0] == 't' ? "1" : "0";
	return parse_int(s, vt, out);
}

void value_print(FILE *f, const struct vtype *vt, const uint8_t *w)
{
	if (vt->kind == V_FLOAT) {
		float x;
		memcpy(&x, w, sizeof x);
		fprintf(f, "%.9g\n", (double)x);
	} else if (vt->kind == V_DOUBLE) {
		double x;
		memcpy(&x, w, sizeof x);
		fprintf(f, "%.17g\n", x);
	} else if (vt->width <= 64) {
		uint64_t v = 0;
		for (size_t i = vt->size; i-- > 0;)
			v = v << 8 | w[i];
		if (vt->width < 64)
			v &= (1ull << vt->width) - 1;
		if (vt->is_signed && vt->width < 64 && (v >> (vt->width - 1) & 1))
			v |= ~0ull << vt->width;
		if (vt->is_signed)
			fprintf(f, "%lld\n", (long long)v);
		else
			fprintf(f, "%llu\n", (unsigned long long)v);
	} else {
		fputs("0x", f);
		for (size_t i = vt->size; i-- > 0;)
			fprintf(f, "%02x", w[i]);
		fputc('\n', f);
	}
}

/* ---- files --------------------------------------------------------------------- */

static int slurp(const char *file, uint8_t **data, size_t *len)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
	size_t cap = 1 << 16, n = 0;
	uint8_t *b = malloc(cap + 1);
	if (!f || !b) {
		free(b);
		return f ? run_fail(1, "out of memory reading '%s'", file)
			 : run_fail(1, "cannot read '%s': %s", file, strerror(errno));
	}
	for (;;) {
		if (n == cap) {
			uint8_t *nb = realloc(b, 2 * cap + 1);
			if (!nb)
				break;
			b = nb;
			cap *= 2;
		}
		size_t k = fread(b + n, 1, cap - n, f);
		n += k;
		if (k == 0)
			break;
	}
	bool bad = ferror(f) || n == cap;
	int err = errno;
	if (f != stdin)
		fclose(f);
	if (bad) {
		free(b);
		return run_fail(1, "cannot read '%s': %s", file, n == cap ? "out of memory" : strerror(err));
	}
	b[n] = 0;
	*data = b;
	*len = n;
	return 0;
}

static const char *file_name(const char *file)
{
	return strcmp(file, "-") ? file : "<stdin>";
}

int words_load(const char *file, bool text, const struct vtype *vt, uint8_t **data,
	       size_t *nwords)
{
	uint8_t *raw = NULL, *words;
	size_t len = 0, ws = vt->size, n = 0, cap = 1024;
	int rc = slurp(file, &raw, &len);
	if (rc)
		return rc;
	if (!text) {
		if (len % ws) {
			free(raw);
			return run_fail(1, "%s: %zu bytes is not a whole number of the %zu-byte "
					"words of %s", file_name(file), len, ws, vt->what);
		}
		*data = raw;
		*nwords = len / ws;
		return 0;
	}
	unsigned line = 1;
	char *s = (char *)raw;
	words = malloc(cap * ws);
	while (words) {
		while (*s && (isspace((unsigned char)*s) || *s == '#')) {
			if (*s == '#')
				while (*s && *s != '\n')
					s++;
			else if (*s++ == '\n')
				line++;
		}
		if (!*s)
			break;
		char *tok = s;
		while (*s && !isspace((unsigned char)*s) && *s != '#')
			s++;
		char save = *s;
		*s = 0;
		if (n == cap) {
			uint8_t *more = realloc(words, 2 * cap * ws);
			if (!more) {
				free(words);
				words = NULL;
				break;
			}
			words = more;
			cap *= 2;
		}
		const char *why = value_parse(tok, vt, words + n * ws);
		if (why) {
			char range[80];
			rc = run_fail(1, "%s:%u: '%s' %s: %s takes %s", file_name(file), line, tok,
				      why, vt->what, vtype_range(vt, range, sizeof range));
			free(words);
			free(raw);
			return rc;
		}
		n++;
		*s = save;
	}
	free(raw);
	if (!words)
		return run_fail(1, "out of memory reading '%s'", file_name(file));
	*data = words;
	*nwords = n;
	return 0;
}

