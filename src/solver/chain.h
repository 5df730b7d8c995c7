/*
** chain.h — the solver chain between a query and a backend:
**   trivial answers -> simplify (simplify.h) -> the caller's hint ->
**   independence (independence.h, factors.h) -> branch cache
**   (cache_branch.h) -> counterexample cache (cex.h) -> intervals
**   (bounds.h, UNSAT only) -> model repair (repair.h, SAT only) -> backend
** with the query recorder (record.h) in front of the backend. Each layer is
** switched by an option (chain_simplify, chain_independence,
** chain_branch_cache, chain_cex_cache, chain_bounds, chain_repair) and
** counted in the
** statistics.
**
** Entry points:
**   sx_chain_check   what solver.c calls instead of the backend (the seam):
**                    a plain constraint list, independence per query.
**   sx_chain_query   the engine's feasibility check: the path as a factor
**                    structure (or a list), a condition, a hint (the state's
**                    witness). On SAT the model is the hint with only the
**                    bytes of the solved factors overwritten.
**   sx_chain_lookup  fast-sat tier (c): the same, cache-only (simplify,
**                    the hint, the branch and counterexample caches; no
**                    interval search, repair or backend): SAT from the hint
**                    or a cached model, UNSAT from simplification or a
**                    cached UNSAT subset, otherwise SYMX_UNKNOWN.
** The caches are per context (shared by every solver and engine of it).
*/
#ifndef SX_CHAIN_H
#define SX_CHAIN_H

#include "cache_branch.h"
#include "cex.h"
#include "factors.h"
#include "simplify.h"
#include "solver.h"

/* Per-context state of the chain (ctx->solver). */
struct sx_solver_shared {
  sx_keyscan *keys;
  sx_cex *cex;
  sx_bcache *branch;
  sx_simp_cache *simp;
  unsigned record_seq;
  unsigned log_seq; /* query_log_solver's numbering */
};

/* The context's chain state, created on first use (NULL on OOM). */
SX_INTERNAL struct sx_solver_shared *sx_chain_shared(symx_ctx *ctx);
SX_INTERNAL sx_keyscan *sx_chain_keyscan(symx_ctx *ctx);

/* The layer that decided a query. */
enum {
  SX_LAYER_NONE = 0,
  SX_LAYER_SIMPLIFY, /* constants, simplification */
  SX_LAYER_HINT,     /* the caller's hint satisfied the query */
  SX_LAYER_BRANCH,   /* branch cache */
  SX_LAYER_CEX,      /* counterexample cache */
  SX_LAYER_BOUNDS,   /* intervals refuted it */
  SX_LAYER_REPAIR,   /* model repair from the hint */
  SX_LAYER_BACKEND   /* at least one factor went to the backend */
};

typedef struct sx_query {
  sx_expr *const *cs;  /* the path constraints (ignored when factors != NULL) */
  size_t n;
  sx_factors *factors; /* the path as a factor structure, or NULL */
  sx_expr *cond;       /* the condition asked about, or NULL */
  sx_assign *hint;     /* tried first (the parent's witness), or NULL */
  bool path_sat;       /* the path alone is known satisfiable */
  uint64_t deadline_ns; /* absolute sx_now_ns() time (0 = none); sx_chain_query
                        ** cuts it to the solver_timeout option */
  int layer;           /* out: SX_LAYER_* that decided */
} sx_query;

/*
** Satisfiability of path && cond through the chain. Returns SYMX_SAT,
** SYMX_UNSAT, SYMX_UNKNOWN (deadline, stop flag, backend gave up) or an
** error code. On SAT with model != NULL: model receives the hint (if any)
** with the bytes of the solved factors overwritten, so that it satisfies
** path && cond whenever the hint satisfies the path. The query runs until
** q->deadline_ns or solver_timeout from now, whichever comes first (an
** UNKNOWN at its deadline counts in solver_timeouts). Counts solver_queries
** and solver_time_ns; validate_solver cross-checks the answer.
*/
SX_INTERNAL int sx_chain_query(symx_solver *s, sx_query *q, sx_assign *model);

/* As sx_chain_query from the caches only (see above): SYMX_SAT (model as
** above), SYMX_UNSAT (an UNSAT subset or simplification proved it) or
** SYMX_UNKNOWN. */
SX_INTERNAL int sx_chain_lookup(symx_ctx *ctx, sx_query *q, sx_assign *model);

/* The seam: solver.c's check of a plain list (non-constant constraints)
** after its own argument checks and statistics. */
SX_INTERNAL int sx_chain_check(symx_solver *s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                               sx_assign *model);


#endif
