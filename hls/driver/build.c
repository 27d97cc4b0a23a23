/*
 * build.c -- `sluice build`: C sources to a module directory.
 *
 *   front end (clang, LLVM, lowering, link checks) -> scheduling ->
 *   Verilog back end -> OUT.sluice/{manifest.json, rtl/, report.txt, NAME.h}
 *   -> (target sim) Verilator -> OUT.sluice/sim/libsluice_sim.so
 *
 * Each stage reports its own errors; the build stops after the first stage
 * that reported any, so the user sees every error of that stage at once.
 * The manifest is written before the simulator image is built and again
 * once it exists, so a failed image leaves a module that lists only what
 * it has (and that the next build may overwrite).
 */
#include "driver.h"

#include "../front/front.h"
#include "../pass/pass.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void build_usage(void)
{
	fputs("usage: sluice build FILE.c... [-o OUT.sluice] [--emit-verilog DIR]\n"
	      "                    [--dump-ir[=DIR]] [--clock FREQ] [--target T]\n"
	      "                    [--no-sim-image] [--spec NAME=VALUE]\n"
	      "                    [--spec-register NAME|all] [--partition NAME=BANKS]\n"
	      "                    [--device-memory BYTES] [--main] [-DNAME[=VALUE]]\n"
	      "                    [-IDIR] [-q] [--board B [--allow-slow] [--seed N]]\n"
	      "  FREQ: 48MHz, 12.5MHz, 100000kHz or a number of MHz\n"
	      "  T: sim (default), ice40, ecp5, gowin (selects the delay model)\n"
	      "  --board B: a bitstream for board B (`sluice boards` lists them): the\n"
	      "      design scheduled for its family and clock, put on the board with\n"
	      "      the UART host link, synthesized, placed and packed; utilisation,\n"
	      "      Fmax and each kernel's cells in `sluice report`\n"
	      "  --allow-slow: keep a bitstream whose Fmax is below the board clock\n"
	      "  --seed N: nextpnr's placement seed (default 1)\n"
	      "  --no-sim-image: for target sim, write the Verilog but do not\n"
	      "      verilate it into the simulator image (for test benches)\n"
	      "  --spec NAME=VALUE: fold specialization constant NAME with VALUE\n"
	      "      instead of its default\n"
	      "  --spec-register NAME: keep NAME as a register the host sets between\n"
	      "      kernel runs (sluice_module_set_spec); 'all' for every constant\n"
	      "  --partition NAME=BANKS: split memory NAME (an array of more than 512\n"
	      "      bytes) cyclically into BANKS banks (2, 4, ... 64; 1 keeps it\n"
	      "      whole), instead of what the compiler chooses for its loops\n"
	      "  --device-memory BYTES: the RAM behind kernels' pointer arguments\n"
	      "      (65536, 64K, 16M; a multiple of 8; default 16M)\n"
	      "  --main: a whole program: the first file's `int main(void)` becomes\n"
	      "      the kernel 'program', which writes main's return value to the\n"
	      "      host pipe 'result' (sluice run M --start program --out result=-:1)\n",
	      stderr);
}

/* "48MHz", "48", "48000kHz", "48e6Hz" -> MHz; <= 0 on error. */
static double parse_clock(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || v <= 0)
		return -1;
	if (!*end || !strcasecmp(end, "mhz"))
		return v;
	if (!strcasecmp(end, "khz"))
		return v / 1e3;
	if (!strcasecmp(end, "hz"))
		return v / 1e6;
	if (!strcasecmp(end, "ghz"))
		return v * 1e3;
	return -1;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* default output: basename of the first source with .sluice */
static const char *default_output(struct hls_ctx *ctx, const char *src)
{
	const char *base = strrchr(src, '/');
	base = base ? base + 1 : src;
	const char *dot = strrchr(base, '.');
	size_t n = dot ? (size_t)(dot - base) : strlen(base);
	return arena_printf(&ctx->arena, "%.*s.sluice", (int)n, base);
}

