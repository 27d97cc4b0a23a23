/*
 * sim_api.c -- sim_api_load (sim_api.h): the simulator ABI's functions
 * from a loaded model, for the sim transport (runtime/device/sim.c), for
 * `sluice vboard` (which links libsluice's objects) and for the bench's
 * line tap (scripts/vboard_tap.c, compiled with this file).
 */
#include "sim_api.h"

#include <dlfcn.h>
#include <string.h>

const char *sim_api_load(void *so, struct sim_api *api)
{
	const char *missing = NULL;
	/* POSIX: a function pointer survives the trip through dlsym's void * */
#define LOAD(field, name)                                                    \
	do {                                                                 \
		void *sym = dlsym(so, name);                                 \
		if (!sym && !missing)                                        \
			missing = name;                                      \
		memcpy(&api->field, &sym, sizeof sym);                       \
	} while (0)
	LOAD(abi_version, "sim_abi_version");
	LOAD(link_beat, "sim_link_beat");
	LOAD(create, "sim_create");
	LOAD(destroy, "sim_destroy");
	LOAD(step, "sim_step");
	LOAD(run, "sim_run");
	LOAD(cycles, "sim_cycles");
	LOAD(put, "sim_link_put");
	LOAD(pending, "sim_link_pending");
	LOAD(get, "sim_link_get");
	LOAD(flush, "sim_trace_flush");
#undef LOAD
	return missing;
}
