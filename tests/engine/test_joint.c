/*
** test_joint.c — pending_joint: a micro front end branches on the D bits
** of an input byte, optionally under the constraint in < LIMIT taken first
** (then some forks have an infeasible side). With pending_joint, pending
** states join the feasible ones in one searcher and a pending pick is
** revived then: the paths completed are eager mode's (the oracle) as a
** set, and when no fork has an infeasible side in the same order, for
** random-path, dfs and bfs; without it (the default), pending
** mode runs the witness's paths first and the order differs.
*/
#include "check.h"
#include "payload.h"
#include "symx.h"

#include <stdlib.h>
#include <string.h>

#define D 6

typedef struct pl {
  unsigned i; /* levels decided */
} pl;

TEST_PAYLOAD(0)

static uint8_t seq[1 << D];
static unsigned nseq;
static void on_test(void *user, symx_state *st, const symx_test *t) {
  (void)user, (void)st;
  size_t n;
  const uint8_t *b = symx_assign_get(t->inputs, "in", &n);
  if (t->reason == SYMX_END_EXIT && nseq < (1u << D)) seq[nseq++] = b && n ? b[0] & ((1u << D) - 1) : 0;
}

static symx_expr *bit(symx_ctx *ctx, unsigned i) {
  symx_expr *in = symx_array_input(ctx, "in", 1, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *b = symx_extract(ctx, x, i, i), *one = symx_const(ctx, 1, 1);
  symx_expr *e = symx_eq(ctx, b, one);
  symx_expr_release(in), symx_expr_release(x), symx_expr_release(b), symx_expr_release(one);
  return e;
}

/* The order in which paths complete (seq[0..nseq)); limit: in < limit first. */
static void run(const char *mode, int joint, const char *search, unsigned limit) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set(ctx, "pending_joint", joint);
  symx_option_set_str(ctx, "search", search);
  symx_option_set(ctx, "rng_seed", 7);
  symx_engine *eng = symx_engine_new(ctx);
  symx_engine_on_test(eng, on_test, NULL);
  CHECK(symx_engine_start(eng, calloc(1, sizeof(pl)), &pl_vt) == SYMX_OK);
  nseq = 0;
  symx_state *st;
  while (symx_engine_next(eng, &st) == SYMX_STATE) {
    pl *p = symx_state_payload(st);
    if (limit && p->i == 0) { /* in < limit: the later bit forks may be one-sided */
      symx_expr *in = symx_array_input(ctx, "in", 1, 32), *x = symx_read_le(ctx, in, 0, 1);
      symx_expr *k = symx_const(ctx, 8, limit), *c = symx_ult(ctx, x, k);
      int rc = symx_state_assume(st, c);
      symx_expr_release(in), symx_expr_release(x), symx_expr_release(k), symx_expr_release(c);
      if (rc != SYMX_OK) continue;
    }
    symx_state *t = st, *f = NULL;
    while (p->i < D && !f) {
      unsigned at = p->i;
      symx_expr *c = bit(ctx, D - 1 - at); /* high bits first: the limit cuts them */
      CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
      symx_expr_release(c);
      if (t) ((pl *)symx_state_payload(t))->i = at + 1;
      if (f) ((pl *)symx_state_payload(f))->i = at + 1;
      if (!t || !f) st = t ? t : f;
      p = symx_state_payload(st);
    }
    if (!f && p->i == D && symx_state_status(st) == SYMX_ST_ACTIVE)
      CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  }
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

static int cmp(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

static void test_joint_order(void) {
  /* (random-state too picks among the same states, but a revived state
  ** re-enters its vector elsewhere: another order of the same paths) */
  static const char *const searchers[] = {"random-path", "dfs", "bfs"};
  for (unsigned k = 0; k < 3; k++) {
    uint8_t eager[1 << D];
    run("eager", 0, searchers[k], 0);
    unsigned ne = nseq;
    memcpy(eager, seq, sizeof eager);
    CHECK_EQ_U64(ne, 1u << D);
    run("pending", 1, searchers[k], 0);
    CHECK_EQ_U64(nseq, ne);
    CHECK(!memcmp(seq, eager, ne)); /* eager's order */
    if (memcmp(seq, eager, ne)) fprintf(stderr, "  %s: another order\n", searchers[k]);
  }
  /* the default: the witness's paths first, another order for random-path */
  uint8_t eager[1 << D];
  run("eager", 0, "random-path", 0);
  memcpy(eager, seq, sizeof eager);
  run("pending", 0, "random-path", 0);
  CHECK(nseq == 1u << D && memcmp(seq, eager, nseq));
}

static void test_joint_infeasible(void) {
  static const char *const searchers[] = {"random-path", "dfs", "bfs"};
  for (unsigned k = 0; k < 3; k++) {
    uint8_t eager[1 << D];
    run("eager", 0, searchers[k], 37);
    unsigned ne = nseq;
    memcpy(eager, seq, ne);
    CHECK_EQ_U64(ne, 37);
    run("pending", 1, searchers[k], 37);
    CHECK_EQ_U64(nseq, ne);
    qsort(eager, ne, 1, cmp);
    qsort(seq, nseq, 1, cmp);
    CHECK(nseq == ne && !memcmp(seq, eager, ne)); /* the same paths */
  }
}

CHECK_MAIN(CHECK_CASE(test_joint_order), CHECK_CASE(test_joint_infeasible))
