/*
** options.h — every option of libsymx, declared once. The table generates
** the sx_options struct, the defaults, range checks, lookup by name, the help
** text and symx_option_info (options.c). Keep the table sorted by name.
**
** OPTION(name, type, default, min, max, values, help)
**   type: INT, BOOL, ENUM (values = SX_NAMES(list), the list below; default
**         and min are indices, max = SX_LAST(list)),
**         TIME (milliseconds; accepts "120s", "2min", "500ms"), STR (values
**         is the default text; default/min/max unused).
*/
#ifndef SX_OPTIONS_H
#define SX_OPTIONS_H

#include <stdint.h>

/*
** The values of each ENUM option, in index order: E(PREFIX, CONSTANT, name)
** gives the C constant SX_<PREFIX>_<CONSTANT> and the option value "name".
** Code compares an enum option only with these constants.
*/
#define SX_ARRAYS_VALUES(E) E(ARRAYS, ACKERMANN, ackermann) E(ARRAYS, LEMMAS, lemmas)
#define SX_EMIT_VALUES(E) \
  E(EMIT, ALL, all) E(EMIT, ERRORS, errors) E(EMIT, COVER, cover) E(EMIT, NONE, none)
#define SX_MODE_VALUES(E) E(MODE, EAGER, eager) E(MODE, PENDING, pending) E(MODE, RELAXED, relaxed) E(MODE, CONCOLIC, concolic)
#define SX_CCSEARCH_VALUES(E) E(CCSEARCH, GENERATIONAL, generational) E(CCSEARCH, DFS, dfs)
#define SX_CCORDER_VALUES(E) E(CCORDER, OASIS, oasis) E(CCORDER, LOG, log)
#define SX_CCQUEUE_VALUES(E) E(CCQUEUE, FIFO, fifo) E(CCQUEUE, RANK, rank)
/* the compiled-in solver backends: the one list of their names */
/* dummy answers every query unknown (KLEE's DummySolver): last, never a
** cross-check's other backend */
#define SX_BACKEND_VALUES(E) E(BACKEND, CADICAL, cadical) E(BACKEND, Z3, z3) E(BACKEND, DUMMY, dummy)
#define SX_UNKNOWN_VALUES(E) E(UNKNOWN, DROP, drop) E(UNKNOWN, RETRY, retry)
#define SX_KILL_VALUES(E) E(KILL, SEARCHER, searcher) E(KILL, RANDOM, random)
#define SX_SEEDMATCH_VALUES(E) E(SEEDMATCH, NAME, name) E(SEEDMATCH, POSITION, position)
/* what a loop or depth cut does (src/cuts): end the path with a test case,
** or return from the function with a fresh symbolic or a zero value */
#define SX_CUTPOLICY_VALUES(E) E(CUTPOLICY, END, end) E(CUTPOLICY, SYMBOLIC, symbolic) E(CUTPOLICY, ZERO, zero)
/* what max_time measures: elapsed time, or the process's CPU time (a
** comparison of runs on a shared machine then does not depend on its load) */
#define SX_CLOCK_VALUES(E) E(CLOCK, WALL, wall) E(CLOCK, CPU, cpu)

#define SX_ENUM_CONST_(P, C, n) SX_##P##_##C,
#define SX_ENUM_NAME_(P, C, n) "|" #n
#define SX_ENUM_ONE_(P, C, n) +1
/* "a|b|c" from a value list (skipping the leading '|') */
#define SX_NAMES(LIST) (&(LIST(SX_ENUM_NAME_))[1])
/* the index of a list's last value */
#define SX_LAST(LIST) ((0 LIST(SX_ENUM_ONE_)) - 1)

enum { SX_ARRAYS_VALUES(SX_ENUM_CONST_) };
enum { SX_EMIT_VALUES(SX_ENUM_CONST_) };
enum { SX_MODE_VALUES(SX_ENUM_CONST_) };
enum { SX_BACKEND_VALUES(SX_ENUM_CONST_) SX_BACKEND_COUNT_ };
enum { SX_UNKNOWN_VALUES(SX_ENUM_CONST_) };
enum { SX_KILL_VALUES(SX_ENUM_CONST_) };
enum { SX_SEEDMATCH_VALUES(SX_ENUM_CONST_) };
enum { SX_CCSEARCH_VALUES(SX_ENUM_CONST_) };
enum { SX_CCORDER_VALUES(SX_ENUM_CONST_) };
enum { SX_CCQUEUE_VALUES(SX_ENUM_CONST_) };
enum { SX_CUTPOLICY_VALUES(SX_ENUM_CONST_) };
enum { SX_CLOCK_VALUES(SX_ENUM_CONST_) };

