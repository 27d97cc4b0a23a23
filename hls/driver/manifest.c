/*
 * manifest.c -- writes a module's manifest.json (DESIGN.md section 6).
 *
 * The manifest is the contract between `sluice build` and everything that
 * loads a module (the runtime, the test harness, `sluice report`): its
 * kernels with their argument layout, its pipes with widths, depths,
 * directions and endpoints, specialization constants, and the device images
 * it carries.  It also states the host link's numbering that the generated
 * sluice_top was built with (DESIGN.md section 7), in program order: each
 * host pipe's "link_id" (its index among the host pipes of its direction),
 * each started kernel's "ctrl" (its index among the started kernels) and
 * each of their parameters' "arg_word" (its first 32-bit argument word,
 * ceil(width/32) words per parameter); the runtime refuses a manifest
 * whose numbering is not its own.  "images" lists only images that exist.
 */
#include "driver.h"

#include "../../sim/sim_abi.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static const char *pipe_kind(enum ir_pipe_kind k)
{
	return k == PIPE_HOST ? "host" : k == PIPE_IO ? "io" : "kernel";
}

static const char *pipe_dir(enum ir_pipe_dir d)
{
	static const char *const names[] = {"none", "h2d", "d2h", "in", "out"};
	return names[d];
}

static json_t *loc_json(struct ir_loc loc)
{
	return json_pack("{s:s, s:i}", "file", loc.file ? loc.file : "",
			 "line", (json_int_t)loc.line);
}

/* Each loop of one block: its II (0: not pipelined), what limits it, and
 * its ops with their cycles, which `sluice report --json/--html` show. */
static json_t *loops_json(const struct ir_program *p, const struct hls_schedule *s)
{
	json_t *loops = json_array();
	for (unsigned k = 0; k < s->nkernels; k++) {
		const struct ir_kernel *ker = p->kernels[k];
		const struct sched_kernel *sk = &s->kernels[k];
		for (unsigned b = 0; b < ker->nblocks; b++) {
			const struct ir_block *blk = ker->blocks[b];
			if (!sched_is_loop_block(blk))
				continue;
			json_t *ops = json_array();
			for (unsigned i = 0; i < blk->nops; i++) {
				const struct ir_op *op = blk->ops[i];
				if (op->opc == IR_CONST)
					continue;
				char *text = NULL;
				size_t len = 0;
				FILE *m = open_memstream(&text, &len);
				if (m) {
					sched_op_text(m, op);
					fclose(m);
				}
				json_array_append_new(ops, json_pack("{s:s, s:i, s:i, s:i}",
					"op", text ? text : "?", "line", (json_int_t)op->loc.line,
					"cycle", (json_int_t)sk->cycle[op->id],
					"latency", (json_int_t)sk->latency[op->id]));
				free(text);
			}
			unsigned ii = sk->ii[b], len = sk->block_len[b];
			struct ir_loc where = blk->hint.loc.line ? blk->hint.loc
								 : blk->ops[blk->nops - 1]->loc;
			json_array_append_new(loops, json_pack(
				"{s:s, s:s, s:o, s:b, s:i, s:i, s:i, s:i, s:i, s:I, s:o, s:s?, s:s?, s:b, "
				"s:s?, s:o}",
				"kernel", ker->name, "block", blk->name, "loc", loc_json(where),
				"pipelined", ii > 0, "ii", (json_int_t)ii,
				"ii_requested", (json_int_t)sk->ii_asked[b],
				"cycles_per_iteration", (json_int_t)len,
				"stages", (json_int_t)(ii ? (len + ii - 1) / ii : 1),
				"unpipelined_cycles", (json_int_t)(ii ? sk->seq_len[b] : len),
				"trip_count", (json_int_t)blk->trip,
				"inner_loop", blk->inner.line ? loc_json(blk->inner) : json_null(),
				"apart", blk->apart,
				"read_ahead", blk->read_ahead ? blk->read_ahead->name : NULL,
				"exit_in_last_cycle", blk->exit_folded,
				"limit", sk->limit[b], "ops", ops));
		}
	}
	return loops;
}

/* reports.memories: each memory with what its kernel makes of it, as the
 * text report's "memories:" lines give it. */
