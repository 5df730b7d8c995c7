/*
** branch.c — what a running state asks of the engine: branch, assume,
** error checks, eval and concretize. Each checks its arguments, then forks
** and grows paths through pending/ (fork first in the pending modes,
** Algorithm 2, pending/fork.c) or asks the solver chain first (eager mode,
** Algorithm 1).
*/
#include "engine.h"
#include "alloc.h"
#include "error.h"
#include "concolic/concolic.h"

#include <inttypes.h>

static int state_ok(sx_state *st, const char *func) {
  if (st->status == SYMX_ST_ACTIVE) return SYMX_OK;
  static const char *const names[] = {"active", "pending", "terminated", "infeasible"};
  return sx_error(st->eng->ctx, SYMX_MISUSE, func, "state %" PRIu64 " is %s, not active", st->id,
                  names[st->status & 3]);
}

static int expr_ok(symx_ctx *ctx, sx_expr *e, bool boolean, const char *func) {
  /* as in the builders: a NULL from a failed build keeps that build's error */
  if (!e) return ctx->errcode != SYMX_OK ? ctx->errcode : sx_error(ctx, SYMX_MISUSE, func, "NULL expression");
  if (e->ctx != ctx) return sx_error(ctx, SYMX_MISUSE, func, "expression of another context");
  if (e->flags & SX_F_ARRAY) return sx_error(ctx, SYMX_MISUSE, func, "an array where a bit-vector is expected");
  if (boolean && e->width != 1)
    return sx_error(ctx, SYMX_MISUSE, func, "condition of width %u (width 1 expected)", e->width);
  return SYMX_OK;
}

/* The arguments of a call on an active state: the state, then e. */
static int args_ok(sx_state *st, sx_expr *e, bool boolean, const char *func) {
  int rc = state_ok(st, func);
  return rc == SYMX_OK ? expr_ok(st->eng->ctx, e, boolean, func) : rc;
}

/* An UNKNOWN answer drops the side per unknown_policy, unless the stop
** flag or the run's time limit caused it: then the side waits in the
** pending set (and ends early with the run). */
static bool drop_unknown(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  return ctx->opts.unknown_policy == SX_UNKNOWN_DROP && !ctx->interrupted && !sx_engine_time_up(eng);
}

static bool fork_inhibited(symx_engine *eng, sx_state *st) {
  const sx_options *o = &eng->ctx->opts;
  return (o->max_depth && st->depth >= (uint64_t)o->max_depth) ||
         (o->max_forks && SX_GET(eng->ctx, forks) >= (uint64_t)o->max_forks);
}

/* Eager mode (Algorithm 1): the solver chain decides the side st's
** witness does not take, (c, neg = v), before forking. */
static int branch_eager(symx_engine *eng, sx_state *st, sx_expr *c, bool v, sx_state **child,
                        const char *func) {
  sx_assign *cw = NULL;
  SX_INC(eng->ctx, eager_queries);
  int rc = sx_oracle_decide(&eng->oracle, st, c, v, &cw, func);
  if (rc == SYMX_UNSAT) return SYMX_OK; /* c is implied: no fork, nothing to add */
  if (rc == SYMX_UNKNOWN && drop_unknown(eng))
    return sx_pending_extend(&eng->host, st, c, !v, NULL, func);
  if (rc != SYMX_SAT && rc != SYMX_UNKNOWN) return rc;
  /* SAT: both sides run; UNKNOWN with retry: the other side waits */
  return sx_pending_fork(&eng->host, st, c, !v, cw, child, func);
}

/* Walk step 1: the path's newest constraints decide cond (1, 0) or not (-1). */
static int implied(symx_ctx *ctx, sx_state *st, sx_expr *cond) {
  sx_expr *nc = symx_bool_not(ctx, cond); /* NULL on OOM: c itself still compares */
  int k = sx_clist_implies(st->cs, cond, nc, 64);
  symx_expr_release(nc);
  return k;
}

