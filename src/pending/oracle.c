/*
** oracle.c — feasibility of a path plus one condition through the solver
** (or a test's checker), and building a witness from a model.
*/
#include "pending.h"
#include "solver/solver.h"
#include "error.h"

void sx_oracle_init(sx_oracle *o, sx_pools *pools) {
  o->ctx = pools->ctx;
  o->pools = pools;
  o->solver = NULL;
  o->check = NULL;
  o->check_user = NULL;
  o->q.begin = o->q.end = o->q.allocated = NULL;
}

void sx_oracle_release(sx_oracle *o) {
  symx_solver_free(o->solver);
  o->solver = NULL;
  SX_RELEASE(o->ctx, o->q);
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
  if (o->check) {
    SX_INC(ctx, solver_queries);
    rc = o->check(o->check_user, o->q.begin, SX_SIZE(o->q), model);
  } else {
    if (!o->solver) {
      o->solver = sx_solver_new(ctx, NULL, func);
      if (!o->solver) {
        rc = symx_errcode(ctx) ? symx_errcode(ctx) : SYMX_SOLVER;
        goto out;
      }
    }
    rc = sx_solver_check(o->solver, o->q.begin, SX_SIZE(o->q), 0, model);
  }
out:
  drop_query(o);
  if (rc == SYMX_NOMEM) sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  return rc;
}

static bool holds_all(symx_ctx *ctx, const sx_clist *cs, sx_expr *c, bool neg, sx_assign *a) {
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
