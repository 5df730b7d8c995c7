/*
** seeds.h — seed-guided exploration inside the engine: the seeds each
** state still follows (fast-sat tier b), the seeding phase, and ZESTI's
** state (searchers/zesti.h).
*/
#ifndef SX_ENGINE_SEEDS_H
#define SX_ENGINE_SEEDS_H

#include "pending/pending.h"
#include "searchers/zesti.h"

/*
** The seeds consistent with one state's path: indices into the engine's
** seed list, in load order. Owned by one state (the sets of two states are
** disjoint: a fork partitions them), never empty (an empty set is NULL).
*/
typedef struct sx_seedset {
  uint32_t n, cap;
  uint32_t idx[];
} sx_seedset;

/* A seed matched by position (seedpos.c): the bindings its path made so
** far and its next object. */
typedef struct sx_seedpos {
  sx_assign *a; /* owned; NULL: the seed binds by name */
  size_t next;
} sx_seedpos;

typedef struct sx_seeding {
  bool on;        /* seeds were given at start: search[0] is seeded-first */
  sx_seedpos *pos; /* per seed when option seed_match is position, else NULL */
  uint32_t npos;
  bool phase;     /* the seeding phase is running */
  sx_zesti zesti;
  SX_STACK(uint32_t) scratch;
} sx_seeding;

struct symx_engine;

/* At symx_engine_start, before root is placed: gives root every seed,
** wraps the feasible searcher (seeded-first), sets up ZESTI. */
SX_INTERNAL int sx_engine_seeds_start(struct symx_engine *eng, sx_state *root);
SX_INTERNAL void sx_engine_seeds_release(struct symx_engine *eng);
/* seedpos.c: set up (seed_match = position) and free the per-seed state. */
SX_INTERNAL int sx_engine_seedpos_start(struct symx_engine *eng);
SX_INTERNAL void sx_engine_seedpos_release(struct symx_engine *eng);
/* st forked: st goes on with (c, wneg), child took (c, !wneg). Splits st's
** seeds by evaluating c under each; child keeps its share when ACTIVE. */
SX_INTERNAL void sx_engine_seeds_fork(struct symx_engine *eng, sx_state *st, sx_state *child,
                                      sx_expr *c, bool wneg);
/* (c, neg) joined st's path: seeds that do not satisfy it leave st. */
SX_INTERNAL void sx_engine_seeds_filter(struct symx_engine *eng, sx_state *st, sx_expr *c,
                                        bool neg);
/* st follows no seed any more (revived from pending, or freed). */
SX_INTERNAL void sx_engine_seeds_drop(struct symx_engine *eng, sx_state *st);
/* Before st concretizes e: when st follows seeds and its witness gives e
** another value than its first seed, the seed becomes the witness (it
** satisfies the path), so concretization keeps the seed on its path. */
SX_INTERNAL void sx_engine_seeds_follow(struct symx_engine *eng, sx_state *st, sx_expr *e);
/* Whether st's error checks should defer to a pending error side rather
** than ask the solver: st follows a seed during the seeding phase. */
SX_INTERNAL bool sx_engine_seeds_defer(struct symx_engine *eng, sx_state *st);

#endif
