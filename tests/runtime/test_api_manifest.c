/*
 * test_api_manifest.c -- sluice_module_load refuses a bad module with a
 * clear error: no directory or manifest, corrupt JSON, a wrong format,
 * version or state, inconsistent kernels, parameters and pipes, host pipes
 * that break the pipes specification's rules (the host both reading and
 * writing, a kernel at both ends, more than one kernel, a direction that
 * contradicts the endpoints), and, on the simulator, a module with no
 * image for it or a broken one, and a manifest whose host link numbering
 * (link_id, ctrl, arg_word) disagrees with the runtime's.  Each case checks
 * the status and that the message names the problem; a good manifest loads
 * (on the fake device), with and without the numbering fields.
 */
#include "api_test.h"
#include "fake_device.h"

static const char *const good =
	"{\"format\": \"sluice-module\", \"version\": 1, \"state\": \"executable\",\n"
	" \"name\": \"vs\", \"target\": \"sim\", \"clock_mhz\": 50.0, \"top\": \"sluice_top\",\n"
	" \"kernels\": [\n"
	"  {\"name\": \"scale\", \"kind\": \"started\", \"args_size\": 8, \"params\": [\n"
	"    {\"name\": \"n\", \"width\": 32, \"signed\": true, \"offset\": 0, \"size\": 4},\n"
	"    {\"name\": \"k\", \"width\": 16, \"signed\": false, \"offset\": 4, \"size\": 2}]},\n"
	"  {\"name\": \"echo\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []}],\n"
	" \"pipes\": [\n"
	"  {\"name\": \"in\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 8, \"depth\": 8,\n"
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"scale\", \"writer\": null},\n"
	"  {\"name\": \"out\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 8, \"depth\": 8,\n"
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"scale\"},\n"
	"  {\"name\": \"mid\", \"type\": \"int32_t\", \"width\": 32, \"min_capacity\": 2, \"depth\": 2,\n"
	"   \"kind\": \"kernel\", \"dir\": \"none\", \"reader\": \"echo\", \"writer\": \"scale\"}],\n"
	" \"spec_constants\": [{\"name\": \"gain\", \"type\": \"int32_t\", \"width\": 32, \"value\": 3}],\n"
	" \"images\": {\"verilog\": {\"dir\": \"rtl\", \"files\": [\"sluice_top.v\"]}}}\n";

/* base with the first occurrence of from replaced by to (one of two
 * buffers in turn, so that two edits can be chained; base must not be the
 * result of the edit before last) */