static json_t *memories_json(const struct ir_program *p, const struct hls_schedule *s)
{
	json_t *mems = json_array();
	for (unsigned kk = 0; kk < p->nkernels; kk++) {
		const struct ir_kernel *k = p->kernels[kk];
		for (unsigned i = 0; i < k->nmems; i++) {
			const struct ir_mem *m = k->mems[i];
			struct sched_mem_use u = sched_mem_use(&s->kernels[kk], m);
			json_array_append_new(mems, json_pack(
				"{s:s, s:s, s:o, s:i, s:i, s:b, s:b, s:i, s:i, s:i, s:i, s:i, s:s?, s:i, s:i, s:i}",
				"kernel", k->name, "name", m->name, "loc", loc_json(m->loc),
				"width", (json_int_t)m->width, "depth", (json_int_t)m->depth,
				"rom", m->rom, "initialised", m->init != NULL,
				"reads", (json_int_t)u.loads, "writes", (json_int_t)u.stores,
				"read_ports", (json_int_t)u.ports, "copies", (json_int_t)u.copies,
				"read_ports_per_copy", (json_int_t)(m->copy_reads ? m->copy_reads : u.ports),
				"bank_of", m->part.whole, "bank", (json_int_t)m->part.bank,
				"banks", (json_int_t)(m->part.whole ? m->part.banks : 1),
				"late_forwards", (json_int_t)u.late));
		}
	}
	return mems;
}

/* A kernel that hls/pass/fission.c cut from another: that kernel, where
 * the cut is, the pipe between them and its bits, and whether the kernel
 * keeps each word in the pipe while its loop runs (IR_PIPE_READ's keep). */
static json_t *cut_json(const struct ir_kernel *k)
{
	return json_pack("{s:s, s:s, s:o, s:s, s:i, s:b}", "kernel", k->name,
			 "from", k->split_from->name, "loc", loc_json(k->loc),
			 "pipe", k->split_in->name, "bits", (json_int_t)k->split_in->width,
			 "kept", k->split_in->kept);
}

/* reports.cuts: the text report's "kernels cut from others". */
static json_t *cuts_json(const struct ir_program *p)
{
	json_t *arr = json_array();
	for (unsigned i = 0; i < p->nkernels; i++)
		if (p->kernels[i]->split_from)
			json_array_append_new(arr, cut_json(p->kernels[i]));
	return arr;
}

static json_t *kernels_json(const struct ir_program *p, const struct rtl_files *files)
{
	json_t *arr = json_array();
	for (unsigned i = 0; i < p->nkernels; i++) {
		const struct ir_kernel *k = p->kernels[i];
		bool started = k->kind == KERNEL_STARTED;
		json_t *params = json_array();
		for (unsigned j = 0; j < k->nparams; j++) {
			const struct ir_param *pa = &k->params[j];
			json_t *jp = json_pack("{s:s, s:i, s:b, s:i, s:i}",
				"name", pa->name, "width", (json_int_t)pa->width,
				"signed", pa->is_signed, "offset", (json_int_t)pa->offset,
				"size", (json_int_t)pa->size);
			if (pa->is_float)
				json_object_set_new(jp, "float", json_true());
			if (pa->is_pointer)
				json_object_set_new(jp, "pointer", json_true());
			if (started)
				json_object_set_new(jp, "arg_word",
						    json_integer(files->arg_word[i][j]));
			json_array_append_new(params, jp);
		}
		json_t *jk = json_pack("{s:s, s:s}", "name", k->name,
				       "kind", started ? "started" : "autorun");
		if (started)
			json_object_set_new(jk, "ctrl", json_integer(files->ctrl[i]));
		if (k->split_from)
			json_object_set_new(jk, "split_from", cut_json(k));
		json_object_set_new(jk, "args_size", json_integer(k->args_size));
		json_object_set_new(jk, "params", params);
		json_array_append_new(arr, jk);
	}
	return arr;
}

static json_t *pipes_json(const struct ir_program *p, const struct rtl_files *files)
{
	json_t *arr = json_array();
	for (unsigned i = 0; i < p->npipes; i++) {
		const struct ir_pipe *pp = p->pipes[i];
		if (pp->kind == PIPE_DEVMEM)
			continue; /* inside the design: "device_memory" */
		json_t *jp = json_pack("{s:s, s:s, s:i, s:i, s:i, s:s, s:s}",
			"name", pp->name, "type", pp->type ? pp->type : "",
			"width", (json_int_t)pp->width,
			"min_capacity", (json_int_t)pp->min_capacity,
			"depth", (json_int_t)pp->depth,
			"kind", pipe_kind(pp->kind), "dir", pipe_dir(pp->dir));
		if (files->link_id[i] >= 0)
			json_object_set_new(jp, "link_id", json_integer(files->link_id[i]));
		json_object_set_new(jp, "reader", pp->reader ? json_string(pp->reader->name) : json_null());
		json_object_set_new(jp, "writer", pp->writer ? json_string(pp->writer->name) : json_null());
		if (pp->devmem)
			json_object_set_new(jp, "devmem", json_true());
		if (pp->cut) /* hls/pass/fission.c's */
			json_object_set_new(jp, "split", json_true());
		json_array_append_new(arr, jp);
	}
	return arr;
}

/* The device memory (rtl/sluice_devmem.v) when kernels take pointer
 * arguments: its size, the host pipes of its host port, and per kernel
 * port (in the memory's port order) the accesses by tag, which a fault
 * report names. */
