/*
** pmap.c — the pointer -> u32 map of pmap.h: linear probing in a power-of-two
** table kept at most half full.
*/
#include "pmap.h"

#include <stdlib.h>
#include <string.h>

static uint32_t phash(const void *p, uint32_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (uint32_t)(h >> 32) & (cap - 1);
}

static int pmap_grow(sxl_pmap *m) {
  sxl_pmap old = *m;
  m->cap = old.cap ? old.cap * 2 : 64;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->vals = calloc(m->cap, sizeof *m->vals);
  if (!m->keys || !m->vals) {
    free(m->keys);
    free(m->vals);
    *m = old;
    return -1;
  }
  m->n = 0;
  for (uint32_t i = 0; i < old.cap; i++) /* cannot grow again: half full at most */
    if (old.keys[i]) sxl_pmap_put(m, old.keys[i], old.vals[i]);
  free(old.keys);
  free(old.vals);
  return 0;
}

int sxl_pmap_put(sxl_pmap *m, const void *k, uint32_t v) {
  if ((m->n + 1) * 2 > m->cap && pmap_grow(m)) return -1;
  uint32_t i = phash(k, m->cap);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->n++;
  m->keys[i] = k;
  m->vals[i] = v;
  return 0;
}

int sxl_pmap_get(const sxl_pmap *m, const void *k, uint32_t *v) {
  if (!m->cap) return 0;
  uint32_t i = phash(k, m->cap);
  while (m->keys[i]) {
    if (m->keys[i] == k) {
      *v = m->vals[i];
      return 1;
    }
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

void sxl_pmap_free(sxl_pmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}
