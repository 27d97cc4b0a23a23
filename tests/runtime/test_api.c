/*
 * test_api.c -- libsluice's host API against a fake device (fake_device.c:
 * the host-link protocol's device side in C, kernels as C callbacks), so
 * the semantics of sluice/runtime.h are tested without a simulator:
 * blocking and non-blocking pipe calls (a failed one leaves the pipe
 * unchanged), MinCapacity words accepted with no reader, map/unmap, host
 * threads on different pipes, 1 MiB transfers in order, kernel start with
 * packed arguments, queued starts, wait with timeout, deadlock reports,
 * device queries and strings, and each error at the call with its message.
 */
#include "api_test.h"
#include "fake_device.h"

#include <pthread.h>

/* ---- the module ------------------------------------------------------------ */

static const char *const manifest =
	"{\"format\": \"sluice-module\", \"version\": 1, \"state\": \"executable\",\n"
	" \"name\": \"fakemod\", \"target\": \"sim\", \"clock_mhz\": 100.0, \"top\": \"sluice_top\",\n"
	" \"design_id\": 4660,\n"
	" \"kernels\": [\n"
	"  {\"name\": \"scale\", \"kind\": \"started\", \"args_size\": 8, \"params\": [\n"
	"    {\"name\": \"n\", \"width\": 32, \"signed\": true, \"offset\": 0, \"size\": 4},\n"
	"    {\"name\": \"k\", \"width\": 32, \"signed\": true, \"offset\": 4, \"size\": 4}]},\n"
	"  {\"name\": \"copy\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []},\n"
	"  {\"name\": \"drain\", \"kind\": \"started\", \"args_size\": 4, \"params\": [\n"
	"    {\"name\": \"n\", \"width\": 32, \"signed\": false, \"offset\": 0, \"size\": 4}]},\n"
	"  {\"name\": \"gen\", \"kind\": \"started\", \"args_size\": 16, \"params\": [\n"
	"    {\"name\": \"n\", \"width\": 32, \"signed\": false, \"offset\": 0, \"size\": 4},\n"
	"    {\"name\": \"base\", \"width\": 16, \"signed\": false, \"offset\": 4, \"size\": 2},\n"
	"    {\"name\": \"seed\", \"width\": 64, \"signed\": false, \"offset\": 8, \"size\": 8}]},\n"
	"  {\"name\": \"busy\", \"kind\": \"started\", \"args_size\": 4, \"params\": [\n"
	"    {\"name\": \"cycles\", \"width\": 32, \"signed\": false, \"offset\": 0, \"size\": 4}]},\n"
	"  {\"name\": \"blink\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []}],\n"
	" \"pipes\": [\n"
	"  {\"name\": \"in\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 16, \"depth\": 16,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"scale\", \"writer\": null},\n"
	"  {\"name\": \"out\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 16, \"depth\": 16,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"scale\"},\n"
	"  {\"name\": \"bulk_in\", \"type\": \"uint64_t\", \"width\": 64, \"min_capacity\": 64, \"depth\": 64,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"copy\", \"writer\": null},\n"
	"  {\"name\": \"bulk_out\", \"type\": \"uint64_t\", \"width\": 64, \"min_capacity\": 64, \"depth\": 64,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"copy\"},\n"
	"  {\"name\": \"sink\", \"type\": \"uint16_t\", \"width\": 16, \"min_capacity\": 32, \"depth\": 32,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"drain\", \"writer\": null},\n"
	"  {\"name\": \"src\", \"type\": \"uint32_t\", \"width\": 32, \"min_capacity\": 8, \"depth\": 8,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"gen\"},\n"
	"  {\"name\": \"k2k\", \"type\": \"uint32_t\", \"width\": 32, \"min_capacity\": 4, \"depth\": 4,\n"
	"   \"kind\": \"kernel\", \"dir\": \"none\", \"reader\": \"drain\", \"writer\": \"gen\"},\n"
	"  {\"name\": \"led\", \"type\": \"uint8_t\", \"width\": 8, \"min_capacity\": 0, \"depth\": 0,\n"
	"   \"kind\": \"io\", \"dir\": \"out\", \"reader\": null, \"writer\": \"blink\"}],\n"
	" \"spec_constants\": [{\"name\": \"gain\", \"type\": \"int32_t\", \"width\": 32, \"value\": 3,\n"
	"    \"binding\": \"register\"},\n"
	"   {\"name\": \"taps\", \"type\": \"int16_t\", \"width\": 16, \"value\": -2, \"binding\": \"folded\"}],\n"
	" \"images\": {\"verilog\": {\"dir\": \"rtl\", \"files\": []}}}\n";

/* link ids: h2d in=0 bulk_in=1 sink=2; d2h out=0 bulk_out=1 src=2.
 * started kernels: scale=0 drain=1 gen=2 busy=3; arg words: scale 0-1,
 * drain 2, gen 3-6, busy 7. */
enum { H_IN, H_BULK, H_SINK };
enum { D_OUT, D_BULK, D_SRC };
enum { K_SCALE, K_DRAIN, K_GEN, K_BUSY };

/* ---- the kernels (run by the fake device, under the device lock) ---------- */

static struct {
	uint32_t scale_n, scale_i, scale_k;
	bool scale_have;
	int32_t scale_word;
	uint32_t drain_n;
	uint16_t drained[4096];
	unsigned ndrained;
	uint32_t gen_n, gen_i, gen_word;
	uint32_t busy_left, busy_runs;
} ks;

