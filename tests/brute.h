/*
** brute.h — a checker for tests that replaces the solver: brute force over
** every value of the 2-byte input "in", returning the smallest satisfying
** value as the model. An oracle with no solver in it. user, when not NULL,
** is an int counting the calls.
*/
#ifndef SX_TEST_BRUTE_H
#define SX_TEST_BRUTE_H

#include "expr/assign.h"

static int brute_in2(void *user, sx_expr *const *cs, size_t n, sx_assign *model) {
  if (user) ++*(int *)user;
  if (!n) return SYMX_SAT;
  symx_ctx *ctx = cs[0]->ctx;
  sx_assign *a = symx_assign_new(ctx);
  for (unsigned v = 0; v < 65536; v++) {
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    symx_assign_set(a, "in", b, 2);
    if (sx_eval_all(ctx, cs, n, a)) {
      symx_assign_set(model, "in", b, 2);
      symx_assign_free(a);
      return SYMX_SAT;
    }
  }
  symx_assign_free(a);
  return SYMX_UNSAT;
}

#endif
