/*
** factoring.h — a query no backend decides quickly, for tests of timeouts
** and limits: x * y == N for 32-bit x, y > 1 (zero-extended to 64 bits),
** N the product of two random 32-bit primes (primes near 2^31, such as
** 2^31-1, are among the values model repair tries first).
*/
#ifndef SYMX_TESTS_FACTORING_H
#define SYMX_TESTS_FACTORING_H

#include "symx.h"

static inline symx_expr *factoring(symx_ctx *ctx) {
  symx_expr *x = symx_var(ctx, "fx", 32), *y = symx_var(ctx, "fy", 32);
  symx_expr *x64 = symx_zext(ctx, x, 64), *y64 = symx_zext(ctx, y, 64);
  symx_expr *p = symx_mul(ctx, x64, y64);
  symx_expr *n = symx_const(ctx, 64, 3274699289ull * 4084796923ull);
  symx_expr *one = symx_const(ctx, 32, 1);
  symx_expr *e = symx_eq(ctx, p, n), *gx = symx_ugt(ctx, x, one), *gy = symx_ugt(ctx, y, one);
  symx_expr *a = symx_bool_and(ctx, gx, gy), *r = symx_bool_and(ctx, a, e);
  symx_expr *all[] = {x, y, x64, y64, p, n, one, e, gx, gy, a};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  return r;
}

#endif