static void kernels(struct fake_dev *d, void *user)
{
	(void)user;
	const uint32_t *a = fake_args(d);

	if (fake_take_start(d, K_SCALE)) {
		ks.scale_n = a[0];
		ks.scale_k = a[1];
		ks.scale_i = 0;
		ks.scale_have = false;
	}
	if (fake_busy(d, K_SCALE)) {
		if (ks.scale_have && fake_d2h_push(d, D_OUT, &ks.scale_word))
			ks.scale_have = false;
		if (!ks.scale_have && ks.scale_i < ks.scale_n && fake_h2d_pop(d, H_IN, &ks.scale_word)) {
			ks.scale_word *= (int32_t)ks.scale_k;
			ks.scale_have = true;
			ks.scale_i++;
		}
		if (!ks.scale_have && ks.scale_i == ks.scale_n)
			fake_finish(d, K_SCALE);
	}

	uint64_t w; /* copy: autorun, a word per cycle */
	if (fake_d2h_room(d, D_BULK) && fake_h2d_pop(d, H_BULK, &w))
		fake_d2h_push(d, D_BULK, &w);

	if (fake_take_start(d, K_DRAIN))
		ks.drain_n = a[2];
	if (fake_busy(d, K_DRAIN)) {
		uint16_t v;
		if (ks.drain_n && fake_h2d_pop(d, H_SINK, &v)) {
			if (ks.ndrained < 4096)
				ks.drained[ks.ndrained++] = v;
			ks.drain_n--;
		}
		if (!ks.drain_n)
			fake_finish(d, K_DRAIN);
	}

	if (fake_take_start(d, K_GEN)) {
		ks.gen_n = a[3];
		ks.gen_i = 0;
		ks.gen_word = a[4] ^ a[5] ^ a[6];
	}
	if (fake_busy(d, K_GEN)) {
		uint32_t v = ks.gen_word + ks.gen_i;
		if (ks.gen_i < ks.gen_n && fake_d2h_push(d, D_SRC, &v))
			ks.gen_i++;
		if (ks.gen_i == ks.gen_n)
			fake_finish(d, K_GEN);
	}

	if (fake_take_start(d, K_BUSY)) {
		ks.busy_left = a[7];
		ks.busy_runs++;
	}
	if (fake_busy(d, K_BUSY) && (ks.busy_left == 0 || --ks.busy_left == 0))
		fake_finish(d, K_BUSY);
}

static struct fake_config base_config(void)
{
	struct fake_config c = {
		.n_h2d = 3, .n_d2h = 3, .n_kernels = 4,
		.h2d_bytes = {4, 8, 2}, .h2d_depth = {16, 64, 32},
		.d2h_bytes = {4, 8, 4}, .d2h_depth = {16, 64, 8},
		.arg_words = 8, .spec_words = 2, .spec_init = {3, 0xfffe},
		.design_id = 4660,
		.tick = kernels,
	};
	return c;
}

static const char *module_dir;

/* Opens a fake device and loads the module with configuration c. */
static void load(sluice_device **dev, sluice_module **mod, const struct fake_config *c)
{
	memset(&ks, 0, sizeof ks);
	fake_configure(c);
	MUST(fake_open(dev));
	MUST(sluice_module_load(*dev, module_dir, mod));
}

/* ---- device strings and queries ----------------------------------------------- */

static void test_device_strings(void)
{
	sluice_device *d = NULL;
	char buf[64];

	unsetenv("SLUICE_DEVICE");
	int rc = sluice_device_open(&d, NULL);
	bool ok = rc == SLUICE_OK &&
		  !sluice_device_info(d, SLUICE_INFO_TRANSPORT, buf, sizeof buf) && !strcmp(buf, "sim");
	check(ok, "device NULL with SLUICE_DEVICE unset opens the simulator");
	sluice_device_close(d);

	setenv("SLUICE_DEVICE", "usb:0403:6010", 1);
	d = NULL;
	rc = sluice_device_open(&d, NULL);
	/* no such board here: no device, or no USB at all on this machine
	 * (test_api_usb.c tests the transport on a simulated chip) */
	check((rc == SLUICE_E_NO_DEVICE || rc == SLUICE_E_IO) &&
		      strstr(sluice_last_error(), "usb:0403:6010") && !d,
	      "device NULL takes $SLUICE_DEVICE; a USB board that is not there is an error, "
	      "*dev untouched (%s)", sluice_last_error());
	unsetenv("SLUICE_DEVICE");

	rc = sluice_device_open(&d, "icebreaker:/dev/ttyUSB97");
	check(status_is(rc, SLUICE_E_IO, "icebreaker:/dev/ttyUSB97", "cannot open /dev/ttyUSB97",
			"plugged in", NULL) && !d,
	      "BOARD:/dev/ttyUSBn: a missing port is an I/O error that says so");
	rc = sluice_device_open(&d, "icebreaker:/dev/null");
	check(status_is(rc, SLUICE_E_IO, "/dev/null is not a serial port", NULL) && !d,
	      "BOARD:PATH: a file that is not a serial port is refused");
	rc = sluice_device_open(&d, "pcie:/dev/xdma97");
	check(status_is(rc, SLUICE_E_NO_DEVICE, "cannot open /dev/xdma97_c2h_0", "XDMA driver",
			NULL) && !d,
	      "pcie:/dev/NAME: a missing DMA node is 'no device', and says which");

	static const char *const bad[] = {"usb:zz:1", "usb:0403", "usb:0403:6010:", "pcie:",
					  "pcie:xdma0", "bogus", "", "ice breaker:/dev/x"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rc = sluice_device_open(&d, bad[i]);
		check(status_is(rc, SLUICE_E_INVALID_ARG, "expected", NULL),
		      "malformed device string '%s' is refused with the syntax", bad[i]);
	}
	check(status_is(sluice_device_open(NULL, "sim"), SLUICE_E_INVALID_ARG, "NULL", NULL),
	      "sluice_device_open(NULL) is an error");
}

