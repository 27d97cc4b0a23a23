/*
 * device.c -- devices: device strings, the transport table, open/close and
 * the device queries.
 *
 * A device string is parsed here and dispatched to one transport
 * (struct sluice_transport_ops); nothing above this file asks which
 * transport it has.  Guarantees: a malformed string is refused with the
 * syntax expected; a transport that is not available fails with its own
 * message (no crash); outputs are written only on success.
 */
#include "internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int64_t rt_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

uint64_t rt_clock_us(struct sluice_transport *t)
{
	(void)t;
	return (uint64_t)rt_now_ns() / 1000;
}

void rt_nothing_to_unload(struct sluice_transport *t)
{
	(void)t;
}

uint64_t rt_env_u64(const char *name, uint64_t def)
{
	const char *s = getenv(name);
	char *end;
	if (!s || !*s)
		return def;
	unsigned long long v = strtoull(s, &end, 10);
	return *end || *s == '-' ? def : (uint64_t)v;
}

#define SYNTAX "expected sim, BOARD:/dev/ttyUSBn, usb:VID:PID[:SERIAL] or pcie:/dev/NAME"

static bool is_hex_id(const char *s, size_t n)
{
	if (n < 1 || n > 4)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* usb:VID:PID[:SERIAL] */
static int check_usb(const char *name, const char *arg)
{
	const char *c1 = strchr(arg, ':');
	const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	size_t npid = c1 ? (c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1)) : 0;
	if (!c1 || !is_hex_id(arg, (size_t)(c1 - arg)) || !is_hex_id(c1 + 1, npid) ||
	    (c2 && !c2[1]))
		return rt_err(SLUICE_E_INVALID_ARG, "device '%s': expected usb:VID:PID[:SERIAL] "
			      "with hexadecimal ids (e.g. usb:0403:6010)", name);
	return SLUICE_OK;
}

/* Which transport a device string names, and the argument it gets. */
static int parse_device(const char *name, const struct sluice_transport_ops **ops,
			const char **arg)
{
	if (!strcmp(name, "sim")) {
		*ops = &rt_sim_ops;
		*arg = "";
		return SLUICE_OK;
	}
	if (!strncmp(name, "usb:", 4)) {
		*ops = &rt_usb_ops;
		*arg = name + 4;
		return check_usb(name, name + 4);
	}
	if (!strncmp(name, "pcie:", 5)) {
		/* /dev/NAME on a machine with the driver; any absolute path
		 * (a simulated card behind named pipes) */
		if (name[5] != '/' || !name[6])
			return rt_err(SLUICE_E_INVALID_ARG, "device '%s': expected pcie:/dev/NAME",
				      name);
		*ops = &rt_pcie_ops;
		*arg = name + 5;
		return SLUICE_OK;
	}
	const char *colon = strchr(name, ':');
	if (colon && colon > name && colon[1] == '/') {
		for (const char *p = name; p < colon; p++)
			if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
				return rt_err(SLUICE_E_INVALID_ARG, "device '%s': '%.*s' is not a "
					      "board name; " SYNTAX, name, (int)(colon - name), name);
		*ops = &rt_uart_ops;
		*arg = name;
		return SLUICE_OK;
	}
	return rt_err(SLUICE_E_INVALID_ARG, "unknown device '%s': " SYNTAX, name);
}

int sluice__device_open_with(sluice_device **dev, const struct sluice_transport_ops *ops,
			     const char *arg, const char *device_name)
{
	sluice_device *d = calloc(1, sizeof *d);
	if (!d || !(d->name = strdup(device_name))) {
		free(d);
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening device '%s'", device_name);
	}
	if (rt_lock_init(&d->lock)) {
		free(d->name);
		free(d);
		return rt_err(SLUICE_E_NO_MEM, "cannot create a lock");
	}
	d->ops = ops;
	/* a session number that differs from the last run's, as proto.h asks */
	d->session = (uint8_t)(rt_now_ns() / 1000);
	int rc = ops->open(&d->t, arg, &d->board);
	if (rc) {
		rt_lock_destroy(&d->lock);
		free(d->name);
		free(d);
		return rc;
	}
	*dev = d;
	return SLUICE_OK;
}

int sluice_device_open(sluice_device **dev, const char *name)
{
	const struct sluice_transport_ops *ops = NULL;
	const char *arg = NULL;

	if (!dev)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_device_open: dev is NULL");
	if (!name) {
		name = getenv("SLUICE_DEVICE");
		if (!name || !*name)
			name = "sim";
	}
	int rc = parse_device(name, &ops, &arg);
	if (rc)
		return rc;
	return sluice__device_open_with(dev, ops, arg, name);
}

