/*
** printscan.h — what the two expression printers (print.c: SMT-LIB2,
** kquery.c: KQuery) share while they scan an expression before printing
** it: a use count per node kept in eval_value (valid while eval_stamp is
** the printer's epoch), and the reads that need a bounds guard.
*/
#ifndef SX_PRINTSCAN_H
#define SX_PRINTSCAN_H

#include "expr.h"

/* per-node scratch in eval_value while printing (eval_stamp == epoch): the
** low 32 bits count uses, the printer keeps its flags above them */
#define USES_MASK 0xffffffffull

/* e's scratch, reset when this printer has not seen it yet. */
static inline void sx_pr_touch(uint64_t epoch, sx_expr *e) {
  if (e->eval_stamp != epoch) {
    e->eval_stamp = epoch;
    e->eval_value = 0;
  }
}

/* One more use of e (saturating). */
static inline void sx_pr_add_use(uint64_t epoch, sx_expr *e) {
  sx_pr_touch(epoch, e);
  if ((e->eval_value & USES_MASK) != USES_MASK) e->eval_value++;
}

/* The array a write chain starts from. */
static inline const sx_expr *sx_pr_chain_root(const sx_expr *a) {
  while (a->kind == SYMX_K_ARRAY_WRITE) a = a->args[0];
  return a;
}

/* A read needs a guard when its root is an input and its index may fall
** outside the input. */
static inline bool sx_pr_read_needs_guard(const sx_expr *r) {
  const sx_expr *root = sx_pr_chain_root(r->args[0]);
  if (root->aux < 64 && root->arr->size >= (1ull << root->aux)) return false;
  return !(sx_is_const(r->args[1]) && r->args[1]->value < root->arr->size);
}

#endif
