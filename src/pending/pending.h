/*
** pending.h — the pending-constraints machinery (paper Algorithms 2 and 3):
** forking a state (fork first, check later), feasibility queries of a
** path plus one condition, fast-sat tiers that decide a side without the
** solver, reviving pending states, and freeing room under memory pressure
** (section 3.4).
*/
#ifndef SX_PENDING_H
#define SX_PENDING_H

#include "state/state.h"
#include "state/tree.h"
#include "stack.h"

/*
** A checker of cs[0..n): SYMX_SAT (model filled), SYMX_UNSAT, SYMX_UNKNOWN
** or an error code. Tests install one in place of the solver (to simulate
** timeouts, or to run without a backend).
*/
typedef int (*sx_check_fn)(void *user, sx_expr *const *cs, size_t n, sx_assign *model);

typedef struct sx_oracle {
  symx_ctx *ctx;
  sx_pools *pools;
  symx_solver *solver; /* created on first use */
  sx_check_fn check;   /* when set, replaces the solver */
  void *check_user;
  int layer;           /* the chain layer (SX_LAYER_*) that decided the last
                       ** decide or lookup; SX_LAYER_BACKEND for a checker */
  uint64_t start_ns;   /* the run's start (max_time counts from it); 0 = none */
  uint64_t start_cpu_ns; /* the process's CPU time then (time_clock cpu) */
  SX_STACK(sx_expr *) q; /* scratch query */
} sx_oracle;

SX_INTERNAL void sx_oracle_init(sx_oracle *o, sx_pools *pools);
SX_INTERNAL void sx_oracle_release(sx_oracle *o);
/* The run's end: max_time after start_ns as an sx_now_ns() time; 0 when
** there is no time limit. Every query gets at most until then. */
SX_INTERNAL uint64_t sx_oracle_run_end(const sx_oracle *o);
/*
** Satisfiability of the path cs and (c or !c; c may be NULL) asked of the
** test's checker (o->check, set). On SYMX_SAT model (an empty assignment)
** receives the checker's model. Counts a solver query. func names the
** public function in errors.
*/
SX_INTERNAL int sx_oracle_check(sx_oracle *o, const sx_clist *cs, sx_expr *c, bool neg,
                                sx_assign *model, const char *func);
/*
** On SYMX_SAT: a witness for cs and (c, neg) built from base with the model
** merged into it (overwriting the bytes the model binds), checked with the
** evaluator. *out receives a new assignment. Falls back to the model alone
** when the merge breaks another constraint; SYMX_SOLVER when neither holds.
*/
SX_INTERNAL int sx_oracle_witness(sx_oracle *o, const sx_clist *cs, sx_expr *c, bool neg,
                                  sx_assign *base, const sx_assign *model, sx_assign **out,
                                  const char *func);

/*
** The engine's feasibility query: st's path (as its factors) and (c, neg)
** through the solver chain, with st's witness as the hint and the path
** known satisfiable (the witness satisfies it: true of every active state
** and every pending one). On SYMX_SAT *w receives a new witness for the
** path and the condition: the hint with only the solved factors' bytes
** overwritten (each factor's model checked by the evaluator where the
** chain found it, once). Otherwise SYMX_UNSAT, SYMX_UNKNOWN (out of time:
** the run's end or solver_timeout, the stop flag, or the backend gave up)
** or an error. With a test's checker installed the query goes to it as a
** plain list instead. Counts a solver query.
*/
SX_INTERNAL int sx_oracle_decide(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w,
                                 const char *func);
/*
** As sx_oracle_decide with no backend (fast-sat tier c): SYMX_SAT (*w as
** above, from a cached model), SYMX_UNSAT (a cached UNSAT subset, or
** simplification under the path, proves it), SYMX_UNKNOWN (no answer
** without a backend; always with a test's checker, which stands for the
** whole chain), or an error.
*/
SX_INTERNAL int sx_oracle_lookup(sx_oracle *o, sx_state *st, sx_expr *c, bool neg, sx_assign **w);

