/*
 * error.c -- libsluice status codes: their names, descriptions, and the
 * calling thread's last error (code and message).
 *
 * Guarantees: no allocation, no global mutable state besides the
 * thread-local last error; messages are truncated, never overflow.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static _Thread_local struct {
	int code;
	char msg[1024];
} last;

static const struct {
	int code;
	const char *name, *text;
} codes[] = {
	{SLUICE_OK, "SLUICE_OK", "success"},
	{SLUICE_E_INVALID_ARG, "SLUICE_E_INVALID_ARG", "invalid argument"},
	{SLUICE_E_NO_MEM, "SLUICE_E_NO_MEM", "out of memory"},
	{SLUICE_E_NOT_FOUND, "SLUICE_E_NOT_FOUND", "not found"},
	{SLUICE_E_NOT_SUPPORTED, "SLUICE_E_NOT_SUPPORTED", "not supported"},
	{SLUICE_E_NO_DEVICE, "SLUICE_E_NO_DEVICE", "no such device"},
	{SLUICE_E_MANIFEST, "SLUICE_E_MANIFEST", "malformed or inconsistent module manifest"},
	{SLUICE_E_MODULE_STATE, "SLUICE_E_MODULE_STATE", "module is not executable"},
	{SLUICE_E_NO_IMAGE, "SLUICE_E_NO_IMAGE", "module has no image for this device"},
	{SLUICE_E_CONNECTIVITY, "SLUICE_E_CONNECTIVITY", "host pipe endpoints break the pipe rules"},
	{SLUICE_E_SIZE, "SLUICE_E_SIZE", "size is not a whole number of words, or not the size expected"},
	{SLUICE_E_DIRECTION, "SLUICE_E_DIRECTION", "the host does not use this pipe in that direction"},
	{SLUICE_E_BUSY, "SLUICE_E_BUSY", "resource busy"},
	{SLUICE_E_TIMEOUT, "SLUICE_E_TIMEOUT", "timed out"},
	{SLUICE_E_DEADLOCK, "SLUICE_E_DEADLOCK", "deadlock: the host waits and nothing can move"},
	{SLUICE_E_IO, "SLUICE_E_IO", "input/output error on the host link"},
	{SLUICE_E_IMAGE_MISMATCH, "SLUICE_E_IMAGE_MISMATCH", "the device runs a different design"},
	{SLUICE_E_INTERNAL, "SLUICE_E_INTERNAL", "internal error in libsluice"},
	{SLUICE_E_FAULT, "SLUICE_E_FAULT", "a kernel's device-memory access was out of range"},
};

const char *sluice_error_name(int status)
{
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (codes[i].code == status)
			return codes[i].name;
	return "SLUICE_E_UNKNOWN";
}

const char *sluice_strerror(int status)
{
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (codes[i].code == status)
			return codes[i].text;
	return "unknown status code";
}

const char *sluice_last_error(void)
{
	return last.msg;
}

int sluice_last_error_code(void)
{
	return last.code;
}

int rt_err_code(void)
{
	return last.code;
}

int rt_err(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last.msg, sizeof last.msg, fmt, ap);
	va_end(ap);
	last.code = code;
	return code;
}

int rt_err_prefix(const char *fmt, ...)
{
	char pre[512], old[sizeof last.msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof pre, fmt, ap);
	va_end(ap);
	memcpy(old, last.msg, sizeof old);
	size_t np = strnlen(pre, sizeof last.msg / 2);
	size_t no = strnlen(old, sizeof last.msg - np - 3);
	memcpy(last.msg, pre, np);
	memcpy(last.msg + np, ": ", 2);
	memcpy(last.msg + np + 2, old, no);
	last.msg[np + 2 + no] = 0;
	return last.code;
}

int rt_err_append(const char *fmt, ...)
{
	size_t n = strlen(last.msg);
	if (n + 2 < sizeof last.msg) {
		va_list ap;
		last.msg[n++] = ' ';
		va_start(ap, fmt);
		vsnprintf(last.msg + n, sizeof last.msg - n, fmt, ap);
		va_end(ap);
	}
	return last.code;
}