static const char *module_name(struct hls_ctx *ctx, const char *out)
{
	const char *base = strrchr(out, '/');
	base = base ? base + 1 : out;
	const char *dot = strrchr(base, '.');
	size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	return arena_printf(&ctx->arena, "%.*s", (int)n, base);
}

static int parse_args(struct hls_ctx *ctx, int argc, char **argv,
		      struct build_opts *o)
{
	struct arena *a = &ctx->arena;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "-o") || !strcmp(arg, "--emit-verilog") ||
		    !strcmp(arg, "--clock") || !strcmp(arg, "--target") ||
		    !strcmp(arg, "--board") || !strcmp(arg, "--seed")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "sluice: error: %s needs an argument\n", arg);
				return -1;
			}
			const char *v = argv[++i];
			if (!strcmp(arg, "-o"))
				o->output = v;
			else if (!strcmp(arg, "--emit-verilog"))
				o->emit_verilog = v;
			else if (!strcmp(arg, "--board"))
				o->board = v;
			else if (!strcmp(arg, "--seed")) {
				char *end;
				unsigned long n = strtoul(v, &end, 10);
				if (!*v || *end || n < 1 || n > 1000000) {
					fprintf(stderr, "sluice: error: --seed needs a number from 1 to 1000000\n");
					return -1;
				}
				o->seed = (unsigned)n;
			}
			else if (!strcmp(arg, "--clock")) {
				o->clock_mhz = parse_clock(v);
				if (o->clock_mhz <= 0) {
					fprintf(stderr, "sluice: error: cannot read clock '%s' (try 48MHz)\n", v);
					return -1;
				}
			} else {
				int t = -1;
				for (int j = 0; j < HLS_NUM_TARGETS; j++)
					if (!strcmp(v, hls_target_name((enum hls_target)j)))
						t = j;
				if (t < 0) {
					fprintf(stderr, "sluice: error: unknown target '%s' (sim, ice40, ecp5, gowin)\n", v);
					return -1;
				}
				ctx->target = (enum hls_target)t;
				o->target_given = true;
			}
		} else if (!strcmp(arg, "--dump-ir")) {
			o->dump_ir = "";
		} else if (!strncmp(arg, "--dump-ir=", 10)) {
			o->dump_ir = arg + 10;
		} else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
			o->quiet = true;
		} else if (!strcmp(arg, "--spec") || !strcmp(arg, "--spec-register")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "sluice: error: %s needs an argument\n", arg);
				return -1;
			}
			const char *v = argv[++i];
			struct front_spec_bind sb = {.name = v};
			if (!strcmp(arg, "--spec")) {
				const char *eq = strchr(v, '=');
				if (!eq || eq == v || !eq[1]) {
					fprintf(stderr, "sluice: error: --spec '%s': expected NAME=VALUE\n", v);
					return -1;
				}
				sb.name = arena_printf(a, "%.*s", (int)(eq - v), v);
				sb.value = eq + 1;
			} else if (!*v) {
				fprintf(stderr, "sluice: error: --spec-register needs a constant's name\n");
				return -1;
			}
			VEC_PUSH(a, o->spec_binds, o->nspec_binds, sb);
		} else if (!strcmp(arg, "--partition")) {
			const char *v = i + 1 < argc ? argv[++i] : NULL;
			const char *eq = v ? strchr(v, '=') : NULL;
			char *end = NULL;
			unsigned long n = eq ? strtoul(eq + 1, &end, 10) : 0;
			if (!eq || eq == v || !end || *end || !n || n > 64 || (n & (n - 1))) {
				fprintf(stderr, "sluice: error: --partition needs NAME=BANKS, "
						"BANKS 1, 2, 4, ... 64 (1: one memory)\n");
				return -1;
			}
			struct hls_partition req = {
				arena_printf(a, "%.*s", (int)(eq - v), v), (unsigned)n, false};
			VEC_PUSH(a, ctx->partitions, ctx->npartitions, req);
		} else if (!strcmp(arg, "--device-memory")) {
			const char *v = i + 1 < argc ? argv[++i] : NULL;
			char *end = NULL;
			unsigned long long n = v ? strtoull(v, &end, 10) : 0;
			if (end && (*end == 'K' || *end == 'k'))
				n <<= 10, end++;
			else if (end && (*end == 'M' || *end == 'm'))
				n <<= 20, end++;
			if (!v || !end || *end || n < 64 || n % 8 || n > (1ull << 31)) {
				fprintf(stderr, "sluice: error: --device-memory needs a size in bytes "
						"(65536, 64K, 16M), a multiple of 8 from 64 to 2G\n");
				return -1;
			}
			ctx->dmem_bytes = n;
		} else if (!strcmp(arg, "--allow-slow")) {
			o->allow_slow = true;
		} else if (!strcmp(arg, "--main")) {
			o->main_program = true;
		} else if (!strcmp(arg, "--no-sim-image")) {
			o->no_sim_image = true;
		} else if (!strncmp(arg, "-D", 2) || !strncmp(arg, "-I", 2) ||
			   !strncmp(arg, "-U", 2)) {
			if (arg[2] == 0) {
				fprintf(stderr, "sluice: error: %s needs an argument attached (e.g. -DN=4)\n", arg);
				return -1;
			}
			VEC_PUSH(a, o->cflags, o->ncflags, arg);
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			build_usage();
			exit(0);
		} else if (arg[0] == '-') {
			fprintf(stderr, "sluice: error: unknown option '%s'\n", arg);
			build_usage();
			return -1;
		} else {
			VEC_PUSH(a, o->sources, o->nsources, arg);
		}
	}
	if (!o->nsources) {
		fprintf(stderr, "sluice: error: no input files\n");
		build_usage();
		return -1;
	}
	for (unsigned i = 0; i < o->nsources; i++) {
		if (access(o->sources[i], R_OK)) {
			fprintf(stderr, "sluice: error: cannot read '%s': %s\n",
				o->sources[i], strerror(errno));
			return -1;
		}
	}
	if (!o->board && (o->allow_slow || o->seed)) {
		fprintf(stderr, "sluice: error: --allow-slow and --seed are for --board builds\n");
		return -1;
	}
	if (!o->output)
		o->output = default_output(ctx, o->sources[0]);
	return 0;
}

