/*
** z3.c — the Z3 backend (libz3's C API): the reference-counted Z3 context,
** the check, and the stop-flag watcher. Translation is in translate.c,
** models in model.c.
**
** Memory: every AST a query creates is referenced once on a trail and
** released when the query ends; the whole Z3 context is recreated every
** QUERIES_PER_CONTEXT queries (and after an interrupt or a Z3 error) so that
** Z3's own caches cannot grow over a long exploration.
**
** Solvers: a fresh Z3 solver per query, for logic QF_BV when the
** translation needed no Z3 arrays and QF_ABV otherwise (Z3's combined
** default solver costs several milliseconds per query more). The timeout is
** Z3's "timeout" parameter (milliseconds left until the deadline); "ctrl_c"
** is off so Z3 never touches SIGINT.
**
** Stop flag: a watcher thread (one per backend instance, asleep between
** queries) polls ctx->interrupted during Z3_solver_check and calls
** Z3_interrupt, so the answer becomes UNKNOWN.
*/
#include "z3int.h"
#include "solver/record.h"
#include "alloc.h"
#include "error.h"

#include <string.h>
#include <time.h>

#define QUERIES_PER_CONTEXT 1000
#define WATCH_PERIOD_NS 5000000L

/* Z3 records the error code on its context; we read it after each call. */
static void on_z3_error(Z3_context c, Z3_error_code e) {
  SX_UNUSED(c);
  SX_UNUSED(e);
}

bool sx_z3_failed(sx_backend *b) {
  if (b->failed) return true;
  Z3_error_code code = Z3_get_error_code(b->z);
  if (code == Z3_OK) return false;
  sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "Z3 error: %s", Z3_get_error_msg(b->z, code));
  b->failed = true;
  return true;
}

void sx_z3_oom(sx_backend *b) {
  if (!b->failed) sx_error(b->ctx, SYMX_NOMEM, SX_Z3_FN, "out of memory");
  b->failed = true;
}

/* In a reference-counted context an unreferenced result dies at the next
** call, so every result is referenced at once. */
Z3_ast sx_z3_keep(sx_backend *b, Z3_ast a) {
  if (b->failed) return NULL;
  if (!a) {
    if (!sx_z3_failed(b)) {
      sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "Z3 returned no term");
      b->failed = true;
    }
    return NULL;
  }
  Z3_inc_ref(b->z, a);
  if (!SX_PUSH(b->ctx, b->trail, a)) {
    Z3_dec_ref(b->z, a);
    sx_z3_oom(b);
    return NULL;
  }
  return a;
}

/* ---- Z3 context life-cycle ---- */

static void close_z3(sx_backend *b) {
  if (!b->z) return;
  for (unsigned w = 0; w <= 64; w++)
    if (b->bv_sort[w]) Z3_dec_ref(b->z, Z3_sort_to_ast(b->z, b->bv_sort[w]));
  for (unsigned i = 0; i < 2; i++)
    if (b->arr_sort[i]) Z3_dec_ref(b->z, Z3_sort_to_ast(b->z, b->arr_sort[i]));
  memset(b->bv_sort, 0, sizeof b->bv_sort);
  memset(b->arr_sort, 0, sizeof b->arr_sort);
  Z3_del_context(b->z);
  b->z = NULL;
  b->queries = 0;
  b->dirty = false;
}

static bool open_z3(sx_backend *b) {
  Z3_config cfg = Z3_mk_config();
  if (!cfg) return false;
  Z3_set_param_value(cfg, "model", "true");
  b->z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!b->z) return false;
  Z3_set_error_handler(b->z, on_z3_error);
  return true;
}

Z3_sort sx_z3_bv_sort(sx_backend *b, unsigned w) {
  if (!b->bv_sort[w]) {
    Z3_sort s = Z3_mk_bv_sort(b->z, w);
    if (!s || sx_z3_failed(b)) return NULL;
    Z3_inc_ref(b->z, Z3_sort_to_ast(b->z, s));
    b->bv_sort[w] = s;
  }
  return b->bv_sort[w];
}

