/*
 * promote_mems.h -- private to hls/front/promote_mems.c and mem_copies.c:
 * the arrays of more than 512 bytes of a module's kernels (and the constant
 * tables of front_rom_table) as the scan finds them, and how each is
 * accessed.
 */
#ifndef SLUICE_FRONT_PROMOTE_MEMS_H
#define SLUICE_FRONT_PROMOTE_MEMS_H

#include "prepare.h"

#define MIN_MEM_BYTES (IR_MAX_WIDTH / 8 + 1) /* smaller: promote_slots.c */

struct cached {
	LLVMValueRef gep;	   /* a GEP into the object */
	LLVMValueRef words, bytes; /* its offset: offset_in */
};

struct mem_obj {
	LLVMValueRef obj;	/* the alloca or global */
	const char *name;	/* in C terms, for errors */
	unsigned word;		/* K: bytes per word, the widest access's; 0: none */
	LLVMValueRef word_at;	/* the first access of K bytes */
	bool bad;		/* an error was reported */
	LLVMValueRef *acc;	/* loads, stores, lifetime markers: program order */
	unsigned nacc;
	LLVMValueRef *split;	/* accesses to move byte by byte */
	unsigned nsplit;
	LLVMValueRef *geps;	/* the GEP instructions into it */
	unsigned ngeps;
	struct cached *idx;	/* GEP offsets built so far */
	unsigned nidx;
};

struct pm {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	struct mem_obj *objs;
	unsigned nobjs;
	LLVMValueRef *copies;	/* memset/memcpy/memmove calls on objects */
	unsigned ncopies;
};

/* Scans the kernels of the module for objects and their uses and checks
 * the accesses of each against its word size; the accesses that cannot be
 * words of their memory are split into pieces and the module scanned
 * again.  Errors are reported (and the objects marked bad). */
void mem_scan(struct pm *p);
/* The entry of v (an alloca of fn or a global) when it is an object of
 * MIN_MEM_BYTES or more, or a constant table front_rom_table takes, else
 * NULL. */
struct mem_obj *mem_object_of(struct pm *p, LLVMValueRef fn, LLVMValueRef v);
/* v without the GEPs that lead to it from its object. */
LLVMValueRef mem_root_of(LLVMValueRef v);
/* An error at `at` about o; o is left alone from then on. */
void mem_bad(struct pm *p, struct mem_obj *o, LLVMValueRef at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The byte offset of pointer v from its object: the constant part in *off,
 * the gcd of the strides of its variable indices in *stride (0: none);
 * false when it cannot be followed. */
bool mem_offset_of(struct pm *p, LLVMValueRef v, int64_t *off, uint64_t *stride);
/* Whether a byte offset of constant part off plus multiples of stride is
 * a whole number of k-byte words of o, for an access aligned to align. */
bool mem_whole_words(struct mem_obj *o, int64_t off, uint64_t stride, unsigned align,
		     unsigned k);
/* llvm.memset, llvm.memcpy or llvm.memmove (with llvm.memcpy.inline). */
bool mem_is_copy(LLVMValueRef call);

#endif /* SLUICE_FRONT_PROMOTE_MEMS_H */
