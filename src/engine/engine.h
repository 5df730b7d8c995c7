/*
** engine.h — the exploration engine (struct symx_engine) and what its files
** share: placing states in the feasible or pending set, ending states, and
** emitting test cases.
*/
#ifndef SX_ENGINE_H
#define SX_ENGINE_H

#include "pending/pending.h"
#include "searchers/searcher.h"
#include "seeds.h"

typedef SX_STACK(sx_state *) sx_states;

struct sx_teststore;

/* The memory cap's samples of the process (engine/memcap.c). */
typedef struct sx_memcap {
  uint64_t base;     /* resident bytes at the start: what no state holds */
  uint64_t rss;      /* resident bytes at the last sample */
  uint64_t mark;     /* resident bytes past which the next relief looks */
  uint64_t trimmed;  /* free bytes malloc keeps but gave back to the system */
  size_t states;     /* live states past which the next relief looks (0: none) */
  uint64_t at_bytes; /* the engine's bytes_in_use at the last sample */
  uint64_t at_instructions; /* the engine's instructions then */
  uint32_t calls;    /* symx_engine_next calls since the last sample */
  const char *why;   /* the limit a relief holds: the killed states' message */
} sx_memcap;

struct symx_engine {
  symx_ctx *ctx;
  symx_payload_vt vt;
  int mode;
  bool started, done;
  bool joint; /* pending_joint: pending states are in search[0] too (engine.c) */
  uint64_t next_id;
  sx_rng rng;
  sx_rng front_rng; /* symx_engine_random's: the front end's draws leave rng's alone */
  sx_pools pools; /* states, tree nodes, constraint cells */
  sx_tree tree;
  int slots[2];
  sx_search_env env[2]; /* [0] feasible, [1] pending */
  sx_searcher search[2];
  sx_oracle oracle;
  sx_fastsat fs;
  sx_pending_host host; /* what pending/ forks through */
  const symx_seeds *seeds;
  sx_seeding sd;     /* seeding phase, ZESTI (engine/seeds.c) */
  char *loc;         /* symx_state_set_location: for state loc_id's next test */
  uint64_t loc_id;
  uint64_t site, site_state; /* symx_state_set_site's, for state site_state's next
                             ** branch or check (used once) */
  uint32_t site_tags;
  sx_state *current; /* returned by the last next() */
  uint64_t last_id;  /* the id of the state next() returned last (directed revival) */
  sx_states dead;    /* ended; freed by the next next() */
  sx_states retry;   /* pending states whose revival timed out once */
  sx_states fresh;   /* placed since the last next() (SX_SF_FRESH): a fork's child
                     ** gets its program counter from the front end after the
                     ** fork, so a searcher's key for it is read again there */
  sx_states scratch;
  uint64_t instructions;
  uint64_t slice_start; /* instructions when the current state was picked */
  uint64_t start_ns, last_progress_ns;
  size_t nactive, npending;
  symx_progress_fn progress;
  void *progress_user;
  uint64_t progress_interval_ns;
  symx_test_fn on_test;
  void *on_test_user;
  struct sx_teststore *store; /* the test cases; created by the first */
  struct sx_errloc { /* emit_all_errors 0: the errors with a test */
    char *key;       /* "kind location" */
    uint64_t hash;
  } *errlocs;
  size_t nerrlocs, caperrlocs;
  char **test_args;  /* symx_engine_set_test_args: the ktest's argv */
  size_t ntest_args;
  sx_memcap mem;
  struct sx_cc *cc; /* concolic mode (src/concolic), or NULL */
};

/* Status changes keep nactive/npending and the statistics right. */
SX_INTERNAL void sx_engine_count(symx_engine *eng, int from, int to);
/* Puts st (status set by the caller to ACTIVE or PENDING) into the matching
** searcher. SYMX_NOMEM on failure (st not placed). */
SX_INTERNAL int sx_engine_place(symx_engine *eng, sx_state *st);
/* Takes st out of its searcher (if it is in one). */
SX_INTERNAL void sx_engine_unplace(symx_engine *eng, sx_state *st);
/* The searchers read again their keys of the states placed since the last
** next() (a fork's children: the front end set their program counters). */
SX_INTERNAL void sx_engine_rekey_fresh(symx_engine *eng);
/* Whether the run's max_time is over: an UNKNOWN answer then means "no
** time left", not "undecidable", and its state ends with the run. */
SX_INTERNAL bool sx_engine_time_up(const symx_engine *eng);
/* The tag bits of st's branch or check on cond: the site's, when
** symx_state_set_site named st, and cond's own (symx_expr_tags). */
SX_INTERNAL uint32_t sx_engine_site_tags(const sx_state *st, const sx_expr *cond);
/* Frees the states that ended (the dead list). */
SX_INTERNAL void sx_engine_reap(symx_engine *eng);
/*
** Ends st: out of its searcher and the tree, status (TERMINATED or
** INFEASIBLE), reason, a test case per emit_tests when TERMINATED (from
** st's witness), and onto the dead list. Returns SYMX_OK or the test
** writer's error (the state ends anyway).
*/
SX_INTERNAL int sx_engine_end(symx_engine *eng, sx_state *st, int status, symx_reason reason,
                              symx_error_kind kind, const char *msg, bool test);
/* Frees a state and its payload (st must be out of searchers and tree). */
SX_INTERNAL void sx_engine_destroy_state(symx_engine *eng, sx_state *st);
/* Records (and writes) a test case for st with inputs from w. */
SX_INTERNAL int sx_engine_emit(symx_engine *eng, sx_state *st, sx_assign *w, symx_reason reason,
                               symx_error_kind kind, const char *msg, const char *func);
/* A terminated path's test case from inputs w, as emit_tests and
** emit_all_errors select it; an end left without one is still reported
** to on_test, as test number 0. SYMX_OK or the writer's error. */
SX_INTERNAL int sx_engine_test_end(symx_engine *eng, sx_state *st, sx_assign *w,
                                   symx_reason reason, symx_error_kind kind, const char *msg,
                                   const char *func);
/* Whether emit_tests selects a path end of this kind. */
SX_INTERNAL bool sx_engine_wants_test(symx_engine *eng, sx_state *st, symx_reason reason);
SX_INTERNAL void sx_engine_tests_free(symx_engine *eng);

/* The memory cap (engine/memcap.c): the first sample, at the start. */
SX_INTERNAL void sx_engine_memcap_start(symx_engine *eng);
/*
** Past max_states, or past max_memory by a sample of the process's
** resident memory (taken every few calls), frees room (paper section 3.4):
** infeasible pending states first, then states at random, until the
** states are within max_states and a tenth of the memory states may take
** under max_memory is free.
*/
SX_INTERNAL void sx_engine_relieve(symx_engine *eng);

/* Tier b default (engine/seeds.c): the first seed satisfying the path. */
SX_INTERNAL sx_assign *sx_engine_seed_hook(void *user, sx_state *st, sx_expr *c, bool neg);

/* Tests: replaces the solver by a checker (NULL restores it). */
SX_INTERNAL void sx_engine_set_checker(symx_engine *eng, sx_check_fn fn, void *user);

#endif
