/*
 * kernel.c -- starting kernels and waiting for them, through the control
 * registers of the host link (proto.h section 7: ARG words, KCTRL).
 *
 * A start writes the kernel's argument words and then its KCTRL start bit,
 * in order with every other host->device frame, so that host pipe words
 * written after a start reach the device after it.  The device holds one
 * start request while the kernel runs; a second start waits here until
 * the first has been taken, because the argument registers are sampled
 * only when the kernel accepts a start.  A wait reads KCTRL until the
 * kernel is neither busy nor has a start pending, re-reading when the
 * device reports a completion (STATUS EVENTS) or after a while.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* Rounds between two KCTRL reads while no completion is reported. */
#define WAIT_REREAD_ROUNDS 64

static int find_kernel(sluice_module *mod, const char *name, struct rt_kernel **out,
		       const char *fn)
{
	if (!mod || !name)
		return rt_err(SLUICE_E_INVALID_ARG, "%s: %s is NULL", fn, mod ? "kernel" : "mod");
	struct rt_kernel *k = rt_find_kernel(mod, name);
	if (!k) {
		char list[300] = "";
		size_t n = 0;
		for (size_t i = 0; i < mod->nkernels && n < sizeof list; i++)
			n += (size_t)snprintf(list + n, sizeof list - n, "%s'%s'", i ? ", " : "",
					      mod->kernels[i].info.name);
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has no kernel '%s' (its kernels: %s)",
			      mod->name, name, mod->nkernels ? list : "none");
	}
	if (k->ctrl < 0)
		return rt_err(SLUICE_E_NOT_SUPPORTED, "kernel '%s' is an autorun kernel: it runs "
			      "from reset, and cannot be started or waited for", name);
	*out = k;
	return SLUICE_OK;
}

static void describe_params(const struct rt_kernel *k, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < k->info.nparams && n < cap; i++) {
		const struct sluice_param_info *p = &k->params[i];
		n += (size_t)snprintf(buf + n, cap - n, "%s%s (%zu bytes at offset %zu)",
				      i ? ", " : "", p->name, p->size, p->offset);
	}
}

/* KCTRL of k, as part of wait w (whose deadline does not apply: a wait
 * with timeout 0 still looks once) */
static int read_kctrl(sluice_device *d, const struct rt_kernel *k, uint32_t *v,
		      const struct rt_wait *w)
{
	struct rt_wait rw = *w;
	rw.deadline_ns = -1;
	return rt_csr_read(d, (uint16_t)SL_CSR_KCTRL(k->ctrl), 1, v, &rw);
}

int sluice_kernel_start(sluice_module *mod, const char *kernel, const void *args, size_t size)
{
	struct rt_kernel *k;
	int rc = find_kernel(mod, kernel, &k, "sluice_kernel_start");
	if (rc)
		return rc;
	if (size != k->info.args_size) {
		char params[400];
		describe_params(k, params, sizeof params);
		return rt_err(SLUICE_E_SIZE, "kernel '%s' takes %zu bytes of arguments%s%s%s; size "
			      "is %zu", kernel, k->info.args_size, k->info.nparams ? " (" : "",
			      params, k->info.nparams ? ")" : "", size);
	}
	if (size && !args)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_kernel_start: args is NULL and size %zu",
			      size);

	uint32_t words[0x1000];
	unsigned nw = 0;
	for (size_t i = 0; i < k->info.nparams; i++) {
		const struct sluice_param_info *p = &k->params[i];
		rt_pack_words((const uint8_t *)args + p->offset, p->size, p->width, words + nw);
		nw += (p->width + 31) / 32;
	}

	pthread_mutex_lock(&k->lock);
	sluice_device *d = mod->dev;
	if ((rc = rt_dev_enter(d))) {
		pthread_mutex_unlock(&k->lock);
		return rc;
	}
	struct rt_wait w;
	rt_wait_init(&w, -1, "for kernel '%s' to take its previous start", kernel);
	w.kernel = k;
	uint32_t v;
	/* an earlier start still waiting in the device would take our arguments */
	while (!(rc = read_kctrl(d, k, &v, &w)) && (v & SL_KCTRL_PENDING)) {
		uint8_t ev = sl_link_events(d->link);
		for (int i = 0; i < WAIT_REREAD_ROUNDS && !rc && sl_link_events(d->link) == ev; i++)
			rc = rt_wait_round(d, &w);
		if (rc)
			break;
	}
	uint32_t start = SL_KCTRL_START;
	if (!rc && nw)
		rc = rt_csr_write(d, (uint16_t)SL_CSR_ARG(k->arg_word0), words, nw, &w);
	if (!rc)
		rc = rt_csr_write(d, (uint16_t)SL_CSR_KCTRL(k->ctrl), &start, 1, &w);
	if (!rc)
		rc = rt_pump(d, 0);
	rt_dev_leave(d);
	pthread_mutex_unlock(&k->lock);
	return rc;
}

int sluice_kernel_wait(sluice_module *mod, const char *kernel, int timeout_ms)
{
	struct rt_kernel *k;
	int rc = find_kernel(mod, kernel, &k, "sluice_kernel_wait");
	if (rc)
		return rc;
	pthread_mutex_lock(&k->lock);
	sluice_device *d = mod->dev;
	if ((rc = rt_dev_enter(d))) {
		pthread_mutex_unlock(&k->lock);
		return rc;
	}
	struct rt_wait w;
	rt_wait_init(&w, timeout_ms, "for kernel '%s' to return", kernel);
	w.kernel = k;
	for (;;) {
		uint32_t v;
		if ((rc = read_kctrl(d, k, &v, &w)))
			break;
		if (!(v & (SL_KCTRL_BUSY | SL_KCTRL_PENDING)))
			break;
		if (w.deadline_ns >= 0 && rt_now_ns() >= w.deadline_ns) {
			rc = rt_err(SLUICE_E_TIMEOUT, "kernel '%s' is still %s after %d ms", kernel,
				    v & SL_KCTRL_BUSY ? "running" : "waiting to start", timeout_ms);
			break;
		}
		uint8_t ev = sl_link_events(d->link);
		for (int i = 0; i < WAIT_REREAD_ROUNDS && !rc && sl_link_events(d->link) == ev; i++)
			rc = rt_wait_round(d, &w);
		if (rc == SLUICE_E_TIMEOUT)
			rc = rt_err(SLUICE_E_TIMEOUT, "kernel '%s' is still running after %d ms", kernel,
				    timeout_ms);
		if (rc)
			break;
	}
	rt_dev_leave(d);
	/* a kernel stopped by an access outside device memory's buffers (the
	 * simulator's check): say which access, not only that it hangs */
	rc = rt_devmem_fault(mod, k, rc);
	pthread_mutex_unlock(&k->lock);
	return rc;
}