/* Both branch functions; now: the solver decides the other side at once in
** every mode (eager's way). */
static int branch(symx_state *st, symx_expr *cond, symx_state **on_true, symx_state **on_false,
                  bool now, const char *func) {
  if (on_true) *on_true = NULL;
  if (on_false) *on_false = NULL;
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  int rc = args_ok(st, cond, true, func);
  if (rc != SYMX_OK) return rc;
  if (eng->cc) return sx_cc_branch(st, cond, on_true, on_false); /* logs, never forks */
  sx_state *out[2] = {NULL, NULL};
  int known = sx_is_const(cond) ? (int)(cond->value & 1) : implied(eng->ctx, st, cond);
  if (known >= 0) {
    out[known] = st; /* no fork: the path decides cond (walk step 1) */
    if (!sx_is_const(cond)) SX_INC(eng->ctx, branch_implied);
  } else {
    bool v = sx_pending_side(eng->ctx, st, cond); /* fast-sat tier a */
    out[v] = st;
    if (fork_inhibited(eng, st)) {
      SX_INC(eng->ctx, forks_inhibited);
      rc = sx_pending_extend(&eng->host, st, cond, !v, NULL, func);
    } else if (now || eng->mode == SX_MODE_EAGER) rc = branch_eager(eng, st, cond, v, &out[!v], func);
    else rc = sx_pending_branch(&eng->host, st, cond, v, &out[!v], func);
  }
  if (rc == SYMX_OK) {
    if (on_true) *on_true = out[1];
    if (on_false) *on_false = out[0];
    /* a path from new code: the branch that made it was new (Oasis's share) */
    if (out[0] && out[1] && sx_engine_site_tags(st, cond) & SYMX_TAG_NEW) SX_INC(eng->ctx, forks_new);
  }
  if (eng->site_state == st->id) eng->site_state = 0;
  return rc;
}

uint32_t sx_engine_site_tags(const sx_state *st, const sx_expr *cond) {
  const symx_engine *eng = st->eng;
  uint32_t tags = eng->site_state == st->id ? eng->site_tags : 0;
  return tags | (uint32_t)(cond->flags & SX_F_TAGS) >> SX_F_TAG_SHIFT; /* data from tagged code */
}

int symx_state_set_site(symx_state *st, uint64_t site, uint32_t tags) {
  if (!st) return SYMX_MISUSE;
  st->eng->site = site;
  st->eng->site_tags = tags;
  st->eng->site_state = st->id;
  return SYMX_OK;
}

int symx_state_branch(symx_state *st, symx_expr *cond, symx_state **on_true,
                      symx_state **on_false) {
  return branch(st, cond, on_true, on_false, false, __func__);
}

int symx_state_branch_now(symx_state *st, symx_expr *cond, symx_state **on_true,
                          symx_state **on_false) {
  return branch(st, cond, on_true, on_false, true, __func__);
}

