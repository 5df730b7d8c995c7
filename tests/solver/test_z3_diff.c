/* tests/solver/test_z3_diff.c — the Z3 backend against the evaluator:
** random expressions of every operator and of widths 1, 7, 8, 16, 32, 63, 64
** (with arrays, write chains and out-of-range reads) evaluate under a random
** assignment A to v; Z3 must agree: (inputs = A) && e != v is UNSAT and
** (inputs = A) && e == v is SAT. Expressions are checked in batches (one
** disjunction of disequalities per batch); a failing batch is bisected to
** the guilty expression. Then random queries: every SAT model satisfies its
** query under the evaluator. */
#include "check.h"
#include "chain_off.h"
#include "randexpr.h"
#include "symx.h"

#define NEXPR_MIN 10000
#define BATCH 100

/* Constraints fixing every byte of the generator's inputs to a. */
static size_t fix_inputs(rx_gen *g, const symx_assign *a, symx_expr **out) {
  size_t k = 0;
  for (size_t i = 0; i < g->narr; i++) {
    symx_expr *arr = g->arr[i];
    size_t len = 0;
    const uint8_t *bytes = symx_assign_get(a, symx_array_name(arr), &len);
    for (uint64_t j = 0; j < symx_array_size(arr); j++) {
      symx_expr *idx = symx_const(g->ctx, symx_array_index_width(arr), j);
      symx_expr *rd = symx_read(g->ctx, arr, idx);
      symx_expr *v = symx_const(g->ctx, 8, j < len ? bytes[j] : 0);
      out[k++] = symx_eq(g->ctx, rd, v);
      symx_expr_release(idx);
      symx_expr_release(rd);
      symx_expr_release(v);
    }
  }
  return k;
}

/* UNSAT check of fix && (e[lo] != v[lo] || ... ): returns the solver answer. */
static int check_ne(symx_solver *s, symx_ctx *ctx, symx_expr **fix, size_t nfix, symx_expr **es,
                    symx_expr **vs, size_t lo, size_t hi) {
  symx_expr *any = symx_false(ctx);
  for (size_t i = lo; i < hi; i++) {
    symx_expr *ne = symx_ne(ctx, es[i], vs[i]);
    symx_expr *o = symx_bool_or(ctx, any, ne);
    symx_expr_release(ne);
    symx_expr_release(any);
    any = o;
  }
  fix[nfix] = any;
  int rc = symx_solver_check(s, fix, nfix + 1, 0, NULL);
  symx_expr_release(any);
  return rc;
}

static int check_eq(symx_solver *s, symx_ctx *ctx, symx_expr **fix, size_t nfix, symx_expr **es,
                    symx_expr **vs, size_t n) {
  for (size_t i = 0; i < n; i++) fix[nfix + i] = symx_eq(ctx, es[i], vs[i]);
  symx_assign *m = NULL;
  int rc = symx_solver_check(s, fix, nfix + n, 0, &m);
  if (rc == SYMX_SAT) CHECK(symx_assign_satisfies(ctx, m, fix, nfix + n) == 1);
  symx_assign_free(m);
  for (size_t i = 0; i < n; i++) symx_expr_release(fix[nfix + i]);
  return rc;
}

static void report(symx_ctx *ctx, symx_expr *e, uint64_t v) {
  char *str = symx_expr_str(ctx, e);
  fprintf(stderr, "  Z3 disagrees with the evaluator (value 0x%" PRIx64 ") on: %s\n", v,
          str ? str : "?");
  symx_string_free(ctx, str);
}

