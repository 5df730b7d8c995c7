/*
** run.c — concolic mode inside the engine: what a running state's calls do
** (log, never fork), the end of a run, and symx_engine_next starting the
** next run from a clone of the initial payload with the input the search
** picks (search.c).
*/
#include "concolic.h"
#include "alloc.h"
#include "error.h"
#include "seeding/seed.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int sx_cc_new(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  sx_cc *cc = sx_calloc(ctx, sizeof *cc);
  if (!cc) return sx_error(ctx, SYMX_NOMEM, "symx_engine_new", "out of memory");
  cc->eng = eng;
  cc->ctx = ctx;
  cc->log.ctx = ctx;
  eng->cc = cc;
  if (!ctx->opts.concolic_cache) return SYMX_OK;
  const char *note;
  cc->cache = sx_ac_open(ctx, sx_option_str(ctx, SX_OPT_concolic_cache_dir),
                         sx_option_str(ctx, SX_OPT_concolic_cache_key), ctx->opts.concolic_cache_max,
                         &note);
  if (cc->cache && note) sx_cc_note(cc, "%s", note);
  return cc->cache ? SYMX_OK : symx_errcode(ctx);
}

void sx_cc_note(sx_cc *cc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = sx_vstrdupf(cc->ctx, fmt, ap);
  va_end(ap);
  char **v = s ? sx_realloc(cc->ctx, cc->notes, cc->nnotes * sizeof *v, (cc->nnotes + 1) * sizeof *v) : NULL;
  if (!v) {
    if (s) sx_strfree(cc->ctx, s);
    return;
  }
  cc->notes = v;
  v[cc->nnotes++] = s;
}

void sx_cc_free(symx_engine *eng) {
  sx_cc *cc = eng->cc;
  if (!cc) return;
  symx_ctx *ctx = eng->ctx;
  if (cc->template_payload && eng->vt.free) eng->vt.free(eng->vt.user, cc->template_payload);
  sx_clog_clear(&cc->log);
  symx_assign_free(cc->run_input);
  symx_assign_free(cc->repair);
  for (size_t i = 0; i < cc->qn; i++) sx_cc_exec_free(cc, cc->q[i]);
  sx_free(ctx, cc->q, cc->qcap * sizeof *cc->q);
  sx_free(ctx, cc->seen, cc->capseen * sizeof *cc->seen);
  sx_ac_close(cc->cache);
  symx_solver_free(cc->solver);
  for (size_t i = 0; i < cc->nnotes; i++) sx_strfree(ctx, cc->notes[i]);
  sx_free(ctx, cc->notes, cc->nnotes * sizeof *cc->notes);
  sx_free(ctx, cc, sizeof *cc);
  eng->cc = NULL;
}

static size_t nseeds(symx_engine *eng) { return eng->seeds ? SX_SIZE(eng->seeds->list) : 0; }

/* Run 1: the root, with the first seed's bytes (or none: zeros). */
int sx_cc_start(symx_engine *eng, sx_state *root) {
  sx_cc *cc = eng->cc;
  if (eng->vt.clone) {
    cc->template_payload = eng->vt.clone(eng->vt.user, root->payload);
    if (!cc->template_payload) return sx_error(eng->ctx, SYMX_NOMEM, "symx_engine_start", "out of memory");
  } else {
    cc->template_payload = root->payload; /* shared (no vtable): never freed */
  }
  cc->info = (symx_crun){1, 0, -1, -1, SYMX_CK_BRANCH, 0, 0};
  if (nseeds(eng)) {
    sx_state_set_witness(root, sx_assign_share(eng->seeds->list.begin[0].assign));
    cc->next_seed = 1;
    cc->info.seed = 0;
  }
  cc->run = root;
  cc->run_input = sx_assign_share(root->witness);
  cc->runs = 1;
  SX_INC(eng->ctx, concolic_runs);
  return SYMX_OK;
}

void sx_cc_ended(symx_engine *eng, sx_state *st) {
  sx_cc *cc = eng->cc;
  if (cc->run == st) cc->run = NULL;
}