static void test_info(sluice_device *d)
{
	bool b = false;
	uint32_t u = 0;
	uint64_t hz = 0;
	char s[64];

	check(!sluice_device_info(d, SLUICE_INFO_KERNEL_KERNEL_PIPE_SUPPORT, &b, sizeof b) && b,
	      "kernel_kernel_pipe_support is true");
	b = false;
	check(!sluice_device_info(d, SLUICE_INFO_KERNEL_HOST_PIPE_SUPPORT, &b, sizeof b) && b,
	      "kernel_host_pipe_support is true");
	check(!sluice_device_info(d, SLUICE_INFO_MAX_HOST_READ_PIPES, &u, sizeof u) && u == 64,
	      "max_host_read_pipes is 64");
	u = 0;
	check(!sluice_device_info(d, SLUICE_INFO_MAX_HOST_WRITE_PIPES, &u, sizeof u) && u == 64,
	      "max_host_write_pipes is 64");
	check(!sluice_device_info(d, SLUICE_INFO_CLOCK_HZ, &hz, sizeof hz) && hz == 100000000,
	      "clock is the module's 100 MHz");
	check(!sluice_device_info(d, SLUICE_INFO_DEVICE_NAME, s, sizeof s) && !strcmp(s, "fake"),
	      "device name");
	check(!sluice_device_info(d, SLUICE_INFO_BOARD, s, sizeof s) && !strcmp(s, "fakeboard"),
	      "board name");
	u = 7;
	check(status_is(sluice_device_info(d, SLUICE_INFO_CLOCK_HZ, &u, sizeof u), SLUICE_E_SIZE,
			"uint64_t", NULL) && u == 7,
	      "a query with the wrong size fails and leaves the output alone");
	memcpy(s, "xyz", 4);
	check(status_is(sluice_device_info(d, SLUICE_INFO_BOARD, s, 4), SLUICE_E_SIZE,
			"needs a buffer of 10 bytes", NULL) && !strcmp(s, "xyz"),
	      "a string query with a small buffer says the size it needs");
	check(status_is(sluice_device_info(d, SLUICE_INFO_SIM_CYCLES, &hz, sizeof hz),
			SLUICE_E_NOT_SUPPORTED, "not a simulator", NULL),
	      "SIM_CYCLES on a device that is not the simulator");
	check(status_is(sluice_device_info(d, (enum sluice_info)999, &u, sizeof u),
			SLUICE_E_INVALID_ARG, "unknown query", NULL),
	      "an unknown query");
}

/* ---- pipes ---------------------------------------------------------------------- */

static void test_blocking(sluice_module *m)
{
	enum { N = 1000 };
	static int32_t x[N], y[N];
	struct { int32_t n, k; } args = {N, -3};

	for (int i = 0; i < N; i++)
		x[i] = i * 1000 - 7;
	MUST(sluice_kernel_start(m, "scale", &args, sizeof args));
	MUST(sluice_pipe_write(m, "in", x, sizeof x));
	MUST(sluice_pipe_read(m, "out", y, sizeof y));
	bool same = true;
	for (int i = 0; i < N; i++)
		same &= y[i] == x[i] * -3;
	check(same, "blocking write then read of %d words through a started kernel", N);
	check(sluice_kernel_wait(m, "scale", 1000) == SLUICE_OK, "kernel_wait after it returned");
	check(sluice_kernel_wait(m, "drain", 0) == SLUICE_OK,
	      "kernel_wait of a kernel never started returns at once");
}

