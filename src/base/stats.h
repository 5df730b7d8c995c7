/*
** stats.h — every statistic of libsymx, declared once. The table generates
** the counters array, names, help text and the JSON dump (stats.c).
** Times are in nanoseconds and their names end in _ns.
**
** STAT(name, help)
*/
#ifndef SX_STATS_H
#define SX_STATS_H

#include <stdint.h>

#define SX_STATS(STAT)                                                                 \
  STAT(bytes_in_use, "bytes allocated through the context's allocator now")            \
  STAT(bytes_max, "most bytes allocated at once")                                      \
  STAT(expr_created, "expression nodes created")                                       \
  STAT(expr_hashcons_hits, "builds that returned an existing node")                    \
  STAT(expr_live, "expression nodes alive")                                            \
  STAT(eval_calls, "evaluator calls")                                                  \
  STAT(solver_queries, "queries asked of the solver chain")                            \
  STAT(solver_time_ns, "time in the solver chain")                                     \
  STAT(backend_queries, "queries that reached a backend")                              \
  STAT(backend_time_ns, "time in backends")                                            \
  STAT(backend_sat, "backend answers: sat")                                            \
  STAT(backend_unsat, "backend answers: unsat")                                        \
  STAT(backend_unknown, "backend answers: unknown")                                    \
  STAT(model_check_failures, "backend models rejected by the evaluator")

enum {
#define SX_STAT_ENUM_(N, HELP) SX_STAT_##N,
  SX_STATS(SX_STAT_ENUM_)
#undef SX_STAT_ENUM_
  SX_STAT_COUNT_
};

typedef struct sx_stats { uint64_t v[SX_STAT_COUNT_]; } sx_stats;

#define SX_INC(ctx, N) ((ctx)->stats.v[SX_STAT_##N]++)
#define SX_ADD(ctx, N, X) ((ctx)->stats.v[SX_STAT_##N] += (uint64_t)(X))
#define SX_GET(ctx, N) ((ctx)->stats.v[SX_STAT_##N])

/* Monotonic clock in nanoseconds. */
uint64_t sx_now_ns(void);

#endif
