/*
** test_engine_chain.c — the engine wired to the solver chain: each state's
** factors stay in step with its constraint list; in pending mode a pending
** state (and a would-be pending child) that a cached UNSAT subset makes
** infeasible dies without any backend query; a condition constant under
** the path does not fork; a revival runs the chain once.
*/
#include "check.h"
#include "engine/engine.h"

/* ---- in[0] compared with constants ---- */
static symx_expr *cmp(symx_ctx *ctx, symx_kind k, uint64_t c) {
  symx_expr *in = symx_array_input(ctx, "in", 2, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *kc = symx_const(ctx, 8, c), *e = symx_mk2(ctx, k, x, kc);
  symx_expr_release(in);
  symx_expr_release(x);
  symx_expr_release(kc);
  return e;
}

/* brute force over in[0]: whether some value satisfies every e[i] */
static bool feasible(symx_ctx *ctx, symx_expr *const *e, size_t n) {
  sx_assign *a = symx_assign_new(ctx);
  bool any = false;
  for (unsigned v = 0; v < 256 && !any; v++) {
    uint8_t b[2] = {(uint8_t)v, 0};
    symx_assign_set(a, "in", b, 2);
    any = sx_eval_all(ctx, e, n, a);
  }
  symx_assign_free(a);
  return any;
}

/* the factors hold exactly the literals of the constraint list */
static bool in_step(symx_ctx *ctx, sx_state *st) {
  sx_exprs all = {0};
  bool ok;
  sx_factors *f = sx_state_factors(&st->eng->pools, st, &ok); /* catch up first */
  ok = ok && sx_factors_relevant(ctx, f, NULL, &all) == SYMX_OK;
  size_t n = 0;
  for (const sx_clist *l = st->cs; ok && l; l = l->next, n++) {
    sx_expr *lit = sx_state_literal(ctx, l->c, l->neg);
    bool found = false;
    for (sx_expr **p = all.begin; p < all.end; p++) found |= *p == lit;
    ok = found;
    symx_expr_release(lit);
  }
  ok = ok && SX_SIZE(all) <= n;
  SX_RELEASE(ctx, all);
  return ok;
}

/* st is the last state: it ends, the run is done, the engine goes */
static void finish_last(symx_ctx *ctx, symx_engine *eng, symx_state *st) {
  CHECK(in_step(ctx, st));
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
  symx_engine_free(eng);
}

static void test_unsat_subset_kills(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "pending");
  symx_option_set_str(ctx, "search", "dfs");
  symx_option_set(ctx, "fastsat_cex_fork", 1); /* tier c at forks is what is tested */
  symx_option_set(ctx, "chain_bounds", 0);     /* intervals would refute x == 200 at once */
  symx_expr *lo = cmp(ctx, SYMX_K_ULT, 100), *hit = cmp(ctx, SYMX_K_EQ, 200);
  symx_expr *both[2] = {lo, hit};
  CHECK(!feasible(ctx, both, 2)); /* the oracle: x < 100 and x == 200 */

  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  symx_state *st, *t, *f;
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(symx_state_assume(st, lo) == SYMX_OK);
  /* nothing cached yet: the x == 200 side goes pending */
  CHECK(symx_state_branch(st, hit, &t, &f) == SYMX_OK);
  CHECK(f == st && t != NULL && symx_state_status(t) == SYMX_ST_PENDING);
  CHECK(in_step(ctx, st) && in_step(ctx, t));
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 0);

  /* someone else's query leaves the UNSAT subset in the context's cache */
  symx_solver *s = symx_solver_new(ctx, NULL);
  CHECK(symx_solver_check(s, both, 2, 0, NULL) == SYMX_UNSAT);
  symx_solver_free(s);
  uint64_t backend = symx_stat_get(ctx, "backend_queries");
  CHECK(backend >= 1);

  /* the pending state is selected for revival and dies without a backend */
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
  CHECK_EQ_U64(symx_stat_get(ctx, "pending_killed_no_solver"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat"), 0);
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_INFEASIBLE), 1);
  symx_engine_free(eng);

  /* a fork whose other side the cache proves infeasible forks nothing */
  eng = symx_engine_new(ctx);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(symx_state_assume(st, lo) == SYMX_OK);
  uint64_t forks = symx_stat_get(ctx, "forks");
  CHECK(symx_state_branch(st, hit, &t, &f) == SYMX_OK);
  CHECK(t == NULL && f == st);
  CHECK_EQ_U64(symx_stat_get(ctx, "forks"), forks);
  CHECK_EQ_U64(symx_stat_get(ctx, "pending_killed_no_solver"), 2);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
  symx_engine_free(eng);
  symx_expr_release(lo);
  symx_expr_release(hit);
  symx_ctx_free(ctx);
}

