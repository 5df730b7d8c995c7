/*
** weighted.c — non-uniform random search (KLEE's NURS): a state is chosen
** with probability weight / total. Weights sit in the leaves of a segment
** tree whose inner nodes hold subtree sums, recomputed from the children on
** every change (no floating-point drift), so add, remove, update and select
** are O(log n). Kinds: nurs:depth (depth + 1), nurs:rp (2^-depth), user,
** sdse-pr (1/distance to a target: Otter's SDSE-pr).
*/
#include "searcher.h"

#include <math.h>

typedef struct wr {
  symx_ctx *ctx;
  sx_rng *rng;
  const sx_search_env *env; /* the user weight is read through it */
  int kind, slot;
  size_t cap;       /* leaves, a power of two */
  double *sum;      /* [1, 2cap): sums; leaf i at cap + i */
  sx_state **at;    /* leaf i -> state */
  sx_leaves lv;
  size_t n;
} wr;

static double weight(wr *s, sx_state *st) {
  double w;
  switch (s->kind) {
  case 0: w = (double)st->depth + 1.0; break;
  case 1: w = ldexp(1.0, -(int)(st->depth < 1000 ? st->depth : 1000)); break;
  case 3: {
    uint64_t d = sx_search_distance(s->env, st, SYMX_TARGET_ANY);
    w = d == SYMX_DIST_INF ? 0.0 : 1.0 / (double)(d ? d : 1);
    break;
  }
  default: w = s->env->weight ? s->env->weight(s->env->weight_user, st) : 1.0;
  }
  /* a zero, negative or NaN weight would make a member unreachable */
  if (!(w > 1e-300) || isinf(w)) w = w > 1e-300 ? 1e300 : 1e-300;
  return w;
}

static void set(wr *s, size_t leaf, double w) {
  size_t i = s->cap + leaf;
  s->sum[i] = w;
  for (i /= 2; i; i /= 2) s->sum[i] = s->sum[2 * i] + s->sum[2 * i + 1];
}

static int grow(wr *s) {
  size_t ncap = s->cap ? s->cap * 2 : 64;
  if (ncap > UINT32_MAX) return SYMX_NOMEM;
  double *sum = sx_calloc(s->ctx, 2 * ncap * sizeof *sum);
  sx_state **at = sx_calloc(s->ctx, ncap * sizeof *at);
  uint32_t *fr = sx_alloc(s->ctx, ncap * sizeof *fr);
  if (!sum || !at || !fr) {
    sx_free(s->ctx, sum, sum ? 2 * ncap * sizeof *sum : 0);
    sx_free(s->ctx, at, at ? ncap * sizeof *at : 0);
    sx_free(s->ctx, fr, fr ? ncap * sizeof *fr : 0);
    return SYMX_NOMEM;
  }
  for (size_t i = 0; i < s->cap; i++) {
    sum[ncap + i] = s->sum[s->cap + i];
    at[i] = s->at[i];
  }
  for (size_t i = ncap - 1; i; i--) sum[i] = sum[2 * i] + sum[2 * i + 1];
  for (size_t i = 0; i < s->lv.nfree; i++) fr[i] = s->lv.free_[i];
  sx_free(s->ctx, s->sum, 2 * s->cap * sizeof *s->sum);
  sx_free(s->ctx, s->at, s->cap * sizeof *s->at);
  sx_free(s->ctx, s->lv.free_, s->cap * sizeof *s->lv.free_);
  s->sum = sum;
  s->at = at;
  s->lv.free_ = fr;
  s->cap = ncap;
  return SYMX_OK;
}

static int add(void *self, symx_state *st) {
  wr *s = self;
  size_t leaf = sx_leaves_take(&s->lv, s->cap);
  if (leaf == SIZE_MAX) {
    if (grow(s) != SYMX_OK) return SYMX_NOMEM;
    leaf = sx_leaves_take(&s->lv, s->cap);
  }
  s->at[leaf] = st;
  st->pos[s->slot] = (uint32_t)leaf;
  set(s, leaf, weight(s, st));
  s->n++;
  return SYMX_OK;
}

static void rem(void *self, symx_state *st) {
  wr *s = self;
  size_t leaf = st->pos[s->slot];
  s->at[leaf] = NULL;
  set(s, leaf, 0.0);
  sx_leaves_put(&s->lv, leaf);
  s->n--;
}

static void update(void *self, symx_state *st) {
  wr *s = self;
  set(s, st->pos[s->slot], weight(s, st));
}

static symx_state *select_(void *self) {
  wr *s = self;
  if (!s->n) return NULL;
  double r = sx_rng_unit(s->rng) * s->sum[1];
  size_t i = 1;
  while (i < s->cap) {
    double l = s->sum[2 * i], rt = s->sum[2 * i + 1];
    /* rounding may point at an empty side: take the other one */
    if ((r < l && l > 0) || rt <= 0) {
      i = 2 * i;
    } else {
      r -= l;
      i = 2 * i + 1;
    }
  }
  return s->at[i - s->cap];
}

static int empty(void *self) { return ((wr *)self)->n == 0; }

static void destroy(void *self) {
  wr *s = self;
  sx_free(s->ctx, s->sum, 2 * s->cap * sizeof *s->sum);
  sx_free(s->ctx, s->at, s->cap * sizeof *s->at);
  sx_free(s->ctx, s->lv.free_, s->cap * sizeof *s->lv.free_);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_weighted(const sx_search_env *env, int kind, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  wr *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->rng = env->rng;
  s->env = env;
  s->kind = kind;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
