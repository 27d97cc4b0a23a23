/*
 * tests/runtime/board_module.h -- what the tests of the board transports
 * (test_api_pcie.c, test_api_usb.c) share: a module of two kernels and
 * four host pipes, its kernels for the device model (fake_device.c), and
 * the model's configuration; and the checks of tests/runtime/cosim_top.v's
 * design when its RTL is behind the link.  The module's images are the
 * test's.
 *
 *   scale  started (n, k): n words of 'in' times k to 'out'
 *   copy   autorun: 'bulk_in' to 'bulk_out', 64-bit words, FIFOs of 8
 */
#ifndef BOARD_MODULE_H
#define BOARD_MODULE_H

#include "api_test.h"
#include "fake_device.h"

static const char BOARD_MANIFEST[] =
	"{\"format\": \"sluice-module\", \"version\": 1, \"state\": \"executable\",\n"
	" \"name\": \"boardmod\", \"target\": \"ice40\", \"clock_mhz\": 60.0, \"top\": \"sluice_top\",\n"
	" \"design_id\": 4661,\n"
	" \"kernels\": [\n"
	"  {\"name\": \"scale\", \"kind\": \"started\", \"args_size\": 8, \"params\": [\n"
	"    {\"name\": \"n\", \"width\": 32, \"signed\": true, \"offset\": 0, \"size\": 4},\n"
	"    {\"name\": \"k\", \"width\": 32, \"signed\": true, \"offset\": 4, \"size\": 4}]},\n"
	"  {\"name\": \"copy\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []}],\n"
	" \"pipes\": [\n"
	"  {\"name\": \"in\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 16, \"depth\": 16,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"scale\", \"writer\": null},\n"
	"  {\"name\": \"out\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 16, \"depth\": 16,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"scale\"},\n"
	"  {\"name\": \"bulk_in\", \"type\": \"uint64_t\", \"width\": 64, \"min_capacity\": 8, \"depth\": 8,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"copy\", \"writer\": null},\n"
	"  {\"name\": \"bulk_out\", \"type\": \"uint64_t\", \"width\": 64, \"min_capacity\": 8, \"depth\": 8,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"copy\"}],\n"
	" \"spec_constants\": [],\n"
	" \"images\": {%s}}\n";

#define UART_IMAGE "\"icebreaker\": {\"kind\": \"bitstream\", \"uart_baud\": 3000000}"

enum { H_IN, H_BULK };
enum { D_OUT, D_BULK };
enum { K_SCALE };

static struct {
	uint32_t n, i;
	int32_t k, word;
	bool have;
} sc;

static void kernels(struct fake_dev *d, void *user)
{
	(void)user;
	const uint32_t *a = fake_args(d);
	if (fake_take_start(d, K_SCALE)) {
		sc.n = a[0];
		sc.k = (int32_t)a[1];
		sc.i = 0;
		sc.have = false;
	}
	if (fake_busy(d, K_SCALE)) {
		if (sc.have && fake_d2h_push(d, D_OUT, &sc.word))
			sc.have = false;
		if (!sc.have && sc.i < sc.n && fake_h2d_pop(d, H_IN, &sc.word)) {
			sc.word *= sc.k;
			sc.have = true;
			sc.i++;
		}
		if (!sc.have && sc.i == sc.n)
			fake_finish(d, K_SCALE);
	}
	uint64_t w; /* copy: autorun */
	if (fake_d2h_room(d, D_BULK) && fake_h2d_pop(d, H_BULK, &w))
		fake_d2h_push(d, D_BULK, &w);
}

/* The model of a board with the module's design. */
static struct fake_config board_config(void)
{
	struct fake_config c = {
		.n_h2d = 2, .n_d2h = 2, .n_kernels = 1,
		.h2d_bytes = {4, 8}, .h2d_depth = {16, 8},
		.d2h_bytes = {4, 8}, .d2h_depth = {16, 8},
		.arg_words = 2, .design_id = 4661, .no_deadlock = true,
		.tick = kernels,
	};
	return c;
}

/* n words of wb bytes (word i the low bytes of 0x9e3779b97f4a7c15 *
 * (i + salt)) written to pipe `in` and read back from pipe `out`, chunk at
 * a time: true when every word came back, in order. */
static bool round_trip(sluice_module *m, const char *in, const char *out, size_t wb, unsigned n,
		       unsigned salt, unsigned chunk)
{
	uint8_t *w = malloc((size_t)n * wb), *r = calloc(n, wb);
	for (unsigned i = 0; w && i < n; i++) {
		uint64_t v = 0x9e3779b97f4a7c15ull * (i + salt);
		memcpy(w + (size_t)i * wb, &v, wb);
	}
	bool ok = w && r;
	for (unsigned i = 0; i < n && ok; i += chunk) {
		size_t c = n - i < chunk ? n - i : chunk;
		ok = !sluice_pipe_write(m, in, w + (size_t)i * wb, c * wb) &&
		     !sluice_pipe_read(m, out, r + (size_t)i * wb, c * wb);
	}
	ok = ok && !memcmp(w, r, (size_t)n * wb);
	free(w);
	free(r);
	return ok;
}

/* n 64-bit words through 'bulk_in' and back from 'bulk_out' (copy), 1000
 * at a time */
static bool copy_round_trip(sluice_module *m, unsigned n, unsigned salt)
{
	return round_trip(m, "bulk_in", "bulk_out", 8, n, salt, 1000);
}

/* tests/runtime/cosim_top.v's design behind a board's link (its module
 * from cosim_manifest.h): words through both loopbacks, in0 -> out0 (a
 * FIFO of 16 32-bit words) and in1 -> out1 (24-bit words xor the spec
 * constant 0xa5a5a5), and both kernels started and waited for. */
static void cosim_design_checks(sluice_module *m, unsigned salt)
{
	enum { N0 = 6000, N1 = 600 };
	check(round_trip(m, "in0", "out0", 4, N0, salt, 500),
	      "%u 32-bit words through in0 and back from out0 (a FIFO of 16 words), in order",
	      (unsigned)N0);
	bool ok;
	uint8_t w1[3 * N1], r1[3 * N1];
	for (unsigned i = 0; i < 3 * N1; i++)
		w1[i] = (uint8_t)(i * 7 + salt);
	ok = !sluice_pipe_write(m, "in1", w1, sizeof w1) && !sluice_pipe_read(m, "out1", r1, sizeof r1);
	for (unsigned i = 0; i < 3 * N1 && ok; i++)
		ok = r1[i] == (w1[i] ^ 0xA5);
	check(ok, "%u 24-bit words through in1, back from out1 xor the spec constant 0xa5a5a5",
	      (unsigned)N1);
	struct {
		uint32_t n, pad;
		uint64_t tag;
	} args = {200, 0, 0x1122334455667788ull};
	ok = !sluice_kernel_start(m, "count", &args, sizeof args) &&
	     !sluice_kernel_wait(m, "count", 5000) && !sluice_kernel_start(m, "nop", NULL, 0) &&
	     !sluice_kernel_wait(m, "nop", 5000);
	check(ok, "kernels started with their arguments, and their completions waited for");
}

/* The module with images `images` (JSON members), written as tmp/name. */
static const char *board_module(const char *name, const char *images)
{
	static char json[sizeof BOARD_MANIFEST + 256];
	snprintf(json, sizeof json, BOARD_MANIFEST, images);
	return write_module(name, json);
}

#endif
