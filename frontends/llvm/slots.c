/*
** slots.c — which register slot each value of a function gets. A value
** used only later in its own block (by no phi) gives its slot back after
** its last use, so a frame holds the values live at once rather than every
** value of the function: bison's yyparse in bc has 1,587 values, and every
** pending state keeps a copy of each frame on its stack.
*/
#include "translate.h"

#include <stdlib.h>
#include <string.h>

typedef struct slot_pool {
  uint32_t next;      /* first never used slot */
  uint32_t *free;     /* slots given back */
  uint32_t nfree, capfree;
  uint32_t *live;     /* pairs: last use, slot of a block-local value */
  uint32_t nlive, caplive;
} slot_pool;

/* Whether f calls a returns_twice function (setjmp): a longjmp comes back
** to code whose block-local values another block may have overwritten. */
static int returns_twice(LLVMValueRef f) {
  unsigned kind = LLVMGetEnumAttributeKindForName("returns_twice", 13);
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, kind) ||
          (LLVMIsAFunction(callee) &&
           LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind)))
        return 1;
    }
  return 0;
}

/* The position of in's last user when all its users are non-phi
** instructions of its own block (its own position when unused), else -1. */
static int64_t local_last_use(const sxl_pmap *pos, LLVMValueRef in, LLVMBasicBlockRef bb) {
  uint32_t last = 0;
  if (LLVMIsAPHINode(in) || !sxl_pmap_get(pos, in, &last)) return -1;
  for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    uint32_t k;
    if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user) ||
        LLVMGetInstructionParent(user) != bb || !sxl_pmap_get(pos, user, &k))
      return -1;
    if (k > last) last = k;
  }
  return last;
}

/* Gives back the slots of values whose last use is at or before k. */
static void expire(slot_pool *sp, uint32_t k, int *oom) {
  for (uint32_t i = 0; i < sp->nlive;) {
    if (sp->live[2 * i] > k) {
      i++;
      continue;
    }
    if (SXL_GROW(sp->free, sp->nfree, sp->capfree)) {
      *oom = 1;
      return;
    }
    sp->free[sp->nfree++] = sp->live[2 * i + 1];
    sp->live[2 * i] = sp->live[2 * (sp->nlive - 1)];
    sp->live[2 * i + 1] = sp->live[2 * (sp->nlive - 1) + 1];
    sp->nlive--;
  }
}

/* The slot of a value taking n slots, last used at last (-1: not local). */
static uint32_t take(slot_pool *sp, unsigned n, int64_t last, int *oom) {
  if (last < 0 || n != 1) {
    sp->next += n;
    return sp->next - n;
  }
  uint32_t s = sp->nfree ? sp->free[--sp->nfree] : sp->next++;
  if (SXL_GROW(sp->live, 2 * sp->nlive + 1, sp->caplive)) {
    *oom = 1;
    return s;
  }
  sp->live[2 * sp->nlive] = (uint32_t)last;
  sp->live[2 * sp->nlive + 1] = s;
  sp->nlive++;
  return s;
}

/* Every instruction's position in the function, in order. */
static int number_positions(LLVMValueRef f, sxl_pmap *pos) {
  uint32_t k = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (sxl_pmap_put(pos, i, k++)) return -1;
  return 0;
}

static void number_block(tr *t, LLVMBasicBlockRef bb, const sxl_pmap *pos, slot_pool *sp,
                         int reuse) {
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
    unsigned n = sxl_tr_nslots(in); /* aggregates and atomics take more than one */
    uint32_t k = 0;
    sxl_pmap_get(pos, in, &k);
    if (n) {
      int64_t last = reuse ? local_last_use(pos, in, bb) : -1;
      uint32_t s = take(sp, n, last, &t->oom);
      if (sxl_pmap_put(&t->slots, in, SLOT_CONST_BASE * 2 + s)) /* tag: value slot */
        t->oom = 1;
    }
    expire(sp, k, &t->oom); /* after the result's slot: it never is an operand's */
  }
  sp->nlive = 0; /* every local value's last use was in the block */
}

uint32_t sxl_tr_number_values(tr *t) {
  LLVMValueRef f = t->fn->ref;
  slot_pool sp;
  memset(&sp, 0, sizeof sp);
  uint32_t nb = 0;
  for (unsigned i = 0; i < LLVMCountParams(f); i++) { /* an x86_fp80 takes two */
    LLVMValueRef pv = LLVMGetParam(f, i);
    if (sxl_pmap_put(&t->slots, pv, sp.next)) t->oom = 1;
    sp.next += sxl_type_slots(LLVMTypeOf(pv));
  }
  sxl_pmap pos = {0};
  int reuse = !returns_twice(f);
  if (reuse && number_positions(f, &pos)) t->oom = 1;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (sxl_pmap_put(&t->blocks, bb, nb++)) t->oom = 1;
    number_block(t, bb, &pos, &sp, reuse && !t->oom);
  }
  t->nvals = sp.next - t->fn->nparams;
  sxl_pmap_free(&pos);
  free(sp.free);
  free(sp.live);
  return nb;
}
