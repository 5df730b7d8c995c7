/*
** oracle.c — feasibility of a path plus one condition through the solver
** chain (or a test's checker), and building a witness from a model.
*/
#include "pending.h"
#include "solver/chain.h"
#include "error.h"

void sx_oracle_init(sx_oracle *o, sx_pools *pools) {
  o->ctx = pools->ctx;
  o->pools = pools;
  o->solver = NULL;
  o->check = NULL;
  o->check_user = NULL;
  o->layer = SX_LAYER_NONE;
  o->start_ns = o->start_cpu_ns = 0;
  o->q.begin = o->q.end = o->q.allocated = NULL;
}

void sx_oracle_release(sx_oracle *o) {
  symx_solver_free(o->solver);
  o->solver = NULL;
  SX_RELEASE(o->ctx, o->q);
}

uint64_t sx_oracle_run_end(const sx_oracle *o) {
  int64_t ms = o->ctx->opts.max_time;
  if (!o->start_ns || ms <= 0) return 0;
  if (o->ctx->opts.time_clock != SX_CLOCK_CPU) return sx_deadline_ns(o->start_ns, ms);
  /* the CPU time left, as a deadline on the clock everything else reads */
  uint64_t used = sx_cpu_ns() - o->start_cpu_ns, now = sx_now_ns();
  uint64_t budget = (uint64_t)ms > UINT64_MAX / 1000000u ? UINT64_MAX : (uint64_t)ms * 1000000u;
  return used >= budget ? now : now + (budget - used < UINT64_MAX - now ? budget - used : UINT64_MAX - now);
}

static sx_expr *literal(symx_ctx *ctx, sx_expr *c, bool neg) {
  if (!neg) {
    c->refs++;
    return c;
  }
  return symx_bool_not(ctx, c);
}

static void drop_query(sx_oracle *o) {
  while (!SX_EMPTY(o->q)) sx_expr_release_nonnull(SX_POP(o->q));
}

static int need_solver(sx_oracle *o, const char *func) {
  if (o->solver) return SYMX_OK;
  o->solver = sx_solver_new(o->ctx, NULL, func);
  if (o->solver) return SYMX_OK;
  return symx_errcode(o->ctx) ? symx_errcode(o->ctx) : SYMX_SOLVER;
}

int sx_oracle_check(sx_oracle *o, const sx_clist *cs, sx_expr *c, bool neg, sx_assign *model,
                    const char *func) {
  symx_ctx *ctx = o->ctx;
  int rc = SYMX_NOMEM;
  if (c) {
    sx_expr *e = literal(ctx, c, neg);
    if (!e || !SX_PUSH(ctx, o->q, e)) {
      if (e) sx_expr_release_nonnull(e);
      goto out;
    }
  }
  for (; cs; cs = cs->next) {
    sx_expr *e = literal(ctx, cs->c, cs->neg);
    if (!e || !SX_PUSH(ctx, o->q, e)) {
      if (e) sx_expr_release_nonnull(e);
      goto out;
    }
  }
  SX_INC(ctx, solver_queries);
  rc = o->check(o->check_user, o->q.begin, SX_SIZE(o->q), model);
out:
  drop_query(o);
  if (rc == SYMX_NOMEM) sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  return rc;
}

static bool holds_all(symx_ctx *ctx, const sx_clist *cs, sx_expr *c, bool neg, sx_assign *a) {
  SX_INC(ctx, model_checks);
  return (!c || sx_holds(ctx, c, neg, a)) && sx_clist_holds(ctx, cs, a);
}

int sx_oracle_witness(sx_oracle *o, const sx_clist *cs, sx_expr *c, bool neg, sx_assign *base,
                      const sx_assign *model, sx_assign **out, const char *func) {
  symx_ctx *ctx = o->ctx;
  sx_assign *w = symx_assign_copy(base);
  if (!w || sx_assign_merge(w, model) != SYMX_OK) goto oom;
  if (holds_all(ctx, cs, c, neg, w)) {
    *out = w;
    return SYMX_OK;
  }
  symx_assign_free(w);
  /* the model may not be of one factor only: take it whole */
  w = symx_assign_copy(model);
  if (!w) goto oom;
  if (holds_all(ctx, cs, c, neg, w)) {
    *out = w;
    return SYMX_OK;
  }
  symx_assign_free(w);
  return sx_error(ctx, SYMX_SOLVER, func, "the solver's model does not satisfy the path");
oom:
  symx_assign_free(w);
  return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
}

/* A test's checker sees the path as a plain list, as before the chain. */
static int decide_checked(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w,
                          const char *func) {
  sx_assign *model = symx_assign_new(o->ctx);
  if (!model) return sx_error(o->ctx, SYMX_NOMEM, func, "out of memory");
  o->layer = SX_LAYER_BACKEND; /* the checker stands for the whole chain */
  int rc = sx_oracle_check(o, st->cs, c, neg, model, func);
  if (rc == SYMX_SAT) {
    int r = sx_oracle_witness(o, st->cs, c, neg, st->witness, model, w, func);
    if (r != SYMX_OK) rc = r;
  }
  symx_assign_free(model);
  return rc;
}

/* One chain run for st's path and (c, neg); lookup: no backend. */
static int ask_chain(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w, bool lookup,
                     const char *func) {
  symx_ctx *ctx = o->ctx;
  int rc = lookup ? SYMX_OK : need_solver(o, func);
  if (rc != SYMX_OK) return rc;
  sx_expr *lit = c ? sx_state_literal(ctx, c, neg) : NULL;
  sx_assign *model = !c || lit ? symx_assign_new(ctx) : NULL;
  if (!model) {
    if (lit) sx_expr_release_nonnull(lit);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  /* the witness satisfies the path (every active and pending state's
  ** invariant): it is the hint, and the path alone is satisfiable */
  bool ok;
  sx_factors *fac = sx_state_factors(o->pools, st, &ok);
  if (!ok) {
    symx_assign_free(model);
    if (lit) sx_expr_release_nonnull(lit);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  /* the chain cuts the run's end to solver_timeout */
  sx_query q = {NULL, 0, fac, lit, st->witness, true, sx_oracle_run_end(o), SX_LAYER_NONE};
  rc = lookup ? sx_chain_lookup(ctx, &q, model) : sx_chain_query(o->solver, &q, model);
  o->layer = q.layer;
  if (rc == SYMX_SAT) {
    /* the whole witness already, checked where the chain found it: the
    ** factors it did not see keep the old witness's bytes and hold */
    *w = model;
    model = NULL;
  }
  symx_assign_free(model);
  if (lit) sx_expr_release_nonnull(lit);
  return rc;
}

int sx_oracle_decide(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w,
                     const char *func) {
  *w = NULL;
  if (o->check) return decide_checked(o, st, c, neg, w, func);
  return ask_chain(o, st, c, neg, w, false, func);
}

int sx_oracle_lookup(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w) {
  *w = NULL;
  o->layer = SX_LAYER_NONE;
  if (o->check) return SYMX_UNKNOWN; /* a test's checker replaces the whole chain */
  return ask_chain(o, st, c, neg, w, true, "sx_oracle_lookup");
}
