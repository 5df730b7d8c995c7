/*
** randexpr.h — a seeded random generator of well-typed expressions for
** differential tests (rewriter vs. no rewriter, evaluator vs. solvers,
** printer vs. reader). Header-only, public API only (symx.h), deterministic:
** the same seed on a context in the same state yields the same expressions.
**
** API
**   rx_gen g;
**   rx_init(&g, ctx, seed, arrays, narrays)
**       arrays: input arrays to read from (borrowed; retained by g). Pass
**       NULL/0 to get rx_default_inputs(): "rx_a" (12 bytes, index 32),
**       "rx_b" (8 bytes, index 64), "rx_c" (3 bytes, index 32).
**       Also creates two constant arrays (index widths 32 and 64).
**       Returns 0, or -1 when a build failed (see symx_errmsg).
**   rx_fini(&g)                      releases everything g holds.
**   symx_expr *rx_expr(&g, width, depth)
**       a random bit-vector expression of the given width (1..64) and
**       nesting depth <= depth (new reference; NULL only if a build failed).
**       Covers every operator of symx_kind: not neg add sub mul udiv sdiv
**       urem srem and or xor shl lshr ashr concat extract zext sext, the ten
**       comparisons, ite; leaves are constants (biased to 0, 1, -1, min/max
**       signed, small numbers), reads at constant and symbolic indices of the
**       input arrays, of constant arrays and of write chains over both.
**       Subterms are reused from a pool, so results are DAGs with sharing.
**   symx_expr *rx_bool(&g, depth)    a random width-1 constraint (mostly a
**       comparison, sometimes a boolean combination of comparisons).
**   size_t rx_query(&g, out, n, depth)  fills out[0..n) with constraints
**       (new references); returns how many were built.
**   unsigned rx_width(&g)            a random width: mostly 1, 7, 8, 16, 32,
**       63, 64, sometimes any of 1..64.
**   symx_assign *rx_assign(&g)       a random assignment binding every input
**       array of g (bytes biased to 0, 1, 0x7f, 0x80, 0xff; sometimes shorter
**       than the array so unbound bytes read 0). Free with symx_assign_free.
**   symx_assign *rx_assign_to(ctx, a)  a's bindings in a new assignment of
**       ctx (to evaluate the same input in another context).
**   uint64_t rx_next(&g), rx_below(&g, n)  the generator's RNG.
** Knobs (set after rx_init): g.oob = 1 allows symbolic/constant indices
** outside the array (reads then give 0 by definition); default 0 keeps every
** index in range (backends need not model out-of-range reads then).
** g.no_arrays = 1 restricts leaves to constants and constant-index reads of
** the inputs (plain bit-vector queries).
*/
#ifndef SX_TESTS_RANDEXPR_H
#define SX_TESTS_RANDEXPR_H

#include "symx.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RX_MAX_ARRAYS 8
#define RX_POOL 64

typedef struct rx_gen {
  symx_ctx *ctx;
  uint64_t state;
  symx_expr *arr[RX_MAX_ARRAYS]; /* input arrays (retained) */
  size_t narr;
  symx_expr *carr[2]; /* constant arrays, index width 32 and 64 */
  symx_expr *pool[RX_POOL]; /* recently built subterms (retained) */
  size_t npool, pool_next;
  int oob;
  int no_arrays;
  int failed;
} rx_gen;

