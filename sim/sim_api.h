/*
 * sim/sim_api.h -- the functions of a simulator model (sim/sim_abi.h) as a
 * table, filled from the model's library after dlopen (sim_api_load, in
 * sim/sim_api.c).  Used by libsluice's sim transport (runtime/device/sim.c),
 * by `sluice vboard` and by the bench's line tap (scripts/vboard_tap.c).
 */
#ifndef SLUICE_SIM_API_H
#define SLUICE_SIM_API_H

#include "sim_abi.h"

struct sim_api {
	uint32_t (*abi_version)(void);
	uint32_t (*link_beat)(void);
	int (*create)(struct sim **, const char *, char *, size_t);
	void (*destroy)(struct sim *);
	void (*step)(struct sim *, uint64_t);
	uint64_t (*run)(struct sim *, uint64_t);
	uint64_t (*cycles)(const struct sim *);
	size_t (*put)(struct sim *, const uint8_t *, size_t);
	size_t (*pending)(const struct sim *);
	size_t (*get)(struct sim *, uint8_t *, size_t);
	void (*flush)(struct sim *);
};

/* Fills *api from the library handle `so` (dlopen's); NULL when every
 * function is there, else the name of the first that is missing. */
const char *sim_api_load(void *so, struct sim_api *api);

#endif /* SLUICE_SIM_API_H */
