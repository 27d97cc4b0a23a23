/*
 * module.c -- modules on devices: sluice_module_load / _close, what a module
 * says about its pipes and kernels, and its specialization constants.
 *
 * Loading reads and checks the manifest (manifest.c), has the transport
 * pick and start the image that fits the device, then connects the host
 * link and checks that the device runs this module (pump.c).  Guarantees:
 * a device holds at most one module (the pipes specification binds a host
 * pipe to one kernel of one program on one device); on any failure nothing
 * stays loaded and *mod is untouched.
 */
#include "internal.h"

#include <stdarg.h>

#include <string.h>

int sluice_module_load(sluice_device *dev, const char *path, sluice_module **mod)
{
	struct sluice_module *m;
	int rc;

	if (!dev || !path || !mod)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_module_load: %s is NULL",
			      !dev ? "dev" : !path ? "path" : "mod");
	if ((rc = rt_manifest_load(path, &m)))
		return rc;
	if ((rc = rt_dev_enter(dev))) {
		rt_module_free(m);
		return rc;
	}
	if (dev->mod) {
		rc = rt_err(SLUICE_E_BUSY, "device '%s' has module '%s' loaded; a device runs one "
			    "module at a time (close it first with sluice_module_close)", dev->name,
			    dev->mod->name);
		goto fail;
	}
	if (m->no_host_link) {
		rc = rt_err(SLUICE_E_NO_IMAGE, "module '%s' has no host link: it has no host "
			    "pipes, no kernels started by the host and no specialization-constant "
			    "registers, so a host program has nothing to reach (its I/O pipes are "
			    "ports of sluice_top)", m->name);
		goto fail;
	}
	memset(&dev->timing, 0, sizeof dev->timing);
	if ((rc = dev->ops->load(dev->t, m, &dev->timing))) {
		rt_err_prefix("cannot load module '%s' on device '%s'", m->name, dev->name);
		goto fail;
	}
	dev->mod = m;
	m->dev = dev;
	if ((rc = rt_link_up(dev))) {
		if (dev->link)
			rt_link_down(dev);
		dev->ops->unload(dev->t);
		dev->mod = NULL;
		goto fail;
	}
	rt_dev_leave(dev);
	*mod = m;
	return SLUICE_OK;
fail:
	rt_dev_leave(dev);
	rt_module_free(m);
	return rc;
}

void sluice_module_close(sluice_module *mod)
{
	if (!mod)
		return;
	sluice_device *d = mod->dev;
	rt_lock(&d->lock);
	rt_link_down(d);
	d->ops->unload(d->t);
	d->mod = NULL;
	rt_unlock(&d->lock);
	rt_module_free(mod);
}

int sluice_module_pipe(const sluice_module *mod, size_t index, struct sluice_pipe_info *info)
{
	if (!mod || !info)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_module_pipe: %s is NULL",
			      mod ? "info" : "mod");
	if (index >= mod->npipes)
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has %zu pipes; there is no pipe %zu",
			      mod->name, mod->npipes, index);
	*info = mod->pipes[index].info;
	return SLUICE_OK;
}

int sluice_module_kernel(const sluice_module *mod, size_t index, struct sluice_kernel_info *info)
{
	if (!mod || !info)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_module_kernel: %s is NULL",
			      mod ? "info" : "mod");
	if (index >= mod->nkernels)
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has %zu kernels; there is no kernel "
			      "%zu", mod->name, mod->nkernels, index);
	*info = mod->kernels[index].info;
	return SLUICE_OK;
}

/* value's bits (size bytes, host order) in 32-bit words, least significant
 * first, cut to width bits */
void rt_pack_words(const void *value, size_t size, unsigned width, uint32_t *words)
{
	uint8_t bytes[512] = {0};
	const uint8_t *src = value;
	size_t nbytes = size < sizeof bytes ? size : sizeof bytes;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	for (size_t i = 0; i < nbytes; i++)
		bytes[i] = src[size - 1 - i];
#else
	memcpy(bytes, src, nbytes);
#endif
	unsigned nw = (width + 31) / 32;
	for (unsigned j = 0; j < nw; j++) {
		words[j] = (uint32_t)bytes[4 * j] | (uint32_t)bytes[4 * j + 1] << 8 |
			   (uint32_t)bytes[4 * j + 2] << 16 | (uint32_t)bytes[4 * j + 3] << 24;
		if (j == nw - 1 && width % 32)
			words[j] &= (1u << (width % 32)) - 1;
	}
}

