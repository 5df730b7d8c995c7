/*
** seeds.c — seed-guided exploration (paper sections 2.2.2 and 4.7): each
** state carries the seeds still consistent with its path, split at every
** fork by evaluating the condition under each of them (O(seeds on the
** path) per fork; the path itself is never re-checked here). They give
** fast-sat tier b: a fork side some seed satisfies runs at once with that
** seed as its witness. Also the seeding phase's setup and the checks of
** symx_state_sensitive (ZESTI itself is searchers/zesti*.c).
*/
#include "seeds.h"
#include "engine.h"
#include "seeding/seed.h"

#include <string.h>

static size_t set_size(uint32_t cap) { return sizeof(sx_seedset) + (size_t)cap * sizeof(uint32_t); }

static sx_seedset *set_new(symx_ctx *ctx, const uint32_t *idx, uint32_t n) {
  sx_seedset *s = sx_alloc(ctx, set_size(n));
  if (!s) return NULL;
  s->n = s->cap = n;
  memcpy(s->idx, idx, (size_t)n * sizeof *idx);
  return s;
}

static void set_free(symx_ctx *ctx, sx_seedset *s) {
  if (s) sx_free(ctx, s, set_size(s->cap));
}

/* Seed i's bindings: those its path made when it is matched by position. */
static sx_assign *seed_at(symx_engine *eng, uint32_t i) {
  if (eng->sd.pos && eng->sd.pos[i].a) return eng->sd.pos[i].a;
  return eng->seeds->list.begin[i].assign;
}

sx_assign *sx_engine_seed_hook(void *user, sx_state *st, sx_expr *c, bool neg) {
  symx_engine *eng = user;
  sx_seedset *s = st->seeds;
  if (!s) return NULL;
  for (uint32_t k = 0; k < s->n; k++) {
    sx_assign *a = seed_at(eng, s->idx[k]);
    if (sx_holds(eng->ctx, c, neg, a)) return sx_assign_share(a);
  }
  return NULL;
}

int sx_engine_seeds_start(symx_engine *eng, sx_state *root) {
  symx_ctx *ctx = eng->ctx;
  sx_seeding *sd = &eng->sd;
  int rc = sx_zesti_start(&sd->zesti, ctx, &eng->env[1], eng->search);
  if (rc != SYMX_OK) return rc;
  size_t n = eng->seeds ? SX_SIZE(eng->seeds->list) : 0;
  if (!n) return SYMX_OK;
  if (n > UINT32_MAX) return sx_error(ctx, SYMX_RANGE, "symx_engine_start", "too many seeds");
  rc = sx_engine_seedpos_start(eng);
  if (rc != SYMX_OK) return rc;
  sx_seedset *s = sx_alloc(ctx, set_size((uint32_t)n));
  if (!s) return SYMX_NOMEM;
  s->n = s->cap = (uint32_t)n;
  for (uint32_t i = 0; i < s->n; i++) s->idx[i] = i;
  sx_searcher w;
  rc = sx_searcher_seeded(&eng->env[0], &eng->search[0], &w);
  if (rc != SYMX_OK) {
    eng->search[0] = (sx_searcher){{0}, NULL}; /* taken over and freed */
    set_free(ctx, s);
    return rc;
  }
  eng->search[0] = w;
  root->seeds = s;
  sd->on = sd->phase = true;
  /* The first path follows the first seed from the start, as KLEE's
  ** seeding does: its test case is the seed, and every state forked off it
  ** keeps the seed's bytes its condition does not constrain (a hybrid
  ** fuzzer's new inputs stay close to the seed); ZESTI needs it too, so
  ** that no path of the all-zero initial witness runs before the
  ** divergence points are bounded */
  sx_state_set_witness(root, sx_assign_share(seed_at(eng, 0)));
  return SYMX_OK;
}

void sx_engine_seeds_release(symx_engine *eng) {
  sx_zesti_release(&eng->sd.zesti, eng->ctx);
  sx_engine_seedpos_release(eng);
  SX_RELEASE(eng->ctx, eng->sd.scratch);
}

void sx_engine_seeds_drop(symx_engine *eng, sx_state *st) {
  set_free(eng->ctx, st->seeds);
  st->seeds = NULL;
}

void sx_engine_seeds_filter(symx_engine *eng, sx_state *st, sx_expr *c, bool neg) {
  sx_seedset *s = st->seeds;
  if (!s) return;
  uint32_t m = 0;
  for (uint32_t k = 0; k < s->n; k++)
    if (sx_holds(eng->ctx, c, neg, seed_at(eng, s->idx[k]))) s->idx[m++] = s->idx[k];
  s->n = m;
  if (!m) sx_engine_seeds_drop(eng, st);
}

void sx_engine_seeds_fork(symx_engine *eng, sx_state *st, sx_state *child, sx_expr *c,
                          bool wneg) {
  sx_seedset *s = st->seeds;
  if (!s) return;
  symx_ctx *ctx = eng->ctx;
  SX_CLEAR(eng->sd.scratch);
  uint32_t m = 0;
  for (uint32_t k = 0; k < s->n; k++) {
    uint32_t i = s->idx[k];
    if (sx_holds(ctx, c, wneg, seed_at(eng, i))) s->idx[m++] = i;
    else if (!SX_PUSH(ctx, eng->sd.scratch, i)) {
      /* out of memory: the child runs unseeded, the seed is dropped */
    }
  }
  s->n = m;
  if (!m) sx_engine_seeds_drop(eng, st);
  /* a pending child has no seed (else tier b would have made it active) */
  if (child->status == SYMX_ST_ACTIVE && !SX_EMPTY(eng->sd.scratch) && !child->seeds) {
    child->seeds = set_new(ctx, eng->sd.scratch.begin, (uint32_t)SX_SIZE(eng->sd.scratch));
    /* placed before the split: the seeded-first searcher re-files it */
    if (child->seeds && (child->flags & SX_SF_INSET)) sx_search_update(&eng->search[0], child);
  }
}

void sx_engine_seeds_follow(symx_engine *eng, sx_state *st, sx_expr *e) {
  if (!st->seeds) return;
  sx_assign *a = seed_at(eng, st->seeds->idx[0]);
  if (st->witness != a && sx_eval(eng->ctx, e, a) != sx_eval(eng->ctx, e, st->witness))
    sx_state_set_witness(st, sx_assign_share(a));
}

bool sx_engine_seeds_defer(symx_engine *eng, sx_state *st) {
  return eng->mode != SX_MODE_EAGER && eng->sd.phase && st->seeds != NULL;
}

int symx_state_sensitive(symx_state *st) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  if (st->status != SYMX_ST_ACTIVE) return SX_MISUSE(ctx, "the state is not active");
  /* the seed paths' operations count; without seeds, those of every path
  ** run before the first pending state is revived */
  if (eng->sd.on ? !st->seeds : eng->sd.zesti.bounded) return SYMX_OK;
  return sx_zesti_note(&eng->sd.zesti, ctx, st->depth, __func__);
}