static void test_nonblocking(sluice_module *m)
{
	bool ok = true;
	int32_t y = 12345;
	uint16_t v[64];

	check(!sluice_pipe_read_nb(m, "out", &y, sizeof y, &ok) && !ok && y == 12345,
	      "read_nb of an empty pipe: ok false, data untouched");

	/* MinCapacity words with no kernel reading */
	for (int i = 0; i < 64; i++)
		v[i] = (uint16_t)(0xA000 + i);
	int taken = 0;
	for (int i = 0; i < 32; i++) {
		ok = false;
		if (!sluice_pipe_write_nb(m, "sink", &v[i], 2, &ok) && ok)
			taken++;
	}
	check(taken == 32, "MinCapacity (32) words written with write_nb and no reader: %d taken",
	      taken);
	ok = true;
	int rc = sluice_pipe_write_nb(m, "sink", &v[32], 2, &ok);
	check(rc == SLUICE_OK && !ok, "write_nb to the full pipe: SLUICE_OK with ok false");
	uint32_t n = 32;
	MUST(sluice_kernel_start(m, "drain", &n, sizeof n));
	MUST(sluice_kernel_wait(m, "drain", SLUICE_FOREVER));
	bool same = ks.ndrained == 32;
	for (unsigned i = 0; i < ks.ndrained && same; i++)
		same = ks.drained[i] == v[i];
	check(same, "the failed write_nb left the pipe unchanged: the kernel read exactly the 32 "
	      "words (%u)", ks.ndrained);

	/* a blocking write of MinCapacity words with no reader returns */
	ks.ndrained = 0;
	MUST(sluice_pipe_write(m, "sink", v + 32, 32 * 2));
	check(true, "a blocking write of MinCapacity (32) words with no reader returns");
	MUST(sluice_kernel_start(m, "drain", &n, sizeof n));
	MUST(sluice_kernel_wait(m, "drain", SLUICE_FOREVER));
	check(ks.ndrained == 32 && !memcmp(ks.drained, v + 32, 64), "...and the kernel reads them");

	/* all or nothing for several words */
	ks.ndrained = 0;
	MUST(sluice_pipe_write_nb(m, "sink", v, 16 * 2, &ok));
	check(ok, "write_nb of 16 words into an empty 32-word pipe");
	ok = true;
	MUST(sluice_pipe_write_nb(m, "sink", v + 16, 20 * 2, &ok));
	check(!ok, "write_nb of 20 words with room for 16 fails");
	n = 16;
	MUST(sluice_kernel_start(m, "drain", &n, sizeof n));
	MUST(sluice_kernel_wait(m, "drain", SLUICE_FOREVER));
	ok = false;
	MUST(sluice_pipe_write_nb(m, "sink", v, 2, &ok));
	check(ok && ks.ndrained == 16 && !memcmp(ks.drained, v, 32),
	      "...and wrote none of them");
	n = 1;
	MUST(sluice_kernel_start(m, "drain", &n, sizeof n));
	MUST(sluice_kernel_wait(m, "drain", SLUICE_FOREVER));

	struct { uint32_t n; uint16_t base; uint16_t pad; uint64_t seed; } g = {3, 100, 0, 0};
	MUST(sluice_kernel_start(m, "gen", &g, sizeof g));
	MUST(sluice_kernel_wait(m, "gen", SLUICE_FOREVER));
	uint32_t w[4] = {0};
	ok = true;
	MUST(sluice_pipe_read_nb(m, "src", w, sizeof w, &ok));
	check(!ok && w[0] == 0, "read_nb of 4 words with 3 there fails and reads nothing");
	MUST(sluice_pipe_read_nb(m, "src", w, 3 * 4, &ok));
	check(ok && w[0] == 100 && w[1] == 101 && w[2] == 102, "read_nb of the 3 words");
}

static void test_args(sluice_module *m)
{
	struct { uint32_t n; uint16_t base; uint16_t pad; uint64_t seed; } g = {
		4, 0xfffe, 0x5555, 0x1122334455667788ull};
	MUST(sluice_kernel_start(m, "gen", &g, sizeof g));
	uint32_t w[4];
	MUST(sluice_pipe_read(m, "src", w, sizeof w));
	const uint32_t *a = fake_args(fake_current());
	check(a[3] == 4 && a[4] == 0xfffe && a[5] == 0x55667788 && a[6] == 0x11223344,
	      "arguments packed in order, 16-bit in one word, 64-bit low word first, padding "
	      "dropped (%x %x %x %x)", a[3], a[4], a[5], a[6]);
	uint32_t x = 0xfffe ^ 0x55667788 ^ 0x11223344;
	check(w[0] == x && w[3] == x + 3, "the kernel saw them");
	MUST(sluice_kernel_wait(m, "gen", SLUICE_FOREVER));
}

static void test_queued_starts(sluice_module *m)
{
	uint32_t c = 2000;
	unsigned before = ks.busy_runs;
	MUST(sluice_kernel_start(m, "busy", &c, sizeof c));
	MUST(sluice_kernel_start(m, "busy", &c, sizeof c));
	MUST(sluice_kernel_start(m, "busy", &c, sizeof c));
	MUST(sluice_kernel_wait(m, "busy", SLUICE_FOREVER));
	check(ks.busy_runs - before == 3, "three starts of a running kernel run it three times (%u)",
	      ks.busy_runs - before);
}

static void test_spec(sluice_module *m)
{
	int32_t g = -5;
	MUST(sluice_module_set_spec(m, "gain", &g, sizeof g));
	MUST(sluice_kernel_wait(m, "drain", 0)); /* a register read: the write took effect */
	check(fake_specs(fake_current())[0] == 0xfffffffbu, "set_spec writes the SPEC register");
	check(status_is(sluice_module_set_spec(m, "gain", &g, 2), SLUICE_E_SIZE, "4 bytes", NULL),
	      "set_spec with the wrong size");
	check(status_is(sluice_module_set_spec(m, "nope", &g, 4), SLUICE_E_NOT_FOUND, "'nope'", NULL),
	      "set_spec of an unknown constant");
	int16_t t = -2;
	MUST(sluice_module_set_spec(m, "taps", &t, sizeof t));
	check(fake_specs(fake_current())[1] == 0xfffeu,
	      "set_spec of a folded constant to its own value is accepted");
	t = 7;
	check(status_is(sluice_module_set_spec(m, "taps", &t, sizeof t), SLUICE_E_NOT_SUPPORTED,
			"folded", "rebuild", NULL),
	      "set_spec refuses to change a folded constant");
}

static void test_introspection(sluice_module *m)
{
	struct sluice_pipe_info p;
	struct sluice_kernel_info k;
	check(!sluice_module_pipe(m, 4, &p) && !strcmp(p.name, "sink") && p.word_size == 2 &&
		      p.host && p.host_writes && !strcmp(p.reader, "drain") && p.min_capacity == 32,
	      "sluice_module_pipe describes a host pipe");
	check(status_is(sluice_module_pipe(m, 8, &p), SLUICE_E_NOT_FOUND, "8 pipes", NULL),
	      "sluice_module_pipe past the end");
	check(!sluice_module_kernel(m, 3, &k) && !strcmp(k.name, "gen") && k.nparams == 3 &&
		      k.params[2].offset == 8 && k.params[2].width == 64 && k.args_size == 16,
	      "sluice_module_kernel describes parameters");
}

