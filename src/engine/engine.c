/*
** engine.c — creating and freeing engines, the initial state, the
** settings a front end may change before starting, and the bookkeeping of
** which set (feasible or pending) a state is in.
*/
#include "engine.h"
#include "alloc.h"
#include "error.h"
#include "stats.h"
#include "concolic/concolic.h"

#include <string.h>

/* The host pending/ forks through (sx_pending_host). */
static int h_place(void *u, sx_state *st) { return sx_engine_place(u, st); }
static void h_unplace(void *u, sx_state *st) { sx_engine_unplace(u, st); }
static void h_count(void *u, int from, int to) { sx_engine_count(u, from, to); }
static void h_drop(void *u, sx_state *st) {
  sx_engine_end(u, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
}
static void h_seeds_fork(void *u, sx_state *st, sx_state *child, sx_expr *c, bool wneg) {
  sx_engine_seeds_fork(u, st, child, c, wneg);
}
static void h_seeds_filter(void *u, sx_state *st, sx_expr *c, bool neg) {
  sx_engine_seeds_filter(u, st, c, neg);
}

symx_engine *symx_engine_new(symx_ctx *ctx) {
  if (!ctx) return NULL;
  symx_engine *eng = sx_calloc(ctx, sizeof *eng);
  if (!eng) {
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  eng->ctx = ctx;
  eng->mode = (int)ctx->opts.mode;
  eng->next_id = 1;
  sx_rng_seed(&eng->rng, (uint64_t)ctx->opts.rng_seed);
  sx_rng_seed(&eng->front_rng, ~(uint64_t)ctx->opts.rng_seed); /* another stream */
  sx_pools_init(&eng->pools, ctx);
  sx_tree_init(&eng->tree, &eng->pools);
  sx_oracle_init(&eng->oracle, &eng->pools);
  eng->fs.seed = sx_engine_seed_hook;
  eng->fs.seed_user = eng;
  /* tier c at fork time costs a cache lookup per fork and revives children
  ** before the pending states that matter (fig1: 16x instead of 21x fewer
  ** instructions than eager); off by default, the cache is always asked
  ** before the solver when a pending state is revived */
  eng->fs.cex = ctx->opts.fastsat_cex_fork ? sx_fastsat_chain : NULL;
  eng->fs.cex_user = &eng->oracle;
  eng->host = (sx_pending_host){.ctx = ctx, .pools = &eng->pools, .tree = &eng->tree,
                                .fs = &eng->fs, .vt = &eng->vt, .next_id = &eng->next_id,
                                .user = eng, .place = h_place, .unplace = h_unplace,
                                .count = h_count, .drop = h_drop, .seeds_fork = h_seeds_fork,
                                .seeds_filter = h_seeds_filter};
  for (int i = 0; i < 2; i++) {
    eng->env[i] = (sx_search_env){ctx, &eng->rng, &eng->tree, &eng->instructions, NULL, NULL,
                                  &eng->slots[i], NULL, NULL, 0};
  }
  if (sx_searcher_create(&eng->env[0], sx_option_str(ctx, SX_OPT_search), &eng->search[0],
                         __func__) != SYMX_OK ||
      sx_searcher_create(&eng->env[1], sx_option_str(ctx, SX_OPT_pending_search),
                         &eng->search[1], __func__) != SYMX_OK) {
    if (symx_errcode(ctx) == SYMX_OK) sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    symx_engine_free(eng);
    return NULL;
  }
  if (eng->mode == SX_MODE_CONCOLIC && sx_cc_new(eng) != SYMX_OK) {
    symx_engine_free(eng);
    return NULL;
  }
  return eng;
}

void sx_engine_destroy_state(symx_engine *eng, sx_state *st) {
  if (st->payload && eng->vt.free) eng->vt.free(eng->vt.user, st->payload);
  sx_engine_seeds_drop(eng, st);
  sx_state_destroy(&eng->pools, st);
}

static void destroy_live(void *user, sx_state *st) {
  symx_engine *eng = user;
  sx_engine_count(eng, st->status, SYMX_ST_TERMINATED);
  sx_engine_destroy_state(eng, st);
}

void symx_engine_free(symx_engine *eng) {
  if (!eng) return;
  symx_ctx *ctx = eng->ctx;
  for (int i = 0; i < 2; i++) sx_search_free(&eng->search[i]);
  /* every live state is a leaf of the tree */
  sx_tree_free(&eng->tree, destroy_live, eng);
  sx_engine_reap(eng);
  SX_RELEASE(ctx, eng->dead);
  SX_RELEASE(ctx, eng->fresh);
  SX_RELEASE(ctx, eng->retry);
  SX_RELEASE(ctx, eng->scratch);
  sx_engine_tests_free(eng);
  sx_cc_free(eng);
  sx_oracle_release(&eng->oracle);
  sx_engine_seeds_release(eng);
  sx_pools_release(&eng->pools);
  sx_free(ctx, eng, sizeof *eng);
}

symx_ctx *symx_engine_ctx(symx_engine *eng) { return eng ? eng->ctx : NULL; }

int symx_engine_start(symx_engine *eng, void *payload, const symx_payload_vt *vt) {
  if (!eng) return SYMX_MISUSE;
  symx_ctx *ctx = eng->ctx;
  if (eng->started) return SX_MISUSE(ctx, "the engine was already started");
  if (vt && vt->free && !vt->clone)
    return SX_MISUSE(ctx, "a payload vtable with free needs clone (shared payloads would be freed twice)");
  if (vt) eng->vt = *vt;
  sx_state *st = sx_state_new(&eng->pools, eng, eng->next_id, payload);
  if (!st) return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  if (sx_tree_root(&eng->tree, st) != SYMX_OK) {
    sx_state_destroy(&eng->pools, st); /* the payload stays the caller's */
    return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  }
  int rc = eng->cc ? sx_cc_start(eng, st) : sx_engine_seeds_start(eng, st);
  /* fixed for the run: place and unplace must agree on a state's set */
  eng->joint = ctx->opts.pending_joint && eng->mode != SX_MODE_EAGER && !eng->cc && !eng->sd.on &&
               !eng->sd.zesti.on;
  if (rc != SYMX_OK || sx_engine_place(eng, st) != SYMX_OK) {
    sx_engine_seeds_drop(eng, st);
    sx_tree_remove(&eng->tree, st);
    sx_state_destroy(&eng->pools, st);
    if (rc != SYMX_OK && rc != SYMX_NOMEM) return rc; /* recorded by the seeding setup */
    return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  }
  eng->next_id++;
  sx_engine_count(eng, -1, SYMX_ST_ACTIVE);
  eng->started = true;
  eng->start_ns = eng->last_progress_ns = sx_now_ns();
  eng->oracle.start_ns = eng->start_ns; /* solver calls end with the run */
  eng->oracle.start_cpu_ns = sx_cpu_ns();
  sx_engine_memcap_start(eng);
  return SYMX_OK;
}

bool sx_engine_time_up(const symx_engine *eng) {
  uint64_t end = sx_oracle_run_end(&eng->oracle);
  return end && sx_now_ns() >= end;
}

void sx_engine_count(symx_engine *eng, int from, int to) {
  symx_ctx *ctx = eng->ctx;
  if (from == SYMX_ST_ACTIVE) eng->nactive--;
  if (from == SYMX_ST_PENDING) eng->npending--;
  if (to == SYMX_ST_ACTIVE) eng->nactive++;
  if (to == SYMX_ST_PENDING) eng->npending++;
  SX_GET(ctx, states_live) = eng->nactive + eng->npending;
  SX_GET(ctx, states_pending) = eng->npending;
  if (SX_GET(ctx, states_live) > SX_GET(ctx, states_max)) SX_GET(ctx, states_max) = SX_GET(ctx, states_live);
}

/* The searcher a state belongs in: the pending one for a pending state,
** unless pending_joint puts every state in the one searcher. */
static sx_searcher *set_of(symx_engine *eng, const sx_state *st) {
  return &eng->search[st->status == SYMX_ST_PENDING && !eng->joint];
}

int sx_engine_place(symx_engine *eng, sx_state *st) {
  sx_searcher *s = set_of(eng, st);
  if (sx_search_add(s, st) != SYMX_OK) return SYMX_NOMEM;
  st->flags |= SX_SF_INSET;
  /* (out of memory: its key stays the fork's) */
  if (!(st->flags & SX_SF_FRESH) && SX_PUSH(eng->ctx, eng->fresh, st)) st->flags |= SX_SF_FRESH;
  return SYMX_OK;
}

void sx_engine_unplace(symx_engine *eng, sx_state *st) {
  if (st->flags & SX_SF_FRESH) {
    for (size_t i = 0; i < SX_SIZE(eng->fresh); i++)
      if (SX_AT(eng->fresh, i) == st) {
        SX_AT(eng->fresh, i) = SX_POP(eng->fresh);
        break;
      }
    st->flags &= (uint8_t)~SX_SF_FRESH;
  }
  if (!(st->flags & SX_SF_INSET)) return;
  sx_search_remove(set_of(eng, st), st);
  st->flags &= (uint8_t)~SX_SF_INSET;
}

void sx_engine_rekey_fresh(symx_engine *eng) {
  while (!SX_EMPTY(eng->fresh)) {
    sx_state *st = SX_POP(eng->fresh);
    st->flags &= (uint8_t)~SX_SF_FRESH;
    sx_search_update(set_of(eng, st), st);
  }
}

void sx_engine_reap(symx_engine *eng) {
  while (!SX_EMPTY(eng->dead)) sx_engine_destroy_state(eng, SX_POP(eng->dead));
}

size_t symx_engine_count(symx_engine *eng, symx_status status) {
  if (!eng) return 0;
  switch (status) {
  case SYMX_ST_ACTIVE: return eng->nactive;
  case SYMX_ST_PENDING: return eng->npending;
  default: {
    size_t n = 0;
    for (sx_state **p = eng->dead.begin; p < eng->dead.end; p++) n += (*p)->status == status;
    return n;
  }
  }
}

int symx_engine_set_searcher(symx_engine *eng, int pending, const symx_searcher_vt *vt,
                             void *self) {
  if (!eng) {
    if (vt && vt->free) vt->free(self);
    return SYMX_MISUSE;
  }
  int rc = SYMX_OK;
  if (eng->started) rc = SX_MISUSE(eng->ctx, "searchers are set before symx_engine_start");
  else if (!vt || !vt->add || !vt->remove || !vt->select || !vt->empty)
    rc = SX_MISUSE(eng->ctx, "a searcher needs add, remove, select and empty");
  if (rc != SYMX_OK) {
    if (vt && vt->free) vt->free(self);
    return rc;
  }
  sx_searcher *s = &eng->search[pending != 0];
  sx_search_free(s);
  s->vt = *vt;
  s->self = self;
  return SYMX_OK;
}

int symx_engine_set_weight(symx_engine *eng, symx_weight_fn fn, void *user) {
  if (!eng) return SYMX_MISUSE;
  for (int i = 0; i < 2; i++) {
    eng->env[i].weight = fn;
    eng->env[i].weight_user = user;
  }
  return SYMX_OK;
}

int symx_engine_set_distance(symx_engine *eng, symx_distance_fn fn, size_t ntargets, void *user) {
  if (!eng) return SYMX_MISUSE;
  if (eng->started) return SX_MISUSE(eng->ctx, "the distance is set before symx_engine_start");
  for (int i = 0; i < 2; i++) {
    eng->env[i].distance = fn;
    eng->env[i].distance_user = user;
    eng->env[i].ntargets = fn ? ntargets : 0;
  }
  return SYMX_OK;
}

static void reread(void *user, sx_state *st) {
  symx_engine *eng = user;
  if (st->flags & SX_SF_INSET) sx_search_update(set_of(eng, st), st);
}

int symx_engine_distances_changed(symx_engine *eng) {
  if (!eng) return SYMX_MISUSE;
  sx_tree_foreach(&eng->tree, reread, eng);
  return SYMX_OK;
}

int symx_engine_set_seeds(symx_engine *eng, const symx_seeds *seeds) {
  if (!eng) return SYMX_MISUSE;
  if (eng->started) return SX_MISUSE(eng->ctx, "seeds are set before symx_engine_start");
  eng->seeds = seeds;
  return SYMX_OK;
}

int symx_engine_on_progress(symx_engine *eng, symx_progress_fn fn, void *user,
                            unsigned interval_ms) {
  if (!eng) return SYMX_MISUSE;
  eng->progress = fn;
  eng->progress_user = user;
  eng->progress_interval_ns = (uint64_t)interval_ms * 1000000u;
  return SYMX_OK;
}

int symx_engine_on_test(symx_engine *eng, symx_test_fn fn, void *user) {
  if (!eng) return SYMX_MISUSE;
  eng->on_test = fn;
  eng->on_test_user = user;
  return SYMX_OK;
}

char *symx_engine_stats_json(symx_engine *eng) { return eng ? symx_stats_json(eng->ctx) : NULL; }

void sx_engine_set_checker(symx_engine *eng, sx_check_fn fn, void *user) {
  eng->oracle.check = fn;
  eng->oracle.check_user = user;
}

/* State accessors. */
void *symx_state_payload(symx_state *st) { return st ? st->payload : NULL; }
uint64_t symx_state_id(const symx_state *st) { return st ? st->id : 0; }
unsigned symx_state_depth(const symx_state *st) { return st ? st->depth : 0; }
symx_status symx_state_status(const symx_state *st) {
  return st ? (symx_status)st->status : SYMX_ST_INFEASIBLE;
}
symx_reason symx_state_reason(const symx_state *st) {
  return st ? (symx_reason)st->reason : SYMX_END_USER;
}
symx_engine *symx_state_engine(symx_state *st) { return st ? st->eng : NULL; }
size_t symx_state_nconstraints(const symx_state *st) { return st ? sx_clist_len(st->cs) : 0; }
symx_expr *symx_state_path_condition(symx_state *st) {
  if (!st) return NULL;
  symx_ctx *ctx = st->eng->ctx;
  symx_expr *all = symx_true(ctx);
  for (const sx_clist *l = st->cs; l && all; l = l->next) {
    symx_expr *c = l->neg ? symx_not(ctx, l->c) : symx_expr_retain(l->c);
    symx_expr *a = c ? symx_bool_and(ctx, c, all) : NULL;
    symx_expr_release(c);
    symx_expr_release(all);
    all = a;
  }
  return all;
}

/* The path constraints in path order, printed as SMT-LIB2 (0), KQuery (1)
** or CVC (2). */
static char *state_print(symx_state *st, int format) {
  if (!st) return NULL;
  symx_ctx *ctx = st->eng->ctx;
  uint32_t n = sx_clist_len(st->cs);
  sx_expr **cs = sx_alloc(ctx, (n ? n : 1) * sizeof *cs);
  if (!cs) {
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  uint32_t k = n;
  bool ok = true;
  /* the list is newest first: the script gives them in path order */
  for (const sx_clist *l = st->cs; l && ok; l = l->next) {
    cs[--k] = l->neg ? symx_not(ctx, l->c) : symx_expr_retain(l->c);
    ok = cs[k] != NULL;
  }
  char *text = !ok            ? NULL
               : format == 2 ? symx_cvc_query(ctx, cs + k, n - k)
               : format      ? symx_kquery_query(ctx, cs + k, n - k, NULL)
                             : symx_smt2_query(ctx, cs + k, n - k);
  for (uint32_t i = k; i < n; i++) symx_expr_release(cs[i]);
  sx_free(ctx, cs, (n ? n : 1) * sizeof *cs);
  return text;
}
char *symx_state_smt2(symx_state *st) { return state_print(st, 0); }
char *symx_state_kquery(symx_state *st) { return state_print(st, 1); }
char *symx_state_cvc(symx_state *st) { return state_print(st, 2); }

const symx_assign *symx_state_witness(symx_state *st) {
  if (!st || (st->status != SYMX_ST_ACTIVE && st->status != SYMX_ST_TERMINATED)) return NULL;
  return st->witness;
}
int symx_state_step(symx_state *st, uint64_t n) {
  if (!st) return 0;
  symx_engine *eng = st->eng;
  eng->instructions += n;
  SX_ADD(eng->ctx, instructions, n);
  uint64_t slice = (uint64_t)eng->ctx->opts.slice_instructions;
  return slice && eng->instructions - eng->slice_start >= slice;
}
void symx_state_covered_new(symx_state *st) {
  if (st) st->flags |= SX_SF_COVNEW;
}

uint64_t symx_engine_random(symx_engine *eng, uint64_t n) {
  if (!eng || !n) return 0;
  return sx_rng_below(&eng->front_rng, n);
}
