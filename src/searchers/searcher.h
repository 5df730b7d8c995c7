/*
** searcher.h — the one searcher interface. Built-in searchers implement the
** public symx_searcher_vt over their own struct, so user searchers and
** built-in ones are driven alike: sx_searcher = {vt, self}.
**
** Contract: add/remove/update take members (add: a non-member); select
** returns a member without removing it (NULL when empty). Every choice is
** deterministic given the engine's RNG.
*/
#ifndef SX_SEARCHER_H
#define SX_SEARCHER_H

#include "state/tree.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"

typedef struct sx_searcher {
  symx_searcher_vt vt;
  void *self;
} sx_searcher;

/* What a searcher may use of its engine. */
typedef struct sx_search_env {
  symx_ctx *ctx;
  sx_rng *rng;
  sx_tree *tree;
  const uint64_t *instructions; /* instructions executed so far (batching) */
  symx_weight_fn weight;        /* "weighted" */
  void *weight_user;
  int *slots;                   /* next free state slot (SX_SLOTS of them) */
  symx_distance_fn distance;    /* "sdse", "sdse-pr", "sdse-rr" */
  void *distance_user;
  size_t ntargets;
} sx_search_env;

/* The leaves of a tree over states (weighted.c's sums, sdse.c's
** tournament): a freed leaf first (a stack), else the next never handed
** out. free_ has room for every leaf (the owner's capacity). */
typedef struct sx_leaves {
  uint32_t *free_;
  size_t nfree, used; /* used: leaves ever handed out (high water) */
} sx_leaves;

/* A leaf for a new member, SIZE_MAX when all cap are in use (grow first). */
static inline size_t sx_leaves_take(sx_leaves *l, size_t cap) {
  if (l->nfree) return l->free_[--l->nfree];
  return l->used < cap ? l->used++ : SIZE_MAX;
}

/* A member's leaf back (room: nfree < used <= cap). */
static inline void sx_leaves_put(sx_leaves *l, size_t leaf) { l->free_[l->nfree++] = (uint32_t)leaf; }

/* The distance of st to target (SYMX_TARGET_ANY: the nearest), INF without
** a distance function. */
static inline uint64_t sx_search_distance(const sx_search_env *env, sx_state *st, size_t target) {
  return env->distance ? env->distance(env->distance_user, st, target) : SYMX_DIST_INF;
}

/* st's tie among states at one distance (sdse.c, the engine's directed
** revival): a draw keyed by its id and the rng_seed option, so the active
** and the pending searcher's picks compare as one set would order them. */
static inline uint64_t sx_search_tie(const sx_search_env *env, const sx_state *st) {
  return sx_rng_keyed((uint64_t)env->ctx->opts.rng_seed, st->id);
}

static inline int sx_search_add(sx_searcher *s, sx_state *st) { return s->vt.add(s->self, st); }
static inline void sx_search_remove(sx_searcher *s, sx_state *st) { s->vt.remove(s->self, st); }
static inline sx_state *sx_search_select(sx_searcher *s) { return s->vt.select(s->self); }
static inline bool sx_search_empty(sx_searcher *s) { return s->vt.empty(s->self) != 0; }
static inline void sx_search_update(sx_searcher *s, sx_state *st) {
  if (s->vt.update) s->vt.update(s->self, st);
}
static inline void sx_search_free(sx_searcher *s) {
  if (s->vt.free) s->vt.free(s->self);
  s->vt.free = NULL;
  s->self = NULL;
}

/*
** A searcher from a spec: "dfs", "bfs", "random-state", "random-path",
** "nurs:depth" (= "depth-biased"), "nurs:rp", "weighted", "batching:SPEC",
** "iterdeep:SPEC", "zesti", "sdse", "sdse-pr", "sdse-rr", "a,b,..."
** (interleaved), Otter's "rr(a,b)", "batch(SPEC)" and "rp", "(SPEC)" (a group:
** "batching:(a,b)" batches the interleaved pair). SYMX_RANGE naming func for an unknown name,
** SYMX_NOMEM.
*/
SX_INTERNAL int sx_searcher_create(const sx_search_env *env, const char *spec, sx_searcher *out,
                                   const char *func);

/* The built-in searchers (one file each); SYMX_NOMEM or SYMX_RANGE (no slot
** or tag bit left). */
SX_INTERNAL int sx_searcher_dfs(const sx_search_env *env, sx_searcher *out);
SX_INTERNAL int sx_searcher_bfs(const sx_search_env *env, sx_searcher *out);
SX_INTERNAL int sx_searcher_random_state(const sx_search_env *env, sx_searcher *out);
SX_INTERNAL int sx_searcher_random_path(const sx_search_env *env, sx_searcher *out);
/* Weighted random: kind 0 = nurs:depth (weight depth+1), 1 = nurs:rp
** (2^-depth), 2 = the user weight, 3 = sdse-pr (1/distance to the nearest
** target; distance 0 counts as 1, none as the smallest weight). */
SX_INTERNAL int sx_searcher_weighted(const sx_search_env *env, int kind, sx_searcher *out);
/* Shortest distance first (sdse.c): rr 0 = to the nearest target
** ("sdse"), 1 = round robin over the targets ("sdse-rr"); ties by the RNG.
** Needs one slot. */
SX_INTERNAL int sx_searcher_sdse(const sx_search_env *env, int rr, sx_searcher *out);
/* Round robin over subs[0..n) (takes them over, also on failure). */
SX_INTERNAL int sx_searcher_interleaved(const sx_search_env *env, sx_searcher *subs, size_t n,
                                        sx_searcher *out);
/* Keeps returning the last selection of sub for batch_instructions and
** batch_time (each 0 = no such budget). */
SX_INTERNAL int sx_searcher_batching(const sx_search_env *env, sx_searcher *sub, sx_searcher *out);
/* Iterative deepening on time (iterdeep.c; takes sub over, also on
** failure; needs one slot). */
SX_INTERNAL int sx_searcher_iterdeep(const sx_search_env *env, sx_searcher *sub, sx_searcher *out);
/*
** ZESTI order (paper section 4.7): smallest distance to a sensitive depth
** first, ties deepest first, then the larger state id; states with no
** sensitive depth below them come last (all of them until bound). Needs one
** slot.
*/
SX_INTERNAL int sx_searcher_zesti(const sx_search_env *env, sx_searcher *out);
/*
** Seeded-first (the seeding phase): states that carry seeds (st->seeds)
** are held apart and selected before any state of sub; among them the last
** selection stays selected while it carries seeds (a seed's path runs to
** its end before another starts), else the most recently added. A member
** that lost its seeds moves to sub on update; one that gained seeds (a
** fork's child, placed before the split) moves from sub. Takes sub over (also on
** failure).
*/
SX_INTERNAL int sx_searcher_seeded(const sx_search_env *env, sx_searcher *sub, sx_searcher *out);
/* For a seeded-first searcher s: how many seeded members it holds; flush
** moves them all to sub and ends the preference (seed_time ran out). */
SX_INTERNAL size_t sx_seeded_count(const sx_searcher *s);
SX_INTERNAL int sx_seeded_flush(sx_searcher *s);

/* A state slot for a searcher's position index, or -1. */
static inline int sx_search_slot(const sx_search_env *env) {
  return *env->slots < SX_SLOTS ? (*env->slots)++ : -1;
}

#endif
