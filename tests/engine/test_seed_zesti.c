/*
** test_seed_zesti.c — ZESTI on a small front end that reports sensitive
** operations (toyvm has no such call): one seed "ABCDEFGH" runs first
** with no solver call; a table access at byte 5 is sensitive and its bounds
** check (in[7] > 250) is deferred; ZESTI then decides that check first and
** revives divergences closest to it, never deeper than the bound.
*/
#include "check.h"
#include "payload.h"
#include "engine/engine.h"

typedef struct pl { int i; } pl;
TEST_PAYLOAD(0)

typedef struct zr {
  symx_ctx *ctx;
  int ntests, err_second;
  uint64_t queries_at_seed;
} zr;

static void on_t(void *user, symx_state *st, const symx_test *t) {
  (void)st;
  zr *r = user;
  if (r->ntests == 0) r->queries_at_seed = symx_stat_get(r->ctx, "solver_queries");
  if (r->ntests == 1 && t->kind == SYMX_ERR_OUT_OF_BOUNDS) {
    size_t len;
    const uint8_t *b = symx_assign_get(t->inputs, "in", &len);
    r->err_second = b && len == 8 && b[7] > 250; /* the oracle: the input breaks the check */
  }
  r->ntests++;
}

/* Runs st until it forks or ends. */
static void run(symx_ctx *ctx, symx_state *st, symx_expr *in) {
  pl *m = symx_state_payload(st);
  while (m->i < 8) {
    symx_expr *b = symx_read_le(ctx, in, (uint64_t)m->i, 1);
    if (m->i == 5) {
      CHECK(symx_state_sensitive(st) == SYMX_OK);
      symx_expr *b7 = symx_read_le(ctx, in, 7, 1), *k = symx_const(ctx, 8, 250);
      symx_expr *bad = symx_mk2(ctx, SYMX_K_UGT, b7, k);
      int rc = symx_state_check(st, bad, SYMX_ERR_OUT_OF_BOUNDS, "table");
      symx_expr_release(bad); symx_expr_release(k); symx_expr_release(b7);
      if (symx_state_status(st) != SYMX_ST_ACTIVE || (rc != SYMX_OK)) {
        symx_expr_release(b);
        return;
      }
    }
    symx_expr *k = symx_const(ctx, 8, (uint64_t)('A' + m->i));
    symx_expr *eq = symx_eq(ctx, b, k);
    symx_state *t, *f;
    CHECK(symx_state_branch(st, eq, &t, &f) == SYMX_OK);
    symx_expr_release(eq); symx_expr_release(k); symx_expr_release(b);
    if (t) ((pl *)symx_state_payload(t))->i++;
    if (f && f != t) ((pl *)symx_state_payload(f))->i++;
    if (t && f) return;
  }
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
}

static void test_zesti(void) {
  for (int mul = 0; mul < 3; mul++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set_str(ctx, "search", "zesti");
    symx_option_set(ctx, "zesti_bound_mul", mul);
    symx_engine *eng = symx_engine_new(ctx);
    symx_seeds *seeds = symx_seeds_new(ctx);
    symx_expr *in = symx_array_input(ctx, "in", 8, 32);
    CHECK(symx_seeds_add_bytes(seeds, "in", (const uint8_t *)"ABCDEFGH", 8) == SYMX_OK);
    CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
    zr r = {ctx, 0, 0, 0};
    symx_engine_on_test(eng, on_t, &r);
    pl *p0 = calloc(1, sizeof *p0);
    CHECK(symx_engine_start(eng, p0, &pl_vt) == SYMX_OK);
    symx_state *st;
    int rc;
    while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) {
      /* after the seed, a divergence at depth d <= 5 (the sensitive depth)
      ** runs to depth d + max(1, mul x (5 - d)) at most */
      if (r.ntests > 0) CHECK(symx_state_depth(st) <= (unsigned)(mul * 5 > 6 ? mul * 5 : 6));
      run(ctx, st, in);
    }
    CHECK_EQ_U64(rc, SYMX_DONE);
    CHECK_EQ_U64(r.queries_at_seed, 0); /* the seed's path asked no solver */
    if (mul == 0) CHECK_EQ_U64(r.ntests, 1); /* the seed path only */
    else CHECK(r.err_second);                /* the deferred check first */
    symx_expr_release(in);
    symx_engine_free(eng);
    symx_seeds_free(seeds);
    symx_ctx_free(ctx);
  }
}

CHECK_MAIN(CHECK_CASE(test_zesti))