/* --main: a whole C program, as HLS papers publish them (a main() that
 * computes over its tables and returns an error count), becomes a module
 * of one host-started kernel: the first source is compiled inside a
 * wrapper that renames its main and adds
 *
 *     SLUICE_HOST_PIPE(result, int32_t, 1, SLUICE_D2H);
 *     SLUICE_KERNEL void program(void) { sluice_write(result, main()); }
 *
 * Diagnostics still point into the user's file (it is #included).  What
 * has no meaning in hardware (printf, exit) stays an error at its line. */
static int wrap_main(struct hls_ctx *ctx, struct build_opts *o)
{
	char *path = realpath(o->sources[0], NULL);
	if (!path || strpbrk(path, "\"\\\n")) {
		fprintf(stderr, "sluice: error: --main: cannot include '%s' in the wrapper\n",
			o->sources[0]);
		free(path);
		return -1;
	}
	const char *tmp = getenv("TMPDIR");
	char *name = arena_printf(&ctx->arena, "%s/sluice-main-XXXXXX.c", tmp && *tmp ? tmp : "/tmp");
	int fd = mkstemps(name, 2);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		fprintf(stderr, "sluice: error: --main: cannot write '%s': %s\n", name,
			strerror(errno));
		free(path);
		return -1;
	}
	fprintf(f, "/* generated by sluice build --main: %s's main() as the kernel 'program' */\n"
		   "#include <sluice.h>\n"
		   "int sluice_program_main(void);\n"
		   "#define main sluice_program_main\n"
		   "#include \"%s\"\n"
		   "#undef main\n"
		   "SLUICE_HOST_PIPE(result, int32_t, 1, SLUICE_D2H);\n"
		   "SLUICE_KERNEL void program(void)\n"
		   "{\n"
		   "\tsluice_write(result, (int32_t)sluice_program_main());\n"
		   "}\n", o->sources[0], path);
	free(path);
	if (fclose(f)) {
		unlink(name);
		return -1;
	}
	o->main_wrapper = name;
	o->sources[0] = name;
	return 0;
}

