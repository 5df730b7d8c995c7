/*
** cex.h — the counterexample cache: sets of constraints -> a model, or
** UNSAT. A set is an array of constraints sorted by expression id without
** duplicates (sx_cex_sort makes one). Ids are never reused and the cache
** retains the expressions of its sets, so a stored set stays valid.
**
** Lookups: an exact hit (hash table); else a stored UNSAT subset of the
** query (the query is UNSAT); else a stored model of a subset that
** satisfies the whole query under the evaluator (the query is SAT). Subsets
** are found in a trie over sorted ids (a UBTree): a depth-first walk enters
** only children whose id is in the query, so it visits only stored prefixes
** of subsets of the query. Last, the most recent models stored (a small
** ring) are tried on the whole query: in a depth-first exploration the
** model of the previous branch often satisfies the next one although its
** set is not a subset (KLEE's --cex-cache-try-all, bounded).
**
** Memory is bounded by the cex_cache_max option (entries; 0 = unbounded),
** read when the cache is created; the CLOCK policy evicts an entry not hit
** since the hand last passed it (statistic cex_evictions).
*/
#ifndef SX_CEX_H
#define SX_CEX_H

#include "independence.h"

typedef struct sx_cex sx_cex;

/* How a lookup answered. */
enum { SX_CEX_MISS = 0, SX_CEX_EXACT, SX_CEX_UNSAT_SUBSET, SX_CEX_SAT_SUBSET, SX_CEX_RECENT };

SX_INTERNAL sx_cex *sx_cex_new(symx_ctx *ctx, size_t max_entries);
SX_INTERNAL void sx_cex_free(sx_cex *c);

/* Sorts v by id and drops duplicates, in place. */
SX_INTERNAL void sx_cex_sort(sx_exprs *v);

/*
** Stores set -> model (model NULL = UNSAT). The cache takes a shared
** reference to model (sx_assign_share), so the caller must not change it
** afterwards. An existing entry for the set is replaced. SYMX_OK/NOMEM.
*/
SX_INTERNAL int sx_cex_insert(sx_cex *c, sx_expr *const *set, size_t n, sx_assign *model);

/*
** Looks set up. Returns SYMX_SAT (with *model borrowed from the cache,
** valid until the next insert), SYMX_UNSAT, or 0 on a miss; *how tells
** which kind of hit. want_sat = false skips the model search (only exact
** and UNSAT-subset answers; cheaper).
*/
SX_INTERNAL int sx_cex_lookup(sx_cex *c, sx_expr *const *set, size_t n, bool want_sat,
                              sx_assign **model, int *how);

/* The i-th most recent model stored (0 = newest), borrowed; NULL when
** fewer are stored. */
SX_INTERNAL sx_assign *sx_cex_recent(const sx_cex *c, unsigned i);

/* Entries now stored. */
SX_INTERNAL size_t sx_cex_count(const sx_cex *c);

#endif