/* ---- map / unmap ------------------------------------------------------------------- */

static void test_map(sluice_module *m)
{
	enum { N = 1000 };
	size_t mapped = 0;
	uint64_t *p = sluice_pipe_map(m, "bulk_in", SLUICE_MAP_WRITE, N * 8, &mapped);
	check(p && mapped == N * 8, "map for writing gives the bytes asked for");
	if (!p)
		return;
	for (int i = 0; i < N; i++)
		p[i] = 0xC0DE000000000000ull + (uint64_t)i;
	uint64_t x = 0;
	check(status_is(sluice_pipe_write(m, "bulk_in", &x, 8), SLUICE_E_BUSY, "mapped", NULL),
	      "write to a mapped pipe is refused");
	size_t m2;
	check(!sluice_pipe_map(m, "bulk_in", SLUICE_MAP_WRITE, 8, &m2) &&
		      sluice_last_error_code() == SLUICE_E_BUSY,
	      "a second mapping of the pipe is refused");
	check(status_is(sluice_pipe_unmap(m, "bulk_in", p + 1, 8), SLUICE_E_INVALID_ARG,
			"next mapped address", NULL),
	      "unmap at the wrong address is refused");
	check(status_is(sluice_pipe_unmap(m, "bulk_in", p, 12), SLUICE_E_SIZE, "8-byte words", NULL),
	      "unmap of part of a word is refused");

	/* writes and reads interleaved in one thread: the pipe holds only 64 */
	size_t wdone = 0, rdone = 0;
	bool good = true;
	while (rdone < N) {
		if (wdone < N) {
			size_t k = N - wdone < 48 ? N - wdone : 48;
			if (sluice_pipe_unmap(m, "bulk_in", p + wdone, k * 8)) {
				check(false, "unmap: %s", sluice_last_error());
				return;
			}
			wdone += k;
		}
		size_t got = 0;
		uint64_t *q = sluice_pipe_map(m, "bulk_out", SLUICE_MAP_READ, (N - rdone) * 8, &got);
		if (!q || got % 8 || got == 0) {
			check(false, "map for reading: %s", sluice_last_error());
			return;
		}
		for (size_t i = 0; i < got / 8; i++)
			good &= q[i] == 0xC0DE000000000000ull + rdone + i;
		MUST(sluice_pipe_unmap(m, "bulk_out", q, got));
		rdone += got / 8;
	}
	check(good && wdone == N, "%d words through map/unmap, in order", N);

	/* an early end of a read mapping leaves the rest in the pipe */
	uint64_t w[4] = {1, 2, 3, 4};
	MUST(sluice_pipe_write(m, "bulk_in", w, sizeof w));
	size_t got = 0;
	uint64_t *q = NULL;
	for (int tries = 0; tries < 100 && got < 32; tries++) {
		if (q)
			MUST(sluice_pipe_unmap(m, "bulk_out", q, 0));
		q = sluice_pipe_map(m, "bulk_out", SLUICE_MAP_READ, 32, &got);
	}
	check(q && got == 32 && q[0] == 1, "map for reading sees the words that arrived");
	MUST(sluice_pipe_unmap(m, "bulk_out", q, 8));
	MUST(sluice_pipe_unmap(m, "bulk_out", q + 1, 0));
	uint64_t r[3] = {0};
	MUST(sluice_pipe_read(m, "bulk_out", r, sizeof r));
	check(r[0] == 2 && r[1] == 3 && r[2] == 4, "unmap of 0 bytes ends the mapping; the rest is "
	      "read next, in order");
	check(status_is(sluice_pipe_unmap(m, "bulk_out", q, 8), SLUICE_E_INVALID_ARG, "not mapped",
			NULL),
	      "unmap of a pipe that is not mapped");

	check(!sluice_pipe_map(m, "bulk_in", SLUICE_MAP_READ, 8, &got) &&
		      status_is(sluice_last_error_code(), SLUICE_E_DIRECTION, "h2d", NULL),
	      "map for reading a pipe the host writes");
	check(!sluice_pipe_map(m, "bulk_in", 3, 8, &got) &&
		      sluice_last_error_code() == SLUICE_E_INVALID_ARG,
	      "map with both flags");
	check(!sluice_pipe_map(m, "bulk_in", SLUICE_MAP_WRITE, 4, &got) &&
		      status_is(sluice_last_error_code(), SLUICE_E_SIZE, "holds none", NULL),
	      "map of less than a word");
	check(!sluice_pipe_map(m, "nope", SLUICE_MAP_WRITE, 8, &got) &&
		      sluice_last_error_code() == SLUICE_E_NOT_FOUND,
	      "map of an unknown pipe");
}

/* ---- threads and large transfers --------------------------------------------------- */

enum { BIG = (1 << 20) / 8 }; /* 1 MiB of 8-byte words */

static void *bulk_writer(void *arg)
{
	sluice_module *m = arg;
	static uint64_t buf[4096];
	size_t done = 0, step = 1;
	while (done < BIG) {
		size_t k = step < BIG - done ? step : BIG - done;
		for (size_t i = 0; i < k; i++)
			buf[i] = done + i;
		if (sluice_pipe_write(m, "bulk_in", buf, k * 8))
			return (void *)strdup(sluice_last_error());
		done += k;
		step = step * 7 % 4093 + 1; /* 1 .. 4093 words, varied */
	}
	return NULL;
}

