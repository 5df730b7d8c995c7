/*
** test_bounds.c — interval reasoning (src/solver/bounds.c) against brute
** force: random queries over one- and two-byte inputs, where every
** assignment can be tried, so a refutation is checked exactly (it must
** never refute a satisfiable query) and the refutations are counted; and
** the shapes met in the oracle programs (sums, differences, shifts and
** signed comparisons of zero-extended bytes, low-bit masks), refuted and,
** flipped to satisfiable, left alone. The same queries again through the
** branch and prune search (byte splits): it must never refute a
** satisfiable query, every model it gives must satisfy its query, and it
** must decide more than propagation alone.
*/
#include "check.h"
#include "keep.h"
#include "randexpr.h"
#include "expr/assign.h"
#include "solver/backend.h"
#include "solver/bounds.h"

/* true when some assignment of the n-byte input satisfies cs */
static bool brute_sat(symx_ctx *ctx, const char *name, unsigned nbytes, symx_expr *const *cs, size_t n) {
  sx_assign *a = symx_assign_new(ctx);
  bool found = false;
  for (uint32_t v = 0; v < (1u << (8 * nbytes)) && !found; v++) {
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    symx_assign_set(a, name, b, nbytes);
    found = sx_eval_all(ctx, cs, n, a);
  }
  symx_assign_free(a);
  return found;
}

static void random_queries(unsigned nbytes, int queries, uint64_t seed, uint64_t splits) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "b", nbytes, 32);
  rx_gen g;
  CHECK(rx_init(&g, ctx, seed, &in, 1) == 0);
  unsigned refuted = 0, unsat = 0, unsound = 0, split_refuted = 0, models = 0, bad_models = 0;
  for (int q = 0; q < queries; q++) {
    symx_expr *cs[5];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    int rc = sx_bounds_check(ctx, cs, n, 0, NULL, NULL);
    CHECK(rc == SYMX_UNSAT || rc == SYMX_UNKNOWN);
    sx_assign *m;
    int rs = sx_bounds_check(ctx, cs, n, splits, NULL, &m);
    CHECK(rs == SYMX_UNSAT || rs == SYMX_UNKNOWN || rs == SYMX_SAT);
    CHECK(rc != SYMX_UNSAT || rs == SYMX_UNSAT); /* splitting only adds */
    bool sat = brute_sat(ctx, "b", nbytes, cs, n);
    unsat += !sat;
    refuted += rc == SYMX_UNSAT;
    split_refuted += rs == SYMX_UNSAT;
    if ((rc == SYMX_UNSAT || rs == SYMX_UNSAT) && sat) {
      unsound++;
      char *s = symx_smt2_query(ctx, cs, n);
      fprintf(stderr, "  refuted a satisfiable query:\n%s\n", s);
      symx_string_free(ctx, s);
    }
    if (rs == SYMX_SAT) {
      models++;
      bad_models += !sat || !sx_eval_all(ctx, cs, n, m);
      symx_assign_free(m);
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  %u-byte input: %u of %u unsatisfiable queries refuted by intervals, %u with %llu splits; "
                  "%u models of %u satisfiable queries\n",
          nbytes, refuted, unsat, split_refuted, (unsigned long long)splits, models, queries - unsat);
  CHECK_EQ_U64(unsound, 0);
  CHECK_EQ_U64(bad_models, 0);
  CHECK(refuted > 0);
  CHECK(split_refuted > refuted);
  CHECK(models > 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "bounds_unsat"), refuted + split_refuted);
  CHECK_EQ_U64(symx_stat_get(ctx, "bounds_sat"), models);
  rx_fini(&g);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

/* 255 splits enumerate a byte: the search is complete on one byte */
static void test_random_one_byte(void) { random_queries(1, 3000, 5, 255); }

