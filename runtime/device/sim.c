/*
 * device/sim.c -- the "sim" transport: the module's Verilator model in this
 * process.
 *
 * Loading a module dlopen()s its "sim" image, a shared library with the C
 * ABI of sim/sim_abi.h (the design's sluice_top, host bridge inside); the
 * manifest names it:
 *
 *     "images": { "sim": { "library": "sim/libsluice_sim.so", "abi": 2 } }
 *
 * (a path relative to the module directory, or absolute).  The model's
 * clock runs only inside xfer: while the host blocks or polls, libsluice
 * steps it in slices, feeding it the link bytes the host sends and taking
 * what it answers.  Ticks are clock cycles.  The model says how wide its
 * link is (sim_link_beat): 1 byte a cycle, with the byte framing of
 * link/proto.h section 2, or W bytes a cycle, with the plain framing of
 * section 2b on W-byte beats (timing.beat).  SLUICE_TRACE=FILE.fst traces
 * the whole run; SLUICE_DEADLOCK_CYCLES sets the deadlock window.
 *
 * Guarantees: a module without a usable sim image is refused with
 * SLUICE_E_NO_IMAGE naming what is missing; no byte is lost between the
 * link and the model.
 */
#include "../internal.h"
#include "../../sim/sim_api.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Cycles one slice of xfer runs at most before looking at what came back;
 * a slice ends early at the cycle the model answers or takes the last of
 * what it was given (sim_run). */
#define SLICE 256

struct sluice_transport {
	void *so;
	struct sim_api api;
	struct sim *sim;
};

static int sim_open(struct sluice_transport **out, const char *arg, char **board)
{
	(void)arg;
	struct sluice_transport *t = calloc(1, sizeof *t);
	if (!t || !(*board = strdup("sim"))) {
		free(t);
		return rt_err(SLUICE_E_NO_MEM, "out of memory opening the simulator");
	}
	*out = t;
	return SLUICE_OK;
}

static void sim_unload(struct sluice_transport *t)
{
	if (t->sim) {
		t->api.destroy(t->sim);
		t->sim = NULL;
	}
	if (t->so) {
		dlclose(t->so);
		t->so = NULL;
	}
}

static void sim_close(struct sluice_transport *t)
{
	sim_unload(t);
	free(t);
}

/* The library a module's "sim" image names, as a path. */
static int image_path(const struct sluice_module *m, char *path, size_t cap)
{
	json_t *img = json_object_get(m->images, "sim");
	if (!img)
		return rt_no_image(m, "the module has no image for the simulator (\"images\": "
			        "{\"sim\": ...}): build it for the simulator, `sluice build` "
			        "with --target sim (the default) and without --no-sim-image");
	json_t *lib = json_is_object(img) ? json_object_get(img, "library") : NULL;
	if (!json_is_string(lib) || !*json_string_value(lib))
		return rt_err(SLUICE_E_MANIFEST, "%s/manifest.json: images.sim must be an object "
			      "with a 'library' string", m->dir);
	json_t *abi = json_object_get(img, "abi");
	if (abi && (!json_is_integer(abi) || json_integer_value(abi) != SIM_ABI_VERSION))
		return rt_err(SLUICE_E_NO_IMAGE, "the module's simulator image was built for another "
			      "version of the simulator ABI (%lld, this libsluice uses %d): rebuild "
			      "the module", (long long)json_integer_value(abi), SIM_ABI_VERSION);
	const char *l = json_string_value(lib);
	if (l[0] == '/')
		snprintf(path, cap, "%s", l);
	else
		snprintf(path, cap, "%s/%s", m->dir, l);
	if (access(path, R_OK))
		return rt_err(SLUICE_E_NO_IMAGE, "the simulator image '%s' is missing", path);
	return SLUICE_OK;
}

