/*
** rewrite.c — the simplifying builder's rules. Level 1: constant folding.
** (More rules are added at level 2.)
*/
#include "expr.h"

sx_expr *sx_rewrite(symx_ctx *ctx, int kind, unsigned width, unsigned nargs, sx_expr *const *args,
                    uint64_t value, uint32_t aux, int *failed) {
  *failed = 0;
  if (kind == SYMX_K_ARRAY_WRITE || kind == SYMX_K_READ) return NULL;
  for (unsigned i = 0; i < nargs; i++)
    if (!sx_is_const(args[i])) return NULL;
  uint64_t a = nargs > 0 ? args[0]->value : 0, b = nargs > 1 ? args[1]->value : 0,
           c = nargs > 2 ? args[2]->value : 0;
  uint64_t v = sx_apply(kind, width, args[0]->width, a, b, c, value, aux);
  sx_expr *r = sx_expr_make(ctx, SYMX_K_CONST, width, 0, NULL, v & sx_mask(width), 0, "sx_rewrite");
  if (!r) *failed = 1;
  return r;
}
