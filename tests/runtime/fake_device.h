/*
 * tests/runtime/fake_device.h -- an in-process device for libsluice's API
 * tests: the device side of the host-link protocol (runtime/link/proto.h)
 * written in C, with host pipe FIFOs, the control registers and "kernels"
 * that are C callbacks run once per simulated cycle.  It plugs into
 * libsluice as a transport (fake_transport_ops), so the layers above the
 * transport run exactly as with the simulator.
 *
 * The link is lossless (an in-process byte stream, one byte per cycle each
 * way, like the simulator's); so the fake needs no retransmission, and it
 * counts NAKs and out-of-order frames so that a test can check there were
 * none.
 */
#ifndef FAKE_DEVICE_H
#define FAKE_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../runtime/internal.h"

#define FAKE_MAX_PIPES 8
#define FAKE_MAX_KERNELS 8

struct fake_dev;

struct fake_config {
	unsigned n_h2d, n_d2h, n_kernels;
	unsigned h2d_bytes[FAKE_MAX_PIPES], h2d_depth[FAKE_MAX_PIPES];
	unsigned d2h_bytes[FAKE_MAX_PIPES], d2h_depth[FAKE_MAX_PIPES];
	unsigned arg_words, spec_words;
	uint32_t spec_init[16];
	uint32_t design_id;
	/* the kernels: called once per cycle, after the link's byte */
	void (*tick)(struct fake_dev *d, void *user);
	void *user;
	/* the link: 0, a byte each way a cycle in the byte framing; else
	 * this many bytes a cycle in plain framing (proto.h section 2b) */
	unsigned beat;
	/* misbehaviour, for error tests */
	bool silent;		/* never answers */
	uint32_t magic;		/* 0: the right one */
	uint64_t deadlock;	/* the transport's deadlock window; 0: default 50000 */
	bool no_deadlock;	/* no deadlock detection at all */
};

/* The configuration the next module load on a fake device uses. */
void fake_configure(const struct fake_config *cfg);
/* The fake device of the module loaded last (NULL once it is closed). */
struct fake_dev *fake_current(void);

extern const struct sluice_transport_ops fake_transport_ops;

/* Opens a libsluice device on the fake transport. */
int fake_open(sluice_device **dev);

/* For the kernels (called from cfg.tick): */
bool fake_h2d_pop(struct fake_dev *d, unsigned pipe, void *word);
unsigned fake_h2d_count(struct fake_dev *d, unsigned pipe);
bool fake_d2h_push(struct fake_dev *d, unsigned pipe, const void *word);
unsigned fake_d2h_room(struct fake_dev *d, unsigned pipe);
/* A start request for kernel k, taken if the kernel is idle (it is then
 * busy); false if none or busy. */
bool fake_take_start(struct fake_dev *d, unsigned k);
bool fake_busy(struct fake_dev *d, unsigned k);
/* Kernel k returns. */
void fake_finish(struct fake_dev *d, unsigned k);
const uint32_t *fake_args(struct fake_dev *d);
const uint32_t *fake_specs(struct fake_dev *d);
uint64_t fake_cycles(struct fake_dev *d);
/* Protocol trouble seen (NAKs, bad frames, words with no room): 0 expected. */
uint64_t fake_errors(struct fake_dev *d);

#endif