static int sim_load(struct sluice_transport *t, const struct sluice_module *m,
		    struct rt_timing *timing)
{
	char path[PATH_MAX], err[512];
	int rc = image_path(m, path, sizeof path);
	if (rc)
		return rc;
	t->so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!t->so)
		return rt_err(SLUICE_E_NO_IMAGE, "cannot load the simulator image: %s", dlerror());
	const char *missing = sim_api_load(t->so, &t->api);
	/* the version first: a model of another ABI may lack functions of this one */
	if (t->api.abi_version && t->api.abi_version() != SIM_ABI_VERSION) {
		rc = rt_err(SLUICE_E_NO_IMAGE, "'%s' implements simulator ABI %u; this libsluice "
			    "needs %u: rebuild the module", path, t->api.abi_version(),
			    SIM_ABI_VERSION);
		goto fail;
	}
	if (missing) {
		rc = rt_err(SLUICE_E_NO_IMAGE, "'%s' is not a sluice simulator model (it has no %s)",
			    path, missing);
		goto fail;
	}
	unsigned beat = t->api.link_beat();
	if (beat > 1 && !sl_beat_ok(beat)) {
		rc = rt_err(SLUICE_E_NO_IMAGE, "'%s' moves its host link in beats of %u bytes, "
			    "which the link's plain framing does not allow (a power of two from %d "
			    "to %d): rebuild the module", path, beat, SL_BEAT_MIN, SL_BEAT_MAX);
		goto fail;
	}
	const char *trace = getenv("SLUICE_TRACE");
	int sr = t->api.create(&t->sim, trace && *trace ? trace : NULL, err, sizeof err);
	if (sr == SIM_E_TRACE || sr == SIM_E_TRACE_FILE) {
		rc = rt_err(sr == SIM_E_TRACE ? SLUICE_E_NOT_SUPPORTED : SLUICE_E_IO,
			    "SLUICE_TRACE=%s: %s", trace, err);
		goto fail;
	}
	if (sr != SIM_OK) {
		rc = rt_err(SLUICE_E_IO, "the simulator model failed to start: %s", err);
		goto fail;
	}
	*timing = (struct rt_timing){
		.link_timeout = 20000,
		/* the bridge's own STATUS_GAP: a STATUS costs the device's receiver
		 * a cycle for each 2-byte field, so one every 64 cycles took 3 % of
		 * a bulk transfer's cycles; one the host is short of (credit, ACK)
		 * goes at once anyway (proto.c status_dirty) */
		.status_gap = 256,
		.round = 256,
		.poll_round = 64,
		.deadlock = rt_env_u64("SLUICE_DEADLOCK_CYCLES", 4000000),
		.connect_limit = 100000,
		.unit = "cycles",
		.reset_on_load = false,
		.beat = beat > 1 ? beat : 0,
		.host_clocked = true,
	};
	return SLUICE_OK;
fail:
	dlclose(t->so);
	t->so = NULL;
	t->sim = NULL;
	return rc;
}

static int sim_xfer(struct sluice_transport *t, const uint8_t *tx, size_t ntx, size_t *sent,
		    uint8_t *rx, size_t cap, size_t *got, uint64_t budget)
{
	size_t s = 0, g = 0;
	uint64_t ran = 0;
	if (!t->sim)
		return rt_err(SLUICE_E_INTERNAL, "the simulator has no model loaded");
	for (;;) {
		if (s < ntx)
			s += t->api.put(t->sim, tx + s, ntx - s);
		g += t->api.get(t->sim, rx + g, cap - g);
		/* something to hand up, everything handed down, or time up */
		if (ran >= budget || g == cap || g > 0 || (ntx > 0 && s == ntx && !t->api.pending(t->sim)))
			break;
		uint64_t n = budget - ran < SLICE ? budget - ran : SLICE;
		ran += t->api.run(t->sim, n);
	}
	*sent = s;
	*got = g;
	return SLUICE_OK;
}

static uint64_t sim_now(struct sluice_transport *t)
{
	return t->sim ? t->api.cycles(t->sim) : 0;
}

static int sim_info(struct sluice_transport *t, enum sluice_info what, void *value, size_t size)
{
	if (what == SLUICE_INFO_SIM_CYCLES) {
		uint64_t c = t->sim ? t->api.cycles(t->sim) : 0;
		return rt_info_value(what, value, size, &c, sizeof c, "uint64_t");
	}
	return SLUICE_E_NOT_SUPPORTED;
}

const struct sluice_transport_ops rt_sim_ops = {
	.kind = "sim",
	.open = sim_open,
	.close = sim_close,
	.load = sim_load,
	.unload = sim_unload,
	.xfer = sim_xfer,
	.now = sim_now,
	.info = sim_info,
};