static void test_differential(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  CHECK(s != NULL);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 20240601, NULL, 0) == 0);
  static const unsigned widths[] = {1, 7, 8, 16, 32, 63, 64};
  unsigned seen_width[65] = {0};
  unsigned seen_kind[SYMX_K_COUNT_] = {0};
  size_t checked = 0, batches = 0;
  symx_expr *fix[64 + BATCH], *es[BATCH], *vs[BATCH];
  while (s && checked < NEXPR_MIN && batches < 1000) {
    batches++;
    g.oob = batches % 3 == 0; /* every third batch reads out of range too */
    /* odd batches build raw nodes: kinds the rewriter normalises away
    ** (bvugt, ...) reach Z3 as well */
    symx_option_set(ctx, "rewrite", batches % 2 ? 0 : 2);
    symx_assign *a = rx_assign(&g);
    size_t nfix = fix_inputs(&g, a, fix);
    size_t n = 0;
    while (n < BATCH) {
      unsigned w = n % 3 == 0 ? rx_width(&g) : widths[rx_below(&g, 7)];
      symx_expr *e = rx_expr(&g, w, 1 + (int)rx_below(&g, 4));
      if (!e) break;
      if (symx_expr_is_const(e)) { /* folded away: nothing for Z3 to check */
        symx_expr_release(e);
        continue;
      }
      uint64_t v = 0;
      CHECK(symx_eval(ctx, e, a, &v) == SYMX_OK);
      seen_width[symx_expr_width(e)]++;
      seen_kind[symx_expr_kind(e)]++;
      es[n] = e;
      vs[n] = symx_const(ctx, symx_expr_width(e), v);
      n++;
    }
    int rc = check_ne(s, ctx, fix, nfix, es, vs, 0, n);
    CHECK(rc == SYMX_UNSAT);
    if (rc != SYMX_UNSAT) { /* bisect to the guilty expressions */
      fprintf(stderr, "batch %zu: answer %d (%s)\n", batches, rc, symx_errmsg(ctx));
      for (size_t i = 0; i < n; i++)
        if (check_ne(s, ctx, fix, nfix, es, vs, i, i + 1) != SYMX_UNSAT) report(ctx, es[i], symx_expr_const_value(vs[i]));
    }
    rc = check_eq(s, ctx, fix, nfix, es, vs, n);
    CHECK(rc == SYMX_SAT);
    checked += n;
    for (size_t i = 0; i < n; i++) {
      symx_expr_release(es[i]);
      symx_expr_release(vs[i]);
    }
    for (size_t i = 0; i < nfix; i++) symx_expr_release(fix[i]);
    symx_assign_free(a);
  }
  fprintf(stderr, "  %zu expressions in %zu batches\n", checked, batches);
  CHECK(checked >= NEXPR_MIN);
  for (size_t i = 0; i < 7; i++) CHECK(seen_width[widths[i]] > 0);
  /* every operator occurs at the root of some checked expression */
  for (int k = SYMX_K_READ; k < SYMX_K_COUNT_; k++)
    if (!seen_kind[k]) fprintf(stderr, "  kind %s never at a root\n", symx_kind_name((symx_kind)k));
  for (int k = SYMX_K_NOT; k < SYMX_K_COUNT_; k++) CHECK(seen_kind[k] > 0);
  CHECK(symx_stat_get(ctx, "model_check_failures") == 0);
  rx_fini(&g);
  symx_solver_free(s);
  CHECK(symx_expr_live(ctx) == 3); /* the inputs, kept by the context */
  symx_ctx_free(ctx);
}

/* Division and shift corner cases, through symbolic operands (so Z3 cannot
** fold them before bit-blasting): for each width and operator, one query
** asks whether some corner pair (x, y) gives a value other than the
** evaluator's; the answer must be UNSAT. */
static symx_expr *corner_case(symx_ctx *ctx, symx_kind op, symx_expr *x, symx_expr *y, unsigned w,
                              uint64_t cx, uint64_t cy) {
  symx_expr *ex = symx_const(ctx, w, cx), *ey = symx_const(ctx, w, cy);
  symx_expr *r = symx_mk2(ctx, op, x, y);
  symx_expr *folded = symx_mk2(ctx, op, ex, ey); /* the evaluator's value */
  symx_expr *a = symx_eq(ctx, x, ex), *b = symx_eq(ctx, y, ey), *c = symx_ne(ctx, r, folded);
  symx_expr *ab = symx_bool_and(ctx, a, b), *abc = symx_bool_and(ctx, ab, c);
  symx_expr *all[] = {ex, ey, r, folded, a, b, c, ab};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  return abc;
}

