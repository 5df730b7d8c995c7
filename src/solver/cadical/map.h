/*
** map.h — the one hash map of the bit-blaster: a pair of 64-bit keys
** (expression id, input id, byte index...) to a 32-bit value, open
** addressing with linear probing. Keys are ids, never pointers, so an entry
** of a dead expression can never be hit by a new one.
*/
#ifndef SX_CADICAL_MAP_H
#define SX_CADICAL_MAP_H

#include "internal.h"

typedef struct sx_map_slot {
  uint64_t k1, k2;
  uint32_t val; /* UINT32_MAX = empty */
} sx_map_slot;

typedef struct sx_map {
  sx_map_slot *slots;
  size_t cap; /* power of two, or 0 */
  size_t count;
} sx_map;

/* The value of (k1, k2), or UINT32_MAX when absent. */
SX_INTERNAL uint32_t sx_map_get(const sx_map *m, uint64_t k1, uint64_t k2);
/* Inserts or overwrites (val != UINT32_MAX); false on OOM. */
SX_INTERNAL bool sx_map_put(symx_ctx *ctx, sx_map *m, uint64_t k1, uint64_t k2, uint32_t val);
/* Empties the map, keeping its memory. */
SX_INTERNAL void sx_map_clear(sx_map *m);
SX_INTERNAL void sx_map_free(symx_ctx *ctx, sx_map *m);

#endif
