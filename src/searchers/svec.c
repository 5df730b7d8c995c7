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
