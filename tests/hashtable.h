/*
** hashtable.h — a query on a hash table as make holds its variables, for
** test_cadical_rom.c and symx-bench rom: 8 reads of a big constant table at
** 8 * (hash(x) & 0x1fff) + j, hash(x) = x * mul ^ x >> 3, true when one of
** the bucket's bytes is not 0. Header-only, public API (and rx_drop).
*/
#ifndef SYMX_TESTS_HASHTABLE_H
#define SYMX_TESTS_HASHTABLE_H
#include "randexpr.h"

/* f(a, k) for a constant k of a's width 32, a borrowed. */
static inline symx_expr *ht_with(symx_ctx *ctx, symx_expr *(*f)(symx_ctx *, symx_expr *, symx_expr *),
                                 symx_expr *a, uint64_t k) {
  symx_expr *c = symx_const(ctx, 32, k);
  return rx_drop(f(ctx, a, c), c, NULL, NULL);
}

/* The 16-bit key in[1]:in[0], zero-extended to 32 bits. */
static inline symx_expr *ht_key(symx_ctx *ctx, symx_expr *in) {
  symx_expr *i0 = symx_const(ctx, 32, 0), *i1 = symx_const(ctx, 32, 1);
  symx_expr *lo = symx_read(ctx, in, i0), *hi = symx_read(ctx, in, i1), *c = symx_concat(ctx, hi, lo);
  symx_expr *x = symx_zext(ctx, c, 32);
  rx_drop(NULL, i0, i1, lo);
  return rx_drop(x, hi, c, NULL);
}

static inline symx_expr *ht_bucket_nonempty(symx_ctx *ctx, symx_expr *table, symx_expr *x, uint64_t mul) {
  symx_expr *m = ht_with(ctx, symx_mul, x, mul), *s = ht_with(ctx, symx_lshr, x, 3);
  symx_expr *h = rx_drop(symx_xor(ctx, m, s), m, s, NULL), *b = ht_with(ctx, symx_and, h, 0x1fff);
  symx_expr *base = ht_with(ctx, symx_mul, b, 8), *zero = symx_const(ctx, 8, 0);
  symx_expr *any = symx_const(ctx, 1, 0);
  rx_drop(NULL, h, b, NULL);
  for (unsigned j = 0; j < 8; j++) {
    symx_expr *i = ht_with(ctx, symx_add, base, j), *r = symx_read(ctx, table, i);
    symx_expr *ne = symx_ne(ctx, r, zero), *or = symx_bool_or(ctx, any, ne);
    rx_drop(NULL, i, r, ne);
    any = rx_drop(or, any, NULL, NULL);
  }
  return rx_drop(any, base, zero, NULL);
}

#endif
