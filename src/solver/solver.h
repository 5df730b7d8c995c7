/*
** solver.h — the solver object behind symx_solver_* and the internal entry
** the exploration engine calls. A solver owns one backend instance (and, with
** validate_solver, a second one it cross-checks every answer against).
*/
#ifndef SX_SOLVER_H
#define SX_SOLVER_H

#include "backend.h"
#include "narrow.h"

struct symx_solver {
  symx_ctx *ctx;
  const sx_backend_vt *vt; /* the backend answering queries */
  sx_backend *b;
  const sx_backend_vt *check_vt; /* validate_solver: the other backend */
  sx_backend *check_b;           /* created on first use */
  sx_narrow_cache *narrow;       /* narrowed constraints (narrow.h), created on first use */
  unsigned log_seq;              /* query_log_all's numbering */
};

/* A solver on backend vt (NULL = the "solver" option); func names the
** public entry in error messages. NULL on failure (error recorded). */
SX_INTERNAL symx_solver *sx_solver_new(symx_ctx *ctx, const char *backend, const char *func);

/*
** Satisfiability of cs[0] && ... && cs[n-1] (width-1 expressions of s's
** context). timeout_ms = 0 uses the solver_timeout option (0 = none).
** Returns SYMX_SAT, SYMX_UNSAT, SYMX_UNKNOWN (timeout, stop flag) or an error
** code (< SYMX_SAT, recorded on the context). On SYMX_SAT and model != NULL,
** model (normally empty) receives the bytes of every input array the query
** reads; it has been checked to satisfy the query with the evaluator.
*/
SX_INTERNAL int sx_solver_check(symx_solver *s, sx_expr *const *cs, size_t n,
                                unsigned timeout_ms, sx_assign *model);

#endif