/* wide inputs and every width: z3 is the oracle */
static void test_random_wide(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *z = sx_backend_z3.create(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 21, NULL, 0) == 0);
  unsigned refuted = 0, unsound = 0, models = 0, bad_models = 0;
  for (int q = 0; q < 800; q++) {
    symx_expr *cs[5];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    sx_assign *m;
    /* propagation alone on even queries, the search on odd ones */
    int rc = sx_bounds_check(ctx, cs, n, q & 1 ? 64 : 0, NULL, q & 1 ? &m : NULL);
    if (rc == SYMX_UNSAT) {
      refuted++;
      sx_assign *zm = symx_assign_new(ctx);
      if (sx_backend_z3.check(z, cs, n, 0, zm) == SYMX_SAT) unsound++;
      symx_assign_free(zm);
    } else if (rc == SYMX_SAT) {
      models++;
      bad_models += !sx_eval_all(ctx, cs, n, m);
      symx_assign_free(m);
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  wide inputs: %u refuted, %u of them satisfiable; %u models, %u bad\n", refuted, unsound,
          models, bad_models);
  CHECK(refuted > 0);
  CHECK_EQ_U64(unsound, 0);
  CHECK_EQ_U64(bad_models, 0);
  rx_fini(&g);
  sx_backend_z3.destroy(z);
  symx_ctx_free(ctx);
}
static void test_random_two_bytes(void) { random_queries(2, 60, 9, 64); }

static void test_oracle_shapes(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = K(symx_array_input(ctx, "in", 2, 32));
  symx_expr *x = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32));
  symx_expr *y = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 1)))), 32));
  symx_expr *sum = K(symx_add(ctx, x, y));
  symx_expr *c7 = K(symx_const(ctx, 32, 7)), *c179 = K(symx_const(ctx, 32, 179));
  /* x <= y <= 7 and 179 < (y >>a x) - (x + y): the difference lies in -14..7 */
  symx_expr *q1[] = {K(symx_sle(ctx, x, y)), K(symx_sle(ctx, y, c7)),
                     K(symx_slt(ctx, c179, K(symx_sub(ctx, K(symx_ashr(ctx, y, x)), sum))))};
  /* y > 7 and 179 < -(x + y): the negation is negative */
  symx_expr *q2[] = {K(symx_slt(ctx, c7, y)), K(symx_slt(ctx, c179, K(symx_neg(ctx, sum))))};
  /* x ^ y <= 0 and x < x ^ y */
  symx_expr *xr = K(symx_xor(ctx, x, y));
  symx_expr *q3[] = {K(symx_sle(ctx, xr, K(symx_const(ctx, 32, 0)))), K(symx_slt(ctx, x, xr))};
  /* y == x + y with x >= 237: y would be at least 237 and x at most 18 */
  symx_expr *q4[] = {K(symx_eq(ctx, y, sum)), K(symx_sle(ctx, K(symx_const(ctx, 32, 237)), x))};
  /* x & 3 == 3 and ((x + 12) & 3) <= 2: known bits (the loops' masks) */
  symx_expr *k3 = K(symx_const(ctx, 32, 3));
  symx_expr *q5[] = {K(symx_eq(ctx, K(symx_and(ctx, x, k3)), k3)),
                     K(symx_ule(ctx, K(symx_and(ctx, K(symx_add(ctx, x, K(symx_const(ctx, 32, 12)))), k3)),
                                K(symx_const(ctx, 32, 2))))};
  /* (x ^ y) & 1 == 1 and y & 1 == 1 and x & 1 == 1 */
  symx_expr *k1 = K(symx_const(ctx, 32, 1));
  symx_expr *q6[] = {K(symx_eq(ctx, K(symx_and(ctx, xr, k1)), k1)), K(symx_eq(ctx, K(symx_and(ctx, y, k1)), k1)),
                     K(symx_eq(ctx, K(symx_and(ctx, x, k1)), k1))};
  symx_expr **qs[] = {q1, q2, q3, q4, q5, q6};
  size_t ns[] = {3, 2, 2, 2, 2, 3};
  for (int i = 0; i < 6; i++) {
    CHECK(!brute_sat(ctx, "in", 2, qs[i], ns[i]));
    if (sx_bounds_check(ctx, qs[i], ns[i], 0, NULL, NULL) != SYMX_UNSAT) fprintf(stderr, "  shape %d not refuted\n", i + 1);
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], ns[i], 0, NULL, NULL), SYMX_UNSAT);
  }
  /* the same with a satisfiable last constraint: never refuted */
  q1[2] = K(symx_slt(ctx, K(symx_sub(ctx, K(symx_ashr(ctx, y, x)), sum)), c179));
  q2[1] = K(symx_slt(ctx, K(symx_neg(ctx, sum)), c179));
  q5[1] = K(symx_uge(ctx, K(symx_and(ctx, K(symx_add(ctx, x, K(symx_const(ctx, 32, 12)))), k3)), k3));
  q6[2] = K(symx_eq(ctx, K(symx_and(ctx, x, k1)), K(symx_const(ctx, 32, 0))));
  static const int twins[] = {0, 1, 4, 5};
  for (int j = 0; j < 4; j++) {
    int i = twins[j];
    CHECK(brute_sat(ctx, "in", 2, qs[i], ns[i]));
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], ns[i], 0, NULL, NULL), SYMX_UNKNOWN);
  }
  keep_release();
  symx_ctx_free(ctx);
}

