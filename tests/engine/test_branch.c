/*
** test_branch.c — step 1 of a branch: a condition the path already holds
** (or whose negation it holds) forks nothing, in every mode; a fresh one
** forks as before. forks_new counts the forks of branches tagged new (by
** symx_state_set_site, once, or by their condition) and no others.
*/
#include "check.h"
#include "engine/engine.h"

/* in[0] > 50, the shape of a pointer choice's in-bounds condition */
static symx_expr *gt50(symx_ctx *ctx) {
  symx_expr *in = symx_array_input(ctx, "in", 1, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *k = symx_const(ctx, 8, 50), *e = symx_ugt(ctx, x, k);
  symx_expr_release(in); symx_expr_release(x); symx_expr_release(k);
  return e;
}

/* a new engine in mode and its first state */
static symx_state *first_state(const char *mode, symx_ctx **ctx, symx_engine **eng) {
  *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(*ctx, "mode", mode) == SYMX_OK);
  *eng = symx_engine_new(*ctx);
  CHECK(symx_engine_start(*eng, NULL, NULL) == SYMX_OK);
  symx_state *st = NULL;
  CHECK(symx_engine_next(*eng, &st) == SYMX_STATE);
  return st;
}

static void test_implied_no_fork(void) {
  static const char *const modes[] = {"eager", "pending", "relaxed"};
  for (int m = 0; m < 3; m++) {
    symx_ctx *ctx;
    symx_engine *eng;
    symx_state *st = first_state(modes[m], &ctx, &eng), *t = NULL, *f = NULL;
    symx_expr *c = gt50(ctx), *nc = symx_bool_not(ctx, c);
    CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
    CHECK(t && f);
    uint64_t forks = symx_stat_get(ctx, "forks"), pend = symx_stat_get(ctx, "pending_created");
    symx_state *again = t == st ? t : f; /* the side that goes on running */
    bool on_true = again == t;
    symx_state *t2 = NULL, *f2 = NULL;
    CHECK(symx_state_branch(again, c, &t2, &f2) == SYMX_OK);
    CHECK(on_true ? (t2 == again && !f2) : (f2 == again && !t2));
    CHECK(symx_state_branch(again, nc, &t2, &f2) == SYMX_OK);
    CHECK(on_true ? (f2 == again && !t2) : (t2 == again && !f2));
    CHECK_EQ_U64(symx_stat_get(ctx, "forks"), forks);
    CHECK_EQ_U64(symx_stat_get(ctx, "pending_created"), pend);
    CHECK_EQ_U64(symx_stat_get(ctx, "branch_implied"), 2);
    symx_expr_release(c);
    symx_expr_release(nc);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
}

/* symx_state_branch_now: in every mode a feasible other side is ACTIVE at
** once and an infeasible one does not exist (no fork). */
static void test_branch_now(void) {
  static const char *const modes[] = {"eager", "pending", "relaxed"};
  for (int m = 0; m < 3; m++) {
    symx_ctx *ctx;
    symx_engine *eng;
    symx_state *st = first_state(modes[m], &ctx, &eng), *t = NULL, *f = NULL;
    symx_expr *c = gt50(ctx);
    CHECK(symx_state_branch_now(st, c, &t, &f) == SYMX_OK);
    CHECK(t && f && (t == st || f == st));
    CHECK(symx_state_status(t) == SYMX_ST_ACTIVE && symx_state_status(f) == SYMX_ST_ACTIVE);
    CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 0);
    /* on the in > 50 side, in * 2 == 20 (in is 10 or 138) can only be 138 */
    symx_expr *in = symx_input_find(ctx, "in"), *x = symx_read_le(ctx, in, 0, 1);
    symx_expr *two = symx_const(ctx, 8, 2), *k = symx_const(ctx, 8, 20);
    symx_expr *dbl = symx_mul(ctx, x, two), *eq = symx_eq(ctx, dbl, k);
    symx_expr *k138 = symx_const(ctx, 8, 138), *is138 = symx_eq(ctx, x, k138);
    CHECK(symx_state_require(t, eq, NULL) == SYMX_OK); /* decided now: t goes on */
    symx_state *t2 = NULL, *f2 = NULL;
    CHECK(symx_state_branch_now(t, is138, &t2, &f2) == SYMX_OK);
    CHECK(t2 == t && !f2);
    symx_expr *all[] = {c, in, x, two, k, dbl, eq, k138, is138};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
}

/* in[i] > 50 for byte i */
static symx_expr *byte_gt50(symx_ctx *ctx, uint32_t i) {
  symx_expr *in = symx_array_input(ctx, "in", 4, 32), *x = symx_read_le(ctx, in, i, 1);
  symx_expr *k = symx_const(ctx, 8, 50), *e = symx_ugt(ctx, x, k);
  symx_expr_release(in); symx_expr_release(x); symx_expr_release(k);
  return e;
}

static void test_forks_new(void) {
  static const char *const modes[] = {"eager", "pending", "relaxed"};
  for (int m = 0; m < 3; m++) {
    symx_ctx *ctx;
    symx_engine *eng;
    symx_state *st = first_state(modes[m], &ctx, &eng), *t = NULL, *f = NULL;
    symx_expr *c0 = byte_gt50(ctx, 0), *c1 = byte_gt50(ctx, 1), *c2 = byte_gt50(ctx, 2);
    symx_expr *c3 = byte_gt50(ctx, 3), *t3 = symx_expr_tag(ctx, c3, SYMX_TAG_NEW);
    CHECK(symx_state_set_site(st, 7, SYMX_TAG_NEW) == SYMX_OK);
    CHECK(symx_state_branch(st, c0, &t, &f) == SYMX_OK && t && f);
    CHECK_EQ_U64(symx_stat_get(ctx, "forks_new"), 1);
    st = t == st ? t : f;
    CHECK(symx_state_branch(st, c1, &t, &f) == SYMX_OK && t && f); /* the site was used */
    st = t == st ? t : f;
    CHECK(symx_state_set_site(st, 8, 0) == SYMX_OK);
    CHECK(symx_state_branch(st, c2, &t, &f) == SYMX_OK && t && f);
    CHECK_EQ_U64(symx_stat_get(ctx, "forks_new"), 1);
    st = t == st ? t : f;
    CHECK(symx_state_branch(st, t3, &t, &f) == SYMX_OK && t && f); /* data from new code */
    CHECK_EQ_U64(symx_stat_get(ctx, "forks_new"), 2);
    CHECK_EQ_U64(symx_stat_get(ctx, "forks"), 4);
    CHECK(symx_state_set_site(NULL, 1, 0) == SYMX_MISUSE);
    symx_expr *all[] = {c0, c1, c2, c3, t3};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
}

CHECK_MAIN(CHECK_CASE(test_implied_no_fork), CHECK_CASE(test_branch_now), CHECK_CASE(test_forks_new))
