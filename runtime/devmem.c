/*
 * devmem.c -- device memory: the buffers that kernels' pointer arguments
 * point into, and the copies to and from them.
 *
 * The design's device memory (rtl/sluice_devmem.v) has a host port fed by
 * the host pipe sluice_devmem_cmd and answering on sluice_devmem_data
 * (the manifest's "device_memory" names them).  Commands are 64-bit
 * words, a header {op[63:56], n[55:32], address[31:0]} and data:
 *
 *   WRITE (1)  n words follow, written at address, address + 8, ...
 *   READ (2)   n words come back on the data pipe
 *   ALLOC (3)  table entry n of the simulator's check becomes the buffer
 *              [address, address + length), length in the next word (0:
 *              free)
 *   STATUS (4) one word back: the first fault, {1, port, tag, address}
 *
 * so a copy is one burst of pipe words, at the link's full rate.  The
 * allocator is first fit over [64, bytes), 64-byte aligned, with at
 * least 64 free bytes after each buffer (address 0 and the bytes just past
 * a buffer are never another buffer's).  Every buffer is registered with
 * ALLOC, which the simulator's device memory checks each kernel access
 * against (boards ignore it).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { DM_WRITE = 1, DM_READ = 2, DM_ALLOC = 3, DM_STATUS = 4 };

#define DM_ALIGN 64u
#define DM_GAP 64u
#define DM_SLOTS 64u		/* the simulator's table (sluice_devmem ALLOCS) */
#define DM_BURST (1u << 20)	/* words per command (n has 24 bits) */

static uint64_t header(unsigned op, uint32_t n, uint32_t addr)
{
	return (uint64_t)op << 56 | (uint64_t)n << 32 | addr;
}

static int module_of(sluice_device *dev, const char *fn, sluice_module **out)
{
	if (!dev)
		return rt_err(SLUICE_E_INVALID_ARG, "%s: dev is NULL", fn);
	sluice_module *m = dev->mod;
	if (!m)
		return rt_err(SLUICE_E_BUSY, "%s: no module is loaded on the device", fn);
	if (!m->devmem)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "%s: module '%s' has no device memory "
			      "(no kernel takes a pointer argument)", fn, m->name);
	*out = m;
	return SLUICE_OK;
}

static const char *pipe_name(sluice_module *m, const char *key)
{
	json_t *s = json_object_get(m->devmem, key);
	return json_is_string(s) ? json_string_value(s) : key;
}

static int send(sluice_module *m, const uint64_t *w, size_t n)
{
	return sluice_pipe_write(m, pipe_name(m, "cmd_pipe"), w, n * sizeof *w);
}

static int receive(sluice_module *m, uint64_t *w, size_t n)
{
	return sluice_pipe_read(m, pipe_name(m, "data_pipe"), w, n * sizeof *w);
}

void *sluice_malloc_device(sluice_device *dev, size_t bytes)
{
	sluice_module *m;
	if (module_of(dev, "sluice_malloc_device", &m))
		return NULL;
	if (!bytes)
		bytes = 1;
	pthread_mutex_lock(&m->devmem_lock);
	uint64_t need = ((uint64_t)bytes + DM_ALIGN - 1) / DM_ALIGN * DM_ALIGN;
	uint64_t at = DM_ALIGN; /* address 0 is NULL */
	size_t i = 0;
	for (; i < m->nbufs; i++) {
		if (at + need + DM_GAP <= m->bufs[i].addr)
			break;
		at = ((uint64_t)m->bufs[i].addr + m->bufs[i].len + DM_GAP + DM_ALIGN - 1) /
		     DM_ALIGN * DM_ALIGN;
	}
	bool used[DM_SLOTS] = {false};
	for (size_t j = 0; j < m->nbufs; j++)
		used[m->bufs[j].slot] = true;
	unsigned slot = 0;
	while (slot < DM_SLOTS && used[slot])
		slot++;
	void *ret = NULL;
	struct rt_devbuf *nb;
	if (at + need > m->devmem_bytes) {
		rt_err(SLUICE_E_NO_MEM, "sluice_malloc_device: no room for %zu bytes in the "
		       "%llu bytes of device memory", bytes, (unsigned long long)m->devmem_bytes);
	} else if (slot == DM_SLOTS) {
		rt_err(SLUICE_E_NO_MEM, "sluice_malloc_device: at most %u device buffers at once",
		       DM_SLOTS);
	} else if (!(nb = realloc(m->bufs, (m->nbufs + 1) * sizeof *nb))) {
		rt_err(SLUICE_E_NO_MEM, "sluice_malloc_device: out of memory");
	} else {
		m->bufs = nb;
		memmove(&nb[i + 1], &nb[i], (m->nbufs - i) * sizeof *nb);
		nb[i] = (struct rt_devbuf){(uint32_t)at, (uint32_t)bytes, slot};
		m->nbufs++;
		uint64_t cmd[2] = {header(DM_ALLOC, slot, (uint32_t)at), bytes};
		if (send(m, cmd, 2) == SLUICE_OK) {
			ret = (void *)(uintptr_t)at;
		} else {
			rt_err_prefix("sluice_malloc_device");
			m->nbufs--;
			memmove(&nb[i], &nb[i + 1], (m->nbufs - i) * sizeof *nb);
		}
	}
	pthread_mutex_unlock(&m->devmem_lock);
	return ret;
}

