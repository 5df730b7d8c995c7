/*
** zesti.h — ZESTI (paper section 4.7, KLEE PR #1334) in one place: the
** depths of the sensitive operations on seed paths, the ZESTI order of
** the pending searcher (zesti.c), and the bounded exploration around them
** (zesti_run.c).
*/
#ifndef SX_ZESTI_H
#define SX_ZESTI_H

#include "searcher.h"

/*
** Depths of the sensitive operations the front end reported on seed paths
** (symx_state_sensitive), sorted ascending without repeats; version grows
** with every change so searchers can re-key lazily (ZESTI).
*/
typedef struct sx_sensitive {
  SX_STACK(uint32_t) depths;
  uint64_t version;
} sx_sensitive;

#define SX_ZESTI_FAR UINT32_MAX /* no sensitive depth at or below */

/* ZESTI's distance: min over sensitive depths d >= depth of d - depth. */
static inline uint32_t sx_sensitive_distance(const sx_sensitive *s, uint32_t depth) {
  if (!s) return SX_ZESTI_FAR;
  size_t lo = 0, hi = SX_SIZE(s->depths);
  while (lo < hi) { /* first d >= depth */
    size_t mid = (lo + hi) / 2;
    if (s->depths.begin[mid] < depth) lo = mid + 1;
    else hi = mid;
  }
  return lo < SX_SIZE(s->depths) ? s->depths.begin[lo] - depth : SX_ZESTI_FAR;
}

/* Gives the ZESTI searcher s its sensitive depths (kept, borrowed); false
** when s is not a ZESTI searcher. */
SX_INTERNAL bool sx_searcher_zesti_bind(sx_searcher *s, const sx_sensitive *sens);

/* ZESTI's state in one engine. */
typedef struct sx_zesti {
  bool on;              /* search or pending_search is "zesti" */
  bool bounded;         /* a pending state was revived: the bound holds */
  uint32_t base, bound; /* then states deeper than base + bound end */
  sx_sensitive sensitive;
} sx_zesti;

/* At engine start: whether ZESTI runs (options search, pending_search);
** search "zesti" alone makes search[1] (over penv) a ZESTI searcher too;
** the ZESTI searchers among search[0..1] get z's sensitive depths. */
SX_INTERNAL int sx_zesti_start(sx_zesti *z, symx_ctx *ctx, const sx_search_env *penv,
                               sx_searcher search[2]);
SX_INTERNAL void sx_zesti_release(sx_zesti *z, symx_ctx *ctx);
/* Records a sensitive operation at depth d (once per depth); SYMX_NOMEM
** naming func. */
SX_INTERNAL int sx_zesti_note(sx_zesti *z, symx_ctx *ctx, uint32_t d, const char *func);
/* Whether pending st is worth reviving: the distance to the nearest
** sensitive depth at or below it (0 for a deferred error check, which sits
** on its operation), or SX_ZESTI_FAR (nothing sensitive ahead, or mul 0:
** the seed paths only): st is dropped unrevived. */
SX_INTERNAL uint32_t sx_zesti_gate(const sx_zesti *z, const sx_state *st, int64_t mul);
/* st was revived at distance d: from now on states deeper than st's depth
** + mul x d (at least 1) end early. */
SX_INTERNAL void sx_zesti_bound(sx_zesti *z, const sx_state *st, int64_t mul, uint32_t d);
/* Whether st lies past the bound. */
static inline bool sx_zesti_too_deep(const sx_zesti *z, const sx_state *st) {
  return z->bounded && (uint64_t)st->depth > (uint64_t)z->base + z->bound;
}

#endif
