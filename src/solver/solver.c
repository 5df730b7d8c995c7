/*
** solver.c — symx_solver: argument checks, trivial answers, deadlines, the
** statistics of every query, the evaluator check of every SAT model, and the
** validate_solver cross-check against a second backend.
*/
#include "solver.h"
#include "narrow.h"
#include "chain.h"
#include "alloc.h"
#include "error.h"

#include <string.h>

symx_solver *sx_solver_new(symx_ctx *ctx, const char *backend, const char *func) {
  /* the option's value indexes the same list of backends */
  const sx_backend_vt *vt = backend ? sx_backend_find(backend) : sx_backend_at(ctx->opts.solver);
  if (!vt) {
    sx_error(ctx, SYMX_NOTFOUND, func, "unknown solver backend '%s' (known: %s)",
             backend ? backend : "(null)", symx_solver_backends());
    return NULL;
  }
  symx_solver *s = sx_calloc(ctx, sizeof *s);
  if (!s) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  s->ctx = ctx;
  s->vt = vt;
  s->check_vt = sx_backend_other(vt);
  int before = ctx->errcode;
  ctx->errcode = SYMX_OK;
  s->b = vt->create(ctx);
  if (!s->b) {
    if (ctx->errcode == SYMX_OK) sx_error(ctx, SYMX_SOLVER, func, "backend %s failed to start", vt->name);
    sx_free(ctx, s, sizeof *s);
    return NULL;
  }
  ctx->errcode = before;
  return s;
}

symx_solver *symx_solver_new(symx_ctx *ctx, const char *backend) {
  if (!ctx) return NULL;
  return sx_solver_new(ctx, backend, __func__);
}

void symx_solver_free(symx_solver *s) {
  if (!s) return;
  s->vt->destroy(s->b);
  if (s->check_b) s->check_vt->destroy(s->check_b);
  sx_narrow_cache_free(s->narrow);
  sx_free(s->ctx, s, sizeof *s);
}

static int run_backend_into(symx_solver *s, const sx_backend_vt *vt, sx_backend *b, sx_expr *const *cs,
                            size_t n, unsigned timeout_ms, sx_assign *model, const char *func);

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

/* One backend call with its statistics; a SAT model is checked with the
** evaluator before anyone sees it (a temporary one when model is NULL). */
static int run_backend(symx_solver *s, const sx_backend_vt *vt, sx_backend *b, sx_expr *const *cs,
                       size_t n, unsigned timeout_ms, sx_assign *model, const char *func) {
  symx_ctx *ctx = s->ctx;
  if (model) return run_backend_into(s, vt, b, cs, n, timeout_ms, model, func);
  sx_assign *tmp = symx_assign_new(ctx);
  if (!tmp) return SYMX_NOMEM;
  int rc = run_backend_into(s, vt, b, cs, n, timeout_ms, tmp, func);
  symx_assign_free(tmp);
  return rc;
}

static int run_backend_into(symx_solver *s, const sx_backend_vt *vt, sx_backend *b, sx_expr *const *cs,
                            size_t n, unsigned timeout_ms, sx_assign *model, const char *func) {
  symx_ctx *ctx = s->ctx;
  uint64_t t0 = sx_now_ns();
  uint64_t deadline = timeout_ms ? t0 + (uint64_t)timeout_ms * 1000000u : 0;
  SX_INC(ctx, backend_queries);
  if (!s->narrow && ctx->opts.narrow) s->narrow = sx_narrow_cache_new(ctx); /* NULL: narrowing uncached */
  int rc = sx_backend_check(ctx, vt, b, s->narrow, cs, n, deadline, model);
  SX_ADD(ctx, backend_time_ns, sx_now_ns() - t0);
  switch (rc) {
  case SYMX_SAT: SX_INC(ctx, backend_sat); break;
  case SYMX_UNSAT: SX_INC(ctx, backend_unsat); break;
  case SYMX_UNKNOWN: SX_INC(ctx, backend_unknown); break;
  default: return rc < SYMX_SAT ? rc : sx_error(ctx, SYMX_SOLVER, func, "backend %s answered %d", vt->name, rc);
  }
  if (rc != SYMX_SAT) return rc;
  int before = ctx->errcode;
  ctx->errcode = SYMX_OK;
  SX_INC(ctx, model_checks);
  bool ok = sx_eval_all(ctx, cs, n, model);
  if (ctx->errcode == SYMX_NOMEM) return SYMX_NOMEM;
  ctx->errcode = before;
  if (!ok) {
    SX_INC(ctx, model_check_failures);
    return sx_error(ctx, SYMX_SOLVER, func, "backend %s returned a model that violates the query",
                    vt->name);
  }
  return rc;
}

static const char *answer_name(int rc) {
  return rc == SYMX_SAT ? "sat" : rc == SYMX_UNSAT ? "unsat" : "unknown";
}

