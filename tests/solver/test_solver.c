/* tests/solver/test_solver.c — the solver object: misuse, trivial answers,
** statistics, models of every input a query reads (small and huge inputs),
** timeouts and the stop flag, the evaluator check of every model and the
** validate_solver cross-check (with deliberately wrong backends), deep
** DAGs, and Z3's memory staying bounded over many queries. */
#include "check.h"
#include "factoring.h"
#include "chain_off.h"
#include "randexpr.h"
#include "solver/solver.h"

#include <pthread.h>
#include <time.h>
#include <z3.h>

/* The dummy backend (KLEE's --solver-backend=dummy): every query that
** reaches it is unknown; constant queries are still answered above it, a
** validate_solver cross-check does not pick it, and the chain's own layers
** may still answer. */
static void test_dummy(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK_STR_CONTAINS(symx_solver_backends(), "dummy");
  chain_layers(ctx, 0);
  symx_solver *s = symx_solver_new(ctx, "dummy");
  CHECK(s != NULL);
  symx_expr *x = symx_var(ctx, "x", 8), *k = symx_const(ctx, 8, 9);
  symx_expr *sq = symx_mul(ctx, x, x), *c = symx_eq(ctx, sq, k);
  symx_expr *t = symx_true(ctx), *f = symx_false(ctx);
  symx_assign *m = (symx_assign *)1;
  CHECK(symx_solver_check(s, &c, 1, 0, &m) == SYMX_UNKNOWN);
  CHECK(m == NULL);
  CHECK(symx_solver_check(s, &t, 1, 0, NULL) == SYMX_SAT);
  CHECK(symx_solver_check(s, &f, 1, 0, NULL) == SYMX_UNSAT);
  CHECK(symx_stat_get(ctx, "backend_unknown") == 1);
  /* cross-checked answers: only by the deciding backends */
  CHECK(symx_option_set(ctx, "validate_solver", 1) == SYMX_OK);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_UNKNOWN);
  symx_solver_free(s);
  s = symx_solver_new(ctx, "z3");
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_SAT); /* checked by cadical */
  symx_solver_free(s);
  CHECK(symx_option_set_str(ctx, "solver", "dummy") == SYMX_OK);
  s = symx_solver_new(ctx, NULL);
  CHECK(s != NULL && symx_solver_check(s, &c, 1, 0, NULL) == SYMX_UNKNOWN);
  symx_solver_free(s);
  symx_expr *all[] = {x, k, sq, c, t, f};
  for (size_t i = 0; i < 6; i++) symx_expr_release(all[i]);
  symx_ctx_free(ctx);
}

