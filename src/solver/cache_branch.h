/*
** cache_branch.h — the branch cache: (constraint set, condition) -> the
** satisfiability of set && cond, as KLEE's CachingSolver. The condition is
** canonicalised up to negation (not x, x == 0 and x all map to x with a
** polarity), so asking c and then !c under one set uses one entry that
** holds both answers. Sets are sorted by id (sx_cex_sort); the cache retains
** what it stores. Bounded by max entries (the cex_cache_max option): when
** full it is emptied (statistic branch_cache_evictions counts the entries
** dropped), which is cheap and keeps the hot entries of the current paths
** coming back quickly.
*/
#ifndef SX_CACHE_BRANCH_H
#define SX_CACHE_BRANCH_H

#include "independence.h"

typedef struct sx_bcache sx_bcache;

SX_INTERNAL sx_bcache *sx_bcache_new(symx_ctx *ctx, size_t max_entries);
SX_INTERNAL void sx_bcache_free(sx_bcache *b);

/*
** The known answer for set && cond: SYMX_SAT, SYMX_UNSAT or 0 (unknown);
** *neg receives the answer for set && !cond the same way.
*/
SX_INTERNAL int sx_bcache_get(sx_bcache *b, sx_expr *const *set, size_t n, sx_expr *cond, int *neg);

/* Records the answer (SYMX_SAT or SYMX_UNSAT) of set && cond. */
SX_INTERNAL int sx_bcache_put(sx_bcache *b, sx_expr *const *set, size_t n, sx_expr *cond, int answer);

#endif
