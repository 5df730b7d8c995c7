/*
** factors.h — the incremental, persistent factor structure of a path: the
** constraints of a state split into independent factors (see
** independence.h for what "independent" means), kept per state and shared
** between a parent and its children after a fork.
**
** A version is immutable once returned. sx_factors_add returns a NEW
** version (the parent is untouched: siblings forked from one parent never
** see each other's constraints). Versions share structure: two persistent
** treaps (key -> factor id, factor id -> rope of constraints) with path
** copying, so adding a constraint costs O((k + m) log n) where k is the
** number of keys it touches and m the keys of the smaller factors it merges
** (small-to-large: amortised O(log n) moves per key over a path), and
** finding a condition's factors costs O(k log n) plus the output size.
**
** Versions are reference counted: a state holds one reference; retain when
** sharing, release when done. All functions taking a version accept NULL
** as the empty version.
*/
#ifndef SX_FACTORS_H
#define SX_FACTORS_H

#include "independence.h"

typedef struct sx_factors sx_factors;

/* A new reference to f (NULL stays NULL). */
SX_INTERNAL sx_factors *sx_factors_retain(sx_factors *f);
SX_INTERNAL void sx_factors_release(sx_factors *f);

/*
** The version parent + constraint c (a width-1 expression, retained by the
** structure). Returns a new reference, or NULL on OOM (error recorded;
** parent unchanged). parent may be NULL (the empty path). Adding the
** constant true returns a new reference to parent itself.
*/
SX_INTERNAL sx_factors *sx_factors_add(symx_ctx *ctx, sx_factors *parent, sx_expr *c);

/*
** Appends to out the constraints of every factor that cond touches
** (borrowed references, valid while f lives), each once. Returns SYMX_OK or
** SYMX_NOMEM. With cond == NULL appends every constraint.
*/
SX_INTERNAL int sx_factors_relevant(symx_ctx *ctx, sx_factors *f, sx_expr *cond, sx_exprs *out);

/* Number of factors and of constraints in f. */
SX_INTERNAL size_t sx_factors_count(const sx_factors *f);
SX_INTERNAL size_t sx_factors_size(const sx_factors *f);

#endif
