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
  STAT(solver_timeouts, "queries that ran out of time (the run's max_time or solver_timeout): unknown") \
  STAT(model_checks, "models checked by the evaluator (backends', checkers', seed hooks')") \
  STAT(model_check_failures, "backend models rejected by the evaluator")              \
  STAT(chain_simplify_answers, "chain: queries decided by constants and simplification") \
  STAT(simplify_reused, "chain: path constraints whose simplification was the last query's") \
  STAT(simplify_back, "chain: earlier path constraints rewritten by a later fact about their subterms") \
  STAT(chain_hint_answers, "chain: queries decided by the caller's hint")             \
  STAT(chain_branch_answers, "chain: queries decided by the branch cache")            \
  STAT(chain_cex_answers, "chain: queries decided by the counterexample cache")       \
  STAT(chain_bounds_answers, "chain: queries refuted by interval reasoning")         \
  STAT(chain_repair_answers, "chain: queries decided by model repair")                \
  STAT(chain_backend_answers, "chain: queries that needed a backend")                 \
  STAT(chain_unsat_no_backend, "chain: queries proved unsat without a backend")       \
  STAT(chain_lookups, "chain: cache-only lookups (fast-sat tier c)")                  \
  STAT(chain_lookup_sat, "chain: cache-only lookups answered sat")                    \
  STAT(chain_lookup_unsat, "chain: cache-only lookups answered unsat (kills)")        \
  STAT(chain_time_ns, "time in the chain's layers (backends excluded)")               \
  STAT(simplify_time_ns, "time in chain simplification")                              \
  STAT(independence_factors, "independent factors the chain decided")                 \
  STAT(independence_dropped, "path constraints left out as independent of the condition") \
  STAT(independence_time_ns, "time splitting queries into factors")                   \
  STAT(branch_cache_hits, "branch cache hits")                                        \
  STAT(branch_cache_misses, "branch cache misses")                                    \
  STAT(branch_cache_evictions, "branch cache entries dropped for space")              \
  STAT(cex_exact_hits, "counterexample cache: exact hits")                            \
  STAT(cex_unsat_subset_hits, "counterexample cache: a stored unsat subset proved unsat") \
  STAT(cex_sat_subset_hits, "counterexample cache: a stored model satisfied the query") \
  STAT(cex_recent_hits, "counterexample cache: a recent model satisfied the query")  \
  STAT(cex_misses, "counterexample cache misses")                                     \
  STAT(cex_evictions, "counterexample cache entries evicted")                         \
  STAT(unsat_cores, "counterexample cache: unsat answers stored as the backend's core") \
  STAT(unsat_core_dropped, "counterexample cache: constraints left out of stored cores") \
  STAT(bounds_unsat, "intervals: factors refuted")                                    \
  STAT(bounds_cond_unsat, "intervals: query conditions refuted alone (no path needed)")   \
  STAT(bounds_sat, "intervals: factors whose search split every byte to a model")   \
  STAT(bounds_unknown, "intervals: factors left to the next layers")                  \
  STAT(bounds_splits, "intervals: byte domains split in two (branch and prune)")     \
  STAT(bounds_time_ns, "time in interval reasoning")                                  \
  STAT(repair_hits, "model repair: factors satisfied by local search")                \
  STAT(repair_misses, "model repair: attempts that found no model")                   \
  STAT(repair_evals, "model repair: evaluations spent")                               \
  STAT(repair_time_ns, "time in model repair")                                        \
  STAT(queries_recorded, "backend queries written by record_queries")                 \
  STAT(cadical_lemmas, "cadical: array lemmas added (lemmas on demand)")               \
  STAT(cadical_core_solves, "cadical: solves that shrank unsat cores")                 \
  STAT(cadical_resets, "cadical: incremental sessions dropped for size")               \
  STAT(cadical_memory_stops, "cadical: queries given up with the process past max_memory") \
  STAT(cadical_unparked, "cadical: queries that went back to the session of their path") \
  STAT(cadical_sessions, "cadical: sessions started")                                 \
  STAT(cadical_reuses, "cadical: queries answered in a session kept from before")    \
  STAT(seeds_loaded, "seeds added to seed sets")                                       \
  STAT(seeds_rejected, "seed files skipped as malformed or by the size policy")        \
  STAT(afl_imported, "inputs taken from AFL instances' queues")                         \
  STAT(afl_written, "inputs and crashes written to our AFL queue")                     \
  STAT(instructions, "instructions reported by the front end")                         \
  STAT(forks, "branches that forked a state")                                          \
  STAT(forks_new, "forks at a branch tagged new code (symx_state_set_site's tags or its condition's): paths from new code, Oasis") \
  STAT(branch_implied, "branches decided by a constraint on the path (no fork)")       \
  STAT(pending_created, "states that became pending")                                  \
  STAT(fastsat_witness_hits, "fast-sat hits: the parent's witness")                    \
  STAT(fastsat_seed_hits, "fast-sat hits: a seed")                                     \
  STAT(fastsat_cex_hits, "fast-sat hits: the counterexample cache")                    \
  STAT(fastsat_misses, "fast-sat misses (the child went pending)")                     \
  STAT(revivals_sat, "pending states revived by the solver: sat")                      \
  STAT(revivals_unsat, "pending states revived by the solver: unsat (dropped)")        \
  STAT(pending_killed_no_solver, "pending states (and would-be pending children) proved infeasible by the chain's caches or simplification, no backend") \
  STAT(revivals_unknown, "pending states revived by the solver: unknown")              \
  STAT(eager_queries, "feasibility queries of eager branches and checks")              \
  STAT(states_live, "states alive (active + pending)")                                 \
  STAT(states_max, "most states alive at once")                                        \
  STAT(states_pending, "pending states now")                                           \
  STAT(pressure_reliefs, "times the engine freed room past max_memory or max_states")  \
  STAT(pressure_solver_checks, "pending states decided by the solver under pressure (never revived)") \
  STAT(pressure_kills_infeasible, "pending states proved infeasible under pressure and dropped") \
  STAT(pressure_kills, "states killed under pressure, the searchers' choice (feasible or undecided)") \
  STAT(rss_max, "most resident bytes of the whole process the memory cap's samples saw") \
  STAT(paths, "paths terminated")                                                      \
  STAT(paths_early, "paths terminated early (limits, pressure)")                       \
  STAT(paths_halted, "states left when max_time, max_instructions or only_seed ended the exploration") \
  STAT(forks_inhibited, "symbolic branches past max_depth or max_forks that followed the witness only") \
  STAT(errors, "program errors found")                                                 \
  STAT(tests, "test cases recorded (duplicates excluded)")                             \
  STAT(tests_duplicate, "test cases skipped as duplicate inputs")                      \
  STAT(engine_time_ns, "time in symx_engine_next")                                   \
  STAT(concolic_runs, "concolic: runs (one concrete input each)")                     \
  STAT(concolic_runs_new, "concolic: runs from negating a constraint tagged new")     \
  STAT(concolic_logged, "concolic: constraints logged")                               \
  STAT(concolic_negations, "concolic: constraints negated")                           \
  STAT(concolic_unsat, "concolic: negations with no input (unsat or unknown)")        \
  STAT(concolic_repairs, "concolic: runs whose input broke an assumption, replaced by one on the same path that meets it") \
  STAT(concolic_duplicates, "concolic: runs whose path was seen (not negated)")       \
  STAT(concolic_queue_full, "concolic: runs not queued past concolic_max_queue")      \
  STAT(acache_hits, "alpha cache: negations answered sat by the cache")              \
  STAT(acache_unsat_hits, "alpha cache: negations answered unsat by the cache")      \
  STAT(acache_misses, "alpha cache: misses (the solver chain decided)")              \
  STAT(acache_uncacheable, "alpha cache: factors it cannot rename (symbolic indices, writes)") \
  STAT(acache_inserts, "alpha cache: entries stored")                                \
  STAT(acache_evictions, "alpha cache: entries dropped for space")                   \
  STAT(acache_loaded, "alpha cache: entries read from its directory")                \
  STAT(acache_rebuilt, "alpha cache: directories emptied (corrupted, or another program)") \
  STAT(cuts_loop, "loop cuts: back edges past max_loop_iterations")                    \
  STAT(cuts_depth, "depth cuts: calls past max_call_depth")                            \
  STAT(cuts_front, "cuts the front end asked for (symx_state_cut)")                    \
  STAT(cut_defers, "cuts that forked an uncut alternative (cut_defer)")                      \
  STAT(cut_returns, "cuts that returned from the function (cut_policy symbolic, zero)")

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
/* The process's CPU time in nanoseconds (CLOCK_PROCESS_CPUTIME_ID). */
uint64_t sx_cpu_ns(void);
/* The sx_now_ns() time ms milliseconds after from_ns: 0 (no deadline) when
** ms <= 0, UINT64_MAX (never reached) when that would overflow. */
uint64_t sx_deadline_ns(uint64_t from_ns, int64_t ms);

#endif