Z3_sort sx_z3_arr_sort(sx_backend *b, unsigned iw) {
  unsigned i = iw == 64;
  if (!b->arr_sort[i]) {
    Z3_sort is = sx_z3_bv_sort(b, iw), es = sx_z3_bv_sort(b, 8);
    if (!is || !es) return NULL;
    Z3_sort s = Z3_mk_array_sort(b->z, is, es);
    if (!s || sx_z3_failed(b)) return NULL;
    Z3_inc_ref(b->z, Z3_sort_to_ast(b->z, s));
    b->arr_sort[i] = s;
  }
  return b->arr_sort[i];
}

/* ---- stop-flag watcher ---- */

static void *watch(void *arg) {
  sx_backend *b = arg;
  pthread_mutex_lock(&b->mu);
  while (!b->quit) {
    if (b->checking && !b->fired && b->ctx->interrupted) {
      Z3_interrupt(b->z);
      b->fired = true;
    }
    if (b->checking) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_nsec += WATCH_PERIOD_NS;
      if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
      }
      pthread_cond_timedwait(&b->cv, &b->mu, &ts);
    } else {
      pthread_cond_wait(&b->cv, &b->mu);
    }
  }
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

static void watch_begin(sx_backend *b) {
  if (!b->have_thread) return;
  pthread_mutex_lock(&b->mu);
  b->checking = true;
  b->fired = false;
  pthread_cond_signal(&b->cv);
  pthread_mutex_unlock(&b->mu);
}

/* Returns whether the watcher interrupted Z3 during this check. */
static bool watch_end(sx_backend *b) {
  if (!b->have_thread) return false;
  pthread_mutex_lock(&b->mu);
  b->checking = false;
  bool fired = b->fired;
  pthread_mutex_unlock(&b->mu);
  return fired;
}

/* ---- backend instance ---- */

static sx_backend *create(symx_ctx *ctx) {
  sx_backend *b = sx_calloc(ctx, sizeof *b);
  if (!b) {
    sx_error(ctx, SYMX_NOMEM, SX_Z3_FN, "out of memory");
    return NULL;
  }
  b->ctx = ctx;
  if (pthread_mutex_init(&b->mu, NULL) == 0) {
    if (pthread_cond_init(&b->cv, NULL) == 0) {
      b->have_thread = pthread_create(&b->thread, NULL, watch, b) == 0;
      if (!b->have_thread) pthread_cond_destroy(&b->cv);
    }
    if (!b->have_thread) pthread_mutex_destroy(&b->mu);
  }
  /* without a watcher the stop flag is still seen before each query */
  return b;
}

static void destroy(sx_backend *b) {
  if (!b) return;
  symx_ctx *ctx = b->ctx;
  if (b->have_thread) {
    pthread_mutex_lock(&b->mu);
    b->quit = true;
    pthread_cond_signal(&b->cv);
    pthread_mutex_unlock(&b->mu);
    pthread_join(b->thread, NULL);
    pthread_cond_destroy(&b->cv);
    pthread_mutex_destroy(&b->mu);
  }
  close_z3(b);
  SX_RELEASE(ctx, b->trail);
  SX_RELEASE(ctx, b->core);
  SX_RELEASE(ctx, b->used);
  SX_RELEASE(ctx, b->work);
  SX_RELEASE(ctx, b->bytes);
  SX_RELEASE(ctx, b->st);
  sx_z3_memo_free(b);
  if (b->array_mode) sx_free(ctx, b->array_mode, b->array_mode_cap);
  sx_free(ctx, b, sizeof *b);
}

/* ---- check ---- */