int sluice_free_device(sluice_device *dev, void *ptr)
{
	if (!ptr)
		return SLUICE_OK;
	sluice_module *m;
	int rc = module_of(dev, "sluice_free_device", &m);
	if (rc)
		return rc;
	pthread_mutex_lock(&m->devmem_lock);
	uintptr_t a = (uintptr_t)ptr;
	size_t i = 0;
	while (i < m->nbufs && m->bufs[i].addr != a)
		i++;
	if (i == m->nbufs) {
		rc = rt_err(SLUICE_E_INVALID_ARG, "sluice_free_device: %p is not a buffer of "
			    "sluice_malloc_device", ptr);
	} else {
		uint64_t cmd[2] = {header(DM_ALLOC, m->bufs[i].slot, 0), 0};
		rc = send(m, cmd, 2);
		m->nbufs--;
		memmove(&m->bufs[i], &m->bufs[i + 1], (m->nbufs - i) * sizeof *m->bufs);
	}
	pthread_mutex_unlock(&m->devmem_lock);
	return rc;
}

/* Checks that [addr, addr + bytes) lies within one buffer. */
static int check_range(sluice_module *m, const char *fn, uintptr_t addr, size_t bytes)
{
	for (size_t i = 0; i < m->nbufs; i++) {
		const struct rt_devbuf *b = &m->bufs[i];
		if (addr >= b->addr && addr - b->addr <= b->len && bytes <= b->len - (addr - b->addr))
			return SLUICE_OK;
	}
	return rt_err(SLUICE_E_INVALID_ARG, "%s: device range [0x%llx, 0x%llx) is not within "
		      "one buffer of sluice_malloc_device", fn, (unsigned long long)addr,
		      (unsigned long long)addr + bytes);
}

/* Reads the words [lo, lo + 8n) into w. */
static int read_words(sluice_module *m, uint32_t lo, uint64_t *w, size_t n)
{
	for (size_t done = 0; done < n;) {
		size_t k = n - done < DM_BURST ? n - done : DM_BURST;
		uint64_t h = header(DM_READ, (uint32_t)k, lo + (uint32_t)(8 * done));
		int rc = send(m, &h, 1);
		if (!rc)
			rc = receive(m, w + done, k);
		if (rc)
			return rc;
		done += k;
	}
	return SLUICE_OK;
}

/* A copy of `bytes` at device address `addr` (host buffer `host`) in
 * function fn: the module, the device memory locked, the range checked;
 * *lo the first whole word, *n the words it touches, *words room for them.
 * 1 when there is nothing to do, a status on failure (unlocked). */
static int copy_enter(sluice_device *dev, const char *fn, uintptr_t addr, const void *host,
		      size_t bytes, sluice_module **m, uint32_t *lo, size_t *n, uint64_t **words)
{
	int rc = module_of(dev, fn, m);
	if (rc || !bytes)
		return rc ? rc : 1;
	if (!host)
		return rt_err(SLUICE_E_INVALID_ARG, "%s: the host buffer is NULL", fn);
	pthread_mutex_lock(&(*m)->devmem_lock);
	if ((rc = check_range(*m, fn, addr, bytes))) {
		pthread_mutex_unlock(&(*m)->devmem_lock);
		return rc;
	}
	*lo = (uint32_t)(addr & ~(uintptr_t)7);
	*n = (addr + bytes - *lo + 7) / 8;
	if (!(*words = malloc(*n * sizeof **words))) {
		pthread_mutex_unlock(&(*m)->devmem_lock);
		return rt_err(SLUICE_E_NO_MEM, "%s: out of memory", fn);
	}
	return SLUICE_OK;
}

static int copy_leave(sluice_module *m, const char *fn, uint64_t *words, int rc)
{
	free(words);
	pthread_mutex_unlock(&m->devmem_lock);
	return rc ? rt_err_prefix("%s", fn) : SLUICE_OK;
}

