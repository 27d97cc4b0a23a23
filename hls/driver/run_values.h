/*
 * run_values.h -- values for `sluice run` (run_values.c): what the words
 * of a pipe or a kernel argument are, reading them from text or binary
 * files and the command line, and printing them.
 *
 * A value is vtype.size bytes: the C value's bytes in host order (sluice
 * hosts are little-endian).  Every parse checks that the value fits the
 * type and says why not.
 */
#ifndef SLUICE_DRIVER_RUN_VALUES_H
#define SLUICE_DRIVER_RUN_VALUES_H

#include <sluice/runtime.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How the text form of a value reads and prints. */
enum vkind { V_INT, V_FLOAT, V_DOUBLE };

struct vtype {
	enum vkind kind;
	unsigned width;	/* bits */
	size_t size;	/* bytes */
	bool is_signed;
	char what[120];	/* "pipe 'in' (int32_t)", for messages */
};

/* Prints "sluice: error: MESSAGE" on stderr and returns status. */
int run_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The value type of a pipe's words: from its C type as written (signed
 * integer types by name, float and double), integers otherwise. */
void vtype_of_pipe(const struct sluice_pipe_info *p, struct vtype *vt);

/* The values that fit: "-128 to 127", "0 to 255", "128-bit unsigned values". */
const char *vtype_range(const struct vtype *vt, char *buf, size_t cap);

/* Parses one value (decimal or 0x hex integer with optional sign, true or
 * false, or a number for a float type) into out (vt->size bytes).  A hex
 * integer may give a signed type's bit pattern (0xffffffff for an int32_t).
 * Returns NULL, or why it is not a value of the type ("is out of range"). */
const char *value_parse(const char *s, const struct vtype *vt, uint8_t *out);

/* Prints one value and a newline: decimal (signed if the type is), %.9g or
 * %.17g for floats, 0x hex for integers wider than 64 bits. */
void value_print(FILE *f, const struct vtype *vt, const uint8_t *w);

/* Reads file ('-': stdin) as words of type vt into a new array *data:
 * binary (a whole number of words) or text (values separated by white
 * space, '#' to the end of a line is a comment).  Returns 0, or 1 after
 * printing the error (file:line for text). */
int words_load(const char *file, bool text, const struct vtype *vt, uint8_t **data,
	       size_t *nwords);

#endif
