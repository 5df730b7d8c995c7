/*
** repair.h — model repair, the chain's last layer before the backend: a
** local search that changes a few input bytes of a start assignment (the
** caller's hint, usually the state's witness) until every constraint of a
** factor holds.
**
** Moves come from a constraint that fails: its comparison names target
** values for one side (the other side's value, one off it, the extremes),
** and the target is pushed down through invertible operators (add, sub,
** xor, not, neg, odd multipliers, extensions, extracts, concats, ite,
** shifts and masks by constants, write chains) to reads of input bytes at
** concrete indices. A move is kept when its constraint then holds and more
** constraints hold than before, so the search ends. Branch conditions on
** input bytes compared with constants or with other bytes are the common
** case, and their next path needs one such move from the parent's witness.
**
** Repair can only answer SAT, with a model the evaluator has checked; it
** never proves UNSAT. The chain bounds its cost by repair_budget
** evaluations from the hint and a quarter of that from each of the two
** models the counterexample cache stored last.
*/
#ifndef SX_REPAIR_H
#define SX_REPAIR_H

#include "expr/assign.h"

/*
** Searches for a model of g[0..n) from start (NULL: all bytes 0), in at
** most budget evaluations. Returns
** SYMX_SAT with *out a new assignment (start's bytes with the moves
** applied; the caller frees it), SYMX_UNKNOWN when the budget or the moves
** ran out, or SYMX_NOMEM. Counts repair_hits, repair_misses, repair_evals.
*/
SX_INTERNAL int sx_repair(symx_ctx *ctx, sx_expr *const *g, size_t n, sx_assign *start,
                          uint64_t budget, sx_assign **out);

#endif