/* x == 7 on the path makes x < 10 constant: no fork, no query, every mode */
static void test_constant_under_path(void) {
  static const char *const modes[] = {"eager", "pending", "relaxed"};
  for (int m = 0; m < 3; m++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set_str(ctx, "mode", modes[m]);
    symx_option_set(ctx, "fastsat_cex_fork", 1);
    symx_expr *eq = cmp(ctx, SYMX_K_EQ, 7), *lt = cmp(ctx, SYMX_K_ULT, 10);
    symx_expr *path[2] = {eq, NULL};
    symx_expr *nlt = symx_bool_not(ctx, lt);
    path[1] = nlt;
    CHECK(!feasible(ctx, path, 2)); /* the oracle: the other side is empty */
    symx_engine *eng = symx_engine_new(ctx);
    CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
    symx_state *st, *t, *f;
    CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
    /* the zero witness misses x == 7; eager asks the chain; pending and
    ** relaxed find nothing in the caches (tier c is cache-only), so st is
    ** pending until its revival asks the chain; either way model repair
    ** finds x = 7 */
    int arc = symx_state_assume(st, eq);
    CHECK(arc == (m == 0 ? SYMX_OK : SYMX_UNKNOWN));
    if (arc == SYMX_UNKNOWN) CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
    CHECK(symx_stat_get(ctx, "repair_hits") >= 1);
    uint64_t backend = symx_stat_get(ctx, "backend_queries");
    CHECK_EQ_U64(backend, 0);
    CHECK(symx_state_branch(st, lt, &t, &f) == SYMX_OK);
    CHECK(t == st && f == NULL);
    CHECK_EQ_U64(symx_stat_get(ctx, "forks"), 0);
    CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
    finish_last(ctx, eng, st);
    symx_expr_release(nlt);
    symx_expr_release(eq);
    symx_expr_release(lt);
    symx_ctx_free(ctx);
  }
}

/*
** A pending state the caches cannot decide is revived by one run of the
** chain: repair is tried once (not once by a lookup and again by the
** query), the backend decides, and its model is checked once.
*/
static void test_revival_runs_chain_once(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "pending");
  symx_option_set_str(ctx, "search", "dfs");
  symx_option_set(ctx, "chain_bounds", 0);  /* intervals would find x = 200 */
  symx_option_set(ctx, "repair_budget", 0); /* repair is tried, and misses */
  symx_expr *hit = cmp(ctx, SYMX_K_EQ, 200);
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  symx_state *st, *t, *f;
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(symx_state_branch(st, hit, &t, &f) == SYMX_OK);
  CHECK(f == st && t != NULL && symx_state_status(t) == SYMX_ST_PENDING);
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 0);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(st == t);
  CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "solver_queries"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "repair_misses"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "model_checks"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "chain_lookups"), 0);
  finish_last(ctx, eng, st);
  symx_expr_release(hit);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_unsat_subset_kills), CHECK_CASE(test_constant_under_path),
           CHECK_CASE(test_revival_runs_chain_once))