/* Fast-sat tier b. A hook returns a new assignment satisfying st's path
** and (c, neg), or NULL (miss). */
typedef sx_assign *(*sx_fastsat_hook)(void *user, sx_state *st, sx_expr *c, bool neg);
/* Fast-sat tier c: SYMX_SAT (*hit: a new assignment as above), SYMX_UNSAT
** (the side is infeasible: no solver needed to drop it), SYMX_UNKNOWN. */
typedef int (*sx_fastsat_cex_fn)(void *user, sx_state *st, sx_expr *c, bool neg, sx_assign **hit);

enum { SX_FS_MISS = 0, SX_FS_WITNESS, SX_FS_SEED, SX_FS_CEX, SX_FS_UNSAT };

typedef struct sx_fastsat {
  sx_fastsat_hook seed; /* HOOK(seeding): tier b, seeds consistent with the path */
  void *seed_user;
  sx_fastsat_cex_fn cex; /* tier c: the solver chain's caches (sx_fastsat_chain) */
  void *cex_user;
} sx_fastsat;

/* Tier c through the solver chain (user: the engine's sx_oracle). */
SX_INTERNAL int sx_fastsat_chain(void *user, sx_state *st, sx_expr *c, bool neg, sx_assign **hit);

/*
** Tiers b and c for st with condition (c, neg) (tier a, the parent's
** witness, is sx_pending_side). On a hit returns the tier and
** *hit holds a new assignment that satisfies st's path and the condition
** (verified with the evaluator); SX_FS_UNSAT when tier c proved the side
** infeasible; SX_FS_MISS otherwise.
*/
SX_INTERNAL int sx_fastsat_try(symx_ctx *ctx, const sx_fastsat *fs, sx_state *st, sx_expr *c,
                               bool neg, sx_assign **hit);

/*
** What forking needs from the engine (pending/ sits above engine/): where
** states live and what follows a change of status. user is passed back.
*/
typedef struct sx_pending_host {
  symx_ctx *ctx;
  sx_pools *pools;
  sx_tree *tree;
  const sx_fastsat *fs;
  const symx_payload_vt *vt; /* the payloads' clone and free */
  uint64_t *next_id;         /* the id of the next new state */
  void *user;
  /* puts st (ACTIVE or PENDING) into its set; SYMX_NOMEM when it cannot */
  int (*place)(void *user, sx_state *st);
  /* takes st out of its set (if it is in one) */
  void (*unplace)(void *user, sx_state *st);
  /* a state went from status from (-1: none, a new state) to status to */
  void (*count)(void *user, int from, int to);
  /* ends st, which could not be placed (infeasible, early) */
  void (*drop)(void *user, sx_state *st);
  /* HOOK(seeding): st forked into (c, wneg) and child (c, !wneg) */
  void (*seeds_fork)(void *user, sx_state *st, sx_state *child, sx_expr *c, bool wneg);
  /* HOOK(seeding): (c, neg) joined st's path */
  void (*seeds_filter)(void *user, sx_state *st, sx_expr *c, bool neg);
} sx_pending_host;

/*
** Fast-sat tier a: the side of c that st's witness takes (true: c holds).
** The witness satisfies st's path, so that side needs no solver.
*/
static inline bool sx_pending_side(symx_ctx *ctx, sx_state *st, sx_expr *c) {
  return sx_eval(ctx, c, st->witness) & 1;
}
/*
** Fast-sat for the side (c, neg) that st's witness does not take: counts
** tier a's hit for the other side, then tries tiers b and c (counted). A
** new witness for the path and the condition on a hit, else NULL;
** *infeasible tells that tier c proved the side infeasible (no solver: the
** side is dropped; counted as a pending state killed when pend, i.e. a miss
** would have made it one).
*/
SX_INTERNAL sx_assign *sx_pending_fastsat(const sx_pending_host *h, sx_state *st, sx_expr *c,
                                          bool neg, bool *infeasible, bool pend);
