/*
 * points_to.h -- private to hls/front/pointers.c and points_to.c: the
 * objects of a module's kernels and what each pointer value may point to.
 */
#ifndef SLUICE_FRONT_POINTS_TO_H
#define SLUICE_FRONT_POINTS_TO_H

#include "prepare.h"

/* A set is nwords words of bits: bit i for object i, then PT_NULL (the
 * null pointer) and PT_MEM (loaded from memory, or made from an integer). */
#define PT_NULL(P) ((P)->nobjs)
#define PT_MEM(P) ((P)->nobjs + 1)

struct points_to {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMTargetDataRef td;
	LLVMValueRef *objs;  /* the globals and the kernels' static allocas */
	uint64_t *size;	     /* by object: bytes */
	unsigned nobjs;
	struct pmap index;   /* object -> index + 1 */
	unsigned nwords;     /* words of a set */
	struct pmap sets;    /* pointer value -> its set */
	uint64_t **contents; /* by object: what the pointers stored in it point to */
};

/* Collects the objects of module m and analyses its kernels. */
void pt_analyse(struct points_to *pt, struct hls_ctx *ctx, LLVMModuleRef m);
void pt_free(struct points_to *pt);

/* The set of pointer value v (never NULL). */
const uint64_t *pt_set(struct points_to *pt, LLVMValueRef v);
static inline bool pt_has(const uint64_t *s, unsigned bit)
{
	return s[bit / 64] >> (bit % 64) & 1;
}
/* The index of object o, or -1 when o is none. */
int pt_object(struct points_to *pt, LLVMValueRef o);
/* Whether pointer v may point to one object only, is not null, and was
 * neither loaded nor made from an integer; that object's index in *obj
 * (when obj is not NULL). */
bool pt_plain(struct points_to *pt, LLVMValueRef v, int *obj);
/* Whether values of type t are pointers or aggregates holding pointers
 * (which the analysis follows as it follows pointers). */
bool pt_carries(LLVMTypeRef t);
/* Whether global g is no object: an llvm.* variable, a pipe or spec
 * constant descriptor ("sluice.*" sections). */
bool pt_special_global(LLVMValueRef g);

#endif /* SLUICE_FRONT_POINTS_TO_H */
