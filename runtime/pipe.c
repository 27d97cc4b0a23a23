/*
 * pipe.c -- host pipes: blocking and non-blocking read and write, and
 * map/unmap for bulk transfers, over the host link's pipe words
 * (sl_link_h2d_write / sl_link_d2h_read).
 *
 * Guarantees:
 *   - a call moves a whole number of words of the pipe, in order; the
 *     words of one call are not interleaved with another call's on the same
 *     pipe (pipe->lock is held for the call);
 *   - a write takes a word only when the device has room for it (credit),
 *     so a taken word always reaches the kernel: "written" means that;
 *   - a non-blocking call that fails changes nothing: all of its words or
 *     none;
 *   - d2h words that the host has taken off the link but not consumed (a
 *     read mapping, what an early unmap left, what a failed blocking read
 *     had gathered) wait in pipe->buf and come first on the next read, so
 *     no word is lost or reordered;
 *   - a blocking call is registered on its pipe (op_*), and whichever
 *     thread drives the link moves its words (rt_pipes_service), so host
 *     threads blocked on different pipes all progress at once.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Most bytes one mapping offers. */
#define MAP_MAX ((size_t)4 << 20)

/* Finds host pipe `name` and checks what every call checks.  want_h2d: the
 * call writes (true) or reads. */
static int host_pipe(sluice_module *mod, const char *name, bool want_h2d, const void *data,
		     size_t size, const char *fn, struct rt_pipe **out)
{
	if (!mod || !name)
		return rt_err(SLUICE_E_INVALID_ARG, "%s: %s is NULL", fn, mod ? "pipe" : "mod");
	struct rt_pipe *p = rt_find_pipe(mod, name);
	if (!p)
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has no pipe '%s'", mod->name, name);
	if (p->link_id < 0)
		return rt_err(SLUICE_E_NOT_FOUND, "pipe '%s' of module '%s' is a%s pipe, not a host "
			      "pipe: the host cannot reach it", name, mod->name,
			      p->kind == RT_PIPE_IO ? "n I/O" : " kernel-to-kernel");
	if (p->info.host_writes != want_h2d)
		return rt_err(SLUICE_E_DIRECTION, "host pipe '%s' is %s: the host %s it and kernel "
			      "'%s' %s it, so the host cannot %s it", name,
			      p->info.host_writes ? "h2d" : "d2h",
			      p->info.host_writes ? "writes" : "reads",
			      p->info.host_writes ? p->info.reader : p->info.writer,
			      p->info.host_writes ? "reads" : "writes", want_h2d ? "write" : "read");
	if (size % p->info.word_size)
		return rt_err(SLUICE_E_SIZE, "pipe '%s' carries %zu-byte words (%s); %zu bytes is not "
			      "a whole number of them", name, p->info.word_size,
			      *p->info.type ? p->info.type : "its type", size);
	if (size && !data)
		return rt_err(SLUICE_E_INVALID_ARG, "%s: data is NULL and size is %zu", fn, size);
	*out = p;
	return SLUICE_OK;
}

static int busy(const struct rt_pipe *p)
{
	return rt_err(SLUICE_E_BUSY, "pipe '%s' is mapped: unmap it before reading or writing "
		      "it otherwise", p->info.name);
}

/* Grows p->buf to at least n bytes. */
static int reserve(struct rt_pipe *p, size_t n)
{
	if (p->cap >= n)
		return SLUICE_OK;
	uint8_t *b = realloc(p->buf, n);
	if (!b)
		return rt_err(SLUICE_E_NO_MEM, "out of memory for %zu bytes of pipe '%s'", n,
			      p->info.name);
	p->buf = b;
	p->cap = n;
	return SLUICE_OK;
}

/* ---- writing ------------------------------------------------------------------ */

/* Hands up to nwords words to the link (device lock held); returns how many
 * it took. */
static size_t h2d_put(sluice_device *d, struct rt_pipe *p, const uint8_t *data, size_t nwords)
{
	size_t took = 0;
	if (nwords)
		sl_link_h2d_write(d->link, (unsigned)p->link_id, data, nwords, &took);
	p->words += took;
	d->host_words += took;
	return took;
}

