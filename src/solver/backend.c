/*
** backend.c — the one way down to a backend: narrowing the query, the
** backend statistics, the evaluator check of every SAT model, the UNSAT
** core, and the validate_solver cross-check against the other backend.
*/
#include "solver.h"
#include "chain.h"
#include "alloc.h"
#include "error.h"

int sx_backend_check(symx_ctx *ctx, const sx_backend_vt *vt, sx_backend *b, sx_narrow_cache *cache,
                     sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model) {
  if (!ctx->opts.narrow || !n) return vt->check(b, cs, n, deadline_ns, model);
  sx_expr **q = sx_alloc(ctx, n * sizeof *q);
  if (!q) return sx_error(ctx, SYMX_NOMEM, SX_CHECK_FN, "out of memory");
  int before = ctx->errcode, rc;
  if (sx_narrow(ctx, cache, cs, n, q) == SYMX_OK) {
    rc = vt->check(b, q, n, deadline_ns, model);
    for (size_t i = 0; i < n; i++) symx_expr_release(q[i]);
  } else { /* narrowing is an optimization: the backend gets the query as it is */
    ctx->errcode = before;
    rc = vt->check(b, cs, n, deadline_ns, model);
  }
  sx_free(ctx, q, n * sizeof *q);
  return rc;
}

/* A SAT model is checked with the evaluator before anyone sees it. */
static int checked_model(symx_ctx *ctx, const sx_backend_vt *vt, sx_expr *const *cs, size_t n,
                         sx_assign *model, const char *func) {
  int before = ctx->errcode;
  ctx->errcode = SYMX_OK;
  SX_INC(ctx, model_checks);
  bool ok = sx_eval_all(ctx, cs, n, model);
  if (ctx->errcode == SYMX_NOMEM) return SYMX_NOMEM;
  ctx->errcode = before;
  if (ok) return SYMX_SAT;
  SX_INC(ctx, model_check_failures);
  return sx_error(ctx, SYMX_SOLVER, func, "backend %s returned a model that violates the query", vt->name);
}

/* One backend call with its statistics (a temporary model when model is
** NULL: the check needs one). */
static int run_backend(symx_solver *s, const sx_backend_vt *vt, sx_backend *b, sx_expr *const *cs,
                       size_t n, uint64_t deadline_ns, sx_assign *model, const char *func) {
  symx_ctx *ctx = s->ctx;
  sx_assign *tmp = model ? NULL : symx_assign_new(ctx);
  if (!model && !tmp) return SYMX_NOMEM;
  uint64_t t0 = sx_now_ns();
  SX_INC(ctx, backend_queries);
  if (!s->narrow && ctx->opts.narrow) s->narrow = sx_narrow_cache_new(ctx); /* NULL: narrowing uncached */
  int rc = sx_backend_check(ctx, vt, b, s->narrow, cs, n, deadline_ns, model ? model : tmp);
  SX_ADD(ctx, backend_time_ns, sx_now_ns() - t0);
  switch (rc) {
  case SYMX_SAT:
    SX_INC(ctx, backend_sat);
    rc = checked_model(ctx, vt, cs, n, model ? model : tmp, func);
    break;
  case SYMX_UNSAT: SX_INC(ctx, backend_unsat); break;
  case SYMX_UNKNOWN: SX_INC(ctx, backend_unknown); break;
  default:
    if (rc >= SYMX_SAT) rc = sx_error(ctx, SYMX_SOLVER, func, "backend %s answered %d", vt->name, rc);
  }
  symx_assign_free(tmp);
  return rc;
}

static bool expired(uint64_t deadline_ns) { return deadline_ns && sx_now_ns() >= deadline_ns; }

int sx_solver_backend_call(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                           sx_assign *model) {
  if (expired(deadline_ns) || s->ctx->interrupted) return SYMX_UNKNOWN;
  return run_backend(s, s->vt, s->b, cs, n, deadline_ns, model, SX_CHECK_FN);
}

bool sx_solver_backend_core(symx_solver *s, bool *in_core, size_t n) {
  return s->vt->core && s->vt->core(s->b, in_core, n);
}

static const char *answer_name(int rc) {
  return rc == SYMX_SAT ? "sat" : rc == SYMX_UNSAT ? "unsat" : "unknown";
}

int sx_solver_validate(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns, int answer,
                       const char *func) {
  symx_ctx *ctx = s->ctx;
  if (!s->check_vt || expired(deadline_ns)) return answer; /* only one backend compiled in */
  if (!s->check_b) {
    s->check_b = s->check_vt->create(ctx);
    if (!s->check_b)
      return ctx->errcode != SYMX_OK ? ctx->errcode
                                     : sx_error(ctx, SYMX_SOLVER, func, "backend %s failed to start",
                                                s->check_vt->name);
  }
  int other = run_backend(s, s->check_vt, s->check_b, cs, n, deadline_ns, NULL, func);
  if (other < SYMX_SAT) return other;
  if ((answer == SYMX_SAT && other == SYMX_UNSAT) || (answer == SYMX_UNSAT && other == SYMX_SAT))
    return sx_error(ctx, SYMX_SOLVER, func, "backends disagree: %s says %s, %s says %s (%zu constraints)",
                    s->vt->name, answer_name(answer), s->check_vt->name, answer_name(other), n);
  return answer;
}