/* The QF_ABV tactic gives up on some array queries ("incomplete (theory
** array)"); those are asked again of Z3's general solver. */
#define SX_Z3_INCOMPLETE (-2)
static bool incomplete(sx_backend *b, Z3_solver s) {
  Z3_string why = Z3_solver_get_reason_unknown(b->z, s);
  return why && !sx_z3_failed(b) && strstr(why, "incomplete") && !b->ctx->interrupted;
}

static Z3_lbool run_check(sx_backend *b, Z3_solver s) {
  watch_begin(b);
  Z3_lbool r = Z3_solver_check(b->z, s);
  if (watch_end(b)) b->dirty = true; /* Z3_interrupt may leave the context cancelled */
  return r;
}

static int solve_tracked(sx_backend *b, Z3_solver s, size_t n, uint64_t deadline_ns, sx_assign *model,
                         const Z3_ast *track);

static int solve(sx_backend *b, Z3_solver s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                 sx_assign *model) {
  Z3_context z = b->z;
  /* with the counterexample cache on (the cores' only user), each
  ** constraint is tracked by a Boolean constant, so an UNSAT answer names
  ** its core */
  bool tracked = b->ctx->opts.chain_cex_cache;
  Z3_ast *track = sx_alloc(b->ctx, (n ? n : 1) * sizeof *track);
  if (!track) {
    sx_z3_oom(b);
    return b->ctx->errcode;
  }
  for (size_t i = 0; i < n; i++) {
    track[i] = tracked ? sx_z3_keep(b, Z3_mk_fresh_const(z, "core", Z3_mk_bool_sort(z))) : NULL;
    Z3_ast a = track[i] || !tracked ? sx_z3_bool(b, cs[i]) : NULL;
    if (a && tracked) Z3_solver_assert_and_track(z, s, a, track[i]);
    else if (a) Z3_solver_assert(z, s, a);
    if (!a || sx_z3_failed(b)) {
      sx_free(b->ctx, track, (n ? n : 1) * sizeof *track);
      return b->ctx->errcode;
    }
  }
  int rc = solve_tracked(b, s, n, deadline_ns, model, track);
  sx_free(b->ctx, track, (n ? n : 1) * sizeof *track);
  return rc;
}

/* The flags of the constraints in the core of an UNSAT solve. */
static int read_core(sx_backend *b, Z3_solver s, size_t n, const Z3_ast *track) {
  Z3_context z = b->z;
  SX_CLEAR(b->core);
  for (size_t i = 0; i < n; i++)
    if (!SX_PUSH(b->ctx, b->core, 0)) return sx_error(b->ctx, SYMX_NOMEM, SX_Z3_FN, "out of memory");
  Z3_ast_vector v = Z3_solver_get_unsat_core(z, s);
  if (!v || sx_z3_failed(b)) return SYMX_OK; /* no core: the answer stands */
  Z3_ast_vector_inc_ref(z, v);
  unsigned m = Z3_ast_vector_size(z, v);
  for (unsigned k = 0; k < m; k++) {
    Z3_ast a = Z3_ast_vector_get(z, v, k);
    for (size_t i = 0; i < n; i++)
      if (Z3_is_eq_ast(z, a, track[i])) b->core.begin[i] = 1;
  }
  Z3_ast_vector_dec_ref(z, v);
  b->core_ready = m > 0;
  return SYMX_OK;
}

