/*
** test_repair.c — model repair (src/solver/repair.c) and the backends'
** UNSAT cores, both against Z3 as the oracle:
**  - random queries from random start assignments: every SAT answer of
**    repair satisfies the query under the evaluator, and repair never
**    answers on a query Z3 proves UNSAT;
**  - one constraint per invertible operator, solved from the zero
**    assignment, so each inversion rule is exercised;
**  - a zero budget never answers;
**  - the UNSAT cores of cadical (with and without shrinking) and of z3 are
**    subsets of their queries that Z3 proves UNSAT on their own.
*/
#include "check.h"
#include "keep.h"
#include "randexpr.h"
#include "solver/backend.h"
#include "solver/repair.h"

/* Z3's answer; ms > 0: UNKNOWN after ms milliseconds (one random query
** costs Z3 18 s: the checks below hold whatever Z3 leaves undecided) */
static int z3_answer(symx_ctx *ctx, sx_backend *b, sx_expr *const *cs, size_t n, unsigned ms) {
  sx_assign *m = symx_assign_new(ctx);
  int rc = sx_backend_z3.check(b, cs, n, ms ? sx_now_ns() + ms * 1000000ull : 0, m);
  symx_assign_free(m);
  return rc;
}

static void test_random_queries(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *z = sx_backend_z3.create(ctx);
  rx_gen g;
  symx_expr *in[3];
  size_t nin = rx_default_inputs(ctx, in);
  CHECK(nin == 3 && rx_init(&g, ctx, 41, in, nin) == 0);
  unsigned sat = 0, undecided = 0, hits = 0, wrong_models = 0, unsat_answered = 0;
  for (int q = 0; q < 600; q++) {
    symx_expr *cs[6];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 5), 1 + (int)rx_below(&g, 2));
    sx_assign *start = q % 3 ? rx_assign(&g) : NULL;
    sx_assign *out;
    int rc = sx_repair(ctx, cs, n, start, 1024, &out);
    int orc = z3_answer(ctx, z, cs, n, 1000);
    CHECK(rc == SYMX_SAT || rc == SYMX_UNKNOWN);
    sat += orc == SYMX_SAT;
    undecided += orc == SYMX_UNKNOWN;
    if (rc == SYMX_SAT) {
      hits++;
      if (!sx_eval_all(ctx, cs, n, out)) wrong_models++;
      if (orc == SYMX_UNSAT) unsat_answered++;
      symx_assign_free(out);
    } else {
      CHECK(out == NULL);
    }
    if (start) symx_assign_free(start);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  CHECK_EQ_U64(wrong_models, 0);
  CHECK_EQ_U64(unsat_answered, 0);
  /* local search does not find everything, but it must find something */
  CHECK(hits > 0 && hits <= sat + undecided);
  fprintf(stderr, "  repair answered %u of %u satisfiable random queries (%u undecided by z3 in 1 s)\n",
          hits, sat, undecided);
  CHECK_EQ_U64(symx_stat_get(ctx, "repair_hits"), hits);
  rx_fini(&g);
  for (size_t i = 0; i < nin; i++) symx_expr_release(in[i]);
  sx_backend_z3.destroy(z);
  symx_ctx_free(ctx);
}