#define SX_OPTIONS(OPTION)                                                                     \
  OPTION(afl_name, STR, 0, 0, 0, "symx", "name of our instance in an AFL sync directory")      \
  OPTION(afl_sync_dir, STR, 0, 0, 0, "", "AFL++ sync directory to exchange inputs with")       \
  OPTION(batch_instructions, INT, 10000, 0, INT64_MAX, "", "instructions per batch (batching searcher; 0 = no such budget)") \
  OPTION(batch_time, TIME, 0, 0, INT64_MAX, "", "time per batch (batching searcher; 0 = no such budget)") \
  OPTION(bounds_splits, INT, -1, -1, INT64_MAX, "", "intervals: byte splits per factor once repair fails (-1 = what a backend query costs: 32 cadical, 256 z3)") \
  OPTION(cadical_arrays, ENUM, SX_ARRAYS_LEMMAS, 0, SX_LAST(SX_ARRAYS_VALUES), SX_NAMES(SX_ARRAYS_VALUES), "cadical: symbolic array reads") \
  OPTION(cadical_conflicts, INT, 0, 0, INT32_MAX, "", "cadical: conflicts per solve before the answer is unknown (0 = no limit; unlike a time limit, the same on any machine)") \
  OPTION(cadical_core_min, INT, 0, 0, 1000, "", "cadical: solves spent shrinking each unsat core") \
  OPTION(cadical_incremental, BOOL, 1, 0, 1, "", "cadical: keep one solver instance across queries") \
  OPTION(cadical_rom, BOOL, 1, 0, 1, "", "cadical: reads of constant tables as ROM lookups (else an ite per write)") \
  OPTION(cex_cache_max, INT, 65536, 0, INT64_MAX, "", "counterexample cache entries kept (0 = unbounded)") \
  OPTION(chain_bounds, BOOL, 1, 0, 1, "", "solver chain: interval reasoning refutes factors") \
  OPTION(chain_branch_cache, BOOL, 1, 0, 1, "", "solver chain: branch cache")                  \
  OPTION(chain_cex_cache, BOOL, 1, 0, 1, "", "solver chain: counterexample cache")             \
  OPTION(chain_independence, BOOL, 1, 0, 1, "", "solver chain: independent factors")           \
  OPTION(chain_repair, BOOL, 1, 0, 1, "", "solver chain: model repair by local search from the hint") \
  OPTION(chain_simplify, BOOL, 1, 0, 1, "", "solver chain: substitute x == c facts (into later and earlier constraints)")           \
  OPTION(concolic_bound, BOOL, 1, 0, 1, "", "concolic: SAGE's generation bound (a run's inherited prefix is not negated again)") \
  OPTION(concolic_cache, BOOL, 1, 0, 1, "", "concolic: the alpha-renamed constraint cache") \
  OPTION(concolic_cache_dir, STR, 0, 0, 0, "", "concolic: directory keeping the constraint cache across runs (empty = memory only)") \
  OPTION(concolic_cache_key, STR, 0, 0, 0, "", "concolic: the program's identity (a bitcode hash); the cache directory is emptied when it changes") \
  OPTION(concolic_cache_max, INT, 65536, 1, INT64_MAX, "", "concolic: constraint cache entries kept (oldest dropped)") \
  OPTION(concolic_dedup, BOOL, 1, 0, 1, "", "concolic: a run whose (site, direction) sequence was seen is not negated") \
  OPTION(concolic_max_queue, INT, 65536, 1, INT64_MAX, "", "concolic: runs waiting for their constraints to be negated, at most (past it a run is not queued)") \
  OPTION(concolic_max_runs, INT, 0, 0, INT64_MAX, "", "concolic: runs (iterations) limit (0 = none)") \
  OPTION(concolic_order, ENUM, SX_CCORDER_OASIS, 0, SX_LAST(SX_CCORDER_VALUES), SX_NAMES(SX_CCORDER_VALUES), "concolic: order of a run's constraints (oasis: dangerous and new, dangerous, new, rest)") \
  OPTION(concolic_queue, ENUM, SX_CCQUEUE_FIFO, 0, SX_LAST(SX_CCQUEUE_VALUES), SX_NAMES(SX_CCQUEUE_VALUES), "concolic generational: a run's constraints all before the next run's (fifo, Oasis's Listing 2), or the lowest-ranked constraint of any run first (rank)") \
  OPTION(concolic_search, ENUM, SX_CCSEARCH_GENERATIONAL, 0, SX_LAST(SX_CCSEARCH_VALUES), SX_NAMES(SX_CCSEARCH_VALUES), "concolic: generational (SAGE, Oasis) or dfs (the last constraint first)") \
  OPTION(cut_defer, BOOL, 0, 0, 1, "", "a cut forks instead (symx_state_cut_choice): the path takes the cut, and a pending alternative goes on uncut, its loop cut again at twice the count (loops: at max_loop_iterations times 1, 2, 4, ...); the exploration reaches the cut program's paths first and loses none of the original's") \
  OPTION(cut_policy, ENUM, SX_CUTPOLICY_END, 0, SX_LAST(SX_CUTPOLICY_VALUES), SX_NAMES(SX_CUTPOLICY_VALUES), "past max_loop_iterations or max_call_depth (or at a front end's cut): end the path with a test case, or return from the function with a fresh symbolic or a zero value") \
  OPTION(cut_symbolic_only, BOOL, 1, 0, 1, "", "loop and front-end cuts skip work that depends on no input: a back edge counts only when its run of the loop added a path constraint, and symx_state_cut cuts only in a frame that added one (0: every back edge and cut counts, as in Converse's rewritten program)") \
  OPTION(directed_revival, BOOL, 1, 0, 1, "", "with a distance (symx_engine_set_distance): a pending state nearer to a target than the active one picked is revived first") \
  OPTION(dump_states_on_halt, BOOL, 1, 0, 1, "", "states left when a limit halts the exploration get test cases (emit_tests permitting)") \
  OPTION(emit_all_errors, BOOL, 1, 0, 1, "", "every error path gets a test case (0: the first per error kind and location; later ones are only reported to on_test, with number 0)") \
  OPTION(emit_tests, ENUM, SX_EMIT_ALL, 0, SX_LAST(SX_EMIT_VALUES), SX_NAMES(SX_EMIT_VALUES), "which terminated paths get test cases") \
  OPTION(fastsat_cex_fork, BOOL, 0, 0, 1, "", "fast-sat tier c (cached models) at every fork, not only at revival") \
  OPTION(max_call_depth, INT, 0, 0, INT64_MAX, "", "calls not yet returned a path may have (symx_state_call; 0 = none): past it, cut_policy") \
  OPTION(max_depth, INT, 0, 0, INT64_MAX, "", "fork depth limit (0 = none)")                   \
  OPTION(max_forks, INT, 0, 0, INT64_MAX, "", "fork limit (0 = none)")                         \
  OPTION(max_instructions, INT, 0, 0, INT64_MAX, "", "instruction limit (0 = none)")           \
  OPTION(max_loop_iterations, INT, 0, 0, INT64_MAX, "", "runs of a loop's body per frame (symx_state_loop; 0 = none): the back edge that would start one more is cut per cut_policy") \
  OPTION(max_memory, INT, 2000, 0, INT64_MAX, "", "memory cap of the whole process: resident MiB (0 = none); cadical queries that would pass it are given up") \
  OPTION(max_states, INT, 0, 0, INT64_MAX, "", "live state limit (0 = none)")                  \
  OPTION(max_time, TIME, 0, 0, INT64_MAX, "", "exploration time limit (0 = none), as time_clock measures it") \
  OPTION(memory_kill, ENUM, SX_KILL_SEARCHER, 0, SX_LAST(SX_KILL_VALUES), SX_NAMES(SX_KILL_VALUES), "past max_memory or max_states, after the infeasible pending states: the searcher's next choices die, or states at random") \
  OPTION(mode, ENUM, SX_MODE_PENDING, 0, SX_LAST(SX_MODE_VALUES), SX_NAMES(SX_MODE_VALUES), "when feasibility is checked")          \
  OPTION(narrow, BOOL, 1, 0, 1, "", "backends get queries with wide operators over narrow values narrowed") \
  OPTION(only_replay_seeds, BOOL, 0, 0, 1, "", "drop states that no seed follows")             \
  OPTION(only_seed, BOOL, 0, 0, 1, "", "stop after the seeding phase")                         \
  OPTION(output_dir, STR, 0, 0, 0, "", "directory for test cases (empty = none written)")      \
  OPTION(pending_joint, BOOL, 0, 0, 1, "", "pending modes (no seeds, no ZESTI): pending states join the feasible ones in the one searcher (search); a pick that is pending is revived then and runs if feasible: eager mode's order, a solver check only for what is picked (pending_search and directed_revival unused)") \
  OPTION(pending_search, STR, 0, 0, 0, "random-path", "searcher over pending states")          \
  OPTION(query_log_all, STR, 0, 0, 0, "", "files (comma-separated) each query posed is appended to: SMT-LIB2 for a .smt2 name, else KQuery") \
  OPTION(query_log_solver, STR, 0, 0, 0, "", "files (comma-separated) each query reaching a backend is appended to, as query_log_all") \
  OPTION(record_queries, STR, 0, 0, 0, "", "directory to record backend queries as SMT-LIB2")  \
  OPTION(repair_budget, INT, 1024, 0, INT64_MAX, "", "model repair: evaluations per factor before giving up") \
  OPTION(rewrite, INT, 2, 0, 2, "", "expression simplification level (0 = none)")              \
  OPTION(rng_seed, INT, 5489, 0, INT64_MAX, "", "seed of the engine's random number generator") \
  OPTION(search, STR, 0, 0, 0, "random-path", "searcher over feasible states (a,b = interleaved)") \
  OPTION(seed_extend, BOOL, 1, 0, 1, "", "pad seeds shorter than their input with zeros")      \
  OPTION(seed_match, ENUM, SX_SEEDMATCH_NAME, 0, SX_LAST(SX_SEEDMATCH_VALUES), SX_NAMES(SX_SEEDMATCH_VALUES), ".ktest seeds bind inputs by object name, or by position (KLEE's default: symx_state_new_input)") \
  OPTION(seed_time, TIME, 0, 0, INT64_MAX, "", "time budget of the seeding phase (0 = none)")  \
  OPTION(seed_truncate, BOOL, 1, 0, 1, "", "truncate seeds longer than their input")           \
  OPTION(slice_instructions, INT, 0, 0, INT64_MAX, "", "instructions a state runs before the searcher picks again (0 = until it forks)") \
  OPTION(solver, ENUM, SX_BACKEND_CADICAL, 0, SX_LAST(SX_BACKEND_VALUES), SX_NAMES(SX_BACKEND_VALUES), "solver backend (cadical wins bench/queries)")                                \
  OPTION(solver_timeout, TIME, 0, 0, INT64_MAX, "", "per-query solver timeout (0 = none)")     \
  OPTION(test_formats, STR, 0, 0, 0, "ktest,raw,json", "test-case writers")                    \
  OPTION(time_clock, ENUM, SX_CLOCK_WALL, 0, SX_LAST(SX_CLOCK_VALUES), SX_NAMES(SX_CLOCK_VALUES), "what max_time measures: wall (elapsed) or cpu (the process's CPU time; solver calls still end in time)") \
  OPTION(unknown_policy, ENUM, SX_UNKNOWN_DROP, 0, SX_LAST(SX_UNKNOWN_VALUES), SX_NAMES(SX_UNKNOWN_VALUES), "pending states whose revival times out") \
  OPTION(validate_solver, BOOL, 0, 0, 1, "", "cross-check every answer with a second backend") \
  OPTION(z3_dump_queries, STR, 0, 0, 0, "", "file every query the z3 backend receives is appended to (SMT-LIB2)") \
  OPTION(zesti_bound_mul, INT, 2, 0, 1000, "", "ZESTI: depth bound = multiplier x distance")

enum {
#define SX_OPT_ENUM_(N, T, D, L, H, V, HELP) SX_OPT_##N,
  SX_OPTIONS(SX_OPT_ENUM_)
#undef SX_OPT_ENUM_
  SX_OPT_COUNT_
};

typedef struct sx_options {
#define SX_OPT_FIELD_(N, T, D, L, H, V, HELP) int64_t N;
  SX_OPTIONS(SX_OPT_FIELD_)
#undef SX_OPT_FIELD_
} sx_options;

struct symx_ctx;
void sx_options_init(struct symx_ctx *ctx);
void sx_options_release(struct symx_ctx *ctx);
/* Text of a string option by index (never NULL). */
const char *sx_option_str(struct symx_ctx *ctx, int index);

#endif