void sluice_device_close(sluice_device *dev)
{
	if (!dev)
		return;
	if (dev->mod)
		sluice_module_close(dev->mod);
	dev->ops->close(dev->t);
	rt_lock_destroy(&dev->lock);
	free(dev->board);
	free(dev->name);
	free(dev);
}

/* ---- queries -------------------------------------------------------------- */

static const char *info_name(enum sluice_info what)
{
	switch (what) {
	case SLUICE_INFO_KERNEL_KERNEL_PIPE_SUPPORT: return "SLUICE_INFO_KERNEL_KERNEL_PIPE_SUPPORT";
	case SLUICE_INFO_KERNEL_HOST_PIPE_SUPPORT: return "SLUICE_INFO_KERNEL_HOST_PIPE_SUPPORT";
	case SLUICE_INFO_MAX_HOST_READ_PIPES: return "SLUICE_INFO_MAX_HOST_READ_PIPES";
	case SLUICE_INFO_MAX_HOST_WRITE_PIPES: return "SLUICE_INFO_MAX_HOST_WRITE_PIPES";
	case SLUICE_INFO_CLOCK_HZ: return "SLUICE_INFO_CLOCK_HZ";
	case SLUICE_INFO_DEVICE_NAME: return "SLUICE_INFO_DEVICE_NAME";
	case SLUICE_INFO_BOARD: return "SLUICE_INFO_BOARD";
	case SLUICE_INFO_TRANSPORT: return "SLUICE_INFO_TRANSPORT";
	case SLUICE_INFO_SIM_CYCLES: return "SLUICE_INFO_SIM_CYCLES";
	}
	return NULL;
}

int rt_info_value(enum sluice_info what, void *value, size_t size, const void *v, size_t n,
		  const char *type)
{
	if (size != n)
		return rt_err(SLUICE_E_SIZE, "%s answers a %s (%zu bytes); size is %zu",
			      info_name(what), type, n, size);
	memcpy(value, v, n);
	return SLUICE_OK;
}

static int put_string(enum sluice_info what, void *value, size_t size, const char *s)
{
	size_t n = strlen(s) + 1;
	if (size < n)
		return rt_err(SLUICE_E_SIZE, "%s answers \"%s\", which needs a buffer of %zu bytes; "
			      "size is %zu", info_name(what), s, n, size);
	memcpy(value, s, n);
	return SLUICE_OK;
}

static int device_info(sluice_device *d, enum sluice_info what, void *value, size_t size)
{
	bool yes = true;
	uint32_t max = SL_MAX_PIPES;
	uint64_t hz;

	switch (what) {
	case SLUICE_INFO_KERNEL_KERNEL_PIPE_SUPPORT:
	case SLUICE_INFO_KERNEL_HOST_PIPE_SUPPORT:
		return rt_info_value(what, value, size, &yes, sizeof yes, "bool");
	case SLUICE_INFO_MAX_HOST_READ_PIPES:
	case SLUICE_INFO_MAX_HOST_WRITE_PIPES:
		return rt_info_value(what, value, size, &max, sizeof max, "uint32_t");
	case SLUICE_INFO_CLOCK_HZ:
		hz = d->mod ? (uint64_t)(d->mod->clock_mhz * 1e6 + 0.5) : 0;
		return rt_info_value(what, value, size, &hz, sizeof hz, "uint64_t");
	case SLUICE_INFO_DEVICE_NAME:
		return put_string(what, value, size, d->name);
	case SLUICE_INFO_BOARD:
		return put_string(what, value, size, d->board ? d->board : "");
	case SLUICE_INFO_TRANSPORT:
		return put_string(what, value, size, d->ops->kind);
	case SLUICE_INFO_SIM_CYCLES:
		return rt_err(SLUICE_E_NOT_SUPPORTED, "SLUICE_INFO_SIM_CYCLES: device '%s' is not "
			      "a simulator", d->name);
	}
	return rt_err(SLUICE_E_INVALID_ARG, "sluice_device_info: unknown query %d", (int)what);
}

int sluice_device_info(sluice_device *dev, enum sluice_info what, void *value, size_t size)
{
	if (!dev || !value)
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_device_info: %s is NULL",
			      dev ? "value" : "dev");
	if (!info_name(what))
		return rt_err(SLUICE_E_INVALID_ARG, "sluice_device_info: unknown query %d",
			      (int)what);
	rt_lock(&dev->lock);
	int rc = SLUICE_E_NOT_SUPPORTED;
	if (dev->ops->info)
		rc = dev->ops->info(dev->t, what, value, size);
	if (rc == SLUICE_E_NOT_SUPPORTED)
		rc = device_info(dev, what, value, size);
	rt_unlock(&dev->lock);
	return rc;
}