/* validate_solver: asks the other backend and reports a disagreement. */
static int cross_check(symx_solver *s, sx_expr *const *cs, size_t n, unsigned timeout_ms, int rc,
                       const char *func) {
  symx_ctx *ctx = s->ctx;
  if (!s->check_vt) return rc; /* only one backend compiled in */
  if (!s->check_b) {
    s->check_b = s->check_vt->create(ctx);
    if (!s->check_b)
      return ctx->errcode != SYMX_OK ? ctx->errcode
                                     : sx_error(ctx, SYMX_SOLVER, func, "backend %s failed to start",
                                                s->check_vt->name);
  }
  sx_assign *m = symx_assign_new(ctx);
  if (!m) return SYMX_NOMEM;
  int rc2 = run_backend(s, s->check_vt, s->check_b, cs, n, timeout_ms, m, func);
  symx_assign_free(m);
  if (rc2 < SYMX_SAT) return rc2;
  if ((rc == SYMX_SAT && rc2 == SYMX_UNSAT) || (rc == SYMX_UNSAT && rc2 == SYMX_SAT))
    return sx_error(ctx, SYMX_SOLVER, func, "backends disagree: %s says %s, %s says %s (%zu constraints)",
                    s->vt->name, answer_name(rc), s->check_vt->name, answer_name(rc2), n);
  return rc;
}

/* The chain's way down (chain.h): remaining milliseconds of a deadline. */
static unsigned ms_left(uint64_t deadline_ns, bool *expired) {
  *expired = false;
  if (!deadline_ns) return 0;
  uint64_t now = sx_now_ns();
  if (now >= deadline_ns) {
    *expired = true;
    return 0;
  }
  uint64_t ms = (deadline_ns - now + 999999u) / 1000000u;
  return ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms;
}

int sx_solver_backend_call(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                           sx_assign *model) {
  bool expired;
  unsigned ms = ms_left(deadline_ns, &expired);
  if (expired || s->ctx->interrupted) return SYMX_UNKNOWN;
  return run_backend(s, s->vt, s->b, cs, n, ms, model, SX_CHECK_FN);
}

bool sx_solver_backend_core(symx_solver *s, bool *in_core, size_t n) {
  return s->vt->core && s->vt->core(s->b, in_core, n);
}

int sx_solver_validate(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                       int answer) {
  bool expired;
  unsigned ms = ms_left(deadline_ns, &expired);
  if (expired) return answer;
  return cross_check(s, cs, n, ms, answer, "sx_chain_query");
}

static int check(symx_solver *s, sx_expr *const *cs, size_t n, unsigned timeout_ms,
                 sx_assign *model, const char *func) {
  symx_ctx *ctx = s->ctx;
  if (n && !cs) return sx_error(ctx, SYMX_MISUSE, func, "NULL constraint array");
  for (size_t i = 0; i < n; i++) {
    if (!cs[i]) return sx_error(ctx, SYMX_MISUSE, func, "constraint %zu is NULL", i);
    if (cs[i]->ctx != ctx)
      return sx_error(ctx, SYMX_MISUSE, func, "constraint %zu belongs to another context", i);
    if (cs[i]->width != 1)
      return sx_error(ctx, SYMX_MISUSE, func, "constraint %zu has width %u, expected 1", i,
                      (unsigned)cs[i]->width);
  }
  if (model && model->ctx != ctx)
    return sx_error(ctx, SYMX_MISUSE, func, "model belongs to another context");
  SX_INC(ctx, solver_queries);
  uint64_t t0 = sx_now_ns();
  /* constant constraints never reach a backend */
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (sx_is_const(cs[i])) {
      if (cs[i]->value == 0) {
        SX_ADD(ctx, solver_time_ns, sx_now_ns() - t0);
        return SYMX_UNSAT;
      }
    } else {
      m++;
    }
  if (m == 0) { /* the empty conjunction: any assignment, the empty model */
    SX_ADD(ctx, solver_time_ns, sx_now_ns() - t0);
    return SYMX_SAT;
  }
  sx_expr **q = sx_alloc(ctx, m * sizeof *q);
  sx_assign *tmp = model ? NULL : symx_assign_new(ctx);
  int rc;
  if (!q || (!model && !tmp)) {
    rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    goto done;
  }
  m = 0;
  for (size_t i = 0; i < n; i++)
    if (!sx_is_const(cs[i])) q[m++] = cs[i];
  if (!timeout_ms) {
    int64_t opt = ctx->opts.solver_timeout;
    timeout_ms = opt <= 0 ? 0 : opt > (int64_t)UINT32_MAX ? UINT32_MAX : (unsigned)opt;
  }
  if (ctx->interrupted) {
    rc = SYMX_UNKNOWN;
    goto done;
  }
  /* the solver chain (chain.c) decides, calling sx_solver_backend_call below */
  rc = sx_chain_check(s, q, m, timeout_ms ? sx_now_ns() + (uint64_t)timeout_ms * 1000000u : 0, model);
  if (rc >= SYMX_SAT && ctx->opts.validate_solver && !ctx->interrupted)
    rc = cross_check(s, q, m, timeout_ms, rc, func);
done:
  if (q) sx_free(ctx, q, m * sizeof *q);
  symx_assign_free(tmp);
  SX_ADD(ctx, solver_time_ns, sx_now_ns() - t0);
  return rc;
}

int sx_solver_check(symx_solver *s, sx_expr *const *cs, size_t n, unsigned timeout_ms,
                    sx_assign *model) {
  if (!s) return SYMX_MISUSE;
  return check(s, cs, n, timeout_ms, model, __func__);
}

int symx_solver_check(symx_solver *s, symx_expr *const *cs, size_t n, unsigned timeout_ms,
                      symx_assign **model) {
  if (!s) return SYMX_MISUSE;
  if (model) *model = NULL;
  sx_assign *m = model ? symx_assign_new(s->ctx) : NULL;
  if (model && !m) return SYMX_NOMEM;
  int rc = check(s, cs, n, timeout_ms, m, __func__);
  if (rc == SYMX_SAT && model) *model = m;
  else symx_assign_free(m);
  return rc;
}