int sluice_memcpy_to_device(sluice_device *dev, void *dst, const void *src, size_t bytes)
{
	static const char fn[] = "sluice_memcpy_to_device";
	sluice_module *m;
	uint32_t lo;
	size_t n;
	uint64_t *words;
	uintptr_t a = (uintptr_t)dst;
	int rc = copy_enter(dev, fn, a, src, bytes, &m, &lo, &n, &words);
	if (rc)
		return rc == 1 ? SLUICE_OK : rc;
	/* a partial first or last word keeps the device's other bytes */
	if (a != lo || (a + bytes) % 8) {
		rc = read_words(m, lo, words, 1);
		if (!rc && n > 1)
			rc = read_words(m, lo + (uint32_t)(8 * (n - 1)), words + n - 1, 1);
	}
	memcpy((uint8_t *)words + (a - lo), src, bytes);
	/* one header per burst, the words after it: one pipe write */
	size_t nb = (n + DM_BURST - 1) / DM_BURST, at = 0;
	uint64_t *buf = rc ? NULL : malloc((n + nb) * sizeof *buf);
	if (!rc && !buf)
		rc = rt_err(SLUICE_E_NO_MEM, "out of memory");
	for (size_t done = 0; done < n && !rc;) {
		size_t k = n - done < DM_BURST ? n - done : DM_BURST;
		buf[at++] = header(DM_WRITE, (uint32_t)k, lo + (uint32_t)(8 * done));
		memcpy(buf + at, words + done, k * sizeof *buf);
		at += k;
		done += k;
	}
	if (!rc)
		rc = send(m, buf, at);
	free(buf);
	return copy_leave(m, fn, words, rc);
}

int sluice_memcpy_from_device(sluice_device *dev, void *dst, const void *src, size_t bytes)
{
	static const char fn[] = "sluice_memcpy_from_device";
	sluice_module *m;
	uint32_t lo;
	size_t n;
	uint64_t *words;
	uintptr_t a = (uintptr_t)src;
	int rc = copy_enter(dev, fn, a, dst, bytes, &m, &lo, &n, &words);
	if (rc)
		return rc == 1 ? SLUICE_OK : rc;
	rc = read_words(m, lo, words, n);
	if (!rc)
		memcpy(dst, (uint8_t *)words + (a - lo), bytes);
	return copy_leave(m, fn, words, rc);
}

/* The site `tag` of port `port` as "the store through 'c' at vadd.c:7 (4
 * bytes)". */
static void describe_site(sluice_module *m, unsigned port, unsigned tag, char *out, size_t cap,
			  const char **kernel)
{
	json_t *jp = json_array_get(json_object_get(m->devmem, "ports"), port);
	json_t *js = json_array_get(json_object_get(jp, "sites"), tag);
	*kernel = json_string_value(json_object_get(jp, "kernel"));
	if (!js) {
		snprintf(out, cap, "access %u", tag);
		return;
	}
	const char *file = json_string_value(json_object_get(js, "file"));
	const char *slash = file ? strrchr(file, '/') : NULL;
	snprintf(out, cap, "the %s through '%s' at %s:%lld (%lld bytes)",
		 json_is_true(json_object_get(js, "store")) ? "store" : "load",
		 json_string_value(json_object_get(js, "pointer")) ?
		 json_string_value(json_object_get(js, "pointer")) : "?",
		 slash ? slash + 1 : file ? file : "?",
		 (long long)json_integer_value(json_object_get(js, "line")),
		 (long long)json_integer_value(json_object_get(js, "bytes")));
}

int rt_devmem_fault(sluice_module *m, const struct rt_kernel *k, int rc)
{
	if (!m->devmem || !k || (rc != SLUICE_OK && rc != SLUICE_E_DEADLOCK &&
				 rc != SLUICE_E_TIMEOUT))
		return rc;
	/* is k one of the memory's ports? */
	json_t *ports = json_object_get(m->devmem, "ports");
	bool port = false;
	for (size_t i = 0; i < json_array_size(ports) && !port; i++)
		port = !strcmp(json_string_value(json_object_get(json_array_get(ports, i),
								  "kernel")) ?: "", k->info.name);
	if (!port)
		return rc;
	char saved[512];
	snprintf(saved, sizeof saved, "%s", sluice_last_error());
	pthread_mutex_lock(&m->devmem_lock);
	uint64_t h = header(DM_STATUS, 0, 0), st = 0;
	int qrc = send(m, &h, 1);
	if (!qrc)
		qrc = receive(m, &st, 1);
	pthread_mutex_unlock(&m->devmem_lock);
	if (qrc || !(st >> 63)) {
		if (rc)
			rt_err(rc, "%s", saved); /* the caller's message, unchanged */
		return rc;
	}
	unsigned fport = (unsigned)(st >> 48) & 0xff, tag = (unsigned)(st >> 32) & 0xffff;
	uint32_t addr = (uint32_t)st;
	char site[256];
	const char *kernel = NULL;
	describe_site(m, fport, tag, site, sizeof site, &kernel);
	const struct rt_devbuf *near = NULL;
	for (size_t i = 0; i < m->nbufs; i++)
		if (m->bufs[i].addr <= addr)
			near = &m->bufs[i];
	if (near)
		return rt_err(SLUICE_E_FAULT, "kernel '%s': device memory access out of range: %s "
			      "at address 0x%x, byte %u of the %u-byte buffer at 0x%x",
			      kernel ? kernel : "?", site, addr, addr - near->addr, near->len,
			      near->addr);
	return rt_err(SLUICE_E_FAULT, "kernel '%s': device memory access out of range: %s at "
		      "address 0x%x, in no buffer of sluice_malloc_device", kernel ? kernel : "?",
		      site, addr);
}