static const char *edit_of(const char *base, const char *from, const char *to)
{
	static char bufs[2][8192];
	static int turn;
	char *buf = bufs[turn ^= 1];
	const char *at = strstr(base, from);
	if (!at) {
		printf("test bug: '%s' not in the manifest\n", from);
		exit(1);
	}
	snprintf(buf, sizeof bufs[0], "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
	return buf;
}

/* good with the first occurrence of from replaced by to */
static const char *edit(const char *from, const char *to)
{
	return edit_of(good, from, to);
}

static sluice_device *fake;

/* Loads json as a module on the fake device; checks the status and the
 * message fragments. */
static void expect(const char *what, const char *json, int code, const char *f1, const char *f2)
{
	static int n;
	char name[32];
	snprintf(name, sizeof name, "m%d.sluice", n++);
	const char *dir = write_module(name, json);
	sluice_module *m = NULL;
	int rc = sluice_module_load(fake, dir, &m);
	check(status_is(rc, code, f1, f2, NULL) && (rc != SLUICE_OK) == (m == NULL), "%s", what);
	if (m)
		sluice_module_close(m);
}

static struct fake_config cfg_for_good(void)
{
	struct fake_config c = {
		.n_h2d = 1, .n_d2h = 1, .n_kernels = 1,
		.h2d_bytes = {4}, .h2d_depth = {8}, .d2h_bytes = {4}, .d2h_depth = {8},
		.arg_words = 2, .spec_words = 1, .spec_init = {3},
	};
	return c;
}

static void test_files(void)
{
	sluice_module *m = NULL;
	char path[600];
	check(status_is(sluice_module_load(fake, "/nonexistent/x.sluice", &m), SLUICE_E_NOT_FOUND,
			"no module at '/nonexistent/x.sluice'", NULL) && !m,
	      "a path that does not exist");
	snprintf(path, sizeof path, "%s/empty.sluice", tmpdir());
	mkdir(path, 0755);
	check(status_is(sluice_module_load(fake, path, &m), SLUICE_E_NOT_FOUND, "no manifest.json",
			NULL),
	      "a directory without manifest.json");
	check(status_is(sluice_module_load(fake, NULL, &m), SLUICE_E_INVALID_ARG, "path", NULL),
	      "a NULL path");
	expect("a truncated manifest", "{\"format\": \"sluice-module\", \"version\": ",
	       SLUICE_E_MANIFEST, "manifest.json:1:", "corrupt manifest");
	expect("a manifest that is not JSON", "hello", SLUICE_E_MANIFEST, "corrupt manifest", NULL);
	expect("a duplicated key", edit("\"version\": 1,", "\"version\": 1, \"version\": 1,"),
	       SLUICE_E_MANIFEST, "duplicate", NULL);
	expect("a JSON array", "[1, 2]", SLUICE_E_MANIFEST, "not a JSON object", NULL);
}

static void test_header(void)
{
	expect("another format", edit("sluice-module", "something-else"), SLUICE_E_MANIFEST,
	       "not a sluice module manifest", NULL);
	expect("a newer version", edit("\"version\": 1", "\"version\": 2"), SLUICE_E_MANIFEST,
	       "format version 2", "reads version 1");
	expect("a version that is a string", edit("\"version\": 1", "\"version\": \"1\""),
	       SLUICE_E_MANIFEST, "'version' must be an integer", NULL);
	expect("state object", edit("\"executable\"", "\"object\""), SLUICE_E_MODULE_STATE,
	       "in state 'object', not 'executable'", "sluice link");
	expect("state input", edit("\"executable\"", "\"input\""), SLUICE_E_MODULE_STATE,
	       "'input'", NULL);
	expect("no state", edit("\"state\": \"executable\",", ""), SLUICE_E_MANIFEST,
	       "'state' is missing", NULL);
	expect("no images", edit("\"images\"", "\"imagez\""), SLUICE_E_MANIFEST,
	       "'images' is missing", NULL);
	expect("a negative clock", edit("50.0", "-1.0"), SLUICE_E_MANIFEST, "clock_mhz", NULL);
}

static void test_kernels(void)
{
	expect("no kernels", edit("\"kernels\"", "\"kernelz\""), SLUICE_E_MANIFEST,
	       "'kernels' is missing", NULL);
	expect("a kernel without a name", edit("\"name\": \"scale\",", ""), SLUICE_E_MANIFEST,
	       "kernels[0]", "'name' is missing");
	expect("a kernel named twice", edit("\"echo\", \"kind\"", "\"scale\", \"kind\""),
	       SLUICE_E_MANIFEST, "kernel 'scale'", "declared twice");
	expect("an unknown kernel kind", edit("\"started\"", "\"sometimes\""), SLUICE_E_MANIFEST,
	       "'sometimes' is neither", NULL);
	expect("overlapping parameters", edit("\"offset\": 4", "\"offset\": 2"), SLUICE_E_MANIFEST,
	       "parameter 'k' at offset 2 overlaps", NULL);
	expect("a parameter past args_size", edit("\"args_size\": 8", "\"args_size\": 5"),
	       SLUICE_E_MANIFEST, "parameter 'k'", "does not fit in args_size 5");
	expect("a parameter too small for its width", edit("\"width\": 16", "\"width\": 24"),
	       SLUICE_E_MANIFEST, "2 bytes cannot hold 24 bits", NULL);
	expect("an autorun kernel with parameters",
	       edit("\"autorun\", \"args_size\": 0, \"params\": []",
		    "\"autorun\", \"args_size\": 4, \"params\": [{\"name\": \"x\", \"width\": 32, "
		    "\"offset\": 0, \"size\": 4}]"),
	       SLUICE_E_MANIFEST, "an autorun kernel has no parameters", NULL);
	expect("a negative offset", edit("\"offset\": 4", "\"offset\": -4"), SLUICE_E_MANIFEST,
	       "'offset' must be an integer", NULL);
}

static void test_pipes(void)
{
	expect("a width that is not whole bytes", edit("\"width\": 32, \"min_capacity\": 8",
						       "\"width\": 12, \"min_capacity\": 8"),
	       SLUICE_E_MANIFEST, "pipe 'in'", "width 12 is not a whole number of bytes");
	expect("a depth below MinCapacity", edit("\"depth\": 8", "\"depth\": 4"), SLUICE_E_MANIFEST,
	       "depth 4 is less than its MinCapacity 8", NULL);
	expect("a host pipe with dir in", edit("\"dir\": \"h2d\"", "\"dir\": \"in\""),
	       SLUICE_E_MANIFEST, "a host pipe cannot have dir 'in'", NULL);
	expect("an unknown pipe kind", edit("\"kind\": \"host\"", "\"kind\": \"hose\""),
	       SLUICE_E_MANIFEST, "kind 'hose'", NULL);
	expect("a reader that is not a kernel", edit("\"reader\": \"scale\"", "\"reader\": \"ghost\""),
	       SLUICE_E_MANIFEST, "reader 'ghost' is not a kernel", NULL);
	expect("a pipe named twice", edit("\"name\": \"out\"", "\"name\": \"in\""), SLUICE_E_MANIFEST,
	       "pipe 'in': declared twice", NULL);

	/* the pipes specification's rules for host pipes */
	expect("a host pipe a kernel both reads and writes",
	       edit("\"reader\": \"scale\", \"writer\": null", "\"reader\": \"scale\", \"writer\": \"scale\""),
	       SLUICE_E_CONNECTIVITY, "kernel 'scale' both reads and writes it", "the host uses it");
	expect("a host pipe with a kernel at both ends (the host would read and write it)",
	       edit("\"reader\": \"scale\", \"writer\": null", "\"reader\": \"scale\", \"writer\": \"echo\""),
	       SLUICE_E_CONNECTIVITY, "kernel at both ends", "both read and write it");
	expect("an h2d pipe written by a kernel",
	       edit("\"reader\": \"scale\", \"writer\": null", "\"reader\": null, \"writer\": \"scale\""),
	       SLUICE_E_CONNECTIVITY, "is h2d (the host writes it) but kernel 'scale' writes it",
	       "contradicts its endpoints");
	expect("a d2h pipe read by a kernel",
	       edit("\"reader\": null, \"writer\": \"scale\"", "\"reader\": \"scale\", \"writer\": null"),
	       SLUICE_E_CONNECTIVITY, "is d2h (the host reads it) but kernel 'scale' reads it", NULL);
	expect("a host pipe bound to two kernels",
	       edit("\"reader\": \"scale\", \"writer\": null",
		    "\"reader\": [\"scale\", \"echo\"], \"writer\": null"),
	       SLUICE_E_CONNECTIVITY, "bound to more than one kernel", "'scale' and 'echo'");
	expect("a host pipe with no kernel",
	       edit("\"reader\": \"scale\", \"writer\": null", "\"reader\": null, \"writer\": null"),
	       SLUICE_E_CONNECTIVITY, "has no kernel reading it", NULL);
	expect("a kernel pipe read by two kernels",
	       edit("\"reader\": \"echo\"", "\"reader\": [\"echo\", \"scale\"]"), SLUICE_E_CONNECTIVITY,
	       "'mid' is read by more than one kernel", NULL);
	expect("a host pipe wider than the link carries",
	       edit("\"width\": 32, \"min_capacity\": 8", "\"width\": 4000, \"min_capacity\": 8"),
	       SLUICE_E_NOT_SUPPORTED, "500-byte words", NULL);
	expect("a spec constant without a value", edit("\"value\": 3", "\"valu\": 3"),
	       SLUICE_E_MANIFEST, "'value' must be an integer", NULL);
}

/* good with the fields sluice build writes for the host link numbering:
 * design_id, core, host_header, link_id, ctrl, arg_word. */
static char numbered[8192];

static void make_numbered(void)
{
	const char *s = edit_of(good, "\"top\": \"sluice_top\",",
				"\"top\": \"sluice_top\", \"core\": \"sluice_core\", "
				"\"design_id\": 3735928559, \"host_header\": \"vs.h\",");
	s = edit_of(s, "\"kind\": \"started\",", "\"kind\": \"started\", \"ctrl\": 0,");
	s = edit_of(s, "\"offset\": 0, \"size\": 4}", "\"offset\": 0, \"size\": 4, \"arg_word\": 0}");
	s = edit_of(s, "\"offset\": 4, \"size\": 2}", "\"offset\": 4, \"size\": 2, \"arg_word\": 1}");
	s = edit_of(s, "\"kind\": \"host\", \"dir\": \"h2d\",",
		    "\"kind\": \"host\", \"dir\": \"h2d\", \"link_id\": 0,");
	s = edit_of(s, "\"kind\": \"host\", \"dir\": \"d2h\",",
		    "\"kind\": \"host\", \"dir\": \"d2h\", \"link_id\": 0,");
	snprintf(numbered, sizeof numbered, "%s", s);
}

static void test_numbering(void)
{
	make_numbered();
	/* the fake device answers with design id 0 unless told otherwise, and
	 * the runtime checks a manifest's design_id against the device's */
	static char nid[8192];
	snprintf(nid, sizeof nid, "%s", edit_of(numbered, "\"design_id\": 3735928559, ", ""));
	expect("a manifest with the host link numbering loads", nid, SLUICE_OK, NULL, NULL);
	expect("a wrong link_id",
	       edit_of(nid, "\"dir\": \"d2h\", \"link_id\": 0", "\"dir\": \"d2h\", \"link_id\": 1"),
	       SLUICE_E_MANIFEST, "pipe 'out': 'link_id' is 1, but it is d2h host pipe 0",
	       "hardware and its manifest disagree");
	expect("a link_id on a kernel pipe",
	       edit_of(nid, "\"kind\": \"kernel\", \"dir\": \"none\",",
		       "\"kind\": \"kernel\", \"dir\": \"none\", \"link_id\": 0,"),
	       SLUICE_E_MANIFEST, "pipe 'mid': only host pipes have a 'link_id'", NULL);
	expect("a link_id that is not a number",
	       edit_of(nid, "\"dir\": \"h2d\", \"link_id\": 0", "\"dir\": \"h2d\", \"link_id\": \"0\""),
	       SLUICE_E_MANIFEST, "pipe 'in': 'link_id' must be an integer", NULL);
	expect("a wrong ctrl", edit_of(nid, "\"ctrl\": 0", "\"ctrl\": 2"), SLUICE_E_MANIFEST,
	       "kernel 'scale': 'ctrl' is 2, but it is started kernel 0", "rebuild the module");
	expect("a ctrl on an autorun kernel",
	       edit_of(nid, "\"kind\": \"autorun\",", "\"kind\": \"autorun\", \"ctrl\": 1,"),
	       SLUICE_E_MANIFEST, "kernel 'echo': an autorun kernel has no control registers", NULL);
	expect("a wrong arg_word", edit_of(nid, "\"arg_word\": 1", "\"arg_word\": 2"),
	       SLUICE_E_MANIFEST, "parameter 'k' has 'arg_word' 2, but its argument starts at word 1",
	       NULL);
	expect("arg_word counts 32-bit words: a 40-bit parameter takes two",
	       edit_of(edit_of(nid, "\"width\": 32, \"signed\": true, \"offset\": 0, \"size\": 4",
			       "\"width\": 40, \"signed\": true, \"offset\": 0, \"size\": 8"),
		       "\"offset\": 4, \"size\": 2", "\"offset\": 8, \"size\": 2"),
	       SLUICE_E_MANIFEST, "has 'arg_word' 1, but its argument starts at word 2", NULL);
	expect("a core that is not a string", edit_of(nid, "\"sluice_core\"", "7"), SLUICE_E_MANIFEST,
	       "'core' must be a string", NULL);
	expect("a host_header that is not a string", edit_of(nid, "\"vs.h\"", "[]"),
	       SLUICE_E_MANIFEST, "'host_header' must be a string", NULL);
	struct fake_config c = cfg_for_good();
	c.design_id = 0xdeadbeef;
	fake_configure(&c);
	expect("a manifest with every field sluice build writes loads", numbered, SLUICE_OK, NULL,
	       NULL);
	c.design_id = 0;
	fake_configure(&c);
	expect("a design_id that is not 32 bits",
	       edit_of(numbered, "3735928559", "4294967296"), SLUICE_E_MANIFEST,
	       "'design_id' must be a 32-bit unsigned integer", NULL);
}

/* On the simulator: the image. */
static void test_sim_images(void)
{
	sluice_device *sim;
	MUST(sluice_device_open(&sim, "sim"));
	sluice_module *m = NULL;
	const char *dir = write_module("noimg.sluice", good);
	int rc = sluice_module_load(sim, dir, &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "no image for the simulator",
			"the module carries: verilog", NULL) && !m,
	      "a module with only Verilog has no image for the simulator");

	dir = write_module("missing.sluice",
			   edit("\"images\": {", "\"images\": {\"sim\": {\"library\": \"sim/x.so\"}, "));
	rc = sluice_module_load(sim, dir, &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "missing.sluice/sim/x.so' is missing", NULL),
	      "a sim image whose library is missing");

	dir = write_module("garbage.sluice",
			   edit("\"images\": {", "\"images\": {\"sim\": {\"library\": \"manifest.json\"}, "));
	rc = sluice_module_load(sim, dir, &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "cannot load the simulator image", NULL),
	      "a sim image that is not a shared library");

	dir = write_module("abi.sluice", edit("\"images\": {",
					      "\"images\": {\"sim\": {\"library\": \"manifest.json\", "
					      "\"abi\": 99}, "));
	rc = sluice_module_load(sim, dir, &m);
	check(status_is(rc, SLUICE_E_NO_IMAGE, "another version of the simulator ABI", NULL),
	      "a sim image for another ABI version");

	dir = write_module("badsim.sluice", edit("\"images\": {", "\"images\": {\"sim\": 3, "));
	rc = sluice_module_load(sim, dir, &m);
	check(status_is(rc, SLUICE_E_MANIFEST, "images.sim must be an object", NULL),
	      "a malformed sim image entry");
	sluice_device_close(sim);
}

int main(void)
{
	struct fake_config c = cfg_for_good();
	fake_configure(&c);
	MUST(fake_open(&fake));

	expect("a good manifest loads", good, SLUICE_OK, NULL, NULL);
	test_files();
	test_header();
	test_kernels();
	test_pipes();
	test_numbering();
	test_sim_images();
	sluice_device_close(fake);
	return finish();
}
