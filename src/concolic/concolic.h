/*
** concolic.h — concolic mode (option mode = concolic; Oasis, SAGE): one
** concrete input per run, a log of the constraints each run takes instead
** of forks, and the search that negates them (generational or DFS) with an
** α-renamed constraint cache. Internal prefix sx_cc_ (log, runs, search)
** and sx_ac_ (the cache). The engine calls in through the hooks below;
** this folder is part of the engine layer (it reads struct symx_engine).
*/
#ifndef SX_CONCOLIC_H
#define SX_CONCOLIC_H

#include "engine/engine.h"

/* One logged constraint: cond held (taken = 1) or did not (taken = 0). */
typedef struct sx_cc_entry {
  sx_expr *cond; /* owned reference, width 1 */
  uint64_t site;
  uint32_t order;
  uint32_t tags;
  uint8_t kind;  /* symx_ck_kind */
  uint8_t taken;
} sx_cc_entry;

struct symx_clog {
  symx_ctx *ctx;
  sx_cc_entry *e;
  size_t n, cap;
};
typedef struct symx_clog sx_clog;

/* clog.c: the log. */
SX_INTERNAL int sx_clog_push(sx_clog *l, sx_expr *cond, bool taken, uint8_t kind, uint64_t site,
                             uint32_t tags);
SX_INTERNAL void sx_clog_clear(sx_clog *l);
/* The hash of the run's (site, direction) sequence: its path. */
SX_INTERNAL uint64_t sx_clog_path_hash(const sx_clog *l);
/* Entry i's constraint as the run took it (new reference; NULL on OOM). */
SX_INTERNAL sx_expr *sx_clog_literal(symx_ctx *ctx, const sx_cc_entry *e, bool negated);

/* acache.c: the α-renamed constraint cache (opaque). */
typedef struct sx_acache sx_acache;
/* A cache of at most max entries (0 = unbounded); dir "" = in memory only;
** key: the program's identity (a changed key empties the directory).
** NULL on OOM or when dir cannot be used (error recorded); a corrupted
** directory is rebuilt and *note (owned by the cache) says so. */
SX_INTERNAL sx_acache *sx_ac_open(symx_ctx *ctx, const char *dir, const char *key, int64_t max,
                                  const char **note);
/* Writes the cache back to its directory (if any) and frees it. */
SX_INTERNAL int sx_ac_close(sx_acache *ac);
/*
** The answer stored for cs[0..n) (a factor) up to renaming of input bytes:
** SYMX_SAT (and *out = base with the factor's bytes written, checked by
** evaluation), SYMX_UNSAT, or SYMX_UNKNOWN (miss, or a factor the cache
** cannot rename: symbolic indices, write chains). Errors: SYMX_NOMEM.
*/
SX_INTERNAL int sx_ac_lookup(sx_acache *ac, sx_expr *const *cs, size_t n, sx_assign *base,
                             sx_assign **out);
/* Stores the answer for cs[0..n): model (SAT, the bytes it gives the
** factor's variables) or NULL (UNSAT). */
SX_INTERNAL int sx_ac_insert(sx_acache *ac, sx_expr *const *cs, size_t n, sx_assign *model);
/* The canonical text of cs[0..n) (owned by the cache until the next call)
** or NULL when the factor cannot be renamed; for tests. */
SX_INTERNAL const char *sx_ac_canon(sx_acache *ac, sx_expr *const *cs, size_t n);

/* One finished run waiting for its constraints to be negated. */
typedef struct sx_cc_exec {
  sx_clog log;
  sx_assign *input;  /* the run's input (shared) */
  sx_expr **lits;    /* lits[i]: entry i as taken (owned), built lazily */
  sx_factors **pre;  /* pre[i]: factors of lits[0..i) (owned), built lazily */
  size_t built;      /* lits/pre filled for indices < built */
  uint32_t *todo;    /* the entries to negate, in order */
  int32_t *rank;     /* their ranks */
  size_t ntodo, next;
  uint64_t number;   /* run number (1, 2, ...) */
} sx_cc_exec;

/* The driver of concolic mode (eng->cc). */
typedef struct sx_cc {
  symx_engine *eng;
  symx_ctx *ctx;
  void *template_payload; /* every run starts from a clone of it */
  sx_clog log;            /* the current run's */
  sx_state *run;          /* the current run (NULL before the first, after its end) */
  sx_assign *run_input;
  sx_assign *repair;      /* the next run's input: the last run's, meeting its violated assumption */
  uint32_t run_bound;     /* generation bound: the run's entries below it are not negated */
  symx_crun info;         /* the current run */
  uint64_t runs;
  size_t next_seed;
  sx_cc_exec **q;         /* executions, oldest first */
  size_t qn, qcap;
  uint64_t *seen;         /* path hashes (open addressing, 0 = empty) */
  size_t nseen, capseen;
  sx_acache *cache;
  char **notes;           /* symx_engine_concolic_note's (owned) */
  size_t nnotes;
  symx_solver *solver;
  symx_ck_rank_fn rank;
  void *rank_user;
} sx_cc;

/* run.c: the engine's hooks. */
SX_INTERNAL int sx_cc_new(symx_engine *eng);
SX_INTERNAL void sx_cc_free(symx_engine *eng);
/* symx_engine_start: the root is run 1 (the first seed or zeros). */
SX_INTERNAL int sx_cc_start(symx_engine *eng, sx_state *root);
SX_INTERNAL void sx_cc_ended(symx_engine *eng, sx_state *st);
SX_INTERNAL int sx_cc_next(symx_engine *eng, symx_state **out);
SX_INTERNAL int sx_cc_branch(sx_state *st, sx_expr *cond, symx_state **on_true,
                             symx_state **on_false);
SX_INTERNAL int sx_cc_check(sx_state *st, sx_expr *bad, symx_error_kind kind, const char *msg);
SX_INTERNAL int sx_cc_assume(sx_state *st, sx_expr *cond, bool require, const char *msg);
SX_INTERNAL int sx_cc_concretized(sx_state *st, sx_expr *eq);

/* Adds a note (a failure to allocate loses it). */
SX_INTERNAL void sx_cc_note(sx_cc *cc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* seedfit.c: after seed k's run, its bindings against the sizes of the
** inputs the program made (a note for each that differs); false when the
** size policy (seed_extend, seed_truncate) rejects the seed. */
SX_INTERNAL bool sx_cc_seed_ok(sx_cc *cc, size_t k);

/* search.c: the executions' queue and the negation of their entries. */
SX_INTERNAL int sx_cc_finish(sx_cc *cc);
/* The next input to run (new reference in *out, the run's info in *info),
** or *out = NULL when the search is over. */
SX_INTERNAL int sx_cc_pick(sx_cc *cc, sx_assign **out, symx_crun *info, uint32_t *bound);
SX_INTERNAL void sx_cc_exec_free(sx_cc *cc, sx_cc_exec *x);
/* The default rank of an entry: Oasis's order (option concolic_order). */
SX_INTERNAL int sx_cc_rank_default(sx_cc *cc, const sx_cc_entry *e);

#endif
