/*
** solver.c — symx_solver: creating and freeing one, and its check: argument
** checks, trivial answers, the query's deadline and statistics; the chain
** (chain.c) decides, and reaches the backend through backend.c.
*/
#include "solver.h"
#include "record.h"
#include "narrow.h"
#include "backend.h"
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
  const char *log = sx_option_str(ctx, SX_OPT_query_log_all);
  if (log && *log && (rc = sx_log_query(ctx, log, s->log_seq++, q, m, NULL)) != SYMX_OK) goto done;
  /* the solver chain (chain.c) decides, calling sx_solver_backend_call below */
  uint64_t deadline = sx_deadline_ns(sx_now_ns(), timeout_ms);
  rc = sx_chain_check(s, q, m, deadline, model);
  if (rc >= SYMX_SAT && ctx->opts.validate_solver && !ctx->interrupted)
    rc = sx_solver_validate(s, q, m, deadline, rc, func);
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