static void test_division_by_zero(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  static const symx_kind ops[] = {SYMX_K_UDIV, SYMX_K_SDIV, SYMX_K_UREM, SYMX_K_SREM,
                                  SYMX_K_SHL,  SYMX_K_LSHR, SYMX_K_ASHR};
  static const unsigned widths[] = {1, 2, 3, 7, 8, 9, 16, 31, 32, 33, 63, 64};
  for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
    unsigned w = widths[wi];
    char nx[16], ny[16];
    snprintf(nx, sizeof nx, "x%u", w);
    snprintf(ny, sizeof ny, "y%u", w);
    symx_expr *x = symx_var(ctx, nx, w), *y = symx_var(ctx, ny, w);
    uint64_t m = w == 64 ? ~0ull : (1ull << w) - 1;
    uint64_t xs[] = {0, 1, m, m >> 1, (m >> 1) + 1, 5 & m};
    uint64_t ys[] = {0, 1, m, w & m, (m >> 1) + 1};
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
      symx_expr *any = symx_false(ctx);
      for (size_t i = 0; i < 6; i++)
        for (size_t j = 0; j < 5; j++) {
          symx_expr *c = corner_case(ctx, ops[o], x, y, w, xs[i], ys[j]);
          symx_expr *na = symx_bool_or(ctx, any, c);
          symx_expr_release(c);
          symx_expr_release(any);
          any = na;
        }
      int rc = symx_solver_check(s, &any, 1, 0, NULL);
      CHECK(rc == SYMX_UNSAT);
      for (size_t i = 0; rc != SYMX_UNSAT && i < 6; i++)
        for (size_t j = 0; j < 5; j++) {
          symx_expr *c = corner_case(ctx, ops[o], x, y, w, xs[i], ys[j]);
          if (symx_solver_check(s, &c, 1, 0, NULL) != SYMX_UNSAT)
            fprintf(stderr, "  %s width %u: 0x%" PRIx64 " 0x%" PRIx64 "\n", symx_kind_name(ops[o]), w,
                    xs[i], ys[j]);
          symx_expr_release(c);
        }
      symx_expr_release(any);
    }
    symx_expr_release(x);
    symx_expr_release(y);
  }
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* Random queries: every SAT model satisfies its query under the evaluator;
** the answers agree with the solver on the negation of a model. */
static void test_random_query_models(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 777, NULL, 0) == 0);
  size_t nsat = 0, nunsat = 0;
  for (int q = 0, nq = check_cases(400); q < nq; q++) {
    g.oob = q % 2;
    symx_expr *cs[6];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 6), 1 + (int)rx_below(&g, 4));
    symx_assign *m = NULL;
    int rc = symx_solver_check(s, cs, n, 0, &m);
    CHECK(rc == SYMX_SAT || rc == SYMX_UNSAT);
    if (rc == SYMX_SAT) {
      nsat++;
      CHECK(m != NULL);
      CHECK(symx_assign_satisfies(ctx, m, cs, n) == 1);
    } else if (rc == SYMX_UNSAT) {
      nunsat++;
      /* no assignment we can make up satisfies it either */
      for (int t = 0; t < 4; t++) {
        symx_assign *a = rx_assign(&g);
        CHECK(symx_assign_satisfies(ctx, a, cs, n) == 0);
        symx_assign_free(a);
      }
    } else {
      fprintf(stderr, "  query %d: %s\n", q, symx_errmsg(ctx));
    }
    symx_assign_free(m);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  %zu sat, %zu unsat\n", nsat, nunsat);
  CHECK(nsat > 0 && nunsat > 0);
  CHECK(symx_stat_get(ctx, "model_check_failures") == 0);
  rx_fini(&g);
  symx_solver_free(s);
  CHECK(symx_expr_live(ctx) == 3); /* the inputs, kept by the context */
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_division_by_zero), CHECK_CASE(test_differential),
           CHECK_CASE(test_random_query_models))
