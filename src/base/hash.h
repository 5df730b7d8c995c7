/*
** hash.h — the hash mixing used by hash-consing, caches and dedup.
*/
#ifndef SX_HASH_H
#define SX_HASH_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t sx_hash_mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 32);
}

static inline uint64_t sx_hash_bytes(const void *p, size_t n) {
  /* FNV-1a, then a final mix */
  const unsigned char *b = p;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  return sx_hash_mix(h, n);
}

#endif