static void test_misuse(void) {
  symx_ctx *ctx = symx_ctx_new(), *other = symx_ctx_new();
  CHECK(symx_solver_new(NULL, "z3") == NULL);
  CHECK(symx_solver_new(ctx, "no-such-backend") == NULL);
  CHECK(symx_errcode(ctx) == SYMX_NOTFOUND);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_solver_new");
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "no-such-backend");
  CHECK_STR_CONTAINS(symx_solver_backends(), "z3");
  CHECK_STR_CONTAINS(symx_solver_backends(), "cadical");
  symx_solver *s = symx_solver_new(ctx, NULL); /* the "solver" option */
  CHECK(s != NULL);
  symx_solver_free(s);
  symx_solver_free(NULL);
  s = z3_direct(ctx);
  symx_expr *x = symx_var(ctx, "x", 8), *ox = symx_var(other, "x", 8);
  symx_expr *zero = symx_const(ctx, 8, 0);
  symx_expr *c = symx_ult(ctx, zero, x), *oc = symx_ult(other, ox, ox);
  symx_assign *m = (symx_assign *)1;
  CHECK(symx_solver_check(NULL, &c, 1, 0, &m) == SYMX_MISUSE);
  CHECK(symx_solver_check(s, NULL, 1, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_solver_check");
  symx_expr *with_null[2] = {c, NULL};
  CHECK(symx_solver_check(s, with_null, 2, 0, &m) == SYMX_MISUSE);
  CHECK(m == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_solver_check: constraint 1 is NULL");
  CHECK(symx_solver_check(s, &x, 1, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_solver_check: constraint 0 has width 8");
  symx_expr *mixed[2] = {c, oc};
  CHECK(symx_solver_check(s, mixed, 2, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "another context");
  CHECK(symx_stat_get(ctx, "solver_queries") == 0); /* misuse is not a query */
  /* the internal entry reports under its own name */
  CHECK(sx_solver_check(s, &x, 1, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "sx_solver_check");
  CHECK(symx_solver_check(s, &c, 1, 0, &m) == SYMX_SAT);
  CHECK(symx_assign_satisfies(ctx, m, &c, 1) == 1);
  symx_assign_free(m);
  symx_expr *all[] = {x, zero, c};
  for (size_t i = 0; i < 3; i++) symx_expr_release(all[i]);
  symx_expr_release(ox);
  symx_expr_release(oc);
  symx_solver_free(s);
  symx_ctx_free(ctx);
  symx_ctx_free(other);
}

static void test_trivial_and_stats(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_assign *m = NULL;
  CHECK(symx_solver_check(s, NULL, 0, 0, &m) == SYMX_SAT);
  CHECK(m != NULL && symx_assign_count(m) == 0);
  symx_assign_free(m);
  symx_expr *t = symx_true(ctx), *f = symx_false(ctx);
  symx_expr *x = symx_var(ctx, "x", 16);
  symx_expr *k = symx_const(ctx, 16, 1234);
  symx_expr *eq = symx_eq(ctx, x, k);
  symx_expr *q1[] = {t, eq, t};
  symx_expr *q2[] = {eq, f};
  CHECK(symx_solver_check(s, q2, 2, 0, NULL) == SYMX_UNSAT);
  CHECK(symx_stat_get(ctx, "backend_queries") == 0); /* constant false: no backend */
  CHECK(symx_solver_check(s, q1, 3, 0, &m) == SYMX_SAT);
  uint64_t v = 0;
  CHECK(symx_eval(ctx, x, m, &v) == SYMX_OK && v == 1234);
  size_t len = 0;
  CHECK(symx_assign_get(m, "x", &len) != NULL && len == 2); /* every byte of x */
  symx_assign_free(m);
  CHECK(symx_stat_get(ctx, "solver_queries") == 3);
  CHECK(symx_stat_get(ctx, "backend_queries") == 1);
  CHECK(symx_stat_get(ctx, "backend_sat") == 1);
  CHECK(symx_stat_get(ctx, "backend_unsat") == 0);
  CHECK(symx_stat_get(ctx, "backend_time_ns") > 0);
  CHECK(symx_stat_get(ctx, "solver_time_ns") >= symx_stat_get(ctx, "backend_time_ns"));
  symx_expr *ne = symx_ne(ctx, x, k);
  symx_expr *q3[] = {eq, ne};
  CHECK(symx_solver_check(s, q3, 2, 0, NULL) == SYMX_UNSAT);
  CHECK(symx_stat_get(ctx, "backend_unsat") == 1);
  symx_expr *all[] = {t, f, x, k, eq, ne};
  for (size_t i = 0; i < 6; i++) symx_expr_release(all[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* Models bind every byte of small inputs; inputs above 1 MiB get the bytes
** their reads need, and out-of-range reads of an input read 0. */
static void test_models_of_inputs(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_expr *a = symx_array_input(ctx, "small", 40, 32);
  symx_expr *big = symx_array_input(ctx, "big", (uint64_t)1 << 32, 32);
  symx_expr *i5 = symx_const(ctx, 32, 5), *seven = symx_const(ctx, 8, 7);
  symx_expr *r5 = symx_read(ctx, a, i5);
  symx_expr *c1 = symx_eq(ctx, r5, seven);
  /* big[j] == 7 with j = small[0..3] read little-endian, and j > 1000 */
  symx_expr *j = symx_read_le(ctx, a, 0, 4);
  symx_expr *rj = symx_read(ctx, big, j);
  symx_expr *c2 = symx_eq(ctx, rj, seven);
  symx_expr *k1000 = symx_const(ctx, 32, 1000);
  symx_expr *c3 = symx_ugt(ctx, j, k1000);
  /* an out-of-range read of small reads 0: small[100] != 0 is unsat */
  symx_expr *i100 = symx_const(ctx, 32, 100), *zero8 = symx_const(ctx, 8, 0);
  symx_expr *r100 = symx_read(ctx, a, i100);
  symx_expr *c4 = symx_ne(ctx, r100, zero8);
  symx_expr *cs[] = {c1, c2, c3};
  symx_assign *m = NULL;
  CHECK(symx_solver_check(s, cs, 3, 0, &m) == SYMX_SAT);
  size_t len = 0;
  CHECK(symx_assign_get(m, "small", &len) != NULL && len == 40);
  CHECK(symx_assign_get(m, "big", &len) != NULL);
  CHECK(symx_assign_satisfies(ctx, m, cs, 3) == 1);
  symx_assign_free(m);
  CHECK(symx_solver_check(s, &c4, 1, 0, NULL) == SYMX_UNSAT);
  /* a symbolic out-of-range index reads 0 as well */
  symx_expr *j8 = symx_read(ctx, a, j);
  symx_expr *c5 = symx_ne(ctx, j8, zero8);
  symx_expr *k40 = symx_const(ctx, 32, 40);
  symx_expr *c6 = symx_uge(ctx, j, k40);
  symx_expr *q[] = {c5, c6};
  CHECK(symx_solver_check(s, q, 2, 0, NULL) == SYMX_UNSAT);
  /* ... unless a write in the chain hits it */
  symx_expr *w = symx_array_write(ctx, a, j, seven);
  symx_expr *wj = symx_read(ctx, w, j);
  symx_expr *c7 = symx_eq(ctx, wj, seven);
  symx_expr *q2[] = {c7, c6};
  CHECK(symx_solver_check(s, q2, 2, 0, &m) == SYMX_SAT);
  CHECK(symx_assign_satisfies(ctx, m, q2, 2) == 1);
  symx_assign_free(m);
  CHECK(symx_stat_get(ctx, "model_check_failures") == 0);
  symx_expr *all[] = {a, big, i5, seven, r5, c1, j, rj, c2, k1000, c3, i100, zero8, r100, c4,
                      j8, c5, k40, c6, w, wj, c7};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

static void test_timeout(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_expr *c = factoring(ctx);
  symx_assign *m = NULL;
  /* factoring a 62-bit semiprime takes any backend far longer than 1 ms, so
  ** a timeout that is honoured answers UNKNOWN whatever the machine's load */
  int rc = symx_solver_check(s, &c, 1, 1, &m);
  CHECK_EQ_U64(rc, SYMX_UNKNOWN);
  CHECK(m == NULL);
  /* the option path: solver_timeout = 1 ms */
  CHECK(symx_option_set(ctx, "solver_timeout", 1) == SYMX_OK);
  rc = symx_solver_check(s, &c, 1, 0, NULL);
  CHECK_EQ_U64(rc, SYMX_UNKNOWN);
  CHECK(symx_option_set(ctx, "solver_timeout", 0) == SYMX_OK);
  /* the solver still answers afterwards */
  symx_expr *f = symx_var(ctx, "fx", 32), *k = symx_const(ctx, 32, 9);
  symx_expr *e = symx_eq(ctx, f, k);
  CHECK(symx_solver_check(s, &e, 1, 0, NULL) == SYMX_SAT);
  symx_expr_release(f);
  symx_expr_release(k);
  symx_expr_release(e);
  symx_expr_release(c);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

static void *interrupt_later(void *arg) {
  struct timespec ts = {0, 50 * 1000000L};
  nanosleep(&ts, NULL);
  symx_ctx_interrupt(arg);
  return NULL;
}

static void test_interrupt(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_expr *c = factoring(ctx);
  symx_ctx_interrupt(ctx);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_UNKNOWN);
  CHECK(symx_stat_get(ctx, "backend_queries") == 0);
  symx_ctx_resume(ctx);
  /* the stop flag set while Z3 runs (60 s timeout as a safety net) */
  pthread_t t;
  CHECK(pthread_create(&t, NULL, interrupt_later, ctx) == 0);
  symx_assign *m = NULL;
  int rc = symx_solver_check(s, &c, 1, 60000, &m);
  pthread_join(t, NULL);
  CHECK_EQ_U64(rc, SYMX_UNKNOWN); /* the query outlasts the 60 s safety net otherwise */
  CHECK(m == NULL);
  symx_ctx_resume(ctx);
  symx_expr *f = symx_var(ctx, "fx", 32), *k = symx_const(ctx, 32, 9);
  symx_expr *e = symx_eq(ctx, f, k);
  CHECK(symx_solver_check(s, &e, 1, 0, NULL) == SYMX_SAT);
  symx_expr *all[] = {f, k, e, c};
  for (size_t i = 0; i < 4; i++) symx_expr_release(all[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* ---- wrong backends, to see the checks catch them ---- */

struct sx_backend {
  symx_ctx *ctx;
};
static sx_backend *fake_create(symx_ctx *ctx) {
  sx_backend *b = malloc(sizeof *b);
  b->ctx = ctx;
  return b;
}
static void fake_destroy(sx_backend *b) { free(b); }
/* claims SAT with an empty model (every byte 0) */
static int liar_sat(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t d, sx_assign *m) {
  SX_UNUSED(b), SX_UNUSED(cs), SX_UNUSED(n), SX_UNUSED(d), SX_UNUSED(m);
  return SYMX_SAT;
}
static int liar_unsat(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t d, sx_assign *m) {
  SX_UNUSED(b), SX_UNUSED(cs), SX_UNUSED(n), SX_UNUSED(d), SX_UNUSED(m);
  return SYMX_UNSAT;
}
static const sx_backend_vt liar_sat_vt = {"liar-sat", fake_create, fake_destroy, liar_sat, NULL, 0};
static const sx_backend_vt liar_unsat_vt = {"liar-unsat", fake_create, fake_destroy, liar_unsat, NULL, 0};

static void test_wrong_backends_caught(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  const sx_backend_vt *z3vt = s->vt;
  sx_backend *z3b = s->b;
  symx_expr *x = symx_var(ctx, "x", 8), *k = symx_const(ctx, 8, 3);
  symx_expr *c = symx_eq(ctx, x, k);
  /* a model that violates the query */
  s->vt = &liar_sat_vt;
  s->b = fake_create(ctx);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "liar-sat returned a model that violates the query");
  CHECK(symx_stat_get(ctx, "model_check_failures") == 1);
  fake_destroy(s->b);
  /* validate_solver: a wrong UNSAT is caught by Z3 */
  s->vt = &liar_unsat_vt;
  s->b = fake_create(ctx);
  s->check_vt = z3vt;
  s->check_b = z3b;
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_UNSAT); /* not validating */
  CHECK(symx_option_set(ctx, "validate_solver", 1) == SYMX_OK);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "backends disagree: liar-unsat says unsat, z3 says sat");
  symx_expr_release(x);
  symx_expr_release(k);
  symx_expr_release(c);
  symx_solver_free(s); /* frees the fake and Z3 (as the checker) */
  symx_ctx_free(ctx);
}

/* validate_solver with the real backends: Z3 and CaDiCaL agree. */
static void test_validate_solver(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set(ctx, "validate_solver", 1) == SYMX_OK);
  symx_solver *s = z3_direct(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 99, NULL, 0) == 0);
  int errors = 0;
  for (int q = 0, nq = check_cases(60); q < nq; q++) {
    symx_expr *cs[4];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    int rc = symx_solver_check(s, cs, n, 0, NULL);
    if (rc < SYMX_SAT) {
      errors++;
      fprintf(stderr, "  query %d: %s\n", q, symx_errmsg(ctx));
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  CHECK(errors == 0);
  /* every query that reached a backend reached both */
  CHECK(symx_stat_get(ctx, "backend_queries") > 0);
  CHECK(symx_stat_get(ctx, "backend_queries") % 2 == 0);
  rx_fini(&g);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* validate_solver behind every layer of the chain (repair, intervals,
** caches, cores): z3 and cadical agree with each answer, whichever layer
** gave it */
static void test_validate_chain(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set(ctx, "validate_solver", 1) == SYMX_OK);
  symx_solver *s = symx_solver_new(ctx, "cadical");
  rx_gen g;
  CHECK(rx_init(&g, ctx, 123, NULL, 0) == 0);
  int errors = 0;
  for (int q = 0, nq = check_cases(150); q < nq; q++) {
    symx_expr *cs[4];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 1 + (int)rx_below(&g, 3));
    if (symx_solver_check(s, cs, n, 0, NULL) < SYMX_SAT) {
      errors++;
      fprintf(stderr, "  query %d: %s\n", q, symx_errmsg(ctx));
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  CHECK(errors == 0);
  CHECK(symx_stat_get(ctx, "repair_hits") + symx_stat_get(ctx, "bounds_unsat") > 0);
  rx_fini(&g);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* Z3 errors (here: a malformed node built with the raw constructor) become
** SYMX_SOLVER errors, never an exit, and the backend recovers. */
static void test_z3_errors(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_option_set(ctx, "narrow", 0); /* the raw nodes reach z3 as built */
  symx_expr *x = symx_var(ctx, "x", 8);
  /* extract bits 40..3 of an 8-bit value: Z3 rejects it */
  sx_expr *bad = sx_expr_make(ctx, SYMX_K_EXTRACT, 38, 1, &x, 40, 3, "test");
  sx_expr *k = symx_const(ctx, 38, 1);
  sx_expr *c = symx_eq(ctx, bad, k);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "z3: ");
  /* an unknown kind */
  sx_expr *odd = sx_expr_make(ctx, SYMX_K_COUNT_ + 3, 1, 1, &x, 0, 0, "test");
  CHECK(symx_solver_check(s, &odd, 1, 0, NULL) == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "cannot translate");
  symx_expr *seven = symx_const(ctx, 8, 7), *ok = symx_eq(ctx, x, seven);
  CHECK(symx_solver_check(s, &ok, 1, 0, NULL) == SYMX_SAT);
  symx_expr *all[] = {x, bad, k, c, odd, seven, ok};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* Deep DAGs translate without recursion: a 20000-long write chain read at
** a constant index, and a 20000-deep nest of Boolean connectives. */
static void test_deep_dag(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set(ctx, "rewrite", 0) == SYMX_OK);
  symx_solver *s = z3_direct(ctx);
  const unsigned n = 20000;
  symx_expr *x = symx_var(ctx, "x", 32), *mem = symx_array_input(ctx, "mem", 1 << 16, 32);
  symx_expr *x8 = symx_extract(ctx, x, 7, 0);
  symx_expr *arr = symx_expr_retain(mem), *acc = symx_true(ctx);
  for (unsigned i = 0; i < n; i++) {
    symx_expr *ci = symx_const(ctx, 32, i % 4096), *c8 = symx_const(ctx, 8, i & 0xff);
    symx_expr *w = symx_array_write(ctx, arr, ci, i % 3 ? c8 : x8);
    symx_expr *ne = symx_ne(ctx, x, ci);
    symx_expr *a = i % 2 ? symx_bool_and(ctx, acc, ne) : symx_bool_or(ctx, ne, acc);
    symx_expr *all[] = {ci, c8, ne, arr, acc};
    for (size_t k = 0; k < 5; k++) symx_expr_release(all[k]);
    arr = w;
    acc = a;
  }
  symx_expr *i7 = symx_const(ctx, 32, 4095), *r = symx_read(ctx, arr, i7);
  symx_expr *k = symx_const(ctx, 8, 0x55), *c = symx_eq(ctx, r, k);
  symx_expr *cs[] = {c, acc};
  symx_assign *m = NULL;
  int rc = symx_solver_check(s, cs, 2, 0, &m);
  CHECK(rc == SYMX_SAT);
  if (rc == SYMX_SAT) CHECK(symx_assign_satisfies(ctx, m, cs, 2) == 1);
  symx_assign_free(m);
  symx_expr *all[] = {x, mem, x8, arr, acc, i7, r, k, c};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* Many queries on one backend: Z3's memory and ours stay bounded. */
static void test_memory_bounded(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  symx_expr *x = symx_var(ctx, "x", 32), *y = symx_var(ctx, "y", 16);
  uint64_t z3_early = 0, ours_early = 0;
  const int n = 1300; /* the Z3 context is recreated after 1000 */
  for (int q = 0; q < n; q++) {
    symx_expr *k = symx_const(ctx, 32, (uint64_t)q * 2654435761u), *y32 = symx_zext(ctx, y, 32);
    symx_expr *sum = symx_add(ctx, x, y32), *c = symx_ult(ctx, k, sum);
    symx_assign *m = NULL;
    CHECK(symx_solver_check(s, &c, 1, 0, &m) == SYMX_SAT);
    symx_assign_free(m);
    symx_expr *all[] = {k, y32, sum, c};
    for (size_t i = 0; i < 4; i++) symx_expr_release(all[i]);
    if (q == 300) {
      z3_early = Z3_get_estimated_alloc_size();
      ours_early = symx_stat_get(ctx, "bytes_in_use");
    }
  }
  uint64_t z3_late = Z3_get_estimated_alloc_size(), ours_late = symx_stat_get(ctx, "bytes_in_use");
  fprintf(stderr, "  Z3 bytes after 300 queries %" PRIu64 ", after %d: %" PRIu64 "\n", z3_early, n,
          z3_late);
  CHECK(z3_late < 2 * z3_early + (4u << 20));
  CHECK(ours_late < 2 * ours_early + (1u << 20));
  symx_expr_release(x);
  symx_expr_release(y);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_misuse), CHECK_CASE(test_dummy), CHECK_CASE(test_trivial_and_stats), CHECK_CASE(test_models_of_inputs),
           CHECK_CASE(test_timeout), CHECK_CASE(test_interrupt), CHECK_CASE(test_wrong_backends_caught),
           CHECK_CASE(test_validate_solver), CHECK_CASE(test_validate_chain), CHECK_CASE(test_z3_errors),
           CHECK_CASE(test_deep_dag), CHECK_CASE(test_memory_bounded))
