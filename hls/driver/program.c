/*
 * program.c -- `sluice program MODULE.sluice [--board NAME] [--dry-run]`:
 * loads the module's bitstream onto its board with openFPGALoader
 * (`openFPGALoader -b PROGRAMMER [-c CABLE] BITSTREAM`, the board's
 * `programmer` and `programmer.cable`),
 * into the FPGA's configuration memory, so the design runs until power
 * is removed.
 *
 * A module holds one bitstream per board it was built for (the manifest's
 * "images" of kind "bitstream"); --board picks one when there are several.
 * --dry-run prints the command instead of running it.  Errors: not a
 * module, no bitstream (build with --board), an unknown board, no
 * openFPGALoader (Debian's package openfpgaloader, `make deps`), or
 * openFPGALoader failing (no board on USB, say), with its own words.
 */
#include "driver.h"
#include "../flow/proc.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void usage(void)
{
	fputs("usage: sluice program MODULE.sluice [--board NAME] [--dry-run]\n"
	      "  loads the module's bitstream onto its board with openFPGALoader\n"
	      "  --board NAME: which bitstream, when the module has several\n"
	      "  --dry-run: print the command, do not run it\n", stderr);
}

json_t *module_manifest(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/manifest.json", dir);
	json_error_t err;
	json_t *m = json_load_file(path, 0, &err);
	if (!m)
		fprintf(stderr, "sluice: error: '%s' is not a sluice module (%s: %s)\n", dir, path,
			err.text);
	return m;
}

json_t *module_bitstream(json_t *m, const char *dir, const char *want)
{
	json_t *images = json_object_get(m, "images"), *img, *pick = NULL;
	const char *name;
	unsigned n = 0;
	char names[1024] = "";
	json_object_foreach(images, name, img) {
		const char *kind = json_string_value(json_object_get(img, "kind"));
		if (!kind || strcmp(kind, "bitstream"))
			continue;
		n++;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
			 *names ? ", " : "", name);
		if (!want || !strcmp(want, name))
			pick = img;
	}
	if (!n)
		fprintf(stderr, "sluice: error: module '%s' has no bitstream (build it with "
				"`sluice build ... --board NAME`)\n", dir);
	else if (!pick)
		fprintf(stderr, "sluice: error: module '%s' has no bitstream for board '%s' "
				"(it has: %s)\n", dir, want, names);
	else if (n > 1 && !want)
		fprintf(stderr, "sluice: error: module '%s' has bitstreams for %s: say which with "
				"--board\n", dir, names);
	else
		return pick;
	return NULL;
}

int cmd_program(int argc, char **argv)
{
	const char *dir = NULL, *want = NULL;
	bool dry = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--board") && i + 1 < argc)
			want = argv[++i];
		else if (!strcmp(argv[i], "--dry-run"))
			dry = true;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage();
			return 0;
		} else if (argv[i][0] == '-' || dir) {
			fprintf(stderr, "sluice: error: program: unexpected '%s'\n", argv[i]);
			usage();
			return 2;
		} else
			dir = argv[i];
	}
	if (!dir) {
		usage();
		return 2;
	}
	json_t *m = module_manifest(dir);
	if (!m)
		return 1;
	int rc = 1;
	json_t *pick = module_bitstream(m, dir, want);
	if (!pick)
		goto out;
	const char *programmer = json_string_value(json_object_get(pick, "programmer"));
	const char *bit = json_string_value(json_object_get(pick, "bitstream"));
	if (!programmer || !*programmer || !bit) {
		fprintf(stderr, "sluice: error: %s/manifest.json: the bitstream's entry has no "
				"programmer or file\n", dir);
		goto out;
	}
	char file[4096];
	snprintf(file, sizeof file, "%s/%s", dir, bit);
	if (access(file, R_OK)) {
		fprintf(stderr, "sluice: error: cannot read the bitstream '%s': %s\n", file,
			strerror(errno));
		goto out;
	}
	const char *cable = json_string_value(json_object_get(pick, "programmer_cable"));
	if (dry) {
		printf("openFPGALoader -b %s%s%s %s\n", programmer, cable ? " -c " : "",
		       cable ? cable : "", file);
		rc = 0;
		goto out;
	}
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	const char *tool = proc_find_tool(&ctx, (const char *const[]){"openFPGALoader", NULL});
	if (!tool) {
		fprintf(stderr, "sluice: error: programming needs openFPGALoader, which is not on "
				"PATH (Debian's package openfpgaloader; `make deps` installs it)\n");
		hls_ctx_fini(&ctx);
		goto out;
	}
	fprintf(stderr, "sluice: loading %s onto %s with openFPGALoader ...\n", file,
		json_string_value(json_object_get(pick, "board")));
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		if (cable)
			execl(tool, "openFPGALoader", "-b", programmer, "-c", cable, file, (char *)NULL);
		else
			execl(tool, "openFPGALoader", "-b", programmer, file, (char *)NULL);
		_exit(127);
	}
	int st = 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	hls_ctx_fini(&ctx);
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "sluice: error: openFPGALoader could not load the bitstream (its "
				"words are above; is the board plugged in, and may this user reach "
				"its USB device?)\n");
		goto out;
	}
	fprintf(stderr, "sluice: programmed\n");
	rc = 0;
out:
	json_decref(m);
	return rc;
}
