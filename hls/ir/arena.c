/*
 * arena.c -- bump allocation for one compilation.
 *
 * Everything a compilation allocates (the IR, the schedule, names) comes
 * from the context's arena and is released at once by arena_free.  Chunks
 * grow geometrically; an allocation larger than a chunk gets its own.
 * Allocation failure is fatal: the compiler cannot go on without memory.
 */
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

#define CHUNK_MIN (64 * 1024)

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		fputs("sluice: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	size = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	struct arena_chunk *c = a->head;
	if (!c || c->size - c->used < size) {
		size_t want = size > CHUNK_MIN ? size : CHUNK_MIN;
		if (c && want < 2 * c->size && size <= CHUNK_MIN)
			want = 2 * c->size < 16 * 1024 * 1024 ? 2 * c->size : want;
		c = xmalloc(sizeof *c + want);
		c->size = want;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

void *arena_realloc(struct arena *a, void *p, size_t old, size_t size)
{
	if (size <= old)
		return p;
	void *q = arena_alloc(a, size);
	if (p && old)
		memcpy(q, p, old);
	return q;
}

char *arena_strdup(struct arena *a, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *p = arena_alloc(a, n);
	memcpy(p, s, n);
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	a->head = NULL;
}