static inline uint64_t rx_next(rx_gen *g) {
  /* splitmix64: tiny, good enough, independent of the library's RNG */
  uint64_t z = (g->state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline uint64_t rx_below(rx_gen *g, uint64_t n) { return n ? rx_next(g) % n : 0; }
static inline uint64_t rx_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static inline unsigned rx_width(rx_gen *g) {
  static const unsigned common[] = {1, 7, 8, 16, 32, 63, 64, 2, 3, 5, 12, 24, 33, 48};
  if (rx_below(g, 5) == 0) return 1 + (unsigned)rx_below(g, 64);
  return common[rx_below(g, 7 + (rx_below(g, 3) == 0 ? 7 : 0))];
}

static inline uint64_t rx_value(rx_gen *g, unsigned w) {
  uint64_t m = rx_mask(w);
  switch (rx_below(g, 10)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return m;
  case 3: return (1ull << (w - 1)) & m; /* min signed */
  case 4: return (m >> 1);              /* max signed */
  case 5: return rx_below(g, 8) & m;
  case 6: return (uint64_t)w & m;       /* a shift amount at the edge */
  default: return rx_next(g) & m;
  }
}

static inline symx_expr *rx_keep(rx_gen *g, symx_expr *e) {
  if (!e) {
    g->failed = 1;
    return NULL;
  }
  if (rx_below(g, 3) == 0) {
    size_t i;
    if (g->npool < RX_POOL) i = g->npool++;
    else {
      i = g->pool_next;
      g->pool_next = (g->pool_next + 1) % RX_POOL;
      symx_expr_release(g->pool[i]);
    }
    g->pool[i] = symx_expr_retain(e);
  }
  return e;
}

static inline symx_expr *rx_from_pool(rx_gen *g, unsigned w) {
  if (!g->npool) return NULL;
  size_t start = (size_t)rx_below(g, g->npool);
  for (size_t k = 0; k < g->npool; k++) {
    symx_expr *e = g->pool[(start + k) % g->npool];
    if (symx_expr_width(e) == w) return symx_expr_retain(e);
  }
  return NULL;
}

/* Releases a, b, c (any may be NULL) and returns r. */
static inline symx_expr *rx_drop(symx_expr *r, symx_expr *a, symx_expr *b, symx_expr *c) {
  symx_expr_release(a);
  symx_expr_release(b);
  symx_expr_release(c);
  return r;
}

static inline symx_expr *rx_expr(rx_gen *g, unsigned w, int depth);
static inline symx_expr *rx_bool(rx_gen *g, int depth);

/* Size of the array under a write chain (the root's size). */
static inline uint64_t rx_arr_size(symx_expr *a) { return symx_array_size(a); }

/* A random index for array a: constant or symbolic, in range unless g->oob. */
static inline symx_expr *rx_index(rx_gen *g, symx_expr *a, int depth) {
  unsigned iw = symx_array_index_width(a);
  uint64_t size = rx_arr_size(a);
  if (depth <= 0 || rx_below(g, 2) == 0) {
    uint64_t i = rx_below(g, size);
    if (g->oob && rx_below(g, 6) == 0) i = rx_below(g, 4) ? size + rx_below(g, 4) : rx_next(g);
    return symx_const(g->ctx, iw, i);
  }
  /* symbolic: zext(e) urem size keeps it in range, for any size */
  unsigned sw = 1 + (unsigned)rx_below(g, 8);
  symx_expr *e = rx_expr(g, sw, depth - 1);
  symx_expr *z = symx_zext(g->ctx, e, iw);
  if (g->oob && rx_below(g, 3) == 0) return rx_drop(z, e, NULL, NULL);
  symx_expr *s = symx_const(g->ctx, iw, size);
  symx_expr *r = symx_urem(g->ctx, z, s);
  return rx_drop(r, e, z, s);
}

/* A random array: an input, a constant array, or a write chain over one. */
static inline symx_expr *rx_array(rx_gen *g, int depth) {
  symx_expr *base;
  if (rx_below(g, 4) == 0) base = g->carr[rx_below(g, 2)];
  else base = g->arr[rx_below(g, g->narr)];
  symx_expr *a = symx_expr_retain(base);
  if (depth > 0 && rx_below(g, 3) == 0) {
    unsigned nw = 1 + (unsigned)rx_below(g, 4);
    for (unsigned k = 0; k < nw && a; k++) {
      symx_expr *i = rx_index(g, a, depth - 1);
      symx_expr *v = rx_below(g, 2) ? symx_const(g->ctx, 8, rx_value(g, 8)) : rx_expr(g, 8, depth - 1);
      symx_expr *na = symx_array_write(g->ctx, a, i, v);
      a = rx_drop(na, a, i, v);
    }
  }
  return a;
}

/* A leaf-ish term of width w: a constant or bytes read from an array. */
static inline symx_expr *rx_leaf(rx_gen *g, unsigned w, int depth) {
  symx_ctx *ctx = g->ctx;
  if (rx_below(g, 4) == 0) return symx_const(ctx, w, rx_value(g, w));
  unsigned nb = (w + 7) / 8;
  symx_expr *acc = NULL;
  if (g->no_arrays) {
    symx_expr *a = g->arr[rx_below(g, g->narr)];
    uint64_t size = rx_arr_size(a);
    for (unsigned k = 0; k < nb; k++) {
      symx_expr *i = symx_const(ctx, symx_array_index_width(a), rx_below(g, size));
      symx_expr *b = symx_read(ctx, a, i);
      symx_expr *n = acc ? symx_concat(ctx, b, acc) : symx_expr_retain(b);
      acc = rx_drop(n, acc, b, i);
    }
  } else {
    for (unsigned k = 0; k < nb; k++) {
      symx_expr *a = rx_array(g, depth);
      symx_expr *i = a ? rx_index(g, a, depth) : NULL;
      symx_expr *b = symx_read(ctx, a, i);
      symx_expr *n = acc ? symx_concat(ctx, b, acc) : symx_expr_retain(b);
      acc = rx_drop(n, acc, b, rx_drop(NULL, a, i, NULL));
    }
  }
  if (acc && symx_expr_width(acc) != w) {
    symx_expr *t = symx_extract(ctx, acc, w - 1, 0);
    acc = rx_drop(t, acc, NULL, NULL);
  }
  return acc;
}

static inline symx_expr *rx_expr(rx_gen *g, unsigned w, int depth) {
  symx_ctx *ctx = g->ctx;
  if (w < 1) w = 1;
  if (w > 64) w = 64;
  if (depth <= 0 || rx_below(g, 8) == 0) {
    symx_expr *p = rx_below(g, 2) ? rx_from_pool(g, w) : NULL;
    return p ? p : rx_keep(g, rx_leaf(g, w, depth > 0 ? 1 : 0));
  }
  int d = depth - 1;
  symx_expr *r = NULL, *a = NULL, *b = NULL, *c = NULL;
  unsigned choice = (unsigned)rx_below(g, w == 1 ? 12 : 10);
  switch (choice) {
  case 0: /* unary */
    a = rx_expr(g, w, d);
    r = symx_mk1(ctx, rx_below(g, 2) ? SYMX_K_NOT : SYMX_K_NEG, a);
    break;
  case 1:
  case 2:
  case 3: { /* binary arithmetic / bitwise / shifts */
    symx_kind k = (symx_kind)(SYMX_K_ADD + rx_below(g, SYMX_K_ASHR - SYMX_K_ADD + 1));
    a = rx_expr(g, w, d);
    if (rx_below(g, 3) == 0) b = symx_const(ctx, w, rx_value(g, w));
    else if (rx_below(g, 8) == 0) b = symx_expr_retain(a); /* x op x */
    else b = rx_expr(g, w, d);
    r = symx_mk2(ctx, k, a, b);
    break;
  }
  case 4: /* concat */
    if (w >= 2) {
      unsigned hw = 1 + (unsigned)rx_below(g, w - 1);
      a = rx_expr(g, hw, d);
      b = rx_expr(g, w - hw, d);
      r = symx_concat(ctx, a, b);
      break;
    }
    /* fall through */
  case 5: { /* extract from something wider (or as wide) */
    unsigned aw = w + (unsigned)rx_below(g, 64 - w + 1);
    unsigned lo = (unsigned)rx_below(g, aw - w + 1);
    a = rx_expr(g, aw, d);
    r = symx_extract(ctx, a, lo + w - 1, lo);
    break;
  }
  case 6: /* zext / sext from something narrower */
    if (w >= 2) {
      unsigned aw = 1 + (unsigned)rx_below(g, w - 1);
      a = rx_expr(g, aw, d);
      r = rx_below(g, 2) ? symx_zext(ctx, a, w) : symx_sext(ctx, a, w);
      break;
    }
    /* fall through */
  case 7: /* ite */
    a = rx_bool(g, d);
    b = rx_expr(g, w, d);
    c = rx_below(g, 6) == 0 ? symx_expr_retain(b) : rx_expr(g, w, d);
    r = symx_ite(ctx, a, b, c);
    break;
  case 8:
  case 9:
    r = rx_leaf(g, w, d);
    break;
  default: { /* width 1: a comparison */
    symx_kind k = (symx_kind)(SYMX_K_EQ + rx_below(g, SYMX_K_SGE - SYMX_K_EQ + 1));
    unsigned aw = rx_width(g);
    a = rx_expr(g, aw, d);
    b = rx_below(g, 4) == 0 ? symx_const(ctx, aw, rx_value(g, aw)) : rx_expr(g, aw, d);
    r = symx_mk2(ctx, k, a, b);
    break;
  }
  }
  return rx_keep(g, rx_drop(r, a, b, c));
}

/* A random width-1 constraint. */
static inline symx_expr *rx_bool(rx_gen *g, int depth) {
  symx_ctx *ctx = g->ctx;
  if (depth > 1 && rx_below(g, 4) == 0) {
    symx_expr *a = rx_bool(g, depth - 1), *b = rx_bool(g, depth - 1), *r;
    switch (rx_below(g, 3)) {
    case 0: r = symx_bool_and(ctx, a, b); break;
    case 1: r = symx_bool_or(ctx, a, b); break;
    default: r = symx_bool_not(ctx, a); break;
    }
    return rx_drop(r, a, b, NULL);
  }
  if (rx_below(g, 6) == 0) return rx_expr(g, 1, depth);
  symx_kind k = (symx_kind)(SYMX_K_EQ + rx_below(g, SYMX_K_SGE - SYMX_K_EQ + 1));
  unsigned aw = rx_width(g);
  int d = depth > 0 ? depth - 1 : 0;
  symx_expr *a = rx_expr(g, aw, d);
  symx_expr *b = rx_below(g, 3) == 0 ? symx_const(ctx, aw, rx_value(g, aw)) : rx_expr(g, aw, d);
  return rx_drop(symx_mk2(ctx, k, a, b), a, b, NULL);
}

static inline size_t rx_query(rx_gen *g, symx_expr **out, size_t n, int depth) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    symx_expr *e = rx_bool(g, depth);
    if (!e) break;
    out[k++] = e;
  }
  return k;
}