/* Refuses to clobber a directory that is not a module. */
static int prepare_output(struct hls_ctx *ctx, const char *dir)
{
	struct stat st;
	if (!stat(dir, &st)) {
		char *m = arena_printf(&ctx->arena, "%s/manifest.json", dir);
		if (!S_ISDIR(st.st_mode) || access(m, F_OK)) {
			diag_error(&ctx->diag, (struct ir_loc){0},
				   "output '%s' exists and is not a sluice module; not overwriting it", dir);
			return -1;
		}
		remove_tree(dir);
	}
	if (mkdir_p(arena_printf(&ctx->arena, "%s/rtl", dir))) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot create '%s': %s",
			   dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int copy_rtl(struct hls_ctx *ctx, const char *rtl_dir,
		    const struct rtl_files *files, const char *to)
{
	const char *home = sluice_home(ctx);
	for (unsigned i = 0; i < files->nlibrary; i++) {
		const char *src = arena_printf(&ctx->arena, "%s/rtl/%s", home, files->library[i]);
		const char *dst = arena_printf(&ctx->arena, "%s/%s", to, files->library[i]);
		if (copy_file(src, dst)) {
			diag_error(&ctx->diag, (struct ir_loc){0}, "cannot copy '%s' to '%s'", src, dst);
			return -1;
		}
	}
	if (rtl_dir) {
		for (unsigned i = 0; i < files->ngenerated; i++) {
			const char *src = arena_printf(&ctx->arena, "%s/%s", rtl_dir, files->generated[i]);
			const char *dst = arena_printf(&ctx->arena, "%s/%s", to, files->generated[i]);
			if (copy_file(src, dst)) {
				diag_error(&ctx->diag, (struct ir_loc){0}, "cannot copy '%s' to '%s'", src, dst);
				return -1;
			}
		}
	}
	return 0;
}

/* The kernels that hls/pass/fission.c cut from others, a line each. */
static void print_cuts(const struct ir_program *p, FILE *f)
{
	unsigned n = 0;
	for (unsigned i = 0; i < p->nkernels; i++) {
		const struct ir_kernel *k = p->kernels[i];
		if (!k->split_from)
			continue;
		if (!n++)
			fputs("kernels cut from others, to run beside them:\n", f);
		const char *file = k->loc.file ? strrchr(k->loc.file, '/') : NULL;
		file = file ? file + 1 : k->loc.file ? k->loc.file : "?";
		fprintf(f, "  %s: the part of %s's loop from %s:%u on; it takes %u bit%s an "
			"iteration from %s through pipe '%s'\n", k->name, k->split_from->name,
			file, k->loc.line, k->split_in->width, k->split_in->width == 1 ? "" : "s",
			k->split_from->name, k->split_in->name);
		if (k->split_in->kept)
			fprintf(f, "    %s keeps each word in the pipe until it is done with it, "
				"not in a copy of its own\n", k->name);
		else if (k->split_in->direct)
			fprintf(f, "    %s takes each word at once; the pipe has no register of its "
				"own, and %s waits for the take\n", k->name, k->split_from->name);
	}
	if (n)
		fputc('\n', f);
}

static int write_report(struct hls_ctx *ctx, const char *dir,
			const struct ir_program *p, const struct hls_schedule *s)
{
	const char *path = arena_printf(&ctx->arena, "%s/report.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", path);
		return -1;
	}
	fprintf(f, "sluice report for module '%s'\n", p->name);
	fprintf(f, "target clock %.3f MHz (period %.3f ns)\n\n", 1000.0 / s->clock_ns, s->clock_ns);
	print_cuts(p, f);
	sched_print_loops(p, s, f);
	sched_print_memories(p, s, f);
	sched_print(p, s, f);
	fclose(f);
	return 0;
}

