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

#endif