/*
** The eager step shared by assume and check: asks the solver chain whether
** the path can take (c, neg) and goes on with it (SAT), ends the state with
** end_status/unsat_reason (UNSAT), or, on UNKNOWN, drops it or makes it
** pending per unknown_policy.
*/
static int decide_extend(symx_engine *eng, sx_state *st, sx_expr *c, bool neg, symx_status end_status,
                         symx_reason unsat_reason, symx_error_kind kind, const char *msg,
                         const char *func) {
  symx_ctx *ctx = eng->ctx;
  sx_assign *w = NULL;
  SX_INC(ctx, eager_queries);
  int rc = sx_oracle_decide(&eng->oracle, st, c, neg, &w, func);
  if (rc == SYMX_SAT) return sx_pending_extend(&eng->host, st, c, neg, w, func);
  if (rc == SYMX_UNSAT) {
    sx_engine_end(eng, st, end_status, unsat_reason, kind, msg, false);
    return SYMX_UNSAT;
  }
  if (rc == SYMX_UNKNOWN) {
    if (drop_unknown(eng))
      sx_engine_end(eng, st, end_status, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    else if ((rc = sx_pending_make(&eng->host, st, c, neg, func)) != SYMX_OK)
      return rc;
    return SYMX_UNKNOWN;
  }
  return rc;
}

/* An error found on st's path with inputs w. */
static int found(symx_engine *eng, sx_state *st, sx_assign *w, symx_error_kind kind,
                 const char *msg) {
  SX_INC(eng->ctx, errors);
  return sx_engine_test_end(eng, st, w, SYMX_END_ERROR, kind, msg, "symx_state_check");
}

int symx_state_assume(symx_state *st, symx_expr *cond) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  int rc = args_ok(st, cond, true, __func__);
  if (rc != SYMX_OK) return rc;
  if (eng->cc) return sx_cc_assume(st, cond, false, NULL);
  if (sx_is_const(cond)) {
    if (cond->value & 1) return SYMX_OK;
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_USER, SYMX_ERR_NONE, NULL, false);
    return SYMX_UNSAT;
  }
  if (sx_pending_side(ctx, st, cond))
    return sx_pending_extend(&eng->host, st, cond, false, NULL, __func__);
  if (eng->mode != SX_MODE_EAGER) {
    bool dead;
    sx_assign *w = sx_pending_fastsat(&eng->host, st, cond, false, &dead, true);
    if (w) return sx_pending_extend(&eng->host, st, cond, false, w, __func__);
    if (dead) {
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_USER, SYMX_ERR_NONE, NULL, false);
      return SYMX_UNSAT;
    }
    rc = sx_pending_make(&eng->host, st, cond, false, __func__);
    return rc == SYMX_OK ? SYMX_UNKNOWN : rc;
  }
  return decide_extend(eng, st, cond, false, SYMX_ST_INFEASIBLE, SYMX_END_USER, SYMX_ERR_NONE, NULL,
                       __func__);
}


/* The error of a requirement that cannot hold: a test case of the path so
** far (its witness), then the end. */
static int unmet(symx_engine *eng, sx_state *st, const char *msg) {
  int rc = found(eng, st, st->witness, SYMX_ERR_USER, msg);
  if (rc != SYMX_OK) return rc;
  sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_ERROR, SYMX_ERR_USER, msg, false);
  return SYMX_UNSAT;
}

int symx_state_require(symx_state *st, symx_expr *cond, const char *msg) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  int rc = args_ok(st, cond, true, __func__);
  if (rc != SYMX_OK) return rc;
  if (eng->cc) return sx_cc_assume(st, cond, true, msg);
  if (sx_is_const(cond)) return (cond->value & 1) ? SYMX_OK : unmet(eng, st, msg);
  if (sx_pending_side(eng->ctx, st, cond)) /* the witness meets it */
    return sx_pending_extend(&eng->host, st, cond, false, NULL, __func__);
  /* decided now, whatever the mode: an unmet one is an error, not a
  ** pending state that would vanish unnoticed */
  sx_assign *w = NULL;
  SX_INC(eng->ctx, eager_queries);
  rc = sx_oracle_decide(&eng->oracle, st, cond, false, &w, __func__);
  if (rc == SYMX_SAT) return sx_pending_extend(&eng->host, st, cond, false, w, __func__);
  if (rc == SYMX_UNSAT) return unmet(eng, st, msg);
  if (rc == SYMX_UNKNOWN) return symx_state_assume(st, cond);
  return rc;
}

