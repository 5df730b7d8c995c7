/*
** chain.c — the solver chain (see chain.h). One query: gather the path
** (the condition's factors when the caller keeps a factor structure),
** simplify, try the hint, split into independent factors, and decide each
** factor by the hint, the branch cache, the counterexample cache or the
** backend; the answers of the factors combine (one UNSAT factor makes the
** query UNSAT) and their models merge byte-wise into the hint.
*/
#include "chain.h"
#include "alloc.h"
#include "error.h"
#include "bounds.h"
#include "record.h"
#include "repair.h"
#include "simplify.h"

#include <string.h>

static void shared_free(symx_ctx *ctx) {
  struct sx_solver_shared *sh = ctx->solver;
  if (!sh) return;
  sx_keyscan_free(sh->keys);
  sx_cex_free(sh->cex);
  sx_bcache_free(sh->branch);
  sx_simp_cache_free(ctx, sh->simp);
  sx_free(ctx, sh, sizeof *sh);
  ctx->solver = NULL;
}

struct sx_solver_shared *sx_chain_shared(symx_ctx *ctx) {
  if (ctx->solver) return ctx->solver;
  struct sx_solver_shared *sh = sx_calloc(ctx, sizeof *sh);
  if (!sh) goto oom;
  ctx->solver = sh;
  ctx->solver_shared_free = shared_free;
  size_t max = (size_t)ctx->opts.cex_cache_max;
  sh->keys = sx_keyscan_new(ctx);
  sh->cex = sx_cex_new(ctx, max);
  sh->branch = sx_bcache_new(ctx, max);
  sh->simp = sx_simp_cache_new(ctx);
  if (!sh->keys || !sh->cex || !sh->branch || !sh->simp) {
    shared_free(ctx);
    goto oom;
  }
  return sh;
oom:
  sx_error(ctx, SYMX_NOMEM, "sx_chain_shared", "out of memory");
  return NULL;
}

sx_keyscan *sx_chain_keyscan(symx_ctx *ctx) {
  struct sx_solver_shared *sh = sx_chain_shared(ctx);
  return sh ? sh->keys : NULL;
}

/* ---- one factor ---- */

typedef struct run {
  symx_ctx *ctx;
  symx_solver *s; /* NULL: lookup only */
  struct sx_solver_shared *sh;
  sx_query *q;
  bool want; /* a model is wanted */
  sx_expr *cond;
  sx_exprs rest; /* scratch: a factor without cond */
  sx_exprs core; /* scratch: an UNSAT core */
  sx_keys keys;  /* scratch: keys of a factor */
  uint64_t backend_ns;
} run;

static bool out_of_time(const run *r) {
  return r->ctx->interrupted || (r->q->deadline_ns && sx_now_ns() >= r->q->deadline_ns);
}

static void count_cex(symx_ctx *ctx, int how) {
  switch (how) {
  case SX_CEX_EXACT: SX_INC(ctx, cex_exact_hits); break;
  case SX_CEX_UNSAT_SUBSET: SX_INC(ctx, cex_unsat_subset_hits); break;
  case SX_CEX_SAT_SUBSET: SX_INC(ctx, cex_sat_subset_hits); break;
  case SX_CEX_RECENT: SX_INC(ctx, cex_recent_hits); break;
  default: SX_INC(ctx, cex_misses); break;
  }
}