static int solve_tracked(sx_backend *b, Z3_solver s, size_t n, uint64_t deadline_ns, sx_assign *model,
                         const Z3_ast *track) {
  Z3_context z = b->z;
  Z3_params p = Z3_mk_params(z);
  if (!p || sx_z3_failed(b)) return b->ctx->errcode;
  Z3_params_inc_ref(z, p);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false);
  if (deadline_ns) {
    uint64_t now = sx_now_ns();
    uint64_t ms = deadline_ns > now ? (deadline_ns - now + 999999) / 1000000 : 0;
    if (ms == 0) {
      Z3_params_dec_ref(z, p);
      return SYMX_UNKNOWN;
    }
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms);
  }
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
  if (sx_z3_failed(b)) return b->ctx->errcode;
  if (b->ctx->interrupted) return SYMX_UNKNOWN;
  Z3_lbool r = run_check(b, s);
  if (sx_z3_failed(b)) return b->ctx->errcode;
  if (r == Z3_L_FALSE) {
    int rc = n && track[0] ? read_core(b, s, n, track) : SYMX_OK;
    return rc == SYMX_OK ? SYMX_UNSAT : rc;
  }
  if (r == Z3_L_UNDEF) return incomplete(b, s) ? SX_Z3_INCOMPLETE : SYMX_UNKNOWN;
  if (!model) return SYMX_SAT;
  for (int attempt = 0;; attempt++) {
    Z3_model m = Z3_solver_get_model(z, s);
    if (!m || sx_z3_failed(b))
      return b->failed ? b->ctx->errcode : sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "no model");
    Z3_model_inc_ref(z, m);
    int rc = sx_z3_extract_model(b, m, model);
    Z3_model_dec_ref(z, m);
    if (rc != SX_Z3_FAR) return rc == SYMX_OK ? SYMX_SAT : rc;
    if (attempt == 0 && sx_z3_bound_big_reads(b, s)) {
      r = run_check(b, s);
      if (sx_z3_failed(b)) return b->ctx->errcode;
      if (r == Z3_L_TRUE) continue;
    }
    if (b->failed) return b->ctx->errcode;
    return sx_error(b->ctx, SYMX_UNSUPPORTED, SX_Z3_FN,
                    "the model needs an input byte beyond %llu, which an assignment cannot hold",
                    (unsigned long long)SX_Z3_MODEL_SPARSE_MAX);
  }
}

static int check(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  const char *dump = sx_option_str(ctx, SX_OPT_z3_dump_queries);
  if (dump && *dump) { /* KLEE's --debug-z3-dump-queries: the query as it arrives */
    int drc = sx_dump_query(ctx, dump, cs, n);
    if (drc != SYMX_OK) return drc;
  }
  if (b->z && (b->dirty || b->queries >= QUERIES_PER_CONTEXT)) close_z3(b);
  if (!b->z && !open_z3(b)) return sx_error(ctx, SYMX_SOLVER, SX_Z3_FN, "cannot create a Z3 context");
  b->failed = false;
  b->core_ready = false;
  b->queries++;
  int rc;
  Z3_solver s;
  if (!sx_z3_translate(b, cs, n)) {
    rc = ctx->errcode;
    goto done;
  }
  for (int general = 0; general < 2; general++) {
    s = general ? Z3_mk_solver(b->z)
                : Z3_mk_solver_for_logic(b->z, Z3_mk_string_symbol(b->z, b->uses_arrays ? "QF_ABV" : "QF_BV"));
    if (!s || sx_z3_failed(b)) {
      rc = b->failed ? ctx->errcode : sx_error(ctx, SYMX_SOLVER, SX_Z3_FN, "cannot create a Z3 solver");
      goto done;
    }
    Z3_solver_inc_ref(b->z, s);
    rc = solve(b, s, cs, n, deadline_ns, model);
    Z3_solver_dec_ref(b->z, s);
    if (rc != SX_Z3_INCOMPLETE) break;
    rc = SYMX_UNKNOWN;
  }
done:
  sx_z3_query_end(b);
  if (b->failed) b->dirty = true; /* start the next query on a fresh context */
  return rc;
}

static bool core(sx_backend *b, bool *in_core, size_t n) {
  if (!b->core_ready || SX_SIZE(b->core) != n) return false;
  b->core_ready = false;
  for (size_t i = 0; i < n; i++) in_core[i] = b->core.begin[i];
  return true;
}

const sx_backend_vt sx_backend_z3 = {"z3", create, destroy, check, core, 256};
