/* tests/expr/test_rewrite.c — the simplifying builder is exactly sound: the
** same random expressions built at rewrite levels 0, 1 and 2 evaluate equal
** under random assignments; building twice yields the same node; the
** generator covers every operator. */
#include "check.h"
#include "randexpr.h"
#include "symx.h"

/* Marks every kind reachable from e (recursion is fine: depth is small). */
static void mark_kinds(symx_expr *e, int *seen) {
  seen[symx_expr_kind(e)] = 1;
  for (unsigned i = 0; i < symx_expr_nargs(e); i++) mark_kinds(symx_expr_arg(e, i), seen);
}

static void test_generator_covers_all_kinds(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 7, NULL, 0) == 0);
  int seen[SYMX_K_COUNT_] = {0};
  int widths[65] = {0};
  for (int i = 0; i < 400; i++) {
    unsigned w = rx_width(&g);
    symx_expr *e = rx_expr(&g, w, 5);
    CHECK(e != NULL);
    if (!e) break;
    CHECK(symx_expr_width(e) == w);
    widths[w] = 1;
    mark_kinds(e, seen);
    symx_expr_release(e);
  }
  for (int k = 0; k < SYMX_K_COUNT_; k++) {
    if (!seen[k]) fprintf(stderr, "kind %s never generated\n", symx_kind_name((symx_kind)k));
    CHECK(seen[k]);
  }
  static const unsigned must[] = {1, 7, 8, 16, 32, 63, 64};
  for (size_t i = 0; i < sizeof must / sizeof must[0]; i++) CHECK(widths[must[i]]);
  rx_fini(&g);
  symx_ctx_free(ctx);
}

static void oracle_run(uint64_t seed, int nexprs, int depth) {
  symx_ctx *c0 = symx_ctx_new(), *c1 = symx_ctx_new(), *c2 = symx_ctx_new();
  symx_option_set(c0, "rewrite", 0);
  symx_option_set(c1, "rewrite", 1);
  symx_option_set(c2, "rewrite", 2);
  rx_gen g0, g1, g2, ga;
  CHECK(rx_init(&g0, c0, seed, NULL, 0) == 0);
  CHECK(rx_init(&g1, c1, seed, NULL, 0) == 0);
  CHECK(rx_init(&g2, c2, seed, NULL, 0) == 0);
  CHECK(rx_init(&ga, c0, seed ^ 0xabcdef, NULL, 0) == 0);
  g0.oob = g1.oob = g2.oob = 1;
  int mismatches = 0;
  for (int i = 0; i < nexprs && mismatches < 5; i++) {
    unsigned w = rx_width(&ga);
    symx_expr *e0 = rx_expr(&g0, w, depth), *e1 = rx_expr(&g1, w, depth), *e2 = rx_expr(&g2, w, depth);
    CHECK(e0 && e1 && e2);
    if (!e0 || !e1 || !e2) break;
    /* building the same thing again gives the same node */
    if (i % 50 == 0) {
      symx_expr *k = symx_mk2(c2, SYMX_K_ADD, e2, e2), *k2 = symx_mk2(c2, SYMX_K_ADD, e2, e2);
      CHECK(k == k2);
      symx_expr_release(k);
      symx_expr_release(k2);
    }
    for (int r = 0; r < 4; r++) {
      symx_assign *a0 = rx_assign(&ga), *a1 = rx_assign_to(c1, a0), *a2 = rx_assign_to(c2, a0);
      uint64_t v0 = 1, v1 = 2, v2 = 3;
      CHECK(symx_eval(c0, e0, a0, &v0) == SYMX_OK);
      CHECK(symx_eval(c1, e1, a1, &v1) == SYMX_OK);
      CHECK(symx_eval(c2, e2, a2, &v2) == SYMX_OK);
      if (v0 != v1 || v0 != v2) {
        char *s0 = symx_expr_str(c0, e0), *s2 = symx_expr_str(c2, e2);
        fprintf(stderr, "seed %llu expr %d: level0 %llx level1 %llx level2 %llx\n  %s\n  %s\n",
                (unsigned long long)seed, i, (unsigned long long)v0, (unsigned long long)v1,
                (unsigned long long)v2, s0, s2);
        symx_string_free(c0, s0);
        symx_string_free(c2, s2);
        mismatches++;
      }
      CHECK_EQ_U64(v0, v1);
      CHECK_EQ_U64(v0, v2);
      symx_assign_free(a0);
      symx_assign_free(a1);
      symx_assign_free(a2);
    }
    symx_expr_release(e0);
    symx_expr_release(e1);
    symx_expr_release(e2);
  }
  rx_fini(&g0);
  rx_fini(&g1);
  rx_fini(&g2);
  rx_fini(&ga);
  /* inputs (3 default) are kept alive by the table */
  CHECK(symx_expr_live(c0) == 3);
  CHECK(symx_expr_live(c2) == 3);
  symx_ctx_free(c0);
  symx_ctx_free(c1);
  symx_ctx_free(c2);
}

static void test_rewrite_oracle(void) {
  for (uint64_t s = 1; s <= 6; s++) oracle_run(s, 2000, 5);
}