static int call_backend(run *r, sx_expr *const *g, size_t n, sx_assign *m) {
  symx_ctx *ctx = r->ctx;
  const char *dir = sx_option_str(ctx, SX_OPT_record_queries);
  if (dir && *dir) {
    int rc = sx_record_query(ctx, dir, r->sh->record_seq++, g, n);
    if (rc != SYMX_OK) return rc;
    SX_INC(ctx, queries_recorded);
  }
  const char *log = sx_option_str(ctx, SX_OPT_query_log_solver);
  if (log && *log) {
    int rc = sx_log_query(ctx, log, r->sh->log_seq++, g, n, NULL);
    if (rc != SYMX_OK) return rc;
  }
  uint64_t t0 = sx_now_ns();
  int rc = sx_solver_backend_call(r->s, g, n, r->q->deadline_ns, m);
  uint64_t took = sx_now_ns() - t0;
  r->backend_ns += took;
  if (log && *log && rc >= SYMX_SAT) {
    int lrc = sx_log_result(ctx, log, rc, took);
    if (lrc != SYMX_OK) return lrc;
  }
  return rc;
}

/*
** Stores the UNSAT factor g[0..n) in the counterexample cache: as the
** backend's UNSAT core when it names one (a subset dies in more later
** queries: every one that contains it), else whole.
*/
static void insert_core(run *r, sx_expr *const *g, size_t n) {
  symx_ctx *ctx = r->ctx;
  bool *in = n > 1 ? sx_alloc(ctx, n * sizeof *in) : NULL;
  size_t k = 0;
  if (in && sx_solver_backend_core(r->s, in, n)) {
    SX_CLEAR(r->core);
    for (size_t i = 0; i < n; i++)
      if (in[i] && !SX_PUSH(ctx, r->core, g[i])) k = SIZE_MAX;
    k = k == SIZE_MAX ? 0 : SX_SIZE(r->core);
  }
  if (in) sx_free(ctx, in, n * sizeof *in);
  if (k && k < n) {
    SX_INC(ctx, unsat_cores);
    SX_ADD(ctx, unsat_core_dropped, n - k);
    sx_cex_insert(r->sh->cex, r->core.begin, k, NULL); /* g's order: sorted */
  } else {
    sx_cex_insert(r->sh->cex, g, n, NULL);
  }
}

/*
** Remembers how layer decided factor g[0..n) (rc, with model m on SAT): in
** the counterexample cache, unless it came from there (an UNSAT from the
** backend as its core), and in the branch cache when bc. A failed insert
** costs only a future hit.
*/
static void remember(run *r, bool bc, sx_expr *const *g, size_t n, int layer, int rc, sx_assign *m) {
  if (r->ctx->opts.chain_cex_cache && layer != SX_LAYER_CEX) {
    if (rc == SYMX_SAT) sx_cex_insert(r->sh->cex, g, n, m);
    else if (layer == SX_LAYER_BACKEND) insert_core(r, g, n);
    else sx_cex_insert(r->sh->cex, g, n, NULL);
  }
  if (bc) sx_bcache_put(r->sh->branch, r->rest.begin, SX_SIZE(r->rest), r->cond, rc);
}

/*
** The interval layer on factor g[0..n) with a split budget (0: propagation
** alone, which only refutes). An answer is remembered and decides the
** factor as decide() does; SYMX_UNKNOWN sends it on.
*/
static int bounds_layer(run *r, bool bc, sx_expr *const *g, size_t n, uint64_t splits, sx_assign **src,
                        bool *owned, int *layer) {
  symx_ctx *ctx = r->ctx;
  sx_assign *m = NULL;
  uint64_t t0 = sx_now_ns();
  int rc = sx_bounds_check(ctx, g, n, splits, r->q->hint, splits ? &m : NULL);
  SX_ADD(ctx, bounds_time_ns, sx_now_ns() - t0);
  if (rc == SYMX_SAT || rc == SYMX_UNSAT) {
    *layer = SX_LAYER_BOUNDS;
    *src = m;
    *owned = m != NULL;
    remember(r, bc, g, n, *layer, rc, m);
  }
  return rc;
}

/* Whether hint satisfies cs[0..n), cond (when among them) first: the hint
** is mostly the state's witness, which meets the path and fails the
** condition, and the path of a real program is long. */
static bool hint_holds(symx_ctx *ctx, sx_expr *cond, sx_expr *const *cs, size_t n, sx_assign *hint) {
  if (cond && sx_eval(ctx, cond, hint) != 1) return false;
  return sx_eval_all(ctx, cs, n, hint);
}