/* Adds (c, neg) to st's path and, when w != NULL, makes w its witness
** (reference taken either way). */
SX_INTERNAL int sx_pending_extend(const sx_pending_host *h, sx_state *st, sx_expr *c, bool neg,
                                  sx_assign *w, const char *func);
/* st stops running: its path waits for (c, neg) in the pending set. On
** failure st has ended (drop). */
SX_INTERNAL int sx_pending_make(const sx_pending_host *h, sx_state *st, sx_expr *c, bool neg,
                                const char *func);
/*
** Forks st: st goes on with (c, wneg), which its witness satisfies; a new
** child takes (c, !wneg): ACTIVE with witness cw when cw != NULL (reference
** taken, also on failure), PENDING otherwise. On failure nothing changed.
*/
SX_INTERNAL int sx_pending_fork(const sx_pending_host *h, sx_state *st, sx_expr *c, bool wneg,
                                sx_assign *cw, sx_state **childp, const char *func);

/*
** A branch on c in the pending modes (steps 2 and 3 of the walk in
** DESIGN.md): st goes on with side v, the side its witness takes (tier a);
** the other side gets tiers b and c: a hit forks an ACTIVE child with the
** assignment that hit as its witness, a miss a PENDING child. When tier c
** proves the other side infeasible there is no fork (*child NULL) and
** nothing joins the path (c is implied).
*/
SX_INTERNAL int sx_pending_branch(const sx_pending_host *h, sx_state *st, sx_expr *c, bool v,
                                  sx_state **child, const char *func);

/*
** Revives a pending state with one query of the solver chain (an UNSAT
** answer from its caches or simplification, no backend, is counted in
** pending_killed_no_solver). SYMX_SAT (the condition is now on the path, the witness
** satisfies it), SYMX_UNSAT, SYMX_UNKNOWN (the state unchanged in both),
** or an error.
*/
SX_INTERNAL int sx_pending_revive(sx_oracle *o, sx_state *st, const char *func);

/*
** Decides pending state st without reviving it (it stays PENDING): with
** the solver chain's caches and simplification only (solver false), or
** with the whole chain. On SYMX_SAT the assignment found, which satisfies
** the path and the pending condition, becomes st's witness, so that its
** revival later is decided by the chain's hint. SYMX_SAT, SYMX_UNSAT,
** SYMX_UNKNOWN or an error code.
*/
SX_INTERNAL int sx_pending_decide(sx_oracle *o, sx_state *st, bool solver, const char *func);

/* What freeing room needs from the engine. */
typedef struct sx_pressure_ops {
  void *user;
  sx_rng *rng; /* the engine's: the choice of states to kill */
  /* sx_pending_decide for the engine (counting what it costs) */
  int (*decide)(void *user, sx_state *st, bool solver);
  /* ends st: a pending state proved infeasible, or a state killed early */
  void (*end)(void *user, sx_state *st, bool infeasible);
  /* the searchers' next choice among the live states (NULL: none left);
  ** NULL pick: states are killed at random */
  sx_state *(*pick)(void *user);
} sx_pressure_ops;

/* One call of sx_pending_relieve: what to free and what it did. */
typedef struct sx_relief {
  size_t want;    /* states to free */
  size_t asks;    /* cache decisions still allowed (spent across calls) */
  size_t solves;  /* solver decisions still allowed (spent across calls) */
  size_t dropped; /* out: infeasible pending states dropped */
  size_t killed;  /* out: states killed (the searchers' choice, or random) */
} sx_relief;

/*
** Frees room for r->want of the live states sts[0..n) (paper section 3.4;
** the array is reordered and its entries consumed) without reviving any:
** while fewer than want have gone, pending states the chain's caches have
** not decided before are asked of them (at most r->asks), then those the
** solver has not decided before (at most r->solves), and the infeasible
** ones dropped; then states picked at random (a second pick
** when the first found new code, as KLEE does) are killed until want have
** gone or none is left. Never fails: a state that cannot be decided is
** not infeasible.
*/
SX_INTERNAL void sx_pending_relieve(const sx_pressure_ops *ops, sx_state **sts, size_t n,
                                    sx_relief *r);

#endif
