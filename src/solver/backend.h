/*
** backend.h — the one interface every solver backend implements (z3/,
** cadical/). A backend answers check-sat of a conjunction of width-1
** expressions and, on SAT, fills a model with the bytes of every input array
** the query reads. The solver chain (chain.c) sits in front of it.
*/
#ifndef SX_BACKEND_H
#define SX_BACKEND_H

#include "expr/assign.h"

typedef struct sx_backend sx_backend; /* a backend's private instance */

/* The public function named in the errors of the query path below the API
** (chain, narrowing, backends): written here once. */
#define SX_CHECK_FN "symx_solver_check"

typedef struct sx_backend_vt {
  const char *name; /* "z3", "cadical" */
  sx_backend *(*create)(symx_ctx *ctx);
  void (*destroy)(sx_backend *b);
  /*
  ** Satisfiability of cs[0] && ... && cs[n-1]. deadline_ns (0 = none) is an
  ** absolute sx_now_ns() time; the backend also polls ctx->interrupted.
  ** Returns SYMX_SAT (and, when model != NULL, binds in it every byte of
  ** every input array the query reads), SYMX_UNSAT, SYMX_UNKNOWN, or an
  ** error code (< SYMX_SAT) with the error recorded on the context.
  ** Huge inputs (above 1 MiB) may be bound only in the bytes the query's
  ** reads take in the model (unbound bytes read 0); solver.c checks every
  ** SAT model with the evaluator, so a backend's model must satisfy the
  ** query under exactly that rule.
  */
  int (*check)(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
               sx_assign *model);
  /*
  ** Optional (NULL: none). Right after check answered UNSAT for cs[0..n),
  ** sets in_core[i] for the constraints of an unsatisfiable subset (an
  ** UNSAT core) and clears the others; false when there is none to give.
  */
  bool (*core)(sx_backend *b, bool *in_core, size_t n);
  /*
  ** What one query costs, in byte splits of the chain's interval search
  ** (option bounds_splits = -1): the search is worth running while it is
  ** cheaper than asking. On the oracle programs' factors a split costs
  ** about 1.5 us, cadical about 0.1 ms a query and z3 about 2 ms.
  */
  uint32_t splits;
} sx_backend_vt;

/* The compiled-in backends, sx_backend_<name> for each of SX_BACKEND_VALUES. */
#define SX_BACKEND_DECL_(P, C, n) SX_INTERNAL extern const sx_backend_vt sx_backend_##n;
SX_BACKEND_VALUES(SX_BACKEND_DECL_)
#undef SX_BACKEND_DECL_

/*
** vt->check on cs[0..n) narrowed first when the "narrow" option is on
** (narrow.h; through cache when not NULL): the one way every query
** reaches a backend. The model satisfies cs; an UNSAT core names cs's
** indices.
*/
typedef struct sx_narrow_cache sx_narrow_cache;
SX_INTERNAL int sx_backend_check(symx_ctx *ctx, const sx_backend_vt *vt, sx_backend *b, sx_narrow_cache *cache,
                                 sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model);

/*
** The chain's way down (backend.c): one backend call with the backend
** statistics and the evaluator check of a SAT model; and the
** validate_solver cross-check of an answer against the other backend.
*/
SX_INTERNAL int sx_solver_backend_call(symx_solver *s, sx_expr *const *cs, size_t n,
                                       uint64_t deadline_ns, sx_assign *model);
SX_INTERNAL int sx_solver_validate(symx_solver *s, sx_expr *const *cs, size_t n,
                                   uint64_t deadline_ns, int answer, const char *func);
/* Right after sx_solver_backend_call answered UNSAT: the backend's UNSAT
** core of that query (see sx_backend_vt.core); false when it has none. */
SX_INTERNAL bool sx_solver_backend_core(symx_solver *s, bool *in_core, size_t n);

/* Backend by name, or NULL. */
SX_INTERNAL const sx_backend_vt *sx_backend_find(const char *name);
/* Backend i of SX_BACKEND_VALUES (the value of option "solver"), or NULL. */
SX_INTERNAL const sx_backend_vt *sx_backend_at(int64_t i);
/* Another backend than vt (the next in the list), for cross-checks; NULL
** when only one is compiled in. */
SX_INTERNAL const sx_backend_vt *sx_backend_other(const sx_backend_vt *vt);

#endif