/* A new run of input (the state takes the reference). */
static int launch(symx_engine *eng, sx_assign *input) {
  sx_cc *cc = eng->cc;
  symx_ctx *ctx = eng->ctx;
  void *p = eng->vt.clone ? eng->vt.clone(eng->vt.user, cc->template_payload) : cc->template_payload;
  sx_state *st = p ? sx_state_new(&eng->pools, eng, eng->next_id, p) : NULL;
  if (!st || sx_tree_root(&eng->tree, st) != SYMX_OK) {
    if (st) sx_state_destroy(&eng->pools, st);
    if (p && eng->vt.free) eng->vt.free(eng->vt.user, p);
    symx_assign_free(input);
    return sx_error(ctx, SYMX_NOMEM, "symx_engine_next", "out of memory");
  }
  eng->next_id++;
  sx_state_set_witness(st, input);
  sx_engine_count(eng, -1, SYMX_ST_ACTIVE);
  cc->run = st;
  cc->run_input = sx_assign_share(input);
  cc->runs++;
  SX_INC(ctx, concolic_runs);
  if (cc->info.tags & SYMX_TAG_NEW) SX_INC(ctx, concolic_runs_new);
  return SYMX_OK;
}

static bool over(symx_engine *eng) {
  const sx_options *o = &eng->ctx->opts;
  return eng->ctx->interrupted || sx_engine_time_up(eng) ||
         (o->max_instructions && eng->instructions >= (uint64_t)o->max_instructions) ||
         (o->concolic_max_runs && eng->cc->runs >= (uint64_t)o->concolic_max_runs);
}

/* The next input: a repaired run's, the seeds not run yet, then the search's. */
static int pick(sx_cc *cc, sx_assign **in) {
  symx_engine *eng = cc->eng;
  if (cc->repair) { /* it stands for the run it repairs: same parent and bound */
    *in = cc->repair;
    cc->repair = NULL;
    cc->info.number = cc->runs + 1;
    return SYMX_OK;
  }
  if (cc->next_seed < nseeds(eng)) {
    *in = sx_assign_share(eng->seeds->list.begin[cc->next_seed].assign);
    cc->info = (symx_crun){cc->runs + 1, 0, -1, (int64_t)cc->next_seed, SYMX_CK_BRANCH, 0, 0};
    cc->next_seed++;
    cc->run_bound = 0;
    return SYMX_OK;
  }
  return sx_cc_pick(cc, in, &cc->info, &cc->run_bound);
}

int sx_cc_next(symx_engine *eng, symx_state **out) {
  sx_cc *cc = eng->cc;
  if (cc->run) { /* the front end came back before the run ended */
    if (!over(eng)) {
      eng->current = cc->run;
      *out = cc->run;
      return SYMX_STATE;
    }
    bool dump = eng->ctx->opts.dump_states_on_halt != 0;
    sx_engine_end(eng, cc->run, SYMX_ST_TERMINATED, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, dump);
  }
  if (cc->run_input) { /* the last run ended: queue it for negation */
    int rc = sx_cc_finish(cc);
    if (rc != SYMX_OK) return rc;
  }
  if (over(eng)) return SYMX_DONE;
  sx_assign *in = NULL;
  int rc = pick(cc, &in);
  if (rc != SYMX_OK) return rc;
  if (!in) {
    eng->done = true;
    return SYMX_DONE;
  }
  if ((rc = launch(eng, in)) != SYMX_OK) return rc;
  eng->current = cc->run;
  *out = cc->run;
  return SYMX_STATE;
}

/* ---- the running state's calls ---- */

/* Logs (cond, taken) for st with the site set for it (used once). */
static int note(sx_state *st, sx_expr *cond, bool taken, symx_ck_kind kind) {
  symx_engine *eng = st->eng;
  sx_cc *cc = eng->cc;
  uint64_t site = cond->hash;
  uint32_t tags = sx_engine_site_tags(st, cond);
  if (eng->site_state == st->id) {
    site = eng->site;
    eng->site_state = 0;
  }
  if (sx_clog_push(&cc->log, cond, taken, (uint8_t)kind, site, tags) != SYMX_OK ||
      sx_state_add(&eng->pools, st, cond, !taken) != SYMX_OK)
    return sx_error(eng->ctx, SYMX_NOMEM, "symx_state_branch", "out of memory");
  SX_INC(eng->ctx, concolic_logged);
  return SYMX_OK;
}

int sx_cc_branch(sx_state *st, sx_expr *cond, symx_state **on_true, symx_state **on_false) {
  bool v = sx_is_const(cond) ? (cond->value & 1) : sx_holds(st->eng->ctx, cond, false, st->witness);
  int rc = sx_is_const(cond) ? SYMX_OK : note(st, cond, v, SYMX_CK_BRANCH);
  if (rc != SYMX_OK) return rc;
  if (v && on_true) *on_true = st;
  if (!v && on_false) *on_false = st;
  return SYMX_OK;
}