int symx_state_check(symx_state *st, symx_expr *bad, symx_error_kind kind, const char *msg) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  int rc = args_ok(st, bad, true, __func__);
  if (rc != SYMX_OK) return rc;
  if ((unsigned)kind > SYMX_ERR_MODEL) return SX_MISUSE(ctx, "unknown error kind %d", (int)kind);
  if (kind == SYMX_ERR_NONE) kind = SYMX_ERR_USER;
  if (eng->cc) return sx_cc_check(st, bad, kind, msg);
  bool relaxed = eng->mode == SX_MODE_RELAXED;
  bool v = sx_is_const(bad) ? (bad->value & 1) : sx_pending_side(ctx, st, bad);
  if (!v) {
    if (sx_is_const(bad)) return SYMX_OK;
    /* the witness is fine: is there an input for which bad holds? */
    bool dead;
    sx_assign *w = sx_pending_fastsat(&eng->host, st, bad, false, &dead, relaxed);
    if (dead) return SYMX_OK; /* no error here; !bad is implied */
    if (!w && (relaxed || sx_engine_seeds_defer(eng, st))) {
      sx_state *child;
      rc = sx_pending_fork(&eng->host, st, bad, true, NULL, &child, __func__);
      if (rc != SYMX_OK) return rc;
      child->flags |= SX_SF_ERRSIDE;
      child->kind = (uint8_t)kind;
      child->msg = msg ? sx_strdup(ctx, msg) : NULL;
      /* the location set for st names the error: its test's, its group's */
      child->loc = eng->loc && eng->loc_id == st->id ? sx_strdup(ctx, eng->loc) : NULL;
      return SYMX_OK;
    }
    if (!w) {
      SX_INC(ctx, eager_queries);
      rc = sx_oracle_decide(&eng->oracle, st, bad, false, &w, __func__);
      if (rc == SYMX_UNSAT) return SYMX_OK; /* no error here; !bad is implied */
      if (rc != SYMX_SAT && rc != SYMX_UNKNOWN) return rc;
    }
    if (w) {
      rc = found(eng, st, w, kind, msg);
      symx_assign_free(w);
      if (rc != SYMX_OK) return rc;
    }
    return sx_pending_extend(&eng->host, st, bad, true, NULL, __func__);
  }
  /* the witness triggers the error */
  rc = found(eng, st, st->witness, kind, msg);
  if (rc != SYMX_OK) return rc;
  if (sx_is_const(bad)) {
    sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_ERROR, kind, msg, false);
    return SYMX_UNSAT;
  }
  bool dead;
  sx_assign *w = sx_pending_fastsat(&eng->host, st, bad, true, &dead, relaxed);
  if (w) return sx_pending_extend(&eng->host, st, bad, true, w, __func__);
  if (dead) { /* the error is certain on this path */
    sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_ERROR, kind, msg, false);
    return SYMX_UNSAT;
  }
  if (relaxed || sx_engine_seeds_defer(eng, st)) {
    rc = sx_pending_make(&eng->host, st, bad, true, __func__);
    return rc == SYMX_OK ? SYMX_UNKNOWN : rc;
  }
  return decide_extend(eng, st, bad, true, SYMX_ST_TERMINATED, SYMX_END_ERROR, kind, msg, __func__);
}

int symx_state_eval(symx_state *st, symx_expr *e, uint64_t *value) {
  if (!st) return SYMX_MISUSE;
  symx_ctx *ctx = st->eng->ctx;
  if (st->status != SYMX_ST_ACTIVE && st->status != SYMX_ST_TERMINATED) return state_ok(st, __func__);
  int rc = expr_ok(ctx, e, false, __func__);
  if (rc != SYMX_OK) return rc;
  if (!value) return SX_MISUSE(ctx, "NULL value pointer");
  *value = sx_eval(ctx, e, st->witness);
  return SYMX_OK;
}

int symx_state_concretize(symx_state *st, symx_expr *e, uint64_t *value) {
  if (!st) return SYMX_MISUSE;
  symx_ctx *ctx = st->eng->ctx;
  int rc = args_ok(st, e, false, __func__);
  if (rc != SYMX_OK) return rc;
  if (!value) return SX_MISUSE(ctx, "NULL value pointer");
  sx_engine_seeds_follow(st->eng, st, e); /* a seed's path takes the seed's value */
  uint64_t v = sx_eval(ctx, e, st->witness);
  *value = v;
  if (sx_is_const(e)) return SYMX_OK;
  sx_expr *k = symx_const(ctx, e->width, v);
  sx_expr *eq = k ? symx_eq(ctx, e, k) : NULL;
  symx_expr_release(k);
  if (!eq) return symx_errcode(ctx) ? symx_errcode(ctx) : SYMX_NOMEM;
  rc = sx_is_const(eq)   ? SYMX_OK
       : st->eng->cc     ? sx_cc_concretized(st, eq)
                         : sx_pending_extend(&st->eng->host, st, eq, false, NULL, __func__);
  sx_expr_release_nonnull(eq);
  return rc;
}