/* Narrow widths, exhaustive constants: x op c and c op x for every c. */
static void test_rewrite_small_exhaustive(void) {
  symx_ctx *c0 = symx_ctx_new(), *c2 = symx_ctx_new();
  symx_option_set(c0, "rewrite", 0);
  for (unsigned w = 1; w <= 4; w++) {
    symx_expr *x0 = symx_var(c0, "x", 8), *x2 = symx_var(c2, "x", 8);
    symx_expr *n0 = symx_extract(c0, x0, w - 1, 0), *n2 = symx_extract(c2, x2, w - 1, 0);
    for (int k = SYMX_K_NOT; k <= SYMX_K_SGE; k++) {
      if (k >= SYMX_K_CONCAT && k <= SYMX_K_SEXT) continue;
      for (uint64_t c = 0; c < (1u << w); c++) {
        for (int side = 0; side < 3; side++) {
          symx_expr *k0 = symx_const(c0, w, c), *k2 = symx_const(c2, w, c);
          symx_expr *e0, *e2;
          if (k <= SYMX_K_NEG) {
            e0 = symx_mk1(c0, (symx_kind)k, n0);
            e2 = symx_mk1(c2, (symx_kind)k, n2);
          } else if (side == 0) {
            e0 = symx_mk2(c0, (symx_kind)k, n0, k0);
            e2 = symx_mk2(c2, (symx_kind)k, n2, k2);
          } else if (side == 1) {
            e0 = symx_mk2(c0, (symx_kind)k, k0, n0);
            e2 = symx_mk2(c2, (symx_kind)k, k2, n2);
          } else {
            e0 = symx_mk2(c0, (symx_kind)k, n0, n0);
            e2 = symx_mk2(c2, (symx_kind)k, n2, n2);
          }
          for (unsigned xv = 0; xv < 256; xv += 1) {
            uint8_t b = (uint8_t)xv;
            symx_assign *a0 = symx_assign_new(c0), *a2 = symx_assign_new(c2);
            symx_assign_set(a0, "x", &b, 1);
            symx_assign_set(a2, "x", &b, 1);
            uint64_t v0 = 0, v2 = 0;
            symx_eval(c0, e0, a0, &v0);
            symx_eval(c2, e2, a2, &v2);
            if (v0 != v2)
              fprintf(stderr, "w=%u %s side %d c=%llu x=%u: %llx vs %llx\n", w,
                      symx_kind_name((symx_kind)k), side, (unsigned long long)c, xv,
                      (unsigned long long)v0, (unsigned long long)v2);
            CHECK_EQ_U64(v0, v2);
            symx_assign_free(a0);
            symx_assign_free(a2);
            if (xv >= (1u << w) - 1) break; /* only the low w bits matter */
          }
          symx_expr_release(e0);
          symx_expr_release(e2);
          symx_expr_release(k0);
          symx_expr_release(k2);
        }
      }
    }
    symx_expr_release(n0);
    symx_expr_release(n2);
    symx_expr_release(x0);
    symx_expr_release(x2);
  }
  symx_ctx_free(c0);
  symx_ctx_free(c2);
}

/* x's four bytes concatenated again, high first (left-nested) or low
** first (right-nested) */
static symx_expr *rejoin(symx_ctx *ctx, symx_expr *x, int low_first) {
  symx_expr *b[4], *acc;
  for (unsigned k = 0; k < 4; k++) b[k] = symx_extract(ctx, x, 8 * k + 7, 8 * k);
  acc = symx_expr_retain(b[low_first ? 0 : 3]);
  for (unsigned k = 1; k < 4; k++) {
    symx_expr *n = low_first ? symx_concat(ctx, b[k], acc) : symx_concat(ctx, acc, b[3 - k]);
    symx_expr_release(acc);
    acc = n;
  }
  for (unsigned k = 0; k < 4; k++) symx_expr_release(b[k]);
  return acc;
}

/* A value stored byte by byte and loaded again is the value itself, also
** when the stored bytes folded differently (a sign extension's low bytes
** are its operand's), so a table entry's range reaches the load. */
static void test_reload_joins(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *v = symx_var(ctx, "v", 16), *u = symx_var(ctx, "u", 32), *y = symx_var(ctx, "y", 8);
  symx_expr *k = symx_const(ctx, 16, 3), *v3 = symx_add(ctx, k, v), *uu = symx_mul(ctx, u, u);
  symx_expr *xs[3] = {symx_sext(ctx, v, 32), symx_sext(ctx, v3, 32), symx_expr_retain(uu)};
  for (int i = 0; i < 3; i++)
    for (int order = 0; order < 2; order++) {
      symx_expr *r = rejoin(ctx, xs[i], order);
      if (r != xs[i]) {
        char *str = symx_expr_str(ctx, r);
        fprintf(stderr, "  value %d, order %d: %s\n", i, order, str);
        symx_string_free(ctx, str);
      }
      CHECK(r == xs[i]);
      symx_expr_release(r);
    }
  /* the top of one value over an unrelated byte stays a concatenation */
  symx_expr *top = symx_extract(ctx, uu, 31, 8), *mixed = symx_concat(ctx, top, y);
  CHECK_EQ_U64(symx_expr_kind(mixed), SYMX_K_CONCAT);
  symx_expr *arr[] = {top, mixed, v, u, y, k, v3, uu, xs[0], xs[1], xs[2]};
  for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) symx_expr_release(arr[i]);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_generator_covers_all_kinds), CHECK_CASE(test_rewrite_oracle),
           CHECK_CASE(test_rewrite_small_exhaustive), CHECK_CASE(test_reload_joins))