/*
** Decides factor g[0..n) (sorted by id). On SAT, *src receives the model to
** merge (NULL: nothing to merge, the hint already holds it); *owned tells
** whether the caller must free it. *layer receives the deciding layer.
*/
static int decide(run *r, sx_expr *const *g, size_t n, sx_assign **src, bool *owned, int *layer) {
  symx_ctx *ctx = r->ctx;
  const sx_options *o = &ctx->opts;
  sx_query *q = r->q;
  *src = NULL;
  *owned = false;
  *layer = SX_LAYER_NONE;
  bool has_cond = false;
  for (size_t i = 0; i < n && r->cond; i++) has_cond |= g[i] == r->cond;
  if (q->hint && hint_holds(ctx, has_cond ? r->cond : NULL, g, n, q->hint)) {
    *layer = SX_LAYER_HINT;
    return SYMX_SAT;
  }
  bool bc = o->chain_branch_cache && has_cond;
  if (bc) {
    SX_CLEAR(r->rest);
    for (size_t i = 0; i < n; i++)
      if (g[i] != r->cond && !SX_PUSH(ctx, r->rest, g[i]))
        return sx_error(ctx, SYMX_NOMEM, "sx_chain", "out of memory");
    int neg, ans = sx_bcache_get(r->sh->branch, r->rest.begin, SX_SIZE(r->rest), r->cond, &neg);
    if (ans == SYMX_UNSAT || (!r->want && (ans == SYMX_SAT || (neg == SYMX_UNSAT && q->path_sat)))) {
      SX_INC(ctx, branch_cache_hits);
      *layer = SX_LAYER_BRANCH;
      return ans == SYMX_UNSAT ? SYMX_UNSAT : SYMX_SAT;
    }
    SX_INC(ctx, branch_cache_misses);
  }
  int rc;
  if (o->chain_cex_cache) {
    sx_assign *m;
    int how;
    rc = sx_cex_lookup(r->sh->cex, g, n, true, &m, &how);
    count_cex(ctx, how);
    if (rc) {
      *layer = SX_LAYER_CEX;
      *src = m;
      remember(r, bc, g, n, *layer, rc, m);
      return rc;
    }
  }
  /* a lookup (no solver) asks the caches only: the intervals and repair
  ** would run again in the query that follows a miss */
  if (!r->s) return SYMX_UNKNOWN;
  if (o->chain_bounds && (rc = bounds_layer(r, bc, g, n, 0, src, owned, layer)) != SYMX_UNKNOWN) return rc;
  if (o->chain_repair) {
    sx_assign *m;
    uint64_t tr = sx_now_ns();
    uint64_t budget = (uint64_t)o->repair_budget;
    rc = sx_repair(ctx, g, n, q->hint, budget, &m);
    /* then from the models stored last: a sibling path's input is often
    ** a few bytes away from this one's */
    for (unsigned k = 0; rc == SYMX_UNKNOWN && k < 2 && o->chain_cex_cache; k++) {
      sx_assign *start = sx_cex_recent(r->sh->cex, k);
      if (!start) break;
      rc = sx_repair(ctx, g, n, start, budget / 4, &m);
    }
    SX_ADD(ctx, repair_time_ns, sx_now_ns() - tr);
    if (rc == SYMX_SAT) {
      *layer = SX_LAYER_REPAIR;
      *src = m;
      *owned = true;
      remember(r, bc, g, n, *layer, rc, m);
      return rc;
    }
    if (rc != SYMX_UNKNOWN) return rc;
  }
  /* repair failed: split bytes (after repair, because a satisfiable
  ** factor that repair solves would cost the search its whole budget).
  ** By default the budget is what a query of the backend is worth. */
  uint64_t splits = o->bounds_splits >= 0 ? (uint64_t)o->bounds_splits : r->s->vt->splits;
  if (o->chain_bounds && splits && (rc = bounds_layer(r, bc, g, n, splits, src, owned, layer)) != SYMX_UNKNOWN)
    return rc;
  *layer = SX_LAYER_BACKEND;
  sx_assign *m = symx_assign_new(ctx);
  if (!m) return SYMX_NOMEM;
  rc = call_backend(r, g, n, m);
  if (rc == SYMX_SAT || rc == SYMX_UNSAT) remember(r, bc, g, n, *layer, rc, m);
  if (rc == SYMX_SAT) {
    *src = m;
    *owned = true;
  } else {
    symx_assign_free(m);
  }
  return rc;
}