static int write_blocking(sluice_module *mod, struct rt_pipe *p, const uint8_t *data, size_t size)
{
	sluice_device *d = mod->dev;
	size_t n = size / p->info.word_size;
	struct rt_wait w;
	int rc = rt_dev_enter(d);
	if (rc)
		return rc;
	rt_wait_init(&w, -1, "to write %zu bytes to pipe '%s'", size, p->info.name);
	w.pipe = p;
	p->op_src = data;
	p->op_words = n;
	p->op_done = 0;
	p->op_active = true;
	rt_pipes_service(d);
	while (p->op_done < n && !(rc = rt_wait_round(d, &w)))
		;
	p->op_active = false;
	if (rc && p->op_done)
		rt_err_append("(%zu of the %zu words were written.)", p->op_done, n);
	if (!rc)
		rc = rt_pump(d, 0); /* on its way now, not at the next call */
	rt_dev_leave(d);
	return rc;
}

int sluice_pipe_write(sluice_module *mod, const char *pipe, const void *data, size_t size)
{
	struct rt_pipe *p;
	int rc = host_pipe(mod, pipe, true, data, size, "sluice_pipe_write", &p);
	if (rc)
		return rc;
	pthread_mutex_lock(&p->lock);
	rc = p->mapped ? busy(p) : write_blocking(mod, p, data, size);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int sluice_pipe_write_nb(sluice_module *mod, const char *pipe, const void *data, size_t size,
			 bool *ok)
{
	struct rt_pipe *p;
	int rc = host_pipe(mod, pipe, true, data, size, "sluice_pipe_write_nb", &p);
	if (rc)
		return rc;
	if (!ok)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_pipe_write_nb: ok is NULL");
	pthread_mutex_lock(&p->lock);
	if (p->mapped) {
		rc = busy(p);
		goto out;
	}
	sluice_device *d = mod->dev;
	if ((rc = rt_dev_enter(d)))
		goto out;
	size_t n = size / p->info.word_size;
	bool fits = sl_link_h2d_space(d->link, (unsigned)p->link_id) >= n;
	if (!fits) {
		rc = rt_pump(d, d->timing.poll_round);
		fits = !rc && sl_link_h2d_space(d->link, (unsigned)p->link_id) >= n;
	}
	if (fits) {
		size_t took = h2d_put(d, p, data, n);
		if (took != n) /* space said they fit */
			rc = rt_err(SLUICE_E_INTERNAL, "pipe '%s': the link took %zu of %zu words it "
				    "had room for", p->info.name, took, n);
		else
			rc = rt_pump(d, 0);
	}
	rt_dev_leave(d);
	if (!rc)
		*ok = fits;
out:
	pthread_mutex_unlock(&p->lock);
	return rc;
}

/* ---- reading -------------------------------------------------------------------- */

/* Words the host can read now: pending in p->buf plus arrived on the link. */
static size_t d2h_avail(sluice_device *d, const struct rt_pipe *p)
{
	return p->len / p->info.word_size + sl_link_d2h_avail(d->link, (unsigned)p->link_id);
}

/* Takes up to nbytes (whole words) into out: pending bytes first, then the
 * link's.  Returns the bytes taken. */
static size_t d2h_take(sluice_device *d, struct rt_pipe *p, uint8_t *out, size_t nbytes)
{
	size_t k = p->len < nbytes ? p->len : nbytes;
	if (k) {
		memcpy(out, p->buf + p->off, k);
		p->off += k;
		p->len -= k;
		if (!p->len)
			p->off = 0;
	}
	size_t got = 0;
	if (k < nbytes)
		sl_link_d2h_read(d->link, (unsigned)p->link_id, out + k, (nbytes - k) / p->info.word_size,
				 &got);
	k += got * p->info.word_size;
	p->words += got;
	d->host_words += got;
	return k;
}

/* Puts bytes that a failed read had gathered back in front of the pipe. */
static void d2h_unread(struct rt_pipe *p, const uint8_t *bytes, size_t n)
{
	if (!n || reserve(p, p->len + n))
		return; /* out of memory: the words are lost, the error says so anyway */
	if (p->len)
		memmove(p->buf + n, p->buf + p->off, p->len);
	memcpy(p->buf, bytes, n);
	p->off = 0;
	p->len += n;
}

void rt_pipes_service(sluice_device *d)
{
	sluice_module *m = d->mod;
	for (unsigned i = 0; i < m->n_h2d; i++) {
		struct rt_pipe *p = m->h2d[i];
		if (p->op_active && p->op_done < p->op_words)
			p->op_done += h2d_put(d, p, p->op_src + p->op_done * p->info.word_size,
					      p->op_words - p->op_done);
	}
	for (unsigned i = 0; i < m->n_d2h; i++) {
		struct rt_pipe *p = m->d2h[i];
		size_t got = 0;
		if (!p->op_active || p->op_done == p->op_words)
			continue;
		sl_link_d2h_read(d->link, (unsigned)p->link_id, p->op_dst + p->op_done * p->info.word_size,
				 p->op_words - p->op_done, &got);
		p->op_done += got;
		p->words += got;
		d->host_words += got;
	}
}

unsigned rt_pipes_calls(const sluice_device *d, bool finished)
{
	const sluice_module *m = d->mod;
	unsigned n = 0;
	for (size_t i = 0; i < m->npipes; i++)
		n += m->pipes[i].op_active &&
		     (m->pipes[i].op_done == m->pipes[i].op_words) == finished;
	return n;
}

static int read_blocking(sluice_module *mod, struct rt_pipe *p, uint8_t *data, size_t size)
{
	sluice_device *d = mod->dev;
	size_t wb = p->info.word_size;
	struct rt_wait w;
	int rc = rt_dev_enter(d);
	if (rc)
		return rc;
	rt_wait_init(&w, -1, "to read %zu bytes from pipe '%s'", size, p->info.name);
	w.pipe = p;
	size_t first = d2h_take(d, p, data, size); /* pending words first, then the link's */
	p->op_dst = data + first;
	p->op_words = (size - first) / wb;
	p->op_done = 0;
	p->op_active = true;
	while (p->op_done < p->op_words && !(rc = rt_wait_round(d, &w)))
		;
	p->op_active = false;
	size_t done = first + p->op_done * wb;
	if (rc) {
		d2h_unread(p, data, done);
		if (done)
			rt_err_append("(%zu of the %zu bytes had arrived; they stay in the pipe for "
				      "the next read.)", done, size);
	} else {
		rc = rt_pump(d, 0); /* the credit for what was read goes out */
	}
	rt_dev_leave(d);
	return rc;
}

int sluice_pipe_read(sluice_module *mod, const char *pipe, void *data, size_t size)
{
	struct rt_pipe *p;
	int rc = host_pipe(mod, pipe, false, data, size, "sluice_pipe_read", &p);
	if (rc)
		return rc;
	pthread_mutex_lock(&p->lock);
	rc = p->mapped ? busy(p) : read_blocking(mod, p, data, size);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int sluice_pipe_read_nb(sluice_module *mod, const char *pipe, void *data, size_t size, bool *ok)
{
	struct rt_pipe *p;
	int rc = host_pipe(mod, pipe, false, data, size, "sluice_pipe_read_nb", &p);
	if (rc)
		return rc;
	if (!ok)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_pipe_read_nb: ok is NULL");
	pthread_mutex_lock(&p->lock);
	if (p->mapped) {
		rc = busy(p);
		goto out;
	}
	sluice_device *d = mod->dev;
	if ((rc = rt_dev_enter(d)))
		goto out;
	size_t n = size / p->info.word_size;
	bool there = d2h_avail(d, p) >= n;
	if (!there) {
		rc = rt_pump(d, d->timing.poll_round);
		there = !rc && d2h_avail(d, p) >= n;
	}
	if (there) {
		d2h_take(d, p, data, size);
		rc = rt_pump(d, 0);
	}
	rt_dev_leave(d);
	if (!rc)
		*ok = there;
out:
	pthread_mutex_unlock(&p->lock);
	return rc;
}

/* ---- map / unmap ------------------------------------------------------------------ */

static void *map_fail(void)
{
	return NULL;
}

/* A read mapping: waits for a word, then gathers what has arrived (up to
 * want bytes) in p->buf, after what is pending there. */
static int map_read(sluice_module *mod, struct rt_pipe *p, size_t want)
{
	sluice_device *d = mod->dev;
	struct rt_wait w;
	int rc = rt_dev_enter(d);
	if (rc)
		return rc;
	rt_wait_init(&w, -1, "to map pipe '%s' for reading (no word has arrived)", p->info.name);
	w.pipe = p;
	while (!rc && d2h_avail(d, p) == 0)
		rc = rt_wait_round(d, &w);
	if (!rc && p->len < want) {
		if (p->off) {
			if (p->len)
				memmove(p->buf, p->buf + p->off, p->len);
			p->off = 0;
		}
		size_t wb = p->info.word_size;
		size_t more = sl_link_d2h_avail(d->link, (unsigned)p->link_id) * wb;
		if (more > want - p->len)
			more = want - p->len;
		if (!(rc = reserve(p, p->len + more))) {
			size_t got = 0;
			sl_link_d2h_read(d->link, (unsigned)p->link_id, p->buf + p->len, more / wb, &got);
			p->len += got * wb;
			p->words += got;
			d->host_words += got;
			rc = rt_pump(d, 0);
		}
	}
	rt_dev_leave(d);
	return rc;
}

void *sluice_pipe_map(sluice_module *mod, const char *pipe, int flags, size_t requested,
		      size_t *mapped)
{
	struct rt_pipe *p;
	if (flags != SLUICE_MAP_WRITE && flags != SLUICE_MAP_READ) {
		rt_err(SLUICE_E_INVALID_ARG, "sluice_pipe_map: flags must be SLUICE_MAP_WRITE or "
		       "SLUICE_MAP_READ, not %d", flags);
		return map_fail();
	}
	if (!mapped) {
		rt_err(SLUICE_E_INVALID_ARG, "sluice_pipe_map: mapped is NULL");
		return map_fail();
	}
	bool w = flags == SLUICE_MAP_WRITE;
	if (host_pipe(mod, pipe, w, "", 0, "sluice_pipe_map", &p))
		return map_fail();
	size_t wb = p->info.word_size;
	if (requested < wb) {
		rt_err(SLUICE_E_SIZE, "pipe '%s' carries %zu-byte words; a mapping of %zu bytes holds "
		       "none", p->info.name, wb, requested);
		return map_fail();
	}
	size_t want = requested > MAP_MAX ? MAP_MAX : requested;
	want -= want % wb;

	pthread_mutex_lock(&p->lock);
	void *ptr = NULL;
	int rc = SLUICE_OK;
	if (p->mapped)
		rc = rt_err(SLUICE_E_BUSY, "pipe '%s' is mapped already; unmap it first", p->info.name);
	else if (w)
		rc = reserve(p, want);
	else
		rc = map_read(mod, p, want);
	if (!rc) {
		p->mapped = true;
		p->map_base = w ? 0 : p->off;
		p->map_next = 0;
		p->map_size = w ? want : (p->len < want ? p->len : want);
		ptr = p->buf + p->map_base;
		*mapped = p->map_size;
	}
	pthread_mutex_unlock(&p->lock);
	return ptr;
}

int sluice_pipe_unmap(sluice_module *mod, const char *pipe, void *ptr, size_t size)
{
	if (!mod || !pipe)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_pipe_unmap: %s is NULL",
			      mod ? "pipe" : "mod");
	struct rt_pipe *p = rt_find_pipe(mod, pipe);
	if (!p || p->link_id < 0)
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has no host pipe '%s'", mod->name, pipe);
	if (size % p->info.word_size)
		return rt_err(SLUICE_E_SIZE, "pipe '%s' carries %zu-byte words; %zu bytes is not a "
			      "whole number of them", pipe, p->info.word_size, size);
	pthread_mutex_lock(&p->lock);
	int rc = SLUICE_OK;
	uint8_t *next = p->mapped ? p->buf + p->map_base + p->map_next : NULL;
	if (!p->mapped)
		rc = rt_err(SLUICE_E_INVALID_ARG, "pipe '%s' is not mapped", pipe);
	else if ((uint8_t *)ptr != next)
		rc = rt_err(SLUICE_E_INVALID_ARG, "pipe '%s': ptr must be the next mapped address "
			    "(the mapping's start + %zu bytes already unmapped)", pipe, p->map_next);
	else if (size > p->map_size - p->map_next)
		rc = rt_err(SLUICE_E_INVALID_ARG, "pipe '%s': %zu bytes are left in the mapping; "
			    "cannot unmap %zu", pipe, p->map_size - p->map_next, size);
	if (rc)
		goto out;
	if (size == 0) {
		p->mapped = false; /* early end: d2h words stay pending in p->buf */
		goto out;
	}
	if (p->info.host_writes) {
		rc = write_blocking(mod, p, next, size);
		if (rc)
			p->mapped = false;
	} else {
		p->off += size;
		p->len -= size;
		if (!p->len)
			p->off = 0;
	}
	p->map_next += size;
	if (p->map_next == p->map_size)
		p->mapped = false;
out:
	pthread_mutex_unlock(&p->lock);
	return rc;
}
