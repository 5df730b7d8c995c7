/*
** svec.c — the tombstoned state vector of dfs and bfs. Invariant: when
** live > 0, v[head] and v[end-1] are live, so front and back are O(1).
*/
#include "svec.h"

static void compact(sx_svec *s) {
  size_t k = 0, n = SX_SIZE(s->v);
  for (size_t i = s->head; i < n; i++) {
    sx_state *st = s->v.begin[i];
    if (!st) continue;
    st->pos[s->slot] = (uint32_t)k;
    s->v.begin[k++] = st;
  }
  s->v.end = s->v.begin + k;
  s->head = 0;
}

int sx_svec_push(sx_svec *s, sx_state *st) {
  if (SX_SIZE(s->v) >= UINT32_MAX - 1) return SYMX_NOMEM;
  if (!SX_PUSH(s->ctx, s->v, st)) return SYMX_NOMEM;
  st->pos[s->slot] = (uint32_t)(SX_SIZE(s->v) - 1);
  if (!s->live) s->head = SX_SIZE(s->v) - 1;
  s->live++;
  return SYMX_OK;
}

void sx_svec_remove(sx_svec *s, sx_state *st) {
  size_t i = st->pos[s->slot];
  s->v.begin[i] = NULL;
  s->live--;
  if (!s->live) {
    SX_CLEAR(s->v);
    s->head = 0;
    return;
  }
  while (!s->v.end[-1]) s->v.end--;
  while (!s->v.begin[s->head]) s->head++;
  if (SX_SIZE(s->v) - s->head > 2 * s->live + 16 || s->head > SX_SIZE(s->v) / 2 + 16) compact(s);
}

void sx_svec_release(sx_svec *s) { SX_RELEASE(s->ctx, s->v); }

static int add(void *self, symx_state *st) { return sx_svec_push(self, st); }
static void rem(void *self, symx_state *st) { sx_svec_remove(self, st); }
static int empty(void *self) { return ((sx_svec *)self)->live == 0; }
static void destroy(void *self) {
  sx_svec *s = self;
  sx_svec_release(s);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_svec_searcher(const sx_search_env *env, symx_state *(*select)(void *self),
                     void (*update)(void *self, symx_state *st), sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  sx_svec *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select, empty, update, destroy}, s};
  return SYMX_OK;
}
