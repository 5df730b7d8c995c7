/*
** map.c — open-addressing hash map from key pairs to 32-bit values.
*/
#include "map.h"
#include "alloc.h"
#include "hash.h"

#include <string.h>

static size_t slot_of(const sx_map *m, uint64_t k1, uint64_t k2) {
  return sx_hash_mix(sx_hash_mix(0x51ed27ull, k1), k2) & (m->cap - 1);
}

uint32_t sx_map_get(const sx_map *m, uint64_t k1, uint64_t k2) {
  if (!m->cap) return UINT32_MAX;
  for (size_t i = slot_of(m, k1, k2);; i = (i + 1) & (m->cap - 1)) {
    const sx_map_slot *s = &m->slots[i];
    if (s->val == UINT32_MAX) return UINT32_MAX;
    if (s->k1 == k1 && s->k2 == k2) return s->val;
  }
}

static bool grow(symx_ctx *ctx, sx_map *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  sx_map_slot *ns = sx_alloc(ctx, ncap * sizeof *ns);
  if (!ns) return false;
  memset(ns, 0xff, ncap * sizeof *ns); /* every val = UINT32_MAX */
  sx_map old = *m;
  m->slots = ns;
  m->cap = ncap;
  for (size_t i = 0; i < old.cap; i++) {
    sx_map_slot *s = &old.slots[i];
    if (s->val == UINT32_MAX) continue;
    size_t j = slot_of(m, s->k1, s->k2);
    while (ns[j].val != UINT32_MAX) j = (j + 1) & (ncap - 1);
    ns[j] = *s;
  }
  sx_free(ctx, old.slots, old.cap * sizeof *old.slots);
  return true;
}

bool sx_map_put(symx_ctx *ctx, sx_map *m, uint64_t k1, uint64_t k2, uint32_t val) {
  if ((m->count + 1) * 2 > m->cap && !grow(ctx, m)) return false;
  size_t i = slot_of(m, k1, k2);
  for (;; i = (i + 1) & (m->cap - 1)) {
    sx_map_slot *s = &m->slots[i];
    if (s->val == UINT32_MAX) {
      s->k1 = k1;
      s->k2 = k2;
      s->val = val;
      m->count++;
      return true;
    }
    if (s->k1 == k1 && s->k2 == k2) {
      s->val = val;
      return true;
    }
  }
}

void sx_map_clear(sx_map *m) {
  if (m->cap) memset(m->slots, 0xff, m->cap * sizeof *m->slots);
  m->count = 0;
}

void sx_map_free(symx_ctx *ctx, sx_map *m) {
  sx_free(ctx, m->slots, m->cap * sizeof *m->slots);
  m->slots = NULL;
  m->cap = m->count = 0;
}