/* relational facts that intervals miss and a few byte splits refute */
static void test_split_shapes(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = K(symx_array_input(ctx, "in", 2, 32));
  symx_expr *x = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32));
  symx_expr *y = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 1)))), 32));
  symx_expr *k2 = K(symx_const(ctx, 32, 2)), *k3 = K(symx_const(ctx, 32, 3));
  /* y < x and x + y <= y (order: needs x == 0) */
  symx_expr *q1[] = {K(symx_slt(ctx, y, x)), K(symx_sle(ctx, K(symx_add(ctx, x, y)), y))};
  /* x & 3 == 2 and y == 3 + (x ^ y) (modular: the low bits disagree) */
  symx_expr *q2[] = {K(symx_eq(ctx, K(symx_and(ctx, x, k3)), k2)),
                     K(symx_eq(ctx, y, K(symx_add(ctx, k3, K(symx_xor(ctx, x, y))))))};
  symx_expr **qs[] = {q1, q2};
  for (int i = 0; i < 2; i++) {
    CHECK(!brute_sat(ctx, "in", 2, qs[i], 2));
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], 2, 0, NULL, NULL), SYMX_UNKNOWN);
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], 2, 32, NULL, NULL), SYMX_UNSAT);
  }
  /* satisfiable twins: the search gives a model, kept from start where free */
  q1[1] = K(symx_sle(ctx, K(symx_add(ctx, x, y)), K(symx_const(ctx, 32, 9))));
  q2[0] = K(symx_eq(ctx, K(symx_and(ctx, x, k3)), k3)); /* x = 7, y = 5 */
  for (int i = 0; i < 2; i++) {
    CHECK(brute_sat(ctx, "in", 2, qs[i], 2));
    sx_assign *m;
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], 2, 64, NULL, &m), SYMX_SAT);
    CHECK(sx_eval_all(ctx, qs[i], 2, m));
    symx_assign_free(m);
  }
  /* a read at a symbolic index is split too, but is not a model's byte */
  symx_expr *r = K(symx_zext(ctx, K(symx_read(ctx, in, x)), 32));
  symx_expr *q3[] = {K(symx_ult(ctx, x, K(symx_const(ctx, 32, 2)))), K(symx_eq(ctx, r, k3))};
  sx_assign *m = NULL;
  int rc = sx_bounds_check(ctx, q3, 2, 64, NULL, &m);
  CHECK(rc == SYMX_UNKNOWN || (rc == SYMX_SAT && sx_eval_all(ctx, q3, 2, m)));
  if (m) symx_assign_free(m);
  /* a zero budget is propagation alone; no model is asked for without a place for it */
  CHECK_EQ_U64(sx_bounds_check(ctx, q1, 2, 0, NULL, NULL), SYMX_UNKNOWN);
  CHECK_EQ_U64(sx_bounds_check(ctx, q1, 2, 64, NULL, NULL), SYMX_UNKNOWN);
  keep_release();
  symx_ctx_free(ctx);
}

/* a 16-bit little-endian load of entry i (i a 32-bit term) of table t */
static symx_expr *load16(symx_ctx *ctx, symx_expr *t, symx_expr *i) {
  symx_expr *at = K(symx_mul(ctx, K(symx_const(ctx, 32, 2)), i));
  symx_expr *hi = K(symx_read(ctx, t, K(symx_add(ctx, K(symx_const(ctx, 32, 1)), at))));
  return K(symx_concat(ctx, hi, K(symx_read(ctx, t, at))));
}