static void *scale_loop(void *arg)
{
	sluice_module *m = arg;
	int32_t x[200], y[200];
	for (int round = 0; round < 20; round++) {
		struct { int32_t n, k; } a = {200, round};
		for (int i = 0; i < 200; i++)
			x[i] = i + round;
		if (sluice_kernel_start(m, "scale", &a, sizeof a) ||
		    sluice_pipe_write(m, "in", x, sizeof x) || sluice_pipe_read(m, "out", y, sizeof y) ||
		    sluice_kernel_wait(m, "scale", SLUICE_FOREVER))
			return (void *)strdup(sluice_last_error());
		for (int i = 0; i < 200; i++)
			if (y[i] != x[i] * round)
				return (void *)strdup("scale: wrong word");
	}
	return NULL;
}

static void test_threads(sluice_module *m)
{
	pthread_t w, s;
	static uint64_t buf[4096];
	size_t done = 0, step = 3;
	bool good = true;

	pthread_create(&w, NULL, bulk_writer, m);
	pthread_create(&s, NULL, scale_loop, m);
	while (done < BIG && good) {
		size_t k = step < BIG - done ? step : BIG - done;
		if (sluice_pipe_read(m, "bulk_out", buf, k * 8)) {
			check(false, "read bulk_out: %s", sluice_last_error());
			good = false;
			break;
		}
		for (size_t i = 0; i < k; i++)
			good &= buf[i] == done + i;
		done += k;
		step = step * 5 % 4091 + 1;
	}
	void *e1, *e2;
	pthread_join(w, &e1);
	pthread_join(s, &e2);
	check(!e1, "writer thread: 1 MiB in varied chunks%s%s", e1 ? ": " : "", e1 ? (char *)e1 : "");
	check(!e2, "third thread: 20 rounds of start/write/read/wait on other pipes%s%s",
	      e2 ? ": " : "", e2 ? (char *)e2 : "");
	check(good && done == BIG, "reader thread: 1 MiB arrived complete and in order");
	free(e1);
	free(e2);
}

/* Two threads write the same pipe: each call's words stay together, and
 * each thread's calls keep their order; the order between threads is not
 * defined. */
enum { SAME_CALLS = 200, SAME_WORDS = 37 };

static void *same_pipe_writer(void *arg)
{
	sluice_module *m = ((void **)arg)[0];
	uint64_t tid = (uint64_t)(uintptr_t)((void **)arg)[1];
	uint64_t buf[SAME_WORDS];
	for (uint64_t c = 0; c < SAME_CALLS; c++) {
		for (uint64_t i = 0; i < SAME_WORDS; i++)
			buf[i] = tid << 48 | c << 16 | i;
		if (sluice_pipe_write(m, "bulk_in", buf, sizeof buf))
			return strdup(sluice_last_error());
	}
	return NULL;
}

static void test_same_pipe(sluice_module *m)
{
	pthread_t t[2];
	void *args[2][2] = {{m, (void *)1}, {m, (void *)2}};
	static uint64_t got[2 * SAME_CALLS * SAME_WORDS];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, same_pipe_writer, args[i]);
	int rc = sluice_pipe_read(m, "bulk_out", got, sizeof got);
	void *e[2];
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], &e[i]);
	check(rc == SLUICE_OK && !e[0] && !e[1], "two threads write one pipe, a third reads it%s%s",
	      rc ? ": " : "", rc ? sluice_last_error() : "");
	free(e[0]);
	free(e[1]);
	bool whole = true;
	uint64_t next[3] = {0, 0, 0};
	for (size_t k = 0; k + SAME_WORDS <= sizeof got / 8 && whole; k += SAME_WORDS) {
		uint64_t tid = got[k] >> 48, c = (got[k] >> 16) & 0xffffffff;
		whole = (tid == 1 || tid == 2) && c == next[tid]++;
		for (uint64_t i = 0; i < SAME_WORDS && whole; i++)
			whole = got[k + i] == (tid << 48 | c << 16 | i);
	}
	check(whole && next[1] == SAME_CALLS && next[2] == SAME_CALLS,
	      "each call's %d words arrived together, each thread's calls in order", SAME_WORDS);
}

/* ---- errors at the call ------------------------------------------------------------ */

