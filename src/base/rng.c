/*
** rng.c — xoshiro256** (Blackman & Vigna), seeded through splitmix64.
*/
#include "rng.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void sx_rng_seed(sx_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sx_rng_next(sx_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t sx_rng_below(sx_rng *r, uint64_t n) {
  /* rejection keeps the distribution exact */
  uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;
  do x = sx_rng_next(r);
  while (x >= lim);
  return x % n;
}

double sx_rng_unit(sx_rng *r) { return (double)(sx_rng_next(r) >> 11) * 0x1.0p-53; }

uint64_t sx_rng_keyed(uint64_t seed, uint64_t x) {
  uint64_t k = seed ^ (x * 0xd6e8feb86659fd93ull);
  splitmix64(&k);
  return splitmix64(&k);
}
