/*
** simplify.h — the first layer of the solver chain: the facts a constraint
** list states (t == constant, and every constraint itself is true) are
** substituted into the later constraints and the condition, the way KLEE's
** ConstraintManager does when a constraint is added. A constraint made true
** is dropped; a constraint made false, or two facts giving one term two
** values, proves the query UNSAT.
*/
#ifndef SX_SIMPLIFY_H
#define SX_SIMPLIFY_H

#include "independence.h"

typedef struct sx_simp_cache sx_simp_cache;

/*
** Simplifies cs[0..n) and then cond (may be NULL) in order, each under the
** facts of the constraints kept before it. out receives NEW references to
** the kept constraints (cond last, unless dropped or NULL); *cond_out (may
** be NULL) receives a new reference to the simplified cond, or NULL when
** cond was NULL. Returns SYMX_OK, SYMX_UNSAT (out is then emptied and
** released), or SYMX_NOMEM.
*/
SX_INTERNAL int sx_simplify(symx_ctx *ctx, sx_simp_cache *cache, sx_expr *const *cs, size_t n,
                            sx_expr *cond, sx_exprs *out, sx_expr **cond_out);

/*
** The work of the last call (may be NULL: none kept): a query whose
** constraint list extends the last one's (the same path, one step on, as
** the checks of a running state are) starts where that one ended instead
** of re-walking the whole path. It holds references to that path.
*/
SX_INTERNAL sx_simp_cache *sx_simp_cache_new(symx_ctx *ctx);
SX_INTERNAL void sx_simp_cache_free(symx_ctx *ctx, sx_simp_cache *c);

/* Releases every reference in v and empties it. */
SX_INTERNAL void sx_exprs_release_all(sx_exprs *v);

#endif