/* op(x) == k over a 4-byte input x, from all-zero bytes */
static void test_each_inversion(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *arr = K(symx_array_input(ctx, "x", 4, 32));
  symx_expr *b0 = K(symx_read(ctx, arr, K(symx_const(ctx, 32, 0))));
  symx_expr *b1 = K(symx_read(ctx, arr, K(symx_const(ctx, 32, 1))));
  symx_expr *w32 = K(symx_concat(ctx, K(symx_concat(ctx, K(symx_read(ctx, arr, K(symx_const(ctx, 32, 3)))),
                                                K(symx_read(ctx, arr, K(symx_const(ctx, 32, 2)))))),
                               K(symx_concat(ctx, b1, b0))));
  symx_expr *z = K(symx_zext(ctx, b0, 32)), *s = K(symx_sext(ctx, b1, 32));
  symx_expr *k32 = K(symx_const(ctx, 32, 0x12345)), *k8 = K(symx_const(ctx, 8, 0xa7));
  symx_expr *written = K(symx_read(ctx, K(symx_array_write(ctx, arr, K(symx_const(ctx, 32, 2)), K(symx_add(ctx, b1, K(symx_const(ctx, 8, 1)))))),
                                 K(symx_const(ctx, 32, 2))));
  symx_expr *cs[] = {
      K(symx_eq(ctx, K(symx_add(ctx, w32, k32)), K(symx_const(ctx, 32, 7)))),
      K(symx_eq(ctx, K(symx_sub(ctx, k32, w32)), K(symx_const(ctx, 32, 99)))),
      K(symx_eq(ctx, K(symx_xor(ctx, w32, k32)), K(symx_const(ctx, 32, 0xdead)))),
      K(symx_eq(ctx, K(symx_not(ctx, z)), K(symx_const(ctx, 32, 0xffffff10)))),
      K(symx_eq(ctx, K(symx_neg(ctx, w32)), K(symx_const(ctx, 32, 5)))),
      K(symx_eq(ctx, K(symx_mul(ctx, w32, K(symx_const(ctx, 32, 7)))), K(symx_const(ctx, 32, 0x1234567)))),
      K(symx_eq(ctx, s, K(symx_const(ctx, 32, 0xffffff80)))),
      K(symx_eq(ctx, K(symx_extract(ctx, w32, 23, 16)), k8)),
      K(symx_eq(ctx, K(symx_and(ctx, w32, K(symx_const(ctx, 32, 0xff00)))), K(symx_const(ctx, 32, 0x4200)))),
      K(symx_eq(ctx, K(symx_or(ctx, z, K(symx_const(ctx, 32, 1)))), K(symx_const(ctx, 32, 0x81)))),
      K(symx_eq(ctx, K(symx_shl(ctx, w32, K(symx_const(ctx, 32, 4)))), K(symx_const(ctx, 32, 0x1230)))),
      K(symx_eq(ctx, K(symx_lshr(ctx, w32, K(symx_const(ctx, 32, 8)))), K(symx_const(ctx, 32, 0x1234)))),
      K(symx_eq(ctx, K(symx_ite(ctx, K(symx_ult(ctx, b0, k8)), z, s)), K(symx_const(ctx, 32, 0x33)))),
      K(symx_eq(ctx, written, K(symx_const(ctx, 8, 0x10)))),
      K(symx_slt(ctx, s, K(symx_const(ctx, 32, (uint64_t)-3)))),
      K(symx_ugt(ctx, w32, K(symx_const(ctx, 32, 0xfffffff0)))),
      K(symx_bool_not(ctx, K(symx_eq(ctx, z, K(symx_const(ctx, 32, 0)))))),
      K(symx_bool_and(ctx, K(symx_ule(ctx, z, K(symx_const(ctx, 32, 3)))), K(symx_uge(ctx, z, K(symx_const(ctx, 32, 1)))))),
  };
  size_t n = sizeof cs / sizeof *cs;
  for (size_t i = 0; i < n; i++) {
    CHECK(cs[i] != NULL);
    sx_assign *out = NULL;
    int rc = sx_repair(ctx, &cs[i], 1, NULL, 1024, &out);
    if (rc != SYMX_SAT) {
      char *str = symx_expr_str(ctx, cs[i]);
      fprintf(stderr, "  constraint %zu not repaired: %s\n", i, str);
      symx_string_free(ctx, str);
    }
    CHECK_EQ_U64(rc, SYMX_SAT);
    if (out) {
      CHECK(sx_eval(ctx, cs[i], out) == 1);
      symx_assign_free(out);
    }
  }
  /* two constraints on one byte: a window only both together allow */
  symx_expr *both[2] = {K(symx_ugt(ctx, b0, K(symx_const(ctx, 8, 40)))), K(symx_ult(ctx, b0, K(symx_const(ctx, 8, 43))))};
  sx_assign *out = NULL;
  CHECK_EQ_U64(sx_repair(ctx, both, 2, NULL, 1024, &out), SYMX_SAT);
  CHECK(out && sx_eval_all(ctx, both, 2, out));
  symx_assign_free(out);
  /* a zero budget never answers */
  CHECK_EQ_U64(sx_repair(ctx, both, 2, NULL, 0, &out), SYMX_UNKNOWN);
  CHECK(out == NULL && symx_stat_get(ctx, "repair_misses") >= 1);
  keep_release();
  symx_ctx_free(ctx);
}

/* backend vt's cores: subsets that are UNSAT alone */
static void check_cores(const sx_backend_vt *vt, int core_min) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "cadical_core_min", core_min);
  sx_backend *b = vt->create(ctx), *z = sx_backend_z3.create(ctx);
  rx_gen g;
  symx_expr *in[3];
  size_t nin = rx_default_inputs(ctx, in);
  CHECK(nin == 3 && rx_init(&g, ctx, 77, in, nin) == 0);
  unsigned unsat = 0, cores = 0, smaller = 0, bad = 0;
  for (int q = 0; q < 300; q++) {
    symx_expr *cs[8], *sub[8];
    size_t n = rx_query(&g, cs, 2 + (size_t)rx_below(&g, 7), 1);
    sx_assign *m = symx_assign_new(ctx);
    int rc = vt->check(b, cs, n, 0, m);
    symx_assign_free(m);
    if (rc == SYMX_UNSAT) {
      unsat++;
      bool in_core[8];
      if (vt->core(b, in_core, n)) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
          if (in_core[i]) sub[k++] = cs[i];
        cores++;
        smaller += k < n;
        if (!k || z3_answer(ctx, z, sub, k, 0) != SYMX_UNSAT) bad++;
        CHECK(!vt->core(b, in_core, n)); /* read once */
      }
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr, "  %s (core_min %d): %u unsat, %u cores, %u smaller than the query\n", vt->name,
          core_min, unsat, cores, smaller);
  CHECK(unsat > 20);
  CHECK_EQ_U64(cores, unsat);
  CHECK(smaller > 0);
  CHECK_EQ_U64(bad, 0);
  rx_fini(&g);
  for (size_t i = 0; i < nin; i++) symx_expr_release(in[i]);
  vt->destroy(b);
  sx_backend_z3.destroy(z);
  symx_ctx_free(ctx);
}

static void test_cores(void) {
  check_cores(&sx_backend_cadical, 0);
  check_cores(&sx_backend_cadical, 8);
  check_cores(&sx_backend_z3, 0);
}

CHECK_MAIN(CHECK_CASE(test_random_queries), CHECK_CASE(test_each_inversion), CHECK_CASE(test_cores))