/* ---- one query ---- */

static int copy_trivial(symx_ctx *ctx, sx_expr *const *cs, size_t n, sx_expr *cond, sx_exprs *out,
                        sx_expr **cond_out) {
  for (size_t i = 0; i <= n; i++) {
    sx_expr *c = i < n ? cs[i] : cond;
    if (!c) break;
    if (sx_is_const(c)) {
      if (c->value == 0) {
        sx_exprs_release_all(out);
        return SYMX_UNSAT;
      }
      continue;
    }
    if (!SX_PUSH(ctx, *out, c)) return sx_error(ctx, SYMX_NOMEM, "sx_chain", "out of memory");
    symx_expr_retain(c);
    if (i == n) *cond_out = symx_expr_retain(c);
  }
  return SYMX_OK;
}

static void count_layer(symx_ctx *ctx, int layer, int rc) {
  switch (layer) {
  case SX_LAYER_SIMPLIFY: SX_INC(ctx, chain_simplify_answers); break;
  case SX_LAYER_HINT: SX_INC(ctx, chain_hint_answers); break;
  case SX_LAYER_BRANCH: SX_INC(ctx, chain_branch_answers); break;
  case SX_LAYER_CEX: SX_INC(ctx, chain_cex_answers); break;
  case SX_LAYER_BOUNDS: SX_INC(ctx, chain_bounds_answers); break;
  case SX_LAYER_REPAIR: SX_INC(ctx, chain_repair_answers); break;
  case SX_LAYER_BACKEND: SX_INC(ctx, chain_backend_answers); break;
  default: break;
  }
  if (rc == SYMX_UNSAT && layer != SX_LAYER_BACKEND) SX_INC(ctx, chain_unsat_no_backend);
}