static inline symx_assign *rx_assign(rx_gen *g) {
  symx_assign *as = symx_assign_new(g->ctx);
  if (!as) return NULL;
  for (size_t k = 0; k < g->narr; k++) {
    uint64_t size = symx_array_size(g->arr[k]);
    size_t len = (size_t)(size > 4096 ? 4096 : size);
    if (rx_below(g, 8) == 0) len = (size_t)rx_below(g, len + 1); /* short: tail reads 0 */
    uint8_t buf[4096];
    for (size_t i = 0; i < len; i++) {
      static const uint8_t edge[] = {0, 1, 0x7f, 0x80, 0xff};
      buf[i] = rx_below(g, 3) == 0 ? edge[rx_below(g, 5)] : (uint8_t)rx_next(g);
    }
    if (symx_assign_set(as, symx_array_name(g->arr[k]), buf, len) != SYMX_OK) {
      symx_assign_free(as);
      return NULL;
    }
  }
  return as;
}

/* The bindings of a (of any context) in a fresh assignment of ctx: the
** same input to expressions rebuilt in another context. */
static inline symx_assign *rx_assign_to(symx_ctx *ctx, const symx_assign *a) {
  symx_assign *c = symx_assign_new(ctx);
  for (size_t i = 0; c && i < symx_assign_count(a); i++) {
    size_t len;
    const char *nm = symx_assign_name(a, i);
    const uint8_t *b = symx_assign_get(a, nm, &len);
    symx_assign_set(c, nm, b, len);
  }
  return c;
}

