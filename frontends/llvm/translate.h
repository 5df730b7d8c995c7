/*
** translate.h — what the translation's files share: the state of one
** function's translation and the helpers that emit instructions
** (translate.c; tr_fp.c: floating point; tr_agg.c: aggregates, x86_fp80
** values, atomics and address-of-block; tr_wide.c: i80; asm.c: inline
** assembly).
*/
#ifndef SXL_TRANSLATE_H
#define SXL_TRANSLATE_H

#include "pmap.h"
#include "prog_impl.h"

typedef struct tr {
  sxl_prog *p;
  sxl_fn *fn;
  sxl_pmap slots;  /* value -> slot */
  sxl_pmap blocks; /* basic block -> block number */
  uint32_t *block_start;
  sxl_ins *code;
  uint32_t ncode, capcode;
  uint64_t *consts;
  uint32_t nconst, capconst;
  uint32_t nvals;
  sxl_edge *edges;
  uint32_t nedges, capedges;
  uint32_t *edge_block; /* target block of each edge, resolved at the end */
  uint32_t capeb;
  uint32_t *moves;
  uint32_t nmoves, capmoves;
  uint32_t *args;
  uint32_t nargs, capargs;
  LLVMValueRef *src; /* when p->keep_src: each instruction's LLVM one */
  uint32_t capsrc;
  uint16_t *ninst;   /* each instruction's LLVM ones in coverage (sxl_fn.ninst) */
  uint32_t capninst;
  uint32_t loc;
  int bad; /* an operand could not be translated */
  int oom;  /* out of memory: the translation fails */
  sxl_ins scratch; /* what emit gives when out of memory */
  /* The instruction being translated. */
  LLVMValueRef in;
  LLVMBasicBlockRef bb;
  LLVMOpcode op;
  LLVMTypeRef ty;
  LLVMTypeKind tk;
  int w;        /* result width (0: not an integer or pointer) */
  uint32_t dst; /* result slot */
} tr;

#define SLOT_CONST_BASE 0x40000000u /* temporary tag for constant slots */

/* slots.c: slots of the parameters and values (tagged), blocks numbered
** in order; returns the number of blocks. */
uint32_t sxl_tr_number_values(tr *t);

/* A new instruction (a scratch one when out of memory: t->oom is set). */
sxl_ins *sxl_tr_emit(tr *t, int op, int w);
/* A new instruction with its slots: dst = op(a, b). */
sxl_ins *sxl_tr_ins(tr *t, int op, int w, uint32_t dst, uint32_t a, uint32_t b);
/* A load of ty into slot v (store: 1, of slot v) at the address in slot p. */
void sxl_tr_mem(tr *t, int store, uint32_t v, uint32_t p, LLVMTypeRef ty);
/* The slot of constant v. */
uint32_t sxl_tr_const(tr *t, uint64_t v);
/* The slot of an operand (constants get constant slots; t->bad when it has
** none). */
uint32_t sxl_tr_operand(tr *t, LLVMValueRef v);
/* An OP_UNSUPPORTED with the message fmt (one %s: what); returns it. */
sxl_ins *sxl_tr_unsupported(tr *t, const char *fmt, const char *what);
/* A new edge from -> to with its phi moves. */
uint32_t sxl_tr_edge(tr *t, LLVMBasicBlockRef from, LLVMBasicBlockRef to);

/* tr_fp.c: floating-point instructions (opname names them in messages),
** intrinsics and undefined libm functions (0 when callee is not one). 1
** when translated or reported. */
int sxl_tr_fp(tr *t, const char *opname);
int sxl_tr_fp_call(tr *t, LLVMValueRef callee, const char *name);

/* tr_agg.c: aggregates of at most SXL_AGG_MAX scalar fields, a slot each. */
#define SXL_AGG_MAX 16
/* Fields of an aggregate type of scalars (0: not one) and their types. */
unsigned sxl_tr_agg_fields(LLVMTypeRef ty);
LLVMTypeRef sxl_tr_agg_type(LLVMTypeRef ty, unsigned i);
/* Slots instruction in takes (0 for none). */
unsigned sxl_tr_nslots(LLVMValueRef in);
/* The slot of field i of aggregate value v. */
uint32_t sxl_tr_field(tr *t, LLVMValueRef v, unsigned i);
/* The first of the two consecutive slots of an x86_fp80 or i80 value v. */
uint32_t sxl_tr_pair(tr *t, LLVMValueRef v);
/* extractvalue, insertvalue, and select, phi, ret of aggregates: 1 when
** translated, 0 when tr_unsupported should report it. */
int sxl_tr_agg(tr *t);

/* tr_wide.c: i80 operations as operations on its two halves: 1 when
** translated, 0 when unsupported, -1 when t->in has no i80 operand. */
int sxl_tr_wide(tr *t);

/* tr_atomic.c: atomicrmw and cmpxchg as load, operation, store. */
int sxl_tr_atomic(tr *t);

/* asm.c: a call of inline assembly (always translated: an idiom, or an
** unsupported instruction naming the text). */
int sxl_tr_asm(tr *t, LLVMValueRef callee);

#endif