/* --board: the board's family is the target, and the clock its
 * oscillator's or, with --clock, what the PLL makes (the design is
 * scheduled for that). */
static int use_board(struct hls_ctx *ctx, struct build_opts *o, struct board *b,
		     struct flow_clock *clk)
{
	if (board_load(ctx, sluice_home(ctx), o->board, b))
		return -1;
	if (o->target_given && ctx->target != b->family) {
		fprintf(stderr, "sluice: error: --target conflicts with board '%s', which is an "
				"%s board (leave --target out)\n", b->name, hls_target_name(b->family));
		return -1;
	}
	ctx->target = b->family;
	if (flow_clock_plan(ctx, b, o->clock_mhz, clk))
		return -1;
	o->clock_mhz = clk->mhz;
	return 0;
}

int cmd_build(int argc, char **argv)
{
	struct hls_ctx ctx;
	hls_ctx_init(&ctx);
	struct build_opts o = {0};
	int rc = 1;
	double t0 = now_s();

	if (parse_args(&ctx, argc, argv, &o))
		goto out_usage;
	if (o.main_program && wrap_main(&ctx, &o))
		goto out;
	struct board board;
	struct flow_clock clock;
	if (o.board && use_board(&ctx, &o, &board, &clock))
		goto out;
	if (o.clock_mhz > 0)
		ctx.clock_mhz = o.clock_mhz;
	if (ctx.clock_mhz <= 0)
		ctx.clock_mhz = delay_default_clock_mhz(ctx.target);
	if (o.dump_ir) {
		if (*o.dump_ir) {
			if (mkdir_p(o.dump_ir)) {
				fprintf(stderr, "sluice: error: cannot create '%s'\n", o.dump_ir);
				goto out;
			}
			ctx.dump_dir = o.dump_ir;
		} else {
			ctx.dump_stdout = true;
		}
	}

	const char *home = sluice_home(&ctx);
	struct front_opts fo = {
		.sources = o.sources, .nsources = o.nsources,
		.cflags = o.cflags, .ncflags = o.ncflags,
		.include_dir = arena_printf(&ctx.arena, "%s/include", home),
		.module_name = module_name(&ctx, o.output),
		.spec_binds = o.spec_binds, .nspec_binds = o.nspec_binds,
	};
	struct ir_program *p = front_compile(&ctx, &fo);
	if (!p || ctx.diag.errors)
		goto out;
	ir_after_pass(&ctx, p, "front");
	if (o.board && flow_check_design(&ctx, p, &board))
		goto out;
	pass_cse(&ctx, p); /* the twins that lowering made */
	ir_after_pass(&ctx, p, "cse");
	pass_factor_products(&ctx, p);
	ir_after_pass(&ctx, p, "factor-products");
	pass_const_mul(&ctx, p);
	ir_after_pass(&ctx, p, "const-mul");
	pass_balance_adds(&ctx, p);
	ir_after_pass(&ctx, p, "balance-adds");
	pass_bit_tests(&ctx, p);
	ir_after_pass(&ctx, p, "bit-tests");
	pass_dce(&ctx, p);
	ir_after_pass(&ctx, p, "dce");
	pass_skip_empty_blocks(&ctx, p);
	ir_after_pass(&ctx, p, "skip-empty-blocks");
	pass_fission(&ctx, p);
	ir_after_pass(&ctx, p, "fission");
	pass_if_convert(&ctx, p);
	ir_after_pass(&ctx, p, "if-convert");
	pass_recurrence_adds(&ctx, p); /* the loop bodies if-conversion made one block */
	ir_after_pass(&ctx, p, "recurrence-adds");
	pass_mem_cse(&ctx, p);
	ir_after_pass(&ctx, p, "mem-cse");
	pass_partition_memories(&ctx, p);
	ir_after_pass(&ctx, p, "partition");
	pass_exit_test(&ctx, p);
	ir_after_pass(&ctx, p, "exit-test");
	pass_narrow(&ctx, p);
	ir_after_pass(&ctx, p, "narrow");
	pass_dce(&ctx, p); /* what narrowing left unread */
	ir_after_pass(&ctx, p, "dce");
	pass_read_ahead(&ctx, p);
	ir_after_pass(&ctx, p, "read-ahead");
	if (ctx.diag.errors)
		goto out;

	struct hls_schedule sched = {0};
	if (sched_program(&ctx, p, &sched) || ctx.diag.errors)
		goto out;
	/* the schedule is dumped before it is checked, so that one the
	 * checker rejects (an internal error) can be read */
	if (ctx.dump_stdout) {
		printf(";; ---- schedule ----\n");
		sched_print(p, &sched, stdout);
	} else if (ctx.dump_dir) {
		const char *path = arena_printf(&ctx.arena, "%s/%02u-schedule.txt",
						ctx.dump_dir, ++ctx.dump_seq);
		FILE *f = fopen(path, "w");
		if (f) {
			sched_print(p, &sched, f);
			fclose(f);
		}
	}
	if (ctx.verify && sched_verify(&ctx, p, &sched))
		goto out;

	if (prepare_output(&ctx, o.output))
		goto out;
	const char *rtl_dir = arena_printf(&ctx.arena, "%s/rtl", o.output);
	struct rtl_files files = {0};
	struct rtl_opts ro = {
		.clock_hz = (uint64_t)(ctx.clock_mhz * 1e6 + 0.5),
		/* the simulator's link: a round trip is short */
		.retx_timeout = o.board ? flow_retx_timeout(&board, clock.mhz) : 4096,
	};
	if (rtlgen_program(&ctx, p, &sched, &ro, rtl_dir, &files) || ctx.diag.errors)
		goto out;
	if (copy_rtl(&ctx, NULL, &files, rtl_dir))
		goto out;
	if (o.emit_verilog) {
		if (mkdir_p(o.emit_verilog)) {
			diag_error(&ctx.diag, (struct ir_loc){0}, "cannot create '%s'", o.emit_verilog);
			goto out;
		}
		if (copy_rtl(&ctx, rtl_dir, &files, o.emit_verilog))
			goto out;
	}
	if (write_report(&ctx, o.output, p, &sched))
		goto out;
	struct module_images img = {0};
	if (host_header_write(&ctx, o.output, p, files.design_id, &img.host_header))
		goto out;
	if (manifest_write(&ctx, o.output, p, &sched, &o, &files, &img))
		goto out;
	/* a design without a host link has nothing for the simulator image's
	 * host side to drive: its I/O pipes are ports of sluice_top */
	if (ctx.target == TARGET_SIM && !o.no_sim_image && files.host_link) {
		if (sim_image_build(&ctx, o.output, &files, o.quiet, &img.sim_library) ||
		    manifest_write(&ctx, o.output, p, &sched, &o, &files, &img))
			goto out;
	}
	if (o.board) {
		struct flow_opts fo = {
			.board = &board, .clock = &clock, .home = home, .dir = o.output, .p = p, .files = &files,
			.allow_slow = o.allow_slow, .quiet = o.quiet, .seed = o.seed,
		};
		if (flow_build(&ctx, &fo))
			goto out;
	}
	if (!o.quiet) {
		unsigned states = 0;
		for (unsigned k = 0; k < sched.nkernels; k++)
			for (unsigned b = 0; b < p->kernels[k]->nblocks; b++)
				states += sched.kernels[k].block_len[b];
		fprintf(stderr, "sluice: built %s: %u kernel%s, %u pipe%s, %u states, %.2f s\n",
			o.output, p->nkernels, p->nkernels == 1 ? "" : "s", p->npipes,
			p->npipes == 1 ? "" : "s", states, now_s() - t0);
	}
	rc = 0;
	goto out;
out_usage:
	rc = 2;
out:
	if (o.main_wrapper)
		unlink(o.main_wrapper);
	if (rc == 1 && ctx.diag.errors)
		fprintf(stderr, "%u error%s generated.\n", ctx.diag.errors,
			ctx.diag.errors == 1 ? "" : "s");
	hls_ctx_fini(&ctx);
	return rc;
}