/* The default inputs (new references in out[0..3)); returns 3, or 0 on failure. */
static inline size_t rx_default_inputs(symx_ctx *ctx, symx_expr **out) {
  out[0] = symx_array_input(ctx, "rx_a", 12, 32);
  out[1] = symx_array_input(ctx, "rx_b", 8, 64);
  out[2] = symx_array_input(ctx, "rx_c", 3, 32);
  if (out[0] && out[1] && out[2]) return 3;
  for (int i = 0; i < 3; i++) symx_expr_release(out[i]);
  return 0;
}

static inline void rx_fini(rx_gen *g) {
  for (size_t i = 0; i < g->narr; i++) symx_expr_release(g->arr[i]);
  for (size_t i = 0; i < 2; i++) symx_expr_release(g->carr[i]);
  for (size_t i = 0; i < g->npool; i++) symx_expr_release(g->pool[i]);
  memset(g, 0, sizeof *g);
}

static inline int rx_init(rx_gen *g, symx_ctx *ctx, uint64_t seed, symx_expr *const *arrays,
                          size_t narrays) {
  memset(g, 0, sizeof *g);
  g->ctx = ctx;
  g->state = seed * 0x2545f4914f6cdd1dull + 1;
  if (!arrays || !narrays) {
    g->narr = rx_default_inputs(ctx, g->arr);
  } else {
    for (size_t i = 0; i < narrays && i < RX_MAX_ARRAYS; i++)
      g->arr[g->narr++] = symx_expr_retain(arrays[i]);
  }
  uint8_t bytes[16];
  for (int i = 0; i < 16; i++) bytes[i] = (uint8_t)rx_value(g, 8);
  g->carr[0] = symx_array_const(ctx, NULL, bytes, 10, 32);
  for (int i = 0; i < 16; i++) bytes[i] = (uint8_t)rx_value(g, 8);
  g->carr[1] = symx_array_const(ctx, NULL, bytes, 16, 64);
  if (!g->narr || !g->carr[0] || !g->carr[1]) {
    rx_fini(g);
    return -1;
  }
  return 0;
}

#endif