static void test_call_errors(sluice_module *m)
{
	int32_t x[2] = {0};
	bool ok;

	check(status_is(sluice_pipe_write(m, "nope", x, 4), SLUICE_E_NOT_FOUND,
			"module 'fakemod' has no pipe 'nope'", NULL),
	      "unknown pipe name");
	check(status_is(sluice_pipe_write(m, "in", x, 6), SLUICE_E_SIZE, "4-byte words", "int32_t",
			"6 bytes", NULL),
	      "write of a size that is not a whole number of words");
	check(status_is(sluice_pipe_read(m, "out", x, 5), SLUICE_E_SIZE, "4-byte words", NULL),
	      "read of a size that is not a whole number of words");
	check(status_is(sluice_pipe_write_nb(m, "sink", x, 3, &ok), SLUICE_E_SIZE, "2-byte", NULL),
	      "write_nb of a size that is not a whole number of words");
	check(status_is(sluice_pipe_write(m, "out", x, 4), SLUICE_E_DIRECTION,
			"'out' is d2h", "cannot write", NULL),
	      "writing a d2h pipe");
	check(status_is(sluice_pipe_read(m, "in", x, 4), SLUICE_E_DIRECTION,
			"'in' is h2d", "cannot read", NULL),
	      "reading an h2d pipe");
	check(status_is(sluice_pipe_read_nb(m, "in", x, 4, &ok), SLUICE_E_DIRECTION, "h2d", NULL),
	      "read_nb of an h2d pipe");
	check(status_is(sluice_pipe_write(m, "led", x, 1), SLUICE_E_NOT_FOUND, "I/O", "not a host pipe",
			NULL),
	      "an I/O pipe is not a host pipe");
	check(status_is(sluice_pipe_read(m, "k2k", x, 4), SLUICE_E_NOT_FOUND, "kernel-to-kernel",
			NULL),
	      "a kernel-to-kernel pipe is not a host pipe");
	check(status_is(sluice_pipe_write_nb(m, "in", x, 4, NULL), SLUICE_E_INVALID_ARG, "ok", NULL),
	      "write_nb with ok NULL");
	check(status_is(sluice_pipe_write(m, "in", NULL, 4), SLUICE_E_INVALID_ARG, "data", NULL),
	      "write with data NULL");
	check(sluice_pipe_write(m, "in", NULL, 0) == SLUICE_OK, "a write of 0 bytes does nothing");

	check(status_is(sluice_kernel_start(m, "nope", NULL, 0), SLUICE_E_NOT_FOUND,
			"no kernel 'nope'", "'scale', 'copy'", NULL),
	      "unknown kernel, with the module's kernels listed");
	check(status_is(sluice_kernel_start(m, "scale", x, 4), SLUICE_E_SIZE,
			"takes 8 bytes of arguments", "n (4 bytes at offset 0)", "size is 4", NULL),
	      "wrong argument size");
	check(status_is(sluice_kernel_start(m, "scale", NULL, 8), SLUICE_E_INVALID_ARG, "NULL", NULL),
	      "args NULL with a size");
	check(status_is(sluice_kernel_start(m, "copy", NULL, 0), SLUICE_E_NOT_SUPPORTED, "autorun",
			NULL),
	      "starting an autorun kernel");
	check(status_is(sluice_kernel_wait(m, "blink", 0), SLUICE_E_NOT_SUPPORTED, "autorun", NULL),
	      "waiting for an autorun kernel");
	check(status_is(sluice_kernel_wait(NULL, "scale", 0), SLUICE_E_INVALID_ARG, "NULL", NULL),
	      "NULL module");

	check(!strcmp(sluice_error_name(SLUICE_E_DEADLOCK), "SLUICE_E_DEADLOCK") &&
		      !strcmp(sluice_error_name(12345), "SLUICE_E_UNKNOWN") &&
		      strstr(sluice_strerror(SLUICE_E_SIZE), "whole number") &&
		      !strcmp(sluice_strerror(SLUICE_OK), "success"),
	      "error names and descriptions");
}

/* ---- deadlocks and timeouts ---------------------------------------------------------- */

static void test_deadlocks(sluice_module *m)
{
	int32_t y[2];
	int rc = sluice_pipe_read(m, "out", y, sizeof y);
	check(status_is(rc, SLUICE_E_DEADLOCK, "to read 8 bytes from pipe 'out'",
			"Kernel 'scale', which writes 'out', is not running", NULL),
	      "reading a pipe whose kernel is not running: deadlock, naming the kernel");

	uint16_t v[40];
	for (int i = 0; i < 40; i++)
		v[i] = (uint16_t)i;
	rc = sluice_pipe_write(m, "sink", v, sizeof v);
	check(status_is(rc, SLUICE_E_DEADLOCK, "to write 80 bytes to pipe 'sink'",
			"Kernel 'drain', which reads 'sink', is not running",
			"32 of the 40 words were written", NULL),
	      "writing more than a pipe holds with no reader: deadlock after MinCapacity words");
	uint32_t n = 32;
	ks.ndrained = 0;
	MUST(sluice_kernel_start(m, "drain", &n, sizeof n));
	MUST(sluice_kernel_wait(m, "drain", SLUICE_FOREVER));
	check(ks.ndrained == 32 && ks.drained[31] == 31, "the 32 words written before the deadlock "
	      "are in the pipe");

	struct { int32_t n, k; } a = {3, 2};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	rc = sluice_kernel_wait(m, "scale", SLUICE_FOREVER);
	check(status_is(rc, SLUICE_E_DEADLOCK, "for kernel 'scale' to return", "'scale' running",
			"'in' (read by 'scale') ", NULL),
	      "waiting for a kernel that waits for the host: deadlock");
	int32_t x[3] = {1, 2, 3};
	MUST(sluice_pipe_write(m, "in", x, sizeof x));
	MUST(sluice_pipe_read(m, "out", y, 4));
	int32_t y3;
	MUST(sluice_pipe_read(m, "out", &y3, 4));
	check(y[0] == 2 && y3 == 4 && sluice_kernel_wait(m, "scale", SLUICE_FOREVER) == SLUICE_OK,
	      "after a deadlock report the module goes on working");
}

/* The calls on pipes and kernels, on module m loaded. */
static void test_calls(sluice_module *m)
{
	test_blocking(m);
	test_nonblocking(m);
	test_args(m);
	test_queued_starts(m);
	test_spec(m);
	test_map(m);
	test_threads(m);
	test_same_pipe(m);
	test_deadlocks(m);
}

/* Device cycles for n 8-byte words each way through copy, on a link of
 * `beat` bytes a cycle (0: a byte a cycle, byte framing). */
