/*
** test_bounds.c — interval reasoning (src/solver/bounds.c) against brute
** force: random queries over one- and two-byte inputs, where every
** assignment can be tried, so a refutation is checked exactly (it must
** never refute a satisfiable query) and the refutations are counted; and
** the shapes met in the oracle programs (sums, differences, shifts and
** signed comparisons of zero-extended bytes, low-bit masks), refuted and,
** flipped to satisfiable, left alone.
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

static void random_queries(unsigned nbytes, int queries, uint64_t seed) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "b", nbytes, 32);
  rx_gen g;
  CHECK(rx_init(&g, ctx, seed, &in, 1) == 0);
  unsigned refuted = 0, unsat = 0, unsound = 0;
  for (int q = 0; q < queries; q++) {
    symx_expr *cs[5];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    int rc = sx_bounds_check(ctx, cs, n);
    CHECK(rc == SYMX_UNSAT || rc == SYMX_UNKNOWN);
    bool sat = brute_sat(ctx, "b", nbytes, cs, n);
    unsat += !sat;
    if (rc == SYMX_UNSAT) {
      refuted++;
      if (sat) {
        unsound++;
        char *s = symx_smt2_query(ctx, cs, n);
        fprintf(stderr, "  refuted a satisfiable query:\n%s\n", s);
        symx_string_free(ctx, s);
      }
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  %u-byte input: %u of %u unsatisfiable queries refuted\n", nbytes, refuted, unsat);
  CHECK_EQ_U64(unsound, 0);
  CHECK(refuted > 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "bounds_unsat"), refuted);
  rx_fini(&g);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

static void test_random_one_byte(void) { random_queries(1, 3000, 5); }

/* wide inputs and every width: z3 is the oracle */
static void test_random_wide(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *z = sx_backend_z3.create(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 21, NULL, 0) == 0);
  unsigned refuted = 0, unsound = 0;
  for (int q = 0; q < 800; q++) {
    symx_expr *cs[5];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    if (sx_bounds_check(ctx, cs, n) == SYMX_UNSAT) {
      refuted++;
      sx_assign *m = symx_assign_new(ctx);
      if (sx_backend_z3.check(z, cs, n, 0, m) == SYMX_SAT) unsound++;
      symx_assign_free(m);
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  wide inputs: %u refuted, %u of them satisfiable\n", refuted, unsound);
  CHECK(refuted > 0);
  CHECK_EQ_U64(unsound, 0);
  rx_fini(&g);
  sx_backend_z3.destroy(z);
  symx_ctx_free(ctx);
}
static void test_random_two_bytes(void) { random_queries(2, 60, 9); }

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
    if (sx_bounds_check(ctx, qs[i], ns[i]) != SYMX_UNSAT) fprintf(stderr, "  shape %d not refuted\n", i + 1);
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], ns[i]), SYMX_UNSAT);
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
    CHECK_EQ_U64(sx_bounds_check(ctx, qs[i], ns[i]), SYMX_UNKNOWN);
  }
  keep_release();
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_random_one_byte), CHECK_CASE(test_random_wide), CHECK_CASE(test_random_two_bytes), CHECK_CASE(test_oracle_shapes))