static int chain_run(symx_ctx *ctx, symx_solver *s, sx_query *q, sx_assign *model) {
  struct sx_solver_shared *sh = sx_chain_shared(ctx);
  if (!sh) return SYMX_NOMEM;
  const sx_options *o = &ctx->opts;
  uint64_t t0 = sx_now_ns();
  run r = {ctx, s, sh, q, model != NULL, NULL, {0}, {0}, {0}, 0};
  sx_exprs path = {0}, all = {0}, grp = {0};
  uint32_t *fac = NULL;
  size_t nfac = 0, nall = 0;
  int rc = SYMX_OK, layer = SX_LAYER_SIMPLIFY;
  q->layer = SX_LAYER_NONE;

  /* the path: the condition's factors, or the caller's list */
  if (q->factors) {
    rc = sx_factors_relevant(ctx, q->factors, o->chain_independence && q->cond ? q->cond : NULL, &path);
    if (rc != SYMX_OK) goto done;
    SX_ADD(ctx, independence_dropped, sx_factors_size(q->factors) - SX_SIZE(path));
  } else {
    for (size_t i = 0; i < q->n; i++)
      if (!SX_PUSH(ctx, path, q->cs[i])) {
        rc = sx_error(ctx, SYMX_NOMEM, "sx_chain", "out of memory");
        goto done;
      }
  }
  /* simplification (constants are always dropped or decide at once) */
  uint64_t ts = sx_now_ns();
  if (o->chain_simplify) rc = sx_simplify(ctx, sh->simp, path.begin, SX_SIZE(path), q->cond, &all, &r.cond);
  else rc = copy_trivial(ctx, path.begin, SX_SIZE(path), q->cond, &all, &r.cond);
  SX_ADD(ctx, simplify_time_ns, sx_now_ns() - ts);
  if (rc != SYMX_OK) goto done;
  if (r.cond && sx_is_const(r.cond)) { /* the condition simplified to true */
    sx_expr_release_nonnull(r.cond);
    r.cond = NULL;
    if (q->path_sat && !model) {
      rc = SYMX_SAT;
      goto done;
    }
  }
  if (r.cond && o->chain_bounds) { /* false alone: no path needed */
    rc = sx_bounds_refutes(ctx, r.cond);
    if (rc != SYMX_UNKNOWN) {
      layer = SX_LAYER_BOUNDS;
      goto done;
    }
    rc = SYMX_OK;
  }
  nall = SX_SIZE(all);
  if (model && q->hint && sx_assign_merge(model, q->hint) != SYMX_OK) {
    rc = SYMX_NOMEM;
    goto done;
  }
  if (!nall) {
    rc = SYMX_SAT;
    goto done;
  }
  if (q->hint && hint_holds(ctx, r.cond, all.begin, nall, q->hint)) {
    rc = SYMX_SAT;
    layer = SX_LAYER_HINT;
    goto done;
  }
  /* independent factors */
  uint64_t ti = sx_now_ns();
  fac = sx_alloc(ctx, nall * sizeof *fac);
  if (!fac) {
    rc = sx_error(ctx, SYMX_NOMEM, "sx_chain", "out of memory");
    goto done;
  }
  if (o->chain_independence && nall > 1) {
    rc = sx_indep_partition(sh->keys, all.begin, nall, fac, &nfac);
    if (rc != SYMX_OK) goto done;
  } else {
    memset(fac, 0, nall * sizeof *fac);
    nfac = 1;
  }
  SX_ADD(ctx, independence_factors, nfac);
  SX_ADD(ctx, independence_time_ns, sx_now_ns() - ti);
  /* one factor at a time; the cond's factor first (most likely UNSAT) */
  uint32_t cond_fac = UINT32_MAX;
  for (size_t i = 0; i < nall && r.cond; i++)
    if (all.begin[i] == r.cond) cond_fac = fac[i];
  layer = SX_LAYER_NONE;
  rc = SYMX_SAT;
  for (size_t k = 0; k < nfac; k++) {
    uint32_t g = cond_fac == UINT32_MAX ? (uint32_t)k : k == 0 ? cond_fac : k <= cond_fac ? (uint32_t)k - 1 : (uint32_t)k;
    if (g != cond_fac && q->path_sat && !model) continue; /* part of a satisfiable path */
    if (out_of_time(&r)) {
      rc = SYMX_UNKNOWN;
      break;
    }
    SX_CLEAR(grp);
    for (size_t i = 0; i < nall; i++)
      if (fac[i] == g && !SX_PUSH(ctx, grp, all.begin[i])) {
        rc = sx_error(ctx, SYMX_NOMEM, "sx_chain", "out of memory");
        goto done;
      }
    sx_cex_sort(&grp);
    sx_assign *src;
    bool owned;
    int gl;
    int grc = decide(&r, grp.begin, SX_SIZE(grp), &src, &owned, &gl);
    if (grc == SYMX_UNSAT || grc < SYMX_SAT) {
      rc = grc;
      layer = gl;
      break;
    }
    if (gl > layer) layer = gl;
    if (grc == SYMX_UNKNOWN) {
      rc = SYMX_UNKNOWN;
      continue; /* a later factor may still prove UNSAT */
    }
    if (src && model) {
      SX_CLEAR(r.keys);
      int mrc = sx_keys_collect(sh->keys, grp.begin, SX_SIZE(grp), &r.keys);
      if (mrc == SYMX_OK) mrc = sx_indep_merge(ctx, model, src, r.keys.begin, SX_SIZE(r.keys));
      if (mrc != SYMX_OK) {
        if (owned) symx_assign_free(src);
        rc = SYMX_NOMEM;
        goto done;
      }
    }
    if (owned) symx_assign_free(src);
  }
done:
  if (layer == SX_LAYER_NONE) layer = SX_LAYER_SIMPLIFY; /* no factor needed deciding */
  /* no evaluation of the merged model here: each factor's model was
  ** checked where it was found (the hint, a cache hit, repair and the
  ** interval search by evaluating it, a backend's by solver.c), and the
  ** factors share no byte, so the merge keeps every one of them true */
  if (rc == SYMX_SAT || rc == SYMX_UNSAT) {
    q->layer = layer;
    count_layer(ctx, layer, rc);
  } else if (rc == SYMX_UNKNOWN && s && !ctx->interrupted && out_of_time(&r)) {
    SX_INC(ctx, solver_timeouts);
  }
  uint64_t spent = sx_now_ns() - t0;
  SX_ADD(ctx, chain_time_ns, spent > r.backend_ns ? spent - r.backend_ns : 0);
  if (r.cond) sx_expr_release_nonnull(r.cond);
  sx_exprs_release_all(&all);
  SX_RELEASE(ctx, all);
  SX_RELEASE(ctx, path);
  SX_RELEASE(ctx, grp);
  SX_RELEASE(ctx, r.rest);
  SX_RELEASE(ctx, r.core);
  SX_RELEASE(ctx, r.keys);
  if (fac) sx_free(ctx, fac, nall * sizeof *fac);
  return rc;
}