/* true when cond is refuted alone: then no input byte may satisfy it */
static bool refuted_soundly(symx_ctx *ctx, symx_expr *cond) {
  int rc = sx_bounds_refutes(ctx, cond);
  CHECK(rc == SYMX_UNSAT || rc == SYMX_UNKNOWN);
  if (rc == SYMX_UNSAT) CHECK(!brute_sat(ctx, "in", 1, &cond, 1));
  return rc == SYMX_UNSAT;
}

/*
** A scanner's lookups: a state read from one table indexes the next, and
** each index is in bounds because of the tables' contents, whatever the
** path; the loads' ranges refute the out-of-bounds conditions alone.
** Brute force over the input byte checks every refutation.
*/
static void test_table_shapes(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint8_t ec[256 * 4] = {0}, base[40 * 2], nxt[70 * 2];
  for (int c = 0; c < 256; c++) ec[4 * c] = (uint8_t)(c % 30); /* int entries, 0..29 */
  for (int s = 0; s < 40; s++) base[2 * s] = (uint8_t)(s + 1), base[2 * s + 1] = 0; /* 1..40 */
  for (int k = 0; k < 70; k++) nxt[2 * k] = (uint8_t)(k % 39), nxt[2 * k + 1] = (uint8_t)(k & 1); /* 39 + 256 tops */
  symx_expr *in = K(symx_array_input(ctx, "in", 1, 32));
  symx_expr *tec = K(symx_array_const(ctx, "ec", ec, sizeof ec, 32));
  symx_expr *tbase = K(symx_array_const(ctx, "base", base, sizeof base, 32));
  symx_expr *tnxt = K(symx_array_const(ctx, "nxt", nxt, sizeof nxt, 32));
  symx_expr *c = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32));
  symx_expr *cls = K(symx_zext(ctx, K(symx_read(ctx, tec, K(symx_mul(ctx, K(symx_const(ctx, 32, 4)), c)))), 32));
  symx_expr *state = K(symx_zext(ctx, load16(ctx, tbase, K(symx_urem(ctx, c, K(symx_const(ctx, 32, 40))))), 32));
  symx_expr *idx = K(symx_add(ctx, state, cls)); /* 1..69 */
  CHECK(refuted_soundly(ctx, K(symx_ult(ctx, K(symx_const(ctx, 32, 69)), idx))));
  CHECK(refuted_soundly(ctx, K(symx_eq(ctx, idx, K(symx_const(ctx, 32, 0))))));
  symx_expr *next = K(symx_zext(ctx, load16(ctx, tnxt, idx), 32)); /* 0..38 or 256..294 */
  CHECK(refuted_soundly(ctx, K(symx_ult(ctx, K(symx_const(ctx, 32, 294)), next))));
  /* reachable values are not refuted */
  CHECK(!refuted_soundly(ctx, K(symx_ult(ctx, K(symx_const(ctx, 32, 68)), idx))));
  CHECK(!refuted_soundly(ctx, K(symx_ult(ctx, K(symx_const(ctx, 32, 290)), next))));
  /* an index with an odd position possible straddles two entries: no
  ** refutation may come from the entries' range alone */
  symx_expr *odd = K(symx_urem(ctx, c, K(symx_const(ctx, 32, 139))));
  symx_expr *hi = K(symx_read(ctx, tnxt, K(symx_add(ctx, K(symx_const(ctx, 32, 1)), odd))));
  symx_expr *straddle = K(symx_zext(ctx, K(symx_concat(ctx, hi, K(symx_read(ctx, tnxt, odd)))), 32));
  CHECK(!refuted_soundly(ctx, K(symx_ult(ctx, K(symx_const(ctx, 32, 294)), straddle))));
  CHECK(symx_stat_get(ctx, "bounds_cond_unsat") == 3);
  keep_release();
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_table_shapes), CHECK_CASE(test_random_one_byte), CHECK_CASE(test_random_wide), CHECK_CASE(test_random_two_bytes), CHECK_CASE(test_oracle_shapes),
           CHECK_CASE(test_split_shapes))
