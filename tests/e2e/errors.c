/*
 * errors.c -- end-to-end: the errors a user meets with a real module
 * (examples/vscale, built by sluice build) come back as the documented
 * status codes with messages that name what is wrong.
 *
 *     errors MODULE BAD_MANIFEST_MODULE NO_IMAGE_MODULE
 *
 * MODULE is the vscale module; run_e2e.sh makes the other two from copies
 * of it: one with a manifest that is not valid JSON, one whose manifest
 * lists no sim image.
 */
#include "e2e.h"

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: errors MODULE BAD_MANIFEST_MODULE NO_IMAGE_MODULE\n");
		return 2;
	}
	const char *good = argv[1], *badjson = argv[2], *noimage = argv[3];
	sluice_device *d;
	sluice_module *m = NULL;
	MUST(sluice_device_open(&d, "sim"));

	int rc = sluice_module_load(d, badjson, &m);
	check(status_is(rc, SLUICE_E_MANIFEST, "manifest", NULL) && !m,
	      "a module whose manifest.json is corrupt: SLUICE_E_MANIFEST");
	rc = sluice_module_load(d, noimage, &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "sim", NULL) && !m,
	      "a module without images.sim: SLUICE_E_NO_IMAGE");
	rc = sluice_module_load(d, "no-such-module.sluice", &m);
	check(status_is(rc, SLUICE_E_NOT_FOUND, "no-such-module.sluice", NULL) && !m,
	      "a module directory that is not there: SLUICE_E_NOT_FOUND naming it");

	MUST(sluice_module_load(d, good, &m));
	sluice_module *m2 = NULL;
	rc = sluice_module_load(d, good, &m2);
	check(status_is(rc, SLUICE_E_BUSY, NULL) && !m2,
	      "a second module on a device that holds one: SLUICE_E_BUSY");

	int32_t w[2] = {1, 2};
	rc = sluice_pipe_write(m, "inn", w, sizeof w);
	check(status_is(rc, SLUICE_E_NOT_FOUND, "'inn'", NULL),
	      "writing an unknown pipe 'inn': SLUICE_E_NOT_FOUND naming it");
	rc = sluice_pipe_read(m, "nosuch", w, sizeof w);
	check(status_is(rc, SLUICE_E_NOT_FOUND, "'nosuch'", NULL),
	      "reading an unknown pipe 'nosuch': SLUICE_E_NOT_FOUND naming it");
	rc = sluice_kernel_start(m, "scales", NULL, 0);
	check(status_is(rc, SLUICE_E_NOT_FOUND, "'scales'", NULL),
	      "starting an unknown kernel 'scales': SLUICE_E_NOT_FOUND naming it");

	rc = sluice_pipe_write(m, "in", w, 6);
	check(status_is(rc, SLUICE_E_SIZE, "'in'", "4-byte", "6 bytes", NULL),
	      "writing 6 bytes to 'in' (int32 words): SLUICE_E_SIZE");
	bool ok = true;
	rc = sluice_pipe_read_nb(m, "out", w, 7, &ok);
	check(status_is(rc, SLUICE_E_SIZE, "'out'", "7 bytes", NULL),
	      "reading 7 bytes from 'out' without blocking: SLUICE_E_SIZE");
	rc = sluice_pipe_read(m, "in", w, 4);
	check(status_is(rc, SLUICE_E_DIRECTION, "'in'", NULL),
	      "reading 'in', which the host writes: SLUICE_E_DIRECTION");
	rc = sluice_pipe_write(m, "out", w, 4);
	check(status_is(rc, SLUICE_E_DIRECTION, "'out'", NULL),
	      "writing 'out', which the host reads: SLUICE_E_DIRECTION");
	int32_t factor = 3;
	rc = sluice_kernel_start(m, "scale", &factor, sizeof factor);
	check(status_is(rc, SLUICE_E_SIZE, "'scale'", "8", NULL),
	      "starting scale with 4 bytes of arguments (it takes 8): SLUICE_E_SIZE");

	/* none of that disturbed the module */
	struct scale_args a = {3, 2};
	int32_t y[2] = {0, 0};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	MUST(sluice_pipe_write(m, "in", w, sizeof w));
	MUST(sluice_pipe_read(m, "out", y, sizeof y));
	MUST(sluice_kernel_wait(m, "scale", 10000));
	check(y[0] == 3 && y[1] == 6, "after the errors the module runs: scale(3, 2) of 1 2 gives %d %d",
	      (int)y[0], (int)y[1]);

	sluice_module_close(m);
	sluice_device_close(d);
	return finish();
}