static json_t *devmem_json(const struct ir_program *p)
{
	json_t *ports = json_array();
	for (unsigned k = 0; k < p->nkernels; k++) {
		const struct ir_kernel *kn = p->kernels[k];
		for (unsigned c = 0; c < kn->ndmem_chans; c++) {
			json_t *sites = json_array();
			for (unsigned i = 0; i < kn->ndmem_sites; i++) {
				const struct ir_dmem_site *st = &kn->dmem_sites[i];
				json_t *js = loc_json(st->loc);
				json_object_set_new(js, "pointer", json_string(st->pointer));
				json_object_set_new(js, "store", json_boolean(st->store));
				json_object_set_new(js, "bytes", json_integer(st->bytes));
				json_array_append_new(sites, js);
			}
			json_t *jp = json_pack("{s:s, s:o}", "kernel", kn->name, "sites", sites);
			if (kn->dmem_chans[c].param >= 0)
				json_object_set_new(jp, "restrict", json_string(
					kn->params[kn->dmem_chans[c].param].name));
			json_array_append_new(ports, jp);
		}
	}
	return json_pack("{s:I, s:i, s:s, s:s, s:o}", "bytes", (json_int_t)p->dmem_bytes,
			 "word_bytes", 8, "cmd_pipe", "sluice_devmem_cmd",
			 "data_pipe", "sluice_devmem_data", "ports", ports);
}

int manifest_write(struct hls_ctx *ctx, const char *dir,
		   const struct ir_program *p, const struct hls_schedule *s,
		   const struct build_opts *o, const struct rtl_files *files,
		   const struct module_images *img)
{
	json_t *sources = json_array();
	for (unsigned i = 0; i < o->nsources; i++)
		json_array_append_new(sources, json_string(o->sources[i]));
	json_t *specs = json_array();
	for (unsigned i = 0; i < p->nspecs; i++)
		/* "binding": "folded" (the value is in the hardware: the
		 * default, or --spec NAME=VALUE) or "register" (kernels read
		 * the bridge's register, "value" its reset value; the core has
		 * an input spec_NAME) */
		json_array_append_new(specs, json_pack("{s:s, s:s, s:i, s:I, s:s}",
			"name", p->specs[i]->name, "type", p->specs[i]->type,
			"width", (json_int_t)p->specs[i]->width,
			"value", (json_int_t)p->specs[i]->value, "binding",
			p->specs[i]->binding == SPEC_REGISTER ? "register" : "folded"));
	json_t *vfiles = json_array();
	for (unsigned i = 0; i < files->ngenerated; i++)
		json_array_append_new(vfiles, json_string(files->generated[i]));
	for (unsigned i = 0; i < files->nlibrary; i++)
		json_array_append_new(vfiles, json_string(files->library[i]));
	json_t *states = json_object();
	for (unsigned k = 0; k < s->nkernels; k++) {
		unsigned n = 0;
		for (unsigned b = 0; b < p->kernels[k]->nblocks; b++)
			n += s->kernels[k].block_len[b];
		json_object_set_new(states, p->kernels[k]->name, json_integer(n));
	}

	json_t *images = json_pack("{s:{s:s, s:o}}", "verilog", "dir", "rtl", "files", vfiles);
	if (images && img->sim_library)
		json_object_set_new(images, "sim", json_pack("{s:s, s:i}", "library",
			img->sim_library, "abi", SIM_ABI_VERSION));

	json_t *root = json_pack("{s:s, s:i, s:s, s:s, s:o, s:s, s:f, s:I, s:s, s:s, s:o, s:o, s:o, s:o}",
		"format", "sluice-module", "version", 1, "state", "executable",
		"name", p->name, "sources", sources,
		"target", hls_target_name(s->target), "clock_mhz", 1000.0 / s->clock_ns,
		"design_id", (json_int_t)files->design_id,
		"top", "sluice_top", "core", "sluice_core",
		"kernels", kernels_json(p, files), "pipes", pipes_json(p, files),
		"spec_constants", specs, "images", images);
	if (root)
		json_object_set_new(root, "host_link", json_boolean(files->host_link));
	if (root && p->dmem_bytes)
		json_object_set_new(root, "device_memory", devmem_json(p));
	if (root && img->host_header)
		json_object_set_new(root, "host_header", json_string(img->host_header));
	if (root)
		json_object_set_new(root, "reports", json_pack("{s:s, s:o, s:o, s:o, s:o}", "schedule",
							       "report.txt", "states", states,
							       "cuts", cuts_json(p),
							       "loops", loops_json(p, s),
							       "memories", memories_json(p, s)));
	if (!root) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "internal error: cannot build the manifest");
		return -1;
	}
	const char *path = arena_printf(&ctx->arena, "%s/manifest.json", dir);
	int rc = json_dump_file(root, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (rc) {
		diag_error(&ctx->diag, (struct ir_loc){0}, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}
