/*
** bounds.h — interval reasoning, the chain's cheap UNSAT prover before
** model repair and the backend. Every term of a factor gets an unsigned
** interval that contains all its values and the bits known in all of them
** (a sound over-approximation: an operator that may wrap around gives the
** full range); comparisons that these decide become constants. The
** comparisons at the top of the constraints then narrow the domains of
** the terms they compare (and, through extensions, masks, xors, sums and
** differences, of their operands), and the pass repeats, so that x <= y,
** y <= 7, 179 < -(x + y) is refuted without a solver, and so is
** x & 3 == 3, ((x + 12) & 3) <= 2. A factor with a constraint that is
** false on these domains is UNSAT.
**
** It never answers SAT, and it misses relational facts (x + y == y needs
** x == 0 for every y): those go on to repair and the backend.
*/
#ifndef SX_BOUNDS_H
#define SX_BOUNDS_H

#include "expr/expr.h"

/* SYMX_UNSAT when intervals refute g[0..n), SYMX_UNKNOWN otherwise, or
** SYMX_NOMEM. Counts bounds_unsat and bounds_unknown. */
SX_INTERNAL int sx_bounds_check(symx_ctx *ctx, sx_expr *const *g, size_t n);

#endif
