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
** Intervals miss relational facts (x + y <= y needs x == 0 for every y),
** so the chain calls it twice: propagation alone before model repair, and
** after repair has failed, a bounded branch and prune that splits input
** bytes bit by bit; there relations fall apart, and a branch that fixes
** every byte is a model.
*/
#ifndef SX_BOUNDS_H
#define SX_BOUNDS_H

#include "expr/assign.h"

/*
** Decides g[0..n) by intervals, then by splitting byte reads up to
** `splits` times (branch and prune). Returns SYMX_UNSAT when every branch
** is refuted; SYMX_SAT when model is not NULL and a branch fixed every
** input byte the factor reads to values that satisfy it, with *model a new
** assignment (start's bytes, then those; checked by the evaluator; the
** caller frees it); SYMX_UNKNOWN otherwise, or SYMX_NOMEM. Counts
** bounds_unsat, bounds_sat, bounds_unknown and bounds_splits.
*/
SX_INTERNAL int sx_bounds_check(symx_ctx *ctx, sx_expr *const *g, size_t n, uint64_t splits,
                                const sx_assign *start, sx_assign **model);

/*
** Whether cond alone is false on every value its terms can take: then any
** query with it is UNSAT, whatever the path (a lookup in a constant table
** at an index read from another, bounded by the tables' ranges): then
** SYMX_UNSAT (counts bounds_cond_unsat), else SYMX_UNKNOWN; or SYMX_NOMEM.
*/
SX_INTERNAL int sx_bounds_refutes(symx_ctx *ctx, sx_expr *cond);

#endif