/* ---- entry points ---- */

/* The caller's deadline (the run's end, say), cut to solver_timeout from
** now: every query gets whichever comes first. */
static uint64_t query_deadline(symx_ctx *ctx, uint64_t deadline_ns) {
  uint64_t own = sx_deadline_ns(sx_now_ns(), ctx->opts.solver_timeout);
  return own && (!deadline_ns || own < deadline_ns) ? own : deadline_ns;
}

static int check_query(symx_ctx *ctx, const sx_query *q, sx_assign *model, const char *func) {
  if (!q) return sx_error(ctx, SYMX_MISUSE, func, "NULL query");
  if (q->n && !q->cs && !q->factors) return sx_error(ctx, SYMX_MISUSE, func, "NULL constraint array");
  if (q->cond && (q->cond->ctx != ctx || q->cond->width != 1))
    return sx_error(ctx, SYMX_MISUSE, func, "the condition must be a width-1 expression of this context");
  if (model && model->ctx != ctx) return sx_error(ctx, SYMX_MISUSE, func, "model belongs to another context");
  return SYMX_OK;
}

/* query_log_all: the path (all of it) and the condition asked about */
static int log_all(symx_solver *s, const sx_query *q) {
  symx_ctx *ctx = s->ctx;
  const char *log = sx_option_str(ctx, SX_OPT_query_log_all);
  if (!log || !*log) return SYMX_OK;
  sx_exprs full = {0};
  int rc = q->factors ? sx_factors_relevant(ctx, q->factors, NULL, &full) : SYMX_OK;
  for (size_t i = 0; rc == SYMX_OK && !q->factors && i < q->n; i++)
    if (!SX_PUSH(ctx, full, q->cs[i])) rc = SYMX_NOMEM;
  if (rc == SYMX_OK) rc = sx_log_query(ctx, log, s->log_seq++, full.begin, SX_SIZE(full), q->cond);
  SX_RELEASE(ctx, full);
  return rc == SYMX_NOMEM ? sx_error(ctx, rc, "sx_chain_query", "out of memory") : rc;
}

