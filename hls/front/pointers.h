/*
 * pointers.h -- private to hls/front/pointers.c and pointer_choices.c: the
 * state of the rewrite of pointers into integer forms (pointers.c's header
 * comment says what the forms are).
 */
#ifndef SLUICE_FRONT_POINTERS_H
#define SLUICE_FRONT_POINTERS_H

#include "points_to.h"

struct ptrs {
	struct hls_ctx *ctx;
	LLVMModuleRef m;
	LLVMContextRef lc;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	bool late;	    /* front_pointer_choices: accesses only */
	LLVMTypeRef ip;	    /* the integer of a pointer's size */
	unsigned shift;	    /* S */
	struct points_to pt;
	unsigned *tag;	    /* by object; 0: none given yet */
	unsigned ntags;
	/* the kernel being rewritten */
	LLVMValueRef fn;
	LLVMValueRef at;    /* the instruction being rewritten, for errors */
	struct pmap enc;    /* pointer value -> its integer form */
	LLVMValueRef *acc;  /* loads, stores and calls that may need a choice */
	unsigned nacc;
	struct pmap loaded; /* a load this pass made for a pointer load -> that load */
};

/* Whether pointer v stays a pointer: a plain one (points_to.h); after the
 * pass pipeline, one computed from an object's address by GEPs alone
 * (a phi or select of pointers into one object that LLVM left is made
 * the object at an offset, which the promotion of arrays takes). */
bool ptr_plain(struct ptrs *P, LLVMValueRef v, int *obj);
/* The integer form of pointer value v (or of an aggregate holding
 * pointers), built beside it, memoized; undef after an error. */
LLVMValueRef ptr_enc(struct ptrs *P, LLVMValueRef v);
/* The integer form of the address of object obj (which gets its tag). */
LLVMValueRef ptr_addr_of(struct ptrs *P, unsigned obj);
/* pointer_choices.c: an access (load, store, memory intrinsic) through a
 * pointer that is not plain becomes a choice among the objects it may
 * point to; the accesses it makes are queued in P->acc for their other
 * pointer operands. */
void ptr_access(struct ptrs *P, LLVMValueRef in);

#endif /* SLUICE_FRONT_POINTERS_H */
