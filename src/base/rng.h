/*
** rng.h — the engine's one source of randomness (xoshiro256**, seeded with
** splitmix64), so that explorations are reproducible from the rng_seed option.
*/
#ifndef SX_RNG_H
#define SX_RNG_H

#include <stdint.h>

typedef struct sx_rng { uint64_t s[4]; } sx_rng;

void sx_rng_seed(sx_rng *r, uint64_t seed);
uint64_t sx_rng_next(sx_rng *r);
/* Uniform in [0, n) for n > 0. */
uint64_t sx_rng_below(sx_rng *r, uint64_t n);
/* Uniform in [0, 1). */
double sx_rng_unit(sx_rng *r);
/* A draw keyed by x (splitmix64 of seed and x): the same for the same key
** whatever else was drawn before, and rng's stream left alone. */
uint64_t sx_rng_keyed(uint64_t seed, uint64_t x);

#endif
