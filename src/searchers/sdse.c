/*
** sdse.c — Otter's shortest-distance symbolic execution: the state nearest
** to a target first ("sdse"), or in turn the state nearest to each target
** ("sdse-rr", Otter's SDSE-rr for several targets). Distances come from the
** front end (symx_engine_set_distance) and are cached per member, re-read
** on update. Members sit in the leaves of one tournament tree per target
** column whose inner nodes hold the leaf of the smallest (distance, tie)
** below them, so add, remove, update and select are O(columns x log n).
** Ties (Otter leaves them open): the state selected last goes on, once it
** has run (been updated), while it is at the best distance, so a pick
** again (at each symbolic branch, or at a fork whose other side is pending
** and may be infeasible: eager mode has no fork there) changes the order
** only when a nearer state has come.
** Other ties go by a random number keyed by the state's id and the RNG
** seed: deterministic per seed, and the same in the pending searcher, so
** the engine's directed revival breaks a tie between the two picks as one
** searcher over both sets would.
*/
#include "searcher.h"

#define NONE UINT32_MAX

typedef struct sd {
  symx_ctx *ctx;
  const sx_search_env *env;
  int slot, rr;
  size_t k;          /* columns: 1 (nearest target) or one per target */
  size_t turn;       /* sdse-rr: the column asked next */
  size_t cap;        /* leaves, a power of two */
  uint64_t *key;     /* [col * cap + leaf]: the distance */
  uint32_t *win;     /* [col * 2cap + node]: the best leaf below node, NONE */
  uint64_t *tie;     /* [leaf] */
  sx_state **at;     /* leaf -> state */
  sx_leaves lv;
  size_t n;
  sx_state *last;    /* selected last, while a member */
  bool ran;          /* last was updated since (it ran: the engine updates the
                     ** state it ran; a pick the engine only looked at is not) */
} sd;

/* Whether leaf a beats leaf b in column c (NONE loses). */
static bool better(const sd *s, size_t c, uint32_t a, uint32_t b) {
  if (a == NONE) return false;
  if (b == NONE) return true;
  uint64_t ka = s->key[c * s->cap + a], kb = s->key[c * s->cap + b];
  return ka != kb ? ka < kb : s->tie[a] < s->tie[b];
}

static void fix(sd *s, size_t c, size_t leaf) {
  uint32_t *w = s->win + c * 2 * s->cap;
  size_t i = s->cap + leaf;
  w[i] = s->at[leaf] ? (uint32_t)leaf : NONE;
  for (i /= 2; i; i /= 2) w[i] = better(s, c, w[2 * i + 1], w[2 * i]) ? w[2 * i + 1] : w[2 * i];
}

static size_t target_of(const sd *s, size_t c) { return s->k == 1 ? SYMX_TARGET_ANY : c; }

static void rekey(sd *s, size_t leaf) {
  for (size_t c = 0; c < s->k; c++) {
    s->key[c * s->cap + leaf] = sx_search_distance(s->env, s->at[leaf], target_of(s, c));
    fix(s, c, leaf);
  }
}

#define FREE(p, n) sx_free(s->ctx, p, p ? (n) * sizeof *p : 0)
static void release(sd *s) {
  FREE(s->key, s->k * s->cap);
  FREE(s->win, s->k * 2 * s->cap);
  FREE(s->tie, s->cap);
  FREE(s->at, s->cap);
  FREE(s->lv.free_, s->cap);
}
#undef FREE

/* Doubles the leaves (the first time: fixes the columns). */
static int grow(sd *s) {
  if (!s->cap) s->k = s->rr && s->env->ntargets > 1 ? s->env->ntargets : 1;
  size_t nc = s->cap ? s->cap * 2 : 64;
  if (nc > UINT32_MAX / 2 || s->k > SIZE_MAX / (4 * nc * sizeof(uint64_t))) return SYMX_NOMEM;
  sd t = *s;
  t.cap = nc;
  t.key = sx_calloc(s->ctx, s->k * nc * sizeof *t.key);
  t.win = sx_alloc(s->ctx, s->k * 2 * nc * sizeof *t.win);
  t.tie = sx_calloc(s->ctx, nc * sizeof *t.tie);
  t.at = sx_calloc(s->ctx, nc * sizeof *t.at);
  t.lv.free_ = sx_alloc(s->ctx, nc * sizeof *t.lv.free_);
  if (!t.key || !t.win || !t.tie || !t.at || !t.lv.free_) {
    release(&t);
    return SYMX_NOMEM;
  }
  for (size_t i = 0; i < s->cap; i++) {
    t.tie[i] = s->tie[i];
    t.at[i] = s->at[i];
    for (size_t c = 0; c < s->k; c++) t.key[c * nc + i] = s->key[c * s->cap + i];
  }
  for (size_t i = 0; i < s->lv.nfree; i++) t.lv.free_[i] = s->lv.free_[i];
  for (size_t c = 0; c < s->k; c++) {
    uint32_t *w = t.win + c * 2 * nc;
    for (size_t i = 0; i < nc; i++) w[nc + i] = t.at[i] ? (uint32_t)i : NONE;
    for (size_t i = nc - 1; i; i--) w[i] = better(&t, c, w[2 * i + 1], w[2 * i]) ? w[2 * i + 1] : w[2 * i];
  }
  release(s);
  *s = t;
  return SYMX_OK;
}

static int add(void *self, symx_state *st) {
  sd *s = self;
  size_t leaf = sx_leaves_take(&s->lv, s->cap);
  if (leaf == SIZE_MAX) {
    if (grow(s) != SYMX_OK) return SYMX_NOMEM;
    leaf = sx_leaves_take(&s->lv, s->cap);
  }
  s->at[leaf] = st;
  s->tie[leaf] = sx_search_tie(s->env, st);
  st->pos[s->slot] = (uint32_t)leaf;
  rekey(s, leaf);
  s->n++;
  return SYMX_OK;
}

static void rem(void *self, symx_state *st) {
  sd *s = self;
  size_t leaf = st->pos[s->slot];
  s->at[leaf] = NULL;
  if (s->last == st) s->last = NULL;
  for (size_t c = 0; c < s->k; c++) fix(s, c, leaf);
  sx_leaves_put(&s->lv, leaf);
  s->n--;
}

static void update(void *self, symx_state *st) {
  sd *s = self;
  if (st == s->last) s->ran = true;
  rekey(s, st->pos[s->slot]);
}

/* sdse: the root's leaf. sdse-rr: the next target in turn that some member
** can reach (none can reach any: column 0's, i.e. by the tie). */
static symx_state *select_(void *self) {
  sd *s = self;
  if (!s->n) return NULL;
  size_t col = 0;
  for (size_t j = 0; j < s->k; j++) {
    size_t c = (s->turn + j) % s->k;
    uint32_t best = s->win[c * 2 * s->cap + 1];
    if (s->key[c * s->cap + best] != SYMX_DIST_INF) {
      col = c;
      s->turn = c + 1;
      break;
    }
  }
  uint32_t best = s->win[col * 2 * s->cap + 1];
  if (s->last && s->ran && s->key[col * s->cap + s->last->pos[s->slot]] == s->key[col * s->cap + best])
    return s->last; /* it ran, and it is at the best distance still: it goes on (see the top) */
  s->ran = false;
  return s->last = s->at[best];
}

static int empty(void *self) { return ((sd *)self)->n == 0; }

static void destroy(void *self) {
  sd *s = self;
  release(s);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_sdse(const sx_search_env *env, int rr, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  sd *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->env = env;
  s->slot = slot;
  s->rr = rr;
  s->k = 1;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