int sluice_module_set_spec(sluice_module *mod, const char *name, const void *value, size_t size)
{
	if (!mod || !name || !value)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_module_set_spec: %s is NULL",
			      !mod ? "mod" : !name ? "name" : "value");
	struct rt_spec *s = NULL;
	for (size_t i = 0; i < mod->nspecs; i++)
		if (!strcmp(mod->specs[i].name, name))
			s = &mod->specs[i];
	if (!s)
		return rt_err(SLUICE_E_NOT_FOUND, "module '%s' has no specialization constant '%s'",
			      mod->name, name);
	if (size != (s->width + 7) / 8)
		return rt_err(SLUICE_E_SIZE, "specialization constant '%s' is a %s of %u bytes; size "
			      "is %zu", name, s->type, (s->width + 7) / 8, size);
	uint32_t words[2];
	rt_pack_words(value, size, s->width, words);
	if (s->folded) {
		uint32_t built[2];
		rt_pack_words(&s->value, sizeof s->value, s->width, built);
		if (memcmp(words, built, s->words * sizeof *words))
			return rt_err(SLUICE_E_NOT_SUPPORTED,
				      "specialization constant '%s' of module '%s' is folded into its "
				      "hardware with the value %lld; changing it needs a rebuild "
				      "(sluice build --spec %s=VALUE, or --spec-register %s to set it "
				      "at run time)",
				      name, mod->name, (long long)s->value, name, name);
		return SLUICE_OK;
	}
	int rc = rt_dev_enter(mod->dev);
	if (rc)
		return rc;
	rc = rt_csr_write(mod->dev, (uint16_t)SL_CSR_SPEC(s->word0), words, s->words, NULL);
	if (!rc)
		rc = rt_pump(mod->dev, 0);
	rt_dev_leave(mod->dev);
	return rc;
}

int rt_no_image(const struct sluice_module *m, const char *fmt, ...)
{
	char why[512], kinds[200] = "";
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	size_t n = 0;
	const char *key;
	json_t *v;
	json_object_foreach(m->images, key, v) {
		(void)v;
		if (n < sizeof kinds)
			n += (size_t)snprintf(kinds + n, sizeof kinds - n, "%s%s", n ? ", " : "", key);
	}
	return rt_err(SLUICE_E_NO_IMAGE, "%s (the module carries: %s)", why, n ? kinds : "nothing");
}

int rt_link_image(const struct sluice_module *m, const char *link, const char *what,
		  const char *device, struct rt_timing *timing)
{
	const char *key, *found = NULL;
	json_t *img;
	json_object_foreach(m->images, key, img) {
		const char *kind = json_string_value(json_object_get(img, "kind"));
		const char *l = json_string_value(json_object_get(img, "host_link"));
		if (kind && !strcmp(kind, "bitstream") && l && !strcmp(l, link)) {
			if (found)
				return rt_err(SLUICE_E_NO_IMAGE, "module '%s' has designs for two "
					      "boards with a %s host link, '%s' and '%s'; the device "
					      "'%s' cannot tell which is there", m->name, what, found,
					      key, device);
			found = key;
		}
	}
	if (!found)
		return rt_no_image(m, "module '%s' has no design for a board with a %s host link "
				   "(a bitstream image whose host_link is \"%s\")", m->name, what,
				   link);
	/* a design whose link moves beats says how wide (proto.h 2b); one
	 * that says nothing has the byte link */
	json_t *jb = json_object_get(json_object_get(m->images, found), "link_beat");
	json_int_t beat = json_is_integer(jb) ? json_integer_value(jb) : 0;
	if (jb && (!json_is_integer(jb) || beat < 0 || beat > SL_BEAT_MAX ||
		   (beat > 1 && !sl_beat_ok((unsigned)beat))))
		return rt_err(SLUICE_E_NO_IMAGE, "module '%s': the image '%s' gives a link_beat "
			      "that is not a power of two from %d to %d (or 1, the byte link)",
			      m->name, found, SL_BEAT_MIN, SL_BEAT_MAX);
	/* round trips take microseconds; the limits are the UART's, whose
	 * slowest part here is a board that does not answer at all */
	*timing = (struct rt_timing){
		.link_timeout = rt_env_u64("SLUICE_LINK_TIMEOUT_US", 100000),
		.status_gap = 200,
		.round = 2000,
		.poll_round = 100,
		.deadlock = rt_env_u64("SLUICE_DEADLOCK_US", 30000000),
		.connect_limit = rt_env_u64("SLUICE_CONNECT_US", 5000000),
		.unit = "us",
		.reset_on_load = true,
		.beat = beat > 1 ? (unsigned)beat : 0,
	};
	return SLUICE_OK;
}
