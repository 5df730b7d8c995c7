/*
** negate.c — one negation: the entry the queue's order picks, the query
** prefix && !c reduced to c's independent factor, answered by the α-renamed
** cache or the solver chain (hint: the parent's input, so every byte outside
** the factor keeps its value), and the child run's description.
*/
#include "concolic.h"
#include "alloc.h"
#include "error.h"
#include "solver/chain.h"

#define FUNC "symx_engine_next"

/* lits and prefix factor versions of x up to entry i (inclusive). */
static int build(sx_cc *cc, sx_cc_exec *x, size_t i) {
  symx_ctx *ctx = cc->ctx;
  for (; x->built <= i; x->built++) {
    size_t k = x->built;
    sx_expr *lit = sx_clog_literal(ctx, &x->log.e[k], false);
    if (!lit) return SYMX_NOMEM;
    x->lits[k] = lit;
    x->pre[k + 1] = sx_factors_add(ctx, x->pre[k], lit);
    if (!x->pre[k + 1]) return SYMX_NOMEM;
  }
  return SYMX_OK;
}

static int need_solver(sx_cc *cc) {
  if (cc->solver) return SYMX_OK;
  cc->solver = sx_solver_new(cc->ctx, NULL, FUNC);
  return cc->solver ? SYMX_OK : (symx_errcode(cc->ctx) ? symx_errcode(cc->ctx) : SYMX_SOLVER);
}

/* The solver chain on the factor q[0..n-1) && q[n-1]; stores the answer. */
static int solve(sx_cc *cc, sx_exprs *q, sx_assign *hint, sx_assign **out) {
  int rc = need_solver(cc);
  if (rc != SYMX_OK) return rc;
  sx_assign *model = symx_assign_new(cc->ctx);
  if (!model) return SYMX_NOMEM;
  size_t n = SX_SIZE(*q);
  uint64_t end = sx_oracle_run_end(&cc->eng->oracle);
  sx_query qq = {q->begin, n - 1, NULL, q->begin[n - 1], hint, true, end, SX_LAYER_NONE};
  rc = sx_chain_query(cc->solver, &qq, model);
  if (cc->cache && (rc == SYMX_SAT || rc == SYMX_UNSAT))
    sx_ac_insert(cc->cache, q->begin, n, rc == SYMX_SAT ? model : NULL); /* best effort */
  if (rc == SYMX_SAT) *out = model;
  else symx_assign_free(model);
  return rc;
}

/* A new input that takes the other side of x's entry i, or *out = NULL. */
static int negate(sx_cc *cc, sx_cc_exec *x, size_t i, sx_assign **out) {
  symx_ctx *ctx = cc->ctx;
  *out = NULL;
  sx_exprs q = {NULL, NULL, NULL};
  sx_expr *neg = NULL;
  int rc = build(cc, x, i);
  if (rc == SYMX_OK) rc = (neg = sx_clog_literal(ctx, &x->log.e[i], true)) ? SYMX_OK : SYMX_NOMEM;
  if (rc == SYMX_OK) rc = sx_factors_relevant(ctx, x->pre[i], neg, &q);
  if (rc == SYMX_OK) rc = SX_PUSH(ctx, q, neg) ? SYMX_OK : SYMX_NOMEM;
  SX_INC(ctx, concolic_negations);
  if (rc == SYMX_OK && cc->cache) rc = sx_ac_lookup(cc->cache, q.begin, SX_SIZE(q), x->input, out);
  else if (rc == SYMX_OK) rc = SYMX_UNKNOWN;
  if (rc == SYMX_UNKNOWN) rc = solve(cc, &q, x->input, out);
  if (neg) sx_expr_release_nonnull(neg);
  SX_RELEASE(ctx, q);
  if (rc == SYMX_SAT || rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) {
    if (rc != SYMX_SAT) SX_INC(ctx, concolic_unsat);
    return SYMX_OK;
  }
  symx_assign_free(*out);
  *out = NULL;
  return rc == SYMX_NOMEM ? sx_error(ctx, SYMX_NOMEM, FUNC, "out of memory") : rc;
}

/* The execution to negate next: the newest (dfs), the oldest (generational,
** fifo), or the one whose next entry ranks lowest, the oldest of a tie
** (rank: new and dangerous constraints of every run before the others). */
static size_t current(sx_cc *cc) {
  const sx_options *o = &cc->ctx->opts;
  if (o->concolic_search == SX_CCSEARCH_DFS) return cc->qn - 1;
  if (o->concolic_queue == SX_CCQUEUE_FIFO) return 0;
  size_t best = 0;
  for (size_t k = 0; k < cc->qn; k++) {
    const sx_cc_exec *x = cc->q[k], *b = cc->q[best];
    if (x->next == x->ntodo) return k; /* finished: dropped first */
    if (x->rank[x->next] < b->rank[b->next]) best = k;
  }
  return best;
}

static void drop(sx_cc *cc, size_t k) {
  sx_cc_exec_free(cc, cc->q[k]);
  for (size_t j = k + 1; j < cc->qn; j++) cc->q[j - 1] = cc->q[j];
  cc->qn--;
}

int sx_cc_pick(sx_cc *cc, sx_assign **out, symx_crun *info, uint32_t *bound) {
  *out = NULL;
  while (cc->qn) {
    if (cc->ctx->interrupted || sx_engine_time_up(cc->eng)) return SYMX_OK;
    size_t k = current(cc);
    sx_cc_exec *x = cc->q[k];
    if (x->next == x->ntodo) {
      drop(cc, k);
      continue;
    }
    uint32_t i = x->todo[x->next++];
    int rc = negate(cc, x, i, out);
    if (rc != SYMX_OK) return rc;
    if (!*out) continue;
    const sx_cc_entry *e = &x->log.e[i];
    *info = (symx_crun){cc->runs + 1, x->number, i, -1, (symx_ck_kind)e->kind, e->tags, e->site};
    *bound = i + 1;
    return SYMX_OK;
  }
  return SYMX_OK;
}