int sx_chain_query(symx_solver *s, sx_query *q, sx_assign *model) {
  if (!s) return SYMX_MISUSE;
  symx_ctx *ctx = s->ctx;
  int rc = check_query(ctx, q, model, "sx_chain_query");
  if (rc == SYMX_OK) rc = log_all(s, q);
  if (rc != SYMX_OK) return rc;
  SX_INC(ctx, solver_queries);
  uint64_t t0 = sx_now_ns();
  q->deadline_ns = query_deadline(ctx, q->deadline_ns);
  rc = ctx->interrupted ? SYMX_UNKNOWN : chain_run(ctx, s, q, model);
  if ((rc == SYMX_SAT || rc == SYMX_UNSAT) && ctx->opts.validate_solver && !ctx->interrupted) {
    /* cross-check the whole question, not the slice the chain asked */
    sx_exprs full = {0};
    int vrc = q->factors ? sx_factors_relevant(ctx, q->factors, NULL, &full) : SYMX_OK;
    for (size_t i = 0; vrc == SYMX_OK && !q->factors && i < q->n; i++)
      if (!SX_PUSH(ctx, full, q->cs[i])) vrc = SYMX_NOMEM;
    if (vrc == SYMX_OK && q->cond && !SX_PUSH(ctx, full, q->cond)) vrc = SYMX_NOMEM;
    rc = vrc == SYMX_OK ? sx_solver_validate(s, full.begin, SX_SIZE(full), q->deadline_ns, rc, SX_CHECK_FN)
                        : sx_error(ctx, SYMX_NOMEM, "sx_chain_query", "out of memory");
    SX_RELEASE(ctx, full);
  }
  SX_ADD(ctx, solver_time_ns, sx_now_ns() - t0);
  return rc;
}

int sx_chain_lookup(symx_ctx *ctx, sx_query *q, sx_assign *model) {
  if (!ctx) return SYMX_MISUSE;
  int rc = check_query(ctx, q, model, "sx_chain_lookup");
  if (rc != SYMX_OK) return rc;
  SX_INC(ctx, chain_lookups);
  rc = chain_run(ctx, NULL, q, model);
  if (rc == SYMX_SAT) SX_INC(ctx, chain_lookup_sat);
  else if (rc == SYMX_UNSAT) SX_INC(ctx, chain_lookup_unsat);
  return rc;
}

/* binds every input the query reads, zero-padded to its size (at most
** 64 KiB), so the model names every input of the query */
static int bind_inputs(symx_ctx *ctx, sx_expr *const *cs, size_t n, sx_assign *model) {
  sx_keys keys = {0};
  int rc = sx_keys_collect(sx_chain_keyscan(ctx), cs, n, &keys);
  for (sx_key *k = keys.begin; rc == SYMX_OK && k < keys.end; k++) {
    sx_expr *in = sx_input_by_id(ctx, k->input);
    if (!in) continue;
    size_t len, want = in->arr->size < 65536 ? (size_t)in->arr->size : 65536;
    sx_assign_bytes(model, k->input, &len);
    uint8_t zero = 0;
    if (len < want) rc = sx_assign_write(model, in->arr->name, want - 1, &zero, 1);
  }
  SX_RELEASE(ctx, keys);
  return rc;
}

int sx_chain_check(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model) {
  symx_ctx *ctx = s->ctx;
  if (!sx_chain_shared(ctx)) return SYMX_NOMEM;
  /* the last constraint plays the condition (a path and a branch, usually) */
  sx_query q = {cs, n ? n - 1 : 0, NULL, n ? cs[n - 1] : NULL, NULL, false, deadline_ns, 0};
  int rc = chain_run(ctx, s, &q, model);
  if (rc == SYMX_SAT && model && bind_inputs(ctx, cs, n, model) != SYMX_OK) rc = SYMX_NOMEM;
  return rc;
}