static symx_ck_kind check_kind(symx_error_kind k) {
  switch (k) {
  case SYMX_ERR_DIV_ZERO:
  case SYMX_ERR_OVERSHIFT: return SYMX_CK_DIVISION;
  case SYMX_ERR_OUT_OF_BOUNDS: return SYMX_CK_BOUNDS;
  case SYMX_ERR_NULL_DEREF:
  case SYMX_ERR_USE_AFTER_FREE:
  case SYMX_ERR_DOUBLE_FREE:
  case SYMX_ERR_INVALID_FREE: return SYMX_CK_POINTER;
  default: return SYMX_CK_ASSERTION;
  }
}

/* The run's input triggers an error: a test case, then the run ends. */
static int crash(sx_state *st, symx_error_kind kind, const char *msg, const char *func) {
  symx_engine *eng = st->eng;
  SX_INC(eng->ctx, errors);
  int rc = sx_engine_test_end(eng, st, st->witness, SYMX_END_ERROR, kind, msg, func);
  sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_ERROR, kind, msg, false);
  return rc == SYMX_OK ? SYMX_UNSAT : rc;
}

int sx_cc_check(sx_state *st, sx_expr *bad, symx_error_kind kind, const char *msg) {
  bool v = sx_is_const(bad) ? (bad->value & 1) : sx_holds(st->eng->ctx, bad, false, st->witness);
  if (!sx_is_const(bad)) {
    int rc = note(st, bad, v, check_kind(kind));
    if (rc != SYMX_OK) return rc;
  }
  return v ? crash(st, kind, msg, "symx_state_check") : SYMX_OK;
}

/* No input on st's path meets its assumption: KLEE's error (require) or
** the path ends. */
static int assume_failed(sx_state *st, bool require, const char *msg) {
  if (require) return crash(st, SYMX_ERR_USER, msg, "symx_state_require");
  sx_engine_end(st->eng, st, SYMX_ST_INFEASIBLE, SYMX_END_USER, SYMX_ERR_NONE, NULL, false);
  return SYMX_UNSAT;
}

int sx_cc_assume(sx_state *st, sx_expr *cond, bool require, const char *msg) {
  symx_engine *eng = st->eng;
  bool v = sx_is_const(cond) ? (cond->value & 1) : sx_holds(eng->ctx, cond, false, st->witness);
  if (sx_is_const(cond) && !v) return assume_failed(st, require, msg);
  if (v) return sx_is_const(cond) ? SYMX_OK : note(st, cond, true, SYMX_CK_ASSUME);
  /* The input is outside the assumed domain (an all-zero first input, a
  ** seed): an input on the same path that meets cond replaces the run. */
  sx_assign *w = NULL;
  int rc = sx_oracle_decide(&eng->oracle, st, cond, false, &w, "symx_state_assume");
  if (rc == SYMX_SAT) {
    symx_assign_free(eng->cc->repair);
    eng->cc->repair = w;
    SX_INC(eng->ctx, concolic_repairs);
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_USER, SYMX_ERR_NONE, NULL, false);
    return SYMX_UNKNOWN;
  }
  if (rc != SYMX_UNSAT && rc != SYMX_UNKNOWN) return rc;
  int logged = note(st, cond, false, SYMX_CK_ASSUME);
  return logged != SYMX_OK ? logged : assume_failed(st, require && rc == SYMX_UNSAT, msg);
}

int sx_cc_concretized(sx_state *st, sx_expr *eq) { return note(st, eq, true, SYMX_CK_CONCRETIZE); }

/* ---- public ---- */

const symx_clog *symx_state_clog(symx_state *st) {
  if (!st || !st->eng->cc) return NULL;
  sx_cc *cc = st->eng->cc;
  return cc->run == st || (st->status >= SYMX_ST_TERMINATED && cc->run == NULL) ? &cc->log : NULL;
}

int symx_engine_set_rank(symx_engine *eng, symx_ck_rank_fn fn, void *user) {
  if (!eng) return SYMX_MISUSE;
  if (eng->started) return SX_MISUSE(eng->ctx, "the rank is set before symx_engine_start");
  if (!eng->cc) return SX_MISUSE(eng->ctx, "the engine is not in concolic mode");
  eng->cc->rank = fn;
  eng->cc->rank_user = user;
  return SYMX_OK;
}

int symx_engine_concolic_run(symx_engine *eng, symx_crun *out) {
  if (!eng || !out) return SYMX_MISUSE;
  if (!eng->cc) return SX_MISUSE(eng->ctx, "the engine is not in concolic mode");
  *out = eng->cc->info;
  return SYMX_OK;
}

size_t symx_engine_concolic_notes(symx_engine *eng) { return eng && eng->cc ? eng->cc->nnotes : 0; }

const char *symx_engine_concolic_note(symx_engine *eng, size_t i) {
  return eng && eng->cc && i < eng->cc->nnotes ? eng->cc->notes[i] : NULL;
}
