/*
** random_state.c — a uniformly random state.
*/
#include "searcher.h"
#include "stack.h"

typedef struct rs {
  symx_ctx *ctx;
  sx_rng *rng;
  SX_STACK(sx_state *) v;
  int slot;
} rs;

static int add(void *self, symx_state *st) {
  rs *s = self;
  if (!SX_PUSH(s->ctx, s->v, st)) return SYMX_NOMEM;
  st->pos[s->slot] = (uint32_t)(SX_SIZE(s->v) - 1);
  return SYMX_OK;
}
static void rem(void *self, symx_state *st) {
  rs *s = self;
  sx_state *last = SX_POP(s->v);
  if (last != st) {
    s->v.begin[st->pos[s->slot]] = last;
    last->pos[s->slot] = st->pos[s->slot];
  }
}
static symx_state *select_(void *self) {
  rs *s = self;
  size_t n = SX_SIZE(s->v);
  return n ? s->v.begin[sx_rng_below(s->rng, n)] : NULL;
}
static int empty(void *self) { return SX_EMPTY(((rs *)self)->v); }
static void destroy(void *self) {
  rs *s = self;
  SX_RELEASE(s->ctx, s->v);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_random_state(const sx_search_env *env, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  rs *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->rng = env->rng;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select_, empty, NULL, destroy}, s};
  return SYMX_OK;
}