static uint64_t copy_cycles(unsigned beat, unsigned n)
{
	sluice_device *d;
	sluice_module *m;
	struct fake_config c = base_config();
	c.beat = beat;
	load(&d, &m, &c);
	uint64_t *w = malloc(n * sizeof *w), *r = malloc(n * sizeof *r);
	for (unsigned i = 0; i < n; i++)
		w[i] = i * 0x100000001ull;
	uint64_t c0 = fake_cycles(fake_current());
	bool ok = true;
	for (unsigned i = 0; i < n && ok; i += 512)
		ok = !sluice_pipe_write(m, "bulk_in", w + i, 512 * 8) &&
		     !sluice_pipe_read(m, "bulk_out", r + i, 512 * 8);
	uint64_t cycles = fake_cycles(fake_current()) - c0;
	ok = ok && !memcmp(w, r, n * sizeof *w);
	free(w);
	free(r);
	sluice_module_close(m);
	sluice_device_close(d);
	return ok ? cycles : UINT64_MAX;
}

/* What the link's width buys: the framing per frame, not per byte. */
static void test_link_width(void)
{
	enum { N = 16384 };
	uint64_t narrow = copy_cycles(0, N), wide = copy_cycles(16, N);
	check(narrow != UINT64_MAX && wide != UINT64_MAX && wide * 6 < narrow,
	      "%u words of 8 bytes each way: %.2f device cycles a word on a byte link, %.2f on a "
	      "link of 16-byte beats", (unsigned)N, (double)narrow / N, (double)wide / N);
}

static void test_timeout(void)
{
	sluice_device *d;
	sluice_module *m;
	struct fake_config c = base_config();
	c.no_deadlock = true;
	load(&d, &m, &c);
	uint32_t forever = 0xffffffffu;
	MUST(sluice_kernel_start(m, "busy", &forever, sizeof forever));
	int rc = sluice_kernel_wait(m, "busy", 0);
	check(status_is(rc, SLUICE_E_TIMEOUT, "still running", NULL), "kernel_wait with timeout 0");
	rc = sluice_kernel_wait(m, "busy", 50);
	check(status_is(rc, SLUICE_E_TIMEOUT, "after 50 ms", NULL), "kernel_wait times out");
	sluice_module_close(m);
	sluice_device_close(d);
}

/* ---- modules on devices ------------------------------------------------------------- */

static void test_load_errors(void)
{
	sluice_device *d;
	sluice_module *m, *m2 = NULL;
	struct fake_config c = base_config();
	load(&d, &m, &c);
	check(status_is(sluice_module_load(d, module_dir, &m2), SLUICE_E_BUSY, "one module at a time",
			NULL) && !m2,
	      "a second module on the device is refused");
	sluice_module_close(m);
	MUST(sluice_module_load(d, module_dir, &m));
	uint32_t x = 5, y = 0;
	struct { int32_t n, k; } a = {1, 1};
	MUST(sluice_kernel_start(m, "scale", &a, sizeof a));
	MUST(sluice_pipe_write(m, "in", &x, 4));
	MUST(sluice_pipe_read(m, "out", &y, 4));
	check(y == 5, "a module loads again after close (new link session)");
	sluice_device_close(d); /* closes the module too */

	struct { const char *what; void (*edit)(struct fake_config *); int code; const char *frag; }
	cases[] = {
		{"another pipe count", NULL, SLUICE_E_IMAGE_MISMATCH, "another design"},
		{"another magic", NULL, SLUICE_E_IMAGE_MISMATCH, "does not identify"},
		{"another design id", NULL, SLUICE_E_IMAGE_MISMATCH, "design id is 0x00000099"},
		{"another pipe width", NULL, SLUICE_E_IMAGE_MISMATCH, "'bulk_in' is 64 bits wide"},
		{"silence", NULL, SLUICE_E_IO, "does not answer"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		c = base_config();
		if (i == 0)
			c.n_h2d = 2;
		if (i == 1)
			c.magic = 0xdeadbeef;
		if (i == 2)
			c.design_id = 0x99;
		if (i == 3)
			c.h2d_bytes[1] = 4;
		if (i == 4)
			c.silent = true;
		fake_configure(&c);
		MUST(fake_open(&d));
		m = NULL;
		int rc = sluice_module_load(d, module_dir, &m);
		check(status_is(rc, cases[i].code, cases[i].frag, NULL) && !m,
		      "a device with %s is refused", cases[i].what);
		sluice_device_close(d);
	}
}

int main(void)
{
	sluice_device *d;
	sluice_module *m;

	module_dir = strdup(write_module("fakemod.sluice", manifest));
	test_device_strings();

	struct fake_config c = base_config();
	load(&d, &m, &c);
	test_info(d);
	test_introspection(m);
	test_calls(m);
	test_call_errors(m);
	check(fake_errors(fake_current()) == 0, "the device saw no protocol errors (%llu)",
	      (unsigned long long)fake_errors(fake_current()));
	sluice_module_close(m);
	sluice_device_close(d);

	/* the calls again with the link in plain framing on 16-byte beats
	 * (runtime/link/proto.h section 2b), as a wide link carries it */
	c = base_config();
	c.beat = 16;
	load(&d, &m, &c);
	test_calls(m);
	check(fake_errors(fake_current()) == 0, "plain framing: the device saw no protocol errors");
	sluice_module_close(m);
	sluice_device_close(d);
	test_link_width();

	test_timeout();
	test_load_errors();
	return finish();
}
